/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ts.h - exact timestamps.
 *
 * Every timestamp in tracemerge is an int64 count of nanoseconds.  Text
 * timestamps are parsed digit by digit (never through double) and printed
 * back exactly: ftrace seconds with 6 or 9 decimals, JSON microseconds with
 * up to 3 decimals.
 */
#ifndef TRACEMERGE_TS_H
#define TRACEMERGE_TS_H

#include "api.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TM_TS_BUFSZ 32 /* enough for any formatted int64 timestamp */

/*
 * Parse decimal seconds "S", "S." or "S.F" (optional leading '-') into ns.
 * Fraction digits beyond 9 are rounded to the nearest ns (ties away from 0).
 * *frac_digits (may be NULL) receives the number of fraction digits written.
 * Returns 0, or -1 when the text is not a number or overflows int64 ns.
 */
TM_API int tm_ts_parse_secs(const char *s, size_t n, int64_t *ns, int *frac_digits);

/* Parse a decimal number of microseconds ("12.5", "-3", "7.0001") into ns. */
TM_API int tm_ts_parse_us(const char *s, size_t n, int64_t *ns);

/* Parse a decimal integer that must fit int64. Returns 0 or -1. */
TM_API int tm_parse_i64(const char *s, size_t n, int64_t *out);

/* Format NS as seconds with DECIMALS (6 or 9) digits; returns length.
 * With 6 decimals the sub-µs part must be zero (it is truncated otherwise). */
TM_API size_t tm_ts_format_secs(char *buf, int64_t ns, int decimals);

/* Format NS as microseconds, "1234", "1234.5", "1234.567" (no trailing zeros). */
TM_API size_t tm_ts_format_us(char *buf, int64_t ns);

#ifdef __cplusplus
}
#endif

#endif
