/*
 * tepline.h - one binary ring-buffer record (libtraceevent's tep_record, as
 * read by libtracefs from tracefs or by libtracecmd from a trace.dat) as the
 * line the kernel's own `trace` file prints for it, so that everything the
 * text reader knows applies unchanged:
 *
 *     <comm>-<pid> [<cpu>] <flags> <secs>.<9 digits>: <event>: <details>
 *
 * Differences from the kernel's text, on purpose: the timestamp keeps all 9
 * decimals (the kernel rounds to µs; nothing is lost here), counter clocks
 * print their count as nanoseconds (as the canonical writer does), and a
 * marker's (ftrace/print) trailing newline is dropped.  Markers print as the
 * kernel prints them: `tracing_mark_write: PAYLOAD`.  Lost events are the
 * kernel's `CPU:N [LOST N EVENTS]` line.  Private to the library.
 */
#ifndef TM_PARSERS_TEPLINE_H
#define TM_PARSERS_TEPLINE_H

#include <stdint.h>
#include <event-parse.h>

struct tm_buf;

struct tm_tepline {
	struct tep_handle *tep;
	struct trace_seq s, info;
	int print_id;                /* id of ftrace/print, -1 if unknown */
};

/* Prepare for records parsed by TEP (not owned); tm_tepline_done() frees. */
void tm_tepline_init(struct tm_tepline *t, struct tep_handle *tep);
void tm_tepline_done(struct tm_tepline *t);

/* The text of REC, one line (more when a marker holds newlines) ending in
 * '\n', preceded by a lost-events line when REC->missed_events > 0.
 * Returns a pointer into T valid until the next call, and its length in
 * *LEN; NULL on allocation failure. */
const char *tm_tepline_format(struct tm_tepline *t, struct tep_record *rec,
			      size_t *len);

/* Events the kernel lost before REC (0 when none or unknown). */
uint64_t tm_tepline_missed(const struct tep_record *rec);

#endif
