/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * json-scan.c - the events of a Trace Event JSON text read on two cores
 * (json-scan.h).
 *
 * The cut is a guess: the first '{' after the middle that follows "},",
 * which is where the next event starts when events are written the usual
 * way.  The other thread reads from there to the end with a reader started
 * inside the events array (tm_te_reader_new_at); this one reads from the
 * start and stops when its next element starts at the cut
 * (tm_te_reader_stop_at).  Both readers are the same state machine, in the
 * same state at the cut, so the second one's events, warnings, line
 * numbers and end are what one reader would have given from there on.
 * When this reader's events go past the cut instead (it was inside an
 * event, a string or a nested value), the other thread is told to stop,
 * its work is dropped, and this reader reads on alone.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "grow.h"
#include "progress.h"
#include "json-scan.h"
#include "json-lex.h"
#include "json-split.h"
#include "line-feed.h"
#include "thread.h"

/* How far past the middle a cut is looked for. */
#define JSCAN_LOOK (16u << 20)

/* The first cut (see tm_jscan_cut) at FROM or after, in TEXT of LEN. */
static size_t cut_from(const char *text, size_t from, size_t len)
{
	const char *p = text + from, *e = text + len, *b;

	if (len < 8 || from >= len)
		return 0;
	if ((size_t)(e - p) > JSCAN_LOOK)
		e = p + JSCAN_LOOK;
	while ((p = memchr(p, '{', (size_t)(e - p)))) {
		b = p;
		while (b > text && tm_json_lex_is_ws(b[-1]))
			b--;
		if (b > text && b[-1] == ',') {
			b--;
			while (b > text && tm_json_lex_is_ws(b[-1]))
				b--;
			if (b > text && b[-1] == '}')
				return (size_t)(p - text);
		}
		p++;
	}
	return 0;
}

size_t tm_jscan_cut(const char *text, size_t len)
{
	return cut_from(text, len / 2, len);
}

size_t tm_jscan_cut_around(const char *text, size_t len, size_t at, size_t n)
{
	size_t half;

	if (at > len || n > len - at)
		n = 0;
	half = (len - n) / 2;
	return cut_from(text, half < at ? half : half + n, len);
}

struct second {
	const char *name, *text;
	size_t len, cut;
	bool object_form;
	unsigned long first_line;
	tm_jscan_fn *fn;
	void *ctx;
	struct tm_diag d;
	struct tm_te_reader *r;     /* freed by the caller */
	atomic_bool quit;
	int rc;
};

static void *second_run(void *arg)
{
	struct second *s = arg;
	struct tm_te_event ev;
	struct tm_progress_mark pm;
	int rc = 0;

	s->r = tm_te_reader_new_at(s->name, s->text, s->len, s->cut, s->object_form,
				   s->first_line + tm_text_count_nl(s->text, s->cut), &s->d);
	if (!s->r) {
		s->rc = tm_diag_error(&s->d, "out of memory");
		return NULL;
	}
	tm_progress_mark_init(&pm, s->cut);
	while (!atomic_load_explicit(&s->quit, memory_order_relaxed) &&
	       (rc = tm_te_reader_next(s->r, &ev)) == 1) {
		s->fn(s->ctx, &ev, &s->d);
		tm_progress_move(&pm, ev.offset, 0);
	}
	if (rc == 0)
		tm_progress_move(&pm, s->len, 1);
	s->rc = rc < 0 ? -1 : 0;
	return NULL;
}

/* The form of the text: 1 object, 0 array, -1 neither (no cut then). */
static int form_of(const char *p, size_t len)
{
	const char *e = p + len;

	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	p = tm_json_lex_ws(p, e);
	return p == e ? -1 : *p == '{' ? 1 : *p == '[' ? 0 : -1;
}

void tm_jscan_top_free(struct tm_jscan_top *t)
{
	free(t->keys);
	memset(t, 0, sizeof(*t));
}

/* The top level of A's text then B's (B: NULL, or the part after A's). */
static int join_top(struct tm_jscan_top *t, const struct tm_te_top *a, const struct tm_te_top *b)
{
	size_t n = a->nkeys + (b ? b->nkeys : 0);

	t->top = *a;
	t->keys = NULL;
	if (n && !(t->keys = malloc(n * sizeof(*t->keys))))
		return -1;
	if (a->nkeys)
		memcpy(t->keys, a->keys, a->nkeys * sizeof(*t->keys));
	if (b) {
		if (b->nkeys)
			memcpy(t->keys + a->nkeys, b->keys, b->nkeys * sizeof(*t->keys));
		/* A stopped at the cut, inside the events array: how the
		 * text ends is B's to say */
		t->top.found_events = a->found_events || b->found_events;
		t->top.truncated = b->truncated;
		t->top.missing_close = b->missing_close;
		t->top.events += b->events;
		t->top.skipped += b->skipped;
	}
	t->top.keys = t->keys;
	t->top.nkeys = n;
	return 0;
}

/* The second part, from CUT to LEN, of TEXT (FORM: form_of) read on
 * another thread (T) for FN(CTX1): true when it runs (then R stops at the
 * cut). */
static bool start_second(struct second *s, struct tm_thread *t, struct tm_te_reader *r,
			 const char *name, const char *text, size_t len, size_t cut, int form,
			 unsigned long first_line, tm_jscan_fn *fn, void *ctx1)
{
	memset(s, 0, sizeof(*s));
	s->name = name;
	s->text = text;
	s->len = len;
	s->cut = cut;
	s->object_form = form;
	s->first_line = first_line;
	s->fn = fn;
	s->ctx = ctx1;
	tm_diag_init(&s->d);
	atomic_init(&s->quit, false);
	if (!tm_thread_start(t, second_run, s)) {
		tm_diag_free(&s->d);
		return false;
	}
	tm_te_reader_stop_at(r, cut);
	return true;
}

/* The events of the text, as tm_jscan_at() and tm_jscan_grow() say. */
static int scan(const char *name, const char *text, size_t len, struct tm_grow *g,
		unsigned long first_line, struct tm_diag *d, tm_jscan_fn *fn, void *ctx[2],
		size_t cut, size_t late_min, bool *split, struct tm_jscan_top *top)
{
	struct tm_te_reader *r = tm_te_reader_new(name, text, len, first_line, d);
	struct second s;
	struct tm_te_event ev;
	struct tm_progress_mark pm;
	struct tm_thread t;
	bool two = false, passed = false, late = g && late_min, done;
	int rc, form = cut && !g ? form_of(text, len) : -1;

	*split = false;
	if (top)
		memset(top, 0, sizeof(*top));
	if (!r)
		return tm_diag_error(d, "out of memory");
	if (g)
		tm_te_reader_set_grow(r, g);
	if (form >= 0 && cut < len)
		two = start_second(&s, &t, r, name, text, len, cut, form, first_line, fn, ctx[1]);
	tm_progress_mark_init(&pm, 0);
	while ((rc = tm_te_reader_next(r, &ev)) == 1) {
		tm_progress_move(&pm, ev.offset, 0);
		if (two && !passed && ev.offset > cut) {
			/* past the cut: the other part is not the rest */
			atomic_store_explicit(&s.quit, true, memory_order_relaxed);
			passed = true;
		}
		fn(ctx[0], &ev, d);
		if (late) {
			/* the text has ended: the rest, when it is long, is cut
			 * in two near its middle (one decision) */
			size_t n = tm_grow_ready(g, &done) - (size_t)(text - g->data);

			if (done) {
				late = false;
				if (n - ev.offset >= late_min &&
				    (cut = cut_from(text, ev.offset + (n - ev.offset) / 2, n)) &&
				    (form = form_of(text, n)) >= 0)
					two = start_second(&s, &t, r, name, text, n, cut, form,
							   first_line, fn, ctx[1]);
			}
		}
	}
	if (g)      /* (its length now: the whole text's) */
		len = tm_grow_ready(g, NULL) - (size_t)(text - g->data);
	if (rc == 0)
		tm_progress_move(&pm, two && !passed ? cut : len, 1);
	if (two) {
		*split = rc == 0 && tm_te_reader_stopped(r);
		if (!*split)
			atomic_store_explicit(&s.quit, true, memory_order_relaxed);
		tm_thread_join(&t);
		if (*split) {
			tm_diag_absorb(d, &s.d);
			if (s.rc) {
				memcpy(d->error, s.d.error, sizeof(d->error));
				rc = -1;
			}
		}
	}
	if (rc == 0 && top &&
	    join_top(top, tm_te_reader_top(r), *split ? tm_te_reader_top(s.r) : NULL))
		rc = tm_diag_error(d, "out of memory");
	if (two) {
		tm_te_reader_free(s.r);
		tm_diag_free(&s.d);
	}
	tm_te_reader_free(r);
	return rc < 0 ? -1 : 0;
}

int tm_jscan_at(const char *name, const char *text, size_t len, struct tm_grow *g,
		unsigned long first_line, struct tm_diag *d, tm_jscan_fn *fn, void *ctx[2],
		size_t cut, bool *split, struct tm_jscan_top *top)
{
	return scan(name, text, len, g, first_line, d, fn, ctx, cut, 0, split, top);
}

int tm_jscan_grow(const char *name, const char *text, size_t len, struct tm_grow *g,
		  unsigned long first_line, struct tm_diag *d, tm_jscan_fn *fn, void *ctx[2],
		  size_t late_min, bool *split, struct tm_jscan_top *top)
{
	return scan(name, text, len, g, first_line, d, fn, ctx, 0,
		    tm_thread_allowed() ? late_min : 0, split, top);
}

int tm_jscan_cheap(const char *name, const char *text, size_t len, unsigned long first_line,
		   struct tm_diag *d, tm_jscan_fn *fn, void *ctx[2], bool *split,
		   struct tm_jscan_top *top, size_t cheap_at, size_t cheap_len)
{
	size_t cut = len >= TM_JSCAN_MIN && tm_thread_allowed()
			     ? tm_jscan_cut_around(text, len, cheap_at, cheap_len) : 0;

	return tm_jscan_at(name, text, len, NULL, first_line, d, fn, ctx, cut, split, top);
}

int tm_jscan(const char *name, const char *text, size_t len, unsigned long first_line,
	     struct tm_diag *d, tm_jscan_fn *fn, void *ctx[2], bool *split,
	     struct tm_jscan_top *top)
{
	return tm_jscan_cheap(name, text, len, first_line, d, fn, ctx, split, top, 0, 0);
}
