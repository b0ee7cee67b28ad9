/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * span.h - a time span (first, last) kept as values come: one more value,
 * or another span joined to it.
 */
#ifndef TM_SPAN_H
#define TM_SPAN_H

#include <stdbool.h>
#include <stdint.h>

/* The span *HAVE / [*LO, *HI] made to cover [LO2, HI2] too (when HAVE2). */
static inline void tm_span_join(bool *have, int64_t *lo, int64_t *hi, bool have2, int64_t lo2,
				int64_t hi2)
{
	if (!have2)
		return;
	if (!*have || lo2 < *lo)
		*lo = lo2;
	if (!*have || hi2 > *hi)
		*hi = hi2;
	*have = true;
}

#endif
