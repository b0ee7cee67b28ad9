/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-clock.h - the clocks of a Perfetto trace (perfetto-clock.c).
 *
 * A Perfetto trace says how its clocks relate in ClockSnapshot packets
 * (the builtin clocks read back to back, taken as one instant) and, when
 * the kernel's ftrace clock is not CLOCK_BOOTTIME, in each
 * FtraceEventBundle (ftrace_clock, and an ftrace_timestamp read with a
 * boot_timestamp).  perfetto.c hands both here while it reads the packets;
 * the result is the clock part of the kernel text's header, in the header
 * records that the sync reads (issuer.h):
 *
 *   # tracemerge_trace_clock: CLOCK_BOOTTIME
 *   # tracemerge_clock_snapshot: byte=N CLOCK_BOOTTIME=S.N CLOCK_MONOTONIC=S.N ...
 *   # tracemerge_clock_snapshot: byte=N trace=S.N CLOCK_BOOTTIME=S.N
 *
 * The first names the kernel text's clock (absent for the ftrace clocks
 * `global`, `local` and unknown ones, which no other trace can name); the
 * others are one snapshot, or one bundle's pair (`trace=`: the kernel
 * text's own clock), at byte N of the trace.  Private to the library.
 */
#ifndef TM_PARSERS_PERFETTO_CLOCK_H
#define TM_PARSERS_PERFETTO_CLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "perfetto-wire.h"

/* The clock domain name the sync gives Perfetto's builtin clock ID
 * (BuiltinClock: 1 REALTIME .. 6 BOOTTIME): "CLOCK_BOOTTIME",
 * "CLOCK_MONOTONIC", ... as a Trace Event JSON names it in
 * metadata.clock-domain; NULL for the other ids (TSC, PERF, the trace
 * file's own clock, sequence-scoped clocks). */
const char *tm_perfetto_clock_domain(uint64_t id);

/* What a trace's packets said about its clocks so far. */
struct tm_pf_clocks {
	char *text;                  /* the snapshot records, '\n'-ended lines */
	size_t len, cap;
	uint64_t snapshots;          /* ClockSnapshot packets */
	uint64_t unusable;           /* ... with fewer than two clocks */
	uint64_t pairs;              /* bundle clock pairs written */
	int64_t last_pair;           /* ftrace time of the last one written */
	int64_t ftrace_clock;        /* FtraceClock of the first bundle; -1: none yet */
	uint64_t mixed;              /* bundles that name another ftrace clock */
	bool nomem;
};

/* One FtraceEventBundle's clock fields (absent: has_* false). */
struct tm_pf_bundle_clock {
	uint64_t clock;              /* FtraceEventBundle.ftrace_clock (0: boot) */
	bool has_ftrace_ts, has_boot_ts;
	int64_t ftrace_ts, boot_ts;
};

/* A fresh state (nothing said yet). */
void tm_pf_clocks_init(struct tm_pf_clocks *c);
void tm_pf_clocks_free(struct tm_pf_clocks *c);

/* ClockSnapshot M (a packet's field at byte AT of the trace): a record of
 * its builtin clocks.  0, or -1 with *E set (malformed); out of memory
 * sets c->nomem. */
int tm_pf_clocks_snapshot(struct tm_pf_clocks *c, const struct tm_pb *m, size_t at,
			  struct tm_pb_error *e);

/* The clock fields B of a bundle at byte AT: the trace's ftrace clock
 * (the first bundle's), and a pair record when B has one and it is at
 * least a second (of the ftrace clock) after the last one written. */
void tm_pf_clocks_bundle(struct tm_pf_clocks *c, const struct tm_pf_bundle_clock *b, size_t at);

/* The kernel text's clock domain: "CLOCK_BOOTTIME" (the default),
 * "CLOCK_MONOTONIC_RAW", or NULL (global, local, unknown: its own). */
const char *tm_pf_clocks_trace_clock(const struct tm_pf_clocks *c);

/* The header lines (the trace clock record, then the snapshot records)
 * into BUF of CAP bytes; returns their length (what BUF needs: CAP may be
 * 0 to ask).  Cut to CAP - 1 bytes and NUL-terminated when CAP is short. */
size_t tm_pf_clocks_header(const struct tm_pf_clocks *c, char *buf, size_t cap);

#endif
