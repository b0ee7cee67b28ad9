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
 * JSON trace names in metadata.clock-domain).
 *
 * Two more records say how the trace's clock relates to others (a Perfetto
 * trace's, perfetto-clock.h):
 *
 *   # tracemerge_trace_clock: CLOCK_BOOTTIME
 *
 * says the text's timestamps are that clock (a shared clock domain, as a
 * JSON trace names it), and
 *
 *   # tracemerge_clock_snapshot: byte=N CLOCK_BOOTTIME=S.N CLOCK_MONOTONIC=S.N ...
 *
 * that those clocks read S.N (seconds, exact) at one instant; the clock
 * `trace` is the text's own, `byte=` (optional) where the trace said so.
 * And one more, which machine's boot the trace was recorded in (`tracemerge
 * record` reads /proc/sys/kernel/random/boot_id):
 *
 *   # tracemerge_boot_id: 0f6e8d0c-3b1a-4d5e-9f3a-2b7c1e0d9a84
 *
 * Only the header (the '#' lines before the first event line) is read.
 */
#ifndef TM_ISSUER_H
#define TM_ISSUER_H

#include <stdbool.h>
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

/* The trace clock record of the header of P..P+LEN. */
struct tm_trace_clock {
	char clock[64];
	unsigned long line;          /* 1-based line in the block */
};
/* 1 with *TC set when the header has a trace clock record (the first
 * well-formed one), else 0. */
int tm_trace_clock_find(const char *p, size_t len, struct tm_trace_clock *tc);

#define TM_BOOT_ID_MAX 64
/* 1 with ID (TM_BOOT_ID_MAX bytes) set to the boot id of the header of
 * P..P+LEN (the first well-formed record: 1 to 63 hex digits and dashes),
 * in lower case (a boot id is a UUID, whose case means nothing: ids read
 * from two files are the same boot when they are the same text), else 0. */
int tm_boot_id_find(const char *p, size_t len, char *id);
/* Is S..S+N a boot id as the record holds it: 1 to TM_BOOT_ID_MAX - 1 hex
 * digits (either case) and dashes? */
bool tm_boot_id_valid(const char *s, size_t n);

#define TM_SNAPSHOT_MAX 16
struct tm_clock_reading {
	char clock[48];              /* "trace": the text's own clock */
	int64_t ns;
};
/* One clock snapshot record: at least two readings. */
struct tm_snapshot {
	struct tm_clock_reading r[TM_SNAPSHOT_MAX];
	size_t n;
	char byte[24];               /* the byte= value, "" if none */
	unsigned long line;          /* 1-based line in the block */
};
/* Call CB for every well-formed clock snapshot record in the header of
 * P..P+LEN; malformed ones (a token not KEY=SECS, fewer than two readings,
 * more than TM_SNAPSHOT_MAX) are counted in *BAD (may be NULL) with the
 * line of the first in *BAD_LINE.  Returns 0, or CB's non-zero return. */
int tm_snapshot_scan(const char *p, size_t len,
		     int (*cb)(const struct tm_snapshot *s, void *arg), void *arg,
		     size_t *bad, unsigned long *bad_line);

#endif
