/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * kernel-scan.h - one pass over an input's kernel text, accounting for every line.
 *
 * tm_kscan_input() walks every block of an input: ftrace blocks line by line
 * (each line handed to an optional callback, e.g. the import writer),
 * PROCESS DUMP blocks for process names; other blocks are counted and kept.
 * Meanwhile struct tm_kstats gathers what `stats` reports: line accounting,
 * events by name, CPUs, tasks, time span, clock-sync markers, atrace slices,
 * rejected lines with their locations (in the diag).
 */
#ifndef TM_KSCAN_H
#define TM_KSCAN_H

#include "budget.h"
#include "ftrace-internal.h"
#include "hash-map.h"
#include "task-state.h"
#include "tracemerge/atrace.h"
#include "tracemerge/diag.h"
#include "tracemerge/ftrace.h"
#include "tracemerge/input.h"

/* Where a task's tgid was learned, weakest first.  A tgid from one source
 * replaces one from the same or a weaker source, never one from a stronger
 * source (kernel-scan.c: learn_tgid, the one place that sets it):
 *   TM_TGID_COLUMN   a number in the TGID column of one of the task's lines
 *   TM_TGID_TASK     a PROCESS DUMP row (a process row: its own tgid; a
 *                    thread row: its process), task_newtask (without
 *                    CLONE_THREAD its own tgid; with it, its creator's,
 *                    when that is known from a TASK source or better)
 *   TM_TGID_PAYLOAD  the tgid (> 0) of an atrace B, E or I payload the task
 *                    wrote: those slices are the writer's own
 * C, S/F, N, G/H and T/U payloads never say where their writer is: their
 * tgid names the process that owns the counter or async slice, and kernel
 * threads and drivers write them for other processes (C|1|...). */
enum tm_tgid_source {
	TM_TGID_NONE = 0,
	TM_TGID_PAYLOAD,
	TM_TGID_TASK,
	TM_TGID_COLUMN,
};

struct tm_task {
	bool init;
	int32_t tgid;           /* -1 unknown */
	uint8_t tgid_from;      /* enum tm_tgid_source of tgid */
	int32_t thread_of;      /* task_newtask with CLONE_THREAD: the creator's
				 * pid, its process to be taken at the end; -1 */
	bool named;
	char comm[64];          /* valid UTF-8 */
	char comm_in[24];       /* the name as read, when shorter (comm_in_len) */
	size_t comm_in_len;
	bool comm_pending;      /* comm is still to be made from comm_in */
	uint64_t events;
	int32_t open_slices;    /* atrace B without E on this thread */
};

struct tm_proc {
	char name[128];         /* from PROCESS DUMP; empty: none given */
};

struct tm_dump_thread {
	char name[64];          /* from PROCESS DUMP; empty: none given */
};

struct tm_sync_marker {
	enum tm_clock_sync_kind kind;
	int64_t ts_ns;          /* ftrace time of the marker line */
	int8_t ts_digits;       /* its fraction digits (-1: counter clock) */
	int64_t value_ns;       /* parent_ts / realtime_ts value */
	char id[64];            /* name=ID */
	char where[256];
	bool sentinel;          /* systrace's appended "dummy-0000 [000] 0.0: 0:
				 * trace_event_clock_sync: parent_ts=0.0" */
};

struct tm_atrace_stats {
	uint64_t by_kind[TM_AT_CLOCK_SYNC + 1];
	uint64_t slices_closed, end_unmatched;
	uint64_t async_closed, async_end_unmatched;
};

#define TM_NAME_CACHE 32
#define TM_PID_CACHE 256

struct tm_pid_cache {
	int32_t pid;
	struct tm_task *task;   /* value in tasks; NULL = empty */
};
#define TM_CPU_DIRECT 256

struct tm_name_cache {
	char name[32];
	size_t len;
	uint64_t *count;        /* value in names; NULL = empty */
};

struct tm_kstats {
	const char *name;       /* input name used in locations */
	/* line accounting: lines = blank+header+noise+events+continuation+graph+rejected */
	uint64_t lines, blank, header, noise, events, continuation, graph, rejected;
	uint64_t blocks[TM_BLOCK_OTHER + 1]; /* by kind: all counted before the first
					      * line's callback */
	struct tm_hmap *names;  /* event name (tm_name_key) -> uint64_t */
	struct tm_hmap *tasks;  /* int32 pid -> struct tm_task */
	/* the tables' caps (budget.h; init sets them, tests may lower them
	 * before the scan) and the events that came past them */
	size_t max_names, max_tasks;
	uint64_t names_other;   /* events whose name the full names table lacks */
	uint64_t tasks_other;   /* events of tasks the full tasks table lacks:
				 * not followed (name, tgid, slices) */
	uint64_t cpus_other;    /* events of CPU numbers past TM_MAX_CPUS */
	uint64_t async_other;   /* atrace S/F past TM_MAX_ASYNC open async
				 * slices: not paired */
	struct tm_hmap *procs;  /* int32 pid -> struct tm_proc (PROCESS DUMP) */
	struct tm_hmap *dump_tgids; /* int32 tid -> int32 tgid (PROCESS DUMP rows) */
	struct tm_hmap *dump_threads; /* int32 {tid, tgid} -> struct tm_dump_thread:
				       * every thread row of PROCESS DUMP blocks */
	struct tm_hmap *async;  /* "tgid|name|cookie" -> int64_t open count (> 0) */
	struct tm_hmap *cpus;   /* int32 cpu -> uint64_t events */
	int64_t ts_min, ts_max;
	bool have_ts, counter_clock;
	uint64_t ts_backwards;  /* events stamped earlier than the one before them */
	uint64_t sentinels;     /* systrace sentinel lines: events (line accounting,
				 * names, cpus), but no time, task or order */
	int64_t block_last_ts;  /* last event time of the current ftrace block */
	bool block_have_ts;
	struct tm_sync_marker *markers;
	size_t nmarkers, markers_cap;
	struct tm_atrace_stats at;
	struct tm_ftrace_header hdr; /* of the first ftrace block */
	bool have_hdr;
	uint64_t ftrace_blocks;
	/* sched_switch lines in trace-cmd report -R's raw form, and their
	 * prev_state numbers (which table prints them) */
	uint64_t raw_switches;
	struct tm_task_state_guess task_guess;
	struct tm_diag *diag;   /* rejected lines and other warnings */
	struct tm_name_cache name_cache[TM_NAME_CACHE];
	uint64_t *cpu_count[TM_CPU_DIRECT]; /* values in cpus, for small cpu ids */
	struct tm_pid_cache pid_cache[TM_PID_CACHE];
};

int tm_kstats_init(struct tm_kstats *st, const char *name, struct tm_diag *d);
void tm_kstats_free(struct tm_kstats *st);

struct tm_canon_pre;

/* Called for each line of each ftrace block (with its facts,
 * ftrace-internal.h), after it was counted in ST; PRE: the line's
 * canonical prefix, made ahead on another core (line-feed.h), or NULL. */
typedef void (*tm_kscan_cb)(void *ctx, struct tm_kstats *st, const struct tm_fline *l,
			    const struct tm_canon_pre *pre, const struct tm_block *b,
			    size_t block_index);

/* Walk every block of IN.  Returns 0, or -1 on allocation failure (or, IN
 * opened with its inflate beside (input-ahead.h), its inflate's error in
 * st->diag: the block is read as it is inflated, and settled
 * (tm_input_settle) once read; until then a callback's B has the length
 * of the part first published only). */
int tm_kscan_input(struct tm_input *in, struct tm_kstats *st, tm_kscan_cb cb,
		   void *ctx);

/* Read the JSON blocks of an input, for CTX: warnings and error into D.
 * 0 or -1 (d->error, or empty: out of memory). */
typedef int tm_kscan_json_fn(void *ctx, struct tm_diag *d);

/* The first pass of IN: tm_kscan_input(IN, ST, CB, CTX), then JSON(JCTX,
 * st->diag) for its JSON blocks, so that the warnings come in that order.
 * A JSON block still inflated (tm_input_block_grow, input-ahead.h) is read
 * first, as it comes, its warnings and error held back; then the input is
 * settled (tm_input_settle: the inflate's error, or the systemTraceEvents
 * block added) and its kernel blocks read, and the JSON's warnings and
 * error follow theirs, as the whole text gives them.  0, or -1 (the error
 * in st->diag, or empty: out of memory). */
int tm_kscan_first_pass(struct tm_input *in, struct tm_kstats *st, tm_kscan_cb cb, void *ctx,
			tm_kscan_json_fn *json, void *jctx);

/* Does ST hold a trace: kernel events, or a list of processes and threads
 * alone (a PROCESS DUMP, a Perfetto process tree), whose names are written
 * as a trace's are? */
static inline bool tm_kstats_holds_trace(const struct tm_kstats *st)
{
	return st->events > 0 || (st->dump_threads && tm_hmap_count(st->dump_threads) > 0);
}

/* The rows of PROCESS DUMP block B into ST (procs, dump_tgids,
 * dump_threads; kernel-dump.c). */
void tm_kscan_dump(struct tm_kstats *st, const struct tm_block *b);

/* "file:line" of line LINENO of block B (or "file(origin):line"). */
void tm_kscan_where(char *buf, size_t cap, const char *name,
		    const struct tm_block *b, unsigned long lineno);

/* Best known tgid for PID (-1 unknown): the one from the strongest source
 * (enum tm_tgid_source); final once tm_kscan_input has returned. */
int32_t tm_kstats_tgid(struct tm_kstats *st, int32_t pid);

/* Is PID a task that the full tasks table could not take (its events are
 * counted in tasks_other; its tgid stays unknown for good)? */
bool tm_kstats_untracked(const struct tm_kstats *st, int32_t pid);

#endif
