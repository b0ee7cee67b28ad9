/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * record.h - the tracefs engine of `tracemerge record` (record.c, with
 * record-events.c for its events and clock) and its output file
 * (record-out.c).
 *
 * The engine works in its own tracefs instance only (the global instance's
 * settings are never touched): create "tracemerge-record-PID-START" (START:
 * when the process started, so that a PID used again is told apart), open its
 * trace_marker (held open, so no other recorder can remove the instance),
 * turn its tracing off, set buffer_size_kb and trace_clock, enable the
 * events of the requested groups, turn tracing on; then drain the
 * ring buffer (libtracefs reads every CPU's trace_pipe_raw, consuming it)
 * as many times as the caller wants, each record turned into a canonical
 * ftrace text line (parsers/tep-line.c) and handed to a callback in time
 * order; finally tracing off, a last drain, the kernel's per-CPU counts,
 * and the instance removed.
 */
#ifndef TM_RECORD_H
#define TM_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>


#include "tracemerge/record.h"

/* ---- events and clock (record-events.c) ---- */

struct tracefs_instance;
struct tm_rec_sel {
	char *events;                /* what was enabled: "SYSTEM/EVENT ...", "*" = all */
	size_t events_len;
	char **systems;              /* their systems and "ftrace" (NULL-terminated) */
};
/* Enable LIST (comma-separated: sched, power, irq, workqueue, SYSTEM,
 * SYSTEM:EVENT, SYSTEM/EVENT) in INST.  0, or -1 with ERR set. */
int tm_rec_enable(struct tracefs_instance *inst, const char *list, struct tm_rec_sel *sel,
		  char *err, size_t errlen);
void tm_rec_sel_free(struct tm_rec_sel *sel);
/* Set INST's trace_clock and check that it took.  0, or -1 with ERR set. */
int tm_rec_set_clock(struct tracefs_instance *inst, const char *clock, char *err,
		     size_t errlen);

/* The header line of one issuer record (no newline), and its parser (for
 * sync: "# tracemerge_clock_sync: name=ID clock=CLOCK_X issue_ts=S.N ts=S.N"). */
#define TM_ISSUER_TAG "# tracemerge_clock_sync: "
size_t tm_issuer_line(char *buf, size_t size, const struct tm_clock_sync *cs);

#endif
