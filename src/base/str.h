/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * str.h - comparing a struct tm_str (a view into the input text) with a
 * string literal, without strlen: TM_STR_IS(s, "lit"), TM_STR_STARTS(s,
 * "lit").  LIT must be a literal (its size is taken with sizeof).
 */
#ifndef TM_TMSTR_H
#define TM_TMSTR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "tracemerge/atrace.h" /* struct tm_str */

#define TM_STR_IS(s, lit) \
	((s).n == sizeof(lit) - 1 && tm_mem_eq((s).p, lit, sizeof(lit) - 1))
#define TM_STR_STARTS(s, lit) \
	((s).n >= sizeof(lit) - 1 && tm_mem_eq((s).p, lit, sizeof(lit) - 1))

/* memcmp(A, B, N) == 0 without a call for the short strings compared per
 * line (names, keys): 8-byte words, the last one overlapping.  With N a
 * constant (TM_STR_IS) this is a few compares in line. */
static inline bool tm_mem_eq(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;

	if (n > 32)
		return memcmp(a, b, n) == 0;
	if (n >= 8) {
		uint64_t u, v, u1, v1;

		if (n <= 16) {
			/* the first 8 bytes and the last 8, overlapping */
			memcpy(&u, x, 8);
			memcpy(&v, y, 8);
			memcpy(&u1, x + n - 8, 8);
			memcpy(&v1, y + n - 8, 8);
			return u == v && u1 == v1;
		}
		for (size_t i = 0; i + 8 < n; i += 8) {
			memcpy(&u, x + i, 8);
			memcpy(&v, y + i, 8);
			if (u != v)
				return false;
		}
		memcpy(&u, x + n - 8, 8);
		memcpy(&v, y + n - 8, 8);
		return u == v;
	}
	if (n >= 4) {
		uint32_t u0, v0, u1, v1;

		memcpy(&u0, x, 4);
		memcpy(&v0, y, 4);
		memcpy(&u1, x + n - 4, 4);
		memcpy(&v1, y + n - 4, 4);
		return u0 == v0 && u1 == v1;
	}
	for (size_t i = 0; i < n; i++)
		if (x[i] != y[i])
			return false;
	return true;
}

/* The first occurrence of LIT (KL bytes) in [P, E), or NULL.  For the
 * short keys searched in each line's details (" prev_pid=", " next_comm="):
 * 16 starts at a time are tried on LIT's first two bytes (SSE2), the rest
 * compared only where both match; no call per key. */
static inline const char *tm_find_lit(const char *p, const char *e, const char *lit,
				      size_t kl)
{
	const char *last;

	if (kl == 0)
		return p;
	if (e - p < (ptrdiff_t)kl)
		return NULL;
	last = e - kl; /* the last start LIT fits after */
#ifdef __SSE2__
	if (kl >= 2) {
		const __m128i a = _mm_set1_epi8(lit[0]), b = _mm_set1_epi8(lit[1]);

		/* both loads (P to P+16, P+1 to P+17) lie before E */
		for (; e - p >= 17; p += 16) {
			__m128i x = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)p), a);
			__m128i y = _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + 1)), b);
			unsigned m = (unsigned)_mm_movemask_epi8(_mm_and_si128(x, y));

			for (; m; m &= m - 1) {
				const char *c = p + __builtin_ctz(m);

				if (c > last)
					return NULL;
				if (tm_mem_eq(c, lit, kl))
					return c;
			}
		}
	}
#endif
	for (; p <= last; p++)
		if (*p == lit[0] && tm_mem_eq(p, lit, kl))
			return p;
	return NULL;
}

/* The name of a userspace marker event: tracing_mark_write, print or "0"
 * (tm_ftrace_is_marker), told by its length first, without a call. */
static inline bool tm_is_marker_name(struct tm_str name)
{
	switch (name.n) {
	case 18: return tm_mem_eq(name.p, "tracing_mark_write", 18);
	case 5: return tm_mem_eq(name.p, "print", 5);
	case 1: return name.p[0] == '0';
	default: return false;
	}
}

/* sched_wakeup, sched_waking or sched_wakeup_new: one detail layout */
static inline bool tm_is_wakeup_event(struct tm_str name)
{
	return TM_STR_IS(name, "sched_wakeup") || TM_STR_IS(name, "sched_waking") ||
	       TM_STR_IS(name, "sched_wakeup_new");
}

#endif
