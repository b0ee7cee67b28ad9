/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_tejson.c - libFuzzer target for the streaming Trace Event JSON
 * reader, its value helpers and the input module's JSON path.
 *
 * Besides crashes it checks: every range handed out lies inside the input
 * (or, for a repaired event, inside the event); events are '{' .. '}' and
 * strict JSON (read again on their own: one event, no warning); nothing
 * comes after 0 or -1; the helpers agree with the reader (ts, sync_id);
 * the first pass's notes of the events (json-index.h) give back what the
 * reader gave; read in two parts on two threads (json-scan.h), at the cut it
 * would choose and at one taken from the input, and read as a text that
 * grows (a part first, the rest when the reader asks for more; and so,
 * cut late once the text has ended), the events, warnings, error and top
 * level are the whole reading's.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tracemerge/input.h"
#include "tracemerge/tejson.h"
#include "decode.h"
#include "grow.h"
#include "json-scan.h"
#include "json-index.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_in(struct tm_jval v, const char *p, size_t n)
{
	if (v.type == TM_J_NONE)
		return;
	if (!v.p || v.n == 0 || v.p < p || v.p + v.n > p + n)
		abort();
}

static void free_str(const struct tm_jval *v)
{
	size_t n;
	char *s = tm_json_strdup(v, &n);

	if (s && s[n] != '\0')
		abort();
	free(s);
}

/* The event read on its own must be strict JSON: no warning, no repair. */
static void check_strict(const struct tm_te_event *ev)
{
	char *buf = malloc(ev->raw_len + 2);
	struct tm_diag d;
	struct tm_te_reader *r;
	struct tm_te_event e2;
	int n = 0, rc;

	if (!buf)
		return;
	buf[0] = '[';
	memcpy(buf + 1, ev->raw, ev->raw_len);
	buf[ev->raw_len + 1] = ']';
	tm_diag_init(&d);
	r = tm_te_reader_new("strict", buf, ev->raw_len + 2, 1, &d);
	if (r) {
		while ((rc = tm_te_reader_next(r, &e2)) == 1) {
			n++;
			if (e2.repaired || e2.raw_len != ev->raw_len ||
			    e2.has_ts != ev->has_ts || (e2.has_ts && e2.ts_ns != ev->ts_ns) ||
			    e2.phase != ev->phase)
				abort();
		}
		if (rc != 0 || n != 1 || tm_diag_count(&d, "json-bad-string") ||
		    tm_diag_count(&d, "json-trailing-comma") || tm_diag_count(&d, "json-truncated"))
			abort();
		tm_te_reader_free(r);
	}
	tm_diag_free(&d);
	free(buf);
}

static void check_event(const struct tm_te_event *ev, const char *p, size_t n)
{
	const char *rp = ev->repaired ? ev->raw : p;
	size_t rn = ev->repaired ? ev->raw_len : n;
	struct tm_jval raw = { TM_J_OBJECT, ev->raw, ev->raw_len }, v;
	int64_t ns;

	if (ev->raw_len < 2 || ev->raw[0] != '{' || ev->raw[ev->raw_len - 1] != '}')
		abort();
	if (ev->offset >= n || p[ev->offset] != '{')
		abort();
	if (!ev->repaired && ev->raw != p + ev->offset)
		abort();
	check_in(raw, rp, rn);
	const struct tm_jval *f[] = { &ev->name, &ev->cat, &ev->ph, &ev->ts, &ev->dur,
		&ev->pid, &ev->tid, &ev->id, &ev->args, &ev->sync_id, &ev->issue_ts };
	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		check_in(*f[i], ev->raw, ev->raw_len);
		free_str(f[i]);
	}
	/* the values converted during the walk agree with the helpers */
	if (ev->has_ts != (tm_json_us_to_ns(&ev->ts, &ns) == 0) || (ev->has_ts && ns != ev->ts_ns))
		abort();
	if (ev->has_dur != (tm_json_us_to_ns(&ev->dur, &ns) == 0) ||
	    (ev->has_dur && ns != ev->dur_ns))
		abort();
	if (ev->has_issue_ts != (tm_json_us_to_ns(&ev->issue_ts, &ns) == 0) ||
	    (ev->has_issue_ts && ns != ev->issue_ts_ns))
		abort();
	if (ev->has_pid != (tm_json_int(&ev->pid, &ns) == 0) || (ev->has_pid && ns != ev->pid_v))
		abort();
	if (ev->has_tid != (tm_json_int(&ev->tid, &ns) == 0) || (ev->has_tid && ns != ev->tid_v))
		abort();
	if (ev->args.type == TM_J_OBJECT) {
		v = tm_json_get(&ev->args, "sync_id");
		if (v.type != ev->sync_id.type || v.p != ev->sync_id.p || v.n != ev->sync_id.n)
			abort();
		v = tm_json_get(&ev->args, "issue_ts");
		if (v.type != ev->issue_ts.type || v.p != ev->issue_ts.p)
			abort();
	} else if (ev->sync_id.type != TM_J_NONE) {
		abort();
	}
	(void)tm_json_str_eq(&ev->name, "clock_sync");
	check_strict(ev);
}

/* A and B (read back from the notes) agree on what the notes keep. */
static void same_noted(const struct tm_te_event *a, const struct tm_te_event *b)
{
	if (a->raw_len != b->raw_len || memcmp(a->raw, b->raw, a->raw_len) || a->line != b->line ||
	    a->offset != b->offset || a->phase != b->phase || a->repaired != b->repaired ||
	    a->sync_id.type != b->sync_id.type || a->ts.type != b->ts.type ||
	    a->dur.type != b->dur.type || a->has_ts != b->has_ts || a->has_dur != b->has_dur ||
	    (a->has_ts && a->ts_ns != b->ts_ns) || (a->has_dur && a->dur_ns != b->dur_ns))
		abort();
	if (a->ts.type != TM_J_NONE && (a->ts.p - a->raw != b->ts.p - b->raw || a->ts.n != b->ts.n))
		abort();
	if (a->dur.type != TM_J_NONE && (a->dur.p - a->raw != b->dur.p - b->raw || a->dur.n != b->dur.n))
		abort();
}

/* The events of P noted and read back, against a second reading. */
static void run_notes(const char *p, size_t n)
{
	struct tm_jidx *x = tm_jidx_new(p);
	struct tm_diag d;
	struct tm_te_reader *r;
	struct tm_te_event ev, back;

	if (!x)
		return;
	for (int pass = 0; pass < 2; pass++) {
		tm_diag_init(&d);
		if ((r = tm_te_reader_new("fuzz", p, n, 1, &d))) {
			memset(&back, 0, sizeof(back));
			if (pass && tm_jidx_rewind(x))
				abort();
			while (tm_te_reader_next(r, &ev) == 1) {
				if (!pass && tm_jidx_add(x, &ev))
					abort();
				if (pass && tm_jidx_next(x, &back) != 1)
					abort();
				if (pass)
					same_noted(&ev, &back);
			}
			if (pass && tm_jidx_next(x, &back) != 0)
				abort();
			tm_te_reader_free(r);
		}
		tm_diag_free(&d);
	}
	tm_jidx_free(x);
}

/* What a reading handed out, in order. */
struct seen {
	size_t n, cap;
	struct { size_t off, len; unsigned long line; int64_t ts; bool has_ts; char ph; } *e;
};

/* (and a warning of the caller's own for each 'X' event, into D) */
static void see(void *ctx, const struct tm_te_event *ev, struct tm_diag *d)
{
	struct seen *s = ctx;

	if (ev->phase == 'X') {
		char where[32];

		snprintf(where, sizeof(where), "x:%lu", ev->line);
		tm_diag_warn(d, "fuzz-x", where, "X");
	}
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 16;
		void *ne = realloc(s->e, cap * sizeof(*s->e));

		if (!ne)
			abort();
		s->e = ne;
		s->cap = cap;
	}
	s->e[s->n].off = ev->offset;
	s->e[s->n].len = ev->raw_len;
	s->e[s->n].line = ev->line;
	s->e[s->n].has_ts = ev->has_ts;
	s->e[s->n].ts = ev->has_ts ? ev->ts_ns : 0;
	s->e[s->n].ph = ev->phase;
	s->n++;
}

static bool same_diag(const struct tm_diag *a, const struct tm_diag *b)
{
	if (strcmp(a->error, b->error) || a->nwarn != b->nwarn)
		return false;
	for (size_t i = 0; i < a->nwarn; i++) {
		const struct tm_warning *x = &a->warn[i], *y = &b->warn[i];

		if (strcmp(x->kind, y->kind) || x->count != y->count || x->nlocs != y->nlocs)
			return false;
		for (unsigned k = 0; k < x->nlocs; k++)
			if (strcmp(x->locs[k], y->locs[k]))
				return false;
	}
	return true;
}

static bool same_top(const struct tm_te_top *a, const struct tm_te_top *b)
{
	if (a->object_form != b->object_form || a->found_events != b->found_events ||
	    a->truncated != b->truncated || a->missing_close != b->missing_close ||
	    a->events != b->events || a->skipped != b->skipped || a->nkeys != b->nkeys)
		return false;
	for (size_t i = 0; i < a->nkeys; i++)
		if (a->keys[i].key.p != b->keys[i].key.p || a->keys[i].key.n != b->keys[i].key.n ||
		    a->keys[i].val.p != b->keys[i].val.p || a->keys[i].val.n != b->keys[i].val.n ||
		    a->keys[i].val.type != b->keys[i].val.type || a->keys[i].line != b->keys[i].line ||
		    a->keys[i].not_strict != b->keys[i].not_strict)
			return false;
	return true;
}

/* Read in two parts at CUT (0: in one), the first HAVE bytes of the N
 * given to the reader and the rest coming through G (NULL: all N given;
 * with LATE, cut late after the first event: tm_jscan_grow): the same as
 * WHOLE (and D0, RC0, TOP0). */
static void run_split_at(const char *p, size_t n, size_t have, struct tm_grow *g, size_t cut,
			 bool late, const struct seen *whole, const struct tm_diag *d0, int rc0,
			 const struct tm_te_top *top0)
{
	struct seen a = { 0 }, b = { 0 };
	void *ctx[2] = { &a, &b };
	struct tm_diag d;
	struct tm_jscan_top top;
	bool split;
	int rc;

	tm_diag_init(&d);
	if (late)
		rc = tm_jscan_grow("fuzz", p, have, g, 3, &d, see, ctx, 1, &split, &top);
	else
		rc = tm_jscan_at("fuzz", p, have, g, 3, &d, see, ctx, cut, &split, &top);
	if (!split)
		b.n = 0;
	if (rc != rc0 || a.n + b.n != whole->n || !same_diag(&d, d0) ||
	    (rc == 0 && !same_top(&top.top, top0)))
		abort();
	tm_jscan_top_free(&top);
	for (size_t i = 0; i < whole->n; i++) {
		const struct seen *s = i < a.n ? &a : &b;
		size_t k = i < a.n ? i : i - a.n;

		if (s->e[k].off != whole->e[i].off || s->e[k].len != whole->e[i].len ||
		    s->e[k].line != whole->e[i].line || s->e[k].has_ts != whole->e[i].has_ts ||
		    s->e[k].ts != whole->e[i].ts || s->e[k].ph != whole->e[i].ph)
			abort();
		if (split && !late && (i < a.n) != (whole->e[i].off < cut))
			abort();
	}
	free(a.e);
	free(b.e);
	tm_diag_free(&d);
}

static void run_split(const char *p, size_t n)
{
	struct seen whole = { 0 };
	struct tm_diag d0;
	struct tm_te_reader *r;
	struct tm_te_event ev;
	size_t cut;
	int rc0;

	if (n < 2)
		return;
	tm_diag_init(&d0);
	if (!(r = tm_te_reader_new("fuzz", p, n, 3, &d0)))
		abort();
	while ((rc0 = tm_te_reader_next(r, &ev)) == 1)
		see(&whole, &ev, &d0);
	if ((cut = tm_jscan_cut(p, n)))
		run_split_at(p, n, n, NULL, cut, false, &whole, &d0, rc0, tm_te_reader_top(r));
	/* a cut from the input's last two bytes: anywhere */
	cut = 1 + ((size_t)(unsigned char)p[n - 1] << 8 | (unsigned char)p[n - 2]) % (n - 1);
	run_split_at(p, n, n, NULL, cut, false, &whole, &d0, rc0, tm_te_reader_top(r));
	/* a text that grows (a gzipped JSON read while it is inflated): what
	 * is published first ends after a cut byte (as the inflate publishes:
	 * '\n' before the opener's decision, then '}', grow.h), the first at a
	 * third or later; the rest is there when the reader asks; read as the
	 * first pass reads it after the '}', cut late (the text has ended) */
	for (const char *c = "\n}"; *c; c++) {
		const char *at = memchr(p + n / 3, *c, n - n / 3);
		struct tm_grow g;

		if (at && at + 1 < p + n) {
			tm_grow_init(&g, p);
			tm_grow_end(&g, n);
			run_split_at(p, n, (size_t)(at + 1 - p), &g, 0, *c == '}', &whole, &d0, rc0,
				     tm_te_reader_top(r));
			tm_grow_destroy(&g);
		}
	}
	tm_te_reader_free(r);
	free(whole.e);
	tm_diag_free(&d0);
}

static void run_reader(const char *p, size_t n)
{
	struct tm_diag d;
	struct tm_te_reader *r;
	struct tm_te_event ev;
	const struct tm_te_top *top;
	uint64_t events = 0;
	unsigned long line = 1;
	size_t off = 0;
	int rc;

	tm_diag_init(&d);
	r = tm_te_reader_new("fuzz", p, n, 1, &d);
	if (!r) {
		tm_diag_free(&d);
		return;
	}
	while ((rc = tm_te_reader_next(r, &ev)) == 1) {
		events++;
		check_event(&ev, p, n);
		/* the line of '{': 1 + the newlines before it */
		for (; off < ev.offset; off++)
			line += p[off] == '\n';
		if (ev.line != line)
			abort();
	}
	if (tm_te_reader_next(r, &ev) != rc || tm_te_reader_next(r, &ev) != rc)
		abort();
	if ((rc < 0) != (d.error[0] != '\0'))
		abort();
	top = tm_te_reader_top(r);
	if (top->events != events)
		abort();
	for (size_t i = 0; i < top->nkeys; i++) {
		const struct tm_te_key *k = &top->keys[i];
		char *s;

		check_in(k->key, p, n);
		check_in(k->val, p, n);
		if (k->key.type != TM_J_STRING || k->val.type == TM_J_NONE)
			abort();
		free_str(&k->val);
		(void)tm_json_get(&k->val, "clock-domain");
		if ((s = tm_json_repair(&k->val, NULL)))
			free(s);
	}
	(void)tm_te_find_key(top, "metadata");
	tm_te_reader_free(r);
	tm_diag_free(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tm_diag d;
	struct tm_input *in;
	char *buf;

	/* exact-size copy so ASan sees any read past the end */
	buf = malloc(size ? size : 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	run_reader(buf, size);
	run_notes(buf, size);
	run_split(buf, size);

	/* the input module: JSON block + systemTraceEvents */
	tm_decode_set_limit(1u << 24);
	tm_diag_init(&d);
	in = tm_input_open_mem("fuzz", buf, size, &d);
	for (size_t i = 0; in && i < tm_input_nblocks(in); i++) {
		const struct tm_block *b = tm_input_block(in, i);

		/* unescaping shrinks, but a bad escape ("\\q") becomes U+FFFD */
		if (b->len && (!b->data || (b->kind == TM_BLOCK_FTRACE && !strcmp(b->origin,
				"systemTraceEvents") && b->len > size + size / 2)))
			abort();
	}
	tm_input_free(in);
	tm_diag_free(&d);
	free(buf);
	return 0;
}
