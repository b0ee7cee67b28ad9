/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * merge-json.c - the JSON side of the merged trace: the inputs' events with
 * their times on the output clock, the clock link event,
 * the top-level keys and the metadata.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json-index.h"
#include "line-feed.h"
#include "merge-int.h"
#include "pid-map.h"
#include "report.h"
#include "ring.h"
#include "tracemerge/ts.h"
#include "tracemerge/version.h"
#include "thread.h"

void tm_merge_sep(struct tm_mw *w, struct tm_out *o)
{
	tm_out_puts(o, w->nevents++ ? ",\n" : "\n");
}

/* Values of an event to replace when copying it: where each starts in the
 * event's text (an offset: the text may move before it is copied), and
 * the new value, a number written when the event is copied (by the
 * writing thread: the events are made ready on another, the busier one):
 * a time in ns as microseconds, or a pid. */
struct reps {
	struct rep {
		size_t at, n;
		bool us;
		int64_t v;
	} r[4];
	size_t n;
};

static void rep_add(struct reps *rs, const struct tm_te_event *ev, const struct tm_jval *v,
		    bool us, int64_t value)
{
	struct rep *r = &rs->r[rs->n++];
	r->at = (size_t)(v->p - ev->raw);
	r->n = v->n;
	r->us = us;
	r->v = value;
}

/* R's new value into BUF (TM_TS_BUFSZ bytes): its length. */
static size_t rep_value(const struct rep *r, char *buf)
{
	if (r->us)
		return tm_ts_format_us(buf, r->v);
	return (size_t)snprintf(buf, TM_TS_BUFSZ, "%d", (int)r->v);
}

static void rep_id(struct reps *rs, const struct tm_te_event *ev, const struct tm_jval *v,
		   int64_t id, int64_t off)
{
	rep_add(rs, ev, v, false, tm_pid_move(id > INT32_MAX ? INT32_MAX : (int32_t)id, off));
}

/* The (at most 4) replacements in text order: insertion sort. */
static void sort_reps(struct reps *rs)
{
	for (size_t i = 1; i < rs->n; i++) {
		struct rep t = rs->r[i];
		size_t j = i;

		for (; j > 0 && rs->r[j - 1].at > t.at; j--)
			rs->r[j] = rs->r[j - 1];
		rs->r[j] = t;
	}
}

/* Copy an event's text RAW (LEN bytes) with the values in RS replaced. */
static void write_rewritten(struct tm_mw *w, const char *raw, size_t len, struct reps *rs)
{
	const char *p = raw, *e = raw + len;

	sort_reps(rs);
	if (len <= TM_OUT_BUFSZ - 2 - sizeof(rs->r)) {
		/* the usual event: separator, pieces and new values in place */
		char *o = tm_out_room(w->jout, 2 + len + rs->n * TM_TS_BUFSZ), *o0 = o;

		if (w->nevents++)
			*o++ = ',';
		*o++ = '\n';
		for (size_t i = 0; i < rs->n; i++) {
			memcpy(o, p, (size_t)(raw + rs->r[i].at - p));
			o += raw + rs->r[i].at - p;
			o += rep_value(&rs->r[i], o);
			p = raw + rs->r[i].at + rs->r[i].n;
		}
		memcpy(o, p, (size_t)(e - p));
		o += e - p;
		tm_out_used(w->jout, (size_t)(o - o0));
		return;
	}
	tm_merge_sep(w, w->jout);
	for (size_t i = 0; i < rs->n; i++) {
		char text[TM_TS_BUFSZ];
		size_t tn = rep_value(&rs->r[i], text);

		tm_out_write(w->jout, p, (size_t)(raw + rs->r[i].at - p));
		tm_out_write(w->jout, text, tn);
		p = raw + rs->r[i].at + rs->r[i].n;
	}
	tm_out_write(w->jout, p, (size_t)(e - p));
}

/* The pid/tid replacements of an input moved by --pid-offset (integer
 * pids only: string ids are names, not numbers). */
static void rep_ids(struct reps *rs, const struct tm_te_event *ev, int64_t off)
{
	if (!off)
		return;
	if (ev->has_pid && ev->pid_v > 0)
		rep_id(rs, ev, &ev->pid, ev->pid_v, off);
	if (ev->has_tid && ev->tid_v > 0)
		rep_id(rs, ev, &ev->tid, ev->tid_v, off);
}

static void event_where(char *buf, size_t cap, const struct tm_src *src,
			const struct tm_block *b, unsigned long line)
{
	snprintf(buf, cap, "%s%s%s%s:%lu", src->path, b->origin[0] ? "(" : "", b->origin,
		 b->origin[0] ? ")" : "", line);
}

/* What becomes of an event: copied with new values, moved out of the
 * stream (an input's own clock_sync marker), or dropped (its ts or dur has
 * no place on the output clock). */
enum prep_kind { PREP_WRITE, PREP_MOVED, PREP_ARGV, PREP_DROP_TS, PREP_DROP_DUR };

/* An event made ready to be written: everything worked out but the
 * writing (and the warnings, which go in the order of the events). */
struct prep {
	const char *raw;
	size_t raw_len;
	unsigned long line;
	enum prep_kind kind;
	struct reps rs;
};

struct event_route {
	const struct tm_clock_map *map;
	bool identity, move_sync, move_argv;
	int64_t pid_off;
};

/* Is EV (an M event) a process_argv event?  Its name, or when the event
 * comes from the first pass's notes (which keep no name: json-index.h) its
 * text naming it. */
static bool is_process_argv(const struct tm_te_event *ev)
{
	static const char lit[] = "\"process_argv\"";

	if (ev->name.type != TM_J_NONE)
		return tm_json_str_eq(&ev->name, "process_argv");
	return ev->raw && memmem(ev->raw, ev->raw_len, lit, sizeof(lit) - 1);
}

static void prepare_event(const struct event_route *rt, const struct tm_te_event *ev,
			  struct prep *pr)
{
	int64_t ts, end, dur = 0;

	pr->raw = ev->raw;
	pr->raw_len = ev->raw_len;
	pr->line = ev->line;
	pr->kind = PREP_WRITE;
	pr->rs.n = 0;
	if (ev->phase == 'c' && ev->sync_id.type != TM_J_NONE && rt->move_sync) {
		pr->kind = PREP_MOVED;
		return;
	}
	if (ev->phase == 'M' && rt->move_argv && is_process_argv(ev)) {
		pr->kind = PREP_ARGV;
		return;
	}
	rep_ids(&pr->rs, ev, rt->pid_off);
	if (rt->identity || ev->ts.type == TM_J_NONE || ev->phase == 'M')
		return;
	if (!ev->has_ts || tm_clock_apply(rt->map, ev->ts_ns, &ts)) {
		pr->kind = PREP_DROP_TS;
		return;
	}
	if (ev->has_dur && rt->map->rate_fs) {
		/* drift stretches durations too: dur' = map(ts + dur) - map(ts) */
		if (__builtin_add_overflow(ev->ts_ns, ev->dur_ns, &end) ||
		    tm_clock_apply(rt->map, end, &end) || __builtin_sub_overflow(end, ts, &dur)) {
			pr->kind = PREP_DROP_DUR;
			return;
		}
		rep_add(&pr->rs, ev, &ev->dur, true, dur);
	}
	rep_add(&pr->rs, ev, &ev->ts, true, ts);
}

static void emit_event(struct tm_mw *w, const struct tm_src *src, const struct tm_block *b,
		       struct prep *pr)
{
	char where[600];

	if (pr->raw >= b->data && pr->raw < b->data + b->len)   /* (not a repaired copy) */
		tm_progress_move(&w->jpm, (size_t)(pr->raw - b->data), 0);
	switch (pr->kind) {
	case PREP_MOVED:
		if (w->moved_json.n)
			tm_buf_addc(&w->moved_json, ',');
		tm_buf_add(&w->moved_json, pr->raw, pr->raw_len);
		w->c->json_sync++;
		return;
	case PREP_ARGV:
		if (w->argv_json.n)
			tm_buf_addc(&w->argv_json, ',');
		tm_buf_add(&w->argv_json, pr->raw, pr->raw_len);
		w->c->json_argv++;
		return;
	case PREP_DROP_TS:
	case PREP_DROP_DUR:
		event_where(where, sizeof(where), src, b, pr->line);
		tm_diag_warn(w->jd, "json-event-dropped", where,
			     pr->kind == PREP_DROP_TS
			     ? "event whose ts cannot be placed on the output clock: dropped"
			     : "event whose dur cannot be placed on the output clock: dropped");
		w->c->json_rejected++;
		return;
	case PREP_WRITE:
		write_rewritten(w, pr->raw, pr->raw_len, &pr->rs);
		w->c->json_out++;
		return;
	}
}

static void write_event(struct tm_mw *w, const struct tm_src *src, const struct tm_block *b,
			const struct event_route *rt, const struct tm_te_event *ev)
{
	struct prep pr;

	prepare_event(rt, ev, &pr);
	emit_event(w, src, b, &pr);
}

void tm_merge_json_copy(struct tm_mw *w, const struct tm_te_event *ev)
{
	struct reps rs;

	rs.n = 0;
	write_rewritten(w, ev->raw, ev->raw_len, &rs);
	w->c->json_out++;
}

static bool reserved_key(const struct tm_jval *k)
{
	return tm_json_str_eq(k, "traceEvents") || tm_json_str_eq(k, "systemTraceEvents") ||
	       tm_json_str_eq(k, "metadata");
}

static bool key_taken(const struct tm_mw *w, const char *name)
{
	for (size_t i = 0; i < w->nkeys; i++)
		if (!strcmp(w->keys[i].name, name))
			return true;
	return false;
}

/* Other top-level keys: the first of each name is kept (raw). */
static int keep_keys(struct tm_mw *w, const struct tm_te_top *top, const char *path)
{
	for (size_t i = 0; i < top->nkeys; i++) {
		const struct tm_te_key *k = &top->keys[i];
		struct tm_jkeep *nk;
		char *name;
		if (reserved_key(&k->key))
			continue;
		if (!(name = tm_json_strdup(&k->key, NULL)))
			return -1;
		if (key_taken(w, name)) {
			tm_diag_warn(w->jd, "json-key-dropped", path,
				     "top-level key '%s' already taken from an earlier input: dropped",
				     name);
			free(name);
			continue;
		}
		if (!(nk = realloc(w->keys, (w->nkeys + 1) * sizeof(*nk)))) {
			free(name);
			return -1;
		}
		w->keys = nk;
		nk = &w->keys[w->nkeys++];
		*nk = (struct tm_jkeep){ k->key, k->val, name, NULL };
		if (k->not_strict) {
			/* invalid UTF-8 etc.: written repaired so the output stays JSON */
			size_t n;
			if (!(nk->fixed = tm_json_repair(&k->val, &n)))
				return -1;
			nk->v.p = nk->fixed;
			nk->v.n = n;
			tm_diag_warn(w->jd, "json-bad-string", path,
				     "top-level key '%s' repaired (invalid UTF-8 or escapes)", name);
		}
	}
	return 0;
}

/* The first JSON input's metadata object becomes the output's (its
 * clock-domain dropped: the output has one clock, see tracemerge.clock). */
static void keep_metadata(struct tm_mw *w, const struct tm_te_top *top)
{
	const struct tm_te_key *k = tm_te_find_key(top, "metadata");
	struct json_tokener *tok;
	struct json_object *o;

	if (w->meta || !k || k->val.type != TM_J_OBJECT)
		return;
	if (!(tok = json_tokener_new()))
		return;
	if (k->not_strict) {
		size_t n;
		char *fixed = tm_json_repair(&k->val, &n);
		o = fixed ? json_tokener_parse_ex(tok, fixed, (int)n) : NULL;
		free(fixed);
	} else {
		o = json_tokener_parse_ex(tok, k->val.p, (int)k->val.n);
	}
	if (o && json_object_is_type(o, json_type_object)) {
		json_object_object_del(o, "clock-domain");
		w->meta = o;
	} else {
		json_object_put(o);
	}
	json_tokener_free(tok);
}

int tm_merge_json_top(struct tm_mw *w, const struct tm_te_top *top, const char *path)
{
	if (keep_keys(w, top, path))
		return -1;
	keep_metadata(w, top);
	return 0;
}

/* ---- the notes read back on another core ---------------------------------
 *
 * For a large block, a helper thread reads the notes back and works out
 * each event's new values (prepare_event) a batch ahead, while the writer
 * copies the events of the batch before.  An event the reader repaired
 * lives in the notes only until the next one is read: its text is copied
 * into the batch. */

#define PREP_BATCH 4096
#define PREP_NBATCH 4
#define PREP_MIN_EVENTS 65536  /* smaller blocks: in line */

struct prep_batch {
	struct prep p[PREP_BATCH];
	size_t copied[PREP_BATCH];  /* for texts copied here: their offset in text */
	struct tm_buf text;         /* the repaired events' texts */
	size_t n;
	int rc;                     /* after the last event: 0 the end, -1 the
				     * notes unreadable (tm_jidx_next), -2 out
				     * of memory */
	bool last;
};

struct prep_feed {
	struct tm_jidx *idx;
	const struct event_route *rt;
	uintptr_t lo, hi;           /* the block's text */
	struct prep_batch *batch;
	struct tm_ring ring;
};

#define NOT_COPIED SIZE_MAX

/* The helper: the next events into batch SLOT (ring.h). */
static bool fill_batch(void *arg, size_t slot)
{
	struct prep_feed *f = arg;
	struct prep_batch *b = &f->batch[slot];
	struct tm_te_event ev;
	int rc = 0;

	memset(&ev, 0, sizeof(ev));
	b->n = 0;
	b->text.n = 0;
	b->last = false;
	while (b->n < PREP_BATCH && (rc = tm_jidx_next(f->idx, &ev)) == 1) {
		prepare_event(f->rt, &ev, &b->p[b->n]);
		b->copied[b->n] = NOT_COPIED;
		if ((uintptr_t)ev.raw < f->lo || (uintptr_t)ev.raw + ev.raw_len > f->hi) {
			b->copied[b->n] = b->text.n;
			tm_buf_add(&b->text, ev.raw, ev.raw_len);
			if (b->text.oom) {
				rc = -2;
				break;
			}
		}
		b->n++;
	}
	if (rc != 1) {
		b->rc = rc < 0 ? rc : 0;
		b->last = true;
	}
	return b->last;
}

static void prep_feed_free(struct prep_feed *f)
{
	for (size_t i = 0; i < PREP_NBATCH; i++)
		tm_buf_free(&f->batch[i].text);
	free(f->batch);
}

/* The events of IDX written by the caller as the helper makes them ready:
 * 1 when no helper could be started (nothing written), else 0, -1 when the
 * notes could not be read back, -2 out of memory. */
static int write_noted_ahead(struct tm_mw *w, const struct tm_src *src, const struct tm_block *b,
			     const struct event_route *rt, struct tm_jidx *idx)
{
	struct prep_feed f;
	int rc = 0;

	memset(&f, 0, sizeof(f));
	f.idx = idx;
	f.rt = rt;
	f.lo = (uintptr_t)b->data;
	f.hi = f.lo + b->len;
	if (!(f.batch = calloc(PREP_NBATCH, sizeof(*f.batch))))
		return 1;
	if (tm_ring_start(&f.ring, PREP_NBATCH, fill_batch, &f)) {
		prep_feed_free(&f);
		return 1;
	}
	for (;;) {
		struct prep_batch *pb = &f.batch[tm_ring_take(&f.ring)];
		bool last;

		for (size_t i = 0; i < pb->n; i++) {
			if (pb->copied[i] != NOT_COPIED)
				pb->p[i].raw = pb->text.p + pb->copied[i];
			emit_event(w, src, b, &pb->p[i]);
		}
		last = pb->last;
		rc = last ? pb->rc : 0;
		tm_ring_give_back(&f.ring);
		if (last)
			break;
	}
	tm_ring_stop(&f.ring);  /* (it has ended) */
	prep_feed_free(&f);
	return rc;
}

/* How the events of block K of SRC reach the output clock. */
static struct event_route route_of(const struct tm_mw *w, const struct tm_src *src, size_t k)
{
	const struct tm_clock_route *route = &w->s->routes[src->jb[k].dom];

	return (struct event_route){ &route->to_target, tm_clock_is_identity(&route->to_target),
				     w->move_sync, w->move_argv, src->pid_off };
}

/* Block K of SRC from the first pass's notes of its events (json-index.h):
 * 1 when they cannot serve (read the block again), 0 done, -1 failed. */
static int json_block_noted(struct tm_mw *w, const struct tm_src *src, size_t k)
{
	struct tm_jblock *jb = &src->jb[k];
	const struct tm_block *b = tm_input_block(src->in, jb->block);
	struct event_route rt = route_of(w, src, k);
	struct tm_te_event ev;
	int rc = 1;

	/* the notes have no pids to move */
	if (!jb->idx || src->pid_off || tm_jidx_rewind(jb->idx))
		return 1;
	if (jb->events >= PREP_MIN_EVENTS && tm_thread_allowed())
		rc = write_noted_ahead(w, src, b, &rt, jb->idx);
	if (rc == 1) {
		memset(&ev, 0, sizeof(ev));
		while ((rc = tm_jidx_next(jb->idx, &ev)) == 1)
			write_event(w, src, b, &rt, &ev);
	}
	if (rc == -1)
		return tm_diag_error(w->jd, "%s: the notes of its events cannot be read back "
				     "from a temporary file", src->path);
	if (rc == -2)
		return tm_diag_error(w->jd, "out of memory");
	if (tm_merge_json_top(w, &jb->top, src->path))
		return tm_diag_error(w->jd, "out of memory");
	return 0;
}

int tm_merge_json_events(struct tm_mw *w)
{
	struct tm_sync *s = w->s;

	for (size_t i = 0; i < s->nsrc; i++) {
		struct tm_src *src = &s->src[i];
		if (!tm_merge_takes(w->o, i))
			continue;
		for (size_t k = 0; k < src->njb; k++) {
			const struct tm_block *b = tm_input_block(src->in, src->jb[k].block);
			const struct tm_clock_route *route = &s->routes[src->jb[k].dom];
			struct event_route rt = route_of(w, src, k);
			struct tm_te_reader *r;
			struct tm_te_event ev;
			struct tm_diag quiet;
			int rc;

			if (!route->linked && tm_jblock_needs_link(&src->jb[k]))
				return tm_diag_error(w->jd, "%s: not linked to the output clock", src->path);
			tm_progress_mark_init(&w->jpm, 0);
			if ((rc = json_block_noted(w, src, k)) <= 0) {
				if (rc < 0)
					return -1;
				tm_progress_move(&w->jpm, b->len, 1);
				continue;
			}
			/* the first pass already reported this block's warnings */
			tm_diag_init(&quiet);
			r = tm_te_reader_new(src->path, b->data, b->len, b->first_line ? b->first_line : 1,
					     &quiet);
			if (!r) {
				tm_diag_free(&quiet);
				return tm_diag_error(w->jd, "out of memory");
			}
			while ((rc = tm_te_reader_next(r, &ev)) == 1)
				write_event(w, src, b, &rt, &ev);
			if (rc < 0)
				tm_diag_error(w->jd, "%s", quiet.error);
			else if (tm_merge_json_top(w, tm_te_reader_top(r), src->path))
				rc = tm_diag_error(w->jd, "out of memory");
			tm_progress_move(&w->jpm, b->len, 1);
			tm_te_reader_free(r);
			tm_diag_free(&quiet);
			if (rc < 0)
				return -1;
		}
	}
	return 0;
}

/* The JSON half of the clock link: an issuer record of zero width at the
 * instant of the link line in the kernel text. */
void tm_merge_link_event(struct tm_mw *w)
{
	char ts[TM_TS_BUFSZ];

	tm_ts_format_us(ts, w->link_ts);
	tm_merge_sep(w, &w->out);
	tm_out_printf(&w->out, "{\"name\":\"clock_sync\",\"ph\":\"c\",\"ts\":%s,\"pid\":0,\"tid\":0,"
		      "\"args\":{\"sync_id\":\"tracemerge_link\",\"issue_ts\":%s}}", ts, ts);
}

static struct json_object *counts_json(const struct tm_merge_counts *c)
{
	struct json_object *o = json_object_new_object();
#define PUT(k, v) json_object_object_add(o, k, json_object_new_int64((int64_t)(v)))
	PUT("kernel_events_in", c->kernel_in);
	PUT("kernel_events_out", c->kernel_out);
	PUT("kernel_sync_markers_moved", c->kernel_sync);
	PUT("unconverted_lines", c->unconverted);
	PUT("json_events_in", c->json_in);
	PUT("json_events_out", c->json_out);
	PUT("json_sync_events_moved", c->json_sync);
	PUT("json_events_dropped", c->json_rejected);
	if (c->json_argv)    /* (only then: outputs without any stay as they were) */
		PUT("json_process_argv_moved", c->json_argv);
	PUT("name_events_added", c->names);
	PUT("kernel_events_converted", c->kernel_events);
	PUT("trace_events_from_kernel", c->kernel_objects);
#undef PUT
	json_object_object_add(o, "clock_link_added", json_object_new_boolean(c->link));
	return o;
}

/* O written as JSON (one line), valid UTF-8.  0, or -1 when out of memory. */
static int put_json(struct tm_out *out, struct json_object *o)
{
	char *text = tm_report_json_text(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);

	if (!text)
		return -1;
	tm_out_puts(out, text);
	free(text);
	return 0;
}

int tm_merge_tail(struct tm_mw *w)
{
	struct json_object *tm = json_object_new_object(), *inputs = json_object_new_array();

	if (w->unconverted.n) {
		tm_out_puts(&w->out, ",\n\"tracemergeUnconvertedText\":");
		tm_out_json_str(&w->out, w->unconverted.p, w->unconverted.n);
	}
	if (w->moved_json.n || json_object_array_length(w->moved_lines)) {
		tm_out_puts(&w->out, ",\n\"tracemergeClockSync\":{\"kernel_lines\":");
		if (put_json(&w->out, w->moved_lines))
			return tm_diag_error(w->jd, "out of memory");
		tm_out_puts(&w->out, ",\"json_events\":[");
		tm_out_write(&w->out, w->moved_json.p, w->moved_json.n);
		tm_out_puts(&w->out, "]}");
	}
	if (w->argv_json.n) {
		tm_out_puts(&w->out, ",\n\"tracemergeProcessArgv\":[");
		tm_out_write(&w->out, w->argv_json.p, w->argv_json.n);
		tm_out_puts(&w->out, "]");
	}
	for (size_t i = 0; i < w->nkeys; i++) {
		tm_out_puts(&w->out, ",\n");
		tm_out_write(&w->out, w->keys[i].k.p, w->keys[i].k.n);
		tm_out_puts(&w->out, ":");
		tm_out_write(&w->out, w->keys[i].v.p, w->keys[i].v.n);
	}
	for (size_t i = 0; i < w->s->nsrc; i++) {
		const struct tm_src *src = &w->s->src[i];
		struct json_object *in = json_object_new_object();
		json_object_object_add(in, "path", json_object_new_string(src->path));
		json_object_object_add(in, "format", json_object_new_string(
					       tm_format_name(tm_input_format(src->in))));
		json_object_object_add(in, "gzip", json_object_new_boolean(tm_input_was_gzip(src->in)));
		if (src->kernel) {
			json_object_object_add(in, "kernel_lines", tm_report_lines(&src->st));
			if (src->st.hdr.clock_type[0])
				json_object_object_add(in, "kernel_clock_type",
						       json_object_new_string(src->st.hdr.clock_type));
		}
		for (size_t k = 0; k < src->njb; k++)
			if (src->jb[k].clock[0])
				json_object_object_add(in, "json_clock_domain",
						       json_object_new_string(src->jb[k].clock));
		json_object_array_add(inputs, in);
	}
	json_object_object_add(tm, "version", json_object_new_string(tm_version()));
	json_object_object_add(tm, "command", json_object_new_string(w->o->command));
	if (w->s->nsrc == 1) {
		const struct tm_src *src = &w->s->src[0];
		json_object_object_add(tm, "source", json_object_new_string(src->path));
		json_object_object_add(tm, "format", json_object_new_string(
					       tm_format_name(tm_input_format(src->in))));
		json_object_object_add(tm, "gzip", json_object_new_boolean(tm_input_was_gzip(src->in)));
		json_object_object_add(tm, "lines", tm_report_lines(&src->st));
	}
	json_object_object_add(tm, "inputs", inputs);
	json_object_object_add(tm, "mode", json_object_new_string(w->o->verbatim ? "verbatim" : "canonical"));
	if (!w->o->verbatim)
		json_object_object_add(tm, "normalised", tm_report_canon(&w->canon));
	json_object_object_add(tm, "clock", tm_sync_report(w->s, false));
	json_object_object_add(tm, "counts", counts_json(w->c));
	json_object_object_add(tm, "kernel_as", json_object_new_string(
		w->o->kernel_as == TM_KERNEL_EVENTS ? "events" : w->o->kernel_as ? "both" : "text"));
	if (w->kev_report)
		json_object_object_add(tm, "kernel_events", w->kev_report);
	w->kev_report = NULL;
	json_object_object_add(tm, "warnings", tm_report_warnings(w->s->d));
	if (!w->meta)
		w->meta = json_object_new_object();
	json_object_object_add(w->meta, "tracemerge", tm);
	tm_out_puts(&w->out, ",\n\"metadata\":");
	if (put_json(&w->out, w->meta))
		return tm_diag_error(w->jd, "out of memory");
	tm_out_puts(&w->out, "}\n");
	return 0;
}
