/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * atrace.h - parse userspace trace markers (tracing_mark_write payloads).
 *
 * Payloads written to trace_marker by Android's atrace and by Chrome:
 *   B|tgid|name[|args][|category]   E[|tgid]          C|tgid|name|value[|category]
 *   S|tgid|name|cookie  F|tgid|name|cookie              I|tgid|name
 *   N|tgid|track|name   G|tgid|track|name|cookie        H|tgid|track[|name]|cookie
 *   T|... U|...         trace_event_clock_sync: name=ID [k=v ...] | parent_ts=SECS
 *                                              | realtime_ts=MS
 * All strings are (pointer, length) views into the caller's payload.
 */
#ifndef TRACEMERGE_ATRACE_H
#define TRACEMERGE_ATRACE_H

#include "api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct tm_str {
	const char *p;
	size_t n;
};

enum tm_atrace_kind {
	TM_AT_NONE = 0,     /* not an atrace payload (free text marker) */
	TM_AT_INVALID,      /* looks like atrace (X|...) but malformed; see .error */
	TM_AT_BEGIN,        /* B */
	TM_AT_END,          /* E */
	TM_AT_COUNTER,      /* C */
	TM_AT_ASYNC_BEGIN,  /* S */
	TM_AT_ASYNC_END,    /* F */
	TM_AT_INSTANT,      /* I */
	TM_AT_TRACK_INSTANT,/* N */
	TM_AT_TRACK_BEGIN,  /* G */
	TM_AT_TRACK_END,    /* H */
	TM_AT_T,            /* T (accepted by neither reference viewer) */
	TM_AT_U,            /* U (idem) */
	TM_AT_CLOCK_SYNC,   /* trace_event_clock_sync: ... */
};

enum tm_clock_sync_kind {
	TM_SYNC_NAME,       /* name=ID [k=v ...] */
	TM_SYNC_PARENT_TS,  /* parent_ts=SECS */
	TM_SYNC_REALTIME_TS,/* realtime_ts=MS */
};

struct tm_atrace {
	enum tm_atrace_kind kind;
	bool has_tgid;
	int32_t tgid;
	struct tm_str name;     /* B C S F I N G H: slice/counter/event name */
	struct tm_str track;    /* N G H: track name */
	struct tm_str args;     /* B: optional args field */
	struct tm_str category; /* B C: optional category field */
	struct tm_str value;    /* C: value text as written */
	bool value_is_int;      /* C: value is a decimal integer (fits int64) */
	int64_t ivalue;         /* C: value when value_is_int */
	struct tm_str cookie;   /* S F G H: cookie text */
	/* TM_AT_CLOCK_SYNC */
	enum tm_clock_sync_kind sync_kind;
	struct tm_str sync_id;  /* name=ID */
	struct tm_str sync_extra; /* text after "name=ID " (k=v ...), may be empty */
	int64_t sync_ns;        /* parent_ts in ns, or realtime_ts in ns (ms * 1e6) */
	const char *error;      /* TM_AT_INVALID: static reason */
	/* Additions (see parsers/atrace.c for the full rules): */
	struct tm_str text;     /* the payload after trimming trailing blanks/CR/LF */
	enum tm_atrace_kind claimed; /* TM_AT_INVALID: kind its letter/prefix
				      * announced (e.g. TM_AT_BEGIN for "B|x|y"),
				      * so E/B stacks can be kept balanced */
	bool cookie_is_int;     /* S F G H T U: cookie is a decimal int64 */
	int64_t icookie;        /* cookie value when cookie_is_int */
};

/* Parse PAYLOAD (the text after "tracing_mark_write: ", without trailing
 * newline).  Returns the kind (also stored in out->kind). */
TM_API enum tm_atrace_kind tm_atrace_parse(const char *payload, size_t len,
					   struct tm_atrace *out);

TM_API const char *tm_atrace_kind_name(enum tm_atrace_kind k);

/* PROCESS DUMP block (ps output as written by systrace): call CB for every
 * (pid, name) row it finds. Returns number of rows, -1 if not a dump. */
typedef void (*tm_procdump_cb)(void *ctx, int32_t pid, int32_t ppid,
			       struct tm_str name);
TM_API long tm_procdump_parse(const char *data, size_t len, tm_procdump_cb cb,
			      void *ctx);

/*
 * Addition: the same dump with the process/thread distinction kept.
 * tm_procdump_parse() reports a process row as (pid, ppid, name) and a
 * thread row as (tid, -1, thread name); it leaves out a main-thread row
 * (tid == pid) when a process table came earlier in the dump, as that
 * task is already named by its process row.  Here every row is reported.
 */
struct tm_procdump_row {
	bool is_thread;      /* row of a thread listing (ps -t / ps -T) */
	int32_t pid;         /* process id (thread group id) */
	int32_t tid;         /* thread id; == pid for process rows */
	int32_t ppid;        /* parent pid, -1 if unknown */
	struct tm_str name;  /* process: NAME (argv[0]); thread: thread name */
	struct tm_str comm;  /* COMM column when the table has one, else empty */
	unsigned table;      /* 0-based index of the ps table in the dump */
};
typedef void (*tm_procdump_row_cb)(void *ctx, const struct tm_procdump_row *row);
TM_API long tm_procdump_parse_rows(const char *data, size_t len, tm_procdump_row_cb cb,
				   void *ctx);

#ifdef __cplusplus
}
#endif

#endif
