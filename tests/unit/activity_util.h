/* SPDX-License-Identifier: GPL-2.0-or-later */
/* activity_util.h - what the activity alignment tests share: short names
 * for the module's types, a deterministic generator, a checked solve. */
#ifndef TM_ACTIVITY_UTIL_H
#define TM_ACTIVITY_UTIL_H

#include "testutil.h"
#include "clock-activity.h"

typedef struct tm_clock_activity_run run_t;
typedef struct tm_clock_activity_thread thread_t;
typedef struct tm_clock_activity_result result_t;
typedef struct tm_clock_activity_opts opts_t;

/* splitmix64: a deterministic generator for the synthetic traces */
static inline uint64_t rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A uniform integer in [lo, hi). */
static inline int64_t rng_range(uint64_t *s, int64_t lo, int64_t hi)
{
	return lo + (int64_t)(rng_next(s) % (uint64_t)(hi - lo));
}

/* Solve, asserting that the call itself succeeded. */
static inline void solve(const thread_t *th, size_t n, const opts_t *o, result_t *r)
{
	assert_int_equal(tm_clock_activity_solve(th, n, o, r), 0);
}

#endif
