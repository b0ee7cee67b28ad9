/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tep-line.h - one binary ring-buffer record (libtraceevent's tep_record, as
 * read by libtracefs from tracefs or by libtracecmd from a trace.dat) as a
 * line of ftrace text, so that everything the text reader knows applies
 * unchanged.  Two forms:
 *
 *   kernel     <comm>-<pid> [<cpu>] <flags> <secs>.<9 digits>: <event>: <details>
 *   canonical  <comm>-<pid> (-----) [<cpu>] <4 flags> <secs>.<9 digits>: <event>: <details>
 *
 * The kernel form is the `trace` file's, except that the timestamp keeps
 * all 9 decimals (nothing rounded; counter clocks print their count as
 * nanoseconds) and a marker's trailing newline is dropped.  The canonical
 * form (what `import` writes, read by every viewer generation) adds the
 * unknown-TGID column, keeps 4 irq-info flags in the old letters and writes
 * a marker's embedded newlines as "\n".  Markers (ftrace/print) print as the
 * kernel prints them, `tracing_mark_write: PAYLOAD`, also when the trace
 * has no kallsyms to name the writer.  Lost events are the kernel's
 * `CPU:N [LOST N EVENTS]` line.  Private to the library.
 */
#ifndef TM_PARSERS_TEPLINE_H
#define TM_PARSERS_TEPLINE_H

#include <stdbool.h>
#include <stdint.h>
#include <event-parse.h>

struct tm_tepline {
	struct tep_handle *tep;
	struct trace_seq s;
	int print_id;                /* id of ftrace/print, -1 if unknown */
	/* The canonical form every viewer generation reads (see README,
	 * import): a "(-----)" TGID column (the kernel does not say), 4-char
	 * irq-info flags in the old letters, a marker's newlines as "\n". */
	bool canonical;
	struct trace_seq lat;
};

/* Prepare for records parsed by TEP (not owned); tm_tepline_done() frees. */
void tm_tepline_init(struct tm_tepline *t, struct tep_handle *tep);
void tm_tepline_set_canonical(struct tm_tepline *t, bool on);
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
