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

/* The report of the input at PATH ("-": stdin) as one JSON object, the
 * text `tracemerge stats --json` prints for it in "inputs" (valid UTF-8,
 * pretty-printed): MAX_TASKS tasks at most, the busiest first, and
 * MAX_NAMES JSON event names (each < 0: all).  Malloc'ed (free it); NULL
 * with D's error when the input cannot be read. */
TM_API char *tm_stats_json(const char *path, int max_tasks, int max_names, struct tm_diag *d);

#ifdef __cplusplus
}
#endif

#endif
