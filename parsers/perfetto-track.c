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
 * BOOTTIME (6); legacy timestamp_absolute_us / timestamp_delta_us (from
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
 * Not read (counted as warnings): TYPE_UNSPECIFIED (legacy Chrome phases)
 * and other types, nested/dict/array debug annotations, interning ids
 * never defined (the name written empty), counter values that are not
 * finite.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "decode.h"
#include "hash-map.h"
#include "perfetto-clock.h"
#include "perfetto-track.h"
#include "safe-text.h"
#include "tracemerge/ts.h"

#define TRACK_IDS 0x10000000    /* past PID_MAX_LIMIT (1 << 22) */
#define MAX_SLOTS 16            /* clock domains */
#define MAX_HOPS 64             /* parent_uuid chain walked at most */
#define LEGACY_UUID (1ull << 63)/* | tid: a legacy ThreadDescriptor's track */

enum iid_kind { IID_NAME = 1, IID_CATEGORY, IID_DEBUG_NAME, IID_DEBUG_STRING };
enum track_kind { TK_NONE, TK_PROCESS, TK_THREAD };

struct view {
	const uint8_t *p;
	size_t n;
};

struct track {
	uint64_t parent;
	struct view name;
	int32_t pid, tid;
	uint8_t kind;           /* enum track_kind */
	bool described, counter, incremental, used, resolved, own_thread;
	int64_t mult;           /* unit_multiplier (0: 1) */
	int32_t jpid, jtid;     /* the JSON ids (resolved in pass 2) */
	uint32_t open;          /* slices begun and not ended */
	double sum;             /* is_incremental: the value so far */
};

/* A sequence-scoped clock (id 64..127) as its ClockSnapshot relates it to
 * a global clock: ns on BASE_CLOCK = base_ns + (value - ref) * mult, the
 * value being the sum of the packets' timestamps when incremental. */
struct seq_clock {
	bool set, incremental;
	uint32_t id, base_clock;
	int64_t ref, value, mult, base_ns;
};

struct seq {
	bool seen, valid;
	struct seq_clock sc;    /* kept when the state is cleared */
	struct tm_hmap *iids;   /* (kind, iid) -> struct view */
	uint32_t clock;         /* TracePacketDefaults.timestamp_clock_id, 0: none */
	struct view defaults;   /* TrackEventDefaults (read once: well formed) */
	const uint8_t *dbase;   /* the buffer it is in */
	bool has_def_track;
	uint64_t def_track;     /* TrackEventDefaults.track_uuid */
	bool legacy;            /* a ThreadDescriptor was given */
	uint64_t legacy_uuid;
	int64_t ref_ns;         /* legacy delta timestamps: the time so far */
};

/* One event to write. */
struct tev {
	int64_t ts;
	uint64_t order;
	uint64_t track;
	size_t frag, nfrag;     /* ,"name":...,"cat":...,"args":{...} in t->frags */
	double value;           /* 'C' */
	uint8_t ph;             /* 'B', 'E', 'i', 'C' */
	uint8_t slot;
};

struct slot {
	uint32_t clock, seq;    /* seq: for sequence-scoped clocks (>= 64) */
	struct tm_buf out;
	size_t n;
};

struct tm_pftrack {
	struct tm_hmap *seqs;   /* uint32 seq -> struct seq */
	struct tm_hmap *tracks; /* uint64 uuid -> struct track */
	struct tev *ev;
	size_t nev, evcap;
	struct tm_buf frags, tmp;
	struct slot slots[MAX_SLOTS];
	unsigned nslots;
	int32_t next_id;        /* synthetic thread ids: TRACK_IDS + next_id */
	bool global_used;
	uint64_t skipped, undefined_iid, seq_clock_unknown, unmatched_end, unsupported, args_dropped,
		 bad_value, bad_ts, undescribed, no_ts, too_many_clocks;
};

static const char oom[] = "out of memory";

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
	for (unsigned i = 0; i < t->nslots; i++)
		tm_buf_free(&t->slots[i].out);
	tm_buf_free(&t->frags);
	tm_buf_free(&t->tmp);
	free(t->ev);
	free(t);
}

static int fail_oom(struct tm_pb_error *e)
{
	e->what = oom;
	e->at = 0;
	return -1;
}

static struct view view_of(const struct tm_pb_field *f)
{
	return f->type == TM_PB_BYTES ? (struct view){ f->data, f->len } : (struct view){ NULL, 0 };
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
	struct seq_clock sc = s->sc;

	tm_hmap_free(s->iids);
	*s = (struct seq){ .seen = true, .valid = true, .sc = sc,
			   .iids = tm_hmap_new(sizeof(struct view)) };
	return s->iids ? 0 : -1;
}

static struct view *iid_slot(struct seq *s, enum iid_kind k, uint64_t iid, bool create)
{
	uint64_t key[2] = { k, iid };

	return tm_hmap_get(s->iids, key, sizeof(key), create);
}

/* The string interned as IID of kind K on S; counted when never defined. */
static struct view iid_str(struct tm_pftrack *t, struct seq *s, enum iid_kind k, uint64_t iid,
			   bool *found)
{
	struct view *v = iid_slot(s, k, iid, false);

	*found = v != NULL;
	if (!v)
		t->undefined_iid++;
	return v ? *v : (struct view){ NULL, 0 };
}

static struct track *track_get(struct tm_pftrack *t, uint64_t uuid)
{
	return tm_hmap_get(t->tracks, &uuid, sizeof(uuid), true);
}

/* ---- pass 1: packets ---------------------------------------------------- */

/* Walk the fields of M: FN(ctx, r, f) for each; 0, or -1 (FN's failure, or a
 * wire error in *E). */
typedef int (*field_fn)(void *ctx, const struct tm_pb *r, const struct tm_pb_field *f,
			struct tm_pb_error *e);

static int each_field(const struct tm_pb *m, field_fn fn, void *ctx, struct tm_pb_error *e)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	int rc;

	while ((rc = tm_pb_next(&r, &f, e)) == 1)
		if (fn(ctx, &r, &f, e))
			return -1;
	return rc;
}

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
	if (!(tr = track_get(t, uuid)))
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
	if (!(tr = track_get(t, s->legacy_uuid)))
		return fail_oom(e);
	d.used = tr->used;
	*tr = d;
	return 0;
}

/* The slot of clock CLOCK (of sequence SEQ when sequence-scoped), or -1
 * when there are too many clocks (counted). */
static int slot_of(struct tm_pftrack *t, uint32_t clock, uint32_t seq)
{
	if (clock < 64)
		seq = 0;
	for (unsigned i = 0; i < t->nslots; i++)
		if (t->slots[i].clock == clock && t->slots[i].seq == seq)
			return (int)i;
	if (t->nslots == MAX_SLOTS) {
		t->too_many_clocks++;
		return -1;
	}
	t->slots[t->nslots] = (struct slot){ .clock = clock, .seq = seq };
	return (int)t->nslots++;
}

static struct tev *new_tev(struct tm_pftrack *t)
{
	struct tev *ev;

	if (t->nev == t->evcap) {
		size_t cap = t->evcap ? t->evcap * 2 : 1024;
		struct tev *n = reallocarray(t->ev, cap, sizeof(*n));

		if (!n)
			return NULL;
		t->ev = n;
		t->evcap = cap;
	}
	ev = &t->ev[t->nev];
	memset(ev, 0, sizeof(*ev));
	ev->order = t->nev++;
	return ev;
}

/* What one TrackEvent says, as read from its fields. */
struct te {
	struct tm_pftrack *t;
	struct seq *s;
	const struct tm_pb *m;
	uint64_t type, track, name_iid;
	bool has_track, has_name_iid, has_abs, has_delta, is_double;
	struct view name;
	int64_t abs_us, delta_us, ivalue;
	double dvalue;
};

static double as_double(uint64_t bits)
{
	double d;

	memcpy(&d, &bits, sizeof(d));
	return d;
}

static int te_field(void *ctx, const struct tm_pb *r, const struct tm_pb_field *f,
		    struct tm_pb_error *e)
{
	struct te *x = ctx;

	(void)r;
	(void)e;
	switch (f->num) {
	case PF_TE_TYPE: x->type = f->v; break;
	case PF_TE_TRACK_UUID: x->track = f->v; x->has_track = f->type == TM_PB_VARINT; break;
	case PF_TE_NAME_IID: x->name_iid = f->v; x->has_name_iid = f->type == TM_PB_VARINT; break;
	case PF_TE_NAME: x->name = view_of(f); x->has_name_iid = false; break;
	case PF_TE_TIMESTAMP_ABSOLUTE_US: x->abs_us = (int64_t)f->v; x->has_abs = true; break;
	case PF_TE_TIMESTAMP_DELTA_US: x->delta_us = (int64_t)f->v; x->has_delta = true; break;
	case PF_TE_COUNTER_VALUE: x->ivalue = (int64_t)f->v; x->is_double = false; break;
	case PF_TE_DOUBLE_COUNTER_VALUE: x->dvalue = as_double(f->v); x->is_double = true; break;
	}
	return 0;
}

/* A double as the shortest of %.15g / %.17g that reads back the same. */
static void put_double(struct tm_buf *b, double v)
{
	char num[40];

	snprintf(num, sizeof(num), "%.15g", v);
	if (strtod(num, NULL) != v)
		snprintf(num, sizeof(num), "%.17g", v);
	tm_buf_adds(b, num);
}

static void put_jstr(struct tm_buf *b, struct view v)
{
	tm_buf_json_str(b, (const char *)v.p, v.n);
}

/* Values of the repeated varint (or, FIXED, 8-byte) field NUM of M, in
 * order, into V (at most CAP); returns how many (or -1: wire error). */
static int repeated(const struct tm_pb *m, uint32_t num, bool fixed, uint64_t *v, size_t cap,
		    size_t *n, struct tm_pb_error *e)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	int rc;

	*n = 0;
	while ((rc = tm_pb_next(&r, &f, e)) == 1) {
		if (f.num != num)
			continue;
		if (f.type == TM_PB_BYTES && fixed) {
			for (size_t i = 0; i + 8 <= f.len && *n < cap; i += 8)
				memcpy(&v[(*n)++], f.data + i, 8);
		} else if (f.type == TM_PB_BYTES) {
			struct tm_pb_packed k = tm_pb_packed_init(&r, &f);
			uint64_t x;

			while ((rc = tm_pb_packed_next(&k, &x, e)) == 1)
				if (*n < cap)
					v[(*n)++] = x;
			if (rc < 0)
				return -1;
		} else if (*n < cap) {
			v[(*n)++] = f.v;
		}
	}
	return rc < 0 ? -1 : 0;
}

/* "cat": the event's categories (interned and plain) joined by ','. */
static int put_categories(struct te *x, struct tm_buf *b, struct tm_pb_error *e)
{
	struct tm_pftrack *t = x->t;
	struct tm_pb r = *x->m;
	struct tm_pb_field f;
	uint64_t iids[32];
	size_t n;
	bool found;
	int rc;

	t->tmp.n = 0;
	if (repeated(x->m, PF_TE_CATEGORY_IIDS, false, iids, 32, &n, e))
		return -1;
	for (size_t i = 0; i < n; i++) {
		struct view v = iid_str(t, x->s, IID_CATEGORY, iids[i], &found);

		if (!found)
			continue;
		if (t->tmp.n)
			tm_buf_addc(&t->tmp, ',');
		tm_buf_add(&t->tmp, v.p, v.n);
	}
	while ((rc = tm_pb_next(&r, &f, e)) == 1) {
		if (f.num != PF_TE_CATEGORIES || f.type != TM_PB_BYTES)
			continue;
		if (t->tmp.n)
			tm_buf_addc(&t->tmp, ',');
		tm_buf_add(&t->tmp, f.data, f.len);
	}
	if (rc < 0)
		return -1;
	if (t->tmp.n) {
		tm_buf_adds(b, ",\"cat\":");
		tm_buf_json_str(b, t->tmp.p, t->tmp.n);
	}
	return 0;
}

/* One DebugAnnotation M as "key":value into B (after a ',' unless FIRST);
 * 1 when written, 0 when not (counted), -1 on a wire error. */
static int put_annotation(struct te *x, const struct tm_pb *m, bool first, struct tm_buf *b,
			  struct tm_pb_error *e)
{
	struct tm_pftrack *t = x->t;
	struct tm_pb r = *m;
	struct tm_pb_field f, val = { 0 };
	struct view key = { NULL, 0 };
	bool has_key = false, found = true;
	char num[40];
	int rc;

	while ((rc = tm_pb_next(&r, &f, e)) == 1) {
		if (f.num == PF_DA_NAME_IID && f.type == TM_PB_VARINT)
			key = iid_str(t, x->s, IID_DEBUG_NAME, f.v, &has_key);
		else if (f.num == PF_DA_NAME && f.type == TM_PB_BYTES)
			key = view_of(&f), has_key = true;
		else if (f.num != PF_DA_NAME_IID && f.num != PF_DA_NAME)
			val = f;
	}
	if (rc < 0)
		return -1;
	if (!has_key) {
		t->args_dropped++;
		return 0;
	}
	switch (val.num) {
	case PF_DA_BOOL: snprintf(num, sizeof(num), "%s", val.v ? "true" : "false"); break;
	case PF_DA_UINT: snprintf(num, sizeof(num), "%" PRIu64, val.v); break;
	case PF_DA_INT: snprintf(num, sizeof(num), "%" PRId64, (int64_t)val.v); break;
	case PF_DA_POINTER: snprintf(num, sizeof(num), "\"0x%" PRIx64 "\"", val.v); break;
	case PF_DA_DOUBLE: case PF_DA_STRING: case PF_DA_STRING_IID: num[0] = 0; break;
	default: t->args_dropped++; return 0;
	}
	if (val.num == PF_DA_DOUBLE && (val.type != TM_PB_FIXED64 || !isfinite(as_double(val.v)))) {
		t->args_dropped++;
		return 0;
	}
	tm_buf_adds(b, first ? "" : ",");
	put_jstr(b, key);
	tm_buf_addc(b, ':');
	if (val.num == PF_DA_DOUBLE)
		put_double(b, as_double(val.v));
	else if (val.num == PF_DA_STRING)
		put_jstr(b, view_of(&val));
	else if (val.num == PF_DA_STRING_IID)
		put_jstr(b, iid_str(t, x->s, IID_DEBUG_STRING, val.v, &found));
	else
		tm_buf_adds(b, num);
	return 1;
}

/* ,"args":{...} of the event's debug annotations (nothing when none). */
static int put_args(struct te *x, struct tm_buf *b, struct tm_pb_error *e)
{
	struct tm_pb r = *x->m;
	struct tm_pb_field f;
	size_t mark = b->n;
	bool first = true;
	int rc;

	tm_buf_adds(b, ",\"args\":{");
	while ((rc = tm_pb_next(&r, &f, e)) == 1) {
		struct tm_pb sub = tm_pb_sub(&r, &f);
		int w;

		if (f.num != PF_TE_DEBUG_ANNOTATIONS || f.type != TM_PB_BYTES)
			continue;
		if ((w = put_annotation(x, &sub, first, b, e)) < 0)
			return -1;
		if (w)
			first = false;
	}
	if (rc < 0)
		return -1;
	if (first)
		b->n = mark;
	else
		tm_buf_addc(b, '}');
	return 0;
}

/* The name, category and args of a B or i event as JSON text in t->frags. */
static int put_fragment(struct te *x, struct tev *ev, struct tm_pb_error *e)
{
	struct tm_pftrack *t = x->t;
	struct view name = x->name;
	bool found;

	if (x->has_name_iid)
		name = iid_str(t, x->s, IID_NAME, x->name_iid, &found);
	ev->frag = t->frags.n;
	tm_buf_adds(&t->frags, ",\"name\":");
	put_jstr(&t->frags, name);
	if (put_categories(x, &t->frags, e) || put_args(x, &t->frags, e))
		return -1;
	if (t->frags.oom || t->tmp.oom)
		return fail_oom(e);
	ev->nfrag = t->frags.n - ev->frag;
	return 0;
}

/* A "C" record of VALUE on counter track UUID (non-finite: counted). */
static int add_counter(struct tm_pftrack *t, int64_t ts, int slot, uint64_t uuid, double value,
		       struct tm_pb_error *e)
{
	struct tev *ev;

	if (!isfinite(value)) {
		t->bad_value++;
		return 0;
	}
	if (!(ev = new_tev(t)))
		return fail_oom(e);
	ev->ts = ts;
	ev->slot = (uint8_t)slot;
	ev->track = uuid;
	ev->ph = 'C';
	ev->value = value;
	return 0;
}

/* Extra counter values of X: the uuids from the event, else from the
 * sequence's TrackEventDefaults, paired with the values in order. */
static int extra_counters(struct te *x, int64_t ts, int slot, bool dbl, struct tm_pb_error *e)
{
	uint32_t unum = dbl ? PF_TE_EXTRA_DOUBLE_UUIDS : PF_TE_EXTRA_COUNTER_UUIDS;
	uint32_t vnum = dbl ? PF_TE_EXTRA_DOUBLE_VALUES : PF_TE_EXTRA_COUNTER_VALUES;
	uint64_t uuids[32], vals[32];
	size_t nu, nv;

	if (repeated(x->m, vnum, dbl, vals, 32, &nv, e))
		return -1;
	if (!nv)
		return 0;
	if (repeated(x->m, unum, false, uuids, 32, &nu, e))
		return -1;
	if (!nu && x->s->defaults.p) {
		struct tm_pb d = tm_pb_init(x->s->dbase, x->s->defaults.p, x->s->defaults.n);

		if (repeated(&d, unum, false, uuids, 32, &nu, e))
			return -1;
	}
	if (nu < nv)
		x->t->bad_value += nv - nu;
	for (size_t i = 0; i < nv && i < nu; i++)
		if (add_counter(x->t, ts, slot, uuids[i],
				dbl ? as_double(vals[i]) : (double)(int64_t)vals[i], e))
			return -1;
	return 0;
}

/* The default track of S: TrackEventDefaults.track_uuid, else a legacy
 * ThreadDescriptor's thread, else 0. */
static uint64_t default_track(const struct seq *s)
{
	return s->has_def_track ? s->def_track : s->legacy ? s->legacy_uuid : 0;
}

/* The event's time in ns: the packet's (HAS_TS: TS), else the legacy
 * absolute or delta µs, on CLOCK_MONOTONIC as Perfetto takes them (*CLOCK
 * set); false when it has none or it is out of range. */
static bool event_time(struct te *x, bool has_ts, uint64_t ts, int64_t *out, uint32_t *clock)
{
	int64_t ns;

	if (has_ts) {
		if (ts > INT64_MAX)
			return x->t->bad_ts++, false;
		*out = (int64_t)ts;
		return true;
	}
	if (x->has_abs || (x->has_delta && x->s->legacy))
		*clock = PF_CLOCK_MONOTONIC;
	if (x->has_abs) {
		if (__builtin_mul_overflow(x->abs_us, 1000, &ns))
			return x->t->bad_ts++, false;
		*out = ns;
		return true;
	}
	if (x->has_delta && x->s->legacy) {
		if (__builtin_mul_overflow(x->delta_us, 1000, &ns) ||
		    __builtin_add_overflow(x->s->ref_ns, ns, &x->s->ref_ns))
			return x->t->bad_ts++, false;
		*out = x->s->ref_ns;
		return true;
	}
	x->t->no_ts++;
	return false;
}

/* TrackEvent M of a packet on S (SEQ) at TS (HAS_TS) on clock CLOCK. */
static int read_track_event(struct tm_pftrack *t, struct seq *s, uint32_t seq,
			    const struct tm_pb *m, bool has_ts, uint64_t ts, uint32_t clock,
			    struct tm_pb_error *e)
{
	struct te x = { .t = t, .s = s, .m = m };
	struct tev *ev;
	int64_t when;
	int slot;
	static const uint8_t ph[] = { 0, 'B', 'E', 'i', 'C' };

	if (each_field(m, te_field, &x, e) < 0)
		return -1;
	if (x.type < PF_TE_SLICE_BEGIN || x.type > PF_TE_COUNTER) {
		t->unsupported++;
		return 0;
	}
	if (!x.has_track)
		x.track = default_track(s);
	if (!event_time(&x, has_ts, ts, &when, &clock))
		return 0;
	if ((slot = slot_of(t, clock, seq)) < 0)
		return 0;
	if (x.type == PF_TE_COUNTER) {
		if (add_counter(t, when, slot, x.track, x.is_double ? x.dvalue : (double)x.ivalue, e))
			return -1;
	} else {
		if (!(ev = new_tev(t)))
			return fail_oom(e);
		ev->ts = when;
		ev->slot = (uint8_t)slot;
		ev->track = x.track;
		ev->ph = ph[x.type];
		if (x.type != PF_TE_SLICE_END && put_fragment(&x, ev, e))
			return -1;
	}
	return extra_counters(&x, when, slot, false, e) || extra_counters(&x, when, slot, true, e);
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

/* ClockSnapshot.Clock M into *C (absent fields 0). */
static int read_snap_clock(const struct tm_pb *m, struct seq_clock *c, struct tm_pb_error *e)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	int rc;

	*c = (struct seq_clock){ .mult = 1 };
	while ((rc = tm_pb_next(&r, &f, e)) == 1) {
		if (f.type != TM_PB_VARINT)
			continue;
		if (f.num == PF_SNAP_CLOCK_ID)
			c->id = (uint32_t)f.v;
		else if (f.num == PF_SNAP_CLOCK_TIMESTAMP)
			c->ref = (int64_t)f.v;
		else if (f.num == PF_SNAP_CLOCK_INCREMENTAL)
			c->incremental = f.v != 0;
		else if (f.num == PF_SNAP_CLOCK_UNIT && f.v && f.v <= INT64_MAX)
			c->mult = (int64_t)f.v;
	}
	return rc < 0 ? -1 : 0;
}

/* A ClockSnapshot M on S: a sequence-scoped clock in it is related to
 * the snapshot's BOOTTIME, else its first other global clock. */
static int read_snapshot(struct seq *s, const struct tm_pb *m, struct tm_pb_error *e)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct seq_clock c, scoped = { 0 }, base = { 0 };
	int rc;

	while ((rc = tm_pb_next(&r, &f, e)) == 1) {
		struct tm_pb sub = tm_pb_sub(&r, &f);

		if (f.num != PF_SNAP_CLOCKS || f.type != TM_PB_BYTES)
			continue;
		if (read_snap_clock(&sub, &c, e))
			return -1;
		c.set = true;
		if (c.id >= PF_CLOCK_SEQUENCE_FIRST)
			scoped = c;
		else if (c.id && (!base.set || c.id == PF_CLOCK_BOOTTIME))
			base = c;
	}
	if (rc < 0)
		return -1;
	if (scoped.set && base.set && base.ref >= 0) {
		scoped.base_clock = base.id;
		scoped.base_ns = base.ref;
		scoped.value = scoped.ref;
		s->sc = scoped;
	}
	return 0;
}

/* P's timestamp on a sequence-scoped clock, as ns on the global clock its
 * sequence's snapshot relates it to (P->ts, P->clock changed); unchanged
 * (its own domain) when no snapshot did, or out of range (counted). */
static void seq_time(struct tm_pftrack *t, struct seq *s, struct pkt *p)
{
	struct seq_clock *c = &s->sc;
	int64_t v, ns;

	if (!c->set || c->id != p->clock || p->ts > INT64_MAX) {
		t->seq_clock_unknown++;
		return;
	}
	v = (int64_t)p->ts;
	if (c->incremental && __builtin_add_overflow(c->value, v, &c->value)) {
		t->seq_clock_unknown++;
		return;
	}
	if (c->incremental)
		v = c->value;
	if (__builtin_sub_overflow(v, c->ref, &v) || __builtin_mul_overflow(v, c->mult, &v) ||
	    __builtin_add_overflow(c->base_ns, v, &ns) || ns < 0) {
		t->seq_clock_unknown++;
		return;
	}
	p->ts = (uint64_t)ns;
	p->clock = c->base_clock;
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
	    !p.snapshot.p && !p.flags && !p.cleared && !p.dropped)
		return 0;
	if (!(s = seq_get(t, p.seq)) || seq_flags(s, &p))
		return fail_oom(e);
	if ((p.flags & PF_SEQ_NEEDS_STATE) && !s->valid) {
		t->skipped += p.event.p != NULL;
		return 0;
	}
	if (p.defaults.p && (sub = sub_of(m, p.defaults), each_field(&sub, defaults_field, s, e)))
		return -1;
	if (p.snapshot.p && (sub = sub_of(m, p.snapshot), read_snapshot(s, &sub, e)))
		return -1;
	if (!p.clock)
		p.clock = s->clock ? s->clock : PF_CLOCK_BOOTTIME;
	if (p.has_ts && p.clock >= PF_CLOCK_SEQUENCE_FIRST)
		seq_time(t, s, &p);
	if (p.interned.p && (sub = sub_of(m, p.interned), each_field(&sub, interned_field, s, e)))
		return -1;
	if (p.thread.p && (sub = sub_of(m, p.thread), read_thread_desc(t, s, &sub, e)))
		return -1;
	if (p.track.p && (sub = sub_of(m, p.track), read_track_desc(t, &sub, e)))
		return -1;
	if (p.event.p && (sub = sub_of(m, p.event),
			  read_track_event(t, s, p.seq, &sub, p.has_ts, p.ts, p.clock, e)))
		return -1;
	return 0;
}

/* ---- pass 2: JSON ------------------------------------------------------- */

/* The nearest track up TR's parent chain (TR itself first) that is a
 * process or a thread, or NULL. */
static struct track *task_ancestor(struct tm_pftrack *t, struct track *tr)
{
	for (unsigned hop = 0; tr && hop < MAX_HOPS; hop++) {
		uint64_t up = tr->parent;

		if (tr->kind != TK_NONE)
			return tr;
		if (!up)
			return NULL;
		tr = tm_hmap_get(t->tracks, &up, sizeof(up), false);
	}
	return NULL;
}

/* TR's JSON pid and tid. */
static void resolve(struct tm_pftrack *t, struct track *tr)
{
	struct track *a;

	if (tr->resolved)
		return;
	tr->resolved = true;
	if (!tr->described)
		t->undescribed++;
	if (tr->kind == TK_THREAD) {
		tr->jtid = tr->tid;
		tr->jpid = tr->pid ? tr->pid : tr->tid;
		return;
	}
	a = task_ancestor(t, tr);
	tr->jpid = a ? (a->kind == TK_THREAD && a->pid == 0 ? a->tid : a->pid) : TRACK_IDS;
	if (!a)
		t->global_used = true;
	tr->own_thread = true;
	tr->jtid = TRACK_IDS + ++t->next_id;
}

static void put_ts(struct tm_buf *b, const char *key, int64_t ns)
{
	char num[TM_TS_BUFSZ];

	tm_buf_adds(b, key);
	tm_ts_format_us(num, ns);
	tm_buf_adds(b, num);
}

static void put_id(struct tm_buf *b, const char *key, int64_t v)
{
	char num[48];

	snprintf(num, sizeof(num), "%s%" PRId64, key, v);
	tm_buf_adds(b, num);
}

/* The start of an event object in slot S's text. */
static struct tm_buf *open_event(struct tm_pftrack *t, unsigned slot, const char *ph)
{
	struct slot *s = &t->slots[slot];

	tm_buf_adds(&s->out, s->n++ ? ",\n{\"ph\":\"" : "\n{\"ph\":\"");
	tm_buf_adds(&s->out, ph);
	tm_buf_addc(&s->out, '"');
	return &s->out;
}

/* A track's name, or "track UUID" when it has none. */
static void put_track_name(struct tm_buf *b, const struct track *tr, uint64_t uuid)
{
	char num[40];

	if (tr->name.n) {
		put_jstr(b, tr->name);
		return;
	}
	snprintf(num, sizeof(num), "\"track %" PRIu64 "\"", uuid);
	tm_buf_adds(b, num);
}

static void write_counter(const struct tev *ev, struct track *tr, struct tm_buf *b)
{
	double v = ev->value * (double)(tr->mult > 0 ? tr->mult : 1);

	if (tr->incremental)
		v = tr->sum += v;
	tm_buf_adds(b, ",\"name\":");
	put_track_name(b, tr, ev->track);
	put_ts(b, ",\"ts\":", ev->ts);
	put_id(b, ",\"pid\":", tr->jpid);
	tm_buf_adds(b, ",\"args\":{\"value\":");
	put_double(b, v);
	tm_buf_adds(b, "}}");
}

static int write_event(struct tm_pftrack *t, const struct tev *ev)
{
	struct track *tr = track_get(t, ev->track);
	struct tm_buf *b;
	char ph[2] = { (char)ev->ph, 0 };

	if (!tr)
		return -1;
	resolve(t, tr);
	tr->used = true;
	if (ev->ph == 'E' && !tr->open) {
		t->unmatched_end++;
		return 0;
	}
	if (ev->ph == 'B')
		tr->open++;
	else if (ev->ph == 'E')
		tr->open--;
	b = open_event(t, ev->slot, ph);
	if (ev->ph == 'C') {
		write_counter(ev, tr, b);
		return 0;
	}
	if (ev->ph == 'i')
		tm_buf_adds(b, ",\"s\":\"t\"");
	put_ts(b, ",\"ts\":", ev->ts);
	put_id(b, ",\"pid\":", tr->jpid);
	put_id(b, ",\"tid\":", tr->jtid);
	tm_buf_add(b, t->frags.p + ev->frag, ev->nfrag);
	tm_buf_addc(b, '}');
	return 0;
}

/* An M event NAME (process_name / thread_name) of PID/TID: VALUE, or the
 * track's name. */
static void put_meta(struct tm_pftrack *t, const char *name, int32_t pid, int32_t tid,
		     const struct track *tr, uint64_t uuid, const char *value)
{
	struct tm_buf *b = open_event(t, 0, "M");

	tm_buf_adds(b, ",\"name\":\"");
	tm_buf_adds(b, name);
	tm_buf_addc(b, '"');
	put_id(b, ",\"pid\":", pid);
	put_id(b, ",\"tid\":", tid);
	tm_buf_adds(b, ",\"args\":{\"name\":");
	if (value)
		tm_buf_json_str(b, value, strlen(value));
	else
		put_track_name(b, tr, uuid);
	tm_buf_adds(b, "}}");
}

/* process_name / thread_name of the described processes and threads, and
 * thread_name of each track's own thread (its name). */
static void write_names(struct tm_pftrack *t)
{
	size_t it = 0;
	const char *key;
	struct track *tr;
	uint64_t uuid;

	while ((tr = tm_hmap_next(t->tracks, &it, &key, NULL))) {
		memcpy(&uuid, key, sizeof(uuid));
		if (tr->kind == TK_PROCESS && tr->name.n && tr->pid)
			put_meta(t, "process_name", tr->pid, tr->pid, tr, uuid, NULL);
		else if (tr->kind == TK_THREAD && tr->name.n && tr->tid)
			put_meta(t, "thread_name", tr->pid ? tr->pid : tr->tid, tr->tid, tr, uuid,
				 NULL);
		if (tr->own_thread && tr->used && !tr->counter)
			put_meta(t, "thread_name", tr->jpid, tr->jtid, tr, uuid, NULL);
	}
	if (t->global_used)
		put_meta(t, "process_name", TRACK_IDS, TRACK_IDS, NULL, 0, "Perfetto tracks");
}

static int cmp_tev(const void *a, const void *b)
{
	const struct tev *x = a, *y = b;

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* The clock-domain name of slot S (the names the sync knows for the
 * builtin clocks). */
static void domain_name(const struct slot *s, char *buf, size_t cap)
{
	const char *builtin = tm_perfetto_clock_domain(s->clock);

	if (builtin)
		snprintf(buf, cap, "%s", builtin);
	else if (s->clock < 64)
		snprintf(buf, cap, "PERFETTO_CLOCK_%" PRIu32, s->clock);
	else
		snprintf(buf, cap, "PERFETTO_CLOCK_%" PRIu32 "_SEQ_%" PRIu32, s->clock, s->seq);
}

/* Slot S as a JSON block of IN. */
static int add_block(struct tm_input *in, const struct slot *s)
{
	struct tm_buf b = { 0 };
	char dom[64];

	domain_name(s, dom, sizeof(dom));
	tm_buf_adds(&b, "{\"traceEvents\":[");
	tm_buf_add(&b, s->out.p, s->out.n);
	tm_buf_adds(&b, "\n],\n\"metadata\":{\"clock-domain\":\"");
	tm_buf_adds(&b, dom);
	tm_buf_adds(&b, "\",\"source-format\":\"perfetto-track-event\"}}\n");
	if (b.oom) {
		tm_buf_free(&b);
		tm_input_fail(in, "out of memory");
		return -1;
	}
	if (tm_input_keep(in, b.p))
		return -1;
	return tm_input_add_block(in, TM_BLOCK_JSON, b.p, b.n, 0, "perfetto track events");
}

static void report(struct tm_pftrack *t, struct tm_input *in)
{
	tm_pf_warn_n(in, "perfetto-track-state-lost", t->skipped,
		     "track events skipped: their sequence's incremental state was lost "
		     "(before SEQ_INCREMENTAL_STATE_CLEARED, or after previous_packet_dropped)");
	/* (the drops themselves: perfetto-packets-dropped, perfetto-stats.c) */
	tm_pf_warn_n(in, "perfetto-track-iid", t->undefined_iid,
		     "interning ids never defined on their sequence (names written empty)");
	tm_pf_warn_n(in, "perfetto-track-unmatched-end", t->unmatched_end,
		     "TYPE_SLICE_END with no open slice on its track: not written");
	tm_pf_warn_n(in, "perfetto-track-type", t->unsupported,
		     "track events of TYPE_UNSPECIFIED (legacy) or TYPE_STATE: not read");
	tm_pf_warn_n(in, "perfetto-track-args", t->args_dropped,
		     "debug annotations that are not a plain value, or without a name: not written");
	tm_pf_warn_n(in, "perfetto-track-bad-value", t->bad_value,
		     "counter values that are not finite, or without a counter track: not written");
	tm_pf_warn_n(in, "perfetto-track-bad-timestamp", t->bad_ts + t->no_ts,
		     "track events without a timestamp, or one past INT64 ns: not written");
	tm_pf_warn_n(in, "perfetto-track-undescribed", t->undescribed,
		     "tracks that events use and no TrackDescriptor describes");
	tm_pf_warn_n(in, "perfetto-track-seq-clock", t->seq_clock_unknown,
		     "timestamps on a sequence-scoped clock that no ClockSnapshot of the sequence "
		     "relates to a global clock: left on that clock");
	tm_pf_warn_n(in, "perfetto-track-clocks", t->too_many_clocks,
		     "track events on more than 16 clocks: the others not written");
}

int tm_pftrack_finish(struct tm_pftrack *t, struct tm_input *in)
{
	if (!t->nev) {
		report(t, in);
		return 0;
	}
	qsort(t->ev, t->nev, sizeof(*t->ev), cmp_tev);
	for (size_t i = 0; i < t->nev; i++)
		if (write_event(t, &t->ev[i])) {
			tm_input_fail(in, "out of memory");
			return -1;
		}
	write_names(t);
	for (unsigned i = 0; i < t->nslots; i++)
		if (t->slots[i].out.oom) {
			tm_input_fail(in, "out of memory");
			return -1;
		}
	for (unsigned i = 0; i < t->nslots; i++)
		if (t->slots[i].n && add_block(in, &t->slots[i]))
			return -1;
	report(t, in);
	return 0;
}

void tm_pf_warn_n(struct tm_input *in, const char *kind, uint64_t n, const char *msg)
{
	struct tm_diag *d = in->d;

	if (!n || !d)
		return;
	tm_diag_warn(d, kind, in->name, "%s: %s", in->name, msg);
	for (size_t i = 0; i < d->nwarn; i++)
		if (!strcmp(d->warn[i].kind, kind))
			d->warn[i].count += n - 1;
}
