/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto.c - a Perfetto protobuf trace (.perfetto-trace, .pftrace) as an
 * input: its kernel events become one ftrace text block, as trace-dat.c
 * does for a trace.dat, so that stats, import, sync and merge read them as
 * they read the kernel's text.
 *
 * The file is the message Trace: repeated TracePacket (field 1).  A gzip'ed
 * file is inflated by input.c first; TracePacket.compressed_packets (zlib)
 * and zstd_compressed_packets (zstd) are decompressed here under the
 * input's decompression budget and read as more packets (the input keeps
 * them: pass 2 reads them again).  Two passes:
 *
 *  1. every packet, in file order: each FtraceEventBundle is read and
 *     noted in an index of bundles (where its bytes are, its CPU, its
 *     first and last time, its packet and sequence, and its CPU's compact
 *     sched state before it: about 100 bytes a bundle of hundreds of
 *     events), no record kept per event; its events are counted (stats)
 *     and the compact_sched columns followed (sched_switch takes its
 *     prev_* from the CPU's previous switch, as Perfetto does: the first
 *     compact switch of a CPU only seeds it, and a compact sched_waking
 *     before any switch on its CPU has no known waker: both counted as
 *     warnings); thread names (process tree, sched_switch, task_newtask,
 *     task_rename, wakeups, compact sched's comm table), tgids (process
 *     tree, process stats) and interned kernel symbols (each definition
 *     kept with the packet it came in) are learned.  A CPU's bundles
 *     make a chain when each starts no earlier than the one before ends
 *     (in a trace as traced_probes writes it: one chain a CPU); a bundle
 *     that goes back in time starts another chain of its CPU (counted:
 *     perfetto-bundles-out-of-order).
 *  2. the chains are merged by (time, bundle, place in the bundle) with a
 *     heap: each chain decodes one bundle at a time (its records, 112
 *     bytes each, made again from the bundle's bytes with the CPU's state
 *     noted for it, and the symbols of its packet; its events and its
 *     compact sched, two runs in time order, merged), so that the lines
 *     come in the order of a stable sort of all the events by time, file
 *     order among equal times.  Each is written as a line in the layout
 *     of Perfetto's to_ftrace():
 *
 *       "%16s-%-5d (%5d|-----) [%03d] .... SECS: NAME: DETAILS"
 *
 *     the comm being the last name the trace gives the thread ("<idle>"
 *     for pid 0, "<...>" when none: the kernel's "unknown", which Perfetto
 *     writes "<unknown>"), seconds with 6 decimals when the time is a whole
 *     microsecond, else 9 (exact; to_ftrace truncates to microseconds).
 *     The lines are written in place (digits.h; printf only for the
 *     hexadecimal fields of rarer events), a task's "COMM-PID (TGID) ["
 *     from a small cache.
 *
 * Pass 1 also counts the lines the text will hold (note_line), so that its
 * header is written first and everything but the lines is known after it:
 * tm_perfetto_begin ends there, with every block added and the text's
 * head written, and tm_pf_text_run, pass 2, may then write the lines on
 * another thread while the first pass of stats, import and merge reads
 * them (input.c's job).
 *
 * The typed events other than print, sched_switch, sched_blocked_reason and
 * generic are written from the table of perfetto-events.c (their fields'
 * layouts).  Memory: the names, tgids and symbols the trace defines, the
 * index of bundles, and the decoded bundles of the chains at the time
 * being written (one a chain); the text block (a scratch-file mapping, not
 * process memory) grows with the trace, as a decompressed input does.  A
 * typed event without a text form is counted per FtraceEvent field number
 * ("perfetto-event-N" warnings).
 * Clock snapshots and the bundles' ftrace clock become header records the
 * sync reads (perfetto-clock.c).  TrackEvents (app slices, instants,
 * counters) are read by perfetto-track.c from each packet and become JSON
 * blocks.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "big-buffer.h"
#include "decode.h"
#include "digits.h"
#include "hash-map.h"
#include "perfetto.h"
#include "perfetto-clock.h"
#include "perfetto-events.h"
#include "perfetto-track.h"
#include "perfetto-stats.h"
#include "perfetto-wire.h"
#include "tracemerge/ts.h"

/* ---- sniffing ----------------------------------------------------------- */

/* Are the fields of [P, END) well formed, at least one?  With CUT (the
 * message goes on past END: a head of the file), a last field cut by END
 * is fine.  Nested messages are not entered. */
static bool fields_plausible(const uint8_t *p, const uint8_t *end, bool cut)
{
	struct tm_pb r = tm_pb_init(p, p, (size_t)(end - p));
	struct tm_pb_field f;
	struct tm_pb_error e;
	unsigned n = 0;
	int rc;

	while ((rc = tm_pb_next(&r, &f, &e)) == 1)
		n++;
	if (rc == 0)
		return n > 0;
	return cut && n > 0 && (!strncmp(e.what, "truncated", 9) || strstr(e.what, "past the end"));
}

bool tm_is_perfetto(const void *data, size_t len)
{
	const uint8_t *p = data, *end = p + len, *q = p + 1;
	uint64_t n;

	if (len < 3 || p[0] != 0x0a || tm_pb_varint(&q, end, &n) || n == 0)
		return false;
	if (n <= (uint64_t)(end - q))
		return fields_plausible(q, q + n, false) && (q + n == end || q[n] == 0x0a);
	return fields_plausible(q, end, true);
}

/* ---- the reader's state ------------------------------------------------- */

enum rec_kind { REC_EVENT, REC_SWITCH, REC_WAKING };

struct view {
	const uint8_t *p;
	uint32_t n;
};

/* One kernel event to write. */
struct rec {
	int64_t ts;
	uint32_t order;         /* its place among its bundle's records */
	uint32_t cpu;
	int32_t pid;            /* the task that ran it */
	uint8_t kind;
	uint32_t field;         /* REC_EVENT: the FtraceEvent oneof field */
	struct view body;       /* REC_EVENT: that field's message */
	/* compact sched */
	int32_t prev_pid, prev_prio, next_pid, next_prio;   /* waking: next_* */
	int64_t prev_state;
	int32_t target_cpu;
	struct view prev_comm, next_comm;  /* REC_EVENT: prev_comm is the kernel
					    * symbol of its symbol field */
};

/* The records of one bundle: r in creation order, ix their indices by
 * (time, creation order), tmp order_records' room; r, ix and tmp are one
 * allocation (recbuf_grow). */
struct recbuf {
	struct rec *r;
	uint32_t *ix, *tmp;
	size_t n, cap;
};

struct cpu_state {              /* compact sched: who runs on a CPU */
	bool seen;
	int32_t pid, prio;
	struct view comm;
};

/* An FtraceEventBundle with records, noted in pass 1: what pass 2 needs
 * to decode it again on its own. */
struct bundle {
	const uint8_t *base, *p;        /* its buffer, its message */
	size_t n;
	size_t zat;                     /* in compressed_packets (depth > 0) at ZAT */
	int depth;
	int64_t min_ts, max_ts;         /* of its records */
	uint64_t pkt;                   /* its packet's number (the interning it sees) */
	struct cpu_state cs;            /* compact sched: its CPU's state before it */
	uint32_t seq, cpu;
	uint32_t next;                  /* the next bundle of its chain, or NO_NEXT */
};

#define NO_NEXT UINT32_MAX

/* A chain: bundles of one CPU, in file order, each starting no earlier
 * than the one before it ends (one a CPU, unless the trace goes back in
 * time).  Pass 2 merges the chains. */
struct chain {
	uint32_t head, tail;            /* pass 2: head is the bundle being written */
	int32_t buf;                    /* its decoded records in the pool, or -1 */
	uint32_t i;                     /* the next of them (in ix) */
};

struct heap_ent {                       /* a chain's next record: (ts, ord) */
	int64_t ts;
	uint64_t ord;                   /* bundle << 32 | order */
	uint32_t chain;
};

struct cpu_chains {             /* a CPU's chains (pass 1) */
	uint32_t *id;
	size_t n, cap;
};

struct sym {                    /* an interned kernel symbol's definition */
	struct view v;
	uint64_t pkt;           /* defined in that packet */
	uint32_t older;         /* the one it replaced: symold[older - 1], or 0 */
};

#define EVENT_CACHE 512        /* FtraceEvent fields below: their table entry cached */

/* A name last learned (learn_name), by tid modulo LNAME. */
#define LNAME 512

struct last_name {
	bool set;
	int32_t tid;
	struct view name;
};

/* A task's "COMM-PID (TGID) [" as written, by pid modulo TASK_CACHE. */
#define TASK_CACHE 1024

struct task_pfx {
	int32_t pid;
	uint8_t len;            /* 0: not cached */
	char s[59];
};

struct column {
	uint64_t *v;
	size_t n, cap;
};

struct pf {
	struct tm_input *in;
	struct recbuf *rb;      /* pass 2: where the bundle decoded puts its records */
	struct {                /* pass 1: the records of the bundle being read */
		size_t n;
		int64_t min_ts, max_ts;
	} one;
	struct rec dummy;       /* pass 1: what a record is written into */
	struct bundle_count {   /* pass 1: the bundle's events by field */
		uint32_t field;
		uint64_t n;
	} bc[32];
	size_t nbc;
	struct last_name *lname;/* pass 1: names last learned, by tid % LNAME */
	struct recbuf *pool;    /* pass 2's decoded bundles */
	size_t npool;
	int32_t *freebuf;       /* unused pool entries */
	size_t nfree;
	struct bundle *bun;
	size_t nbun, bcap;
	struct chain *chains;
	size_t nchain, chcap;
	struct cpu_chains *cch; /* by CPU, as cpus */
	struct heap_ent *heap;
	size_t nheap;
	bool pass2;             /* decoding again: nothing learned or counted */
	uint64_t cur_pkt;       /* pass 2: the packet of the bundle decoded */
	const uint8_t *body_base; /* pass 2: the buffer of the bundle written */
	uint64_t out_of_order;  /* bundles going back in time on their CPU */
	struct sym *symold;     /* replaced symbol definitions */
	size_t nsymold, symold_cap;
	struct tm_hmap *names;  /* tid -> struct view */
	struct tm_hmap *tgids;  /* tid -> int32 */
	struct tm_hmap *procs;  /* pid -> struct proc */
	struct tm_hmap *syms;   /* (seq, iid) -> struct sym */
	struct tm_hmap *unknown;/* FtraceEvent field -> uint64 count */
	struct tm_pftrack *track;       /* the TrackEvent part */
	struct tm_pf_stats *st; /* what the trace holds and lost (stats) */
	struct cpu_state *cpus;
	size_t ncpus;
	struct column col[13];  /* compact sched columns by field number */
	struct view *itab;      /* compact sched intern table */
	size_t nitab, itab_cap;
	uint32_t seq;
	uint32_t cpu;           /* of the bundle being read */
	int32_t pid;            /* of the ProcessStats.Process being read */
	uint32_t max_cpu;
	int depth;              /* compressed_packets nesting */
	size_t zat;             /* offset of the compressed_packets being read */
	uint64_t packets, bundles, events;
	uint64_t first_switch, waking_no_waker, bad_ts, lost_bundles;
	size_t lines;           /* pass 1: event lines the text will hold */
	size_t written;         /* pass 2: event lines written */
	struct tm_pf_clocks clk;/* what the trace says of its clocks */
	struct task_pfx *tcache;/* pass 2 */
	struct event_cache {    /* pass 2: event_of() by field */
		bool known;
		uint32_t sym;
		const struct tm_pf_event *d;
	} ev[EVENT_CACHE];
	int64_t sec;            /* pass 2: the last time's whole seconds ... */
	size_t sec_len;
	char sec_text[24];      /* ... and their digits and point */
	char *buf;              /* the text block */
	size_t len, cap;
	bool nomem;
	int nomem_err;          /* errno of the buffer that could not grow */
	/* written beside the first pass (tm_perfetto_begin): BUF grows in
	 * place within ROOM, each step published to GROW (until *STOP); its
	 * errors go to ERRIN, a stand-in for the input, until tm_pf_text_end */
	bool fixed;
	size_t room, published;
	struct tm_grow *grow;
	const bool *stop;
	struct tm_input errin;
	struct tm_diag diag;
	int ret;
	/* pass 1: the text's buffer made ready meanwhile (first_pass_beside) */
	struct tm_big_prefill *prefill;
};

struct proc {
	int32_t ppid;
	struct view name;
};

/* Set the input's error for wire error E. */
static int wire_fail(struct pf *pf, const struct tm_pb_error *e)
{
	if (pf->depth)
		tm_input_fail_byte(pf->in, pf->zat,
				   "compressed_packets: byte %zu of the inflated packets: %s",
				   e->at, e->what);
	else
		tm_input_fail_byte(pf->in, e->at, "%s", e->what);
	return -1;
}

static int nomem(struct pf *pf)
{
	tm_input_fail(pf->in, "out of memory");
	return -1;
}

static struct view view_of(const struct tm_pb_field *f)
{
	return (struct view){ f->data, f->len > UINT32_MAX ? UINT32_MAX : (uint32_t)f->len };
}

/* ARR (N elements of SIZE bytes used of *CAP) with room for one more:
 * itself, or moved (its capacity doubled, from FIRST), or NULL out of
 * memory (ARR and *CAP unchanged). */
static void *room_for_one(void *arr, size_t n, size_t *cap, size_t size, size_t first)
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

/* Count one more of *N, in pass 1 only (pass 2 reads the same again). */
static void count(struct pf *pf, uint64_t *n)
{
	if (!pf->pass2)
		++*n;
}

/* The name of TID is NAME from now on (the last the trace gives is
 * written).  0, or -1 out of memory. */
static int learn_name(struct pf *pf, int64_t tid, struct view name)
{
	struct view *v;
	struct last_name *last;

	if (pf->pass2 || !name.n || tid < INT32_MIN || tid > INT32_MAX)
		return 0;
	/* the same name again (compact sched's every switch): nothing new */
	last = &pf->lname[(uint32_t)tid % LNAME];
	if (last->set && last->tid == tid && last->name.n == name.n &&
	    !memcmp(last->name.p, name.p, name.n))
		return 0;
	if (!(v = tm_hmap_get_i32(pf->names, (int32_t)tid, true)))
		return -1;
	*v = name;
	*last = (struct last_name){ true, (int32_t)tid, name };
	return 0;
}

static int learn_tgid(struct pf *pf, int64_t tid, int64_t tgid)
{
	int32_t *t;

	if (pf->pass2 || tgid <= 0 || tid < INT32_MIN || tid > INT32_MAX || tgid > INT32_MAX)
		return 0;
	if (!(t = tm_hmap_get_i32(pf->tgids, (int32_t)tid, true)))
		return -1;
	*t = (int32_t)tgid;
	return 0;
}

static struct cpu_state *cpu_state(struct pf *pf, uint32_t cpu)
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

/* ---- pass 1: packets ---------------------------------------------------- */

/* What to do with one message field NUM (its bytes SUB): 0, or -1 with the
 * input's error set. */
typedef int (*sub_fn)(struct pf *pf, const struct tm_pb *sub, uint32_t num);

/* FN for each length-delimited field of M numbered NUM (0: any), in order;
 * 0, or -1 at the first failure (FN's, or a wire error). */
static int each_sub(struct pf *pf, const struct tm_pb *m, uint32_t num, sub_fn fn)
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

static int read_packets(struct pf *pf, const uint8_t *base, const uint8_t *p, size_t len);

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

/* The kernel symbol interned as IID on the current sequence as defined
 * when the event's packet (pf->cur_pkt) was read, or an empty view. */
static struct view symbol(struct pf *pf, uint64_t iid)
{
	uint64_t key[2] = { pf->seq, iid };
	const struct sym *v = tm_hmap_get(pf->syms, key, sizeof(key), false);

	while (v && v->pkt > pf->cur_pkt)
		v = v->older ? &pf->symold[v->older - 1] : NULL;
	return v ? v->v : (struct view){ NULL, 0 };
}

/* The symbol of field NUM (an interned kernel symbol's iid) of event
 * message M, into *SYM (unchanged when M has no such field). */
static int field_symbol(struct pf *pf, const struct tm_pb *m, uint32_t num, struct view *sym)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct tm_pb_error e;
	int rc;

	while ((rc = tm_pb_next(&r, &f, &e)) == 1)
		if (f.num == num && f.type == TM_PB_VARINT)
			*sym = symbol(pf, f.v);
	return rc < 0 ? wire_fail(pf, &e) : 0;
}

/* The field of event FIELD (table entry D, or none) that names a kernel
 * symbol, or 0. */
static uint32_t event_symbol_field(uint32_t field, const struct tm_pf_event *d)
{
	if (field == PF_EV_SCHED_BLOCKED_REASON)
		return PF_BLOCKED_CALLER;
	return d ? tm_pf_event_symbol_field(d) : 0;
}

/* The table's event of FtraceEvent field FIELD (tm_pf_event), looked up
 * once a field below EVENT_CACHE. */
static const struct tm_pf_event *event_of(struct pf *pf, uint32_t field)
{
	struct event_cache *c;

	if (field >= EVENT_CACHE)
		return tm_pf_event(field);
	c = &pf->ev[field];
	if (!c->known) {
		c->d = tm_pf_event(field);
		c->sym = event_symbol_field(field, c->d);
		c->known = true;
	}
	return c->d;
}

/* The field of event FIELD that names a kernel symbol, or 0. */
static uint32_t symbol_field(struct pf *pf, uint32_t field)
{
	const struct tm_pf_event *d = event_of(pf, field);

	return field < EVENT_CACHE ? pf->ev[field].sym : event_symbol_field(field, d);
}

/* Does an FtraceEvent of field FIELD have a line in the text?  The four
 * put_event writes itself, and those of the table (put_typed): the one
 * rule of pass 1's count (note_line) and of pass 2's writing (write_rec). */
static bool has_text(struct pf *pf, uint32_t field)
{
	return field == PF_EV_PRINT || field == PF_EV_SCHED_SWITCH ||
	       field == PF_EV_SCHED_BLOCKED_REASON || field == PF_EV_GENERIC ||
	       event_of(pf, field);
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
	if (learn_from_event(pf, field, &body, &pid))
		return -1;
	if (!(rec = new_rec(pf, (int64_t)ts)))
		return nomem(pf);
	/* symbols as defined when the event is read: the interning changes */
	if (pf->pass2 && (sym = symbol_field(pf, field)) &&
	    field_symbol(pf, &body, sym, &rec->prev_comm))
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
	uint64_t *nv = room_for_one(c->v, c->n, &c->cap, sizeof(*nv), 256);

	if (!nv)
		return -1;
	c->v = nv;
	c->v[c->n++] = v;
	return 0;
}

static int itab_push(struct pf *pf, struct view v)
{
	struct view *nv = room_for_one(pf->itab, pf->nitab, &pf->itab_cap, sizeof(*nv), 64);

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
	struct cpu_state *cs = cpu_state(pf, cpu);
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
static int bundle_part(struct pf *pf, const struct tm_pb *m, uint32_t num)
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

/* The chain of CPU that bundle B (on that CPU, starting at B->min_ts) goes
 * on: of the CPU's chains that end by then, the one that ends last, or a
 * new one.  Its index, or -1 out of memory. */
static int64_t chain_for(struct pf *pf, const struct bundle *b)
{
	struct cpu_chains *cc = &pf->cch[b->cpu];
	struct chain *chains;
	uint32_t *ids;
	int64_t best = -1;

	for (size_t k = 0; k < cc->n; k++) {
		const struct chain *c = &pf->chains[cc->id[k]];

		if (pf->bun[c->tail].max_ts <= b->min_ts &&
		    (best < 0 || pf->bun[c->tail].max_ts > pf->bun[pf->chains[best].tail].max_ts))
			best = cc->id[k];
	}
	if (best >= 0)
		return best;
	if (cc->n)
		pf->out_of_order++;
	if (!(chains = room_for_one(pf->chains, pf->nchain, &pf->chcap, sizeof(*chains), 16)))
		return -1;
	pf->chains = chains;
	if (!(ids = room_for_one(cc->id, cc->n, &cc->cap, sizeof(*ids), 2)))
		return -1;
	cc->id = ids;
	cc->id[cc->n++] = (uint32_t)pf->nchain;
	pf->chains[pf->nchain] = (struct chain){ NO_NEXT, NO_NEXT, -1, 0 };
	return (int64_t)pf->nchain++;
}

/* Note the bundle M on CPU whose records pass 1 just read (pf->one),
 * its CPU's compact sched state before it being *BEFORE: in the index of
 * bundles, at the end of a chain. */
static int note_bundle(struct pf *pf, const struct tm_pb *m, uint32_t cpu,
		       const struct cpu_state *before)
{
	struct bundle *b;
	struct chain *c;
	int64_t ch;

	if (pf->nbun >= NO_NEXT - 1 ||
	    !(b = room_for_one(pf->bun, pf->nbun, &pf->bcap, sizeof(*b), 256)))
		return nomem(pf);
	pf->bun = b;
	b = &pf->bun[pf->nbun];
	*b = (struct bundle){ m->base, m->p, (size_t)(m->end - m->p), pf->zat, pf->depth,
			      pf->one.min_ts, pf->one.max_ts, pf->packets, *before, pf->seq, cpu,
			      NO_NEXT };
	if ((ch = chain_for(pf, b)) < 0)
		return nomem(pf);
	c = &pf->chains[ch];
	if (c->tail == NO_NEXT)
		c->head = (uint32_t)pf->nbun;
	else
		pf->bun[c->tail].next = (uint32_t)pf->nbun;
	c->tail = (uint32_t)pf->nbun++;
	return 0;
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
	if (!(cs = cpu_state(pf, cpu)))
		return nomem(pf);
	before = *cs;
	pf->one.n = 0;
	pf->nbc = 0;
	if (each_sub(pf, m, 0, bundle_part))
		return -1;
	if (flush_counts(pf))
		return nomem(pf);
	if (pf->prefill)
		tm_big_prefill_want(pf->prefill, pf->lines * PREFILL_LINE);
	return pf->one.n ? note_bundle(pf, m, cpu, &before) : 0;
}

/* ProcessTree.Process or .Thread M. */
static int read_task(struct pf *pf, const struct tm_pb *m, bool thread)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct tm_pb_error e;
	int64_t id = -1, up = -1;
	struct view name = { 0 };
	struct proc *p;
	int rc;

	while ((rc = tm_pb_next(&r, &f, &e)) == 1) {
		if (f.num == 1 && f.type == TM_PB_VARINT)       /* PF_PROC_PID, PF_THREAD_TID */
			id = (int32_t)f.v;
		else if (!thread && f.num == PF_PROC_PPID && f.type == TM_PB_VARINT)
			up = (int32_t)f.v;
		else if (thread && f.num == PF_THREAD_TGID && f.type == TM_PB_VARINT)
			up = (int32_t)f.v;
		else if (f.type == TM_PB_BYTES && !name.n &&
			 f.num == (thread ? PF_THREAD_NAME : PF_PROC_CMDLINE))
			name = view_of(&f);
	}
	if (rc < 0)
		return wire_fail(pf, &e);
	if (id <= 0)
		return 0;
	if (thread)
		return learn_tgid(pf, id, up) || learn_name(pf, id, name) ? nomem(pf) : 0;
	if (learn_tgid(pf, id, id) || !(p = tm_hmap_get_i32(pf->procs, (int32_t)id, true)))
		return nomem(pf);
	p->ppid = (int32_t)up;
	if (name.n)
		p->name = name;
	return 0;
}

static int tree_entry(struct pf *pf, const struct tm_pb *m, uint32_t num)
{
	if (num == PF_PTREE_PROCESSES || num == PF_PTREE_THREADS)
		return read_task(pf, m, num == PF_PTREE_THREADS);
	return 0;
}

static int read_process_tree(struct pf *pf, const struct tm_pb *m, uint32_t num)
{
	(void)num;
	return each_sub(pf, m, 0, tree_entry);
}

/* ProcessStats.Thread M of process pf->pid. */
static int stats_thread(struct pf *pf, const struct tm_pb *m, uint32_t num)
{
	struct tm_pb r = *m;
	struct tm_pb_field g;
	struct tm_pb_error e;
	int rc;

	(void)num;
	while ((rc = tm_pb_next(&r, &g, &e)) == 1)
		if (g.num == PF_PSTATS_THREAD_TID && g.type == TM_PB_VARINT &&
		    learn_tgid(pf, (int32_t)g.v, pf->pid))
			return nomem(pf);
	return rc < 0 ? wire_fail(pf, &e) : 0;
}

/* ProcessStats.Process M: its threads' tgid. */
static int read_stats_process(struct pf *pf, const struct tm_pb *m, uint32_t num)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct tm_pb_error e;
	int64_t pid = -1;
	int rc;

	(void)num;

	while ((rc = tm_pb_next(&r, &f, &e)) == 1)
		if (f.num == PF_PSTATS_PID && f.type == TM_PB_VARINT)
			pid = (int32_t)f.v;
	if (rc < 0)
		return wire_fail(pf, &e);
	if (pid <= 0)
		return 0;
	if (learn_tgid(pf, pid, pid))
		return nomem(pf);
	pf->pid = (int32_t)pid;
	return each_sub(pf, m, PF_PSTATS_THREADS, stats_thread);
}

static int read_process_stats(struct pf *pf, const struct tm_pb *m, uint32_t num)
{
	(void)num;
	return each_sub(pf, m, PF_PSTATS_PROCESSES, read_stats_process);
}

/* Define the symbol KEY (sequence, iid) as NAME from the current packet
 * on, keeping what it was before; 0, or -1 out of memory. */
static int define_symbol(struct pf *pf, const uint64_t key[2], struct view name)
{
	struct sym *v = tm_hmap_get(pf->syms, key, 2 * sizeof(*key), true);

	if (!v)
		return -1;
	if (v->pkt) {           /* defined before: keep it for the bundles before */
		struct sym *o;

		if (pf->nsymold >= UINT32_MAX - 1 ||
		    !(o = room_for_one(pf->symold, pf->nsymold, &pf->symold_cap, sizeof(*o), 64)))
			return -1;
		pf->symold = o;
		pf->symold[pf->nsymold++] = *v;
		v->older = (uint32_t)pf->nsymold;
	}
	v->v = name;
	v->pkt = pf->packets;
	return 0;
}

/* InternedData M: kernel symbols by (sequence, iid). */
static int read_interned(struct pf *pf, const struct tm_pb *m, uint32_t num)
{
	struct tm_pb r = *m, s;
	struct tm_pb_field f, g;
	struct tm_pb_error e;
	int rc;

	(void)num;
	while ((rc = tm_pb_next(&r, &f, &e)) == 1) {
		uint64_t key[2] = { pf->seq, 0 };
		struct view name = { 0 };

		if (f.num != PF_INTERNED_KERNEL_SYMBOLS || f.type != TM_PB_BYTES)
			continue;
		s = tm_pb_sub(&r, &f);
		while ((rc = tm_pb_next(&s, &g, &e)) == 1) {
			if (g.num == PF_ISTR_IID && g.type == TM_PB_VARINT)
				key[1] = g.v;
			else if (g.num == PF_ISTR_STR && g.type == TM_PB_BYTES)
				name = view_of(&g);
		}
		if (rc < 0)
			return wire_fail(pf, &e);
		if (define_symbol(pf, key, name))
			return nomem(pf);
	}
	return rc < 0 ? wire_fail(pf, &e) : 0;
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
	ret = read_packets(pf, (const uint8_t *)z.data, (const uint8_t *)z.data, z.len);
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
	if (each_sub(pf, m, PF_PKT_INTERNED_DATA, read_interned))
		return -1;
	r = *m;
	while ((rc = tm_pb_next(&r, &f, &e)) == 1) {
		struct tm_pb sub = tm_pb_sub(&r, &f);

		if (f.type != TM_PB_BYTES)
			continue;
		switch (f.num) {
		case PF_PKT_FTRACE_EVENTS: rc = read_bundle(pf, &sub); break;
		case PF_PKT_PROCESS_TREE: rc = read_process_tree(pf, &sub, f.num); break;
		case PF_PKT_PROCESS_STATS: rc = read_process_stats(pf, &sub, f.num); break;
		case PF_PKT_COMPRESSED: rc = read_compressed(pf, &f, r.base, TM_ZK_ZLIB); break;
		case PF_PKT_ZSTD_COMPRESSED: rc = read_compressed(pf, &f, r.base, TM_ZK_ZSTD); break;
		case PF_PKT_CLOCK_SNAPSHOT: rc = read_snapshot(pf, &sub, &f); break;
		default: rc = 0; break;
		}
		if (rc)
			return -1;
	}
	return rc < 0 ? wire_fail(pf, &e) : 0;
}

/* The packets of a Trace message [P, P+LEN) of the buffer at BASE. */
static int read_packets(struct pf *pf, const uint8_t *base, const uint8_t *p, size_t len)
{
	struct tm_pb r = tm_pb_init(base, p, len);

	return each_sub(pf, &r, PF_TRACE_PACKET, read_packet);
}

/* ---- pass 2: text ------------------------------------------------------- */

/* Make room for N more bytes at the block's end: false out of memory
 * (pf->nomem set). */
static bool grow(struct pf *pf, size_t n)
{
	while (!pf->nomem && pf->len + n > pf->cap) {
		char *nb = pf->fixed ? tm_big_fixed_grow(pf->buf, &pf->cap, pf->room)
			 : pf->cap ? tm_big_grow(pf->buf, &pf->cap, SIZE_MAX)
				   : tm_big_alloc(pf->cap = 1u << 20);

		if (!nb) {
			pf->nomem = true;
			pf->nomem_err = errno;
		} else {
			pf->buf = nb;
		}
	}
	return !pf->nomem;
}

static inline void put(struct pf *pf, const void *s, size_t n)
{
	if (pf->len + n > pf->cap && !grow(pf, n))
		return;
	memcpy(pf->buf + pf->len, s, n);
	pf->len += n;
}

/* Where N more bytes of the block go (its end), or NULL out of memory:
 * the writer then moves pf->len past what it wrote. */
static inline char *room(struct pf *pf, size_t n)
{
	if (pf->len + n > pf->cap && !grow(pf, n))
		return NULL;
	return pf->buf + pf->len;
}

/* ---- writing at a pointer (room made by the caller) ---- */

/* U in decimal at W; returns the end. */
static inline char *w_uint(char *w, uint64_t u)
{
	char b[24], *e = b + sizeof(b), *d;

	if (u <= UINT32_MAX) {
		size_t n = tm_count_digits((uint32_t)u);

		tm_digits_before32(w + n, (uint32_t)u);
		return w + n;
	}
	d = tm_digits_before(e, u);
	memcpy(w, d, (size_t)(e - d));
	return w + (e - d);
}

static inline char *w_int(char *w, int64_t v)
{
	if (v < 0) {
		*w++ = '-';
		return w_uint(w, -(uint64_t)v);
	}
	return w_uint(w, (uint64_t)v);
}

/* " KEY=V" (KEY given with its blank and '='). */
#define W_KV(w, key, v) (memcpy(w, key, sizeof(key) - 1), w_int(w + sizeof(key) - 1, v))

/* Bytes from the trace made one line's (put_chars): room 2 * V.n with
 * PAYLOAD, else V.n.  Eight bytes at a time while none is a control byte
 * (below 0x20, or 0x7f). */
static char *w_chars(char *w, struct view v, bool payload)
{
	const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
	uint32_t i = 0;

	for (; i + 8 <= v.n; i += 8) {
		uint64_t x, del;

		memcpy(&x, v.p + i, 8);
		del = x ^ (0x7f * ones);
		if (((x - 0x20 * ones) & ~x & highs) || ((del - ones) & ~del & highs))
			break;
		memcpy(w, &x, 8);
		w += 8;
	}
	for (; i < v.n; i++) {
		uint8_t c = v.p[i];

		if (c >= 0x20 && c != 0x7f) {
			*w++ = (char)c;
		} else if (payload && c == '\t') {
			*w++ = '\t';
		} else if (payload && c == '\n') {
			*w++ = '\\';
			*w++ = 'n';
		} else {
			*w++ = '?';
		}
	}
	return w;
}

static inline char *w_text(char *w, struct view v)
{
	return w_chars(w, v, false);
}

static void putf(struct pf *pf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(struct pf *pf, const char *fmt, ...)
{
	char tmp[128];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n > 0)
		put(pf, tmp, (size_t)n < sizeof(tmp) ? (size_t)n : sizeof(tmp) - 1);
}

/* Text from the trace, so that one event stays one line: a control byte
 * written as '?'; with PAYLOAD (a marker's text, a generic event's string)
 * a newline is written "\\n" (as the canonical text writes a marker's
 * newlines) and a tab kept. */
static void put_chars(struct pf *pf, struct view v, bool payload)
{
	char *w = room(pf, payload ? 2 * (size_t)v.n : v.n);

	if (w)
		pf->len = (size_t)(w_chars(w, v, payload) - pf->buf);
}

static void put_text(struct pf *pf, struct view v)
{
	put_chars(pf, v, false);
}

static const char unknown_comm[] = "<...>";    /* the kernel's "no name" */

/* The comm of TID: the last name the trace gives it, "<idle>" for 0, else
 * unknown_comm. */
static struct view tid_name(struct pf *pf, int32_t tid)
{
	struct view *v;

	if (tid == 0)
		return (struct view){ (const uint8_t *)"<idle>", 6 };
	v = tm_hmap_get_i32(pf->names, tid, false);
	return v && v->n ? *v : (struct view){ (const uint8_t *)unknown_comm, 5 };
}

/* "COMM-PID (TGID) [" of TID at W (room: its name's length + 48). */
static char *w_task(struct pf *pf, char *w, int32_t tid)
{
	struct view name = tid_name(pf, tid);
	int32_t *tgid = tid > 0 ? tm_hmap_get_i32(pf->tgids, tid, false) : NULL;
	char *s;

	for (uint32_t i = name.n; i < 16; i++)
		*w++ = ' ';
	w = w_text(w, name);
	*w++ = '-';
	s = w;
	w = w_int(w, tid);
	while (w - s < 5)
		*w++ = ' ';
	if (tgid) {
		char b[24], *e = b + sizeof(b), *d = tm_digits_before(e, (uint32_t)*tgid);

		memcpy(w, " (", 2);
		w += 2;
		for (ptrdiff_t k = e - d; k < 5; k++)
			*w++ = ' ';
		memcpy(w, d, (size_t)(e - d));
		w += e - d;
		memcpy(w, ") [", 3);
		return w + 3;
	}
	memcpy(w, " (-----) [", 10);
	return w + 10;
}

/* TS (>= 0) in seconds at W (room: 32): with 6 decimals when a whole
 * microsecond, else 9 (tm_ts_format_secs); the whole seconds' digits
 * kept from the time before (the times come in order). */
static char *w_secs(struct pf *pf, char *w, int64_t ts)
{
	int64_t sec = ts / 1000000000, ns = ts % 1000000000;

	if (sec != pf->sec || !pf->sec_len) {
		pf->sec_len = tm_ts_format_secs(pf->sec_text, sec * 1000000000, 0);
		pf->sec_text[pf->sec_len++] = '.';
		pf->sec = sec;
	}
	memcpy(w, pf->sec_text, sizeof(pf->sec_text));
	w += pf->sec_len;
	/* the fraction with a leading 1 (its zeros), the 1 then written over */
	if (ns % 1000) {
		tm_digits_before32(w + 9, (uint32_t)ns + 1000000000u);
		w[-1] = '.';
		return w + 9;
	}
	tm_digits_before32(w + 6, (uint32_t)(ns / 1000) + 1000000u);
	w[-1] = '.';
	return w + 6;
}

/* "COMM-PID (TGID) [CPU] .... SECS: " of R, the first part from the cache
 * of tasks' (names and tgids do not change in pass 2).  false out of
 * memory. */
static bool put_prefix(struct pf *pf, const struct rec *r)
{
	struct task_pfx *t = &pf->tcache[(uint32_t)r->pid % TASK_CACHE];
	char *w, *s;

	if (t->pid == r->pid && t->len) {
		if (!(w = room(pf, sizeof(t->s) + 48)))
			return false;
		memcpy(w, t->s, sizeof(t->s));
		w += t->len;
	} else {
		struct view name = tid_name(pf, r->pid);

		if (!(w = room(pf, (size_t)name.n + 96)))
			return false;
		s = w;
		w = w_task(pf, w, r->pid);
		t->pid = r->pid;
		t->len = w - s <= (ptrdiff_t)sizeof(t->s) ? (uint8_t)(w - s) : 0;
		memcpy(t->s, s, t->len);
	}
	if (r->cpu < 1000) {
		w[0] = (char)('0' + r->cpu / 100);
		w[1] = (char)('0' + r->cpu / 10 % 10);
		w[2] = (char)('0' + r->cpu % 10);
		w += 3;
	} else {
		w = w_uint(w, r->cpu);
	}
	memcpy(w, "] .... ", 7);
	w = w_secs(pf, w + 7, r->ts);
	memcpy(w, ": ", 2);
	pf->len = (size_t)(w + 2 - pf->buf);
	return true;
}

/* prev_state as the kernel's letters (TASK_REPORT order, "R" for 0, "+"
 * for the preemption bit TASK_REPORT_MAX of kernels 4.14+), at W (room:
 * 16). */
static char *w_state(char *w, int64_t state)
{
	static const char letters[] = "SDTtXZPI";
	bool any = false;

	for (unsigned b = 0; b < 8; b++) {
		if (state & (1 << b)) {
			if (any)
				*w++ = '|';
			*w++ = letters[b];
			any = true;
		}
	}
	if (!any) {
		*w++ = 'R';
		if (state & 0x100)
			*w++ = '+';
	}
	return w;
}

/* Fields of a message M as an array by field number (1..15; the last
 * occurrence; absent: type 0, value 0). */
static int fields_of(struct pf *pf, const struct tm_pb *m, struct tm_pb_field *out, unsigned n)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	struct tm_pb_error e;
	int rc;

	memset(out, 0, n * sizeof(*out));
	while ((rc = tm_pb_next(&r, &f, &e)) == 1)
		if (f.num < n)
			out[f.num] = f;
	return rc < 0 ? wire_fail(pf, &e) : 0;
}

static struct view fview(const struct tm_pb_field *f)
{
	return f->type == TM_PB_BYTES ? view_of(f) : (struct view){ NULL, 0 };
}

/* A sched_switch's details. */
static void put_switch(struct pf *pf, struct view pc, int32_t pp, int32_t pprio, int64_t st,
		       struct view nc, int32_t np, int32_t nprio)
{
	char *w = room(pf, (size_t)pc.n + nc.n + 192);

	if (!w)
		return;
	memcpy(w, "sched_switch: prev_comm=", 24);
	w = w_text(w + 24, pc);
	w = W_KV(w, " prev_pid=", pp);
	w = W_KV(w, " prev_prio=", pprio);
	memcpy(w, " prev_state=", 12);
	w = w_state(w + 12, st);
	memcpy(w, " ==> next_comm=", 15);
	w = w_text(w + 15, nc);
	w = W_KV(w, " next_pid=", np);
	w = W_KV(w, " next_prio=", nprio);
	pf->len = (size_t)(w - pf->buf);
}

/* A compact sched_waking, as to_ftrace() writes one (its default layout:
 * target_cpu not padded, unlike sched_wakeup's). */
static void put_waking(struct pf *pf, struct view comm, int32_t pid, int32_t prio, int32_t target)
{
	char *w = room(pf, (size_t)comm.n + 128);

	if (!w)
		return;
	memcpy(w, "sched_waking: comm=", 19);
	w = w_text(w + 19, comm);
	w = W_KV(w, " pid=", pid);
	w = W_KV(w, " prio=", prio);
	w = W_KV(w, " target_cpu=", target);
	pf->len = (size_t)(w - pf->buf);
}

/* A print's text as a tracing_mark_write. */
static void put_print(struct pf *pf, struct view buf)
{
	char *w = room(pf, 2 * (size_t)buf.n + 24);

	if (!w)
		return;
	memcpy(w, "tracing_mark_write: ", 20);
	w = w_chars(w + 20, buf, true);
	pf->len = (size_t)(w - pf->buf);
}

/* GenericFtraceEvent M: "NAME: key=value ...". */
static int put_generic(struct pf *pf, const struct tm_pb *m)
{
	struct tm_pb r = *m, s;
	struct tm_pb_field f, g[6];
	struct tm_pb_error e;
	int rc;

	while ((rc = tm_pb_next(&r, &f, &e)) == 1)
		if (f.num == PF_GENERIC_EVENT_NAME && f.type == TM_PB_BYTES)
			put_text(pf, view_of(&f));
	if (rc < 0)
		return wire_fail(pf, &e);
	put(pf, ":", 1);
	r = *m;
	while ((rc = tm_pb_next(&r, &f, &e)) == 1) {
		if (f.num != PF_GENERIC_FIELD || f.type != TM_PB_BYTES)
			continue;
		s = tm_pb_sub(&r, &f);
		if (fields_of(pf, &s, g, 6))
			return -1;
		put(pf, " ", 1);
		put_text(pf, fview(&g[PF_GFIELD_NAME]));
		put(pf, "=", 1);
		if (g[PF_GFIELD_STR].type == TM_PB_BYTES)
			put_chars(pf, fview(&g[PF_GFIELD_STR]), true);
		else if (g[PF_GFIELD_INT].num)
			putf(pf, "%" PRId64, (int64_t)g[PF_GFIELD_INT].v);
		else
			putf(pf, "%" PRIu64, g[PF_GFIELD_UINT].v);
	}
	return rc < 0 ? wire_fail(pf, &e) : 0;
}

/* sched_blocked_reason M; REC->prev_comm: its caller's symbol (or none). */
static int put_blocked(struct pf *pf, const struct rec *rec, const struct tm_pb *m)
{
	struct tm_pb_field g[4];

	if (fields_of(pf, m, g, 4))
		return -1;
	putf(pf, "sched_blocked_reason: pid=%d iowait=%" PRIu64 " caller=",
	     (int32_t)g[1].v, g[3].v);
	if (rec->prev_comm.n)
		put_text(pf, rec->prev_comm);
	else
		putf(pf, "%" PRIx64, g[PF_BLOCKED_CALLER].v);
	return 0;
}

static void sink_put(void *ctx, const void *s, size_t n)
{
	put(ctx, s, n);
}

static void sink_text(void *ctx, const uint8_t *s, size_t n)
{
	put_text(ctx, (struct view){ s, n > UINT32_MAX ? UINT32_MAX : (uint32_t)n });
}

/* Typed event R (message M) from the table of perfetto-events.c, which
 * has it (has_text): 0, or -1 on a wire error. */
static int put_typed(struct pf *pf, const struct rec *r, const struct tm_pb *m)
{
	struct tm_pf_sink sink = { sink_put, sink_text, pf, r->prev_comm.p, r->prev_comm.n };
	struct tm_pb_error e;

	return tm_pf_event_write(event_of(pf, r->field), m, &sink, &e) ? wire_fail(pf, &e) : 0;
}

/* The text of REC_EVENT R (has_text) after the prefix; 0, or -1 on a
 * wire error. */
static int put_event(struct pf *pf, const struct rec *r)
{
	struct tm_pb m = tm_pb_init(pf->body_base, r->body.p, r->body.n);
	struct tm_pb_field g[8];
	struct view buf;

	switch (r->field) {
	case PF_EV_PRINT:
		if (fields_of(pf, &m, g, 3))
			return -1;
		buf = fview(&g[PF_PRINT_BUF]);
		if (buf.n && buf.p[buf.n - 1] == '\n')
			buf.n--;
		put_print(pf, buf);
		return 0;
	case PF_EV_SCHED_SWITCH:
		if (fields_of(pf, &m, g, 8))
			return -1;
		put_switch(pf, fview(&g[1]), (int32_t)g[2].v, (int32_t)g[3].v, (int64_t)g[4].v,
			   fview(&g[5]), (int32_t)g[6].v, (int32_t)g[7].v);
		return 0;
	case PF_EV_SCHED_BLOCKED_REASON:
		return put_blocked(pf, r, &m);
	case PF_EV_GENERIC:
		return put_generic(pf, &m);
	}
	return put_typed(pf, r, &m);
}

static int write_rec(struct pf *pf, const struct rec *r)
{
	if (r->kind == REC_EVENT && !has_text(pf, r->field))
		return 0;       /* no text form: counted by pass 1 (note_line) */
	if (!put_prefix(pf, r))
		return 0;       /* out of memory: said at the end */
	if (r->kind == REC_SWITCH)
		put_switch(pf, r->prev_comm, r->prev_pid, r->prev_prio, r->prev_state,
			   r->next_comm, r->next_pid, r->next_prio);
	else if (r->kind == REC_WAKING)
		put_waking(pf, r->next_comm, r->next_pid, r->next_prio, r->target_cpu);
	else if (put_event(pf, r))
		return -1;
	put(pf, "\n", 1);      /* (every writer leaves the line's end here) */
	pf->written++;
	return 0;
}

/* ---- pass 2: the bundles merged by time ---------------------------------- */

/* IX[0, H) and IX[H, N), each sorted by the time of records R, merged
 * into IX[0, N), stably (TMP: room for N). */
static void merge_ix(const struct rec *r, uint32_t *ix, uint32_t *tmp, size_t h, size_t n)
{
	size_t i = 0, j = h, k = 0;

	if (r[ix[h - 1]].ts <= r[ix[h]].ts)
		return;
	while (i < h && j < n)
		tmp[k++] = r[ix[j]].ts < r[ix[i]].ts ? ix[j++] : ix[i++];
	while (i < h)
		tmp[k++] = ix[i++];
	memcpy(ix, tmp, k * sizeof(*ix));       /* (the rest of IX[H, N) is in place) */
}

/* IX[0, N) of records R sorted by time, stably (TMP: room for N). */
static void sort_ix(const struct rec *r, uint32_t *ix, uint32_t *tmp, size_t n)
{
	size_t h = n / 2;

	if (n < 2)
		return;
	sort_ix(r, ix, tmp, h);
	sort_ix(r, ix + h, tmp, n - h);
	merge_ix(r, ix, tmp, h, n);
}

/* RB's ix: its records by time, stably.  A bundle's events and its compact
 * sched are each in time order (two runs): merged in one pass. */
static void order_records(struct recbuf *rb)
{
	const struct rec *r = rb->r;
	size_t n = rb->n, h, j, i;

	for (h = 1; h < n && r[h - 1].ts <= r[h].ts; h++)
		;
	for (j = h + 1; j < n && r[j - 1].ts <= r[j].ts; j++)
		;
	for (i = 0; i < n; i++)
		rb->ix[i] = (uint32_t)i;
	if (h >= n)
		return;
	if (j < n)              /* more than two runs */
		sort_ix(r, rb->ix, rb->tmp, n);
	else
		merge_ix(r, rb->ix, rb->tmp, h, n);
}

/* Pass 2: the errors in what comes from bundle B said where B is (the
 * file, or compressed_packets), its events' messages read with its
 * offsets. */
static void at_bundle(struct pf *pf, const struct bundle *b)
{
	pf->depth = b->depth;
	pf->zat = b->zat;
	pf->body_base = b->base;
}

/* Bundle B's records again, into buffer RB, in the order pass 1 made
 * them and then by time: 0, or -1 with the input's error set. */
static int decode_bundle(struct pf *pf, const struct bundle *b, struct recbuf *rb)
{
	struct tm_pb m = { b->p, b->p + b->n, b->base };
	struct cpu_state *cs = cpu_state(pf, b->cpu);

	if (!cs)
		return nomem(pf);
	*cs = b->cs;
	at_bundle(pf, b);
	pf->seq = b->seq;
	pf->cur_pkt = b->pkt;
	pf->cpu = b->cpu;
	pf->rb = rb;
	rb->n = 0;
	if (each_sub(pf, &m, 0, bundle_part))
		return -1;
	order_records(rb);
	return 0;
}

/* A free buffer of the pool, or -1 out of memory. */
static int32_t pool_take(struct pf *pf)
{
	struct recbuf *n;
	int32_t *f;

	if (pf->nfree)
		return pf->freebuf[--pf->nfree];
	if (pf->npool >= INT32_MAX)
		return -1;
	if (!(n = reallocarray(pf->pool, pf->npool + 1, sizeof(*n))))
		return -1;
	pf->pool = n;
	if (!(f = reallocarray(pf->freebuf, pf->npool + 1, sizeof(*f))))
		return -1;
	pf->freebuf = f;
	memset(&n[pf->npool], 0, sizeof(*n));
	return (int32_t)pf->npool++;
}

/* Buffer I back to the pool (freebuf has room for every buffer: it grows
 * with the pool in pool_take). */
static void pool_give(struct pf *pf, int32_t i)
{
	pf->freebuf[pf->nfree++] = i;
}

static bool heap_less(const struct heap_ent *a, const struct heap_ent *b)
{
	return a->ts < b->ts || (a->ts == b->ts && a->ord < b->ord);
}

/* The heap's entry I moved down to its place among those below it. */
static void heap_down(struct pf *pf, size_t i)
{
	struct heap_ent *h = pf->heap, e = h[i];
	size_t n = pf->nheap;

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= n)
			break;
		if (c + 1 < n && heap_less(&h[c + 1], &h[c]))
			c++;
		if (!heap_less(&h[c], &e))
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = e;
}

/* The key of chain C's next: its record, or (not decoded yet) its head
 * bundle's start, which no record of the bundle comes before. */
static struct heap_ent chain_key(const struct pf *pf, uint32_t c)
{
	const struct chain *ch = &pf->chains[c];
	const struct recbuf *rb;
	const struct rec *r;

	if (ch->buf < 0)
		return (struct heap_ent){ pf->bun[ch->head].min_ts, (uint64_t)ch->head << 32, c };
	rb = &pf->pool[ch->buf];
	r = &rb->r[rb->ix[ch->i]];
	return (struct heap_ent){ r->ts, (uint64_t)ch->head << 32 | r->order, c };
}

static int write_rec(struct pf *pf, const struct rec *r);

/* Written beside the first pass: the text's lines published a step at a
 * time (each ends a line); -1 when the reader gave up. */
#define PUBLISH_STEP ((size_t)1 << 20)

static int publish(struct pf *pf)
{
	if (__atomic_load_n(pf->stop, __ATOMIC_RELAXED))
		return -1;
	tm_grow_publish(pf->grow, pf->len);
	pf->published = pf->len;
	if (tm_decode_grow_hook)
		tm_decode_grow_hook("perfetto", pf->len);
	return 0;
}

/* Every record of every bundle, in time order (file order among equal
 * times: a bundle's records by the order pass 1 made them, bundles in
 * file order): a merge of the chains, each decoding one bundle at a
 * time.  0, or -1 with the input's error set. */
static int write_merged(struct pf *pf)
{
	pf->pass2 = true;
	pf->depth = 0;
	if (!(pf->tcache = calloc(TASK_CACHE, sizeof(*pf->tcache))))
		return nomem(pf);
	if (pf->nchain && !(pf->heap = calloc(pf->nchain, sizeof(*pf->heap))))
		return nomem(pf);
	for (uint32_t c = 0; c < pf->nchain; c++)
		pf->heap[pf->nheap++] = chain_key(pf, c);
	for (size_t i = pf->nheap / 2; i-- > 0;)        /* heapify */
		heap_down(pf, i);
	while (pf->nheap) {
		uint32_t c = pf->heap[0].chain;
		struct chain *ch = &pf->chains[c];
		struct recbuf *rb;

		if (ch->buf < 0) {
			if ((ch->buf = pool_take(pf)) < 0)
				return nomem(pf);
			ch->i = 0;
			if (decode_bundle(pf, &pf->bun[ch->head], &pf->pool[ch->buf]))
				return -1;
			if (!pf->pool[ch->buf].n) {     /* cannot be: pass 1 made some */
				tm_input_fail(pf->in, "internal error: a bundle's records changed");
				return -1;
			}
		} else {
			rb = &pf->pool[ch->buf];
			at_bundle(pf, &pf->bun[ch->head]);
			if (write_rec(pf, &rb->r[rb->ix[ch->i]]))
				return -1;
			if (pf->grow && pf->len - pf->published >= PUBLISH_STEP && publish(pf))
				return -1;
			if (++ch->i == rb->n) {
				pool_give(pf, ch->buf);
				ch->buf = -1;
				ch->head = pf->bun[ch->head].next;
				if (ch->head == NO_NEXT) {
					pf->heap[0] = pf->heap[--pf->nheap];
					if (pf->nheap)
						heap_down(pf, 0);
					continue;
				}
			}
		}
		pf->heap[0] = chain_key(pf, c);
		heap_down(pf, 0);
	}
	return 0;
}

/* The header of the text block before its clock records, for LINES event
 * lines, into BUF (CAP bytes); returns its length. */
static size_t format_header(const struct pf *pf, size_t lines, char *buf, size_t cap)
{
	int n = snprintf(buf, cap,
			 "# tracer: nop\n#\n# entries-in-buffer/entries-written: %zu/%zu   #P:%u\n#\n"
			 "# tracemerge: from a Perfetto trace: %" PRIu64 " packets, %" PRIu64
			 " ftrace bundles, %" PRIu64 " events, %" PRIu64 " clock snapshots\n",
			 lines, lines, pf->max_cpu + 1, pf->packets, pf->bundles, pf->events,
			 pf->clk.snapshots);

	return n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap - 1;
}

/* The header's clock records (perfetto-clock.c) and its legend. */
static void put_clock_header(struct pf *pf)
{
	static const char legend[] =
		"#           TASK-PID    TGID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
		"#              | |        |      |   ||||       |         |\n";
	size_t n = tm_pf_clocks_header(&pf->clk, NULL, 0);
	char *t = malloc(n + 1);

	if (!t || pf->clk.nomem) {
		pf->nomem = true;
		free(t);
		return;
	}
	tm_pf_clocks_header(&pf->clk, t, n + 1);
	put(pf, t, n);
	put(pf, legend, sizeof(legend) - 1);
	free(t);
}

/* One warning of KIND counted N times. */
static void warn_n(struct pf *pf, const char *kind, uint64_t n, const char *msg)
{
	tm_pf_warn_n(pf->in, kind, n, msg);
}

static void report_unknown(struct pf *pf)
{
	size_t it = 0;
	const char *key;
	uint64_t *n;
	uint32_t field;
	char kind[48], msg[160];

	while ((n = tm_hmap_next(pf->unknown, &it, &key, NULL))) {
		memcpy(&field, key, sizeof(field));
		snprintf(kind, sizeof(kind), "perfetto-event-%" PRIu32, field);
		snprintf(msg, sizeof(msg), "ftrace events of FtraceEvent field %" PRIu32
			 " have no text form here: not written", field);
		warn_n(pf, kind, *n, msg);
	}
	warn_n(pf, "perfetto-compact-first-switch", pf->first_switch,
	       "a CPU's first compact sched_switch only tells who runs next (no prev_*): not written");
	warn_n(pf, "perfetto-compact-waking-no-waker", pf->waking_no_waker,
	       "compact sched_waking before any sched_switch on its CPU (waker unknown): not written");
	warn_n(pf, "perfetto-bad-timestamp", pf->bad_ts,
	       "ftrace event timestamps past INT64_MAX ns: not written");
	warn_n(pf, "perfetto-bundles-out-of-order", pf->out_of_order,
	       "ftrace bundles that go back in time on their CPU: merged in time order all the same");
	warn_n(pf, "perfetto-lost-events", pf->lost_bundles,
	       "ftrace bundles that say the kernel lost events before them");
	warn_n(pf, "perfetto-clock-snapshot-unusable", pf->clk.unusable,
	       "clock snapshots with fewer than two builtin clocks: nothing to relate");
	warn_n(pf, "perfetto-ftrace-clock-mixed", pf->clk.mixed,
	       "ftrace bundles on another ftrace clock than the trace's first: their clock pairs not used");
}

/* The loss the trace records, as counted warnings, and its "source"
 * lines for stats.  0, or -1 out of memory. */
static int report_source(struct pf *pf)
{
	struct tm_pf_loss l;
	struct tm_pf_totals t = {
		pf->packets, pf->bundles, pf->events, pf->clk.snapshots,
		tm_hmap_count(pf->procs), tm_hmap_count(pf->tgids), pf->lost_bundles,
	};

	tm_pf_stats_loss(pf->st, &l);
	warn_n(pf, "perfetto-ftrace-overrun", l.overrun + l.commit_overrun + l.dropped_events,
	       "ftrace events the kernel lost (FtraceStats: overrun, commit_overrun, "
	       "dropped_events from the trace's start to its end)");
	warn_n(pf, "perfetto-packets-dropped", l.packets_dropped,
	       "packets after a loss on their sequence (previous_packet_dropped)");
	warn_n(pf, "perfetto-incremental-state-lost", l.packets_state_lost,
	       "packets that need incremental state their sequence had lost or never set up");
	return tm_pf_stats_report(pf->st, &t, pf->in);
}

/* ---- the process dump ---------------------------------------------------- */

/* Processes (pid, ppid, name) and threads (tgid, tid, name) as `ps`
 * tables a PROCESS DUMP reader takes; a process or main thread whose name
 * the trace does not give is left out of the names (a thread row still
 * gives its process). */
static void write_process_dump(struct pf *pf)
{
	size_t it = 0;
	const char *key;
	struct proc *p;
	struct view name;
	int32_t *tgid, id;

	put(pf, "PROCESS DUMP\nUSER PID PPID NAME\n", 32);
	while ((p = tm_hmap_next(pf->procs, &it, &key, NULL))) {
		memcpy(&id, key, sizeof(id));
		name = p->name.n ? p->name : tid_name(pf, id);
		if (name.p == (const uint8_t *)unknown_comm)
			continue;
		putf(pf, "? %d %d ", id, p->ppid);
		put_text(pf, name);
		put(pf, "\n", 1);
	}
	put(pf, "USER PID TID CMD\n", 17);
	it = 0;
	while ((tgid = tm_hmap_next(pf->tgids, &it, &key, NULL))) {
		memcpy(&id, key, sizeof(id));
		name = tid_name(pf, id);
		if (id == *tgid && name.p == (const uint8_t *)unknown_comm)
			continue;
		putf(pf, "? %d %d ", *tgid, id);
		put_text(pf, name);
		put(pf, "\n", 1);
	}
}

/* ---- the reader ---------------------------------------------------------- */

static void recbuf_free(struct recbuf *b)
{
	free(b->r);     /* (ix and tmp with it: recbuf_grow) */
}

static void pf_free(struct pf *pf)
{
	tm_hmap_free(pf->names);
	tm_hmap_free(pf->tgids);
	tm_hmap_free(pf->procs);
	tm_hmap_free(pf->syms);
	tm_hmap_free(pf->unknown);
	tm_pftrack_free(pf->track);
	tm_pf_stats_free(pf->st);
	for (unsigned c = 0; c < 13; c++)
		free(pf->col[c].v);
	free(pf->itab);
	for (size_t i = 0; i < pf->ncpus; i++)
		free(pf->cch[i].id);
	free(pf->cch);
	free(pf->cpus);
	free(pf->lname);
	for (size_t i = 0; i < pf->npool; i++)
		recbuf_free(&pf->pool[i]);
	free(pf->pool);
	free(pf->freebuf);
	free(pf->bun);
	free(pf->chains);
	free(pf->heap);
	free(pf->symold);
	free(pf->tcache);
	tm_pf_clocks_free(&pf->clk);
	if (pf->buf)
		tm_big_free(pf->buf, pf->cap);
}

/* Pass 1, and what is known from it alone: the warnings, the source's
 * counts.  0, or -1 with the input's error set. */
static int first_pass(struct pf *pf, const char *p, size_t len)
{
	if (read_packets(pf, (const uint8_t *)p, (const uint8_t *)p, len))
		return -1;
	report_unknown(pf);
	return report_source(pf);
}

/* The text's head: the header (its count of lines from pass 1), the
 * clock records, the legend. */
static void put_head(struct pf *pf)
{
	char hdr[512];

	put(pf, hdr, format_header(pf, pf->lines, hdr, sizeof(hdr)));
	put_clock_header(pf);
}

/* The text's end (pass 2 done): 0, or -1 with the input's error set when
 * its buffer could not grow or the lines are not those pass 1 counted. */
static int text_ended(struct pf *pf)
{
	if (pf->nomem && pf->cap >= pf->room) {
		tm_input_fail(pf->in, "its text would pass %zu bytes: not read", pf->room);
		return -1;
	}
	if (pf->nomem) {
		errno = pf->nomem_err;
		tm_input_fail_big(pf->in, "converting the Perfetto trace");
		return -1;
	}
	if (pf->written != pf->lines) {
		tm_input_fail(pf->in, "internal error: %zu lines written of the %zu counted",
			      pf->written, pf->lines);
		return -1;
	}
	return 0;
}

/* PF's tables for input IN: 0, or -1 with the input's error set. */
static int pf_init(struct pf *pf, struct tm_input *in)
{
	pf->in = in;
	in->format = TM_FMT_PERFETTO;
	tm_pf_clocks_init(&pf->clk);
	pf->names = tm_hmap_new(sizeof(struct view));
	pf->tgids = tm_hmap_new(sizeof(int32_t));
	pf->procs = tm_hmap_new(sizeof(struct proc));
	pf->syms = tm_hmap_new(sizeof(struct sym));
	pf->unknown = tm_hmap_new(sizeof(uint64_t));
	pf->track = tm_pftrack_new();
	pf->st = tm_pf_stats_new();
	pf->lname = calloc(LNAME, sizeof(*pf->lname));
	if (!pf->lname || !pf->names || !pf->tgids || !pf->procs || !pf->syms || !pf->unknown ||
	    !pf->track || !pf->st)
		return nomem(pf);
	return 0;
}

/* ---- the text written beside the first pass ----------------------------- */

struct tm_pf_text {
	struct pf pf;
};

/* The process dump (pass 1's names and tgids) as a block of its own: the
 * text's buffer still grows.  0, or -1 with the input's error set. */
static int process_dump_apart(struct pf *pf)
{
	char *text = pf->buf, *dump;
	size_t len = pf->len, cap = pf->cap;
	int rc = 0;

	pf->buf = NULL;
	pf->len = pf->cap = 0;
	pf->fixed = false;
	write_process_dump(pf);
	dump = pf->buf;
	if (pf->nomem) {
		errno = pf->nomem_err;
		tm_input_fail_big(pf->in, "converting the Perfetto trace");
		if (dump)
			tm_big_free(dump, pf->cap);
		rc = -1;
	} else if (tm_input_keep_big(pf->in, dump, pf->cap) ||
		   tm_input_add_block(pf->in, TM_BLOCK_PROCESS_DUMP, dump, pf->len, 0,
				      "perfetto")) {
		rc = -1;
	}
	pf->buf = text;
	pf->len = len;
	pf->cap = cap;
	pf->fixed = true;
	return rc;
}

/* Pass 1, with the text's buffer made ready for the lines it counts by
 * the thread BESIDE lends (or none) meanwhile: first_pass()'s result. */
static int first_pass_beside(struct pf *pf, const char *p, size_t len, struct tm_beside *beside)
{
	struct tm_big_prefill f = { .buf = pf->buf };
	int rc;

	if (!beside || !beside->start(beside, tm_big_prefill_run, &f))
		return first_pass(pf, p, len);
	pf->prefill = &f;
	rc = first_pass(pf, p, len);
	pf->prefill = NULL;
	tm_big_prefill_stop(&f);
	beside->join(beside);
	return rc;
}

int tm_perfetto_begin(struct tm_input *in, const char *p, size_t len, char *buf, size_t room,
		      struct tm_beside *beside, struct tm_pf_text **out)
{
	struct tm_pf_text *t = calloc(1, sizeof(*t));
	struct pf *pf;

	*out = NULL;
	if (!t) {
		tm_input_fail(in, "out of memory");
		return -1;
	}
	pf = &t->pf;
	pf->buf = buf;
	pf->fixed = true;
	pf->room = room;
	if (pf_init(pf, in) || first_pass_beside(pf, p, len, beside))
		goto fail;
	put_head(pf);
	if (pf->nomem) {
		text_ended(pf);
		goto fail;
	}
	if (tm_input_add_block(in, TM_BLOCK_FTRACE, buf, pf->len, 0, "perfetto") ||
	    (tm_hmap_count(pf->tgids) && process_dump_apart(pf)) ||
	    tm_pftrack_finish(pf->track, in))
		goto fail;
	/* pass 2's errors, until tm_pf_text_end */
	tm_diag_init(&pf->diag);
	pf->errin = (struct tm_input){ .name = in->name, .unmapped = in->unmapped,
				       .d = &pf->diag };
	pf->in = &pf->errin;
	*out = t;
	return 0;
fail:
	pf->buf = NULL;         /* the caller's */
	pf_free(pf);
	free(t);
	return -1;
}

int tm_pf_text_run(struct tm_pf_text *t, struct tm_grow *g, const bool *stop)
{
	struct pf *pf = &t->pf;

	pf->grow = g;
	pf->stop = stop;
	pf->published = pf->len;
	pf->ret = write_merged(pf);
	if (!g)
		pf->published = pf->len;
	else if (pf->ret || pf->nomem || pf->written != pf->lines)
		tm_grow_stop(g);
	else
		tm_grow_end(g, pf->len);
	return pf->ret;
}

int tm_pf_text_end(struct tm_pf_text *t, struct tm_input *in, size_t *len)
{
	struct pf *pf = &t->pf;

	*len = pf->published;
	pf->in = in;
	tm_diag_absorb(in->d, &pf->diag);       /* (pass 2 warns of nothing now) */
	if (pf->ret) {
		/* (said of the stand-in, with the input's name: as it is) */
		if (pf->diag.error[0])
			tm_diag_error(in->d, "%s", pf->diag.error);
		else
			tm_input_fail(in, "converting the Perfetto trace: stopped");
		return -1;
	}
	if (text_ended(pf))
		return -1;
	*len = pf->len;
	return 0;
}

void tm_pf_text_free(struct tm_pf_text *t)
{
	if (!t)
		return;
	tm_diag_free(&t->pf.diag);
	t->pf.buf = NULL;       /* the caller's */
	pf_free(&t->pf);
	free(t);
}

/* The address space a trace's text may grow in, in place (no memory until
 * written): no limit in practice (the scratch file system's room is);
 * where that much cannot be had (under the sanitizers and valgrind), as
 * much as a gzip input of LEN bytes may inflate to without a limit set
 * (tm_decode_ratio_cap): a text that would pass it is an error. */
#define TEXT_ROOM ((size_t)1 << 40)

char *tm_pf_text_buffer(size_t len, size_t *room)
{
	char *buf = tm_big_fixed_alloc(*room = TEXT_ROOM);

	if (buf)
		return buf;
	return tm_big_fixed_alloc(*room = tm_decode_ratio_cap(len));
}

int tm_perfetto_read(struct tm_input *in, const char *p, size_t len)
{
	size_t room, block = in->nblocks;
	char *buf = tm_pf_text_buffer(len, &room);
	struct tm_pf_text *t;
	int rc;

	if (!buf) {
		tm_input_fail_big(in, "converting the Perfetto trace");
		return -1;
	}
	if (tm_input_keep_fixed(in, buf) || tm_perfetto_begin(in, p, len, buf, room, NULL, &t))
		return -1;
	tm_pf_text_run(t, NULL, NULL);
	rc = tm_pf_text_end(t, in, &in->blocks[block].len);
	tm_pf_text_free(t);
	return rc;
}
