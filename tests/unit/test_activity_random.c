/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_activity_random.c - activity alignment on random cases checked
 * against a brute-force count of every offset, and on synthetic traces
 * checked against the offset they were drawn with. */
#include <time.h>

#include "activity_util.h"

/* ---- random cases against a brute force ---------------------------------- */

#define BF_SPAN 400                          /* kernel times of the random cases: [0, 400) */

/* One random case: up to 3 threads, overlapping runs, stamps. */
struct bf_case {
	run_t runs[3][6];
	int64_t ts[3][8];
	thread_t th[3];
	size_t n;
	unsigned char busy[3][BF_SPAN];      /* the union of each thread's runs */
};

static void bf_make(struct bf_case *c, uint64_t *s)
{
	memset(c, 0, sizeof(*c));
	c->n = (size_t)rng_range(s, 1, 4);
	for (size_t i = 0; i < c->n; i++) {
		size_t nr = (size_t)rng_range(s, 1, 7), nt = (size_t)rng_range(s, 1, 9);

		for (size_t k = 0; k < nr; k++) {
			c->runs[i][k].start = rng_range(s, 0, 300);
			c->runs[i][k].end = c->runs[i][k].start + rng_range(s, 0, 40);
			for (int64_t x = c->runs[i][k].start; x < c->runs[i][k].end; x++)
				c->busy[i][x] = 1;
		}
		for (size_t k = 0; k < nt; k++)
			c->ts[i][k] = rng_range(s, 0, 300);
		c->th[i] = (thread_t){ (int64_t)i, c->runs[i], nr, c->ts[i], nt };
	}
}

static bool bf_busy(const struct bf_case *c, size_t i, int64_t x)
{
	return x >= 0 && x < BF_SPAN && c->busy[i][x];
}

static uint64_t bf_count(const struct bf_case *c, int64_t d)
{
	uint64_t n = 0;

	for (size_t i = 0; i < c->n; i++)
		for (size_t k = 0; k < c->th[i].n_ts; k++)
			n += bf_busy(c, i, c->ts[i][k] + d);
	return n;
}

static int cmp_len(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* The lower median length of the union's pieces holding a stamp at D. */
static int64_t bf_median(const struct bf_case *c, int64_t d)
{
	int64_t len[24];
	size_t n = 0;

	for (size_t i = 0; i < c->n; i++) {
		for (size_t k = 0; k < c->th[i].n_ts; k++) {
			int64_t x = c->ts[i][k] + d, lo = x, hi = x;

			if (!bf_busy(c, i, x))
				continue;
			while (bf_busy(c, i, lo - 1))
				lo--;
			while (bf_busy(c, i, hi + 1))
				hi++;
			len[n++] = hi - lo + 1;
		}
	}
	qsort(len, n, sizeof(*len), cmp_len);
	return n ? len[(n - 1) / 2] : 0;
}

/* Check R against every offset of [-100, 100] counted one by one. */
static void bf_check(const struct bf_case *c, const result_t *r, const opts_t *o)
{
	uint64_t best = 0, runner = 0;
	size_t pieces = 0;
	int64_t zlo, zend;

	for (int64_t d = o->dmin; d <= o->dmax; d++)
		best = bf_count(c, d) > best ? bf_count(c, d) : best;
	if (!r->exhaustive) {
		/* not proven: still an exact count at a real offset */
		assert_true(r->best.count <= best);
		if (r->best.count)
			assert_int_equal(bf_count(c, r->best.lo), r->best.count);
		return;
	}
	assert_int_equal(r->best.count, best);
	if (!best)
		return;
	/* the hull: its ends reach the best, the offsets beyond them do not */
	assert_int_equal(bf_count(c, r->best.lo), best);
	assert_int_equal(bf_count(c, r->best.end - 1), best);
	if (r->best.lo > o->dmin)
		assert_true(bf_count(c, r->best.lo - 1) < best);
	if (r->best.end <= o->dmax)
		assert_true(bf_count(c, r->best.end) < best);
	for (int64_t d = r->best.lo; d < r->best.end; d++)
		pieces += bf_count(c, d) == best && (d == r->best.lo || bf_count(c, d - 1) != best);
	assert_int_equal(r->best_pieces, pieces);
	assert_int_equal(r->separation, bf_median(c, r->best.lo));
	zlo = r->best.lo - r->separation;
	zend = r->best.end + r->separation;
	for (int64_t d = o->dmin; d <= o->dmax; d++)
		if (d < zlo || d >= zend)
			runner = bf_count(c, d) > runner ? bf_count(c, d) : runner;
	assert_true(r->runner.count <= runner);
	if (r->runner.count) {
		assert_true(r->runner.end <= zlo || r->runner.lo >= zend);
		assert_int_equal(bf_count(c, r->runner.lo), r->runner.count);
	}
	/* what a tie is decided on: exact wherever it matters */
	if (runner * 1000 >= best * o->tie_permille)
		assert_int_equal(r->runner.count, runner);
	if (r->verdict != TM_ACTIVITY_LOW_SHARE && r->verdict != TM_ACTIVITY_FEW_TIMESTAMPS)
		assert_int_equal(r->verdict == TM_ACTIVITY_TIE, runner * 1000 >= best * o->tie_permille);
}

static void test_brute_force(void **state)
{
	static struct bf_case c;
	uint64_t s = 42;
	size_t decided = 0, ties = 0, proven = 0;
	opts_t o;
	result_t r;
	(void)state;
	tm_clock_activity_defaults(&o, -100, 100);
	o.min_timestamps = 1;
	o.min_share_permille = 0;
	for (int i = 0; i < 3000; i++) {
		bf_make(&c, &s);
		solve(c.th, c.n, &o, &r);
		bf_check(&c, &r, &o);
		proven += r.exhaustive;
		decided += r.verdict == TM_ACTIVITY_DECIDED;
		ties += r.verdict == TM_ACTIVITY_TIE;
	}
	/* both kinds of answer were checked */
	assert_true(decided > 100 && ties > 100);
	printf("# brute force: %zu of 3000 proven, %zu decided, %zu ties\n", proven, decided, ties);
}

/* The same random cases stretched by K = 1000003 ns a unit, in a window of
 * +-100 K: buckets of 1024 ns, regions summed in cells wider than 1 ns.
 * count(d) only changes where some s - t or e - t lies, so the brute force
 * counts at those offsets. */
#define BF_K 1000003

static void bf_stretch(struct bf_case *c)
{
	for (size_t i = 0; i < c->n; i++) {
		for (size_t k = 0; k < c->th[i].n_runs; k++) {
			c->runs[i][k].start *= BF_K;
			c->runs[i][k].end *= BF_K;
		}
		for (size_t k = 0; k < c->th[i].n_ts; k++)
			c->ts[i][k] = c->ts[i][k] * BF_K + (int64_t)(k * 7919 % BF_K);
	}
}

static uint64_t bf2_count(const struct bf_case *c, int64_t d)
{
	uint64_t n = 0;

	for (size_t i = 0; i < c->n; i++) {
		for (size_t k = 0; k < c->th[i].n_ts; k++) {
			bool in = false;

			for (size_t j = 0; j < c->th[i].n_runs && !in; j++)
				in = c->runs[i][j].start <= c->ts[i][k] + d && c->ts[i][k] + d < c->runs[i][j].end;
			n += in;
		}
	}
	return n;
}

/* The best count at the offsets where count(d) may change, in [lo, hi]
 * and outside [zlo, zend). */
static uint64_t bf2_best(const struct bf_case *c, int64_t lo, int64_t hi, int64_t zlo, int64_t zend)
{
	uint64_t best = 0;

	for (size_t i = 0; i < c->n; i++) {
		for (size_t k = 0; k < c->th[i].n_ts; k++) {
			for (size_t j = 0; j < c->th[i].n_runs; j++) {
				int64_t p[4] = { c->runs[i][j].start - c->ts[i][k], c->runs[i][j].end - c->ts[i][k],
						 lo, zend };

				for (int m = 0; m < 4; m++) {
					uint64_t v;

					if (p[m] < lo || p[m] > hi || (p[m] >= zlo && p[m] < zend))
						continue;
					v = bf2_count(c, p[m]);
					best = v > best ? v : best;
				}
			}
		}
	}
	return best;
}

static void test_brute_force_coarse(void **state)
{
	static struct bf_case c;
	uint64_t s = 4242;
	size_t decided = 0, proven = 0;
	opts_t o;
	result_t r;
	(void)state;
	tm_clock_activity_defaults(&o, -100LL * BF_K, 100LL * BF_K);
	o.min_timestamps = 1;
	o.min_share_permille = 0;
	for (int i = 0; i < 1500; i++) {
		uint64_t best, runner;

		bf_make(&c, &s);
		bf_stretch(&c);
		solve(c.th, c.n, &o, &r);
		if (r.threads_used)
			assert_int_equal(r.bucket_ns, 1024);
		best = bf2_best(&c, o.dmin, o.dmax, 0, 0);
		if (!r.exhaustive) {
			assert_true(r.best.count <= best);
			if (r.best.count)
				assert_int_equal(bf2_count(&c, r.best.lo), r.best.count);
			continue;
		}
		proven++;
		assert_int_equal(r.best.count, best);
		if (!best)
			continue;
		assert_int_equal(bf2_count(&c, r.best.lo), best);
		assert_int_equal(bf2_count(&c, r.best.end - 1), best);
		if (r.best.lo > o.dmin)
			assert_true(bf2_count(&c, r.best.lo - 1) < best);
		if (r.best.end <= o.dmax)
			assert_true(bf2_count(&c, r.best.end) < best);
		runner = bf2_best(&c, o.dmin, o.dmax, r.best.lo - r.separation, r.best.end + r.separation);
		assert_true(r.runner.count <= runner);
		if (r.runner.count)
			assert_int_equal(bf2_count(&c, r.runner.lo), r.runner.count);
		/* a tie is never claimed where none is */
		if (r.verdict == TM_ACTIVITY_TIE)
			assert_true(runner * 1000 >= best * o.tie_permille);
		decided += r.verdict == TM_ACTIVITY_DECIDED;
	}
	assert_true(decided > 100);
	printf("# coarse brute force: %zu of 1500 proven, %zu decided\n", proven, decided);
}

/* ---- synthetic traces with a known offset -------------------------------- */

#define TRUE_D 5000000123LL
#define K0 10000000000LL                     /* the kernel trace starts at 10 s */

/* The runs of a synthetic thread: over SPAN ns of kernel time, gaps and
 * lengths uniform in [min, max). */
struct shape {
	int64_t span, gap_min, gap_max, len_min, len_max;
};

/* NT threads' runs of shape SH and one stamp in every EVERY-th run (at
 * random inside it), plus NOISE stamps anywhere in the app's span; *LO and
 * *END receive the offsets that fit every signal stamp (the runs do not
 * touch, so each stamp's run is its own). */
struct synth {
	run_t *runs[16];
	int64_t *ts[16];
	thread_t th[16];
	size_t n, n_signal, n_runs;
	int64_t lo, end;
};

static void synth_make(struct synth *y, size_t nt, const struct shape *sh,
		       int every, int noise_pm, uint64_t seed)
{
	uint64_t s = seed;

	memset(y, 0, sizeof(*y));
	y->n = nt;
	y->lo = INT64_MIN;
	y->end = INT64_MAX;
	for (size_t i = 0; i < nt; i++) {
		size_t cap = (size_t)(sh->span / (sh->gap_min + sh->len_min)) + 2, nr = 0, ns = 0;
		int64_t at = K0 + rng_range(&s, 0, 1000000);

		y->runs[i] = malloc(cap * sizeof(run_t));
		y->ts[i] = malloc(2 * cap * sizeof(int64_t));
		assert_non_null(y->runs[i]);
		assert_non_null(y->ts[i]);
		while (at < K0 + sh->span && nr < cap) {
			run_t ru = { at, at + rng_range(&s, sh->len_min, sh->len_max) };
			int64_t t;

			y->runs[i][nr++] = ru;
			at = ru.end + rng_range(&s, sh->gap_min, sh->gap_max);
			if (rng_range(&s, 0, every))
				continue;
			t = rng_range(&s, ru.start, ru.end) - TRUE_D;
			y->ts[i][ns++] = t;
			y->lo = ru.start - t > y->lo ? ru.start - t : y->lo;
			y->end = ru.end - t < y->end ? ru.end - t : y->end;
			y->n_signal++;
			if (rng_range(&s, 0, 1000) < noise_pm)
				y->ts[i][ns++] = rng_range(&s, K0, K0 + sh->span) - TRUE_D;
		}
		y->n_runs += nr;
		y->th[i] = (thread_t){ 100 + (int64_t)i, y->runs[i], nr, y->ts[i], ns };
	}
}

static void synth_free(struct synth *y)
{
	for (size_t i = 0; i < y->n; i++) {
		free(y->runs[i]);
		free(y->ts[i]);
	}
}

/* Every stamp inside a run: the winning interval is exactly the offsets
 * that fit them all, [max(s - t), min(e - t)), and it holds the truth. */
static void test_synthetic_exact(void **state)
{
	struct synth y;
	opts_t o;
	result_t r;
	(void)state;
	static const struct shape sh = { 10000000000LL, 100000, 5000000, 10000, 500000 };

	synth_make(&y, 8, &sh, 4, 0, 7);
	tm_clock_activity_defaults(&o, TRUE_D - 2000000000LL, TRUE_D + 2000000000LL);
	solve(y.th, y.n, &o, &r);
	assert_int_equal(r.verdict, TM_ACTIVITY_DECIDED);
	assert_int_equal(r.total, y.n_signal);
	assert_int_equal(r.best.count, y.n_signal);
	assert_int_equal(r.best.lo, y.lo);
	assert_int_equal(r.best.end, y.end);
	assert_int_equal(r.best_pieces, 1);
	assert_true(r.best.lo <= TRUE_D && TRUE_D < r.best.end);
	assert_int_equal(r.bucket_ns, 16384);  /* 4e9 / 2^14 < 2^18 */
	assert_true(r.runner.count * 2 < r.best.count);
	printf("# exact: %zu runs, %llu stamps, width %lld ns, runner-up %llu, %zu sweeps\n",
	       y.n_runs, (unsigned long long)r.total, (long long)(r.best.end - r.best.lo),
	       (unsigned long long)r.runner.count, r.regions);
	synth_free(&y);
}

/* One stamp in 20 noise (anywhere in the app's span): still decided, on an
 * interval holding the truth and satisfying at least every signal stamp. */
static void test_synthetic_noise(void **state)
{
	struct synth y;
	opts_t o;
	result_t r;
	(void)state;
	static const struct shape sh = { 10000000000LL, 100000, 5000000, 10000, 500000 };

	synth_make(&y, 8, &sh, 4, 50, 11);
	tm_clock_activity_defaults(&o, TRUE_D - 2000000000LL, TRUE_D + 2000000000LL);
	solve(y.th, y.n, &o, &r);
	assert_int_equal(r.verdict, TM_ACTIVITY_DECIDED);
	assert_true(r.total > y.n_signal);
	assert_true(r.best.count >= y.n_signal);
	assert_true(r.best.lo <= TRUE_D && TRUE_D < r.best.end);
	printf("# noise: %llu of %llu stamps fit, width %lld ns (signal alone %lld), runner-up %llu\n",
	       (unsigned long long)r.best.count, (unsigned long long)r.total,
	       (long long)(r.best.end - r.best.lo), (long long)(y.end - y.lo),
	       (unsigned long long)r.runner.count);
	synth_free(&y);
}

/* Dense runs: 1-50 µs on a CPU, 1-100 µs off, 8 threads over 1 s, one
 * stamp in every other run, a window of +-5 s.  Buckets of 2^18 would be
 * 65536 ns, wider than the runs: every sampled stamp touches nearly every
 * bucket, the screen shows no peak, and the search swept 31 regions (on
 * 10 times as many runs it refused as a tie).  Half the median run (about
 * 25 µs) makes them 8192 ns, and the truth is found in 2 sweeps. */
static void test_synthetic_dense(void **state)
{
	static const struct shape sh = { 1000000000LL, 1000, 100000, 1000, 50000 };
	struct synth y;
	opts_t o;
	result_t r;
	(void)state;
	synth_make(&y, 8, &sh, 2, 0, 5);
	tm_clock_activity_defaults(&o, TRUE_D - 5000000000LL, TRUE_D + 5000000000LL);
	solve(y.th, y.n, &o, &r);
	assert_int_equal(r.verdict, TM_ACTIVITY_DECIDED);
	assert_int_equal(r.bucket_ns, 8192);
	assert_int_equal(r.best.lo, y.lo);
	assert_int_equal(r.best.end, y.end);
	assert_true(r.regions <= 4);
	printf("# dense: %zu runs, %llu stamps, width %lld ns, runner-up %llu, %zu sweeps\n",
	       y.n_runs, (unsigned long long)r.total, (long long)(r.best.end - r.best.lo),
	       (unsigned long long)r.runner.count, r.regions);
	synth_free(&y);
}

/* 16 threads, 10^5 runs, one stamp in each (10^5 stamps), a 4 s window:
 * the sweep of every pair would be ~10^5 * 2500 runs per stamp's window;
 * the screen and the sweeps take a few tens of ms. */
static void test_large(void **state)
{
	struct synth y;
	struct timespec t0, t1, c0, c1;
	opts_t o;
	result_t r;
	(void)state;
	static const struct shape sh = { 10000000000LL, 100000, 3000000, 10000, 200000 };

	synth_make(&y, 16, &sh, 1, 0, 3);
	tm_clock_activity_defaults(&o, TRUE_D - 2000000000LL, TRUE_D + 2000000000LL);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
	solve(y.th, y.n, &o, &r);
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	assert_true(y.n_runs > 90000);
	assert_int_equal(r.verdict, TM_ACTIVITY_DECIDED);
	assert_int_equal(r.best.lo, y.lo);
	assert_int_equal(r.best.end, y.end);
	printf("# large: %zu runs, %llu stamps, width %lld ns, %zu sweeps, %.1f ms CPU, %.1f ms wall\n",
	       y.n_runs, (unsigned long long)r.total, (long long)(r.best.end - r.best.lo), r.regions,
	       (double)(c1.tv_sec - c0.tv_sec) * 1e3 + (double)(c1.tv_nsec - c0.tv_nsec) / 1e6,
	       (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6);
	synth_free(&y);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_brute_force),
		cmocka_unit_test(test_brute_force_coarse),
		cmocka_unit_test(test_synthetic_exact),
		cmocka_unit_test(test_synthetic_noise),
		cmocka_unit_test(test_synthetic_dense),
		cmocka_unit_test(test_large),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
