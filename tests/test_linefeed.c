/* test_linefeed.c - lines read ahead by a helper thread are exactly the
 * reader's lines, in order, at every batch boundary; stopping early works. */
#include "testutil.h"
#include "canon.h"
#include "linefeed.h"

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
	struct tm_line_feed *f = tm_line_feed_new(t, len, true, false);
	struct tm_ftrace_line a;
	const struct tm_ftrace_line *bp;
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
		const struct tm_ftrace_line b = *bp;
		count++;
		assert_int_equal(a.kind, b.kind);
		assert_int_equal(a.lineno, b.lineno);
		assert_ptr_equal(a.raw.p, b.raw.p);
		assert_int_equal(a.raw.n, b.raw.n);
		assert_int_equal(a.ncont, b.ncont);
		assert_int_equal(a.ev.ts_ns, b.ev.ts_ns);
		assert_int_equal(a.ev.pid, b.ev.pid);
		assert_ptr_equal(a.ev.details.p, b.ev.details.p);
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

static void test_stop_early(void **state)
{
	size_t len;
	char *t = make_text(40000, &len);
	(void)state;
	/* the consumer stops after a few lines (an error in the caller): free
	 * must stop the helper that is blocked on a full ring */
	for (int n = 0; n < 3000; n += 1499) {
		struct tm_line_feed *f = tm_line_feed_new(t, len, true, false);
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
	struct tm_line_feed *f = tm_line_feed_new(text, sizeof(text) - 1, true, false);
	const struct tm_ftrace_line *l;

	(void)state;
	/* small blocks are read directly */
	assert_non_null(l = tm_line_feed_next(f));
	assert_int_equal(l->ev.pid, 1);
	assert_non_null(l = tm_line_feed_next(f));
	assert_int_equal(l->ev.ts_ns, 2000000000);
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

/* The prefixes made ahead are tm_canon_prefix_json's, line by line.
 * Returns how many got one; *NWANT: how many tm_canon_prefix_json makes. */
static size_t same_prefixes(const char *t, size_t len, size_t *nwant)
{
	struct tm_line_feed *f = tm_line_feed_new(t, len, true, true);
	const struct tm_ftrace_line *l;
	size_t made = 0;

	*nwant = 0;
	assert_true(len >= (1u << 20));
	assert_non_null(f);
	while ((l = tm_line_feed_next(f))) {
		const struct tm_canon_pre *got = tm_line_feed_pre(f);
		struct tm_canon_pre want;
		char buf[TM_CANON_PREFIX_MAX];

		if (!tm_canon_prefix_json(buf, l, -1, &want)) {
			assert_null(got);
			continue;
		}
		(*nwant)++;
		assert_non_null(got);   /* the room does not run out (linefeed.c) */
		made++;
		assert_int_equal(got->n[0] + got->n[1], want.n[0] + want.n[1]);
		assert_memory_equal(got->p[0], want.p[0], got->n[0] < want.n[0] ? got->n[0] : want.n[0]);
		assert_int_equal(got->n[1] != 0, want.n[1] != 0);
		if (want.n[1])
			assert_ptr_equal(got->p[1], want.p[1]);
		assert_int_equal(got->counts, want.counts);
		assert_int_equal(got->line, want.line);
	}
	tm_line_feed_free(f);
	return made;
}

static void test_prefixes(void **state)
{
	size_t len, n, want;
	char *t;

	(void)state;
	/* lines not in the kernel's layout: prefixes made in the batch's room
	 * (not for the markers with a continuation line) */
	t = make_text(3 * TM_LINE_FEED_BATCH + 5, &len);
	n = same_prefixes(t, len, &want);
	assert_int_equal(n, want);
	assert_true(want > 3 * TM_LINE_FEED_BATCH - 3 * TM_LINE_FEED_BATCH / 100 - 10);
	free(t);
	/* the kernel's layout: stretches of the lines themselves, no room used */
	t = make_layout_text(3 * TM_LINE_FEED_BATCH + 5, 12, &len);
	assert_int_equal(same_prefixes(t, len, &want), 3 * TM_LINE_FEED_BATCH + 5);
	assert_int_equal(want, 3 * TM_LINE_FEED_BATCH + 5);
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_batch_boundaries),
		cmocka_unit_test(test_stop_early),
		cmocka_unit_test(test_unthreaded),
		cmocka_unit_test(test_prefixes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
