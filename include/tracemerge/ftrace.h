/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ftrace.h - read ftrace text: kernel `trace` dumps, atrace/systrace output,
 * `trace-cmd report` text.
 *
 * tm_ftrace_parse_event() splits one event line into its fields (views into
 * the line, no allocation).  A tm_ftrace_reader walks a block of text line by
 * line, classifies every line (header, noise, event, rejected, ...), learns
 * the header facts and attaches marker continuation lines to their event, so
 * every line of the input is accounted for exactly once.
 */
#ifndef TRACEMERGE_FTRACE_H
#define TRACEMERGE_FTRACE_H

#include "api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "atrace.h" /* struct tm_str */

#ifdef __cplusplus
extern "C" {
#endif

#define TM_FTRACE_MAX_LINE 65536 /* longer lines are rejected unparsed */

enum tm_ftrace_style {
	TM_EV_KERNEL,    /* "... ts: name: details" */
	TM_EV_FUNCTION,  /* function tracer "... ts: func <-parent" (name = "function") */
};

struct tm_ftrace_event {
	struct tm_str comm;      /* "<...>" when the kernel had no name */
	int32_t pid;
	int32_t tgid;            /* -1 unknown: "(-----)" or no TGID column */
	bool has_tgid_col;
	int32_t cpu;
	uint8_t nflags;          /* irq-info characters as written (0 = none) */
	char flags[8];
	int64_t ts_ns;
	int8_t ts_digits;        /* fraction digits as written; -1 = integer
				  * counter clock (ts_ns then holds the raw count) */
	enum tm_ftrace_style style;
	struct tm_str name;      /* event name; "tracing_mark_write" also for
				  * trace-cmd's "print: tracing_mark_write:" */
	struct tm_str details;   /* text after "name: " (leading blanks skipped) */
	struct tm_str instance;  /* trace-cmd report instance prefix, or empty */
	bool print_prefixed;     /* written as "print: tracing_mark_write: ..." */
	bool name_padded;        /* more than one blank after "name:" */
};

/* Is this event a userspace marker (tracing_mark_write, print, or "0")? */
TM_API bool tm_ftrace_is_marker(const struct tm_ftrace_event *ev);

/*
 * Parse one line (no line terminator) as an event line.  FLAG_WIDTH (4 or
 * 5, 0 = unknown) resolves "....316.196720:" where flags and timestamp touch.
 * Returns 0 on success, -1 if the line is not an event line.
 */
TM_API int tm_ftrace_parse_event(const char *line, size_t len, int flag_width,
				 bool instances, struct tm_ftrace_event *ev);

struct tm_ftrace_header {
	char tracer[32];         /* "" when no "# tracer:" line */
	long long entries;       /* -1 unknown */
	long long written;       /* -1 unknown */
	int ncpus;               /* #P:N, or cpus=N, -1 unknown */
	char clock_type[48];     /* "# clock_type=" value, "" if none */
	int legend_flags;        /* irq-info columns in the legend (0 none) */
	bool legend_tgid;        /* legend has a TGID column */
	bool tracecmd;           /* looks like trace-cmd report output */
	bool js_escaped;         /* lines end with a JS "\n\" escape */
	long long lost_events;   /* sum of "CPU:N [LOST N EVENTS]" */
};

enum tm_line_kind {
	TM_LN_BLANK,      /* empty or whitespace only */
	TM_LN_HEADER,     /* '#' comment / header line */
	TM_LN_NOISE,      /* cpus=, TRACE:, adb preamble, version lines, LOST notes */
	TM_LN_EVENT,      /* an event; ev is valid; ncont continuation lines attached */
	TM_LN_GRAPH,      /* function_graph display line ("  1)  ... |  foo() {") */
	TM_LN_REJECTED,   /* not parseable; reason says why */
};

struct tm_ftrace_line {
	enum tm_line_kind kind;
	unsigned long lineno;    /* 1-based line number within the block */
	struct tm_str raw;       /* the line without its terminator (and without
				  * a JS "\n\" suffix) */
	struct tm_ftrace_event ev;
	unsigned ncont;          /* continuation lines following the event */
	struct tm_str cont;      /* their raw text, terminators included except
				  * the last one's */
	const char *reason;      /* TM_LN_REJECTED */
};

struct tm_ftrace_reader;

TM_API struct tm_ftrace_reader *tm_ftrace_reader_new(const char *data, size_t len);
TM_API void tm_ftrace_reader_free(struct tm_ftrace_reader *r);
/* Next line; returns 1, or 0 at the end of the block. */
TM_API int tm_ftrace_next(struct tm_ftrace_reader *r, struct tm_ftrace_line *out);
TM_API const struct tm_ftrace_header *tm_ftrace_reader_header(const struct tm_ftrace_reader *r);
/* The tracer named by a "# tracer: NAME" line L into TRACER (CAP bytes,
 * trimmed, as the reader's header takes it); false for other lines. */
TM_API bool tm_ftrace_tracer_line(struct tm_str l, char *tracer, size_t cap);

#ifdef __cplusplus
}
#endif

#endif
