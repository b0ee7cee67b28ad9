/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ftrace-internal.h - the ftrace reader's lines as the library's own
 * writers take them: the public line (tracemerge/ftrace.h) and the facts
 * the reader's shortcuts learned on the way, which let the canonical
 * writer (src/format/canon.c) copy a line's columns instead of checking
 * them again.  Not part of the public API: what the facts say depends on
 * how the reader happens to be built.
 */
#ifndef TM_FTRACE_INTERNAL_H
#define TM_FTRACE_INTERNAL_H

#include "tracemerge/ftrace.h"

/* What the parser's shortcut for the kernel's exact layout learned about
 * an event line's columns (all zero: not known). */
struct tm_ftrace_cols {
	bool kernel_cols;        /* the columns before the timestamp sit at the
				  * kernel's fixed places: the comm right-
				  * aligned in 16 blanks, "-PID" left-aligned
				  * in 5, " (TGID) " right-aligned in 5 or
				  * "(-----)", "[CCC] ", 4 flags, a blank; no
				  * leading zeros */
	uint8_t kernel_ts;       /* with kernel_cols: the seconds start this
				  * many bytes into the line, and the rest up
				  * to the details is as canon writes it too:
				  * "SECS.FRAC: NAME: " with 6 or 9 decimals,
				  * no leading zero, one blank each (0: not
				  * known) */
	uint8_t ts_at;           /* the time the parser read, "SECS.FRAC:" (1
				  * to 9 digits of SECS, ev.ts_digits of FRAC,
				  * their value ev.ts_ns), starts this many
				  * bytes into the line (0: not known; set for
				  * the kernel's layouts that kernel_cols does
				  * not cover) */
};

/* What the reader learned of a line on the way. */
struct tm_ftrace_facts {
	struct tm_ftrace_cols cols;  /* TM_LN_EVENT: the event's columns */
	bool plain;                  /* the line's raw text holds no byte a
				      * JSON string escapes or checks ('"',
				      * '\\', controls, non-ASCII); false
				      * when not known (4 bytes in all:
				      * copied in one move) */
};

/* A line of the reader with its facts. */
struct tm_fline {
	struct tm_ftrace_line line;  /* as tm_ftrace_next() gives it */
	struct tm_ftrace_facts f;
};

/* As tm_ftrace_parse_event(), and *COLS what its shortcut learned (zero
 * for a line it did not take, and when it returns -1). */
int tm_ftrace_parse_event_cols(const char *line, size_t len, int flag_width, bool tracecmd,
			       struct tm_ftrace_event *ev, struct tm_ftrace_cols *cols);

/* The facts of the line R's tm_ftrace_next() gave last, at one place for
 * R's whole life (a caller asks once, then copies them after each line:
 * the line feed's reader thread does that for every line). */
const struct tm_ftrace_facts *tm_ftrace_reader_facts(const struct tm_ftrace_reader *r);

/* As tm_ftrace_next(), into OUT->line, with the line's facts. */
int tm_ftrace_next_fline(struct tm_ftrace_reader *r, struct tm_fline *out);

#endif
