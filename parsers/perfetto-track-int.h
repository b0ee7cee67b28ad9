/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-track-int.h - the state of a Perfetto trace's TrackEvents
 * (perfetto-track.h), shared by its files:
 *
 *   perfetto-track.c        pass 1 over each packet: sequences and their
 *                           incremental state, descriptors
 *   perfetto-track-clock.c  the clocks the trace defines (ids 64 and up)
 *                           and their ClockSnapshots
 *   perfetto-track-event.c  one TrackEvent as records to write
 *   perfetto-track-json.c   pass 2: the records as Trace Event JSON blocks
 *
 * parsers' own: nothing outside these files includes it.
 */
#ifndef TM_PARSERS_PERFETTO_TRACK_INT_H
#define TM_PARSERS_PERFETTO_TRACK_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "hash-map.h"
#include "perfetto-track.h"
#include "perfetto-wire.h"

#define TRACK_IDS 0x10000000    /* past PID_MAX_LIMIT (1 << 22) */
#define MAX_SNAP_CLOCKS 64      /* clocks read of one ClockSnapshot */
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

struct seq {
	bool seen, valid;
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
	uint32_t slot;
	uint8_t ph;             /* 'B', 'E', 'i', 'C' */
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
	struct tm_hmap *clocks; /* (id, seq or 0) -> struct tm_pfclock */
	struct slot *slots;     /* one a clock domain */
	unsigned nslots, slots_cap;
	int32_t next_id;        /* synthetic thread ids: TRACK_IDS + next_id */
	bool global_used;
	uint64_t skipped, undefined_iid, seq_clock_unknown, unmatched_end, unsupported, args_dropped,
		 bad_value, bad_ts, undescribed, no_ts;
};

static const char oom[] = "out of memory";

static inline int fail_oom(struct tm_pb_error *e)
{
	e->what = oom;
	e->at = 0;
	return -1;
}

static inline struct view view_of(const struct tm_pb_field *f)
{
	return f->type == TM_PB_BYTES ? (struct view){ f->data, f->len } : (struct view){ NULL, 0 };
}

/* What to do with a field F of a message being walked (R after it). */
typedef int (*field_fn)(void *ctx, const struct tm_pb *r, const struct tm_pb_field *f,
			struct tm_pb_error *e);

/* Walk the fields of M: FN(ctx, r, f) for each; 0, or -1 (FN's failure,
 * or a wire error in *E). */
static inline int each_field(const struct tm_pb *m, field_fn fn, void *ctx,
			     struct tm_pb_error *e)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	int rc;

	while ((rc = tm_pb_next(&r, &f, e)) == 1)
		if (fn(ctx, &r, &f, e))
			return -1;
	return rc;
}

/* ---- perfetto-track.c ---- */

/* The string interned as IID of kind K on S; counted when never defined. */
struct view tm_pftrack_iid(struct tm_pftrack *t, struct seq *s, enum iid_kind k, uint64_t iid,
			   bool *found);
/* The track of UUID (created empty); NULL out of memory. */
struct track *tm_pftrack_track(struct tm_pftrack *t, uint64_t uuid);

/* ---- perfetto-track-clock.c ---- */

struct tm_pfclock;
/* Clock ID of sequence SEQ (SEQ unused for the global ids, 128 and up),
 * created undefined when CREATE; NULL when absent or out of memory. */
struct tm_pfclock *tm_pftrack_clock(struct tm_pftrack *t, uint32_t id, uint32_t seq, bool create);
/* Free every clock of T. */
void tm_pftrack_clocks_free(struct tm_pftrack *t);
/* ClockSnapshot M of sequence SEQ: every clock of id 64 and up in it
 * defined and related to the snapshot's best other clock.  0, or -1 (*E:
 * a wire error or out of memory). */
int tm_pftrack_clock_snapshot(struct tm_pftrack *t, uint32_t seq, const struct tm_pb *m,
			      struct tm_pb_error *e);
/* Timestamp TS of a packet of sequence SEQ on clock *CLOCK (64 and up)
 * as *NS on the builtin clock its snapshots lead to (*CLOCK set to it),
 * an incremental clock's value advanced by TS.  0; -1 when no snapshot
 * relates the clock to a builtin one, or out of range (*CLOCK kept). */
int tm_pftrack_clock_time(struct tm_pftrack *t, uint32_t seq, uint32_t *clock, uint64_t ts,
			  int64_t *ns);

/* ---- perfetto-track-event.c ---- */

/* TrackEvent M of a packet on S (SEQ) at TS (HAS_TS) on clock CLOCK: its
 * records.  0, or -1 (*E). */
int tm_pftrack_event_read(struct tm_pftrack *t, struct seq *s, uint32_t seq,
			  const struct tm_pb *m, bool has_ts, uint64_t ts, uint32_t clock,
			  struct tm_pb_error *e);
/* A double as the shortest of %.15g / %.17g that reads back the same. */
void tm_pftrack_event_double(struct tm_buf *b, double v);
/* V as a JSON string. */
void tm_pftrack_event_str(struct tm_buf *b, struct view v);

#endif
