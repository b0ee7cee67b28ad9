/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* clock-fit.c - marker fits: consensus, weighted offset + drift, error
 * bound (tm_clock_fit, see tracemerge/clock.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock-int.h"
#include "tracemerge/ts.h"

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
 * reported).  A kept rate beyond max_rate_ppm is an error, so no rate is
 * fitted over a span too short to show an allowed one: where
 * 2 * max(max u_i, 0.5) / span > max_rate_ppm (every significant rate
 * would be refused), the fit is the offset alone.
 *
 * Which pairs are fitted: see consensus(); the error bound: see finish().
 */

#define W_FLOOR_NS 1000.0L              /* weight floor, see above */
#define OUTLIER_FLOOR_NS 10000.0L       /* never reject within 10 µs */

struct pt {
	i128 sa, sb;                         /* a_lo + a_hi, b_lo + b_hi: 2 * midpoints */
	long double ha, hb, u, w;            /* half-widths, uncertainty, weight */
	long double x, y, r;                 /* see above; r: residual */
	long double xc;                      /* mid_a - pair 0's mid_a (consensus) */
	bool used;
	bool pool;                           /* may join the consensus */
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
 * possible (span > 0), significant and able to be both significant and
 * within MAX_RATE (a fraction): over a span where the uncertainties alone
 * allow more, every significant rate would be refused. */
static int fit_once(struct pt *p, size_t n, bool rate_allowed, long double max_rate,
		    struct lsq *f)
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
		if (ld_abs(rate) > 2 * f->rate_err && 2 * ufloor <= max_rate) {
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

/* Median of |r_i| over the used pairs (SCRATCH holds N values). */
static long double median_abs_r(const struct pt *p, size_t n, long double *scratch)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (p[i].used)
			scratch[k++] = ld_abs(p[i].r);
	if (!k)
		return 0;
	qsort(scratch, k, sizeof(*scratch), cmp_ld);
	return k % 2 ? scratch[k / 2] : (scratch[k / 2 - 1] + scratch[k / 2]) / 2;
}

/* ---- consensus ------------------------------------------------------------
 *
 * The fit is made on the largest set of pairs that one clock relation
 * explains, never on the average of groups that disagree:
 *
 * 1. Candidate lines (y = off + rate * xc): every pool pair's own offset
 *    (rate 0) and, when a rate may be fitted, the line through every two
 *    pool pairs (any rate; with more than CAND_MAX pairs in the pool, every
 *    two of CAND_MAX pairs spread evenly over it).  A pair supports a line
 *    when its residual is within its uncertainty u_i plus 10 µs.  The line
 *    with the most supporters wins (ties: the smaller |rate|, then the
 *    first tried); its supporters are the members.
 * 2. The members are fitted (fit_once) and the membership is taken again
 *    against that fit with the outlier rule: with 1.4826 * median |r| of
 *    the members as a robust sigma, a pool pair is a member when
 *        |r_i| <= u_i + max(3 * sigma, 10 µs).
 *    Fit and membership alternate until the membership stays (at most
 *    ROUNDS times).
 * 3. tm_clock_fit() needs the members to be more than half of the pairs;
 *    otherwise it fails naming the groups the pairs fall in (steps 1 and 2
 *    again on the pairs no group took, see groups_error()).
 */

#define CAND_MAX 64
#define ROUNDS 32

struct line {
	long double off, rate;               /* y = off + rate * xc */
};

/* Pool pairs within u_i + 10 µs of L; with MARK, they become the used ones. */
static size_t support(struct pt *p, size_t n, const struct line *l, bool mark)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		bool in = p[i].pool &&
			  ld_abs(p[i].y - l->off - l->rate * p[i].xc) <= p[i].u + OUTLIER_FLOOR_NS;
		if (mark)
			p[i].used = in;
		k += in;
	}
	return k;
}

static void try_line(struct pt *p, size_t n, const struct line *l, struct line *best,
		     size_t *best_k)
{
	size_t k;

	if (!ld_finite(l->off) || !ld_finite(l->rate))
		return;
	k = support(p, n, l, false);
	if (k > *best_k || (k == *best_k && ld_abs(l->rate) < ld_abs(best->rate))) {
		*best = *l;
		*best_k = k;
	}
}

/* Step 1: the supporters of the best candidate line become the used
 * pairs; returns their number (0 only for an empty pool).  IDX: N slots. */
static size_t best_line(struct pt *p, size_t n, bool rate_allowed, size_t *idx)
{
	struct line best = { 0, 0 }, l;
	size_t m = 0, best_k = 0;

	for (size_t i = 0; i < n; i++)
		if (p[i].pool)
			idx[m++] = i;
	if (m > CAND_MAX) {             /* idx[j * m / CAND_MAX] >= j: in place */
		for (size_t j = 0; j < CAND_MAX; j++)
			idx[j] = idx[j * m / CAND_MAX];
		m = CAND_MAX;
	}
	for (size_t i = 0; i < m; i++) {
		const struct pt *pi = &p[idx[i]];
		l = (struct line){ pi->y, 0 };
		try_line(p, n, &l, &best, &best_k);
		for (size_t j = i + 1; rate_allowed && j < m; j++) {
			const struct pt *pj = &p[idx[j]];
			if (pj->xc == pi->xc)
				continue;
			l.rate = (pj->y - pi->y) / (pj->xc - pi->xc);
			l.off = pi->y - l.rate * pi->xc;
			try_line(p, n, &l, &best, &best_k);
		}
	}
	return support(p, n, &best, true);
}

/* Step 2's membership against the current fit.  Returns true when it
 * changed (a membership without pairs is not taken); *USED: members. */
static bool take_members(struct pt *p, size_t n, long double *scratch, size_t *used)
{
	long double lim = 3 * 1.4826L * median_abs_r(p, n, scratch);
	bool changed = false;
	size_t k = 0;

	if (lim < OUTLIER_FLOOR_NS)
		lim = OUTLIER_FLOOR_NS;
	for (size_t i = 0; i < n; i++)
		k += p[i].pool && ld_abs(p[i].r) - p[i].u <= lim;
	if (!k)
		return false;
	for (size_t i = 0; i < n; i++) {
		bool in = p[i].pool && ld_abs(p[i].r) - p[i].u <= lim;
		changed |= in != p[i].used;
		p[i].used = in;
	}
	*used = k;
	return changed;
}

/* Steps 1 and 2 on the pool (not empty): the members are the used pairs,
 * *USED their number, F their fit (a rate within MAX_RATE, fit_once).
 * -1: arithmetic out of range. */
static int consensus(struct pt *p, size_t n, bool rate_allowed, long double max_rate,
		     struct lsq *f, long double *scratch, size_t *idx, size_t *used)
{
	*used = best_line(p, n, rate_allowed, idx);
	for (int round = 0;; round++) {
		if (fit_once(p, n, rate_allowed, max_rate, f))
			return -1;
		if (round == ROUNDS || !take_members(p, n, scratch, used))
			return 0;
	}
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
		p[i].xc = i128_ld(p[i].sa - p[0].sa) / 2;
		p[i].used = p[i].pool = true;
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

/* "+1.234567891 s": exact, with its sign. */
static void signed_secs(char *buf, int64_t ns)
{
	buf[0] = ns < 0 ? '-' : '+';
	tm_ts_format_secs(buf + 1, ns < 0 ? -ns : ns, 9);
}

/* Append to MSG (CAP bytes, *LEN used) the used pairs as one group: how
 * many, the offset b - a that F gives at the first of them (in domain a),
 * that one's label and time. */
static void describe_group(const struct tm_clock_obs *obs, const struct pt *p, size_t n,
			   const struct lsq *f, size_t used, char *msg, size_t cap, size_t *len)
{
	i128 oref = ((i128)obs[0].b_lo + obs[0].b_hi) - ((i128)obs[0].a_lo + obs[0].a_hi);
	char off[TM_TS_BUFSZ + 1] = "?", at[TM_TS_BUFSZ] = "?", b[32];
	size_t first, last;
	int64_t o;
	i128 t;

	ends(p, n, &first, &last);
	if (!ld_round(f->off + f->rate * p[first].x + i128_ld(oref) / 2, &o) && o > INT64_MIN)
		signed_secs(off, o);
	t = p[first].sa / 2;
	if (fits_i64(t))
		tm_ts_format_secs(at, (int64_t)t, 6);
	if (*len < cap)
		*len += (size_t)snprintf(msg + *len, cap - *len, "%s %zu give %s s (first %s at %s s)",
					 *len ? ";" : "", used, off, lbl(obs, first, b, sizeof(b)), at);
}

/*
 * Step 3's error: no set of pairs is more than half of them.  The groups
 * they fall in, largest first, each found by steps 1 and 2 on the pairs the
 * groups before did not take (P's used pairs and F are the first group), at
 * most GROUPS_SHOWN of them; then how many pairs are left.  A group is two
 * pairs or more whose fit has no rate beyond LIMIT ppm (any two pairs lie
 * on some line).  Returns -1.
 */
#define GROUPS_SHOWN 3

static bool agree(const struct lsq *f, size_t used, double limit)
{
	return used > 1 && !(f->rate_fitted && ld_abs(f->rate * 1e6L) > limit);
}

static int groups_error(const struct tm_clock_obs *obs, struct pt *p, size_t n,
			bool rate_allowed, double limit, struct lsq *f, long double *scratch,
			size_t *idx, size_t used, struct tm_diag *d)
{
	char msg[400];
	size_t len = 0, left = n, shown = 0;

	msg[0] = 0;
	while (agree(f, used, limit) && shown < GROUPS_SHOWN) {
		describe_group(obs, p, n, f, used, msg, sizeof(msg), &len);
		shown++;
		left -= used;
		for (size_t i = 0; i < n; i++)
			if (p[i].used)
				p[i].used = p[i].pool = false;
		if (!left || consensus(p, n, rate_allowed, limit / 1e6L, f, scratch, idx, &used))
			break;
	}
	if (!shown)
		return tm_diag_error(d, "no two of the %zu markers agree on the clock offset", n);
	if (left && agree(f, used, limit))
		return tm_diag_error(d, "the markers disagree, no clock offset holds for most of "
				     "them:%s; %zu more in smaller groups", msg, left);
	if (left)
		return tm_diag_error(d, "the markers disagree, no clock offset holds for most of "
				     "them:%s; %zu agree with no other", msg, left);
	return tm_diag_error(d, "the markers disagree, no clock offset holds for most of them:%s",
			     msg);
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

/* STATE and RESID (each may be NULL) from P. */
static void fill_state(const struct pt *p, size_t n, enum tm_clock_obs_state *state,
		       int64_t *resid)
{
	for (size_t i = 0; i < n; i++) {
		if (state)
			state[i] = p[i].used ? TM_OBS_USED : TM_OBS_OUTLIER;
		if (resid && ld_round(p[i].r, &resid[i]))
			resid[i] = p[i].r < 0 ? INT64_MIN : INT64_MAX;
	}
}

int tm_clock_fit(const struct tm_clock_obs *obs, size_t n,
		 const struct tm_clock_fit_opts *opts, struct tm_clock_fit *fit,
		 enum tm_clock_obs_state *state, int64_t *resid, struct tm_diag *d)
{
	double limit = opts && opts->max_rate_ppm > 0 ? opts->max_rate_ppm : 1000;
	bool rate_allowed = !(opts && opts->offset_only);
	struct pt *p = NULL;
	long double *scratch = NULL;
	size_t *idx = NULL;
	struct lsq f;
	size_t used = 0;
	int ret = -1;

	memset(fit, 0, sizeof(*fit));
	if (n == 0)
		return tm_diag_error(d, "no markers");
	p = calloc(n, sizeof(*p));
	scratch = calloc(n, sizeof(*scratch));
	idx = calloc(n, sizeof(*idx));
	if (!p || !scratch || !idx) {
		tm_diag_error(d, "out of memory");
		goto out;
	}
	if (load_pairs(obs, n, p, d))
		goto out;
	if (consensus(p, n, rate_allowed, limit / 1e6L, &f, scratch, idx, &used)) {
		tm_diag_error(d, "marker fit: arithmetic out of range");
		goto out;
	}
	fit->rate_fitted = f.rate_fitted;
	fit->rate_ppm = (double)(f.rate * 1e6L);
	fit->rate_err_ppm = (double)(f.rate_err * 1e6L);
	fit->used = used;
	fit->rejected = n - used;
	/* on an error, the state and residuals are those of the refused fit */
	fill_state(p, n, state, resid);
	if (2 * used <= n)
		groups_error(obs, p, n, rate_allowed, limit, &f, scratch, idx, used, d);
	else if (f.rate_fitted && ld_abs(f.rate * 1e6L) > limit)
		rate_error(obs, p, n, used, fit->rate_ppm, limit, d);
	else if (!finish(obs, p, n, &f, fit, d))
		ret = 0;
	if (ret == 0)   /* finish() took the residuals against the rounded map */
		fill_state(p, n, state, resid);
out:
	free(p);
	free(scratch);
	free(idx);
	return ret;
}
