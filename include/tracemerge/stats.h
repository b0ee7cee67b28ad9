/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tracemerge/stats.h - what is inside a trace, as `tracemerge stats` tells:
 * its format and blocks, the kernel header, every line accounted for, the
 * time span, events by name and CPU, tasks, clock-sync markers, the Trace
 * Event JSON part, atrace slices, and the warnings.
 */
#ifndef TRACEMERGE_STATS_H
#define TRACEMERGE_STATS_H

#include "tracemerge/api.h"
#include "tracemerge/diag.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What the report's tables hold at most, so that its memory does not grow
 * with the input; events past a full table are counted as others
 * ("events_other_names", ...) with one warning naming the cap. */
#define TM_MAX_NAMES 65536      /* distinct event names in a stats table */
#define TM_MAX_TASKS 262144     /* distinct tasks (and threads, pids) */
#define TM_MAX_IDS 65536        /* distinct pids, threads in a JSON stats table */
#define TM_MAX_CPUS 4096        /* distinct CPU numbers in a stats table */
#define TM_MAX_ASYNC 16384      /* atrace async slices open at once */
#define TM_MAX_LISTED 65536     /* tasks listed in a stats report (by pid) */
#define TM_MAX_SOURCE 4096      /* lines of a converter's own report ("source") */

/* The report of the input at PATH ("-": stdin) as one JSON object, the
 * text `tracemerge stats --json` prints for it in "inputs" (valid UTF-8,
 * pretty-printed): MAX_TASKS tasks at most, the busiest first, and
 * MAX_NAMES JSON event names (each < 0: all).  Malloc'ed (free it); NULL
 * with D's error when the input cannot be read.  An input that was read
 * but holds no trace (no kernel event, no Trace Event JSON block) has its
 * report all the same, with "nothing_read" saying what it holds instead:
 * `tracemerge stats` fails on it (exit 1). */
TM_API char *tm_stats_json(const char *path, int max_tasks, int max_names, struct tm_diag *d);

#ifdef __cplusplus
}
#endif

#endif
