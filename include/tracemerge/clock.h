/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * clock.h - clock relations: exact affine maps, marker fits, domain graphs.
 *
 * A clock domain is one way of telling time (a kernel trace's trace clock,
 * an application's CLOCK_REALTIME ...).  A marker pair says that one instant
 * was seen in two domains, each side as an interval [lo, hi] (lo == hi: seen
 * exactly).  tm_clock_fit() turns the pairs between two domains into a map
 * (offset, and rate when the markers support it) with an error bound;
 * tm_clock_graph links many domains along their lowest-error paths.
 *
 * Maps are applied in exact integer arithmetic, so rewriting a timestamp is
 * reproducible to the nanosecond:
 *     map(x) = y0 + (x - x0) + round((x - x0) * rate_fs / 10^15)
 * rate_fs is the rate deviation in parts per 10^15 (1 ppm = 10^9).
 */
#ifndef TRACEMERGE_CLOCK_H
#define TRACEMERGE_CLOCK_H

#include "api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "diag.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TM_CLOCK_PPM 1000000000LL            /* rate_fs units per ppm */

struct tm_clock_map {
	int64_t x0, y0;                      /* anchor: map(x0) == y0 */
	int64_t rate_fs;                     /* rate deviation, parts per 1e15 */
};

/* The identity map. */
TM_API struct tm_clock_map tm_clock_identity(void);
/* Pure offset: map(x) = x + off. */
TM_API struct tm_clock_map tm_clock_offset(int64_t off);
/* Apply M to X, rounding to the nearest ns (ties away from zero).
 * Returns 0, or -1 when the result does not fit int64. */
TM_API int tm_clock_apply(const struct tm_clock_map *m, int64_t x, int64_t *y);
/* B after A (x -> b(a(x))), anchored at a->x0. Returns 0 or -1 (overflow). */
TM_API int tm_clock_compose(const struct tm_clock_map *a, const struct tm_clock_map *b,
			    struct tm_clock_map *out);
/* The inverse map (anchored at m->y0). Returns 0 or -1 (rate <= -100%). */
TM_API int tm_clock_invert(const struct tm_clock_map *m, struct tm_clock_map *out);
/* True when M changes nothing (the domain is the output clock). */
TM_API bool tm_clock_is_identity(const struct tm_clock_map *m);
/* True when M is a pure offset by a whole number of microseconds. */
TM_API bool tm_clock_is_us_offset(const struct tm_clock_map *m);

/* One marker pair: the same instant seen in domain a and in domain b. */
struct tm_clock_obs {
	int64_t a_lo, a_hi;
	int64_t b_lo, b_hi;
	const char *label;                   /* sync id etc., for messages */
};

struct tm_clock_fit_opts {
	double max_rate_ppm;                 /* |rate| above this: error (default 1000) */
	bool offset_only;                    /* never fit a rate */
};

enum tm_clock_obs_state {
	TM_OBS_USED = 0,
	TM_OBS_OUTLIER,                      /* residual far outside its uncertainty */
};

struct tm_clock_fit {
	struct tm_clock_map map;             /* domain a -> domain b */
	int64_t err_ns;                      /* bound: max over used of |residual| + half-widths */
	bool rate_fitted;                    /* false: offset only (one marker, or rate not significant) */
	double rate_ppm, rate_err_ppm;       /* rate deviation and its standard error */
	int64_t span_ns;                     /* first to last used marker, in domain a */
	size_t used, rejected;
	double rms_ns;                       /* of the residuals of the used markers */
};

/*
 * Fit the relation a -> b from N >= 1 pairs.  Each pair's instant is taken
 * at the midpoints, its uncertainty is the sum of both half-widths.  With
 * one pair: a pure offset, error = uncertainty.  With more: the largest
 * set of pairs one relation explains (each within its uncertainty plus
 * 10 µs, then within the outlier rule) is fitted by least squares for
 * offset and rate (rate kept only when significant); the other pairs are
 * rejected as outliers (STATE[i], may be NULL; RESID[i] = observed - fitted
 * b, may be NULL).  Errors (d->error, returns -1): N == 0, an interval with
 * hi < lo, no such set holding more than half of the pairs (message names
 * the groups the pairs fall in: how many, their offset, their first pair's
 * label and time in domain a), a fitted rate beyond opts->max_rate_ppm
 * (message names the markers and the implied drift), overflow.  After a
 * group or rate error, FIT's rate_ppm, rate_err_ppm, used and rejected, and
 * STATE and RESID are still filled (for reports: the largest group as used);
 * FIT's map is not.  The exact rules (consensus, weights, significance,
 * outliers, the error bound) are described in src/clock/clock-fit.c.
 */
TM_API int tm_clock_fit(const struct tm_clock_obs *obs, size_t n,
			const struct tm_clock_fit_opts *opts, struct tm_clock_fit *fit,
			enum tm_clock_obs_state *state, int64_t *resid, struct tm_diag *d);

/* ---- graph of domains ------------------------------------------------ */

struct tm_clock_graph;

TM_API struct tm_clock_graph *tm_clock_graph_new(void);
TM_API void tm_clock_graph_free(struct tm_clock_graph *g);
/* Index of domain NAME, created on first use; -1 on allocation failure. */
TM_API int tm_clock_graph_domain(struct tm_clock_graph *g, const char *name);
TM_API size_t tm_clock_graph_ndomains(const struct tm_clock_graph *g);
TM_API const char *tm_clock_graph_name(const struct tm_clock_graph *g, int dom);
/* A relation a -> b with its error bound; HOW says where it came from
 * ("markers", "--offset", "same clock" ...; copied).  Usable in both
 * directions (the reverse uses the inverse map).  Returns 0 or -1
 * (allocation; errno EINVAL for an unknown domain or err_ns < 0). */
TM_API int tm_clock_graph_link(struct tm_clock_graph *g, int a, int b,
			       const struct tm_clock_map *a_to_b, int64_t err_ns,
			       const char *how);

struct tm_clock_route {
	bool linked;                         /* a path to the target exists */
	struct tm_clock_map to_target;       /* domain -> target */
	int64_t err_ns;                      /* sum of the errors along the path */
	int via;                             /* next domain on the path (-1: target itself) */
	const char *how;                     /* HOW of the first link on the path
					      * ("" for the target and unlinked
					      * domains); owned by the graph */
};

/* Lowest-error route from every domain to TARGET; ROUTES has one entry per
 * domain.  Ties go to the lower domain index.  Returns 0, or -1 on overflow
 * while composing, a bad TARGET or no memory (d->error). */
TM_API int tm_clock_graph_solve(const struct tm_clock_graph *g, int target,
				struct tm_clock_route *routes, struct tm_diag *d);

#ifdef __cplusplus
}
#endif

#endif
