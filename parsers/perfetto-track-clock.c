/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-track-clock.c - the clocks a Perfetto trace defines itself
 * (ids 64 and up), as the TrackEvent reader resolves them onto the builtin
 * clocks (perfetto-track-int.h).
 *
 * A clock of id 64..127 is sequence-scoped: it is the clock of that id of
 * one trusted_packet_sequence_id, and another sequence's clock 64 is
 * another clock.  A clock of id 128 and up is global: one for every
 * sequence.  Every ClockSnapshot that names such a clock relates it to
 * the other clocks of the snapshot: the snapshot's reading of it (times
 * its unit_multiplier_ns) is kept, sorted, with the reading of one other
 * clock of the snapshot, its base.  The base is a builtin clock when the
 * snapshot has one (BOOTTIME first, then MONOTONIC, REALTIME,
 * MONOTONIC_RAW, the coarse ones, then any other id below 64), else
 * another of the trace's own clocks in it (then resolved through that
 * clock's own snapshots in turn, up to MAX_DEPTH clocks).
 *
 * A timestamp on such a clock is its value times the unit, or, for an
 * incremental clock, that added to the clock's value so far (which each
 * snapshot naming the clock sets to its reading).  It is moved by the
 * snapshot that Perfetto's trace_processor uses: the last snapshot seen so
 * far whose reading of the clock is at most the value (the first one when
 * the value is before all of them), by the difference between its two
 * readings.  Perfetto does the same: the times come out as it gives them.
 */
#include <stdlib.h>
#include <string.h>

#include "perfetto-track-int.h"

#define MAX_DEPTH 8             /* own clocks resolved through each other */

/* One relation of a clock: its reading OWN at a snapshot, where clock BASE
 * read BASE_NS (both in ns). */
struct clk_snap {
	int64_t own, base_ns;
	uint32_t base, base_seq;
};

struct tm_pfclock {
	bool incremental;
	int64_t mult;           /* unit_multiplier_ns (absent: 1) */
	int64_t value;          /* incremental: the value so far, ns */
	struct clk_snap *snap;  /* sorted by own */
	size_t nsnap, cap;
};

/* The map key of clock ID of sequence SEQ (0 for the global ones). */
static void clock_key(uint32_t id, uint32_t seq, uint32_t key[2])
{
	key[0] = id;
	key[1] = id < PF_CLOCK_GLOBAL_FIRST ? seq : 0;
}

struct tm_pfclock *tm_pftrack_clock(struct tm_pftrack *t, uint32_t id, uint32_t seq, bool create)
{
	uint32_t key[2];

	if (!t->clocks && !(t->clocks = tm_hmap_new(sizeof(struct tm_pfclock))))
		return NULL;
	clock_key(id, seq, key);
	return tm_hmap_get(t->clocks, key, sizeof(key), create);
}

void tm_pftrack_clocks_free(struct tm_pftrack *t)
{
	size_t it = 0;
	struct tm_pfclock *c;

	while (t->clocks && (c = tm_hmap_next(t->clocks, &it, NULL, NULL)))
		free(c->snap);
	tm_hmap_free(t->clocks);
	t->clocks = NULL;
}

/* One ClockSnapshot.Clock as read. */
struct reading {
	uint32_t id;
	bool incremental, has_ts;
	uint64_t ts, mult;
};

/* ClockSnapshot.Clock M into *R (absent fields: 0, unit 1). */
static int read_clock(const struct tm_pb *m, struct reading *r, struct tm_pb_error *e)
{
	struct tm_pb b = *m;
	struct tm_pb_field f;
	int rc;

	*r = (struct reading){ .mult = 1 };
	while ((rc = tm_pb_next(&b, &f, e)) == 1) {
		if (f.type != TM_PB_VARINT)
			continue;
		if (f.num == PF_SNAP_CLOCK_ID)
			r->id = f.v > UINT32_MAX ? 0 : (uint32_t)f.v;
		else if (f.num == PF_SNAP_CLOCK_TIMESTAMP)
			r->ts = f.v, r->has_ts = true;
		else if (f.num == PF_SNAP_CLOCK_INCREMENTAL)
			r->incremental = f.v != 0;
		else if (f.num == PF_SNAP_CLOCK_UNIT && f.v)
			r->mult = f.v;
	}
	return rc < 0 ? -1 : 0;
}

/* R's reading in ns; false past INT64_MAX. */
static bool reading_ns(const struct reading *r, int64_t *ns)
{
	uint64_t v;

	if (!r->has_ts || r->mult > INT64_MAX || __builtin_mul_overflow(r->ts, r->mult, &v) ||
	    v > INT64_MAX)
		return false;
	*ns = (int64_t)v;
	return true;
}

/* How good a base clock ID is (lower: better; the trace's own clocks
 * last). */
static unsigned base_rank(uint32_t id)
{
	static const uint8_t rank[PF_CLOCK_BOOTTIME + 1] = { 9, 2, 6, 1, 5, 3, 0 };

	if (id <= PF_CLOCK_BOOTTIME)
		return rank[id];
	return id < PF_CLOCK_SEQUENCE_FIRST ? 7 : 8;
}

/* Relation S into clock C, in order of its reading (a second relation
 * at the same reading replaces the first). */
static int add_snap(struct tm_pfclock *c, const struct clk_snap *s)
{
	size_t i = c->nsnap;

	while (i && c->snap[i - 1].own > s->own)
		i--;
	if (i && c->snap[i - 1].own == s->own) {
		c->snap[i - 1] = *s;
		return 0;
	}
	if (c->nsnap == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 4;
		struct clk_snap *n = reallocarray(c->snap, cap, sizeof(*n));

		if (!n)
			return -1;
		c->snap = n;
		c->cap = cap;
	}
	memmove(c->snap + i + 1, c->snap + i, (c->nsnap - i) * sizeof(*c->snap));
	c->snap[i] = *s;
	c->nsnap++;
	return 0;
}

/* Reading R of a snapshot of sequence SEQ whose best other clock is B
 * (NULL: none): R's clock defined (its unit, incremental or not, the
 * first snapshot's), its value set, its relation to B kept. */
static int define_clock(struct tm_pftrack *t, uint32_t seq, const struct reading *r,
			const struct reading *b)
{
	struct tm_pfclock *c = tm_pftrack_clock(t, r->id, seq, true);
	struct clk_snap s = { 0 };
	int64_t own;

	if (!c)
		return -1;
	if (!c->mult) {
		c->mult = r->mult > INT64_MAX ? 1 : (int64_t)r->mult;
		c->incremental = r->incremental;
	}
	if (!reading_ns(r, &own))
		return 0;
	c->value = own;
	if (!b || !reading_ns(b, &s.base_ns))
		return 0;
	s.own = own;
	s.base = b->id;
	s.base_seq = b->id >= PF_CLOCK_SEQUENCE_FIRST && b->id < PF_CLOCK_GLOBAL_FIRST ? seq : 0;
	return add_snap(c, &s);
}

/* The reading of R (N) other than MINE of the best rank, or NULL. */
static const struct reading *best_other(const struct reading *r, size_t n,
					const struct reading *mine)
{
	const struct reading *best = NULL;

	for (size_t k = 0; k < n; k++)
		if (&r[k] != mine && r[k].id != mine->id && r[k].has_ts &&
		    (!best || base_rank(r[k].id) < base_rank(best->id)))
			best = &r[k];
	return best;
}

/* The clock the others of snapshot R (N readings, of sequence SEQ) are
 * related to: its best builtin clock, else one of the trace's own clocks
 * that an earlier snapshot related already (that one keeps its
 * relations: no cycle), else NULL (each is related to its best other). */
static const struct reading *snapshot_anchor(struct tm_pftrack *t, uint32_t seq,
					     const struct reading *r, size_t n)
{
	const struct reading *best = NULL;

	for (size_t k = 0; k < n; k++) {
		const struct tm_pfclock *c;

		if (!r[k].has_ts || (best && base_rank(r[k].id) >= base_rank(best->id)))
			continue;
		if (r[k].id < PF_CLOCK_SEQUENCE_FIRST ||
		    ((c = tm_pftrack_clock(t, r[k].id, seq, false)) && c->nsnap))
			best = &r[k];
	}
	return best;
}

int tm_pftrack_clock_snapshot(struct tm_pftrack *t, uint32_t seq, const struct tm_pb *m,
			      struct tm_pb_error *e)
{
	struct reading r[MAX_SNAP_CLOCKS];
	const struct reading *anchor;
	size_t n = 0;
	struct tm_pb b = *m;
	struct tm_pb_field f;
	int rc;

	while ((rc = tm_pb_next(&b, &f, e)) == 1) {
		struct tm_pb sub = tm_pb_sub(&b, &f);

		if (f.num != PF_SNAP_CLOCKS || f.type != TM_PB_BYTES || n == MAX_SNAP_CLOCKS)
			continue;
		if (read_clock(&sub, &r[n], e))
			return -1;
		n += r[n].id != 0;
	}
	if (rc < 0)
		return -1;
	anchor = snapshot_anchor(t, seq, r, n);
	for (size_t i = 0; i < n; i++) {
		const struct reading *best = NULL;

		if (r[i].id < PF_CLOCK_SEQUENCE_FIRST)
			continue;
		if (anchor && anchor->id < PF_CLOCK_SEQUENCE_FIRST)
			best = anchor;
		else if (anchor != &r[i])
			best = anchor ? anchor : best_other(r, n, &r[i]);
		if (define_clock(t, seq, &r[i], best))
			return fail_oom(e);
	}
	return 0;
}

/* V (ns on clock C) on its base, through the last relation at or before
 * V (else the first): *OUT, *BASE, *BASE_SEQ; false when C has none or
 * the result is out of range. */
static bool step(const struct tm_pfclock *c, int64_t v, int64_t *out, uint32_t *base,
		 uint32_t *base_seq)
{
	size_t lo = 0, hi = c->nsnap;
	const struct clk_snap *s;
	int64_t d;

	if (!c->nsnap)
		return false;
	while (lo < hi) {               /* the first relation past V */
		size_t mid = lo + (hi - lo) / 2;

		if (c->snap[mid].own <= v)
			lo = mid + 1;
		else
			hi = mid;
	}
	s = &c->snap[lo ? lo - 1 : 0];
	if (__builtin_sub_overflow(v, s->own, &d) || __builtin_add_overflow(s->base_ns, d, out))
		return false;
	*base = s->base;
	*base_seq = s->base_seq;
	return true;
}

int tm_pftrack_clock_time(struct tm_pftrack *t, uint32_t seq, uint32_t *clock, uint64_t ts,
			  int64_t *ns)
{
	struct tm_pfclock *c = tm_pftrack_clock(t, *clock, seq, false);
	uint32_t id, s;
	int64_t v;

	if (!c || ts > INT64_MAX || __builtin_mul_overflow((int64_t)ts, c->mult, &v))
		return -1;
	if (c->incremental) {
		if (__builtin_add_overflow(c->value, v, &c->value))
			return -1;
		v = c->value;
	}
	for (unsigned depth = 0; depth < MAX_DEPTH; depth++) {
		if (!step(c, v, &v, &id, &s))
			return -1;
		if (id < PF_CLOCK_SEQUENCE_FIRST) {
			*clock = id;
			*ns = v;
			return v < 0 ? -1 : 0;
		}
		if (!(c = tm_pftrack_clock(t, id, s, false)))
			return -1;
	}
	return -1;
}
