/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * report.h - the `stats` report of one input as a json-c object, shared by
 * `stats --json`, the text printer and import's metadata.
 */
#ifndef TM_REPORT_H
#define TM_REPORT_H

#include <json-c/json.h>

#include "canon.h"
#include "kernel-scan.h"

/* Full report of an input scanned into ST.  Tasks listed: MAX_TASKS (< 0:
 * all), never more than TM_MAX_LISTED (budget.h), the lowest pids first. */
struct json_object *tm_report_json(struct tm_input *in, struct tm_kstats *st,
				   int max_tasks);
/* Line accounting only. */
struct json_object *tm_report_lines(const struct tm_kstats *st);
/* Warnings of D: [{kind, count, message, locations[]}]. */
struct json_object *tm_report_warnings(const struct tm_diag *d);
/* O as JSON text (json-c's FLAGS), valid UTF-8 whatever its strings hold
 * (a file name that is not UTF-8: U+FFFD for each bad byte); malloc'd, NULL
 * when out of memory. */
char *tm_report_json_text(struct json_object *o, int flags);
/* What the canonical form changed (import/merge metadata). */
struct json_object *tm_report_canon(const struct tm_canon_stats *c);
/* What a browser-era reader did with IN ({records, converted, rejected,
 * events, clock}), or NULL for other formats. */
struct json_object *tm_report_browser(const struct tm_input *in);
/* What IN's converter says about the input (its "source" lines: counts,
 * grouped), or NULL when it says nothing. */
struct json_object *tm_report_source(const struct tm_input *in);
/* When IN, scanned into ST, gave neither a kernel event (nor a list of
 * threads: tm_kstats_holds_trace) nor a Trace Event JSON block: "no kernel events and no Trace Event JSON in it: " and what
 * it holds instead (its format, its first blocks with their kind and line,
 * its lines by kind: why none is an event) into BUF of SIZE, and 1.  0,
 * BUF untouched, when it gave either. */
int tm_report_nothing_read(const struct tm_input *in, const struct tm_kstats *st,
			   char *buf, size_t size);
/* Slices still open at the end (atrace B without E, S without F). */
uint64_t tm_report_unterminated(const struct tm_kstats *st, uint64_t *async_open);

#endif
