/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_json_scan.c - a Trace Event JSON text read in two parts on two threads
 * (src/scan/json-scan.c): at every possible cut, the events, warnings (the reader's
 * and the caller's own, in order), error, line numbers and top level are
 * those of one reader of the whole text (tm_te_reader, the definition), the cut is taken exactly where an element of the events
 * array starts, and dropped everywhere else; where the cut is looked for;
 * the newline count it starts the second part's lines from; and a text
 * that grows, cut late once it has ended (tm_jscan_grow). */
#include "testutil.h"
#include "decode.h"
#include "grow.h"
#include "json-scan.h"
#include "tracemerge/tejson.h"

#define MAXEV 32

struct got {
	size_t n;
	struct { size_t offset; unsigned long line; char phase; bool has_ts; int64_t ts; } ev[MAXEV];
};

/* Also a warning of its own for each 'X' event, as a caller's checks
 * would add them (into the diag of the event's part). */
static void collect(void *ctx, const struct tm_te_event *ev, struct tm_diag *d)
{
	struct got *g = ctx;
	char where[32];

	if (ev->phase == 'X') {
		snprintf(where, sizeof(where), "x:%lu", ev->line);
		tm_diag_warn(d, "test-x", where, "an X event");
	}

	assert_true(g->n < MAXEV);
	g->ev[g->n].offset = ev->offset;
	g->ev[g->n].line = ev->line;
	g->ev[g->n].phase = ev->phase;
	g->ev[g->n].has_ts = ev->has_ts;
	g->ev[g->n].ts = ev->has_ts ? ev->ts_ns : 0;
	g->n++;
}

/* One reader over the whole text: the definition.  Its top level into
 * *TOP (keys: a copy to free) when TOP is not NULL. */
static int read_whole(const char *t, size_t len, unsigned long first, struct tm_diag *d,
		      struct got *g, struct tm_te_top *top)
{
	struct tm_te_reader *r = tm_te_reader_new("t.json", t, len, first, d);
	struct tm_te_event ev;
	int rc;

	assert_non_null(r);
	while ((rc = tm_te_reader_next(r, &ev)) == 1)
		collect(g, &ev, d);
	if (top) {
		*top = *tm_te_reader_top(r);
		if (top->nkeys) {
			struct tm_te_key *k = malloc(top->nkeys * sizeof(*k));

			assert_non_null(k);
			memcpy(k, top->keys, top->nkeys * sizeof(*k));
			top->keys = k;
		}
	}
	tm_te_reader_free(r);
	return rc;
}

static void same_top(const struct tm_te_top *a, const struct tm_te_top *b)
{
	assert_int_equal(a->object_form, b->object_form);
	assert_int_equal(a->found_events, b->found_events);
	assert_int_equal(a->truncated, b->truncated);
	assert_int_equal(a->missing_close, b->missing_close);
	assert_int_equal(a->events, b->events);
	assert_int_equal(a->skipped, b->skipped);
	assert_int_equal(a->nkeys, b->nkeys);
	for (size_t i = 0; i < a->nkeys; i++) {
		assert_ptr_equal(a->keys[i].key.p, b->keys[i].key.p);
		assert_int_equal(a->keys[i].key.n, b->keys[i].key.n);
		assert_ptr_equal(a->keys[i].val.p, b->keys[i].val.p);
		assert_int_equal(a->keys[i].val.n, b->keys[i].val.n);
		assert_int_equal(a->keys[i].val.type, b->keys[i].val.type);
		assert_int_equal(a->keys[i].line, b->keys[i].line);
		assert_int_equal(a->keys[i].not_strict, b->keys[i].not_strict);
	}
}

static void same_diag(const struct tm_diag *a, const struct tm_diag *b)
{
	assert_string_equal(a->error, b->error);
	assert_int_equal(a->nwarn, b->nwarn);
	for (size_t i = 0; i < a->nwarn; i++) {
		assert_string_equal(a->warn[i].kind, b->warn[i].kind);
		assert_int_equal(a->warn[i].count, b->warn[i].count);
		assert_int_equal(a->warn[i].nlocs, b->warn[i].nlocs);
		for (unsigned k = 0; k < a->warn[i].nlocs; k++)
			assert_string_equal(a->warn[i].locs[k], b->warn[i].locs[k]);
		assert_string_equal(a->warn[i].first_message ? a->warn[i].first_message : "",
				    b->warn[i].first_message ? b->warn[i].first_message : "");
	}
}

/* What one reader of the whole text gives: the definition. */
struct whole {
	struct tm_diag d;
	struct got g;
	struct tm_te_top top;       /* keys: a copy (whole_free) */
	int rc;
};

static void whole_read(struct whole *w, const char *t, unsigned long first)
{
	memset(&w->g, 0, sizeof(w->g));
	tm_diag_init(&w->d);
	w->rc = read_whole(t, strlen(t), first, &w->d, &w->g, &w->top);
}

static void whole_free(struct whole *w)
{
	free((void *)w->top.keys);
	tm_diag_free(&w->d);
}

/* What the parts gave (A, then B when SPLIT; D, TOP, RC) is what one
 * reader of the whole gave (W); with a cut at CUT the first part ends
 * there. */
static void same_as_whole(const struct got *a, const struct got *b, bool split, size_t cut,
			  const struct tm_diag *d, const struct tm_jscan_top *top, int rc,
			  const struct whole *w)
{
	const struct got *g0 = &w->g;
	const struct tm_diag *d0 = &w->d;
	const struct tm_te_top *top0 = &w->top;
	int rc0 = w->rc;

	size_t nb = split ? b->n : 0;       /* (dropped, as the caller must) */

	assert_int_equal(rc, rc0 < 0 ? -1 : 0);
	assert_int_equal(a->n + nb, g0->n);
	for (size_t i = 0; i < g0->n; i++) {
		const struct got *g = i < a->n ? a : b;
		size_t k = i < a->n ? i : i - a->n;

		assert_int_equal(g->ev[k].offset, g0->ev[i].offset);
		assert_int_equal(g->ev[k].line, g0->ev[i].line);
		assert_int_equal(g->ev[k].phase, g0->ev[i].phase);
		assert_int_equal(g->ev[k].has_ts, g0->ev[i].has_ts);
		assert_int_equal(g->ev[k].ts, g0->ev[i].ts);
		if (split)      /* the first part ends at the cut */
			assert_true(i < a->n ? g0->ev[i].offset < cut : g0->ev[i].offset >= cut);
	}
	same_diag(d, d0);
	if (rc == 0)
		same_top(&top->top, top0);
}

/*
 * Cut T at every byte: the two parts together must give what one reader
 * gives, and the cut must hold exactly at the offsets in STARTS (the
 * elements of the events array, worked out by hand; NSTARTS of them).
 * Returns how many cuts held.
 */
static size_t every_cut(const char *t, unsigned long first, const size_t *starts, size_t nstarts)
{
	size_t len = strlen(t), held = 0;
	struct whole w;

	whole_read(&w, t, first);
	for (size_t cut = 1; cut < len; cut++) {
		struct got a = { 0 }, b = { 0 };
		void *ctx[2] = { &a, &b };
		struct tm_diag d;
		struct tm_jscan_top top;
		bool split, want = false;
		int rc;

		for (size_t i = 0; i < nstarts; i++)
			want |= starts[i] == cut;
		tm_diag_init(&d);
		rc = tm_jscan_at("t.json", t, len, NULL, first, &d, collect, ctx, cut, &split, &top);
		if (split != want)
			fail_msg("cut at %zu ('%c'): split %d, want %d", cut, t[cut], split, want);
		same_as_whole(&a, &b, split, cut, &d, &top, rc, &w);
		held += split;
		tm_jscan_top_free(&top);
		tm_diag_free(&d);
	}
	whole_free(&w);
	return held;
}

/* A part's events, and for the first part the text's grow, ended (all of
 * the text published already) when the part has END_AFTER events. */
struct lgot {
	struct got g;
	struct tm_grow *grow;
	size_t len, end_after;
};

static void collect_end(void *ctx, const struct tm_te_event *ev, struct tm_diag *d)
{
	struct lgot *l = ctx;

	collect(&l->g, ev, d);
	if (l->grow && l->g.n == l->end_after)
		tm_grow_end(l->grow, l->len);
}

/*
 * T read as a text that grows (tm_jscan_grow, LATE_MIN 1), all of it
 * published from the start (the reader never waits: no second thread here
 * to end it) but its end told only after the K-th event, for every K; and
 * then ended from the start, the reader handed its first HAVE bytes only,
 * for every HAVE from 4 (the cut, after the first event, may lie past
 * them): the
 * rest is cut late, near its middle, and the parts together give what one
 * reader gives.  Returns how many cuts held, and in *HELD_START how many
 * of the second kind.
 */
static size_t every_late_cut(const char *t, unsigned long first, size_t *held_start)
{
	size_t len = strlen(t), held = 0, n;
	struct whole w;

	*held_start = 0;
	whole_read(&w, t, first);
	n = w.g.n;
	for (size_t k = 1; k < n + len; k++) {
		struct tm_grow grow;
		struct lgot a = { .grow = &grow, .len = len, .end_after = k }, b = { 0 };
		void *ctx[2] = { &a, &b };
		struct tm_diag d;
		struct tm_jscan_top top;
		bool split;
		int rc;

		if (k > n && k - n < 4)
			continue;   /* (a BOM is whole in what a reader is handed) */
		tm_grow_init(&grow, t);
		tm_grow_set_cut(&grow, t[len - 1]);     /* (so all is published) */
		tm_grow_publish(&grow, len);
		tm_diag_init(&d);
		if (k > n) {            /* ended from the start, K - N bytes published then */
			tm_grow_end(&grow, len);
			a.grow = NULL;
		}
		rc = tm_jscan_grow("t.json", t, k > n ? k - n : len, &grow, first, &d,
				   collect_end, ctx, 1, &split, &top);
		same_as_whole(&a.g, &b.g, split, split && a.g.n < n ? w.g.ev[a.g.n].offset : len,
			      &d, &top, rc, &w);
		if (split)      /* decided after the K-th event (the first) */
			assert_true(a.g.n >= (k > n ? 1 : k));
		if (k > n)
			*held_start += split;
		else
			held += split;
		tm_jscan_top_free(&top);
		tm_diag_free(&d);
		tm_grow_destroy(&grow);
	}
	whole_free(&w);
	return held;
}

/* Array form; warnings on both sides of any cut, a repaired event, an
 * element that is not an object, lines from 5. */
static void test_array_warnings(void **state)
{
	static const char t[] =
		"[{\"ph\":\"B\",\"ts\":1,\"pid\":1,\"tid\":1},\n"       /* 1: line 5 */
		"{\"ph\":\"X\",\"ts\":\"x\",\"pid\":1},\n"               /* 36: bad ts, line 6 */
		" {\"ph\":\"E\",\"ts\":3,\"args\":{\"l\":[{\"a\":1},\n{\"b\":\"},{\"}]}},\n" /* 66 */
		"{\"name\":\"a\x01},{b\",\"ph\":\"i\",\"ts\":4},\n"     /* 121: raw control */
		"{\"ph\":\"C\",\"ts\":\"y\"},\n"                         /* 156: bad ts, line 10 */
		"7,\n"                                                  /* 177: not an object */
		"{\"ph\":\"X\",\"ts\":6}]\n";                           /* 180 */
	/* the '{' of each event and the 7, counted by hand */
	static const size_t starts[] = { 1, 36, 66, 121, 156, 177, 180 };
	struct tm_diag d;
	struct got g = { 0 };
	size_t start;

	(void)state;
	assert_int_equal(t[1], '{');
	assert_int_equal(t[36], '{');
	assert_int_equal(t[66], '{');
	assert_int_equal(t[121], '{');
	assert_int_equal(t[156], '{');
	assert_int_equal(t[177], '7');
	assert_int_equal(t[180], '{');
	/* what one reader makes of it, as the format says (tejson.h) */
	tm_diag_init(&d);
	assert_int_equal(read_whole(t, strlen(t), 5, &d, &g, NULL), 0);
	assert_int_equal(g.n, 6);
	assert_int_equal(g.ev[0].line, 5);
	assert_int_equal(g.ev[2].line, 7);
	assert_int_equal(g.ev[3].line, 9);      /* the args of line 7 end on line 8 */
	assert_int_equal(g.ev[5].line, 12);
	assert_int_equal(tm_diag_count(&d, "json-bad-value"), 2);
	assert_int_equal(tm_diag_count(&d, "json-bad-string"), 1);
	assert_int_equal(tm_diag_count(&d, "json-not-object"), 1);
	tm_diag_free(&d);

	assert_int_equal(every_cut(t, 5, starts, 7), 7);
	/* cut late (len 199) after event K at OFF: from OFF + (199 - OFF) / 2
	 * the first '{' after "},": K 1: 105 (in the args of 66: passed),
	 * K 2: 121 (held), K 3: 134 (in a string of 121: passed), K 4-6: no
	 * '{' after "}," from 160 on (the one at 180 follows "7,") */
	assert_int_equal(strlen(t), 199);
	assert_int_equal(every_late_cut(t, 5, &start), 1);
	assert_int_equal(start, 0);
}

/* Object form: keys before and after traceEvents, a truncated end. */
static void test_object_truncated(void **state)
{
	static const char t[] =
		"{\"a\":[{\"x\":1},{\"y\":2}],\"traceEvents\":[\n"      /* '[' at 37 */
		"{\"ph\":\"B\",\"ts\":1},\n"                             /* 39 */
		"{\"ph\":\"E\",\"ts\":2},\n"                             /* 58 */
		"{\"ph\":\"i\",\"ts\":\"q\"}],\"meta\":{\"k\":[{},{}]},\n" /* 77 */
		"\"m2\":1,\"traceEvents\":[{\"ph\":\"B\"";    /* 142 */
	/* a second traceEvents array is read as one too (trace-event-json.c) */
	static const size_t starts[] = { 39, 58, 77, 142 };
	size_t start;

	(void)state;
	assert_int_equal(t[39], '{');
	assert_int_equal(t[58], '{');
	assert_int_equal(t[77], '{');
	assert_int_equal(t[142], '{');
	assert_int_equal(every_cut(t, 1, starts, 4), 4);
	/* cut late (len 151): at 114, inside "meta", for K 1 to 3: never
	 * an element of the events array */
	assert_int_equal(strlen(t), 151);
	assert_int_equal(every_late_cut(t, 1, &start), 0);
	assert_int_equal(start, 0);
}

/* A syntax error after the middle: the error and its place are one
 * reader's, the events before it were handed out. */
static void test_error(void **state)
{
	static const char t[] =
		"[{\"ph\":\"B\",\"ts\":1},\n"                            /* 1 */
		"{\"ph\":\"X\",\"ts\":\"z\"},\n"                         /* 20 */
		"{\"ph\":\"E\",\"ts\":2},\n"                             /* 41 */
		"{\"ph\":\"E\" \"ts\":3},\n"                             /* 60: error */
		"{\"ph\":\"E\",\"ts\":4}]";                             /* 79 */
	static const size_t starts[] = { 1, 20, 41, 60 };
	struct tm_diag d;
	struct got g = { 0 };
	size_t start;

	(void)state;
	tm_diag_init(&d);
	assert_int_equal(read_whole(t, strlen(t), 1, &d, &g, NULL), -1);
	assert_int_equal(g.n, 3);
	assert_string_equal(d.error, "t.json:4:11: expected ',' or '}' in an object");
	tm_diag_free(&d);
	/* a cut at the event after the error is never reached */
	assert_int_equal(every_cut(t, 1, starts, 4), 4);
	/* cut late (len 97): K 1 and 2 at 60 (held: the error is the second
	 * part's), K 3 at 79 (after the error: dropped); ended from the start,
	 * at 60 whatever the reader had (HAVE 4 to 96) */
	assert_int_equal(strlen(t), 97);
	assert_int_equal(every_late_cut(t, 1, &start), 2);
	assert_int_equal(start, 93);
}

/* Compact text on one line, with a byte-order mark. */
static void test_compact_bom(void **state)
{
	static const char t[] = "\xef\xbb\xbf[{\"ts\":1},{\"ts\":2,\"args\":{\"s\":\"},{\"}},{\"ts\":3}]";
	static const size_t starts[] = { 4, 13, 41 };
	size_t start;

	(void)state;
	assert_int_equal(t[4], '{');
	assert_int_equal(t[13], '{');
	assert_int_equal(t[41], '{');
	assert_int_equal(every_cut(t, 1, starts, 3), 3);
	/* cut late (len 50): at 36, in a string of 13, for K 1 and 2 */
	assert_int_equal(strlen(t), 50);
	assert_int_equal(every_late_cut(t, 1, &start), 0);
	assert_int_equal(start, 0);
}

static void test_cut_guess(void **state)
{
	/* the middle (19) is inside the second event: the cut is the third */
	static const char t[] = "[{\"ts\":1},\n{\"ts\":22222222},\n {\"ts\":3}]";
	static const char none[] = "[{\"l\":[1,{\"a\":1},2,{\"b\":2},3,{\"c\":3}]}]";
	static const char spaced[] = "[{\"ts\":1} , {\"ts\":222222222}\t,\r\n\t{\"ts\":3}]";

	(void)state;
	assert_int_equal(tm_jscan_cut(t, strlen(t)), 29);
	assert_int_equal(t[29], '{');
	/* after the middle (19), only '{' after "2," and "3," */
	assert_int_equal(tm_jscan_cut(none, strlen(none)), 0);
	assert_int_equal(tm_jscan_cut(spaced, strlen(spaced)), 33);
	assert_int_equal(spaced[33], '{');
	assert_int_equal(tm_jscan_cut("", 0), 0);
	assert_int_equal(tm_jscan_cut("},{", 3), 0);    /* too short to cut */
}

/* The cut around a string read cheaply (systemTraceEvents): half of the
 * other bytes before it.  Worked out by hand: 8 events of 9 bytes with
 * their commas, and a 62-byte string value, in a text of 156 bytes (94
 * other bytes, half of them 47). */
static void test_cut_around(void **state)
{
	char first[200], last[200], x[61];
	size_t n;

	(void)state;
	memset(x, 'x', 60);
	x[60] = 0;
	/* the string first (bytes 5-66), the events at 83 + 9k: the byte
	 * after 47 other bytes is 109, the next event after "}," at 110 (the
	 * fourth), where the middle (78) gives the second (92) */
	n = (size_t)snprintf(first, sizeof(first), "{\"s\":\"%s\",\"traceEvents\":[{\"ts\":1},"
			     "{\"ts\":2},{\"ts\":3},{\"ts\":4},{\"ts\":5},{\"ts\":6},{\"ts\":7},"
			     "{\"ts\":8}]}", x);
	assert_int_equal(n, 156);
	assert_int_equal(tm_jscan_cut(first, n), 92);
	assert_int_equal(tm_jscan_cut_around(first, n, 5, 62), 110);
	assert_memory_equal(first + 110, "{\"ts\":4}", 8);
	/* the string last (bytes 93-154), the events at 16 + 9k: half of the
	 * other bytes is before the string, 47, the cut at 52 (the fifth),
	 * where the middle gives the eighth (79) */
	n = (size_t)snprintf(last, sizeof(last), "{\"traceEvents\":[{\"ts\":1},{\"ts\":2},"
			     "{\"ts\":3},{\"ts\":4},{\"ts\":5},{\"ts\":6},{\"ts\":7},"
			     "{\"ts\":8}],\"s\":\"%s\"}", x);
	assert_int_equal(n, 156);
	assert_int_equal(tm_jscan_cut(last, n), 79);
	assert_int_equal(tm_jscan_cut_around(last, n, 93, 62), 52);
	assert_memory_equal(last + 52, "{\"ts\":5}", 8);
	/* no string, or one that does not fit: the middle's cut */
	assert_int_equal(tm_jscan_cut_around(first, 156, 0, 0), 92);
	assert_int_equal(tm_jscan_cut_around(first, 156, 150, 62), 92);
	assert_int_equal(tm_jscan_cut_around(first, 156, 200, 1), 92);
}

/* tm_text_count_nl against a byte-by-byte count: every length to 300 at every
 * alignment, and a long run past a lane counter's 255 rounds. */
static void test_count_nl(void **state)
{
	static char buf[100000];
	uint32_t x = 12345;
	size_t want;

	(void)state;
	for (size_t i = 0; i < sizeof(buf); i++) {
		x = x * 1103515245u + 12345u;
		buf[i] = (x >> 16) % 7 == 0 ? '\n' : (char)(x >> 24);
	}
	for (size_t off = 0; off < 16; off++)
		for (size_t n = 0; n <= 300; n++) {
			want = 0;
			for (size_t i = 0; i < n; i++)
				want += buf[off + i] == '\n';
			assert_int_equal(tm_text_count_nl(buf + off, n), want);
		}
	memset(buf, '\n', sizeof(buf));
	assert_int_equal(tm_text_count_nl(buf + 3, sizeof(buf) - 3), sizeof(buf) - 3);
	memset(buf, 'a', sizeof(buf));
	assert_int_equal(tm_text_count_nl(buf, sizeof(buf)), 0);
}

/* tm_text_linepos_find against a byte-by-byte search and count from the
 * cursor: the literal at every place of a text with its first bytes all
 * over it ('<', "</", "</scrip"), past a lane counter's 255 rounds of
 * newlines, at the very end, cut by the end, and absent (cursor unmoved). */
static const char *naive_find(const char *p, const char *e, const char *lit, size_t n)
{
	for (; e - p >= (ptrdiff_t)n; p++)
		if (memcmp(p, lit, n) == 0)
			return p;
	return NULL;
}

static void check_find(const char *base, size_t from, size_t p, size_t e, const char *lit)
{
	struct tm_text_linepos lp;
	size_t n = strlen(lit);
	const char *want = naive_find(base + p, base + e, lit, n), *got;
	unsigned long line;

	tm_text_linepos_init(&lp, base);
	line = tm_text_linepos_at(&lp, from);
	got = tm_text_linepos_find(&lp, base + p, base + e, lit, n);
	assert_ptr_equal(got, want);
	if (!want) {
		assert_int_equal(lp.off, from);
		assert_int_equal(lp.line, line);
		return;
	}
	assert_int_equal(lp.off, (size_t)(want - base));
	assert_int_equal(lp.line, 1 + tm_text_count_nl(base, (size_t)(want - base)));
}

static void test_linepos_find(void **state)
{
	static char buf[9000];
	static const char *const noise[] = { "<", "</", "</scrip", "\n", "\n\n", "<idle>" };
	uint32_t x = 777;
	size_t i = 0;

	(void)state;
	while (i < sizeof(buf)) {
		const char *w;

		x = x * 1103515245u + 12345u;
		w = (x >> 16) % 5 == 0 ? noise[(x >> 20) % 6] : "ab";
		for (; *w && i < sizeof(buf); w++)
			buf[i++] = *w;
	}
	for (size_t at = 0; at + 9 <= 300; at++) {
		char save[9];

		memcpy(save, buf + at, 9);
		memcpy(buf + at, "</script>", 9);
		for (size_t p = 0; p < 20 && p <= at + 9; p++) {
			check_find(buf, 0, p, 320, "</script>");
			check_find(buf, p / 2, p, at + 9, "</script>");   /* at the end */
			check_find(buf, p, p, at + 8, "</script>");       /* cut by it */
		}
		memcpy(buf + at, save, 9);
	}
	check_find(buf, 0, 0, sizeof(buf), "</script>");         /* absent */
	check_find(buf, 0, 0, sizeof(buf), "</scrip");
	check_find(buf, 5, 17, sizeof(buf), "<");                 /* one byte */
	/* past 255 rounds of 16 bytes, all newlines, then the literal */
	memset(buf, '\n', sizeof(buf));
	memcpy(buf + 8000, "</script>", 9);
	check_find(buf, 0, 0, sizeof(buf), "</script>");
	check_find(buf, 100, 4081, sizeof(buf), "</script>");
	assert_null(tm_text_linepos_find(&(struct tm_text_linepos){ buf, 10, 1 }, buf + 9,
					 buf + sizeof(buf), "</script>", 9));   /* before the cursor */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_array_warnings),
		cmocka_unit_test(test_object_truncated),
		cmocka_unit_test(test_error),
		cmocka_unit_test(test_compact_bom),
		cmocka_unit_test(test_cut_guess),
		cmocka_unit_test(test_cut_around),
		cmocka_unit_test(test_count_nl),
		cmocka_unit_test(test_linepos_find),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
