/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* json-stats.c - what `stats` says about an input's Trace Event JSON (json-stats.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "budget.h"
#include "hash-map.h"
#include "decode.h"
#include "json-scan.h"
#include "json-stats.h"
#include "span.h"
#include "tracemerge/tejson.h"
#include "tracemerge/ts.h"

/* In front of the maps, for the few names and threads most events share:
 * the names, pids and threads last looked up, each with where its events
 * are counted (a map value, which never moves, or the others count of a
 * full map).  Tables are capped (budget.h); each entry remembers when it
 * was first seen, so that a second part's entries join the first part's
 * in the order a single reader would have met them. */
#define NAME_CACHE 16
#define NAME_CACHE_KEY 48
#define TID_CACHE 8

struct seen {
	uint64_t count;             /* events */
	uint64_t seq;               /* order of first sight in its part, from 1 */
};

struct name_hit {
	uint64_t *count;            /* NULL: empty */
	size_t n;
	char key[NAME_CACHE_KEY];
};

struct jstats {
	uint64_t events, blocks, sync_issuer, sync_receiver, no_ts;
	/* events whose name, pid or thread a full table lacks */
	uint64_t names_other, pids_other, threads_other;
	uint64_t nseq;              /* entries made so far (struct seen.seq) */
	uint64_t by_phase[256];
	struct tm_hmap *names;      /* tm_json_name_key of the raw name -> struct seen */
	struct tm_hmap *pids, *tids; /* int64 pid, {pid, tid} -> struct seen */
	int64_t ts_min, ts_max;
	bool have_ts;
	struct name_hit nc[NAME_CACHE];
	int64_t last_pid;
	uint64_t *last_pid_count;   /* NULL: none */
	struct { int64_t key[2]; uint64_t *count; } tc[TID_CACHE];
};

/* Where the events of KEY (N bytes) in MAP (capped at MAX) are counted:
 * its entry, made on first sight, or *OTHER when MAP is full; NULL when
 * out of memory. */
static uint64_t *slot(struct jstats *j, struct tm_hmap *map, const void *key, size_t n,
		      size_t max, uint64_t *other)
{
	bool full;
	struct seen *v = tm_hmap_get_capped(map, key, n, max, &full);

	if (!v)
		return full ? other : NULL;
	if (!v->seq)
		v->seq = ++j->nseq;
	return &v->count;
}

/* slot() of the name whose raw JSON string is K (N bytes). */
static uint64_t *name_slot(struct jstats *j, const char *k, size_t n)
{
	char kb[TM_NAME_KEY_MAX];
	const char *key;
	size_t kn = tm_json_name_key(kb, k, n, &key);

	return slot(j, j->names, key, kn, TM_MAX_NAMES, &j->names_other);
}

static void count_name(struct jstats *j, const char *k, size_t n)
{
	struct name_hit *h;
	uint64_t *c;

	if (n > NAME_CACHE_KEY || n < 2) {
		if ((c = name_slot(j, k, n)))
			(*c)++;
		return;
	}
	h = &j->nc[(n ^ (unsigned char)k[1] ^ ((unsigned)(unsigned char)k[n - 2] << 2)) %
		   NAME_CACHE];
	if (!h->count || h->n != n || memcmp(h->key, k, n) != 0) {
		if (!(c = name_slot(j, k, n)))
			return;
		h->count = c;
		h->n = n;
		memcpy(h->key, k, n);
	}
	(*h->count)++;
}

static void note_ids(struct jstats *j, const struct tm_te_event *ev)
{
	int64_t key[2];
	size_t t;

	if (!ev->has_pid)
		return;
	if (!j->last_pid_count || j->last_pid != ev->pid_v) {
		j->last_pid = ev->pid_v;
		j->last_pid_count = slot(j, j->pids, &ev->pid_v, sizeof(ev->pid_v), TM_MAX_IDS,
					 &j->pids_other);
	}
	if (j->last_pid_count)
		(*j->last_pid_count)++;
	if (!ev->has_tid)
		return;
	key[0] = ev->pid_v;
	key[1] = ev->tid_v;
	t = (size_t)((uint64_t)ev->tid_v % TID_CACHE);
	if (!j->tc[t].count || j->tc[t].key[0] != key[0] || j->tc[t].key[1] != key[1]) {
		memcpy(j->tc[t].key, key, sizeof(key));
		j->tc[t].count = slot(j, j->tids, key, sizeof(key), TM_MAX_IDS, &j->threads_other);
	}
	if (j->tc[t].count)
		(*j->tc[t].count)++;
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
	json_object_object_add(o, "events_other_names",
			       json_object_new_int64((int64_t)j->names_other));
	json_object_object_add(o, "pids", json_object_new_int64((int64_t)tm_hmap_count(j->pids)));
	json_object_object_add(o, "threads", json_object_new_int64((int64_t)tm_hmap_count(j->tids)));
	json_object_object_add(o, "events_other_pids",
			       json_object_new_int64((int64_t)j->pids_other));
	json_object_object_add(o, "events_other_threads",
			       json_object_new_int64((int64_t)j->threads_other));
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
	j->names = tm_hmap_new(sizeof(struct seen));
	j->pids = tm_hmap_new(sizeof(struct seen));
	j->tids = tm_hmap_new(sizeof(struct seen));
	return j->names && j->pids && j->tids ? 0 : -1;
}

static void jstats_free(struct jstats *j)
{
	tm_hmap_free(j->names);
	tm_hmap_free(j->pids);
	tm_hmap_free(j->tids);
}

static int by_seq(const struct tm_hmap_entry *a, const struct tm_hmap_entry *b)
{
	uint64_t x = ((const struct seen *)a->val)->seq, y = ((const struct seen *)b->val)->seq;
	return (x > y) - (x < y);
}

/* FROM's entries (B's table) into TO (A's, capped at MAX), in the order B
 * first saw them: what does not fit is counted in *OTHER.  -1 when out of
 * memory. */
static int table_add(struct jstats *a, struct tm_hmap *to, const struct tm_hmap *from,
		     size_t max, uint64_t *other)
{
	struct tm_hmap_entry *e = tm_hmap_sorted(from, by_seq);
	size_t n = tm_hmap_count(from);
	uint64_t *c;

	if (!e)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (!(c = slot(a, to, e[i].key, e[i].klen, max, other))) {
			free(e);
			return -1;
		}
		*c += ((const struct seen *)e[i].val)->count;
	}
	free(e);
	return 0;
}

/* Add what B counted (the events after A's) to A. */
static int jstats_add(struct jstats *a, struct jstats *b)
{
	if (table_add(a, a->names, b->names, TM_MAX_NAMES, &a->names_other) ||
	    table_add(a, a->pids, b->pids, TM_MAX_IDS, &a->pids_other) ||
	    table_add(a, a->tids, b->tids, TM_MAX_IDS, &a->threads_other))
		return -1;
	a->names_other += b->names_other;
	a->pids_other += b->pids_other;
	a->threads_other += b->threads_other;
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
		struct tm_grow *g;
		size_t at, cheap;
		int rc;

		if (b->kind != TM_BLOCK_JSON)
			continue;
		j.blocks++;
		if ((g = tm_input_block_grow(in, i))) {   /* (read as it is inflated) */
			rc = tm_jscan_grow(name, b->data, b->len, g, b->first_line ? b->first_line : 1,
					   d, count_event, ctx, TM_JSCAN_MIN, &split, NULL);
		} else {
			cheap = tm_input_block_cheap(in, i, &at);
			rc = tm_jscan_cheap(name, b->data, b->len, b->first_line ? b->first_line : 1,
					    d, count_event, ctx, &split, NULL, at, cheap);
		}
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
	if (j.names_other)
		tm_diag_warn(d, "too-many-names", name, "more than %d distinct JSON event names "
			     "(the cap): the events of later names are counted as others",
			     TM_MAX_NAMES);
	if (j.pids_other || j.threads_other)
		tm_diag_warn(d, "too-many-threads", name, "more than %d distinct JSON pids or "
			     "threads (the cap): the events of later ones are counted as others",
			     TM_MAX_IDS);
	if (j.blocks)
		o = to_json(&j, max_names);
out:
	jstats_free(&j);
	jstats_free(&j2);
	return o;
}
