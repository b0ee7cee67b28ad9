/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-track.c - a Perfetto trace's TrackEvents (what the Perfetto SDK
 * and Chrome write: slices, instants, counters on described tracks) as
 * Trace Event JSON, one TM_BLOCK_JSON block of the input per clock domain.
 *
 * Pass 1 (tm_pftrack_packet, each TracePacket in file order) keeps per
 * sequence (trusted_packet_sequence_id) its incremental state: the
 * interned event names, categories, debug annotation names and string
 * values, TracePacketDefaults (timestamp_clock_id, the default track and
 * extra counter tracks) and a legacy ThreadDescriptor's thread and
 * reference time.  SEQ_INCREMENTAL_STATE_CLEARED (or the older
 * incremental_state_cleared) drops it and makes it valid; a
 * previous_packet_dropped after a sequence's first packet makes it
 * invalid, and a packet that says SEQ_NEEDS_INCREMENTAL_STATE on a
 * sequence whose state is not valid is skipped (as Perfetto does; counted).
 * TrackDescriptors are noted by uuid; each track event becomes a record
 * (time, track, kind, its name/category/args as JSON text) in its clock's
 * slot: the packet's timestamp_clock_id, else the sequence's default, else
 * BOOTTIME (6), a clock the trace defines (64 and up) brought onto the
 * builtin clock its snapshots relate it to (perfetto-track-clock.c); legacy timestamp_absolute_us / timestamp_delta_us (from
 * the ThreadDescriptor's reference_timestamp_us) when the packet has no
 * timestamp, on MONOTONIC (3) as Perfetto reads them.
 *
 * Pass 2 (tm_pftrack_finish): the records in time order (file order among
 * equal times) are written as events of their track's thread:
 *   TYPE_SLICE_BEGIN -> "B", TYPE_SLICE_END -> "E" (an END with no open
 *   slice on its track is counted, not written), TYPE_INSTANT -> "i",
 *   TYPE_COUNTER and extra counter values -> "C" {"value": V} named after
 *   the counter track (its unit_multiplier applied, is_incremental
 *   summed), plus "M" process_name / thread_name from the descriptors.
 * A thread track is its (pid, tid); any other track (a process's, a named
 * or counter track) gets a thread of its own, with an id no kernel gives
 * (TRACK_IDS + n) named after the track, in the process of its nearest
 * process or thread ancestor (parent_uuid), else in one pseudo process
 * TRACK_IDS "Perfetto tracks".  Times are µs with exact ns decimals.
 *
 * TYPE_UNSPECIFIED (Chrome's legacy events) are read by their legacy
 * phase: B and E as slices, I, i and R as instants.  Not read (counted as
 * warnings): the other legacy phases and other types, nested/dict/array debug annotations, interning ids
 * never defined (the name written empty), counter values that are not
 * finite.
 *
 * This file is pass 1's packet level (sequences, descriptors);
 * perfetto-track-event.c reads the events themselves and
 * perfetto-track-json.c is pass 2 (perfetto-track-int.h: their state).
 */
#include <stdlib.h>

#include "buf.h"
#include "hash-map.h"
#include "perfetto-track-int.h"

/* ---- state -------------------------------------------------------------- */

struct tm_pftrack *tm_pftrack_new(void)
{
	struct tm_pftrack *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->seqs = tm_hmap_new(sizeof(struct seq));
	t->tracks = tm_hmap_new(sizeof(struct track));
	if (!t->seqs || !t->tracks) {
		tm_pftrack_free(t);
		return NULL;
	}
	return t;
}

void tm_pftrack_free(struct tm_pftrack *t)
{
	size_t it = 0;
	struct seq *s;

	if (!t)
		return;
	while (t->seqs && (s = tm_hmap_next(t->seqs, &it, NULL, NULL)))
		tm_hmap_free(s->iids);
	tm_hmap_free(t->seqs);
	tm_hmap_free(t->tracks);
	tm_pftrack_clocks_free(t);
	for (unsigned i = 0; i < t->nslots; i++)
		tm_buf_free(&t->slots[i].out);
	free(t->slots);
	tm_buf_free(&t->frags);
	tm_buf_free(&t->tmp);
	free(t->ev);
	free(t);
}

/* The state of sequence SEQ (created empty). */
static struct seq *seq_get(struct tm_pftrack *t, uint32_t seq)
{
	struct seq *s = tm_hmap_get(t->seqs, &seq, sizeof(seq), true);

	if (s && !s->iids && !(s->iids = tm_hmap_new(sizeof(struct view))))
		return NULL;
	return s;
}

/* SEQ_INCREMENTAL_STATE_CLEARED: interning, defaults, legacy thread gone. */
static int seq_clear(struct seq *s)
{
	tm_hmap_free(s->iids);
	*s = (struct seq){ .seen = true, .valid = true,
			   .iids = tm_hmap_new(sizeof(struct view)) };
	return s->iids ? 0 : -1;
}

static struct view *iid_slot(struct seq *s, enum iid_kind k, uint64_t iid, bool create)
{
	uint64_t key[2] = { k, iid };

	return tm_hmap_get(s->iids, key, sizeof(key), create);
}

/* The string interned as IID of kind K on S; counted when never defined. */
struct view tm_pftrack_iid(struct tm_pftrack *t, struct seq *s, enum iid_kind k, uint64_t iid,
			   bool *found)
{
	struct view *v = iid_slot(s, k, iid, false);

	*found = v != NULL;
	if (!v)
		t->undefined_iid++;
	return v ? *v : (struct view){ NULL, 0 };
}

struct track *tm_pftrack_track(struct tm_pftrack *t, uint64_t uuid)
{
	return tm_hmap_get(t->tracks, &uuid, sizeof(uuid), true);
}

/* ---- pass 1: packets ---------------------------------------------------- */

/* InternedString-like message M (iid 1, string 2) of kind K into S. */
static int intern_one(struct seq *s, enum iid_kind k, const struct tm_pb *m,
		      struct tm_pb_error *e)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	uint64_t iid = 0;
	struct view str = { NULL, 0 }, *v;
	int rc;

	while ((rc = tm_pb_next(&r, &f, e)) == 1) {
		if (f.num == PF_ISTR_IID && f.type == TM_PB_VARINT)
			iid = f.v;
		else if (f.num == PF_ISTR_STR)
			str = view_of(&f);
	}
	if (rc < 0)
		return -1;
	if (!(v = iid_slot(s, k, iid, true)))
		return fail_oom(e);
	*v = str;
	return 0;
}

static int interned_field(void *ctx, const struct tm_pb *r, const struct tm_pb_field *f,
			  struct tm_pb_error *e)
{
	struct tm_pb sub = tm_pb_sub(r, f);
	enum iid_kind k;

	if (f->type != TM_PB_BYTES)
		return 0;
	switch (f->num) {
	case PF_INTERNED_EVENT_NAMES: k = IID_NAME; break;
	case PF_INTERNED_EVENT_CATEGORIES: k = IID_CATEGORY; break;
	case PF_INTERNED_DEBUG_NAMES: k = IID_DEBUG_NAME; break;
	case PF_INTERNED_DEBUG_STRINGS: k = IID_DEBUG_STRING; break;
	default: return 0;
	}
	return intern_one(ctx, k, &sub, e);
}

static int event_defaults_field(void *ctx, const struct tm_pb *r, const struct tm_pb_field *f,
				struct tm_pb_error *e)
{
	struct seq *s = ctx;

	(void)r;
	(void)e;
	if (f->num == PF_TE_TRACK_UUID && f->type == TM_PB_VARINT) {
		s->def_track = f->v;
		s->has_def_track = true;
	}
	return 0;
}

static int defaults_field(void *ctx, const struct tm_pb *r, const struct tm_pb_field *f,
			  struct tm_pb_error *e)
{
	struct seq *s = ctx;
	struct tm_pb sub = tm_pb_sub(r, f);

	if (f->num == PF_DEFAULTS_CLOCK_ID && f->type == TM_PB_VARINT) {
		s->clock = (uint32_t)f->v;
	} else if (f->num == PF_DEFAULTS_TRACK_EVENT && f->type == TM_PB_BYTES) {
		s->defaults = view_of(f);
		s->dbase = r->base;
		s->has_def_track = false;
		return each_field(&sub, event_defaults_field, s, e);
	}
	return 0;
}

/* Process- or ThreadDescriptor M into TR (THREAD: a thread's). */
static int read_task_desc(struct track *tr, const struct tm_pb *m, bool thread,
			  struct tm_pb_error *e, int64_t *ref_us)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct view cmdline = { NULL, 0 }, name = { NULL, 0 };
	int rc;

	tr->kind = thread ? TK_THREAD : TK_PROCESS;
	while ((rc = tm_pb_next(&r, &f, e)) == 1) {
		if (f.num == PF_PD_PID && f.type == TM_PB_VARINT)       /* = PF_TDESC_PID */
			tr->pid = (int32_t)f.v;
		else if (thread && f.num == PF_TDESC_TID && f.type == TM_PB_VARINT)
			tr->tid = (int32_t)f.v;
		else if (thread && f.num == PF_TDESC_THREAD_NAME)
			name = view_of(&f);
		else if (thread && f.num == PF_TDESC_REFERENCE_US && f.type == TM_PB_VARINT && ref_us)
			*ref_us = (int64_t)f.v;
		else if (!thread && f.num == PF_PD_PROCESS_NAME)
			name = view_of(&f);
		else if (!thread && f.num == PF_PD_CMDLINE && !cmdline.p)
			cmdline = view_of(&f);
	}
	if (rc < 0)
		return -1;
	if (name.n || cmdline.n)
		tr->name = name.n ? name : cmdline;
	return 0;
}

/* CounterDescriptor M into TR. */
static int read_counter_desc(struct track *tr, const struct tm_pb *m, struct tm_pb_error *e)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	int rc;

	tr->counter = true;
	while ((rc = tm_pb_next(&r, &f, e)) == 1) {
		if (f.num == PF_CD_UNIT_MULTIPLIER && f.type == TM_PB_VARINT)
			tr->mult = (int64_t)f.v;
		else if (f.num == PF_CD_IS_INCREMENTAL && f.type == TM_PB_VARINT)
			tr->incremental = f.v != 0;
	}
	return rc < 0 ? -1 : 0;
}

/* TrackDescriptor M (a descriptor given again replaces the first). */
static int read_track_desc(struct tm_pftrack *t, const struct tm_pb *m, struct tm_pb_error *e)
{
	struct tm_pb r = *m, sub;
	struct tm_pb_field f;
	struct track d = { .described = true }, *tr;
	struct view name = { NULL, 0 };
	uint64_t uuid = 0;
	int rc;

	while ((rc = tm_pb_next(&r, &f, e)) == 1) {
		sub = tm_pb_sub(&r, &f);
		if (f.num == PF_TD_UUID && f.type == TM_PB_VARINT)
			uuid = f.v;
		else if (f.num == PF_TD_PARENT_UUID && f.type == TM_PB_VARINT)
			d.parent = f.v;
		else if (f.num == PF_TD_NAME || f.num == PF_TD_STATIC_NAME ||
			 f.num == PF_TD_ATRACE_NAME)
			name = view_of(&f);
		else if ((f.num == PF_TD_PROCESS || f.num == PF_TD_THREAD) && f.type == TM_PB_BYTES &&
			 read_task_desc(&d, &sub, f.num == PF_TD_THREAD, e, NULL))
			return -1;
		else if (f.num == PF_TD_COUNTER && f.type == TM_PB_BYTES &&
			 read_counter_desc(&d, &sub, e))
			return -1;
	}
	if (rc < 0)
		return -1;
	if (name.n)
		d.name = name;
	if (!(tr = tm_pftrack_track(t, uuid)))
		return fail_oom(e);
	d.used = tr->used;
	*tr = d;
	return 0;
}

/* A legacy ThreadDescriptor packet M on S: its thread is the default
 * track and its reference time the base of delta timestamps. */
static int read_thread_desc(struct tm_pftrack *t, struct seq *s, const struct tm_pb *m,
			    struct tm_pb_error *e)
{
	struct track d = { .described = true }, *tr;
	int64_t ref_us = 0;

	if (read_task_desc(&d, m, true, e, &ref_us))
		return -1;
	s->legacy = true;
	s->legacy_uuid = LEGACY_UUID | (uint32_t)d.tid;
	s->ref_ns = ref_us > INT64_MAX / 1000 || ref_us < 0 ? 0 : ref_us * 1000;
	if (!(tr = tm_pftrack_track(t, s->legacy_uuid)))
		return fail_oom(e);
	d.used = tr->used;
	*tr = d;
	return 0;
}

/* The fields of one packet that this file reads. */
struct pkt {
	uint32_t seq, flags, clock;
	bool cleared, first, has_ts;
	uint64_t dropped, ts;
	struct view interned, defaults, event, track, thread, snapshot;
};

static int pkt_field(void *ctx, const struct tm_pb *r, const struct tm_pb_field *f,
		     struct tm_pb_error *e)
{
	struct pkt *p = ctx;

	(void)r;
	(void)e;
	switch (f->num) {
	case PF_PKT_SEQUENCE_ID: p->seq = (uint32_t)f->v; break;
	case PF_PKT_SEQUENCE_FLAGS: p->flags = (uint32_t)f->v; break;
	case PF_PKT_STATE_CLEARED: p->cleared = f->v != 0; break;
	case PF_PKT_PREVIOUS_DROPPED: p->dropped = f->v; break;
	case PF_PKT_FIRST_ON_SEQUENCE: p->first = f->v != 0; break;
	case PF_PKT_TIMESTAMP: p->ts = f->v; p->has_ts = f->type == TM_PB_VARINT; break;
	case PF_PKT_TIMESTAMP_CLOCK_ID: p->clock = (uint32_t)f->v; break;
	case PF_PKT_INTERNED_DATA: p->interned = view_of(f); break;
	case PF_PKT_DEFAULTS: p->defaults = view_of(f); break;
	case PF_PKT_TRACK_EVENT: p->event = view_of(f); break;
	case PF_PKT_TRACK_DESCRIPTOR: p->track = view_of(f); break;
	case PF_PKT_THREAD_DESCRIPTOR: p->thread = view_of(f); break;
	case PF_PKT_CLOCK_SNAPSHOT: p->snapshot = view_of(f); break;
	}
	return 0;
}

static struct tm_pb sub_of(const struct tm_pb *m, struct view v)
{
	return tm_pb_init(m->base, v.p, v.n);
}

/* P's timestamp on a clock the trace defines (64 and up), as ns on the
 * builtin clock its snapshots relate it to (P->ts, P->clock changed);
 * unchanged (its own domain) when none does, or out of range (counted). */
static void own_clock_time(struct tm_pftrack *t, struct pkt *p)
{
	int64_t ns;

	if (tm_pftrack_clock_time(t, p->seq, &p->clock, p->ts, &ns)) {
		t->seq_clock_unknown++;
		return;
	}
	p->ts = (uint64_t)ns;
}

/* The sequence state P's flags say: lost after a drop, cleared. */
static int seq_flags(struct seq *s, const struct pkt *p)
{
	if (p->dropped && s->seen && !p->first)
		s->valid = false;
	s->seen = true;
	if ((p->flags & PF_SEQ_STATE_CLEARED) || p->cleared)
		return seq_clear(s);
	return 0;
}

int tm_pftrack_packet(struct tm_pftrack *t, const struct tm_pb *m, struct tm_pb_error *e)
{
	struct pkt p = { 0 };
	struct seq *s;
	struct tm_pb sub;

	if (each_field(m, pkt_field, &p, e) < 0)
		return -1;
	if (!p.interned.p && !p.defaults.p && !p.event.p && !p.track.p && !p.thread.p &&
	    !p.snapshot.p && !p.flags && !p.cleared && !p.dropped && !p.has_ts)
		return 0;
	if (!(s = seq_get(t, p.seq)) || seq_flags(s, &p))
		return fail_oom(e);
	if (p.defaults.p && (sub = sub_of(m, p.defaults), each_field(&sub, defaults_field, s, e)))
		return -1;
	/* (a snapshot's own timestamp is not read, as Perfetto does not) */
	if (p.snapshot.p)
		return sub = sub_of(m, p.snapshot), tm_pftrack_clock_snapshot(t, p.seq, &sub, e);
	if (!p.clock)
		p.clock = s->clock ? s->clock : PF_CLOCK_BOOTTIME;
	/* every timestamp moves an incremental clock, whatever its packet */
	if (p.has_ts && p.clock >= PF_CLOCK_SEQUENCE_FIRST)
		own_clock_time(t, &p);
	if ((p.flags & PF_SEQ_NEEDS_STATE) && !s->valid) {
		t->skipped += p.event.p != NULL;
		return 0;
	}
	if (p.interned.p && (sub = sub_of(m, p.interned), each_field(&sub, interned_field, s, e)))
		return -1;
	if (p.thread.p && (sub = sub_of(m, p.thread), read_thread_desc(t, s, &sub, e)))
		return -1;
	if (p.track.p && (sub = sub_of(m, p.track), read_track_desc(t, &sub, e)))
		return -1;
	if (p.event.p && (sub = sub_of(m, p.event),
			  tm_pftrack_event_read(t, s, p.seq, &sub, p.has_ts, p.ts, p.clock, e)))
		return -1;
	return 0;
}
