/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* clock-int.h - what clock.c (maps) and clock-fit.c (marker fits) share. */
#ifndef TM_CLOCK_INT_H
#define TM_CLOCK_INT_H

#include "tracemerge/clock.h"

#define FS 1000000000000000LL           /* 10^15: rate_fs units per 1.0 */

typedef __int128 i128;

/* True when V fits int64. */
static inline bool fits_i64(i128 v)
{
	return v >= INT64_MIN && v <= INT64_MAX;
}

#endif
