/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* kernel-events-int.h - state shared by the parts of the kernel event converter
 * (kernel-events.c core and writer, kernel-events-sched.c, kernel-events-atrace.c,
 * kernel-events-misc.c). */
#ifndef TM_KEVENTS_INT_H
#define TM_KEVENTS_INT_H

#include "buf.h"
#include "hash-map.h"
#include "kernel-events.h"

/* Synthetic tracks: one "CPUs" process, a thread per CPU and one per CPU
 * for interrupts; each real thread's state slices on tid + STATE_OFF.  The
 * ids lie above any kernel pid (pid_max <= 2^22). */
#define KEV_CPU_PID   2100000000
#define KEV_MAX_CPU   65536
#define KEV_CPU_TID(c) (KEV_CPU_PID + 1 + 2 * (c))
#define KEV_IRQ_TID(c) (KEV_CPU_PID + 2 + 2 * (c))
#define KEV_STATE_OFF 1000000000
#define KEV_IRQ_DEPTH 16
#define KEV_WQ_DEPTH  4

struct tm_kev_irq {
	int64_t ts;
	char kind;               /* 'h' hardirq, 's' softirq, 'i' ipi */
	int32_t num;             /* irq / vec */
	char name[64];
};

struct tm_kev_cpu {
	bool running;            /* a task was switched in at a known time */
	int32_t pid, tid;        /* the task (JSON ids) */
	int64_t since;
	char comm[64];
	int32_t prio;
	struct tm_kev_irq irq[KEV_IRQ_DEPTH];
	int nirq;
	bool named;
};

struct tm_kev_flow {            /* a wakeup whose wakee ran: waker -> wakee */
	int64_t wake_ts, run_ts;
	int32_t waker_pid, waker_tid, wakee_pid, wakee_tid;
	char event[20];
};

#define KEV_FLOWS_OUT 8

/* What a thread holds only at times, apart so that the many threads that
 * hold none of it cost little (tm_kev_more; freed when empty). */
struct tm_kev_more {
	char blocked[96];        /* sched_blocked_reason caller */
	struct tm_kev_flow out[KEV_FLOWS_OUT]; /* its wakeups waiting for its own
					     * Running slice to end */
	int nout;
	int nwq;                 /* workqueue items open */
	int64_t wq_ts[KEV_WQ_DEPTH];
	char wq_fn[KEV_WQ_DEPTH][80];
};

struct tm_kev_thread {
	int32_t pid;             /* JSON pid (its process) */
	bool have_state;         /* state known since `since` */
	int64_t since;
	char state[24];          /* "Running", or the prev_state letters, "R" */
	int32_t cpu;             /* Running: where */
	int8_t io_wait;          /* -1 unknown */
	int32_t b_depth;         /* atrace B open */
	int32_t b_pid;           /* pid of the last B (for E) */
	bool wake;               /* a wakeup waits for the next run */
	int64_t wake_ts;
	int32_t waker_pid, waker_tid;
	bool waker_bound;        /* the waker's Running slice encloses wake_ts */
	int32_t wake_cpu;
	char wake_event[20];
	bool ready;              /* woke and ran: flow waits for the Running
				  * slice to end (viewers bind no flow to an
				  * unfinished slice) */
	struct tm_kev_flow fl;
	bool named_state, named_thread;
	struct tm_kev_more *more;   /* NULL: none of it */
	char comm[64];           /* for the state track's name */
};

struct tm_kev_async {
	int64_t ts;
	int32_t pid, tid;
	char name[128];
	char cat[64];
};

struct tm_kev {
	tm_kev_emit_fn emit;
	void *ctx;
	struct tm_diag *d;
	struct tm_buf b;         /* the object being written */
	struct tm_buf tmp;
	bool in_args;
	struct tm_hmap *cpus;    /* int32 cpu -> struct tm_kev_cpu */
	struct tm_hmap *threads; /* int32 tid (JSON id) -> struct tm_kev_thread */
	struct tm_hmap *async;   /* pid|kind|name|cookie -> struct tm_kev_async */
	struct tm_hmap *named;   /* int32 pid -> bool: process named by us */
	uint64_t flow_id, async_id;
	/* the event being converted */
	const struct tm_kev_src *src;  /* &cur: a copy of the caller's */
	struct tm_kev_src cur;
	const struct tm_block *blk;
	unsigned long lineno;
	const struct tm_ftrace_event *ev;
	int64_t ts;
	int32_t pid, tid;        /* JSON ids of the line's task */
	/* counts */
	uint64_t written, in;
	uint64_t cpu_slices, state_slices, flows, wake_instants, cpu_open, states_open;
	uint64_t slices_b, slices_e, e_unmatched, b_unterminated;
	uint64_t async_b, async_e, async_unmatched, async_unterminated;
	uint64_t counters, instants, atrace_instants, atrace_invalid;
	uint64_t irq_slices, irq_unmatched, irq_unterminated;
	uint64_t wq_slices, wq_unmatched, irq_wq_open;
	uint64_t lifetimes, unparsed, backwards;
	bool oom;
};

/* kernel-events.c: writing one object */
void tm_kev_obj(struct tm_kev *kv, const char *ph, const char *cat, int32_t pid, int32_t tid,
	     int64_t ts);
void tm_kev_name(struct tm_kev *kv, const char *p, size_t n);
void tm_kev_names(struct tm_kev *kv, const char *s);
void tm_kev_dur(struct tm_kev *kv, int64_t dur);
void tm_kev_span(struct tm_kev *kv, int64_t begin, int64_t end);
void tm_kev_raw(struct tm_kev *kv, const char *s);
void tm_kev_arg_s(struct tm_kev *kv, const char *key, const char *p, size_t n);
void tm_kev_arg_i(struct tm_kev *kv, const char *key, int64_t v);
void tm_kev_arg_num(struct tm_kev *kv, const char *key, const char *num);
void tm_kev_emit(struct tm_kev *kv);
void tm_kev_warn(struct tm_kev *kv, const char *kind, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* ids */
int32_t tm_kev_id(const struct tm_kev *kv, int32_t pid);     /* move by --pid-offset */
int32_t tm_kev_pid_of(const struct tm_kev *kv, int32_t pid); /* JSON pid of kernel pid */
struct tm_kev_thread *tm_kev_thread(struct tm_kev *kv, int32_t tid);
struct tm_kev_thread *tm_kev_task(struct tm_kev *kv, int32_t pid); /* by kernel pid */
struct tm_kev_cpu *tm_kev_cpu(struct tm_kev *kv, int32_t cpu);
/* T's tm_kev_more, allocated when first needed (NULL and kv->oom when out of
 * memory). */
struct tm_kev_more *tm_kev_more(struct tm_kev *kv, struct tm_kev_thread *t);
/* T's tm_kev_more freed if it holds nothing (no blocked reason, flows, work). */
void tm_kev_more_trim(struct tm_kev_thread *t);
void tm_kev_name_cpu(struct tm_kev *kv, int32_t cpu, struct tm_kev_cpu *c);
void tm_kev_instant(struct tm_kev *kv, const char *cat, int32_t pid, int32_t tid);

/* details "key=value" fields */
bool tm_kev_field(struct tm_str d, const char *key, const char *next, struct tm_str *v);
bool tm_kev_field_i(struct tm_str d, const char *key, int64_t *v);
void tm_kev_cpy(char *dst, size_t cap, struct tm_str s);

/* kernel-events-sched.c */
void tm_kev_sched_switch(struct tm_kev *kv);
void tm_kev_sched_wakeup(struct tm_kev *kv);
void tm_kev_sched_blocked(struct tm_kev *kv);
void tm_kev_sched_life(struct tm_kev *kv);
void tm_kev_sched_finish(struct tm_kev *kv);

/* kernel-events-atrace.c */
void tm_kev_atrace(struct tm_kev *kv);
void tm_kev_atrace_finish(struct tm_kev *kv);

/* kernel-events-misc.c: counters, interrupts, workqueues; true if handled */
bool tm_kev_misc(struct tm_kev *kv);
void tm_kev_misc_finish(struct tm_kev *kv);

#endif
