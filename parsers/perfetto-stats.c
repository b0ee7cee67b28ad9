/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-stats.c - the account of a Perfetto trace for `stats` (see
 * perfetto-stats.h).
 *
 * Loss, as the schema defines it:
 *  - FtraceStats (TracePacket field 34) comes in pairs, START_OF_TRACE and
 *    END_OF_TRACE, each with the kernel's per-CPU counters: the events a
 *    CPU lost are its last END's counter minus its first START's (its END
 *    alone when no START);
 *  - previous_packet_dropped (42) on a packet: packets of its sequence were
 *    lost before it, unless it is the sequence's first packet (the writer
 *    sets it there too; first_packet_on_sequence, 87, says so);
 *  - a packet with SEQ_NEEDS_INCREMENTAL_STATE (sequence_flags 2) on a
 *    sequence that has had no SEQ_INCREMENTAL_STATE_CLEARED packet (1, or
 *    the old incremental_state_cleared, 41) since its start or its last
 *    loss cannot be read whole: its sequence's incremental state is lost.
 * Tables are capped (TM_MAX_NAMES kinds and event names, TM_MAX_CPUS CPUs,
 * TM_MAX_TASKS sequences); what falls past a cap is counted as others.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "hash-map.h"
#include "perfetto-events.h"
#include "perfetto-stats.h"
#include "tracemerge/stats.h"

enum {
	PFS_PKT_FTRACE_STATS = 34,               /* TracePacket.ftrace_stats */
	PFS_PKT_STATE_CLEARED = 41,              /* TracePacket.incremental_state_cleared */
	PFS_PKT_FIRST_ON_SEQUENCE = 87,          /* TracePacket.first_packet_on_sequence */
	PFS_SEQ_CLEARED = 1,                     /* SEQ_INCREMENTAL_STATE_CLEARED */
	PFS_SEQ_NEEDS = 2,                       /* SEQ_NEEDS_INCREMENTAL_STATE */
	PFS_FSTATS_PHASE = 1,                    /* FtraceStats.phase */
	PFS_FSTATS_CPU_STATS = 2,                /* FtraceStats.cpu_stats */
	PFS_FSTATS_START = 1,                    /* FtraceStats.Phase START_OF_TRACE */
	PFS_FSTATS_END = 2,                      /* ... END_OF_TRACE */
	PFS_FCPU_CPU = 1,                        /* FtraceCpuStats.cpu */
	PFS_FCPU_OVERRUN = 3,                    /* FtraceCpuStats.overrun */
	PFS_FCPU_COMMIT_OVERRUN = 4,             /* FtraceCpuStats.commit_overrun */
	PFS_FCPU_DROPPED = 8,                    /* FtraceCpuStats.dropped_events */
	PFS_NO_KIND = 0,                         /* a packet with no data field */
	PFS_PKT_TRACK_EVENT = 11,                /* TracePacket.track_event */
};

struct seq_state {
	bool seen, valid, lost;
};

/* One CPU's kernel counters at the trace's first START and last END. */
struct cpu_counters {
	bool start, end;
	uint64_t at_start[3], at_end[3];        /* overrun, commit_overrun, dropped */
};

struct tm_pf_stats {
	struct tm_hmap *kinds;          /* packet data field -> uint64 */
	struct tm_hmap *events;         /* FtraceEvent field -> uint64 */
	struct tm_hmap *cpus;           /* cpu -> uint64 events */
	struct tm_hmap *seqs;           /* sequence id -> struct seq_state */
	struct tm_hmap *kcpus;          /* cpu -> struct cpu_counters */
	uint64_t others;                /* counts past a table's cap */
	struct tm_pf_loss loss;
};

struct tm_pf_stats *tm_pf_stats_new(void)
{
	struct tm_pf_stats *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->kinds = tm_hmap_new(sizeof(uint64_t));
	s->events = tm_hmap_new(sizeof(uint64_t));
	s->cpus = tm_hmap_new(sizeof(uint64_t));
	s->seqs = tm_hmap_new(sizeof(struct seq_state));
	s->kcpus = tm_hmap_new(sizeof(struct cpu_counters));
	if (!s->kinds || !s->events || !s->cpus || !s->seqs || !s->kcpus) {
		tm_pf_stats_free(s);
		return NULL;
	}
	return s;
}

void tm_pf_stats_free(struct tm_pf_stats *s)
{
	if (!s)
		return;
	tm_hmap_free(s->kinds);
	tm_hmap_free(s->events);
	tm_hmap_free(s->cpus);
	tm_hmap_free(s->seqs);
	tm_hmap_free(s->kcpus);
	free(s);
}

/* The slot of KEY in M (at most MAX keys), or NULL: *FULL tells a full
 * table from no memory. */
static void *slot(struct tm_hmap *m, uint32_t key, size_t max, bool *full)
{
	*full = false;
	return tm_hmap_get_capped(m, &key, sizeof(key), max, full);
}

/* Count N under KEY of M; 0, or -1 out of memory. */
static int count(struct tm_pf_stats *s, struct tm_hmap *m, uint32_t key, size_t max, uint64_t n)
{
	bool full;
	uint64_t *v = slot(m, key, max, &full);

	if (v)
		*v += n;
	else if (full)
		s->others += n;
	return v || full ? 0 : -1;
}

int tm_pf_stats_events(struct tm_pf_stats *s, uint32_t field, uint32_t cpu, uint64_t n)
{
	if (count(s, s->events, field, TM_MAX_NAMES, n))
		return -1;
	return count(s, s->cpus, cpu, TM_MAX_CPUS, n);
}

/* FtraceCpuStats M of phase PHASE. */
static int cpu_stats(struct tm_pf_stats *s, const struct tm_pb *m, uint64_t phase,
		     struct tm_pb_error *err)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	uint64_t cpu = 0, v[3] = { 0, 0, 0 };
	struct cpu_counters *c;
	bool full;
	int rc;

	while ((rc = tm_pb_next(&r, &f, err)) == 1) {
		if (f.type != TM_PB_VARINT)
			continue;
		if (f.num == PFS_FCPU_CPU)
			cpu = f.v;
		else if (f.num == PFS_FCPU_OVERRUN)
			v[0] = f.v;
		else if (f.num == PFS_FCPU_COMMIT_OVERRUN)
			v[1] = f.v;
		else if (f.num == PFS_FCPU_DROPPED)
			v[2] = f.v;
	}
	if (rc < 0)
		return -1;
	if (cpu > UINT32_MAX || (phase != PFS_FSTATS_START && phase != PFS_FSTATS_END))
		return 0;
	if (!(c = slot(s->kcpus, (uint32_t)cpu, TM_MAX_CPUS, &full)))
		return full ? 0 : -2;
	if (phase == PFS_FSTATS_START && !c->start) {
		c->start = true;
		memcpy(c->at_start, v, sizeof(v));
	} else if (phase == PFS_FSTATS_END) {
		c->end = true;
		memcpy(c->at_end, v, sizeof(v));
	}
	return 0;
}

/* FtraceStats M: its phase, then each CPU's counters. */
static int ftrace_stats(struct tm_pf_stats *s, const struct tm_pb *m, struct tm_pb_error *err)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	uint64_t phase = 0;
	int rc;

	while ((rc = tm_pb_next(&r, &f, err)) == 1)
		if (f.num == PFS_FSTATS_PHASE && f.type == TM_PB_VARINT)
			phase = f.v;
	if (rc < 0)
		return -1;
	r = *m;
	while ((rc = tm_pb_next(&r, &f, err)) == 1) {
		struct tm_pb sub = tm_pb_sub(&r, &f);

		if (f.num == PFS_FSTATS_CPU_STATS && f.type == TM_PB_BYTES &&
		    (rc = cpu_stats(s, &sub, phase, err)))
			return rc;
	}
	return rc < 0 ? -1 : 0;
}

/* The sequence state of a packet on SEQ with FLAGS, CLEARED (the old
 * flag), DROPPED (previous_packet_dropped) and FIRST
 * (first_packet_on_sequence). */
static int sequence(struct tm_pf_stats *s, uint32_t seq, uint64_t flags, bool cleared,
		    bool dropped, bool first)
{
	struct seq_state *st;
	bool full, first_seen;

	if (!seq)
		return 0;
	if (!(st = slot(s->seqs, seq, TM_MAX_TASKS, &full)))
		return full ? 0 : -2;
	first_seen = !st->seen;
	st->seen = true;
	if (dropped && !first && !first_seen) {
		s->loss.packets_dropped++;
		st->valid = false;
	}
	if (cleared || (flags & PFS_SEQ_CLEARED))
		st->valid = true;
	if ((flags & PFS_SEQ_NEEDS) && !st->valid) {
		s->loss.packets_state_lost++;
		if (!st->lost)
			s->loss.sequences_state_lost++;
		st->lost = true;
	}
	return 0;
}

int tm_pf_stats_packet(struct tm_pf_stats *s, const struct tm_pb *m, struct tm_pb_error *err)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	uint32_t seq = 0, kind = PFS_NO_KIND;
	uint64_t flags = 0;
	bool cleared = false, dropped = false, first = false;
	int rc;

	while ((rc = tm_pb_next(&r, &f, err)) == 1) {
		struct tm_pb sub = tm_pb_sub(&r, &f);

		if (f.num == PF_PKT_SEQUENCE_ID && f.type == TM_PB_VARINT)
			seq = (uint32_t)f.v;
		else if (f.num == PF_PKT_SEQUENCE_FLAGS && f.type == TM_PB_VARINT)
			flags = f.v;
		else if (f.num == PFS_PKT_STATE_CLEARED && f.type == TM_PB_VARINT)
			cleared = f.v != 0;
		else if (f.num == PF_PKT_PREVIOUS_DROPPED && f.type == TM_PB_VARINT)
			dropped = f.v != 0;
		else if (f.num == PFS_PKT_FIRST_ON_SEQUENCE && f.type == TM_PB_VARINT)
			first = f.v != 0;
		else if (kind == PFS_NO_KIND && tm_pf_packet_kind(f.num))
			kind = f.num;
		if (f.num == PFS_PKT_FTRACE_STATS && f.type == TM_PB_BYTES &&
		    (rc = ftrace_stats(s, &sub, err)))
			return rc;
	}
	if (rc < 0)
		return -1;
	if (count(s, s->kinds, kind, TM_MAX_NAMES, 1))
		return -2;
	return sequence(s, seq, flags, cleared, dropped, first);
}

void tm_pf_stats_loss(const struct tm_pf_stats *s, struct tm_pf_loss *l)
{
	size_t it = 0;
	struct cpu_counters *c;
	uint64_t *sum[3];

	*l = s->loss;
	sum[0] = &l->overrun;
	sum[1] = &l->commit_overrun;
	sum[2] = &l->dropped_events;
	while ((c = tm_hmap_next(s->kcpus, &it, NULL, NULL))) {
		if (!c->end)
			continue;
		for (int i = 0; i < 3; i++) {
			uint64_t base = c->start && c->at_start[i] <= c->at_end[i] ? c->at_start[i] : 0;

			*sum[i] += c->at_end[i] - base;
		}
	}
}

static int by_u32_key(const struct tm_hmap_entry *a, const struct tm_hmap_entry *b)
{
	uint32_t x, y;

	memcpy(&x, a->key, sizeof(x));
	memcpy(&y, b->key, sizeof(y));
	return x < y ? -1 : x > y;
}

/* NAME of KEY in table M (field numbers, CPUs). */
typedef const char *(*name_fn)(uint32_t key, char *buf, size_t size);

static const char *kind_name(uint32_t key, char *buf, size_t size)
{
	const char *n = tm_pf_packet_kind(key);

	if (key == PFS_NO_KIND)
		return "(no data field)";
	if (n)
		return n;
	snprintf(buf, size, "field %u", key);
	return buf;
}

static const char *event_name(uint32_t key, char *buf, size_t size)
{
	const char *n = tm_pf_event_name(key);

	if (n)
		return n;
	snprintf(buf, size, "FtraceEvent field %u", key);
	return buf;
}

static const char *cpu_name(uint32_t key, char *buf, size_t size)
{
	snprintf(buf, size, "%u", key);
	return buf;
}

/* M's counts as GROUP of IN's report, by key. */
static int report_table(struct tm_input *in, const char *group, const struct tm_hmap *m,
			name_fn name)
{
	struct tm_hmap_entry *e = tm_hmap_sorted(m, by_u32_key);
	size_t n = tm_hmap_count(m);
	char buf[48];
	int rc = 0;

	if (!e && n) {
		tm_input_fail(in, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < n && !rc; i++) {
		uint32_t key;

		memcpy(&key, e[i].key, sizeof(key));
		rc = tm_input_source_add(in, group, name(key, buf, sizeof(buf)),
					 *(const uint64_t *)e[i].val);
	}
	free(e);
	return rc;
}

int tm_pf_stats_report(const struct tm_pf_stats *s, const struct tm_pf_totals *t,
		       struct tm_input *in)
{
	struct tm_pf_loss l;
	const uint64_t *track = tm_hmap_get(s->kinds, &(uint32_t){ PFS_PKT_TRACK_EVENT },
					    sizeof(uint32_t), false);

	tm_pf_stats_loss(s, &l);
	if (tm_input_source_add(in, NULL, "packets", t->packets) ||
	    tm_input_source_add(in, NULL, "ftrace_bundles", t->bundles) ||
	    tm_input_source_add(in, NULL, "ftrace_events", t->events) ||
	    tm_input_source_add(in, NULL, "clock_snapshots", t->snapshots) ||
	    tm_input_source_add(in, NULL, "track_events", track ? *track : 0) ||
	    tm_input_source_add(in, NULL, "processes", t->processes) ||
	    tm_input_source_add(in, NULL, "threads", t->threads) ||
	    report_table(in, "packets_by_kind", s->kinds, kind_name) ||
	    report_table(in, "ftrace_events_by_name", s->events, event_name) ||
	    report_table(in, "ftrace_events_by_cpu", s->cpus, cpu_name) ||
	    tm_input_source_add(in, "lost", "ftrace_overrun", l.overrun) ||
	    tm_input_source_add(in, "lost", "ftrace_commit_overrun", l.commit_overrun) ||
	    tm_input_source_add(in, "lost", "ftrace_dropped_events", l.dropped_events) ||
	    tm_input_source_add(in, "lost", "bundles_with_lost_events", t->bundles_lost) ||
	    tm_input_source_add(in, "lost", "previous_packet_dropped", l.packets_dropped) ||
	    tm_input_source_add(in, "lost", "sequences_without_incremental_state",
				l.sequences_state_lost) ||
	    tm_input_source_add(in, "lost", "packets_without_incremental_state",
				l.packets_state_lost))
		return -1;
	return s->others ? tm_input_source_add(in, NULL, "counted_past_a_table_cap", s->others) : 0;
}
