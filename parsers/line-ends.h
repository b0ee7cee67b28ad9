/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * line-ends.h - line ends found ahead by one thread for another thread's
 * ftrace reader.
 *
 * The line feed (line-feed.h) parses on a helper thread while its caller
 * scans what was parsed.  Finding where each line ends (the reader's AVX2
 * search) can be done by either: the caller, instead of waiting for a
 * batch, finds the ends of the lines after the one the helper is at and
 * puts them in a ring (tm_line_ends_find); the helper's reader takes the
 * end of the line it is at from the ring when it is there, and else finds
 * it itself (tm_line_ends_take).  A line end is a fact of the text:
 * whoever finds it, it is the same.
 *
 * The ring has one writer (the finder) and one reader (the taker) and no
 * lock: slot i is written by the finder before head passes it, and read
 * by the taker before tail passes it.
 */
#ifndef TM_LINEENDS_H
#define TM_LINEENDS_H

#include <stdbool.h>
#include <stddef.h>

#include "ftrace-general.h"

#define TM_LINE_ENDS 16384   /* slots; a power of 2 */

struct tm_line_ends {
	const char *start[TM_LINE_ENDS]; /* a line's start */
	const char *nl[TM_LINE_ENDS];    /* its end, as tm_ftrace_plain_line_end() gives it */
	size_t head;              /* entries written (the finder's; atomic) */
	size_t tail;              /* entries passed (the taker's; atomic) */
	const char *at;           /* the line the taker last found itself (atomic) */
	const char *pos, *end;    /* the finder's next line; the block's end */
	tm_ftrace_line_end_fn fn; /* tm_ftrace_plain_line_end() */
	size_t taken;             /* ends the taker took from the ring */
};

/* An empty ring for the LEN bytes at DATA (tm_ftrace_plain_line_end() must
 * not be NULL). */
void tm_line_ends_init(struct tm_line_ends *q, const char *data, size_t len);
/* The finder: the ends of up to N lines, from the line after the ones found
 * so far or from the one the taker last found itself, whichever is later,
 * into the ring's free slots; false when there was nothing to do (the ring
 * full, or the block's end reached). */
bool tm_line_ends_find(struct tm_line_ends *q, size_t n);
/* The taker (a tm_ftrace_line_end_fn, CTX the ring): the end of the line at
 * P, from the ring, passing entries of lines before P, or found. */
const char *tm_line_ends_take(void *ctx, const char *p, const char *e);

#endif
