/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * diag.h - diagnostics: errors and counted warnings with their location.
 *
 * Every module reports problems through a struct tm_diag owned by the caller.
 * An error is fatal for the input (one line: "file:line: message" or
 * "file: byte N: message"); warnings are counted per kind and the first few
 * locations are kept so `stats` and `import` can report them.
 */
#ifndef TRACEMERGE_DIAG_H
#define TRACEMERGE_DIAG_H

#include "api.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TM_DIAG_KEEP 8 /* locations kept per warning kind */

struct tm_warning {
	char *kind;                        /* short stable key, e.g. "invalid-line" */
	uint64_t count;
	unsigned nlocs;
	char *locs[TM_DIAG_KEEP];          /* "file:line" strings */
	char *first_message;               /* message of the first occurrence */
};

struct tm_diag {
	char error[512];                   /* set by tm_diag_error(); "" if none */
	struct tm_warning *warn;
	size_t nwarn, cap;
};

TM_API void tm_diag_init(struct tm_diag *d);
TM_API void tm_diag_free(struct tm_diag *d);

/* Record the fatal error of an operation (overwrites an earlier one). Returns -1. */
TM_API int tm_diag_error(struct tm_diag *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Count one warning of KIND at WHERE ("file:line", may be NULL). */
TM_API void tm_diag_warn(struct tm_diag *d, const char *kind, const char *where,
			 const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Add SRC's warnings to DST, as if they had been counted into DST after
 * what it holds (kinds in order of first sight, first locations kept).
 * SRC's error is not copied. */
TM_API void tm_diag_absorb(struct tm_diag *dst, const struct tm_diag *src);

TM_API uint64_t tm_diag_count(const struct tm_diag *d, const char *kind);
TM_API uint64_t tm_diag_total(const struct tm_diag *d);

/* Text from a trace made safe to print on a terminal: control characters
 * and bytes that are not valid UTF-8 written as \xNN, so that a trace
 * cannot send escape sequences.  S itself when nothing needs escaping,
 * else a copy in one of 8 buffers of the calling thread reused in turn
 * (valid until the 8th call after).  NULL stays NULL; "(out of memory)"
 * when a copy cannot be made. */
TM_API const char *tm_safe_str(const char *s);

#ifdef __cplusplus
}
#endif

#endif
