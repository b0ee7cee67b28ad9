/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-track-event.c - one TrackEvent of a Perfetto trace as the
 * records perfetto-track-json.c writes (perfetto-track.c reads the packet
 * around it): its type, track and time (the packet's, or the legacy
 * absolute or delta microseconds), its name, categories and debug
 * annotations as JSON text, its counter values and the extra counters
 * the event or its sequence's defaults name.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perfetto-track-int.h"
#include "safe-text.h"

/* The slot of clock CLOCK (of sequence SEQ when sequence-scoped), or -1
 * when out of memory. */
static int slot_of(struct tm_pftrack *t, uint32_t clock, uint32_t seq)
{
	if (clock < PF_CLOCK_SEQUENCE_FIRST || clock >= PF_CLOCK_GLOBAL_FIRST)
		seq = 0;
	for (unsigned i = 0; i < t->nslots; i++)
		if (t->slots[i].clock == clock && t->slots[i].seq == seq)
			return (int)i;
	if (t->nslots == t->slots_cap) {
		unsigned cap = t->slots_cap ? t->slots_cap * 2 : 4;
		struct slot *n = cap > INT32_MAX ? NULL : reallocarray(t->slots, cap, sizeof(*n));

		if (!n)
			return -1;
		t->slots = n;
		t->slots_cap = cap;
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
	uint64_t type, track, name_iid, legacy_phase;
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

/* LegacyEvent M: its phase into X. */
static int legacy_field(void *ctx, const struct tm_pb *r, const struct tm_pb_field *f,
			struct tm_pb_error *e)
{
	struct te *x = ctx;

	(void)r;
	(void)e;
	if (f->num == PF_LEGACY_PHASE && f->type == TM_PB_VARINT)
		x->legacy_phase = f->v;
	return 0;
}

/* The type a TYPE_UNSPECIFIED event of legacy phase PH has as Perfetto
 * imports it (B, E; I, i and the mark R as instants), else 0. */
static uint64_t legacy_type(uint64_t ph)
{
	switch (ph) {
	case 'B': return PF_TE_SLICE_BEGIN;
	case 'E': return PF_TE_SLICE_END;
	case 'I': case 'i': case 'R': return PF_TE_INSTANT;
	}
	return 0;
}

static int te_field(void *ctx, const struct tm_pb *r, const struct tm_pb_field *f,
		    struct tm_pb_error *e)
{
	struct te *x = ctx;
	struct tm_pb sub;

	switch (f->num) {
	case PF_TE_LEGACY_EVENT:
		if (f->type != TM_PB_BYTES)
			break;
		sub = tm_pb_sub(r, f);
		return each_field(&sub, legacy_field, x, e);
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
void tm_pftrack_event_double(struct tm_buf *b, double v)
{
	char num[40];

	snprintf(num, sizeof(num), "%.15g", v);
	if (strtod(num, NULL) != v)
		snprintf(num, sizeof(num), "%.17g", v);
	tm_buf_adds(b, num);
}

void tm_pftrack_event_str(struct tm_buf *b, struct view v)
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
		struct view v = tm_pftrack_iid(t, x->s, IID_CATEGORY, iids[i], &found);

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
			key = tm_pftrack_iid(t, x->s, IID_DEBUG_NAME, f.v, &has_key);
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
	tm_pftrack_event_str(b, key);
	tm_buf_addc(b, ':');
	if (val.num == PF_DA_DOUBLE)
		tm_pftrack_event_double(b, as_double(val.v));
	else if (val.num == PF_DA_STRING)
		tm_pftrack_event_str(b, view_of(&val));
	else if (val.num == PF_DA_STRING_IID)
		tm_pftrack_event_str(b, tm_pftrack_iid(t, x->s, IID_DEBUG_STRING, val.v, &found));
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
		name = tm_pftrack_iid(t, x->s, IID_NAME, x->name_iid, &found);
	ev->frag = t->frags.n;
	tm_buf_adds(&t->frags, ",\"name\":");
	tm_pftrack_event_str(&t->frags, name);
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
	ev->slot = (uint32_t)slot;
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
int tm_pftrack_event_read(struct tm_pftrack *t, struct seq *s, uint32_t seq,
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
	if (!x.type)
		x.type = legacy_type(x.legacy_phase);
	if (x.type < PF_TE_SLICE_BEGIN || x.type > PF_TE_COUNTER) {
		t->unsupported++;
		return 0;
	}
	if (!x.has_track)
		x.track = default_track(s);
	if (!event_time(&x, has_ts, ts, &when, &clock))
		return 0;
	if ((slot = slot_of(t, clock, seq)) < 0)
		return fail_oom(e);
	if (x.type == PF_TE_COUNTER) {
		if (add_counter(t, when, slot, x.track, x.is_double ? x.dvalue : (double)x.ivalue, e))
			return -1;
	} else {
		if (!(ev = new_tev(t)))
			return fail_oom(e);
		ev->ts = when;
		ev->slot = (uint32_t)slot;
		ev->track = x.track;
		ev->ph = ph[x.type];
		if (x.type != PF_TE_SLICE_END && put_fragment(&x, ev, e))
			return -1;
	}
	return extra_counters(&x, when, slot, false, e) || extra_counters(&x, when, slot, true, e);
}
