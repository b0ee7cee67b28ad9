/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-read.c - pass 1 of the Perfetto reader (perfetto.c): every
 * packet in file order.  Each FtraceEventBundle is read, its events counted
 * by field for stats, its events and compact sched columns decoded into
 * records (pass 1 keeps only their times, pass 2 decodes a bundle again
 * here into records it writes: pf->pass2), lines counted, and the bundle
 * noted in the index (perfetto-order.c); names learned from events,
 * compressed packets read as more packets, clock snapshots taken.
 */
#include <stdlib.h>
#include <string.h>

#include "big-buffer.h"
#include "perfetto-int.h"
#include "perfetto-stats.h"
#include "perfetto-track.h"

void *tm_pf_read_room(void *arr, size_t n, size_t *cap, size_t size, size_t first)
{
	size_t c = *cap ? *cap * 2 : first;
	void *na;

	if (n < *cap)
		return arr;
	if (!(na = reallocarray(arr, c, size)))
		return NULL;
	*cap = c;
	return na;
}

/* Room for twice B's records (256 at first): 0, or -1 out of memory (B
 * unchanged).  One block holds r, ix and tmp (ix and tmp are filled only
 * once every record is made: order_records). */
static int recbuf_grow(struct recbuf *b)
{
	size_t cap = b->cap ? b->cap * 2 : 256;
	struct rec *nr;

	if (cap > UINT32_MAX ||
	    !(nr = reallocarray(b->r, cap, sizeof(*nr) + 2 * sizeof(*b->ix))))
		return -1;
	b->r = nr;
	b->ix = (uint32_t *)(nr + cap);
	b->tmp = b->ix + cap;
	b->cap = cap;
	return 0;
}

/* A new record at TS of the bundle being read (pf->rb), zeroed but for
 * its order; NULL out of memory.  Pass 1 only notes its time (in pf->one)
 * and gives a record to write into and forget. */
static struct rec *new_rec(struct pf *pf, int64_t ts)
{
	struct recbuf *b = pf->rb;
	struct rec *r;

	if (!pf->pass2) {
		if (!pf->one.n++)
			pf->one.min_ts = pf->one.max_ts = ts;
		else if (ts < pf->one.min_ts)
			pf->one.min_ts = ts;
		else if (ts > pf->one.max_ts)
			pf->one.max_ts = ts;
		return &pf->dummy;
	}
	if (b->n == b->cap && recbuf_grow(b))
		return NULL;
	r = &b->r[b->n];
	memset(r, 0, sizeof(*r));
	r->order = (uint32_t)b->n++;
	return r;
}

struct cpu_state *tm_pf_read_cpu(struct pf *pf, uint32_t cpu)
{
	if (cpu >= 65536)
		return NULL;
	if (cpu >= pf->ncpus) {
		size_t n = (size_t)cpu + 1;
		struct cpu_state *c = reallocarray(pf->cpus, n, sizeof(*c));
		struct cpu_chains *h;

		if (!c)
			return NULL;
		pf->cpus = c;
		if (!(h = reallocarray(pf->cch, n, sizeof(*h))))
			return NULL;
		pf->cch = h;
		memset(c + pf->ncpus, 0, (n - pf->ncpus) * sizeof(*c));
		memset(h + pf->ncpus, 0, (n - pf->ncpus) * sizeof(*h));
		pf->ncpus = n;
	}
	return &pf->cpus[cpu];
}

/* FN for each length-delimited field of M numbered NUM (0: any), in order;
 * 0, or -1 at the first failure (FN's, or a wire error). */
int tm_pf_read_each(struct pf *pf, const struct tm_pb *m, uint32_t num, sub_fn fn)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct tm_pb_error e;
	int rc;

	while ((rc = tm_pb_next(&r, &f, &e)) == 1) {
		struct tm_pb sub = tm_pb_sub(&r, &f);

		if (f.type == TM_PB_BYTES && (!num || f.num == num) && fn(pf, &sub, f.num))
			return -1;
	}
	return rc < 0 ? wire_fail(pf, &e) : 0;
}

/* Names learned from one event's message (the thread names it tells);
 * *PREV: sched_switch's prev_pid (the task that ran it, as Perfetto
 * takes it), else unchanged. */
static int learn_from_event(struct pf *pf, uint32_t field, const struct tm_pb *m,
			    int64_t *prev)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct tm_pb_error e;
	struct view comm = { 0 }, comm2 = { 0 };
	int64_t pid = -1, pid2 = -1;
	int rc;
	uint32_t cf = 0, pf_ = 0, cf2 = 0, pf2 = 0;

	switch (field) {
	case PF_EV_SCHED_SWITCH:
		cf = PF_SWITCH_PREV_COMM, pf_ = PF_SWITCH_PREV_PID;
		cf2 = PF_SWITCH_NEXT_COMM, pf2 = PF_SWITCH_NEXT_PID;
		break;
	case PF_EV_SCHED_WAKEUP: case PF_EV_SCHED_WAKING: case PF_EV_SCHED_WAKEUP_NEW:
		cf = PF_WAKE_COMM, pf_ = PF_WAKE_PID;
		break;
	case PF_EV_TASK_NEWTASK:
		cf = PF_NEWTASK_COMM, pf_ = PF_NEWTASK_PID;
		break;
	case PF_EV_TASK_RENAME:
		cf = PF_RENAME_NEWCOMM, pf_ = PF_RENAME_PID;
		break;
	default:
		return 0;
	}
	while ((rc = tm_pb_next(&r, &f, &e)) == 1) {
		if (f.num == cf && f.type == TM_PB_BYTES)
			comm = view_of(&f);
		else if (f.num == pf_ && f.type == TM_PB_VARINT)
			pid = (int32_t)f.v;
		else if (cf2 && f.num == cf2 && f.type == TM_PB_BYTES)
			comm2 = view_of(&f);
		else if (pf2 && f.num == pf2 && f.type == TM_PB_VARINT)
			pid2 = (int32_t)f.v;
	}
	if (rc < 0)
		return wire_fail(pf, &e);
	if ((pid > 0 && learn_name(pf, pid, comm)) || (pid2 > 0 && learn_name(pf, pid2, comm2)))
		return nomem(pf);
	if (field == PF_EV_SCHED_SWITCH && pid >= 0)
		*prev = pid;
	return 0;
}

static int count_unknown(struct pf *pf, uint32_t field)
{
	uint64_t *n = tm_hmap_get(pf->unknown, &field, sizeof(field), true);

	if (!n)
		return nomem(pf);
	++*n;
	return 0;
}

/* Pass 1: a record of KIND (FIELD: an event's) made: one more line of the
 * text, or an event without a text form counted by its field, so that the
 * text's header and the warnings are known before pass 2 writes a line.
 * 0, or -1 out of memory. */
static int note_line(struct pf *pf, enum rec_kind kind, uint32_t field)
{
	if (pf->pass2)
		return 0;
	if (kind != REC_EVENT || has_text(pf, field)) {
		pf->lines++;
		return 0;
	}
	return count_unknown(pf, field);
}

/* The events of the bundle being read counted so far, by field (in the
 * order of their first), into the stats of pf->cpu.  0, or -1 out of
 * memory. */
static int flush_counts(struct pf *pf)
{
	for (size_t i = 0; i < pf->nbc; i++)
		if (tm_pf_stats_events(pf->st, pf->bc[i].field, pf->cpu, pf->bc[i].n))
			return -1;
	pf->nbc = 0;
	return 0;
}

/* One event of FtraceEvent field FIELD in the bundle being read (pass 1),
 * for the stats: counted by field in the bundle first, so that the stats'
 * tables are looked up once a field a bundle.  0, or -1 out of memory. */
static int count_event(struct pf *pf, uint32_t field)
{
	size_t i;

	if (pf->pass2)
		return 0;
	for (i = 0; i < pf->nbc; i++)
		if (pf->bc[i].field == field) {
			pf->bc[i].n++;
			return 0;
		}
	if (pf->nbc == sizeof(pf->bc) / sizeof(pf->bc[0]) && flush_counts(pf))
		return -1;
	pf->bc[pf->nbc++] = (struct bundle_count){ field, 1 };
	return 0;
}

static bool ts_ok(struct pf *pf, uint64_t ts)
{
	if (ts <= INT64_MAX)
		return true;
	count(pf, &pf->bad_ts);
	return false;
}

/* FtraceEvent M of a bundle on CPU. */
static int read_event(struct pf *pf, const struct tm_pb *m, uint32_t cpu)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct tm_pb_error e;
	uint64_t ts = 0;
	int64_t pid = 0;
	struct rec *rec;
	struct tm_pb body = { 0 };
	uint32_t field = 0, sym;
	int rc;

	while ((rc = tm_pb_next(&r, &f, &e)) == 1) {
		if (f.num == PF_EV_TIMESTAMP && f.type == TM_PB_VARINT)
			ts = f.v;
		else if (f.num == PF_EV_PID && f.type == TM_PB_VARINT)
			pid = (int32_t)f.v;
		else if (f.num != PF_EV_COMMON_FLAGS && f.type == TM_PB_BYTES) {
			field = f.num;
			body = tm_pb_sub(&r, &f);
		}
	}
	if (rc < 0)
		return wire_fail(pf, &e);
	count(pf, &pf->events);
	if (field && count_event(pf, field))
		return nomem(pf);
	if (!field || !ts_ok(pf, ts))
		return 0;
	if (learn_from_event(pf, field, &body, &pid) ||
	    (field == PF_EV_TASK_NEWTASK && !pf->pass2 && tm_pf_names_newtask(pf, &body, pid)))
		return -1;
	if (!(rec = new_rec(pf, (int64_t)ts)))
		return nomem(pf);
	/* symbols as defined when the event is read: the interning changes */
	if (pf->pass2 && (sym = symbol_field(pf, field)) &&
	    tm_pf_names_symbol(pf, &body, sym, &rec->prev_comm))
		return -1;
	rec->ts = (int64_t)ts;
	rec->cpu = cpu;
	rec->pid = (int32_t)pid;
	rec->kind = REC_EVENT;
	rec->field = field;
	rec->body = (struct view){ body.p, (uint32_t)(body.end - body.p) };
	return note_line(pf, REC_EVENT, field);
}

static int col_push(struct column *c, uint64_t v)
{
	uint64_t *nv = tm_pf_read_room(c->v, c->n, &c->cap, sizeof(*nv), 256);

	if (!nv)
		return -1;
	c->v = nv;
	c->v[c->n++] = v;
	return 0;
}

static int itab_push(struct pf *pf, struct view v)
{
	struct view *nv = tm_pf_read_room(pf->itab, pf->nitab, &pf->itab_cap, sizeof(*nv), 64);

	if (!nv)
		return -1;
	pf->itab = nv;
	pf->itab[pf->nitab++] = v;
	return 0;
}

/* Column values of field F (packed, or one unpacked varint). */
static int read_column(struct pf *pf, const struct tm_pb *r, const struct tm_pb_field *f)
{
	struct column *c = &pf->col[f->num];
	struct tm_pb_packed k;
	struct tm_pb_error e;
	uint64_t v;
	int rc;

	if (f->type == TM_PB_VARINT)
		return col_push(c, f->v) ? nomem(pf) : 0;
	if (f->type != TM_PB_BYTES)
		return 0;
	k = tm_pb_packed_init(r, f);
	while ((rc = tm_pb_packed_next(&k, &v, &e)) == 1)
		if (col_push(c, v))
			return nomem(pf);
	return rc < 0 ? wire_fail(pf, &e) : 0;
}

/* Column C's value I, or 0 when the column is short. */
static uint64_t col_at(const struct pf *pf, unsigned c, size_t i)
{
	return i < pf->col[c].n ? pf->col[c].v[i] : 0;
}

static struct view itab_at(const struct pf *pf, uint64_t i)
{
	return i < pf->nitab ? pf->itab[i] : (struct view){ NULL, 0 };
}

/* Compact sched_switch I of a bundle on CPU at TS. */
static int compact_switch(struct pf *pf, struct cpu_state *cs, uint32_t cpu, int64_t ts, size_t i)
{
	struct view comm = itab_at(pf, col_at(pf, PF_CS_SWITCH_NEXT_COMM_INDEX, i));
	int32_t pid = (int32_t)col_at(pf, PF_CS_SWITCH_NEXT_PID, i);
	int32_t prio = (int32_t)col_at(pf, PF_CS_SWITCH_NEXT_PRIO, i);
	struct rec *r;

	if (learn_name(pf, pid, comm))
		return nomem(pf);
	if (!cs->seen) {
		count(pf, &pf->first_switch);
	} else {
		if (!(r = new_rec(pf, (int64_t)ts)))
			return nomem(pf);
		r->ts = ts;
		r->cpu = cpu;
		r->kind = REC_SWITCH;
		r->pid = cs->pid;
		r->prev_pid = cs->pid;
		r->prev_prio = cs->prio;
		r->prev_comm = cs->comm;
		r->prev_state = (int64_t)col_at(pf, PF_CS_SWITCH_PREV_STATE, i);
		r->next_pid = pid;
		r->next_prio = prio;
		r->next_comm = comm;
		if (note_line(pf, REC_SWITCH, 0))
			return -1;
	}
	*cs = (struct cpu_state){ true, pid, prio, comm };
	return 0;
}

static int compact_waking(struct pf *pf, struct cpu_state *cs, uint32_t cpu, int64_t ts, size_t i)
{
	struct view comm = itab_at(pf, col_at(pf, PF_CS_WAKING_COMM_INDEX, i));
	int32_t pid = (int32_t)col_at(pf, PF_CS_WAKING_PID, i);
	struct rec *r;

	if (learn_name(pf, pid, comm))
		return nomem(pf);
	if (!cs->seen) {
		count(pf, &pf->waking_no_waker);
		return 0;
	}
	if (!(r = new_rec(pf, (int64_t)ts)))
		return nomem(pf);
	r->ts = ts;
	r->cpu = cpu;
	r->kind = REC_WAKING;
	r->pid = cs->pid;
	r->next_pid = pid;
	r->next_prio = (int32_t)col_at(pf, PF_CS_WAKING_PRIO, i);
	r->target_cpu = (int32_t)col_at(pf, PF_CS_WAKING_TARGET_CPU, i);
	r->next_comm = comm;
	return note_line(pf, REC_WAKING, 0);
}

/* CompactSched M of a bundle on CPU: switches and wakings in time order
 * (each column's times are delta-encoded from the first). */
static int read_compact(struct pf *pf, const struct tm_pb *m, uint32_t cpu)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct tm_pb_error e;
	struct cpu_state *cs = tm_pf_read_cpu(pf, cpu);
	uint64_t tsw = 0, twk = 0;
	size_t i = 0, j = 0, nsw, nwk;
	int rc;

	if (!cs)
		return nomem(pf);
	for (unsigned c = 0; c < 13; c++)
		pf->col[c].n = 0;
	pf->nitab = 0;
	while ((rc = tm_pb_next(&r, &f, &e)) == 1) {
		if (f.num == PF_CS_INTERN_TABLE && f.type == TM_PB_BYTES) {
			if (itab_push(pf, view_of(&f)))
				return nomem(pf);
		} else if (f.num < 13 && read_column(pf, &r, &f)) {
			return -1;
		}
	}
	if (rc < 0)
		return wire_fail(pf, &e);
	nsw = pf->col[PF_CS_SWITCH_TIMESTAMP].n;
	nwk = pf->col[PF_CS_WAKING_TIMESTAMP].n;
	if (i < nsw)
		tsw = pf->col[PF_CS_SWITCH_TIMESTAMP].v[0];
	if (j < nwk)
		twk = pf->col[PF_CS_WAKING_TIMESTAMP].v[0];
	while (i < nsw || j < nwk) {
		bool sw = j >= nwk || (i < nsw && tsw <= twk);
		uint64_t ts = sw ? tsw : twk;

		count(pf, &pf->events);
		if (count_event(pf, sw ? PF_EV_SCHED_SWITCH : PF_EV_SCHED_WAKING))
			return nomem(pf);
		if (ts_ok(pf, ts) &&
		    (sw ? compact_switch(pf, cs, cpu, (int64_t)ts, i)
			: compact_waking(pf, cs, cpu, (int64_t)ts, j)))
			return -1;
		if (sw && ++i < nsw)
			tsw += pf->col[PF_CS_SWITCH_TIMESTAMP].v[i];
		else if (!sw && ++j < nwk)
			twk += pf->col[PF_CS_WAKING_TIMESTAMP].v[j];
	}
	return 0;
}

/* An event or the compact sched of the bundle on CPU pf->cpu. */
int tm_pf_read_bundle_part(struct pf *pf, const struct tm_pb *m, uint32_t num)
{
	if (num == PF_BUNDLE_EVENT)
		return read_event(pf, m, pf->cpu);
	if (num == PF_BUNDLE_COMPACT_SCHED)
		return read_compact(pf, m, pf->cpu);
	return 0;
}

/* A varint field F of a bundle: its clock fields into *C. */
static void bundle_clock_field(struct tm_pf_bundle_clock *c, const struct tm_pb_field *f)
{
	if (f->num == PF_BUNDLE_FTRACE_CLOCK) {
		c->clock = f->v;
	} else if (f->num == PF_BUNDLE_FTRACE_TIMESTAMP) {
		c->ftrace_ts = (int64_t)f->v;
		c->has_ftrace_ts = true;
	} else if (f->num == PF_BUNDLE_BOOT_TIMESTAMP) {
		c->boot_ts = (int64_t)f->v;
		c->has_boot_ts = true;
	}
}

/* The bytes a line of the text is taken to hold, to make its buffer ready
 * ahead (pass 1 counts lines, not bytes): about as many as a short line's
 * (the prefix alone is 57), where the bench's trace has 135 on average, so
 * that little is made ready that is not written. */
#define PREFILL_LINE 128

static int read_bundle(struct pf *pf, const struct tm_pb *m)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct tm_pb_error e;
	struct tm_pf_bundle_clock clock = { 0 };
	struct cpu_state *cs, before;
	uint32_t cpu = 0;
	int rc;

	pf->bundles++;
	while ((rc = tm_pb_next(&r, &f, &e)) == 1) {
		if (f.num == PF_BUNDLE_CPU && f.type == TM_PB_VARINT)
			cpu = f.v > 65535 ? 65535 : (uint32_t)f.v;
		else if (f.num == PF_BUNDLE_LOST_EVENTS && f.type == TM_PB_VARINT && f.v)
			pf->lost_bundles++;
		else if (f.type == TM_PB_VARINT)
			bundle_clock_field(&clock, &f);
	}
	if (rc < 0)
		return wire_fail(pf, &e);
	tm_pf_clocks_bundle(&pf->clk, &clock, pf->depth ? pf->zat : (size_t)(m->p - m->base));
	if (cpu > pf->max_cpu)
		pf->max_cpu = cpu;
	pf->cpu = cpu;
	if (!(cs = tm_pf_read_cpu(pf, cpu)))
		return nomem(pf);
	before = *cs;
	pf->one.n = 0;
	pf->nbc = 0;
	if (tm_pf_read_each(pf, m, 0, tm_pf_read_bundle_part))
		return -1;
	if (flush_counts(pf))
		return nomem(pf);
	if (pf->prefill)
		tm_big_prefill_want(pf->prefill, pf->lines * PREFILL_LINE);
	return pf->one.n ? tm_pf_order_note(pf, m, cpu, &before) : 0;
}

/* TracePacket.compressed_packets (KIND TM_ZK_ZLIB: a zlib stream) or
 * .zstd_compressed_packets (TM_ZK_ZSTD: zstd frames) F: more packets,
 * decompressed under the input's budget. */
static int read_compressed(struct pf *pf, const struct tm_pb_field *f, const uint8_t *base,
			   int kind)
{
	struct tm_inflated z;
	size_t at = (size_t)(f->data - base);
	int ret, saved_depth = pf->depth;
	size_t saved_zat = pf->zat;

	if (pf->depth) {
		tm_input_fail_byte(pf->in, pf->zat,
				   "compressed_packets inside compressed_packets");
		return -1;
	}
	ret = tm_input_inflate(pf->in, kind, (const char *)f->data, f->len, &z);
	if (ret)
		return tm_input_zfail(pf->in, ret, &z, kind, at);
	pf->depth = 1;
	pf->zat = at;
	ret = tm_pf_read_packets(pf, (const uint8_t *)z.data, (const uint8_t *)z.data, z.len);
	pf->depth = saved_depth;
	pf->zat = saved_zat;
	return ret;
}

/* ClockSnapshot M, packet field F: a header record (perfetto-clock.c). */
static int read_snapshot(struct pf *pf, const struct tm_pb *m, const struct tm_pb_field *f)
{
	struct tm_pb_error e;

	if (tm_pf_clocks_snapshot(&pf->clk, m, pf->depth ? pf->zat : f->at, &e))
		return wire_fail(pf, &e);
	return 0;
}

static int read_packet(struct pf *pf, const struct tm_pb *m, uint32_t num)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct tm_pb_error e;
	int rc;

	(void)num;
	pf->packets++;
	pf->seq = 0;
	while ((rc = tm_pb_next(&r, &f, &e)) == 1)
		if (f.num == PF_PKT_SEQUENCE_ID && f.type == TM_PB_VARINT)
			pf->seq = (uint32_t)f.v;
	if (rc < 0)
		return wire_fail(pf, &e);
	if ((rc = tm_pf_stats_packet(pf->st, m, &e)))
		return rc == -1 ? wire_fail(pf, &e) : nomem(pf);
	if (tm_pftrack_packet(pf->track, m, &e))
		return e.at || strcmp(e.what, "out of memory") ? wire_fail(pf, &e) : nomem(pf);
	/* the interning first: the packet's events use it */
	if (tm_pf_read_each(pf, m, PF_PKT_INTERNED_DATA, tm_pf_names_interned))
		return -1;
	r = *m;
	while ((rc = tm_pb_next(&r, &f, &e)) == 1) {
		struct tm_pb sub = tm_pb_sub(&r, &f);

		if (f.type != TM_PB_BYTES)
			continue;
		switch (f.num) {
		case PF_PKT_FTRACE_EVENTS: rc = read_bundle(pf, &sub); break;
		case PF_PKT_PROCESS_TREE: rc = tm_pf_names_tree(pf, &sub, f.num); break;
		case PF_PKT_PROCESS_STATS: rc = tm_pf_names_stats(pf, &sub, f.num); break;
		case PF_PKT_COMPRESSED: rc = read_compressed(pf, &f, r.base, TM_ZK_ZLIB); break;
		case PF_PKT_ZSTD_COMPRESSED: rc = read_compressed(pf, &f, r.base, TM_ZK_ZSTD); break;
		case PF_PKT_CLOCK_SNAPSHOT: rc = read_snapshot(pf, &sub, &f); break;
		case PF_PKT_SYSTEM_INFO: rc = tm_pf_names_system(pf, &sub, f.num); break;
		default: rc = 0; break;
		}
		if (rc)
			return -1;
	}
	return rc < 0 ? wire_fail(pf, &e) : 0;
}

/* The packets of a Trace message [P, P+LEN) of the buffer at BASE. */
int tm_pf_read_packets(struct pf *pf, const uint8_t *base, const uint8_t *p, size_t len)
{
	struct tm_pb r = tm_pb_init(base, p, len);

	return tm_pf_read_each(pf, &r, PF_TRACE_PACKET, read_packet);
}
