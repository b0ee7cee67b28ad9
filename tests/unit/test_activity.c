/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_activity.c - activity alignment (src/clock/clock-activity.h): the
 * offsets under which the most app timestamps fall in their threads'
 * running intervals.
 *
 * The tiny cases are worked by hand in the comments (every interval of d
 * listed); test_activity_random.c checks random and synthetic cases. */
#include "activity_util.h"

/* ---- tiny cases by hand -------------------------------------------------- */

/*
 * Thread 1 runs [100,110) and [130,140), stamps 95 and 98; thread 2 runs
 * [200,220), stamps 190 and 205.  Each (stamp, run) allows d in
 * [s - t, e - t):
 *   t=95: [5,15) [35,45)   t=98: [2,12) [32,42)   t=190: [10,30)   t=205: [-5,15)
 * so on the window [0, 100]:
 *   [0,2) 1  [2,5) 2  [5,10) 3  [10,12) 4  [12,15) 3  [15,30) 1  [30,32) 0
 *   [32,35) 1  [35,42) 2  [42,45) 1  [45,101) 0
 * The best is 4 on [10,12): width 2 ns.  At d = 10 the runs holding the
 * stamps have lengths 10, 10, 20, 20: the lower median, 10, is the
 * separation, the zone [0, 22), and outside it the best is 2 on [35,42).
 */
static const run_t hand_runs1[] = { { 100, 110 }, { 130, 140 } };
static const run_t hand_runs2[] = { { 200, 220 } };
static const int64_t hand_ts1[] = { 95, 98 };
static const int64_t hand_ts2[] = { 190, 205 };

static void check_hand(const result_t *r)
{
	assert_int_equal(r->verdict, TM_ACTIVITY_DECIDED);
	assert_int_equal(r->best.lo, 10);
	assert_int_equal(r->best.end, 12);
	assert_int_equal(r->best.count, 4);
	assert_int_equal(r->best_pieces, 1);
	assert_int_equal(r->total, 4);
	assert_int_equal(r->threads_used, 2);
	assert_int_equal(r->separation, 10);
	assert_int_equal(r->runner.count, 2);
	assert_int_equal(r->runner.lo, 35);
	assert_int_equal(r->runner.end, 42);
	assert_true(r->exhaustive);
}

static void test_hand_two_threads(void **state)
{
	thread_t th[] = {
		{ 1, hand_runs1, 2, hand_ts1, 2 },
		{ 2, hand_runs2, 1, hand_ts2, 2 },
	};
	opts_t o;
	result_t r;
	(void)state;
	tm_clock_activity_defaults(&o, 0, 100);
	o.min_timestamps = 4;
	solve(th, 2, &o, &r);
	check_hand(&r);
	assert_int_equal(r.bucket_ns, 1);
	/* the candidates: the winner, then the runner-up */
	assert_true(r.n_cand >= 2);
	assert_int_equal(r.cand[0].count, 4);
	assert_int_equal(r.cand[0].lo, 10);
	assert_int_equal(r.cand[1].count, 2);
	assert_int_equal(r.cand[1].lo, 35);
}

/* The same with a window of +-1 s: buckets of 1024 ns in the screen (the
 * smallest power of two B with 2e9 / B < 2^21: the runs, of median 10 ns,
 * are shorter than 2 B for any B allowed), and the same exact answer from
 * the sweep. */
static void test_hand_wide_window(void **state)
{
	thread_t th[] = {
		{ 1, hand_runs1, 2, hand_ts1, 2 },
		{ 2, hand_runs2, 1, hand_ts2, 2 },
	};
	opts_t o;
	result_t r;
	(void)state;
	tm_clock_activity_defaults(&o, -1000000000, 1000000000);
	o.min_timestamps = 4;
	solve(th, 2, &o, &r);
	assert_int_equal(r.bucket_ns, 1024);
	check_hand(&r);
}

/* Thread 1's runs out of order, overlapping, touching, and an empty one:
 * their union is [100,110) [130,140), so nothing changes. */
static void test_hand_overlapping_runs(void **state)
{
	static const run_t runs1[] = {
		{ 135, 138 }, { 103, 110 }, { 150, 150 }, { 130, 135 }, { 100, 105 }, { 137, 140 },
	};
	thread_t th[] = {
		{ 2, hand_runs2, 1, hand_ts2, 2 },
		{ 1, runs1, 6, hand_ts1, 2 },
	};
	opts_t o;
	result_t r;
	(void)state;
	tm_clock_activity_defaults(&o, 0, 100);
	o.min_timestamps = 4;
	solve(th, 2, &o, &r);
	check_hand(&r);
}

/*
 * One thread runs [100,110) and [112,120), stamps 100 and 109; window [0, 20]:
 *   t=100: [0,10) [12,20)     t=109: [-9,1) [3,11)
 *   [0,1) 2  [1,3) 1  [3,10) 2  [10,11) 1  [11,12) 0  [12,20) 1  [20,21) 0
 * The best, 2, is reached on [0,1) and [3,10): two pieces, hull [0,10).
 * Both stamps lie in [100,110) at d = 0: separation 10, zone [-10,20);
 * outside it only d = 20, where no stamp fits: no runner-up.
 */
static void test_hand_two_pieces(void **state)
{
	static const run_t runs[] = { { 100, 110 }, { 112, 120 } };
	static const int64_t ts[] = { 100, 109 };
	thread_t th[] = { { 7, runs, 2, ts, 2 } };
	opts_t o;
	result_t r;
	(void)state;
	tm_clock_activity_defaults(&o, 0, 20);
	o.min_timestamps = 2;
	solve(th, 1, &o, &r);
	assert_int_equal(r.verdict, TM_ACTIVITY_DECIDED);
	assert_int_equal(r.best.lo, 0);
	assert_int_equal(r.best.end, 10);
	assert_int_equal(r.best.count, 2);
	assert_int_equal(r.best_pieces, 2);
	assert_int_equal(r.separation, 10);
	assert_int_equal(r.runner.count, 0);
}

/*
 * A plateau wider than the regions the search starts with: one long run
 * [1000,2000) holds the stamps 1500 and 1600, five runs of 2 ns (at 5000,
 * 5010, ..., 5040; the median run is 2 ns) hold none.  On [-1000, 1000]:
 *   t=1500: [-500,500)   t=1600: [-600,400)   (the short runs: d >= 3400)
 *   [-1000,-600) 0  [-600,-500) 1  [-500,400) 2  [400,500) 1  [500,1001) 0
 * The best is 2 on [-500,400): 900 ns, found whole.  Both stamps lie in
 * the long run: separation 1000, and the zone [-1500,1400) leaves no
 * offset of the window for a runner-up.
 */
static void test_hand_wide_plateau(void **state)
{
	static const run_t runs[] = {
		{ 5000, 5002 }, { 5010, 5012 }, { 1000, 2000 }, { 5020, 5022 }, { 5030, 5032 }, { 5040, 5042 },
	};
	static const int64_t ts[] = { 1600, 1500 };
	thread_t th[] = { { 3, runs, 6, ts, 2 } };
	opts_t o;
	result_t r;
	(void)state;
	tm_clock_activity_defaults(&o, -1000, 1000);
	o.min_timestamps = 2;
	solve(th, 1, &o, &r);
	assert_int_equal(r.best.lo, -500);
	assert_int_equal(r.best.end, 400);
	assert_int_equal(r.best.count, 2);
	assert_int_equal(r.best_pieces, 1);
	assert_int_equal(r.separation, 1000);
	assert_int_equal(r.runner.count, 0);
	assert_int_equal(r.verdict, TM_ACTIVITY_DECIDED);
	assert_true(r.exhaustive);
}

/*
 * A separation given by the caller: in the first hand case, 5 makes the
 * zone [5, 17); outside it the best is 2, first on [2,5) (with t=98 and
 * t=205), which comes before [35,42).
 */
static void test_hand_separation(void **state)
{
	thread_t th[] = {
		{ 1, hand_runs1, 2, hand_ts1, 2 },
		{ 2, hand_runs2, 1, hand_ts2, 2 },
	};
	opts_t o;
	result_t r;
	(void)state;
	tm_clock_activity_defaults(&o, 0, 100);
	o.min_timestamps = 4;
	o.separation = 5;
	solve(th, 2, &o, &r);
	assert_int_equal(r.separation, 5);
	assert_int_equal(r.runner.count, 2);
	assert_int_equal(r.runner.lo, 2);
	assert_int_equal(r.runner.end, 5);
	/* 2 of 4 is below the tie share of 800 permille: still decided */
	assert_int_equal(r.verdict, TM_ACTIVITY_DECIDED);
	o.tie_permille = 500;
	solve(th, 2, &o, &r);
	assert_int_equal(r.verdict, TM_ACTIVITY_TIE);
}

/* ---- refusals ------------------------------------------------------------ */

/* One thread running 100 µs every 1 ms, one stamp in each run: every shift
 * by a whole period loses one stamp at an end, so the runner-up a period
 * away is 199 of 200: a tie. */
static void test_periodic_tie(void **state)
{
	enum { N = 200 };
	static run_t runs[N];
	static int64_t ts[N];
	const int64_t d = 5000000123LL;
	uint64_t s = 1;
	thread_t th[] = { { 1, runs, N, ts, N } };
	opts_t o;
	result_t r;
	(void)state;
	for (int k = 0; k < N; k++) {
		runs[k].start = 1000000000LL + k * 1000000LL;
		runs[k].end = runs[k].start + 100000;
		ts[k] = rng_range(&s, runs[k].start, runs[k].end) - d;
	}
	tm_clock_activity_defaults(&o, d - 5000000, d + 5000000);
	solve(th, 1, &o, &r);
	assert_int_equal(r.verdict, TM_ACTIVITY_TIE);
	assert_int_equal(r.best.count, N);
	assert_true(r.best.lo <= d && d < r.best.end);
	assert_int_equal(r.runner.count, N - 1);
	assert_true(r.n_cand >= 2);
	assert_true(r.exhaustive);
	/* +-20 periods: 41 peaks of 180 or more, more than the 16 regions the
	 * search sweeps: still a tie, not proven over the window */
	tm_clock_activity_defaults(&o, d - 20000000, d + 20000000);
	solve(th, 1, &o, &r);
	assert_int_equal(r.verdict, TM_ACTIVITY_TIE);
	assert_false(r.exhaustive);
	assert_int_equal(r.best.count, N);
}

static void test_few_timestamps(void **state)
{
	thread_t th[] = {
		{ 1, hand_runs1, 2, hand_ts1, 2 },
		{ 2, hand_runs2, 1, hand_ts2, 1 },
	};
	opts_t o;
	result_t r;
	(void)state;
	tm_clock_activity_defaults(&o, 0, 100);
	solve(th, 2, &o, &r);
	assert_int_equal(r.verdict, TM_ACTIVITY_FEW_TIMESTAMPS);
	assert_int_equal(r.total, 3);
	/* the search still ran: t=95, 98 and 190 all fit on [10,12) */
	assert_int_equal(r.best.count, 3);
}

/* The app's stamps are 1000 s after the kernel's runs, the window +-1 µs. */
static void test_no_overlap(void **state)
{
	enum { N = 64 };
	static run_t runs[N];
	static int64_t ts[N];
	thread_t th[] = { { 1, runs, N, ts, N } };
	opts_t o;
	result_t r;
	(void)state;
	for (int k = 0; k < N; k++) {
		runs[k].start = 1000000000LL + k * 1000000LL;
		runs[k].end = runs[k].start + 500000;
		ts[k] = 1000000000000LL + k * 1000000LL;
	}
	tm_clock_activity_defaults(&o, -1000, 1000);
	solve(th, 1, &o, &r);
	assert_int_equal(r.verdict, TM_ACTIVITY_NO_OVERLAP);
	assert_int_equal(r.best.count, 0);
	assert_int_equal(r.total, N);
}

/* The app's thread 5 never ran in the kernel trace; thread 6 ran but wrote
 * nothing: no thread is used, and the stamps are counted as unseen. */
static void test_unseen_threads(void **state)
{
	static const int64_t ts[] = { 1, 2, 3, 4, 5 };
	thread_t th[] = {
		{ 5, NULL, 0, ts, 5 },
		{ 6, hand_runs1, 2, NULL, 0 },
	};
	opts_t o;
	result_t r;
	(void)state;
	tm_clock_activity_defaults(&o, 0, 100);
	solve(th, 2, &o, &r);
	assert_int_equal(r.verdict, TM_ACTIVITY_FEW_THREADS);
	assert_int_equal(r.threads_used, 0);
	assert_int_equal(r.threads_unseen, 1);
	assert_int_equal(r.ts_unseen, 5);
	assert_int_equal(r.total, 0);
}

/* A stamp of only half the threads fits: refused for its low share. */
static void test_low_share(void **state)
{
	static const int64_t ts_far[] = { 10000, 20000, 30000 };
	thread_t th[] = {
		{ 1, hand_runs1, 2, hand_ts1, 2 },
		{ 2, hand_runs2, 1, ts_far, 3 },
	};
	opts_t o;
	result_t r;
	(void)state;
	tm_clock_activity_defaults(&o, 0, 100);
	o.min_timestamps = 4;
	solve(th, 2, &o, &r);
	/* 95 and 98 fit together on [5,12) and [35,42); nothing else fits */
	assert_int_equal(r.best.count, 2);
	assert_int_equal(r.verdict, TM_ACTIVITY_LOW_SHARE);
}

static void test_bad_arguments(void **state)
{
	static const run_t far_run[] = { { 0, INT64_C(1) << 62 } };
	thread_t th[] = { { 1, far_run, 1, hand_ts1, 2 } };
	opts_t o;
	result_t r;
	(void)state;
	tm_clock_activity_defaults(&o, 10, 5);
	assert_int_equal(tm_clock_activity_solve(th, 1, &o, &r), -1);
	tm_clock_activity_defaults(&o, 0, 100);
	assert_int_equal(tm_clock_activity_solve(th, 1, &o, &r), -1);
	assert_int_equal(tm_clock_activity_solve(th, 1, NULL, &r), -1);
	assert_string_equal(tm_clock_activity_verdict_str(TM_ACTIVITY_DECIDED), "decided");
}

/* ---- running intervals from scheduler records --------------------------- */

#define IN TM_ACTIVITY_SWITCH_IN
#define OUT TM_ACTIVITY_SWITCH_OUT
#define WAKE TM_ACTIVITY_WAKEUP

/*
 * In time order (given shuffled; the two records of tid 1 at 60 in this
 * order):
 *   5 wake 4    10 in 1     12 out 3    20 out 1    25 wake 2   30 in 2
 *   33 wake 2   35 in 2     40 out 2    45 wake 1   50 out 1    55 in 3
 *   60 in 1     60 out 1
 * tid 1: [10,20) switched; [45,50) from the wakeup, no switch-in seen;
 *        [60,60) in and out at once (empty).
 * tid 2: woken at 25, switched in at 30: [30,40); the wakeup at 33 and
 *        the second switch-in at 35 change nothing.
 * tid 3: out at 12 with nothing open: [5,12) from the first record;
 *        in at 55 and never out: [55,61), to one ns past the last record.
 * tid 4: woken at 5, never switched: [5,61).
 */
static void test_runs_build(void **state)
{
	static const struct tm_clock_activity_record rec[] = {
		{ 40, 2, OUT }, { 60, 1, IN }, { 5, 4, WAKE }, { 33, 2, WAKE }, { 12, 3, OUT },
		{ 50, 1, OUT }, { 10, 1, IN }, { 60, 1, OUT }, { 25, 2, WAKE }, { 30, 2, IN },
		{ 55, 3, IN }, { 20, 1, OUT }, { 35, 2, IN }, { 45, 1, WAKE },
	};
	static const run_t want1[] = { { 10, 20 }, { 45, 50 }, { 60, 60 } };
	static const run_t want2[] = { { 30, 40 } };
	static const run_t want3[] = { { 5, 12 }, { 55, 61 } };
	static const run_t want4[] = { { 5, 61 } };
	static const run_t *want[] = { want1, want2, want3, want4 };
	static const size_t n_want[] = { 3, 1, 2, 1 };
	struct tm_clock_activity_runs *runs;
	size_t n;
	(void)state;
	assert_int_equal(tm_clock_activity_runs_build(rec, sizeof(rec) / sizeof(rec[0]), &runs, &n), 0);
	assert_int_equal(n, 4);
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(runs[i].tid, (int64_t)i + 1);
		assert_int_equal(runs[i].n_runs, n_want[i]);
		for (size_t k = 0; k < n_want[i]; k++) {
			assert_int_equal(runs[i].runs[k].start, want[i][k].start);
			assert_int_equal(runs[i].runs[k].end, want[i][k].end);
		}
	}
	tm_clock_activity_runs_free(runs, n);
	assert_int_equal(tm_clock_activity_runs_build(NULL, 0, &runs, &n), 0);
	assert_int_equal(n, 0);
	assert_int_equal(tm_clock_activity_runs_build(NULL, 3, &runs, &n), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hand_two_threads),
		cmocka_unit_test(test_hand_wide_window),
		cmocka_unit_test(test_hand_overlapping_runs),
		cmocka_unit_test(test_hand_two_pieces),
		cmocka_unit_test(test_hand_wide_plateau),
		cmocka_unit_test(test_hand_separation),
		cmocka_unit_test(test_periodic_tie),
		cmocka_unit_test(test_few_timestamps),
		cmocka_unit_test(test_no_overlap),
		cmocka_unit_test(test_unseen_threads),
		cmocka_unit_test(test_low_share),
		cmocka_unit_test(test_bad_arguments),
		cmocka_unit_test(test_runs_build),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
