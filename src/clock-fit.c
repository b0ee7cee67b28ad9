/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* clock-fit.c - marker fits: weighted offset + drift, outliers, error
 * bound (tm_clock_fit, see tracemerge/clock.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock-int.h"

/* ---- long double helpers (no libm) -------------------------------------- */

static long double ld_abs(long double v)
{
	return v < 0 ? -v : v;
}

static bool ld_finite(long double v)
{
	return __builtin_isfinite(v);
}

/* Exact for |v| < 2^64 (the values used here); avoids libgcc's 128-bit
 * conversion, which assumes a 64-bit mantissa (valgrind runs x87 long
 * double in double precision, and that conversion then loses ~1e3 ns). */
static long double i128_ld(i128 v)
{
	if (fits_i64(v))
		return (long double)(int64_t)v;
	return (long double)(int64_t)(v >> 32) * 4294967296.0L +
	       (long double)(int64_t)(v & 0xffffffff);
}

/* Newton's method from above; only for the statistics. */
static long double ld_sqrt(long double v)
{
	long double g, prev;

	if (!(v > 0) || !ld_finite(v))
		return 0;
	g = v > 1 ? v : 1;
	for (int i = 0; i < 20000; i++) {
		prev = g;
		g = (g + v / g) / 2;
		if (g >= prev)
			return prev;
	}
	return g;
}

/* Round to the nearest int64 (ties away from zero); -1 when out of range. */
static int ld_round(long double v, int64_t *out)
{
	if (!ld_finite(v) || ld_abs(v) >= 9.2e18L)
		return -1;
	*out = v < 0 ? -(int64_t)(-v + 0.5L) : (int64_t)(v + 0.5L);
	return 0;
}

/* Smallest int64 >= V for 0 <= V < 9.2e18; -1 otherwise. */
static int ld_ceil(long double v, int64_t *out)
{
	int64_t c;

	if (!ld_finite(v) || v < 0 || v >= 9.2e18L)
		return -1;
	c = (int64_t)v;
	if ((long double)c < v)
		c++;
	*out = c;
	return 0;
}

/* ---- marker fit ----------------------------------------------------------
 *
 * Every value goes into the arithmetic relative to an anchor, so long double
 * holds it exactly (absolute timestamps are ~1e18 ns, the differences that
 * matter ~1e10 ns, and midpoints carry a half ns):
 *   x_i = mid_a - x0          x0: weighted mean of the used mid_a, rounded
 *   y_i = (mid_b - mid_a) - oref       oref: the first pair's offset
 * (long double is only double under valgrind; relative values keep the fit
 * exact enough there too.)
 *
 * Model: y_i = off + rate * x_i, weighted least squares with weights
 * 1 / (u_i + 1 µs)^2, u_i = half-width of a + half-width of b.  The 1 µs
 * floor keeps exact (zero-width) markers from taking all the weight: their
 * instants are still only as good as the clocks' own jitter.
 *
 * Rate: fitted only with >= 2 used pairs spread over span > 0 (and not
 * opts->offset_only).  Its error is
 *     rate_err = max(sqrt(chi2 / (used - 2) / Sxx),  max(max u_i, 0.5) / span)
 * (statistical standard error from the weighted residual scatter, 0 with
 * two pairs; and what the interval widths alone allow, at least the 0.5 ns
 * of integer timestamps).  The rate is kept only when |rate| > 2 * rate_err;
 * otherwise the fit is the weighted mean offset, rate 0 (rate_err is still
 * reported).  A kept rate beyond max_rate_ppm is an error.
 *
 * Outliers and the error bound: see worst_outlier() and finish().
 */

#define W_FLOOR_NS 1000.0L              /* weight floor, see above */
#define OUTLIER_FLOOR_NS 10000.0L       /* never reject within 10 µs */

struct pt {
	i128 sa, sb;                         /* a_lo + a_hi, b_lo + b_hi: 2 * midpoints */
	long double ha, hb, u, w;            /* half-widths, uncertainty, weight */
	long double x, y, r;                 /* see above; r: residual */
	bool used;
};

struct lsq {
	int64_t x0;
	long double off, rate;               /* y = off + rate * x */
	long double rate_err;                /* standard error of the rate fit */
	bool rate_fitted;
	long double span;                    /* of the used mid_a */
};

static const char *lbl(const struct tm_clock_obs *o, size_t i, char *buf, size_t n)
{
	if (o[i].label && o[i].label[0])
		return o[i].label;
	snprintf(buf, n, "#%zu", i + 1);
	return buf;
}

/* Anchor x0 = rounded weighted mean of the used mid_a; sets every x_i. */
static int set_anchor(struct pt *p, size_t n, int64_t *x0)
{
	i128 ref = p[0].sa / 2;              /* between a_lo and a_hi of pair 0 */
	long double sw = 0, swx = 0;
	int64_t m;
	i128 a;

	for (size_t i = 0; i < n; i++) {
		if (!p[i].used)
			continue;
		sw += p[i].w;
		swx += p[i].w * (i128_ld(p[i].sa - 2 * ref) / 2);
	}
	if (ld_round(swx / sw, &m))
		return -1;
	a = ref + m;
	if (!fits_i64(a))
		return -1;
	*x0 = (int64_t)a;
	for (size_t i = 0; i < n; i++)
		p[i].x = i128_ld(p[i].sa - 2 * a) / 2;
	return 0;
}

/* One weighted least-squares fit of the used pairs; rate only when allowed,
 * possible (span > 0) and significant. */
static int fit_once(struct pt *p, size_t n, bool rate_allowed, struct lsq *f)
{
	long double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0, chi = 0;
	long double xm, ym, lo = 0, hi = 0, max_u = 0;
	size_t used = 0;

	if (set_anchor(p, n, &f->x0))
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (!p[i].used)
			continue;
		if (!used || p[i].x < lo)
			lo = p[i].x;
		if (!used || p[i].x > hi)
			hi = p[i].x;
		if (p[i].u > max_u)
			max_u = p[i].u;
		used++;
		sw += p[i].w;
		sx += p[i].w * p[i].x;
		sy += p[i].w * p[i].y;
	}
	xm = sx / sw;
	ym = sy / sw;
	f->span = hi - lo;
	f->off = ym;
	f->rate = 0;
	f->rate_err = 0;
	f->rate_fitted = false;
	if (rate_allowed && used >= 2 && f->span > 0) {
		for (size_t i = 0; i < n; i++) {
			if (!p[i].used)
				continue;
			long double dx = p[i].x - xm, dy = p[i].y - ym;
			sxx += p[i].w * dx * dx;
			sxy += p[i].w * dx * dy;
		}
		long double rate = sxy / sxx, off = ym - rate * xm, se = 0, ufloor;
		if (used > 2) {
			for (size_t i = 0; i < n; i++) {
				if (!p[i].used)
					continue;
				long double r = p[i].y - off - rate * p[i].x;
				chi += p[i].w * r * r;
			}
			se = ld_sqrt(chi / (long double)(used - 2) / sxx);
		}
		/* the uncertainties alone allow this much (timestamps: +-0.5 ns) */
		ufloor = (max_u > 0.5L ? max_u : 0.5L) / f->span;
		f->rate_err = se > ufloor ? se : ufloor;
		if (ld_abs(rate) > 2 * f->rate_err) {
			f->rate = rate;
			f->off = off;
			f->rate_fitted = true;
		}
	}
	if (!ld_finite(f->off) || !ld_finite(f->rate) || !ld_finite(f->rate_err))
		return -1;
	for (size_t i = 0; i < n; i++)
		p[i].r = p[i].y - f->off - f->rate * p[i].x;
	return 0;
}

static int cmp_ld(const void *a, const void *b)
{
	long double x = *(const long double *)a, y = *(const long double *)b;
	return (x > y) - (x < y);
}

/*
 * Outlier rule: with 1.4826 * median |residual| of the used pairs as a
 * robust sigma, a pair is an outlier when
 *     |r_i| > u_i + max(3 * sigma, 10 µs).
 * The worst one (largest |r_i| - u_i) is rejected and the fit repeated, as
 * long as at least 2 pairs stay and the kept pairs outnumber the rejected.
 * Returns the index to reject, or n for none.
 */
static size_t worst_outlier(const struct pt *p, size_t n, size_t used, long double *scratch)
{
	long double med, lim, worst = 0;
	size_t k = 0, pick = n;

	if (used < 3 || 2 * (used - 1) <= n)
		return n;
	for (size_t i = 0; i < n; i++)
		if (p[i].used)
			scratch[k++] = ld_abs(p[i].r);
	qsort(scratch, k, sizeof(*scratch), cmp_ld);
	med = k % 2 ? scratch[k / 2] : (scratch[k / 2 - 1] + scratch[k / 2]) / 2;
	lim = 3 * 1.4826L * med;
	if (lim < OUTLIER_FLOOR_NS)
		lim = OUTLIER_FLOOR_NS;
	for (size_t i = 0; i < n; i++) {
		long double ex = ld_abs(p[i].r) - p[i].u;
		if (p[i].used && ex > lim && (pick == n || ex > worst)) {
			worst = ex;
			pick = i;
		}
	}
	return pick;
}

/* Fill P from the observations; -1 (d->error) on a reversed interval. */
static int load_pairs(const struct tm_clock_obs *obs, size_t n, struct pt *p,
		      struct tm_diag *d)
{
	char b[32];
	i128 oref = ((i128)obs[0].b_lo + obs[0].b_hi) - ((i128)obs[0].a_lo + obs[0].a_hi);

	for (size_t i = 0; i < n; i++) {
		const struct tm_clock_obs *o = &obs[i];
		if (o->a_hi < o->a_lo || o->b_hi < o->b_lo)
			return tm_diag_error(d, "marker %s: interval ends before it starts",
					     lbl(obs, i, b, sizeof(b)));
		p[i].sa = (i128)o->a_lo + o->a_hi;
		p[i].sb = (i128)o->b_lo + o->b_hi;
		p[i].ha = i128_ld((i128)o->a_hi - o->a_lo) / 2;
		p[i].hb = i128_ld((i128)o->b_hi - o->b_lo) / 2;
		p[i].u = p[i].ha + p[i].hb;
		p[i].w = 1 / ((p[i].u + W_FLOOR_NS) * (p[i].u + W_FLOOR_NS));
		p[i].y = i128_ld(p[i].sb - p[i].sa - oref) / 2;
		p[i].used = true;
	}
	return 0;
}

/* The first and last used pairs in domain a (ties: lower index). */
static void ends(const struct pt *p, size_t n, size_t *first, size_t *last)
{
	*first = *last = n;
	for (size_t i = 0; i < n; i++) {
		if (!p[i].used)
			continue;
		if (*first == n || p[i].sa < p[*first].sa)
			*first = i;
		if (*last == n || p[i].sa > p[*last].sa)
			*last = i;
	}
}

static int rate_error(const struct tm_clock_obs *obs, const struct pt *p, size_t n,
		      size_t used, double ppm, double limit, struct tm_diag *d)
{
	char b1[32], b2[32];
	size_t first, last;

	ends(p, n, &first, &last);
	if (used == 2)
		return tm_diag_error(d, "markers %s and %s are contradictory: they imply a "
				     "drift of %.1f ppm (limit %g ppm)",
				     lbl(obs, first, b1, sizeof(b1)),
				     lbl(obs, last, b2, sizeof(b2)), ppm, limit);
	return tm_diag_error(d, "markers %s to %s (%zu used) imply a drift of %.1f ppm "
			     "(limit %g ppm)", lbl(obs, first, b1, sizeof(b1)),
			     lbl(obs, last, b2, sizeof(b2)), used, ppm, limit);
}

/*
 * The final map and its statistics.  Residuals are taken against the map as
 * rounded (y0, rate_fs), treated as a real-valued line M.  The error bound
 * holds at every used marker's instants: for a true instant a_t in [a_lo,
 * a_hi] seen as b_t in [b_lo, b_hi],
 *   |map(a_t) - b_t| <= |r_i| + ha_i * (1 + |rate|) + hb_i (+ 0.5 when the
 *   map has a rate: integer rounding of map())
 * and err_ns is the ceiling of the largest of these.
 */
static int finish(const struct tm_clock_obs *obs, struct pt *p, size_t n,
		  const struct lsq *f, struct tm_clock_fit *fit, struct tm_diag *d)
{
	i128 oref = ((i128)obs[0].b_lo + obs[0].b_hi) - ((i128)obs[0].a_lo + obs[0].a_hi);
	i128 h = oref / 2, y0, lo = 0, hi = 0;
	long double off = f->off + i128_ld(oref - 2 * h) / 2, rate, worst = 0, ss = 0;
	int64_t o, rate_fs;
	size_t used = 0;

	if (ld_round(off, &o) || ld_round(f->rate * (long double)FS, &rate_fs))
		return tm_diag_error(d, "marker fit: the clock relation overflows");
	y0 = (i128)f->x0 + h + o;
	if (!fits_i64(y0))
		return tm_diag_error(d, "marker fit: the clock relation overflows");
	fit->map.x0 = f->x0;
	fit->map.y0 = (int64_t)y0;
	fit->map.rate_fs = rate_fs;
	rate = (long double)rate_fs / FS;
	for (size_t i = 0; i < n; i++) {
		/* observed offset minus the rounded map's offset at mid_a */
		i128 dy = p[i].sb - p[i].sa - 2 * (y0 - f->x0);
		p[i].r = i128_ld(dy) / 2 - rate * p[i].x;
		if (!p[i].used)
			continue;
		long double bound = ld_abs(p[i].r) + p[i].ha * (1 + ld_abs(rate)) + p[i].hb +
				    (rate_fs ? 0.5L : 0);
		if (bound > worst)
			worst = bound;
		ss += p[i].r * p[i].r;
		if (used == 0 || p[i].sa < lo)
			lo = p[i].sa;
		if (used == 0 || p[i].sa > hi)
			hi = p[i].sa;
		used++;
	}
	if (ld_ceil(worst, &fit->err_ns) || !ld_finite(ss))
		return tm_diag_error(d, "marker fit: the error bound overflows");
	fit->rms_ns = (double)ld_sqrt(ss / (long double)used);
	hi = (hi - lo + 1) / 2;
	fit->span_ns = hi > INT64_MAX ? INT64_MAX : (int64_t)hi;
	return 0;
}

int tm_clock_fit(const struct tm_clock_obs *obs, size_t n,
		 const struct tm_clock_fit_opts *opts, struct tm_clock_fit *fit,
		 enum tm_clock_obs_state *state, int64_t *resid, struct tm_diag *d)
{
	double limit = opts && opts->max_rate_ppm > 0 ? opts->max_rate_ppm : 1000;
	bool rate_allowed = !(opts && opts->offset_only);
	struct pt *p = NULL;
	long double *scratch = NULL;
	struct lsq f;
	size_t used = n;
	int ret = -1;

	memset(fit, 0, sizeof(*fit));
	if (n == 0)
		return tm_diag_error(d, "no markers");
	p = calloc(n, sizeof(*p));
	scratch = calloc(n, sizeof(*scratch));
	if (!p || !scratch) {
		tm_diag_error(d, "out of memory");
		goto out;
	}
	if (load_pairs(obs, n, p, d))
		goto out;
	for (;;) {
		if (fit_once(p, n, rate_allowed, &f)) {
			tm_diag_error(d, "marker fit: arithmetic out of range");
			goto out;
		}
		size_t k = worst_outlier(p, n, used, scratch);
		if (k == n)
			break;
		p[k].used = false;
		used--;
	}
	fit->rate_fitted = f.rate_fitted;
	fit->rate_ppm = (double)(f.rate * 1e6L);
	fit->rate_err_ppm = (double)(f.rate_err * 1e6L);
	fit->used = used;
	fit->rejected = n - used;
	if (f.rate_fitted && ld_abs(f.rate * 1e6L) > limit)
		rate_error(obs, p, n, used, fit->rate_ppm, limit, d);
	else if (!finish(obs, p, n, &f, fit, d))
		ret = 0;
	/* on a rate error, the residuals are those of the rejected fit */
	for (size_t i = 0; i < n; i++) {
		if (state)
			state[i] = p[i].used ? TM_OBS_USED : TM_OBS_OUTLIER;
		if (resid && ld_round(p[i].r, &resid[i]))
			resid[i] = p[i].r < 0 ? INT64_MIN : INT64_MAX;
	}
out:
	free(p);
	free(scratch);
	return ret;
}
