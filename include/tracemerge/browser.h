/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * browser.h - what the browser-era readers did with an input.
 *
 * Speed Tracer dumps, Opera Scope profiler Events and W3C Performance
 * Timeline entries are recognised by content (tm_input_open) and converted
 * into one Trace Event JSON block.  These counts say how many records were
 * read, how many Trace Event events came out of them, and how many records
 * were rejected (each one also a counted warning with its location).
 */
#ifndef TRACEMERGE_BROWSER_H
#define TRACEMERGE_BROWSER_H

#include "api.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct tm_input;

struct tm_browser_counts {
	uint64_t records;          /* records (lines, events, entries) read */
	uint64_t rejected;         /* of those, not converted */
	uint64_t events;           /* Trace Event JSON events written */
	bool realtime;             /* placed on CLOCK_REALTIME (timeOrigin) */
};

/* True when IN was one of the browser-era formats; *C gets its counts. */
TM_API bool tm_input_browser_counts(const struct tm_input *in, struct tm_browser_counts *c);

#ifdef __cplusplus
}
#endif

#endif
