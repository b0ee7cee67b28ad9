/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-stats.h - what a Perfetto trace holds and what it says it lost
 * (perfetto-stats.c), for `stats`: packets by kind, ftrace events by name
 * and CPU, and the loss the trace records (the kernel's ftrace overruns in
 * FtraceStats, packets dropped before a packet of a sequence, sequences
 * whose incremental state was lost).  Private to the library.
 */
#ifndef TM_PARSERS_PERFETTO_STATS_H
#define TM_PARSERS_PERFETTO_STATS_H

#include <stdint.h>

#include "perfetto-wire.h"

struct tm_input;
struct tm_pf_stats;

/* What the trace says it lost. */
struct tm_pf_loss {
	uint64_t overrun;               /* ftrace events overwritten in the kernel's
					 * buffers (FtraceCpuStats.overrun, END
					 * minus START of the trace, summed) */
	uint64_t commit_overrun;        /* ... .commit_overrun, the same way */
	uint64_t dropped_events;        /* ... .dropped_events (buffer full) */
	uint64_t packets_dropped;       /* packets with previous_packet_dropped
					 * other than a sequence's first */
	uint64_t sequences_state_lost;  /* sequences with a packet that needs
					 * incremental state none had set up */
	uint64_t packets_state_lost;    /* those packets */
};

/* A new, empty account; NULL when out of memory. */
struct tm_pf_stats *tm_pf_stats_new(void);
void tm_pf_stats_free(struct tm_pf_stats *s);

/* Account TracePacket M (in file order; its own fields already known to be
 * well formed): its kind, sequence flags, drops and FtraceStats.  0, -1 on
 * a wire error inside it (*ERR), -2 out of memory. */
int tm_pf_stats_packet(struct tm_pf_stats *s, const struct tm_pb *m, struct tm_pb_error *err);

/* N ftrace events of FtraceEvent field FIELD on CPU (compact sched ones
 * under sched_switch's or sched_waking's field); a table's first keys are
 * those counted first.  0, or -1 out of memory. */
int tm_pf_stats_events(struct tm_pf_stats *s, uint32_t field, uint32_t cpu, uint64_t n);

/* The loss the packets accounted so far tell. */
void tm_pf_stats_loss(const struct tm_pf_stats *s, struct tm_pf_loss *l);

/* The lines of IN's "source" report: TOTALS (packets, bundles, events,
 * snapshots, processes, threads, bundles_lost as their names say) then
 * the tables and the loss.  0, or -1 out of memory (IN's error set). */
struct tm_pf_totals {
	uint64_t packets, bundles, events, snapshots, processes, threads, bundles_lost;
};
int tm_pf_stats_report(const struct tm_pf_stats *s, const struct tm_pf_totals *t,
		       struct tm_input *in);

#endif
