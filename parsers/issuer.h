/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * issuer.h - issuer records in the header of a kernel text trace
 * (issuer.c): how `tracemerge record` tells the merger where its clock-sync
 * markers lay on the application clocks.
 *
 *   # tracemerge_clock_sync: name=ID clock=CLOCK_REALTIME issue_ts=S.N ts=S.N
 *
 * says: the marker line "trace_event_clock_sync: name=ID ..." of this trace
 * was written between issue_ts and ts of that clock (seconds, 9 decimals).
 * It is the kernel-text twin of a Trace Event JSON issuer event, and pairs
 * with the marker by ID in the clock domain named by `clock=` (the one a
 * JSON trace names in metadata.clock-domain).  Only the header (the '#'
 * lines before the first event line) is read.
 */
#ifndef TM_ISSUER_H
#define TM_ISSUER_H

#include <stddef.h>
#include <stdint.h>

struct tm_issuer {
	char id[128];
	char clock[64];
	int64_t issue_ts, ts;        /* ns */
	unsigned long line;          /* 1-based line in the block */
};

/* Call CB for every well-formed issuer record in the header of the text
 * P..P+LEN; malformed ones are counted in *BAD (may be NULL) with the line
 * of the first in *BAD_LINE.  Returns 0, or CB's non-zero return. */
int tm_issuer_scan(const char *p, size_t len,
		   int (*cb)(const struct tm_issuer *is, void *arg), void *arg,
		   size_t *bad, unsigned long *bad_line);

#endif
