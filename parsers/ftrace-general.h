/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ftrace-general.h - the ftrace reader's insides: the line parser without
 * its shortcut for the kernel's exact layout (the general search for the
 * CPU column), for tests and the fuzz target, which check that both read
 * every line alike; and how the reader finds line ends, which the line
 * feed (src/exec/line-feed.c) does ahead on another thread.
 */
#ifndef TM_FTRACE_GENERAL_H
#define TM_FTRACE_GENERAL_H

#include "tracemerge/ftrace.h"

/* As tm_ftrace_parse_event(), always by the general search. */
int tm_ftrace_parse_event_general(const char *line, size_t len, int flag_width,
				  bool tracecmd, struct tm_ftrace_event *ev);

/* How the reader finds where a line ends: for the line at P (E: the end of
 * the block), the '\n' ending it when every byte before it is plain
 * (plain-run.h), else NULL (the reader then searches with memchr and looks
 * for NUL bytes itself); also NULL when that '\n' lies in the last 31
 * bytes of the block (the search goes 32 bytes at a time). */
typedef const char *(*tm_ftrace_line_end_fn)(void *ctx, const char *p, const char *e);
/* The reader's own way (ctx unused), or NULL where the CPU has no AVX2 (the
 * reader then always searches with memchr). */
tm_ftrace_line_end_fn tm_ftrace_plain_line_end(void);
/* The ends of up to N lines from P on, as tm_ftrace_plain_line_end()'s
 * function gives them: the I-th line's start and end go to START[I & MASK]
 * and NL[I & MASK], I counting from *H, which is moved past the last;
 * returns the start of the line after it.  (Nothing where the CPU has no
 * AVX2.) */
const char *tm_ftrace_line_ends(const char *p, const char *e, const char **start,
				const char **nl, size_t n, size_t mask, size_t *h);
/* Line ends from FN(CTX, ...) instead, which must give what
 * tm_ftrace_plain_line_end() gives, for R's lines in order (the line feed's
 * ends found ahead on another thread).  Not when that is NULL, or under
 * the reference path (tuning.h; each line searched as ever). */
void tm_ftrace_reader_set_line_end(struct tm_ftrace_reader *r, tm_ftrace_line_end_fn fn,
				   void *ctx);

struct tm_grow;
/* R's text is a span that still grows (grow.h; the data R was made with
 * lies in it and ends where G's published bytes end): at the end of what
 * is published R waits for more, and ends only at G's end. */
void tm_ftrace_reader_set_grow(struct tm_ftrace_reader *r, struct tm_grow *g);

#endif
