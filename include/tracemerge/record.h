/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tracemerge/record.h - record a kernel trace with clock-sync markers, as
 * `tracemerge record` does (needs root and tracefs; libtracefs).
 *
 * The engine works in its own tracefs instance only (the global instance's
 * settings are never touched): create "tracemerge-record-PID-START" (START:
 * when the process started, so that a PID used again is told apart), open its
 * trace_marker (held open, so no other recorder can remove the instance),
 * turn its tracing off, set buffer_size_kb and trace_clock, enable the
 * events of the requested groups, turn tracing on; then drain the ring
 * buffer as many times as the caller wants, each record turned into a
 * canonical ftrace text line and handed to a callback in time order;
 * finally tracing off, a last drain, the kernel's per-CPU counts, and the
 * instance removed.  The output file (tm_rec_out_*) holds the header with
 * the issuer records that let `merge` link application clocks.
 */
#ifndef TRACEMERGE_RECORD_H
#define TRACEMERGE_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tracemerge/api.h"
#include "tracemerge/marker.h"

#ifdef __cplusplus
extern "C" {
#endif

struct tm_rec;

struct tm_rec_opts {
	const char *groups;          /* "sched,power,irq,workqueue", or NULL */
	unsigned long buffer_kb;     /* per CPU; 0: 8192 */
	const char *clock;           /* trace_clock; NULL: "mono" */
};

#define TM_REC_DEFAULT_GROUPS "sched,power,irq,workqueue"

/* Everything up to (not including) tracing on.  NULL with a one-line
 * message in ERR (not root, no tracefs, unknown group or clock, ...) and
 * *USAGE set when the options were at fault. */
TM_API struct tm_rec *tm_rec_open(const struct tm_rec_opts *o, char *err, size_t errlen,
			   bool *usage);
TM_API const char *tm_rec_instance(const struct tm_rec *r);
TM_API const char *tm_rec_clock(const struct tm_rec *r);
TM_API const char *tm_rec_events(const struct tm_rec *r);   /* "sched/sched_switch ..." */
TM_API const char *tm_rec_marker_path(const struct tm_rec *r);
TM_API int tm_rec_ncpus(const struct tm_rec *r);

TM_API int tm_rec_trace_on(struct tm_rec *r);
TM_API int tm_rec_trace_off(struct tm_rec *r);

/* One clock-sync handshake per clock in CLOCKS (N clockid_t values: CLOCK_MONOTONIC, ...), the kernel
 * receiving "trace_event_clock_sync: name=ID source=tracemerge" lines; the
 * issuer sides land in CS[0..N-1].  0 or -1 with errno. */
TM_API int tm_rec_sync(struct tm_rec *r, const int *clocks, size_t n,
		struct tm_clock_sync *cs);

/* Read what the ring buffers hold now, calling OUT for each event's text
 * (see tep-line.h).  Returns 0, or OUT's non-zero return, or -1. */
typedef int (*tm_rec_out_fn)(const char *text, size_t len, void *arg);
TM_API int tm_rec_drain(struct tm_rec *r, tm_rec_out_fn out, void *arg);
/* FN (every few thousand records of a drain) says whether to go on; when
 * it says no, tracing is turned off so that the drain ends (tm_rec_sync
 * turns it on again for the closing handshakes). */
TM_API void tm_rec_set_keep_going(struct tm_rec *r, int (*fn)(void *arg), void *arg);

struct tm_rec_counts {
	uint64_t events;             /* records handed to OUT */
	uint64_t lost;               /* missed events reported by the records; after
				      * tm_rec_kernel_counts, at least the events
				      * the kernel counted and OUT was not given */
	uint64_t bytes;              /* text bytes handed to OUT */
	/* from per_cpu/cpuN/stats, summed (after tracing off and the last drain) */
	uint64_t k_entries, k_overrun, k_read, k_dropped;
	bool have_kernel;
};
TM_API void tm_rec_counts(struct tm_rec *r, struct tm_rec_counts *c);
/* Read the kernel's per-CPU counts into the counts (call after the last drain). */
TM_API int tm_rec_kernel_counts(struct tm_rec *r);

/* Why recording cannot start here (not root; no tracefs, and mounting it
 * failed), in BUF; NULL when it can (tracefs is then mounted: when this
 * mounted it, tm_rec_close unmounts it again, also given NULL). */
TM_API const char *tm_rec_problem(char *buf, size_t len);
/* Tracing off, instance removed, everything freed (also after errors), and
 * tracefs unmounted if tm_rec_problem mounted it.  R may be NULL. */
TM_API void tm_rec_close(struct tm_rec *r);

/* Is LIST, as tm_rec_enable takes it, made of names only (letters, digits,
 * '_', '-'; one '/' or ':' between a system and an event; items separated
 * by ',')?  0, or -1 with ERR set. */
TM_API int tm_rec_check_events(const char *list, char *err, size_t errlen);

/* ---- the output file (record-out.c) ---- */

struct tm_rec_out;

struct tm_rec_hdr {
	int ncpus;
	const char *clock;           /* trace_clock */
	const char *events;
	const char *instance;
	const struct tm_clock_sync *start;  /* issuer records at the start */
	size_t nstart;
	size_t nend;                 /* end records to reserve room for */
};

/* PATH "-" = stdout (then no rewriting at the end).  Creates PATH.tmp.XXXXXX
 * beside PATH (a device or FIFO at PATH is written straight), so that an
 * output that cannot be written (a directory, a folder that is not there)
 * is an error before the recording starts.  NULL with ERR set. */
TM_API struct tm_rec_out *tm_rec_out_open(const char *path, char *err, size_t errlen);
/* Write the header of H, with room for the entries line and H->nend end
 * records.  0, or -1 with ERR set. */
TM_API int tm_rec_out_start(struct tm_rec_out *o, const struct tm_rec_hdr *h, char *err,
		     size_t errlen);
TM_API int tm_rec_out_write(const char *text, size_t len, void *out);  /* a tm_rec_out_fn */
/* Fill in the reserved header lines, flush, rename into place. */
TM_API int tm_rec_out_finish(struct tm_rec_out *o, uint64_t events, uint64_t written,
		      const struct tm_clock_sync *end, size_t nend, char *err,
		      size_t errlen);
/* Remove the temporary file (when not finished) and free. */
TM_API void tm_rec_out_abort(struct tm_rec_out *o);
TM_API const char *tm_rec_out_tmp(const struct tm_rec_out *o);

#ifdef __cplusplus
}
#endif

#endif
