/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-int.h - the Perfetto reader's state (perfetto.c), shared by its
 * files, and the small helpers they all use:
 *
 *   perfetto.c        the input: sniffing, the two passes run, the text's
 *                     head, what the trace says it lost
 *   perfetto-read.c   pass 1 over the packets; a bundle's events and
 *                     compact sched decoded into records (pass 2 decodes a
 *                     bundle again with the same code)
 *   perfetto-names.c  the tasks' names and tgids, processes, interned
 *                     kernel symbols
 *   perfetto-order.c  the index of the bundles (chains) and pass 2's merge
 *                     of them by time
 *   perfetto-lines.c  a record as a line of the text; the process dump
 *
 * parsers' own: nothing outside these files includes it.
 */
#ifndef TM_PARSERS_PERFETTO_INT_H
#define TM_PARSERS_PERFETTO_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "hash-map.h"
#include "perfetto-clock.h"
#include "perfetto-events.h"
#include "perfetto-wire.h"
#include "task-state.h"
#include "tracemerge/diag.h"

struct tm_big_prefill;
struct tm_grow;
struct tm_pftrack;
struct tm_pf_stats;

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
	struct tm_hmap *born;   /* pass 1: tid -> struct born (task_newtask) */
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
	enum tm_task_states task_states; /* how its kernel prints prev_state */
	bool has_release;       /* system_info gave the kernel's release */
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

/* A task made by task_newtask (pass 1). */
struct born {
	int32_t creator;        /* the task that ran the task_newtask */
	bool thread;            /* CLONE_THREAD: in its creator's process */
};

/* Set the input's error for wire error E. */
static inline int wire_fail(struct pf *pf, const struct tm_pb_error *e)
{
	if (pf->depth)
		tm_input_fail_byte(pf->in, pf->zat,
				   "compressed_packets: byte %zu of the inflated packets: %s",
				   e->at, e->what);
	else
		tm_input_fail_byte(pf->in, e->at, "%s", e->what);
	return -1;
}

static inline int nomem(struct pf *pf)
{
	tm_input_fail(pf->in, "out of memory");
	return -1;
}

static inline struct view view_of(const struct tm_pb_field *f)
{
	return (struct view){ f->data, f->len > UINT32_MAX ? UINT32_MAX : (uint32_t)f->len };
}

/* Count one more of *N, in pass 1 only (pass 2 reads the same again). */
static inline void count(struct pf *pf, uint64_t *n)
{
	if (!pf->pass2)
		++*n;
}

/* The name of TID is NAME from now on (the last the trace gives is
 * written).  0, or -1 out of memory. */
static inline int learn_name(struct pf *pf, int64_t tid, struct view name)
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

/* What to do with one message field NUM (its bytes SUB): 0, or -1 with the
 * input's error set. */
typedef int (*sub_fn)(struct pf *pf, const struct tm_pb *sub, uint32_t num);

/* The field of event FIELD (table entry D, or none) that names a kernel
 * symbol, or 0. */
static inline uint32_t event_symbol_field(uint32_t field, const struct tm_pf_event *d)
{
	if (field == PF_EV_SCHED_BLOCKED_REASON)
		return PF_BLOCKED_CALLER;
	return d ? tm_pf_event_symbol_field(d) : 0;
}

/* The table's event of FtraceEvent field FIELD (tm_pf_event), looked up
 * once a field below EVENT_CACHE. */
static inline const struct tm_pf_event *event_of(struct pf *pf, uint32_t field)
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
static inline uint32_t symbol_field(struct pf *pf, uint32_t field)
{
	const struct tm_pf_event *d = event_of(pf, field);

	return field < EVENT_CACHE ? pf->ev[field].sym : event_symbol_field(field, d);
}

/* Does an FtraceEvent of field FIELD have a line in the text?  The four
 * put_event writes itself, and those of the table (put_typed): the one
 * rule of pass 1's count (note_line) and of pass 2's writing (tm_pf_lines_write). */
static inline bool has_text(struct pf *pf, uint32_t field)
{
	return field == PF_EV_PRINT || field == PF_EV_SCHED_SWITCH ||
	       field == PF_EV_SCHED_BLOCKED_REASON || field == PF_EV_GENERIC ||
	       event_of(pf, field);
}

/* ---- perfetto-read.c ---- */

/* ARR (N elements of SIZE bytes used of *CAP) with room for one more:
 * itself, or moved (its capacity doubled, from FIRST), or NULL out of
 * memory (ARR and *CAP unchanged). */
void *tm_pf_read_room(void *arr, size_t n, size_t *cap, size_t size, size_t first);

/* FN for each length-delimited field of M numbered NUM (0: any), in order;
 * 0, or -1 at the first failure (FN's, or a wire error). */
int tm_pf_read_each(struct pf *pf, const struct tm_pb *m, uint32_t num, sub_fn fn);
/* CPU's compact sched state (the CPUs' tables grown to it); NULL out of
 * memory or past 65535. */
struct cpu_state *tm_pf_read_cpu(struct pf *pf, uint32_t cpu);
/* An event or the compact sched of the bundle on CPU pf->cpu (a sub_fn). */
int tm_pf_read_bundle_part(struct pf *pf, const struct tm_pb *m, uint32_t num);
/* The packets of a Trace message [P, P+LEN) of the buffer at BASE. */
int tm_pf_read_packets(struct pf *pf, const uint8_t *base, const uint8_t *p, size_t len);

/* ---- perfetto-names.c ---- */

/* The symbol of field NUM (an interned kernel symbol's iid) of event
 * message M, into *SYM (unchanged when M has no such field). */
int tm_pf_names_symbol(struct pf *pf, const struct tm_pb *m, uint32_t num, struct view *sym);
/* A packet's ProcessTree, ProcessStats and InternedData (sub_fns). */
int tm_pf_names_tree(struct pf *pf, const struct tm_pb *m, uint32_t num);
int tm_pf_names_stats(struct pf *pf, const struct tm_pb *m, uint32_t num);
/* SystemInfo M: the kernel's release (pf->task_states, pf->has_release).
 * 0, or -1 with the input's error set. */
int tm_pf_names_system(struct pf *pf, const struct tm_pb *m, uint32_t num);
int tm_pf_names_interned(struct pf *pf, const struct tm_pb *m, uint32_t num);
/* The comm of TID: the last name the trace gives it, "<idle>" for 0, else
 * tm_pf_names_unknown. */
struct view tm_pf_names_of(struct pf *pf, int32_t tid);
/* Pass 1: task_newtask message M, run by task CREATOR: the new task's
 * creator and whether it is a thread of the creator's process. */
int tm_pf_names_newtask(struct pf *pf, const struct tm_pb *m, int64_t creator);
/* The end of pass 1: each task made by task_newtask that the process tree
 * and process stats give no tgid gets the kernel's: its creator's process
 * (with CLONE_THREAD) or its own, as Perfetto takes it. */
int tm_pf_names_born(struct pf *pf);
extern const char tm_pf_names_unknown[];

/* ---- perfetto-order.c ---- */

/* Note the bundle M on CPU whose records pass 1 just read (pf->one), its
 * CPU's compact sched state before it being *BEFORE: in the index of
 * bundles, at the end of a chain.  0, or -1 with the input's error set. */
int tm_pf_order_note(struct pf *pf, const struct tm_pb *m, uint32_t cpu,
		     const struct cpu_state *before);
/* Pass 2: every record of every bundle, in time order, as lines.  0, or
 * -1 with the input's error set. */
int tm_pf_order_write(struct pf *pf);

/* ---- perfetto-lines.c ---- */

/* Record R as a line of the text (none for an event without a text
 * form); 0, or -1 on a wire error. */
int tm_pf_lines_write(struct pf *pf, const struct rec *r);
/* N bytes S at the text's end (pf->nomem when it cannot grow). */
void tm_pf_lines_put(struct pf *pf, const void *s, size_t n);
/* Processes and threads as the `ps` tables of a PROCESS DUMP block. */
void tm_pf_lines_process_dump(struct pf *pf);

#endif
