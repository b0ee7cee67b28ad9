/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_clock.c - exact clock maps, marker fits, the domain graph.
 *
 * Expected values are worked by hand (map arithmetic) or come from the
 * synthetic generator's known truth (fits), never from the code's output. */
#include "testutil.h"
#include "tracemerge/clock.h"

#define PPM TM_CLOCK_PPM

static int64_t ap(const struct tm_clock_map *m, int64_t x)
{
	int64_t y = -42;
	assert_int_equal(tm_clock_apply(m, x, &y), 0);
	return y;
}

static int64_t iabs64(int64_t v)
{
	return v < 0 ? -v : v;
}

/* ---- maps ------------------------------------------------------------ */

static void test_apply(void **state)
{
	struct tm_clock_map m = { 1000, 5000, PPM }, id = tm_clock_identity();
	struct tm_clock_map off = tm_clock_offset(-7);
	(void)state;
	/* 5000 + 1000000 + round(1000000 * 1e9 / 1e15 = 1) */
	assert_int_equal(ap(&m, 1001000), 1005001);
	assert_int_equal(ap(&m, 1000), 5000);
	/* dx = -2000000: correction -2 */
	assert_int_equal(ap(&m, -1999000), 5000 - 2000000 - 2);
	/* 0.499999 rounds down, 0.5 away from zero, both signs */
	assert_int_equal(ap(&m, 1000 + 499999), 5000 + 499999);
	assert_int_equal(ap(&m, 1000 + 500000), 5000 + 500001);
	assert_int_equal(ap(&m, 1000 - 499999), 5000 - 499999);
	assert_int_equal(ap(&m, 1000 - 500000), 5000 - 500001);
	assert_int_equal(ap(&id, 123456789), 123456789);
	assert_int_equal(ap(&off, 10), 3);
}

static void test_apply_halves(void **state)
{
	struct tm_clock_map h = { 0, 100, 500000000000000LL };    /* rate +0.5 */
	struct tm_clock_map n = { 0, 100, -500000000000000LL };   /* rate -0.5 */
	(void)state;
	assert_int_equal(ap(&h, 1), 100 + 1 + 1);       /* +0.5 -> +1 */
	assert_int_equal(ap(&h, -1), 100 - 1 - 1);      /* -0.5 -> -1 */
	assert_int_equal(ap(&h, 3), 100 + 3 + 2);       /* 1.5 -> 2 */
	assert_int_equal(ap(&h, -3), 100 - 3 - 2);
	assert_int_equal(ap(&h, 2), 100 + 2 + 1);       /* exact */
	assert_int_equal(ap(&n, 1), 100 + 1 - 1);       /* -0.5 -> -1 */
	assert_int_equal(ap(&n, -1), 100 - 1 + 1);      /* +0.5 -> +1 */
	assert_int_equal(ap(&n, 5), 100 + 5 - 3);       /* -2.5 -> -3 */
}

static void test_apply_overflow(void **state)
{
	struct tm_clock_map p1 = tm_clock_offset(1), m1 = tm_clock_offset(-1);
	struct tm_clock_map wide = { INT64_MIN, INT64_MIN, 0 };
	struct tm_clock_map steep = { INT64_MIN, 0, INT64_MIN };
	struct tm_clock_map up = { INT64_MIN, 0, INT64_MAX };
	int64_t y;
	(void)state;
	assert_int_equal(tm_clock_apply(&p1, INT64_MAX, &y), -1);
	assert_int_equal(ap(&p1, INT64_MAX - 1), INT64_MAX);
	assert_int_equal(tm_clock_apply(&m1, INT64_MIN, &y), -1);
	assert_true(ap(&m1, INT64_MIN + 1) == INT64_MIN);
	/* x - x0 = 2^64 - 1 does not fit int64 but the result does */
	assert_int_equal(ap(&wide, INT64_MAX), INT64_MAX);
	/* the largest products: no undefined behaviour, just -1 */
	assert_int_equal(tm_clock_apply(&steep, INT64_MAX, &y), -1);
	assert_int_equal(tm_clock_apply(&up, INT64_MAX, &y), -1);
	assert_int_equal(ap(&steep, INT64_MIN), 0);
}

static void test_compose(void **state)
{
	struct tm_clock_map a = { 1000, 5000, PPM }, b = { 0, -2000, 2 * PPM }, c;
	struct tm_clock_map big = tm_clock_offset(INT64_MAX);
	(void)state;
	assert_int_equal(tm_clock_compose(&a, &b, &c), 0);
	/* anchored at a.x0; b(5000) = -2000 + 5000 + round(0.01) = 3000 */
	assert_int_equal(c.x0, 1000);
	assert_int_equal(c.y0, 3000);
	/* 1e9 + 2e9 + round(1e9 * 2e9 / 1e15 = 2000) */
	assert_int_equal(c.rate_fs, 3000002000LL);
	/* a(1001000) = 1005001; b(1005001) = -2000 + 1005001 + round(2.010002) */
	assert_int_equal(ap(&b, ap(&a, 1001000)), 1003003);
	assert_int_equal(ap(&c, 1001000), 1003003);
	/* offsets just add */
	struct tm_clock_map o1 = tm_clock_offset(10), o2 = tm_clock_offset(-3);
	assert_int_equal(tm_clock_compose(&o1, &o2, &c), 0);
	assert_int_equal(ap(&c, 100), 107);
	assert_true(tm_clock_is_us_offset(&c) == false);
	/* overflow: INT64_MAX + INT64_MAX */
	assert_int_equal(tm_clock_compose(&big, &big, &c), -1);
}

static void test_invert(void **state)
{
	struct tm_clock_map m = { 1000, 5000, PPM }, inv, o = { 10, -20, 0 };
	struct tm_clock_map bad = { 0, 0, -1000000000000000LL }, worse = bad;
	struct tm_clock_map steep = { 0, 0, -1000000000000000LL + 1 };
	(void)state;
	assert_int_equal(tm_clock_invert(&m, &inv), 0);
	assert_int_equal(inv.x0, 5000);
	assert_int_equal(inv.y0, 1000);
	/* -1e9 * 1e15 / (1e15 + 1e9) = -999999000.000999... */
	assert_int_equal(inv.rate_fs, -999999000LL);
	/* 1000 + 1000001 + round(1000001 * -999999000 / 1e15 = -0.999999999999) */
	assert_int_equal(ap(&inv, 1005001), 1001000);
	assert_int_equal(tm_clock_invert(&o, &inv), 0);
	assert_int_equal(inv.x0, -20);
	assert_int_equal(inv.y0, 10);
	assert_int_equal(inv.rate_fs, 0);
	assert_int_equal(ap(&inv, 0), 30);
	assert_int_equal(tm_clock_invert(&bad, &inv), -1);     /* rate -100% */
	worse.rate_fs -= 5;
	assert_int_equal(tm_clock_invert(&worse, &inv), -1);
	assert_int_equal(tm_clock_invert(&steep, &inv), -1);   /* 1e30: overflow */
}

static uint64_t rng_state;

static uint64_t xorshift(void)
{
	uint64_t x = rng_state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return rng_state = x;
}

/* inv(m(x)) == x within 1 ns for |x - x0| <= 1e12 and |rate| <= 1000 ppm */
static void test_roundtrip(void **state)
{
	static const int64_t rates[] = { 0, 1, -1, 37 * PPM, -37 * PPM, 1000 * PPM,
					 -1000 * PPM, 999999999999LL, 123456789, -987654321 };
	static const int64_t edges[] = { 0, 1, -1, 1000000000000LL, -1000000000000LL,
					 999999999999LL, -999999999999LL, 500000000000LL };
	(void)state;
	rng_state = 88172645463325252ULL;
	for (size_t r = 0; r < sizeof(rates) / sizeof(rates[0]); r++) {
		struct tm_clock_map m = { 1700000000123456789LL, 3000000000123LL, rates[r] };
		struct tm_clock_map inv, id;
		assert_int_equal(tm_clock_invert(&m, &inv), 0);
		assert_int_equal(tm_clock_compose(&m, &inv, &id), 0);
		assert_int_equal(id.x0, m.x0);
		assert_int_equal(id.y0, m.x0);
		for (int k = 0; k < 2000; k++) {
			int64_t dx = k < 8 ? edges[k]
				: (int64_t)(xorshift() % 2000000000001ULL) - 1000000000000LL;
			int64_t x = m.x0 + dx;
			assert_true(iabs64(ap(&inv, ap(&m, x)) - x) <= 1);
			assert_true(iabs64(ap(&id, x) - x) <= 1);
		}
	}
}

static void test_is_us_offset(void **state)
{
	/* y0 - x0 of the last: 2^64 - 1 */
	static const struct tm_clock_map yes[] = { { 0, 3000, 0 }, { 5, 1005, 0 },
						   { -7000, 0, 0 }, { 0, 0, 0 } };
	static const struct tm_clock_map no[] = { { 0, 3001, 0 }, { 5, 1005, 1 },
						  { INT64_MIN, INT64_MAX, 0 } };
	(void)state;
	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		assert_true(tm_clock_is_us_offset(&yes[i]));
	for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		assert_false(tm_clock_is_us_offset(&no[i]));
	struct tm_clock_map o = tm_clock_offset(-2000);
	assert_true(tm_clock_is_us_offset(&o));
}

/* ---- fits -------------------------------------------------------------- */

/* The known truth: b = b0 + (a - a0) + round((a - a0) * r_ppb / 1e9). */
struct truth {
	int64_t a0, b0, r_ppb;
};

static int64_t true_b(const struct truth *t, int64_t a)
{
	int64_t d = a - t->a0, num = d * t->r_ppb;   /* |num| < 1e17 here */
	int64_t q = num / 1000000000, r = num % 1000000000;

	if (2 * iabs64(r) >= 1000000000)
		q += num < 0 ? -1 : 1;
	return t->b0 + d + q;
}

#define MAXM 32
struct synth {
	struct tm_clock_obs obs[MAXM];
	int64_t inst[MAXM];                      /* the true instant, domain a */
	char labels[MAXM][16];
	enum tm_clock_obs_state state[MAXM];
	int64_t resid[MAXM];
	struct tm_clock_fit fit;
	struct tm_diag d;
	size_t n;
};

/* N markers STEP ns apart from t->a0.  Each a-interval is up to WMAX wide
 * (exactly WMAX when FIXED) with the true instant uniformly inside; b is
 * recorded exactly. */
static void synth(struct synth *s, const struct truth *t, size_t n, int64_t step,
		  uint64_t wmax, bool fixed)
{
	memset(s, 0, sizeof(*s));
	rng_state = 0x9E3779B97F4A7C15ULL;
	s->n = n;
	for (size_t i = 0; i < n; i++) {
		int64_t a = t->a0 + (int64_t)i * step;
		int64_t w = (int64_t)(fixed ? wmax : xorshift() % (wmax + 1));
		int64_t lo = a - (int64_t)(xorshift() % (uint64_t)(w + 1));
		snprintf(s->labels[i], sizeof(s->labels[i]), "m%zu", i);
		s->inst[i] = a;
		s->obs[i] = (struct tm_clock_obs){ lo, lo + w, true_b(t, a), true_b(t, a),
						   s->labels[i] };
	}
	tm_diag_init(&s->d);
}

static int run_fit(struct synth *s, const struct tm_clock_fit_opts *o)
{
	return tm_clock_fit(s->obs, s->n, o, &s->fit, s->state, s->resid, &s->d);
}

/* Every used marker's true instant maps to within err_ns of the truth. */
static void check_bound(const struct synth *s, const struct truth *t)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->state[i] == TM_OBS_USED)
			assert_true(iabs64(ap(&s->fit.map, s->inst[i]) - true_b(t, s->inst[i]))
				    <= s->fit.err_ns);
}

static void test_fit_one(void **state)
{
	struct tm_clock_obs o = { 100, 300, 1000, 1000, "one" };
	struct tm_clock_obs h = { 1000, 1001, 5000, 5000, NULL };
	struct tm_clock_obs e = { 5, 5, 7, 7, NULL };
	enum tm_clock_obs_state st = TM_OBS_OUTLIER;
	int64_t r = -1;
	struct tm_clock_fit f;
	(void)state;
	assert_int_equal(tm_clock_fit(&o, 1, NULL, &f, &st, &r, NULL), 0);
	assert_int_equal(ap(&f.map, 200), 1000);
	assert_int_equal(ap(&f.map, 0), 800);           /* offset 800 */
	assert_int_equal(f.err_ns, 100);
	assert_int_equal(f.used, 1);
	assert_int_equal(f.rejected, 0);
	assert_false(f.rate_fitted);
	assert_true(f.rate_ppm == 0);
	assert_int_equal(f.span_ns, 0);
	assert_int_equal(st, TM_OBS_USED);
	assert_int_equal(r, 0);
	/* midpoint 1000.5: any whole-ns offset is off by up to 1 at an end */
	assert_int_equal(tm_clock_fit(&h, 1, NULL, &f, NULL, NULL, NULL), 0);
	assert_true(f.err_ns <= 1);
	assert_true(iabs64(ap(&f.map, 1000) - 5000) <= f.err_ns);
	assert_true(iabs64(ap(&f.map, 1001) - 5000) <= f.err_ns);
	assert_int_equal(tm_clock_fit(&e, 1, NULL, &f, NULL, NULL, NULL), 0);
	assert_int_equal(f.err_ns, 0);
	assert_int_equal(ap(&f.map, 5), 7);
}

/* 37 ppm, 1.234567891 s: recovered from 21 markers over 10 s */
static void fit_drift(int64_t a0, int64_t b0)
{
	struct truth t = { a0, b0, 37000 };
	struct synth s;

	synth(&s, &t, 21, 500000000, 20000, false);
	assert_int_equal(run_fit(&s, NULL), 0);
	assert_int_equal(s.fit.used, 21);
	assert_int_equal(s.fit.rejected, 0);
	assert_true(s.fit.rate_fitted);
	assert_true(s.fit.rate_ppm > 36 && s.fit.rate_ppm < 38);
	assert_true(s.fit.rate_err_ppm > 0 && s.fit.rate_err_ppm < 1.1);
	assert_true(s.fit.err_ns > 0 && s.fit.err_ns < 30000);
	assert_true(s.fit.rms_ns > 0 && s.fit.rms_ns < 20000);
	assert_true(iabs64(s.fit.span_ns - 10000000000LL) <= 20000);
	check_bound(&s, &t);
	/* between the markers too */
	for (int64_t a = a0; a <= a0 + 10000000000LL; a += 100000000)
		assert_true(iabs64(ap(&s.fit.map, a) - true_b(&t, a)) < 30000);
	for (size_t i = 0; i < s.n; i++) {
		assert_int_equal(s.state[i], TM_OBS_USED);
		assert_true(iabs64(s.resid[i]) <= 20000);
	}
	tm_diag_free(&s.d);
}

static void test_fit_drift(void **state)
{
	(void)state;
	fit_drift(1000000000000LL, 1000000000000LL + 1234567891LL);
}

/* CLOCK_REALTIME epoch ns against CLOCK_MONOTONIC */
static void test_fit_realistic(void **state)
{
	struct tm_clock_obs o[5];
	struct tm_clock_fit f;
	const int64_t a0 = 1700000000123456789LL, b0 = 3000000000123LL;
	(void)state;
	fit_drift(a0, b0);
	for (int i = 0; i < 5; i++) {
		int64_t a = a0 + i * 1000000007LL;
		o[i] = (struct tm_clock_obs){ a, a, b0 + (a - a0), b0 + (a - a0), NULL };
	}
	assert_int_equal(tm_clock_fit(o, 5, NULL, &f, NULL, NULL, NULL), 0);
	assert_false(f.rate_fitted);
	assert_int_equal(f.map.rate_fs, 0);
	assert_true(f.map.y0 - f.map.x0 == b0 - a0);
	assert_int_equal(f.err_ns, 0);
	assert_true(f.rms_ns == 0);
	for (int i = 0; i < 5; i++)
		assert_true(ap(&f.map, o[i].a_lo) == o[i].b_lo);
	assert_true(ap(&f.map, a0 + 123) == b0 + 123);
}

static void test_fit_no_drift(void **state)
{
	struct truth t = { 1000000000000LL, 1000000000000LL + 1234567891LL, 0 };
	struct synth s;
	(void)state;
	synth(&s, &t, 21, 500000000, 20000, false);
	assert_int_equal(run_fit(&s, NULL), 0);
	if (s.fit.rate_fitted)
		assert_true(s.fit.rate_ppm > -1 && s.fit.rate_ppm < 1);
	else
		assert_true(s.fit.rate_ppm == 0 && s.fit.map.rate_fs == 0);
	check_bound(&s, &t);
	if (!s.fit.rate_fitted)
		assert_true(iabs64(s.fit.map.y0 - s.fit.map.x0 - 1234567891LL) <= s.fit.err_ns);
	assert_true(s.fit.err_ns < 30000);
}

static void test_fit_outlier(void **state)
{
	struct truth t = { 1000000000000LL, 1000000000000LL + 1234567891LL, 37000 };
	struct synth s;
	(void)state;
	synth(&s, &t, 20, 500000000, 20000, false);
	s.obs[7].b_lo += 5000000;
	s.obs[7].b_hi += 5000000;
	assert_int_equal(run_fit(&s, NULL), 0);
	assert_int_equal(s.fit.used, 19);
	assert_int_equal(s.fit.rejected, 1);
	for (size_t i = 0; i < s.n; i++)
		assert_int_equal(s.state[i], i == 7 ? TM_OBS_OUTLIER : TM_OBS_USED);
	assert_true(iabs64(s.resid[7] - 5000000) < 30000);
	assert_true(s.fit.rate_fitted);
	assert_true(s.fit.rate_ppm > 36 && s.fit.rate_ppm < 38);
	assert_true(s.fit.err_ns < 30000);
	check_bound(&s, &t);
}

/* Worked by hand: offsets 0, 0, 0, +50 ms, -70 ms at 1 s steps, all exact.
 * The three zeros agree exactly and are most of the five: both others are
 * rejected, offset 0, error 0.  (This fit once kept +50 ms, giving the
 * mean 12.5 ms, which is none of the markers' offsets.) */
static void test_fit_majority(void **state)
{
	static const int64_t off[5] = { 0, 0, 0, 50000000, -70000000 };
	struct tm_clock_obs o[5];
	enum tm_clock_obs_state st[5];
	struct tm_clock_fit f;
	(void)state;
	for (int i = 0; i < 5; i++) {
		int64_t a = (i + 1) * 1000000000LL;
		o[i] = (struct tm_clock_obs){ a, a, a + off[i], a + off[i], NULL };
	}
	assert_int_equal(tm_clock_fit(o, 5, NULL, &f, st, NULL, NULL), 0);
	assert_int_equal(f.used, 3);
	assert_int_equal(f.rejected, 2);
	for (int i = 0; i < 5; i++)
		assert_int_equal(st[i], i < 3 ? TM_OBS_USED : TM_OBS_OUTLIER);
	assert_false(f.rate_fitted);
	assert_int_equal(ap(&f.map, 0), 0);
	assert_int_equal(f.err_ns, 0);
}

/* Markers g1.. at a = 1, 2, ... s, seen exactly, offsets OFF (ns). */
static void groups(struct synth *s, const int64_t *off, size_t n)
{
	memset(s, 0, sizeof(*s));
	s->n = n;
	for (size_t i = 0; i < n; i++) {
		int64_t a = (int64_t)(i + 1) * 1000000000LL;
		snprintf(s->labels[i], sizeof(s->labels[i]), "g%zu", i + 1);
		s->inst[i] = a;
		s->obs[i] = (struct tm_clock_obs){ a, a, a + off[i], a + off[i], s->labels[i] };
	}
	tm_diag_init(&s->d);
}

#define HOUR 3600000000000LL

/* Two groups of 5, offsets 0 and one hour: neither is most of the markers.
 * (This fit once took their mean, half an hour, which fits none.) */
static void test_fit_groups_tie(void **state)
{
	static const int64_t off[10] = { 0, 0, 0, 0, 0, HOUR, HOUR, HOUR, HOUR, HOUR };
	struct synth s;
	(void)state;
	groups(&s, off, 10);
	assert_int_equal(run_fit(&s, NULL), -1);
	assert_string_equal(s.d.error, "the markers disagree, no clock offset holds for most of "
			    "them: 5 give +0.000000000 s (first g1 at 1.000000 s); "
			    "5 give +3600.000000000 s (first g6 at 6.000000 s)");
	assert_int_equal(s.fit.used, 5);
	assert_int_equal(s.fit.rejected, 5);
	for (size_t i = 0; i < 10; i++)
		assert_int_equal(s.state[i], i < 5 ? TM_OBS_USED : TM_OBS_OUTLIER);
	/* interleaved in time, a third group and two loners */
	static const int64_t mix[12] = { 0, HOUR, 0, HOUR, 0, HOUR, 0, 7000000, 7000000,
					 -5000000, 0, 99000000 };
	groups(&s, mix, 12);
	assert_int_equal(run_fit(&s, NULL), -1);
	assert_string_equal(s.d.error, "the markers disagree, no clock offset holds for most of "
			    "them: 5 give +0.000000000 s (first g1 at 1.000000 s); "
			    "3 give +3600.000000000 s (first g2 at 2.000000 s); "
			    "2 give +0.007000000 s (first g8 at 8.000000 s); 2 agree with no other");
	/* any two lie on a line, but none of these within 1000 ppm */
	static const int64_t apart[4] = { 0, 50000000, 20000000, 90000000 };
	groups(&s, apart, 4);
	assert_int_equal(run_fit(&s, NULL), -1);
	assert_string_equal(s.d.error, "no two of the 4 markers agree on the clock offset");
	tm_diag_free(&s.d);
}

/* 7 against 3: the 7 fitted, the 3 rejected.  By hand: offsets of the 7
 * +3, -2, 0, +4, -4, +1, +5 µs at 1, 2, 4, 5, 7, 8, 10 s; slope
 * Sxy / Sxx = 12 / 63.4 µs/s = 0.19 ppm against a standard error
 * sqrt((64 - 12^2 / 63.4) / 5 / 63.4) = 0.44 ppm: not significant; the
 * equal weights give the mean offset 7/7 = 1 µs; error the largest
 * |residual| |-4 - 1| = 5 µs. */
static void test_fit_groups_majority(void **state)
{
	static const int64_t off[10] = { 3000, -2000, HOUR, 0, 4000, HOUR, -4000, 1000, HOUR,
					 5000 };
	struct synth s;
	(void)state;
	groups(&s, off, 10);
	assert_int_equal(run_fit(&s, NULL), 0);
	assert_int_equal(s.fit.used, 7);
	assert_int_equal(s.fit.rejected, 3);
	assert_false(s.fit.rate_fitted);
	assert_int_equal(s.fit.map.rate_fs, 0);
	assert_int_equal(s.fit.map.y0 - s.fit.map.x0, 1000);
	assert_int_equal(s.fit.err_ns, 5000);
	for (size_t i = 0; i < 10; i++) {
		assert_int_equal(s.state[i], off[i] == HOUR ? TM_OBS_OUTLIER : TM_OBS_USED);
		assert_int_equal(s.resid[i], off[i] - 1000);
	}
	tm_diag_free(&s.d);
}

/* More markers than the consensus tries lines through (64): 60 at +2 ms
 * with 37 ppm of drift, 40 at 0; spread over the input's order. */
static void test_fit_groups_many(void **state)
{
	struct truth t = { 1000000000000LL, 1000000000000LL + 2000000, 37000 };
	struct synth s;
	(void)state;
	memset(&s, 0, sizeof(s));
	tm_diag_init(&s.d);
	s.n = 100;
	struct tm_clock_obs *o = calloc(s.n, sizeof(*o));
	enum tm_clock_obs_state *st = calloc(s.n, sizeof(*st));
	assert_non_null(o);
	assert_non_null(st);
	for (size_t i = 0; i < s.n; i++) {
		int64_t a = t.a0 + (int64_t)i * 100000000LL;
		int64_t b = i % 5 < 3 ? true_b(&t, a) : a;
		o[i] = (struct tm_clock_obs){ a, a, b, b, NULL };
	}
	assert_int_equal(tm_clock_fit(o, s.n, NULL, &s.fit, st, NULL, &s.d), 0);
	assert_int_equal(s.fit.used, 60);
	assert_true(s.fit.rate_fitted);
	assert_true(s.fit.rate_ppm > 36.99 && s.fit.rate_ppm < 37.01);
	assert_true(s.fit.err_ns <= 1);
	for (size_t i = 0; i < s.n; i++)
		assert_int_equal(st[i], i % 5 < 3 ? TM_OBS_USED : TM_OBS_OUTLIER);
	free(o);
	free(st);
	tm_diag_free(&s.d);
}

static void test_fit_two(void **state)
{
	struct tm_clock_obs o[2] = {
		{ 1000000000, 1000000000, 1000000500, 1000000500, "sync-A" },
		{ 2000000000, 2000000000, 2000010500, 2000010500, "sync-B" },
	};
	struct tm_clock_fit f;
	struct tm_diag d;
	(void)state;
	tm_diag_init(&d);
	/* offsets 500 and 10000500 ns one second apart: 10000 ppm */
	o[1].b_lo = o[1].b_hi = 2000000000 + 500 + 10000000;
	assert_int_equal(tm_clock_fit(o, 2, NULL, &f, NULL, NULL, &d), -1);
	assert_non_null(strstr(d.error, "sync-A"));
	assert_non_null(strstr(d.error, "sync-B"));
	assert_non_null(strstr(d.error, "contradictory"));
	assert_non_null(strstr(d.error, "10000.0 ppm"));
	assert_non_null(strstr(d.error, "limit 1000 ppm"));
	/* 500 ns apart over 1 s: 0.5 ppm, both exact after the fit */
	o[1].b_lo = o[1].b_hi = 2000001000;
	assert_int_equal(tm_clock_fit(o, 2, NULL, &f, NULL, NULL, &d), 0);
	assert_true(f.rate_fitted);
	assert_true(f.rate_ppm > 0.4999 && f.rate_ppm < 0.5001);
	assert_int_equal(ap(&f.map, 1000000000), 1000000500);
	assert_int_equal(ap(&f.map, 2000000000), 2000001000);
	assert_true(f.err_ns <= 1);
	tm_diag_free(&d);
}

static void test_fit_rate_limit(void **state)
{
	struct truth t = { 1000000000000LL, 5000000000LL, 5000000 };   /* 5000 ppm */
	struct tm_clock_fit_opts o = { .max_rate_ppm = 10 };
	struct synth s;
	(void)state;
	synth(&s, &t, 21, 500000000, 20000, false);
	assert_int_equal(run_fit(&s, NULL), -1);
	assert_non_null(strstr(s.d.error, "m0"));
	assert_non_null(strstr(s.d.error, "m20"));
	assert_non_null(strstr(s.d.error, "ppm (limit 1000 ppm)"));
	t.r_ppb = 37000;
	synth(&s, &t, 21, 500000000, 20000, false);
	assert_int_equal(run_fit(&s, &o), -1);           /* 37 ppm > 10 */
	assert_non_null(strstr(s.d.error, "limit 10 ppm"));
	o.max_rate_ppm = 100;
	assert_int_equal(run_fit(&s, &o), 0);
	o.offset_only = true;                            /* never a rate */
	assert_int_equal(run_fit(&s, &o), 0);
	assert_false(s.fit.rate_fitted);
	assert_true(s.fit.rate_ppm == 0 && s.fit.map.rate_fs == 0);
	check_bound(&s, &t);
}

static void test_fit_errors(void **state)
{
	struct tm_clock_obs o[2] = { { 10, 20, 30, 40, "x1" }, { 50, 60, 80, 70, "x7" } };
	struct tm_clock_fit f;
	struct tm_diag d;
	(void)state;
	tm_diag_init(&d);
	assert_int_equal(tm_clock_fit(o, 0, NULL, &f, NULL, NULL, &d), -1);
	assert_string_equal(d.error, "no markers");
	assert_int_equal(tm_clock_fit(o, 2, NULL, &f, NULL, NULL, &d), -1);
	assert_string_equal(d.error, "marker x7: interval ends before it starts");
	o[1] = (struct tm_clock_obs){ 60, 50, 70, 80, NULL };
	assert_int_equal(tm_clock_fit(o, 2, NULL, &f, NULL, NULL, &d), -1);
	assert_string_equal(d.error, "marker #2: interval ends before it starts");
	tm_diag_free(&d);
}

/* 1 ms of markers with 10 µs uncertainty cannot show a 5 ppm drift */
static void test_fit_short_span(void **state)
{
	struct truth t = { 1000000000000LL, 7000000000LL, 5000 };
	struct synth s;
	(void)state;
	synth(&s, &t, 11, 100000, 20000, true);
	assert_int_equal(run_fit(&s, NULL), 0);
	assert_false(s.fit.rate_fitted);
	assert_true(s.fit.rate_ppm == 0);
	assert_true(s.fit.rate_err_ppm > 5000);
	assert_int_equal(s.fit.rejected, 0);
	assert_true(s.fit.err_ns < 30000);
	check_bound(&s, &t);
}

/* Two snapshots 75 µs apart whose b readings (each +-10 µs, the time
 * between two reads) are 25 µs off each other: a drift of -333333 ppm,
 * "significant" against the 133333 ppm the readings allow, would be
 * refused as above the 1000 ppm limit.  Over 75 µs no drift within the
 * limit can be significant (the readings allow 133333 ppm), so the fit is
 * the offset alone: the mean, -10.0000125 s, with residuals of 12.5 µs and
 * an error bound of 12500 + 10000 = 22500 ns. */
static void test_fit_too_short_for_drift(void **state)
{
	struct tm_clock_obs o[2] = {
		{ 100000000000LL, 100000000000LL, 89999990000LL, 90000010000LL, "s1" },
		{ 100000075000LL, 100000075000LL, 90000040000LL, 90000060000LL, "s2" },
	};
	struct tm_clock_fit f;
	struct tm_diag d;
	(void)state;
	tm_diag_init(&d);
	assert_int_equal(tm_clock_fit(o, 2, NULL, &f, NULL, NULL, &d), 0);
	assert_false(f.rate_fitted);
	assert_int_equal(f.map.rate_fs, 0);
	assert_int_equal(f.map.y0 - f.map.x0, -10000012500LL);
	assert_int_equal(f.err_ns, 22500);
	assert_int_equal(f.used, 2);
	tm_diag_free(&d);
}

/* ---- graph ----------------------------------------------------------- */

static void test_graph_route(void **state)
{
	struct tm_clock_graph *g = tm_clock_graph_new();
	struct tm_clock_map ab = tm_clock_offset(1000), cb = { 1000, 3000, PPM };
	struct tm_clock_map ac = tm_clock_offset(999);
	struct tm_clock_route r[4];
	struct tm_diag d;
	char name[8] = "A";
	(void)state;
	tm_diag_init(&d);
	assert_non_null(g);
	assert_int_equal(tm_clock_graph_domain(g, name), 0);
	name[0] = 'Z';                                    /* names are copied */
	assert_string_equal(tm_clock_graph_name(g, 0), "A");
	for (int i = 0; i < 4; i++)                       /* A again: 0 */
		assert_int_equal(tm_clock_graph_domain(g, &"A\0B\0C\0D"[2 * i]), i);
	assert_int_equal(tm_clock_graph_ndomains(g), 4);
	assert_null(tm_clock_graph_name(g, 4));
	assert_int_equal(tm_clock_graph_link(g, 0, 1, &ab, 10, "ab"), 0);
	assert_int_equal(tm_clock_graph_link(g, 2, 1, &cb, 5, "cb"), 0);   /* C -> B */
	assert_int_equal(tm_clock_graph_link(g, 0, 2, &ac, 100, "direct"), 0);
	assert_int_equal(tm_clock_graph_link(g, 0, 9, &ac, 1, "bad"), -1);
	assert_int_equal(tm_clock_graph_link(g, 0, 1, &ac, -1, "bad"), -1);
	assert_int_equal(tm_clock_graph_solve(g, 2, r, &d), 0);
	/* the target */
	assert_true(r[2].linked);
	assert_int_equal(r[2].via, -1);
	assert_int_equal(r[2].err_ns, 0);
	assert_int_equal(ap(&r[2].to_target, 123456789), 123456789);
	/* B -> C reverses C -> B: anchored at 3000, rate -999999000 (see
	 * test_invert); 1005001 -> 1000 + 1002001 + round(-1.001999998) */
	assert_true(r[1].linked);
	assert_int_equal(r[1].via, 2);
	assert_int_equal(r[1].err_ns, 5);
	assert_string_equal(r[1].how, "cb");
	assert_int_equal(r[1].to_target.x0, 3000);
	assert_int_equal(r[1].to_target.y0, 1000);
	assert_int_equal(r[1].to_target.rate_fs, -999999000LL);
	assert_int_equal(ap(&r[1].to_target, 1005001), 1003000);
	assert_int_equal(ap(&cb, 1003000), 1005001);
	/* A goes through B (10 + 5) rather than directly (100) */
	assert_true(r[0].linked);
	assert_int_equal(r[0].via, 1);
	assert_int_equal(r[0].err_ns, 15);
	assert_string_equal(r[0].how, "ab");
	assert_int_equal(ap(&r[0].to_target, 1004001), 1003000);
	for (int64_t x = -5000000; x <= 5000000; x += 77777)
		assert_true(iabs64(ap(&r[0].to_target, x) - ap(&r[1].to_target, ap(&ab, x)))
			    <= 1);
	/* D has no link */
	assert_false(r[3].linked);
	assert_int_equal(tm_clock_graph_solve(g, 4, r, &d), -1);
	tm_clock_graph_free(g);
	tm_diag_free(&d);
}

static void test_graph_ties(void **state)
{
	struct tm_clock_graph *g = tm_clock_graph_new();
	struct tm_clock_map o1 = tm_clock_offset(1), o2 = tm_clock_offset(2);
	struct tm_clock_route r[4];
	(void)state;
	/* T=0, P=1, Q=2, R=3; R reaches T through P or Q at equal cost */
	for (int i = 0; i < 4; i++)
		assert_int_equal(tm_clock_graph_domain(g, &"T\0P\0Q\0R"[2 * i]), i);
	assert_int_equal(tm_clock_graph_link(g, 3, 2, &o1, 5, "rq"), 0);
	assert_int_equal(tm_clock_graph_link(g, 3, 1, &o1, 5, "rp"), 0);
	assert_int_equal(tm_clock_graph_link(g, 2, 0, &o1, 5, "qt"), 0);
	assert_int_equal(tm_clock_graph_link(g, 1, 0, &o1, 5, "pt"), 0);
	assert_int_equal(tm_clock_graph_link(g, 1, 0, &o2, 5, "pt2"), 0);
	assert_int_equal(tm_clock_graph_solve(g, 0, r, NULL), 0);
	assert_int_equal(r[3].via, 1);
	assert_int_equal(r[3].err_ns, 10);
	assert_string_equal(r[3].how, "rp");
	assert_string_equal(r[1].how, "pt");              /* first of equal links */
	assert_int_equal(ap(&r[3].to_target, 0), 2);
	tm_clock_graph_free(g);
}

/* Thousands of domains (a systrace HTML with a JSON block each): names found
 * again, every route as worked out by hand.  Domain i is linked to the
 * target 0 directly (offset i, error i) and to i - 1 (offset 1, error 1):
 * both paths cost i, and the lower-index neighbour (0) wins the tie. */
static void test_graph_many(void **state)
{
	enum { N = 5000 };
	struct tm_clock_graph *g = tm_clock_graph_new();
	struct tm_clock_route *r = calloc(N, sizeof(*r));
	char name[32];
	(void)state;
	assert_non_null(r);
	for (int i = 0; i < N; i++) {
		snprintf(name, sizeof(name), "trace.html (json block %d)", i);
		assert_int_equal(tm_clock_graph_domain(g, name), i);
	}
	for (int i = N - 1; i >= 0; i -= 7) {
		snprintf(name, sizeof(name), "trace.html (json block %d)", i);
		assert_int_equal(tm_clock_graph_domain(g, name), i);
	}
	assert_int_equal(tm_clock_graph_ndomains(g), N);
	for (int i = 1; i < N; i++) {
		struct tm_clock_map m = tm_clock_offset(i);
		assert_int_equal(tm_clock_graph_link(g, i, 0, &m, i, "direct"), 0);
	}
	for (int i = 1; i < N; i++) {
		struct tm_clock_map m = tm_clock_offset(1);
		assert_int_equal(tm_clock_graph_link(g, i, i - 1, &m, 1, "chain"), 0);
	}
	assert_int_equal(tm_clock_graph_solve(g, 0, r, NULL), 0);
	for (int i = 1; i < N; i++) {
		assert_true(r[i].linked);
		assert_int_equal(r[i].via, 0);
		assert_int_equal(r[i].err_ns, i);
		assert_string_equal(r[i].how, "direct");
		assert_int_equal(ap(&r[i].to_target, 1000), 1000 + i);
	}
	/* towards the last domain: the chain (error 1 each) beats the way
	 * through the target (N - 1 + i) */
	assert_int_equal(tm_clock_graph_solve(g, N - 1, r, NULL), 0);
	for (int i = 0; i < N - 1; i++) {
		assert_int_equal(r[i].via, i + 1);
		assert_int_equal(r[i].err_ns, N - 1 - i);
		assert_int_equal(ap(&r[i].to_target, 0), -(N - 1 - i));
	}
	free(r);
	tm_clock_graph_free(g);
}

static void test_graph_overflow(void **state)
{
	struct tm_clock_graph *g = tm_clock_graph_new();
	struct tm_clock_map big = { 0, INT64_MAX, 0 };
	struct tm_clock_route r[3];
	struct tm_diag d;
	(void)state;
	tm_diag_init(&d);
	for (int i = 0; i < 3; i++)
		assert_int_equal(tm_clock_graph_domain(g, &"T\0A\0B"[2 * i]), i);
	assert_int_equal(tm_clock_graph_link(g, 1, 0, &big, 1, "a"), 0);
	assert_int_equal(tm_clock_graph_link(g, 2, 1, &big, 1, "b"), 0);
	/* B -> T = big(big(x)): INT64_MAX + INT64_MAX at the anchor */
	assert_int_equal(tm_clock_graph_solve(g, 0, r, &d), -1);
	assert_non_null(strstr(d.error, "overflows"));
	tm_clock_graph_free(g);
	tm_diag_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_apply),
		cmocka_unit_test(test_apply_halves),
		cmocka_unit_test(test_apply_overflow),
		cmocka_unit_test(test_compose),
		cmocka_unit_test(test_invert),
		cmocka_unit_test(test_roundtrip),
		cmocka_unit_test(test_is_us_offset),
		cmocka_unit_test(test_fit_one),
		cmocka_unit_test(test_fit_drift),
		cmocka_unit_test(test_fit_realistic),
		cmocka_unit_test(test_fit_no_drift),
		cmocka_unit_test(test_fit_outlier),
		cmocka_unit_test(test_fit_majority),
		cmocka_unit_test(test_fit_groups_tie),
		cmocka_unit_test(test_fit_groups_majority),
		cmocka_unit_test(test_fit_groups_many),
		cmocka_unit_test(test_fit_two),
		cmocka_unit_test(test_fit_rate_limit),
		cmocka_unit_test(test_fit_errors),
		cmocka_unit_test(test_fit_short_span),
		cmocka_unit_test(test_fit_too_short_for_drift),
		cmocka_unit_test(test_graph_route),
		cmocka_unit_test(test_graph_ties),
		cmocka_unit_test(test_graph_many),
		cmocka_unit_test(test_graph_overflow),
	};
	return cmocka_run_group_tests_name("clock", tests, NULL, NULL);
}
