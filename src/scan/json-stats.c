/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* json-stats.c - what `stats` says about an input's Trace Event JSON (json-stats.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash-map.h"
#include "json-scan.h"
#include "json-stats.h"
#include "span.h"
#include "tracemerge/tejson.h"
#include "tracemerge/ts.h"

/* In front of the maps, for the few names and threads most events share:
 * names counted here and added to the map when evicted or at the end; the
 * pids and threads last inserted (the maps only record presence). */
#define NAME_CACHE 16
#define NAME_CACHE_KEY 48
#define TID_CACHE 8

struct name_hit {
	uint64_t pending;           /* events not yet counted in the map */
	size_t n;
	char key[NAME_CACHE_KEY];
};

struct jstats {
	uint64_t events, blocks, sync_issuer, sync_receiver, no_ts;
	uint64_t by_phase[256];
	struct tm_hmap *names;      /* raw name value (with quotes) -> uint64_t */
	struct tm_hmap *pids, *tids; /* int64 -> char (presence) */
	int64_t ts_min, ts_max;
	bool have_ts;
	struct name_hit nc[NAME_CACHE];
	int64_t last_pid;
	bool have_last_pid;
	struct { int64_t key[2]; bool used; } tc[TID_CACHE];
};

static void name_flush(struct jstats *j, struct name_hit *h)
{
	uint64_t *n;

	if (h->pending && (n = tm_hmap_get(j->names, h->key, h->n, true)))
		*n += h->pending;
	h->pending = 0;
}

static void count_name(struct jstats *j, const char *k, size_t n)
{
	struct name_hit *h;
	uint64_t *c;

	if (n > NAME_CACHE_KEY || n < 2) {
		if ((c = tm_hmap_get(j->names, k, n, true)))
			(*c)++;
		return;
	}
	h = &j->nc[(n ^ (unsigned char)k[1] ^ ((unsigned)(unsigned char)k[n - 2] << 2)) %
		   NAME_CACHE];
	if (!h->pending || h->n != n || memcmp(h->key, k, n) != 0) {
		name_flush(j, h);
		h->n = n;
		memcpy(h->key, k, n);
	}
	h->pending++;
}

static void note_ids(struct jstats *j, const struct tm_te_event *ev)
{
	int64_t key[2];
	size_t t;

	if (!ev->has_pid)
		return;
	if ((!j->have_last_pid || j->last_pid != ev->pid_v) &&
	    tm_hmap_get(j->pids, &ev->pid_v, sizeof(ev->pid_v), true)) {
		j->last_pid = ev->pid_v;
		j->have_last_pid = true;
	}
	if (!ev->has_tid)
		return;
	key[0] = ev->pid_v;
	key[1] = ev->tid_v;
	t = (size_t)((uint64_t)ev->tid_v % TID_CACHE);
	if (j->tc[t].used && j->tc[t].key[0] == key[0] && j->tc[t].key[1] == key[1])
		return;
	if (tm_hmap_get(j->tids, key, sizeof(key), true)) {
		memcpy(j->tc[t].key, key, sizeof(key));
		j->tc[t].used = true;
	}
}

/* (a tm_jscan_fn: CTX the part's struct jstats; no warnings of its own) */
static void count_event(void *ctx, const struct tm_te_event *ev, struct tm_diag *d)
{
	struct jstats *j = ctx;

	(void)d;
	j->events++;
	j->by_phase[(unsigned char)ev->phase]++;
	if (ev->name.type == TM_J_STRING)
		count_name(j, ev->name.p, ev->name.n);
	note_ids(j, ev);
	if (ev->phase == 'c' && tm_json_str_eq(&ev->name, "clock_sync")) {
		if (ev->issue_ts.type != TM_J_NONE)
			j->sync_issuer++;
		else
			j->sync_receiver++;
	}
	if (ev->phase == 'M')
		return; /* metadata events carry no time */
	if (!ev->has_ts) {
		j->no_ts++;
		return;
	}
	tm_span_join(&j->have_ts, &j->ts_min, &j->ts_max, true, ev->ts_ns, ev->ts_ns);
}

static int by_count_desc(const struct tm_hmap_entry *a, const struct tm_hmap_entry *b)
{
	uint64_t x = *(const uint64_t *)a->val, y = *(const uint64_t *)b->val;
	if (x != y)
		return x < y ? 1 : -1;
	return a->klen != b->klen ? (a->klen < b->klen ? -1 : 1) : memcmp(a->key, b->key, a->klen);
}

static struct json_object *names_json(const struct jstats *j, int max)
{
	struct json_object *o = json_object_new_object();
	struct tm_hmap_entry *e = tm_hmap_sorted(j->names, by_count_desc);
	size_t n = tm_hmap_count(j->names);

	for (size_t i = 0; e && i < n && (max < 0 || i < (size_t)max); i++) {
		struct tm_jval v = { TM_J_STRING, e[i].key, e[i].klen };
		char *s = tm_json_strdup(&v, NULL);
		if (s)
			json_object_object_add(o, s, json_object_new_int64((int64_t)*(uint64_t *)e[i].val));
		free(s);
	}
	free(e);
	return o;
}

static struct json_object *ts_json(int64_t ns)
{
	char b[TM_TS_BUFSZ];
	return json_object_new_string_len(b, (int)tm_ts_format_secs(b, ns, 9));
}

static struct json_object *to_json(const struct jstats *j, int max_names)
{
	struct json_object *o = json_object_new_object(), *ph = json_object_new_object();

	json_object_object_add(o, "blocks", json_object_new_int64((int64_t)j->blocks));
	json_object_object_add(o, "events", json_object_new_int64((int64_t)j->events));
	for (int c = 0; c < 256; c++) {
		char k[8];
		if (!j->by_phase[c])
			continue;
		if (c > 0x20 && c < 0x7f && c != '"' && c != '\\')
			snprintf(k, sizeof(k), "%c", c);
		else
			snprintf(k, sizeof(k), c ? "0x%02x" : "none", c);
		json_object_object_add(ph, k, json_object_new_int64((int64_t)j->by_phase[c]));
	}
	json_object_object_add(o, "by_phase", ph);
	json_object_object_add(o, "names", json_object_new_int64((int64_t)tm_hmap_count(j->names)));
	json_object_object_add(o, "by_name", names_json(j, max_names));
	json_object_object_add(o, "pids", json_object_new_int64((int64_t)tm_hmap_count(j->pids)));
	json_object_object_add(o, "threads", json_object_new_int64((int64_t)tm_hmap_count(j->tids)));
	json_object_object_add(o, "without_ts", json_object_new_int64((int64_t)j->no_ts));
	if (j->have_ts) {
		struct json_object *t = json_object_new_object();
		json_object_object_add(t, "first_s", ts_json(j->ts_min));
		json_object_object_add(t, "last_s", ts_json(j->ts_max));
		json_object_object_add(t, "span_s", ts_json(j->ts_max - j->ts_min));
		json_object_object_add(o, "time", t);
	}
	json_object_object_add(o, "clock_sync_issuer", json_object_new_int64((int64_t)j->sync_issuer));
	json_object_object_add(o, "clock_sync_receiver",
			       json_object_new_int64((int64_t)j->sync_receiver));
	return o;
}

static int jstats_init(struct jstats *j)
{
	memset(j, 0, sizeof(*j));
	j->names = tm_hmap_new(sizeof(uint64_t));
	j->pids = tm_hmap_new(1);
	j->tids = tm_hmap_new(1);
	return j->names && j->pids && j->tids ? 0 : -1;
}

static void jstats_free(struct jstats *j)
{
	tm_hmap_free(j->names);
	tm_hmap_free(j->pids);
	tm_hmap_free(j->tids);
}

/* Add what B counted (the events after A's) to A. */
static int jstats_add(struct jstats *a, struct jstats *b)
{
	const char *k;
	size_t it = 0, n;
	uint64_t *v, *to;

	for (size_t i = 0; i < NAME_CACHE; i++)
		name_flush(b, &b->nc[i]);
	while ((v = tm_hmap_next(b->names, &it, &k, &n)))
		if (!(to = tm_hmap_get(a->names, k, n, true)))
			return -1;
		else
			*to += *v;
	if (tm_hmap_add_keys(a->pids, b->pids) || tm_hmap_add_keys(a->tids, b->tids))
		return -1;
	a->events += b->events;
	a->sync_issuer += b->sync_issuer;
	a->sync_receiver += b->sync_receiver;
	a->no_ts += b->no_ts;
	for (size_t c = 0; c < 256; c++)
		a->by_phase[c] += b->by_phase[c];
	tm_span_join(&a->have_ts, &a->ts_min, &a->ts_max, b->have_ts, b->ts_min, b->ts_max);
	return 0;
}

struct json_object *tm_jstats_scan(struct tm_input *in, const char *name, struct tm_diag *d,
				   int max_names)
{
	struct jstats j, j2;
	struct json_object *o = NULL;
	void *ctx[2] = { &j, &j2 };
	bool split;

	if (jstats_init(&j) | jstats_init(&j2))
		goto out;
	for (size_t i = 0; i < tm_input_nblocks(in); i++) {
		const struct tm_block *b = tm_input_block(in, i);
		int rc;

		if (b->kind != TM_BLOCK_JSON)
			continue;
		j.blocks++;
		rc = tm_jscan(name, b->data, b->len, b->first_line ? b->first_line : 1, d,
			      count_event, ctx, &split, NULL);
		/* the second part's counts follow the first's (when there was
		 * no cut, the first reader counted it all); then J2 is emptied
		 * for the next block */
		if ((split && jstats_add(&j, &j2)) || (jstats_free(&j2), jstats_init(&j2))) {
			tm_diag_error(d, "out of memory");
			goto out;
		}
		if (rc < 0)
			goto out;
	}
	for (size_t i = 0; i < NAME_CACHE; i++)
		name_flush(&j, &j.nc[i]);
	if (j.blocks)
		o = to_json(&j, max_names);
out:
	jstats_free(&j);
	jstats_free(&j2);
	return o;
}
