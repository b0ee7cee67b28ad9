/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_line_feed.c - lines read ahead by a helper thread are exactly the
 * reader's lines, in order, at every batch boundary; stopping early works. */
#include "testutil.h"
#include "canon.h"
#include "line-ends.h"
#include "line-feed.h"
#include "ftrace_util.h"

#include <unistd.h>

/* NLINES event lines (plus a header and a marker with a continuation line
 * every 100 lines), at least 1 MiB so that the feed uses its thread. */
static char *make_text(size_t nlines, size_t *len)
{
	size_t cap = nlines * 200 + 4096, n = 0;
	char *t = malloc(cap);

	assert_non_null(t);
	n += (size_t)snprintf(t + n, cap - n, "# tracer: nop\n#\n");
	for (size_t i = 0; i < nlines; i++) {
		if (i % 100 == 7)
			n += (size_t)snprintf(t + n, cap - n,
					      "  app-1  [000] .... %zu.000001: tracing_mark_write: note %zu\nmore text\n",
					      i, i);
		else
			n += (size_t)snprintf(t + n, cap - n,
					      "  task-%zu  [001] d..2 %zu.%06zu: sched_waking: comm=x pid=%zu prio=120 "
					      "target_cpu=001 padding-padding-padding-padding-padding-padding\n",
					      i % 5000, i, i % 1000000, i);
	}
	*len = n;
	return t;
}

static void same_lines(size_t nlines)
{
	size_t len;
	char *t = make_text(nlines, &len);
	struct tm_ftrace_reader *r = tm_ftrace_reader_new(t, len);
	struct tm_line_feed *f = tm_line_feed_new(t, len, true, NULL);
	struct tm_ftrace_line a;
	const struct tm_fline *bp;
	size_t count = 0;

	assert_true(len >= (1u << 20));
	assert_non_null(r);
	assert_non_null(f);
	for (;;) {
		int ra = tm_ftrace_next(r, &a);
		bp = tm_line_feed_next(f);
		assert_int_equal(ra, bp != NULL);
		if (!ra)
			break;
		/* (the public reader's line is the feed's, facts aside) */
		const struct tm_ftrace_line b = bp->line;
		count++;
		assert_true(tm_t_same_line(&a, &b));
	}
	/* 2 header lines + one line per event (continuations are attached) */
	assert_int_equal(count, nlines + 2);
	assert_null(tm_line_feed_next(f));
	assert_string_equal(tm_line_feed_header(f)->tracer, "nop");
	tm_line_feed_free(f);
	tm_ftrace_reader_free(r);
	free(t);
}

static void test_batch_boundaries(void **state)
{
	(void)state;
	/* end exactly on, just after and just before a batch boundary */
	same_lines(8 * TM_LINE_FEED_BATCH - 2);
	same_lines(8 * TM_LINE_FEED_BATCH - 1);
	same_lines(8 * TM_LINE_FEED_BATCH);
	same_lines(8 * TM_LINE_FEED_BATCH + 1);
}

/* Every kind of line, in a block of at least 1 MiB: plain ones, ones a
 * JSON string escapes ('"', a tab), CRLF, blank lines, a NUL byte, markers
 * with continuation lines, lines of 40 KiB and 70 KiB (rejected), lines
 * ending within 32 bytes of the block's end and a last line without '\n'. */
static char *make_mixed_text(size_t *len)
{
	size_t cap = 6u << 20, n = 0, i = 0;
	char *t = malloc(cap);

	assert_non_null(t);
	n += (size_t)snprintf(t + n, cap - n, "# tracer: nop\n");
	while (n < (5u << 20)) {
		switch (i % 9) {
		case 0:
			n += (size_t)snprintf(t + n, cap - n, "  a-1  [000] .... %zu.000001: e: plain\n", i);
			break;
		case 1:
			n += (size_t)snprintf(t + n, cap - n, "  a-1  [000] .... %zu.000001: e: \"q\"\tx\r\n", i);
			break;
		case 2:
			n += (size_t)snprintf(t + n, cap - n, "\n  a-1  [000] .... %zu.000001: tracing_mark_write: m\n"
					      "cont one\ncont \"two\"\n", i);
			break;
		case 3:
			n += (size_t)snprintf(t + n, cap - n, "  a-1  [000] .... %zu.000001: e: nul ", i);
			t[n++] = '\0';
			t[n++] = '\n';
			break;
		case 4:
			if (i == 1003 || i == 30001) {   /* two long lines */
				size_t k = i == 1003 ? 40000 : 70000;
				n += (size_t)snprintf(t + n, cap - n, "  a-1  [000] .... %zu.000001: e: ", i);
				memset(t + n, 'x', k);
				n += k;
				t[n++] = '\n';
			}
			break;
		default:
			n += (size_t)snprintf(t + n, cap - n,
					      "          <idle>-0     (-----) [003] d.h2   %zu.000002: irq_handler_exit: irq=29 ret=handled\n", i);
		}
		i++;
	}
	n += (size_t)snprintf(t + n, cap - n, "a-1 [000] .... 9.000001: e: x\nb\n\nc-1 [000] .... 9.000002: e: end");
	*len = n;
	return t;
}

/* The lines of the mixed text through the feed, its caller pausing every
 * PAUSE lines (0: never) so that the helper runs ahead of the line ends
 * found for it: every field as the reader alone gives it.  Returns how
 * many line ends the helper took from its caller. */
static size_t same_mixed_lines(int pause)
{
	size_t len, n = 0, cap = 1u << 18, taken;
	char *t = make_mixed_text(&len);
	struct tm_ftrace_reader *r = tm_ftrace_reader_new(t, len);
	struct tm_line_feed *f = tm_line_feed_new(t, len, true, NULL);
	struct tm_fline *got = malloc(cap * sizeof(*got)), a;
	const struct tm_fline *b;

	assert_non_null(r);
	assert_non_null(f);
	assert_non_null(got);
	/* the feed's lines first (a caller with nothing else to do) */
	while ((b = tm_line_feed_next(f))) {
		assert_true(n < cap);
		got[n++] = *b;
		if (pause && n % (size_t)pause == 0)
			usleep(2000);
	}
	taken = tm_line_feed_ends_taken(f);
	tm_line_feed_free(f);
	for (size_t i = 0; i < n; i++) {
		b = &got[i];
		assert_int_equal(tm_ftrace_next_fline(r, &a), 1);
		if (!tm_t_same_line(&a.line, &b->line) || a.f.plain != b->f.plain ||
		    a.f.cols.kernel_cols != b->f.cols.kernel_cols ||
		    a.f.cols.kernel_ts != b->f.cols.kernel_ts || a.f.cols.ts_at != b->f.cols.ts_at)
			fail_msg("line %lu differs", a.line.lineno);
	}
	assert_int_equal(tm_ftrace_next_fline(r, &a), 0);
	tm_ftrace_reader_free(r);
	free(got);
	free(t);
	return taken;
}

/* Line ends found by the caller while it waits, taken by the helper when
 * they are the ones it needs: the same lines whether it takes many, some
 * or none (how many depends on the two threads' timing: printed, not
 * checked; test_line_ends_ring checks the ring's steps one by one). */
static void test_line_ends_ahead(void **state)
{
	size_t fast, slow;

	(void)state;
	fast = same_mixed_lines(0);
	slow = same_mixed_lines(3000);
	printf("line ends taken by the helper: %zu, %zu with pauses\n", fast, slow);
	if (!tm_ftrace_plain_line_end())
		assert_true(fast == 0 && slow == 0);   /* none found ahead without AVX2 */
}

/* The ring of line ends driven step by step on one thread: what the taker
 * gets for each line is what the reader's own search gives (worked out
 * line by line with it), whether the finder found it first (counted as
 * taken) or the taker found it itself; entries of lines the taker has
 * passed are passed over; the finder starts at the line the taker last
 * found itself; a full ring and the block's end stop the finder. */
static void test_line_ends_ring(void **state)
{
	tm_ftrace_line_end_fn own = tm_ftrace_plain_line_end();
	static struct tm_line_ends q;   /* 256 KiB: not on the stack */
	size_t len = 0, cap = 20000 * 64, nlines = 0, i;
	const char **line;
	char *t;

	(void)state;
	if (!own) {
		skip();   /* no AVX2: the line feed finds no ends ahead */
		return;
	}
	t = malloc(cap);
	line = malloc(20001 * sizeof(*line));
	assert_non_null(t);
	assert_non_null(line);
	/* 20000 lines: plain ones, one a JSON string escapes every 7th, the last
	 * without '\n' */
	for (i = 0; i < 20000; i++) {
		line[nlines++] = t + len;
		len += (size_t)snprintf(t + len, cap - len, i % 7 == 3 ?
					"a-1 [000] .... %zu.000001: e: \"x\"\n" :
					"a-1 [000] .... %zu.000001: e: plain text\n", i);
		assert_true(len < cap);
	}
	len--;   /* the last line without its '\n' */
	tm_line_ends_init(&q, t, len);
	/* the finder first: lines 0-2, taken in order */
	assert_true(tm_line_ends_find(&q, 3));
	assert_int_equal(q.head, 3);
	for (i = 0; i < 3; i++)
		assert_ptr_equal(tm_line_ends_take(&q, line[i], t + len), own(NULL, line[i], t + len));
	assert_int_equal(q.taken, 3);
	assert_int_equal(q.tail, 3);
	/* the ring empty: lines 3-9 found by the taker itself */
	for (i = 3; i < 10; i++)
		assert_ptr_equal(tm_line_ends_take(&q, line[i], t + len), own(NULL, line[i], t + len));
	assert_int_equal(q.taken, 3);
	assert_ptr_equal(q.at, line[9]);
	/* the finder goes on from line 9, where the taker is, not from line 3 */
	assert_true(tm_line_ends_find(&q, 4));
	assert_int_equal(q.head, 7);
	assert_ptr_equal(q.start[3], line[9]);
	assert_ptr_equal(q.start[6], line[12]);
	/* the taker at line 11: the entries of lines 9 and 10 passed over */
	assert_ptr_equal(tm_line_ends_take(&q, line[11], t + len), own(NULL, line[11], t + len));
	assert_int_equal(q.tail, 6);
	assert_int_equal(q.taken, 4);
	assert_ptr_equal(tm_line_ends_take(&q, line[12], t + len), own(NULL, line[12], t + len));
	assert_int_equal(q.taken, 5);
	/* a full ring: TM_LINE_ENDS entries waiting, no room for more */
	assert_true(tm_line_ends_find(&q, 2 * TM_LINE_ENDS));
	assert_int_equal(q.head - q.tail, TM_LINE_ENDS);
	assert_false(tm_line_ends_find(&q, 1));
	/* the ring's lines taken from it, the rest found by the taker; each
	 * as the search gives it */
	for (i = 13; i < nlines; i++)
		assert_ptr_equal(tm_line_ends_take(&q, line[i], t + len), own(NULL, line[i], t + len));
	assert_int_equal(q.taken, 5 + TM_LINE_ENDS);
	assert_int_equal(q.tail, q.head);
	assert_ptr_equal(q.at, line[nlines - 1]);
	/* the finder: the last line's end (the taker is past it), then nothing */
	assert_true(tm_line_ends_find(&q, 8));
	assert_int_equal(q.head - q.tail, 1);
	assert_ptr_equal(q.pos, t + len);
	assert_false(tm_line_ends_find(&q, 8));
	free(line);
	free(t);
}

static void test_stop_early(void **state)
{
	size_t len;
	char *t = make_text(40000, &len);
	(void)state;
	/* the consumer stops after a few lines (an error in the caller): free
	 * must stop the helper that is blocked on a full ring */
	for (int n = 0; n < 3000; n += 1499) {
		struct tm_line_feed *f = tm_line_feed_new(t, len, true, NULL);
		assert_non_null(f);
		for (int i = 0; i < n; i++)
			assert_non_null(tm_line_feed_next(f));
		tm_line_feed_free(f);
	}
	free(t);
}

static void test_unthreaded(void **state)
{
	static const char text[] = "a-1 [000] .... 1.000000: e: x\nb-2 [001] .... 2.000000: e: y";
	struct tm_line_feed *f = tm_line_feed_new(text, sizeof(text) - 1, true, NULL);
	const struct tm_fline *l;

	(void)state;
	/* small blocks are read directly */
	assert_non_null(l = tm_line_feed_next(f));
	assert_int_equal(l->line.ev.pid, 1);
	assert_non_null(l = tm_line_feed_next(f));
	assert_int_equal(l->line.ev.ts_ns, 2000000000);
	assert_null(tm_line_feed_next(f));
	tm_line_feed_free(f);
}

/* NLINES lines in the kernel's layout with a comm of COMM_LEN bytes (at
 * least 1 MiB in all). */
static char *make_layout_text(size_t nlines, size_t comm_len, size_t *len)
{
	size_t cap = nlines * (comm_len + 200) + 64, n = 0;
	char *t = malloc(cap), comm[200];

	assert_non_null(t);
	assert_true(comm_len < sizeof(comm));
	memset(comm, 'c', comm_len);
	comm[comm_len] = '\0';
	for (size_t i = 0; i < nlines; i++)
		n += (size_t)snprintf(t + n, cap - n,
				      "%16s-%-5zu (%5zu) [%03zu] d..2 %5zu.%06zu: sched_waking: comm=x "
				      "pid=%zu prio=120 target_cpu=001 padding-padding-padding-padding\n",
				      comm, 100 + i % 900, 50 + i % 7, i % 4, 100 + i / 1000000,
				      i % 1000000, i);
	*len = n;
	return t;
}

/* The prefixes made ahead are tm_canon_prefix_json's, line by line, for
 * every line of a batch or for none (a batch produced after the consumer
 * had to wait for one is left to the consumer: line-feed.c).  With PAUSE the
 * consumer starts 200 ms after the helper, so the first batch is made
 * before it ever waits.  Returns how many got one; *NWANT: how many
 * tm_canon_prefix_json makes; *NFIRST: how many of the first batch got one. */
static size_t same_prefixes(const char *t, size_t len, bool pause, size_t *nwant,
			    size_t *nfirst)
{
	struct tm_line_feed *f = tm_line_feed_new(t, len, true, &tm_canon_prefix_work);
	const struct tm_fline *l;
	size_t made = 0, i = 0;
	int batch_has = -1;   /* this batch: -1 nothing seen yet, 0 none, 1 all */

	*nwant = *nfirst = 0;
	assert_true(len >= (1u << 20));
	assert_non_null(f);
	if (pause)
		usleep(200 * 1000);
	for (; (l = tm_line_feed_next(f)); i++) {
		const struct tm_canon_pre *got = tm_line_feed_result(f);
		struct tm_canon_pre want;
		char buf[TM_CANON_PREFIX_MAX];

		if (i % TM_LINE_FEED_BATCH == 0)
			batch_has = -1;
		if (!tm_canon_prefix_json(buf, l, -1, &want)) {
			assert_null(got);
			continue;
		}
		(*nwant)++;
		if (batch_has < 0)
			batch_has = got != NULL;
		assert_int_equal(got != NULL, batch_has);   /* (the room does not run out) */
		if (!got)
			continue;
		made++;
		*nfirst += i < TM_LINE_FEED_BATCH;
		assert_int_equal(got->n[0] + got->n[1], want.n[0] + want.n[1]);
		assert_memory_equal(got->p[0], want.p[0], got->n[0] < want.n[0] ? got->n[0] : want.n[0]);
		assert_int_equal(got->n[1] != 0, want.n[1] != 0);
		if (want.n[1])
			assert_ptr_equal(got->p[1], want.p[1]);
		assert_int_equal(got->counts, want.counts);
		assert_int_equal(got->line, want.line);
		assert_int_equal(got->tgid_at, want.tgid_at);
	}
	tm_line_feed_free(f);
	return made;
}

static void test_prefixes(void **state)
{
	size_t len, n, want, first;
	char *t;

	(void)state;
	for (int pause = 1; pause >= 0; pause--) {
		/* lines not in the kernel's layout: prefixes made in the batch's
		 * room (not for the markers with a continuation line) */
		t = make_text(3 * TM_LINE_FEED_BATCH + 5, &len);
		n = same_prefixes(t, len, pause, &want, &first);
		assert_true(want > 3 * TM_LINE_FEED_BATCH - 3 * TM_LINE_FEED_BATCH / 100 - 10);
		assert_true(n <= want);
		if (pause)
			assert_true(first > TM_LINE_FEED_BATCH - TM_LINE_FEED_BATCH / 100 - 10);
		free(t);
		/* the kernel's layout: stretches of the lines themselves, no room used */
		t = make_layout_text(3 * TM_LINE_FEED_BATCH + 5, 12, &len);
		n = same_prefixes(t, len, pause, &want, &first);
		assert_int_equal(want, 3 * TM_LINE_FEED_BATCH + 5);
		assert_true(n <= want);
		if (pause)
			assert_int_equal(first, TM_LINE_FEED_BATCH);
		free(t);
	}
}

/* A comm the JSON string must escape ('"') in a line of the kernel's
 * layout: tm_canon_prefix_json makes no prefix for it, and neither does
 * the feed (it handed out the raw stretches, and `import` of a block of
 * 1 MiB or more wrote the quote unescaped: invalid JSON). */
static void test_prefix_not_made(void **state)
{
	size_t len, want, first, n = 0;
	char *t;

	(void)state;
	t = make_layout_text(3 * TM_LINE_FEED_BATCH + 5, 12, &len);
	for (char *p = t; (p = strstr(p, "cccccccccccc-")); p++, n++) {
		if (n % 3 == 0)
			p[5] = '"';
	}
	assert_true(n > 3 * TM_LINE_FEED_BATCH);
	same_prefixes(t, len, true, &want, &first);
	assert_int_equal(want, 3 * TM_LINE_FEED_BATCH + 5 - (n + 2) / 3);
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_batch_boundaries),
		cmocka_unit_test(test_stop_early),
		cmocka_unit_test(test_unthreaded),
		cmocka_unit_test(test_line_ends_ahead),
		cmocka_unit_test(test_line_ends_ring),
		cmocka_unit_test(test_prefixes),
		cmocka_unit_test(test_prefix_not_made),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
