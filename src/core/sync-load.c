/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sync-load.c - the first pass over the inputs (tm_sync_load, sync.h).
 *
 * Two stages.  The scan reads each input on its own (kscan of the kernel
 * text, the streaming reader over each JSON block; the inputs are opened
 * and decoded first, in order, on the calling thread), with its own
 * diagnostics and its markers kept aside; with several inputs, the scans
 * run on two cores.  The registration then walks the inputs in command-line
 * order: their warnings join the caller's diag, their clock domains and
 * markers join the sync, so the result is the same as one input after the
 * other.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "decode.h"
#include "progress.h"
#include "input-ahead.h"
#include "issuer.h"
#include "json-scan.h"
#include "json-index.h"
#include "line-feed.h"
#include "output.h"
#include "report.h"
#include "span.h"
#include "sync-int.h"
#include "trace-dat.h"
#include "thread.h"
#include "tuning.h"

struct jmark {                       /* a JSON clock_sync marker, not yet placed */
	size_t jb;                   /* index in src->jb */
	char *id;
	int64_t lo, hi;
	char where[200];
};

struct scan {                        /* what the scan of one input found */
	struct tm_diag d;
	struct jmark *jm;
	size_t njm;
	int rc;
	bool open_in_worker;         /* opened by its scanning thread */
	bool split_json;             /* its JSON blocks may be read on two cores */
	const struct tm_sync_hooks *h; /* or NULL */
};

/* ---- registration (in input order) ----------------------------------- */

/* The trace clock record of the first of IN's kernel text blocks that
 * has one (issuer.h) into *TC; false when none has. */
static bool trace_clock_of(struct tm_input *in, struct tm_trace_clock *tc)
{
	for (size_t bi = 0; bi < tm_input_nblocks(in); bi++) {
		const struct tm_block *b = tm_input_block(in, bi);

		if (b->kind == TM_BLOCK_FTRACE && tm_trace_clock_find(b->data, b->len, tc))
			return true;
	}
	return false;
}

static int kernel_domain(struct tm_sync *s, size_t si)
{
	struct tm_src *src = &s->src[si];
	struct tm_trace_clock tc;
	char name[600];

	if (trace_clock_of(src->in, &tc))
		return tm_sync_clock_domain(s, si, tc.clock);
	if (src->st.hdr.clock_type[0] &&
	    !strcmp(tm_sync_shared_domain(src->st.hdr.clock_type), DOM_MONO))
		return tm_sync_clock_domain(s, si, DOM_MONO);
	snprintf(name, sizeof(name), "%s (kernel)", src->path);
	return tm_clock_graph_domain(s->g, name);
}

static void tick_interval(int64_t ts, int digits, int64_t *lo, int64_t *hi)
{
	int64_t unit = 1;

	for (int d = digits; d >= 0 && d < 9; d++)
		unit *= 10;
	*lo = ts;
	*hi = ts;
	if (unit > 1 && ts >= INT64_MIN / 2 && ts <= INT64_MAX / 2) {
		*lo = ts - unit / 2;
		*hi = ts + unit / 2;
	}
}

/* Kernel marker lines: name= markers wait for their partner; parent_ts= and
 * realtime_ts= carry both sides.  Only the first parent_ts= of a trace
 * counts (as in Catapult: ftrace can repeat it; the later ones are warned
 * about). */
static int kernel_markers(struct tm_sync *s, size_t si)
{
	struct tm_src *src = &s->src[si];
	bool parent_seen = false;

	for (size_t i = 0; i < src->st.nmarkers; i++) {
		const struct tm_sync_marker *km = &src->st.markers[i];
		int other;
		int64_t v = km->value_ns, lo, hi;

		/* The kernel prints its ns clock rounded to the nearest unit of
		 * the last digit (µs with 6 decimals): the instant lies within
		 * half a unit of the printed time. */
		tick_interval(km->ts_ns, km->ts_digits, &lo, &hi);

		switch (km->kind) {
		case TM_SYNC_NAME:
			if (tm_sync_add_marker(s, si, src->kdom, km->id, strlen(km->id), lo, hi,
				       km->where))
				return -1;
			break;
		case TM_SYNC_PARENT_TS:
			/* parent_ts=0 says the trace clock is CLOCK_MONOTONIC */
			other = tm_sync_clock_domain(s, si, DOM_MONO);
			if (other < 0)
				return -1;
			if (other == src->kdom) {
				tm_diag_warn(s->d, "sync-same-domain", km->where,
					     "parent_ts marker in a trace already on CLOCK_MONOTONIC: ignored");
				break;
			}
			if (parent_seen) {
				tm_diag_warn(s->d, "sync-parent-ts-repeated", km->where,
					     "parent_ts marker after the trace's first one: ignored "
					     "(only the first counts)");
				break;
			}
			parent_seen = true;
			if (v == 0) /* the same clock: the same instant exactly */
				lo = hi = v = km->ts_ns;
			if (tm_sync_add_obs(s, src->kdom, lo, hi, other, v, v, km->where, false))
				return -1;
			break;
		case TM_SYNC_REALTIME_TS:
			/* whole milliseconds: the instant lies in [v, v + 1 ms) */
			other = tm_sync_clock_domain(s, si, DOM_REALTIME);
			if (other < 0)
				return -1;
			if (v > INT64_MAX - 999999) {
				tm_diag_warn(s->d, "sync-bad-value", km->where,
					     "realtime_ts out of range: ignored");
				break;
			}
			if (tm_sync_add_obs(s, src->kdom, lo, hi, other, v, v + 999999, km->where,
					    false))
				return -1;
			break;
		}
	}
	return 0;
}

static void jblock_clock(struct tm_jblock *jb, const struct tm_te_top *top)
{
	const struct tm_te_key *k = tm_te_find_key(top, "metadata");
	struct tm_jval v;
	char *s;

	if (!k)
		return;
	v = tm_json_get(&k->val, "clock-domain");
	if (v.type != TM_J_STRING || !(s = tm_json_strdup(&v, NULL)))
		return;
	snprintf(jb->clock, sizeof(jb->clock), "%s", s);
	free(s);
}

static void note_json_name(struct tm_hmap *procs, struct tm_hmap *threads,
			   const struct tm_te_event *ev)
{
	if (tm_json_str_eq(&ev->name, "process_name") && ev->has_pid &&
	    ev->pid_v >= INT32_MIN && ev->pid_v <= INT32_MAX)
		tm_hmap_get_i32(procs, (int32_t)ev->pid_v, true);
	else if (tm_json_str_eq(&ev->name, "thread_name") && ev->has_tid &&
		 ev->tid_v >= INT32_MIN && ev->tid_v <= INT32_MAX)
		tm_hmap_get_i32(threads, (int32_t)ev->tid_v, true);
}

/* The header records of a kernel text block being read (issuer.h). */
struct header_ctx {
	struct tm_sync *s;
	size_t si;
	const struct tm_block *b;
};

/* "PATH:LINE" of header line LINE (1-based in the block), or "PATH:
 * header line LINE" when the block's lines are not the file's. */
static void header_where(const struct header_ctx *c, unsigned long line, char *buf, size_t cap)
{
	if (c->b->first_line)
		snprintf(buf, cap, "%s:%lu", c->s->src[c->si].path, c->b->first_line + line - 1);
	else
		snprintf(buf, cap, "%s: header line %lu", c->s->src[c->si].path, line);
}

/* An issuer record (`tracemerge record`): the other side of its name=
 * markers, on the clock it names. */
static int on_issuer(const struct tm_issuer *is, void *arg)
{
	struct header_ctx *c = arg;
	int dom = tm_sync_clock_domain(c->s, c->si, is->clock);
	char where[600];

	if (dom < 0)
		return -1;
	header_where(c, is->line, where, sizeof(where));
	return tm_sync_add_marker(c->s, c->si, dom, is->id, strlen(is->id), is->issue_ts, is->ts,
				  where);
}

/* The domain of reading R of input SI ("trace": its kernel text's, -2
 * when it has none), or -1 (out of memory). */
static int reading_domain(struct tm_sync *s, size_t si, const struct tm_clock_reading *r)
{
	if (!strcmp(r->clock, "trace"))
		return s->src[si].kdom >= 0 ? s->src[si].kdom : -2;
	return tm_sync_clock_domain(s, si, r->clock);
}

/* Reading R of a snapshot as an interval [*LO, *HI]: a coarse clock's up
 * to a tick behind; the reading of the hub (HUB) exact otherwise, any
 * other +-TM_SNAPSHOT_READ_NS (the time between two reads). */
static void reading_interval(const struct tm_clock_reading *r, bool hub, int64_t *lo,
			     int64_t *hi)
{
	size_t n = strlen(r->clock);
	int64_t read = hub ? 0 : TM_SNAPSHOT_READ_NS;

	*lo = r->ns > INT64_MIN + read ? r->ns - read : INT64_MIN;
	*hi = r->ns < INT64_MAX - read ? r->ns + read : INT64_MAX;
	if (n > 7 && !strcmp(r->clock + n - 7, "_COARSE"))
		*hi = *hi < INT64_MAX - TM_SNAPSHOT_TICK_NS ? *hi + TM_SNAPSHOT_TICK_NS : INT64_MAX;
}

/* A clock snapshot record (a Perfetto trace's): the clocks it names, each
 * linked to the one the kernel text is on (the first when none is), the
 * readings as reading_interval() takes them. */
static int on_snapshot(const struct tm_snapshot *sn, void *arg)
{
	struct header_ctx *c = arg;
	struct tm_sync *s = c->s;
	int dom[TM_SNAPSHOT_MAX], kdom = s->src[c->si].kdom;
	size_t hub = sn->n;
	char where[600], label[160];
	int64_t hlo, hhi, lo, hi;

	for (size_t i = 0; i < sn->n; i++) {
		if ((dom[i] = reading_domain(s, c->si, &sn->r[i])) == -1)
			return -1;
		if (dom[i] >= 0 && (hub == sn->n || (dom[i] == kdom && dom[hub] != kdom)))
			hub = i;
	}
	if (hub == sn->n)
		return 0;
	if (sn->byte[0])
		snprintf(where, sizeof(where), "%s: byte %s", s->src[c->si].path, sn->byte);
	else
		header_where(c, sn->line, where, sizeof(where));
	tm_sync_label(label, sizeof(label), "clock snapshot", where);
	reading_interval(&sn->r[hub], true, &hlo, &hhi);
	for (size_t i = 0; i < sn->n; i++) {
		if (i == hub || dom[i] < 0 || dom[i] == dom[hub])
			continue;
		reading_interval(&sn->r[i], false, &lo, &hi);
		if (tm_sync_add_obs(s, dom[hub], hlo, hhi, dom[i], lo, hi, label, true))
			return -1;
	}
	return 0;
}

/* The header records of input SI's kernel text blocks: issuer records
 * when ISSUERS (the input has kernel events), clock snapshots always (a
 * trace's clocks may link its JSON without kernel events).  Malformed ones
 * are a warning for each kind. */
static int kernel_header_records(struct tm_sync *s, size_t si, bool issuers)
{
	static const char *const tags[2] = { "tracemerge_clock_sync", "tracemerge_clock_snapshot" };
	struct header_ctx c = { s, si, NULL };
	struct tm_input *in = s->src[si].in;
	unsigned long bad_line[2] = { 0, 0 };
	size_t bad[2] = { 0, 0 };

	for (size_t bi = 0; bi < tm_input_nblocks(in); bi++) {
		c.b = tm_input_block(in, bi);
		if (c.b->kind != TM_BLOCK_FTRACE)
			continue;
		if ((issuers && tm_issuer_scan(c.b->data, c.b->len, on_issuer, &c, &bad[0],
					       &bad_line[0])) ||
		    tm_snapshot_scan(c.b->data, c.b->len, on_snapshot, &c, &bad[1], &bad_line[1]))
			return -1;
	}
	for (int k = 0; k < 2; k++)
		if (bad[k])
			tm_diag_warn(s->d, "sync-bad-value", s->src[si].path,
				     "%zu malformed %s header line(s) ignored (first: line %lu)",
				     bad[k], tags[k], bad_line[k]);
	return 0;
}

/* A JSON block's domain (its metadata.clock-domain, or its own), and its
 * markers into the sync. */
static int register_json(struct tm_sync *s, size_t si, const struct scan *sc)
{
	struct tm_src *src = &s->src[si];
	char name[600];

	for (size_t k = 0; k < src->njb; k++) {
		struct tm_jblock *jb = &src->jb[k];
		const struct tm_block *b = tm_input_block(src->in, jb->block);

		if (jb->clock[0]) {
			jb->dom = tm_sync_clock_domain(s, si, jb->clock);
		} else {
			snprintf(name, sizeof(name), "%s (json%s%s)", src->path,
				 b->origin[0] ? " " : "", b->origin);
			jb->dom = tm_clock_graph_domain(s->g, name);
		}
		if (jb->dom < 0)
			return tm_diag_error(s->d, "out of memory");
	}
	for (size_t i = 0; i < sc->njm; i++) {
		const struct jmark *m = &sc->jm[i];
		if (tm_sync_add_marker(s, si, src->jb[m->jb].dom, m->id, strlen(m->id), m->lo, m->hi,
				       m->where))
			return tm_diag_error(s->d, "out of memory");
	}
	return 0;
}

/*
 * Boot ids (`tracemerge record` writes one, issuer.h): the kernel texts of
 * inputs without --machine whose boot id differs from the first one seen
 * are on machines of their own, "boot-" and the id's first 8 characters,
 * so that their CLOCK_MONOTONIC (a boot's clock) is not taken for the
 * other's.  Inputs without a boot id (JSON, other recorders) stay with
 * the first.
 */
static void boot_machine(struct tm_sync *s, struct tm_src *src)
{
	char id[TM_BOOT_ID_MAX];
	size_t nb = tm_input_nblocks(src->in);

	if (src->machine)
		return;
	for (size_t bi = 0; bi < nb; bi++) {
		const struct tm_block *b = tm_input_block(src->in, bi);

		if (b->kind != TM_BLOCK_FTRACE || !tm_boot_id_find(b->data, b->len, id))
			continue;
		if (!s->boot_ref[0]) {
			snprintf(s->boot_ref, sizeof(s->boot_ref), "%s", id);
			s->boot_ref_path = src->path;
		} else if (strcmp(id, s->boot_ref)) {
			snprintf(src->boot_machine, sizeof(src->boot_machine), "boot-%.8s", id);
			src->machine = src->boot_machine;
			tm_diag_warn(s->d, "sync-boot-id", src->path,
				     "recorded in another boot (boot id %s) than %s (%s): its clocks "
				     "are its own (machine %s); --machine names machines", id,
				     s->boot_ref_path, s->boot_ref, src->boot_machine);
		}
		return;
	}
}

static int register_one(struct tm_sync *s, size_t si, struct scan *sc)
{
	struct tm_src *src = &s->src[si];

	tm_diag_absorb(s->d, &sc->d);
	if (sc->rc) {
		memcpy(s->d->error, sc->d.error, sizeof(s->d->error));
		return -1;
	}
	src->st.diag = s->d;         /* later reports list every warning */
	src->kdom = -1;
	boot_machine(s, src);
	if (src->kernel) {
		if ((src->kdom = kernel_domain(s, si)) < 0 || kernel_markers(s, si))
			return tm_diag_error(s->d, "%s: out of memory", src->path);
	}
	if (kernel_header_records(s, si, src->kernel))
		return tm_diag_error(s->d, "%s: out of memory", src->path);
	return register_json(s, si, sc);
}

/* ---- the scan (one input, on any thread) ------------------------------ */

/* Room in SC->jm for N more markers (grown 64 at a time). */
static int jm_room(struct scan *sc, size_t n)
{
	struct jmark *m;
	size_t cap = (sc->njm + 63) / 64 * 64;

	if (sc->njm + n <= cap)
		return 0;
	if (!(m = realloc(sc->jm, (sc->njm + n + 63) / 64 * 64 * sizeof(*m))))
		return -1;
	sc->jm = m;
	return 0;
}

static int keep_jmark(struct scan *sc, size_t jb, const struct tm_te_event *ev,
		      const char *where)
{
	struct jmark *m;

	if (jm_room(sc, 1))
		return -1;
	m = &sc->jm[sc->njm];
	memset(m, 0, sizeof(*m));
	if (!(m->id = tm_json_strdup(&ev->sync_id, NULL)))
		return -1;
	m->jb = jb;
	m->lo = ev->has_issue_ts ? ev->issue_ts_ns : ev->ts_ns;
	m->hi = ev->ts_ns;
	snprintf(m->where, sizeof(m->where), "%.*s", (int)sizeof(m->where) - 1, where);
	sc->njm++;
	return 0;
}

/* TOP kept in JB (its keys copied; their values point into the block). */
static int keep_top(struct tm_jblock *jb, const struct tm_te_top *top)
{
	struct tm_te_key *keys = NULL;

	if (top->nkeys && !(keys = malloc(top->nkeys * sizeof(*keys))))
		return -1;
	if (top->nkeys)
		memcpy(keys, top->keys, top->nkeys * sizeof(*keys));
	jb->top = *top;
	jb->top.keys = keys;
	return 0;
}

/* What the scan of a JSON block found in one part of it: all of it, or,
 * read on two cores (json-scan.h), its first part (the block's own records)
 * or its second part (records of its own, added after the first's). */
struct jpart {
	struct scan *sc;             /* its markers (jm) */
	struct tm_jblock *jb;        /* events, sync, ts, idx */
	struct tm_hmap *procs, *threads; /* the pids / tids it names */
	const struct tm_sync_hooks *h; /* jevent as read: the first part */
	const char *name;
	size_t bi, jbi;
	bool oom;
};

static void json_event(void *ctx, const struct tm_te_event *ev, struct tm_diag *d)
{
	struct jpart *p = ctx;
	struct tm_jblock *jb = p->jb;
	char where[640];

	jb->events++;
	jb->meta += ev->phase == 'M';
	if (jb->idx && tm_jidx_add(jb->idx, ev)) {
		tm_jidx_free(jb->idx);   /* read again instead */
		jb->idx = NULL;
	}
	if (p->h && p->h->jevent)
		p->h->jevent(p->h->ctx, ev, p->bi);
	tm_span_join(&jb->have_ts, &jb->ts_min, &jb->ts_max, ev->has_ts && ev->phase != 'M',
		     ev->ts_ns, ev->ts_ns);
	if (ev->phase == 'M')
		note_json_name(p->procs, p->threads, ev);
	if (ev->phase != 'c')
		return;
	snprintf(where, sizeof(where), "%s:%lu", p->name, ev->line);
	if (ev->sync_id.type != TM_J_STRING && ev->sync_id.type != TM_J_NUMBER) {
		tm_diag_warn(d, "sync-no-id", where, "clock_sync event without a sync_id");
		return;
	}
	if (!ev->has_ts || (ev->issue_ts.type != TM_J_NONE && !ev->has_issue_ts)) {
		tm_diag_warn(d, "sync-bad-value", where, "clock_sync event without a usable ts/issue_ts");
		return;
	}
	if (ev->has_issue_ts && ev->issue_ts_ns > ev->ts_ns) {
		tm_diag_warn(d, "sync-bad-value", where, "clock_sync issue_ts after its ts: ignored");
		return;
	}
	if (keep_jmark(p->sc, p->jbi, ev, where)) {
		p->oom = true;
		return;
	}
	jb->sync++;
}

/* The second part B after the first A (read on two cores).  Its events go
 * to the jevent hook now, from its notes; false when they cannot (its
 * notes were lost): the hook has not seen the whole block then.  -1: out
 * of memory. */
static int join_parts(struct jpart *a, struct jpart *b, bool *hook_whole)
{
	struct tm_jblock *ja = a->jb, *jb = b->jb;
	struct scan *sc = a->sc;
	struct tm_te_event ev;

	*hook_whole = true;
	ja->events += jb->events;
	ja->sync += jb->sync;
	ja->meta += jb->meta;
	tm_span_join(&ja->have_ts, &ja->ts_min, &ja->ts_max, jb->have_ts, jb->ts_min, jb->ts_max);
	if (tm_hmap_add_keys(a->procs, b->procs) || tm_hmap_add_keys(a->threads, b->threads))
		return -1;
	if (b->sc->njm) {
		if (jm_room(sc, b->sc->njm))
			return -1;
		memcpy(sc->jm + sc->njm, b->sc->jm, b->sc->njm * sizeof(*sc->jm));
		sc->njm += b->sc->njm;
		b->sc->njm = 0;      /* the ids are the input's now */
	}
	if (a->h && a->h->jevent) {
		if (!jb->idx || tm_jidx_rewind(jb->idx)) {
			*hook_whole = false;
		} else {
			int rc;

			memset(&ev, 0, sizeof(ev));
			while ((rc = tm_jidx_next(jb->idx, &ev)) == 1)
				a->h->jevent(a->h->ctx, &ev, a->bi);
			*hook_whole = rc == 0;
		}
	}
	if (ja->idx && jb->idx) {
		tm_jidx_append(ja->idx, jb->idx);
		jb->idx = NULL;
	} else {
		tm_jidx_free(ja->idx);  /* a part's notes lost: read again */
		ja->idx = NULL;
	}
	return 0;
}

/* Does IN hold a block of ftrace text?  (Known at the open, but for a
 * JSON still inflated: its systemTraceEvents become a block at its end.) */
static bool holds_kernel_text(const struct tm_input *in)
{
	for (size_t bi = 0; bi < tm_input_nblocks(in); bi++)
		if (tm_input_block(in, bi)->kind == TM_BLOCK_FTRACE)
			return true;
	return false;
}

/* Block BI of SRC's input, its JSON block JBI, read (warnings and error
 * into D); a block still inflated (tm_input_block_grow) as it comes. */
static int scan_json_block(struct tm_src *src, struct scan *sc, size_t bi, size_t jbi,
			  struct tm_diag *d)
{
	struct tm_jblock *jb = &src->jb[jbi], jb2;
	const struct tm_block *b = tm_input_block(src->in, bi);
	struct tm_grow *g = tm_input_block_grow(src->in, bi);
	struct scan sc2;
	struct jpart pa, pb;
	struct tm_jscan_top top;
	void *ctx[2] = { &pa, &pb };
	bool split = false, hook_whole = true, notes, two;
	size_t at, cheap;
	char name[600];
	int rc;

	snprintf(name, sizeof(name), "%s%s%s%s", src->path, b->origin[0] ? "(" : "",
		 b->origin, b->origin[0] ? ")" : "");
	jb->block = bi;
	/* (not noted, the writer reads the block again: the reference path) */
	notes = sc->h && !tm_tuning_reference() &&
		(sc->h->json_index == TM_NOTES_ALL ||
		 (sc->h->json_index == TM_NOTES_BESIDE_KERNEL && (g || holds_kernel_text(src->in))));
	if (notes)
		jb->idx = tm_jidx_new(b->data);
	memset(&jb2, 0, sizeof(jb2));
	memset(&sc2, 0, sizeof(sc2));
	pa = (struct jpart){ sc, jb, src->json_procs, src->json_threads, sc->h, name, bi, jbi, false };
	pb = (struct jpart){ &sc2, &jb2, NULL, NULL, NULL, name, bi, jbi, false };
	if (sc->split_json) {
		pb.procs = tm_hmap_new(1);
		pb.threads = tm_hmap_new(1);
	}
	two = pb.procs && pb.threads;
	/* the second part's notes: for the writer, or for the hook */
	if (two && (notes || (sc->h && sc->h->jevent)))
		jb2.idx = tm_jidx_new(b->data);
	cheap = tm_input_block_cheap(src->in, bi, &at);
	if (g)      /* (cut late, once it has ended, on two cores) */
		rc = tm_jscan_grow(name, b->data, b->len, g, b->first_line ? b->first_line : 1, d,
				   json_event, ctx, two ? TM_JSCAN_MIN : 0, &split, &top);
	else if (two)
		rc = tm_jscan_cheap(name, b->data, b->len, b->first_line ? b->first_line : 1, d,
				    json_event, ctx, &split, &top, at, cheap);
	else
		rc = tm_jscan_at(name, b->data, b->len, NULL, b->first_line ? b->first_line : 1, d,
				 json_event, ctx, 0, &split, &top);
	if (rc == 0 && split && join_parts(&pa, &pb, &hook_whole))
		pa.oom = true;
	tm_jidx_free(jb2.idx);
	tm_hmap_free(pb.procs);
	tm_hmap_free(pb.threads);
	for (size_t k = 0; k < sc2.njm; k++)
		free(sc2.jm[k].id);
	free(sc2.jm);
	if (rc == 0 && (pa.oom || (split && pb.oom))) {
		tm_jscan_top_free(&top);
		return tm_diag_error(d, "out of memory");
	}
	if (rc < 0)
		return -1;
	jblock_clock(jb, &top.top);
	if (jb->idx && keep_top(jb, &top.top)) {
		tm_jidx_free(jb->idx);
		jb->idx = NULL;
	}
	/* (a hook that has not seen every event is not told the block ended) */
	if (sc->h && sc->h->jend && hook_whole)
		sc->h->jend(sc->h->ctx, &top.top, src->path, bi);
	tm_jscan_top_free(&top);
	return 0;
}

struct scan_src {
	struct tm_src *src;
	struct scan *sc;
};

/* The JSON blocks of the input of CTX (a struct scan_src), read (a
 * tm_kscan_json_fn). */
static int scan_json_blocks(void *ctx, struct tm_diag *d)
{
	struct tm_src *src = ((struct scan_src *)ctx)->src;
	struct scan *sc = ((struct scan_src *)ctx)->sc;

	for (size_t bi = 0; bi < tm_input_nblocks(src->in); bi++) {
		struct tm_jblock *jb;
		if (tm_input_block(src->in, bi)->kind != TM_BLOCK_JSON)
			continue;
		jb = realloc(src->jb, (src->njb + 1) * sizeof(*jb));
		if (!jb)
			return tm_diag_error(d, "%s: out of memory", src->path);
		src->jb = jb;
		memset(&src->jb[src->njb], 0, sizeof(*jb));
		if (scan_json_block(src, sc, bi, src->njb++, d))
			return -1;
	}
	return 0;
}

static int scan_one(struct tm_src *src, struct scan *sc)
{
	struct scan_src ss = { src, sc };

	if (!src->in)
		return -1;                  /* could not be opened: sc->d says why */
	if (tm_kstats_init(&src->st, src->path, &sc->d))
		return tm_diag_error(&sc->d, "%s: out of memory", src->path);
	if (tm_kscan_first_pass(src->in, &src->st, sc->h ? sc->h->kline : NULL,
				sc->h ? sc->h->ctx : NULL, scan_json_blocks, &ss))
		/* (a gzip input's inflate error, found while it was read: set) */
		return sc->d.error[0] ? -1 : tm_diag_error(&sc->d, "%s: out of memory", src->path);
	src->kernel = tm_kstats_holds_trace(&src->st);
	if (!src->kernel && !src->njb) {
		char what[400] = "no kernel events and no Trace Event JSON in it";

		tm_report_nothing_read(src->in, &src->st, what, sizeof(what));
		return tm_diag_error(&sc->d, "%s: %s", src->path, what);
	}
	return 0;
}

/* ---- two cores --------------------------------------------------------- */

struct pool {
	struct tm_sync *s;
	struct scan *sc;
	size_t next;                 /* next input to scan */
	pthread_mutex_t mu;
};

static void *worker(void *arg)
{
	struct pool *p = arg;

	for (;;) {
		size_t i;
		pthread_mutex_lock(&p->mu);
		i = p->next++;
		pthread_mutex_unlock(&p->mu);
		if (i >= p->s->nsrc)
			return NULL;
		if (p->sc[i].open_in_worker) {
			p->s->src[i].in = tm_input_open_ahead(p->s->src[i].path, &p->sc[i].d);
			tm_progress_total(tm_input_text_bytes(p->s->src[i].in));
		}
		p->sc[i].rc = scan_one(&p->s->src[i], &p->sc[i]);
	}
}

/* Whether the first bytes of a gzip stream (HEAD, N bytes) inflate to
 * something that is neither a trace.dat nor gzip again; false when that
 * cannot be told from them. */
static bool gzip_head_plain(const char *head, size_t n)
{
	unsigned char out[16];
	z_stream z;
	int ret;

	memset(&z, 0, sizeof(z));
	if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
		return false;
	z.next_in = (unsigned char *)head;
	z.avail_in = (uInt)n;
	z.next_out = out;
	z.avail_out = sizeof(out);
	ret = inflate(&z, Z_SYNC_FLUSH);
	inflateEnd(&z);
	if ((ret != Z_OK && ret != Z_STREAM_END) || z.total_out < 8)
		return false;
	return !tm_is_tracedat(out, z.total_out) && !tm_decode_is_gzip(out, z.total_out);
}

/* Can PATH be opened beside other threads?  Only a trace.dat cannot (it is
 * converted in a forked child), plain or gzip-compressed; so: a regular
 * file whose first bytes, inflated if they are gzip, are not a trace.dat.
 * (Opening in the scanning thread overlaps the inputs' decompression and
 * the JSON files' look for a "systemTraceEvents" key.) */
static bool opens_beside_threads(const char *path)
{
	char head[65536];
	struct stat st;
	ssize_t n;
	int fd;

	if (!strcmp(path, "-") || stat(path, &st) || !S_ISREG(st.st_mode) ||
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return false;
	n = pread(fd, head, sizeof(head), 0);
	close(fd);
	if (n < 8 || tm_is_tracedat(head, (size_t)n))
		return false;
	return !tm_decode_is_gzip(head, (size_t)n) || gzip_head_plain(head, (size_t)n);
}

static void scan_all(struct tm_sync *s, struct scan *sc, bool one_at_a_time)
{
	struct pool p = { .s = s, .sc = sc };
	struct tm_thread t;
	bool threads = s->nsrc > 1 && !one_at_a_time && tm_thread_allowed(), helper;

	/* A trace.dat is converted in a forked child, and a fork while another
	 * thread holds a lock (an allocator's, a FILE's) can leave the child
	 * waiting forever: such inputs (and stdin, which cannot be looked at
	 * first) are opened here, before any helper thread exists.  The others
	 * are opened (decompressed) by the thread that scans them. */
	tm_progress_phase("reading", 0);
	for (size_t i = 0; i < s->nsrc; i++) {
		if (s->src[i].in) {
			tm_progress_total(tm_input_text_bytes(s->src[i].in)); /* the caller opened it */
			continue;
		}
		sc[i].open_in_worker = threads && opens_beside_threads(s->src[i].path);
		if (!sc[i].open_in_worker) {
			/* (one input: no other is opened, nor forks, beside its inflate) */
			s->src[i].in = s->nsrc == 1 && opens_beside_threads(s->src[i].path) ?
				       tm_input_open_ahead(s->src[i].path, &sc[i].d) :
				       tm_input_open(s->src[i].path, &sc[i].d);
			tm_progress_total(tm_input_text_bytes(s->src[i].in));
		}
	}
	pthread_mutex_init(&p.mu, NULL);
	helper = threads && tm_thread_start(&t, worker, &p);
	worker(&p);
	if (helper)
		tm_thread_join(&t);
	tm_progress_done();
	pthread_mutex_destroy(&p.mu);
}

int tm_sync_load(struct tm_sync *s, char *const *paths, size_t n, struct tm_diag *d)
{
	return tm_sync_load_hooked(s, paths, n, d, NULL);
}

int tm_sync_load_hooked(struct tm_sync *s, char *const *paths, size_t n, struct tm_diag *d,
			const struct tm_sync_hooks *h)
{
	return tm_sync_load_inputs(s, paths, NULL, NULL, n, d, h);
}

int tm_sync_load_inputs(struct tm_sync *s, char *const *paths, struct tm_input **opened,
			char *const *machines, size_t n, struct tm_diag *d,
			const struct tm_sync_hooks *h)
{
	struct scan *sc;
	int rc = 0;

	memset(s, 0, sizeof(*s));
	s->d = d;
	s->target = -1;
	if (!(s->g = tm_clock_graph_new()) || !(s->src = calloc(n ? n : 1, sizeof(*s->src))) ||
	    !(sc = calloc(n ? n : 1, sizeof(*sc)))) {
		for (size_t i = 0; opened && i < n; i++)
			tm_input_free(opened[i]);
		return tm_diag_error(d, "out of memory");
	}
	for (size_t i = 0; i < n; i++) {
		s->src[i].in = opened ? opened[i] : NULL;
		s->src[i].path = strdup(paths[i]);
		s->src[i].machine = machines ? machines[i] : NULL;
		s->src[i].kdom = -1;
		s->src[i].json_procs = tm_hmap_new(1);
		s->src[i].json_threads = tm_hmap_new(1);
		s->nsrc++;
		tm_diag_init(&sc[i].d);
		sc[i].h = h;
		/* one input: its JSON has the two cores to itself */
		sc[i].split_json = n == 1;
		if (!s->src[i].path || !s->src[i].json_procs || !s->src[i].json_threads) {
			for (size_t k = i + 1; opened && k < n; k++)
				tm_input_free(opened[k]);   /* (not S's yet) */
			rc = tm_diag_error(d, "out of memory");
			goto out;
		}
	}
	scan_all(s, sc, h && (h->jevent || h->jend));
	for (size_t i = 0; i < n && !rc; i++)
		rc = register_one(s, i, &sc[i]);
out:
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < sc[i].njm; k++)
			free(sc[i].jm[k].id);
		free(sc[i].jm);
		if (s->src[i].st.diag == &sc[i].d)
			s->src[i].st.diag = s->d;
		tm_diag_free(&sc[i].d);
	}
	free(sc);
	return rc;
}
