/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * kernel-events.h - kernel trace events as Trace Event JSON (`--kernel-as=events`).
 *
 * A converter is fed one parsed ftrace event at a time, in output-clock
 * order, and hands finished Trace Event JSON objects to a writer callback.
 * It keeps state per CPU, per thread and per open slice only (hash maps),
 * so memory does not grow with the trace.  What maps to what:
 *   sched_switch      X slices of the running task on "CPU N" threads of the
 *                     "CPUs" process; per-thread state slices (Running,
 *                     Runnable, Sleeping, Uninterruptible Sleep ...) on a
 *                     "<comm> (state)" thread beside each thread
 *   sched_wakeup/_waking/_new  flow from the waker's running slice to the
 *                     wakee's next Running slice, written when both have
 *                     ended (an instant when that does not happen)
 *   atrace markers    B/E, C, S/F G/H T/U -> b/e, I/N -> instants
 *   cpu_frequency, cpu_idle, cpu_frequency_limits, clock_*, rss_stat: C
 *   irq/softirq/ipi entry/exit: X on "CPU N irq" threads; workqueue: X on
 *                     the worker thread; fork/exit/free/rename: instants
 *   anything else     an instant with the raw details in args
 * Unmatched ends and unterminated begins are counted and reported, never
 * guessed.
 */
#ifndef TM_KEVENTS_H
#define TM_KEVENTS_H

#include <json-c/json.h>

#include "kernel-scan.h"
#include "tracemerge/session.h"   /* enum tm_kernel_as, tm_kernel_as_parse */

/* Receives one complete JSON object (no separator). */
typedef void (*tm_kev_emit_fn)(void *ctx, const char *json, size_t n);

struct tm_kev;

/* The input a line comes from: names for tgid lookups, pid offset. */
struct tm_kev_src {
	const char *path;
	struct tm_kstats *st;   /* first-pass facts: tgids, comms */
	int64_t pid_off;        /* merge --pid-offset */
};

struct tm_kev *tm_kev_new(tm_kev_emit_fn emit, void *ctx, struct tm_diag *d);
void tm_kev_free(struct tm_kev *kv);

/* Convert event EV stamped TS (ns, output clock), line LINENO of block B
 * of SRC (its location in warnings).  Returns 0, or -1 out of memory. */
int tm_kev_feed(struct tm_kev *kv, const struct tm_kev_src *src, const struct tm_block *b,
		unsigned long lineno, const struct tm_ftrace_event *ev, int64_t ts);

/* End of input: report unterminated slices, write the wakeups that never
 * led to a run as instants, and the names of the tracks it made. */
int tm_kev_finish(struct tm_kev *kv);

/* Counts for metadata.tracemerge.kernel_events (new reference). */
struct json_object *tm_kev_report(const struct tm_kev *kv);

/* Events written so far. */
uint64_t tm_kev_written(const struct tm_kev *kv);

#endif
