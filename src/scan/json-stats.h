/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * json-stats.h - `stats` for the Trace Event JSON of an input: events by phase
 * and by name, processes and threads, time span, clock_sync events.  One
 * streaming pass with the JSON reader (its warnings go to the diag).
 */
#ifndef TM_JSTATS_H
#define TM_JSTATS_H

#include <json-c/json.h>

#include "tracemerge/diag.h"
#include "tracemerge/input.h"

/* The report object, or NULL: no JSON block (d->error empty), a fatal JSON
 * error or no memory (d->error says which). MAX_NAMES < 0: every name. */
struct json_object *tm_jstats_scan(struct tm_input *in, const char *name, struct tm_diag *d,
				   int max_names);

#endif
