/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* kernel-scan.c - account for every line of an input's kernel text (kernel-scan.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel-scan.h"
#include "progress.h"
#include "blank-run.h"
#include "canon.h"
#include "span.h"
#include "line-feed.h"
#include "decode.h"
#include "str.h"
#include "output.h"
#include "thread.h"

int tm_kstats_init(struct tm_kstats *st, const char *name, struct tm_diag *d)
{
	memset(st, 0, sizeof(*st));
	st->name = name;
	st->diag = d;
	st->names = tm_hmap_new(sizeof(uint64_t));
	st->tasks = tm_hmap_new(sizeof(struct tm_task));
	st->procs = tm_hmap_new(sizeof(struct tm_proc));
	st->dump_tgids = tm_hmap_new(sizeof(int32_t));
	st->dump_threads = tm_hmap_new(sizeof(struct tm_dump_thread));
	st->async = tm_hmap_new(sizeof(int64_t));
	st->cpus = tm_hmap_new(sizeof(uint64_t));
	st->max_names = TM_MAX_NAMES;
	tm_task_state_guess_init(&st->task_guess);
	st->max_tasks = TM_MAX_TASKS;
	if (!st->names || !st->tasks || !st->procs || !st->dump_tgids || !st->dump_threads ||
	    !st->async || !st->cpus) {
		tm_kstats_free(st);
		return -1;
	}
	return 0;
}

void tm_kstats_free(struct tm_kstats *st)
{
	tm_hmap_free(st->names);
	tm_hmap_free(st->tasks);
	tm_hmap_free(st->procs);
	tm_hmap_free(st->dump_tgids);
	tm_hmap_free(st->dump_threads);
	tm_hmap_free(st->async);
	tm_hmap_free(st->cpus);
	free(st->markers);
	memset(st, 0, sizeof(*st));
}

void tm_kscan_where(char *buf, size_t cap, const char *name,
		    const struct tm_block *b, unsigned long lineno)
{
	if (b->first_line)
		snprintf(buf, cap, "%s:%lu", name, b->first_line + lineno - 1);
	else if (b->origin[0])
		snprintf(buf, cap, "%s(%s):%lu", name, b->origin, lineno);
	else
		snprintf(buf, cap, "%s:%lu", name, lineno);
}

static void copy_str(char *dst, size_t cap, struct tm_str s)
{
	size_t n = s.n < cap - 1 ? s.n : cap - 1;
	if (n)
		memcpy(dst, s.p, n); /* s.p may be NULL when n == 0 */
	dst[n] = '\0';
}

static bool is_unknown_comm(struct tm_str c)
{
	return c.n == 5 && memcmp(c.p, "<...>", 5) == 0;
}

/* The task of PID if it is in the small cache of recent pids (map values
 * never move), else NULL: pairs of slots, PID's pair chosen by its low
 * bits, PID in the first slot of the pair or, when that one was taken,
 * in the second. */
static inline struct tm_task *cached_task(const struct tm_kstats *st, int32_t pid)
{
	size_t i = (uint32_t)pid % TM_PID_CACHE;
	const struct tm_pid_cache *c = &st->pid_cache[i], *c2;

	if (c->task && c->pid == pid)
		return c->task;
	c2 = &st->pid_cache[i ^ 1];
	return c2->task && c2->pid == pid ? c2->task : NULL;
}

/* The task of PID the first time the cache does not hold it: from the
 * map, created on first sight while the map is not full (else NULL), then
 * cached (in the second slot of its pair when only that one is free, else
 * in the first). */
static __attribute__((noinline)) struct tm_task *task_uncached(struct tm_kstats *st, int32_t pid)
{
	size_t i = (uint32_t)pid % TM_PID_CACHE;
	struct tm_pid_cache *c = &st->pid_cache[i], *c2 = &st->pid_cache[i ^ 1];
	bool full;
	struct tm_task *t = tm_hmap_get_capped(st->tasks, &pid, sizeof(pid), st->max_tasks, &full);

	if (t && !t->init) {
		t->init = true;
		t->tgid = -1;
		t->thread_of = -1;
	}
	if (t) {
		if (c->task && !c2->task)
			c = c2;
		c->pid = pid;
		c->task = t;
	}
	return t;
}

/* The task of PID, created on first sight (NULL past the cap, or out of
 * memory); the cache looked at first. */
static inline struct tm_task *task(struct tm_kstats *st, int32_t pid)
{
	struct tm_task *t = cached_task(st, pid);

	return t ? t : task_uncached(st, pid);
}

/* An event that a full table (names, tasks, async slices) could not take: counted in
 * *OTHER; the first one warns, naming the cap and what is not done. */
static void count_other(struct tm_kstats *st, uint64_t *other, const char *kind,
			size_t cap, const char *what, const char *then,
			const struct tm_block *b, unsigned long lineno)
{
	char where[256];

	if ((*other)++)
		return;
	tm_kscan_where(where, sizeof(where), st->name, b, lineno);
	tm_diag_warn(st->diag, kind, where, "more than %zu %s (the cap): %s", cap, what, then);
}

bool tm_kstats_untracked(const struct tm_kstats *st, int32_t pid)
{
	return pid >= 0 && tm_hmap_count(st->tasks) >= st->max_tasks &&
	       !tm_hmap_get_i32(st->tasks, pid, false);
}

/* learn_task_name for a name that is not the one T has (or no T). */
static __attribute__((noinline)) void learn_new_name(struct tm_task *t, struct tm_str comm)
{
	if (!t || comm.n == 0 || is_unknown_comm(comm))
		return;
	t->named = true;
	if (comm.n < sizeof(t->comm_in)) {
		memcpy(t->comm_in, comm.p, comm.n);
		t->comm_in_len = comm.n;
		t->comm_pending = true;
	} else {
		tm_utf8_copy(t->comm, sizeof(t->comm), comm.p, comm.n);
		t->comm_in_len = (size_t)-1;
		t->comm_pending = false;
	}
}

/* Learn a name for T; "<...>" never replaces a known name.  A name that
 * fits comm_in is kept as read, and made valid UTF-8 into comm once the
 * scan is over (end_names): names that change back and forth (pid 0 is
 * "<idle>" in the COMM column and "swapper/N" in sched_switch) are not
 * validated each time.  The name T has already (never empty, never
 * "<...>") is what comes most often: it is looked at first. */
static inline void learn_task_name(struct tm_task *t, struct tm_str comm)
{
	if (t && t->named && t->comm_in_len == comm.n && tm_mem_eq(t->comm_in, comm.p, comm.n))
		return;
	learn_new_name(t, comm);
}

/* Every task's comm from the name kept as read (learn_task_name). */
static void end_names(struct tm_kstats *st)
{
	struct tm_task *t;
	size_t it = 0;

	while ((t = tm_hmap_next(st->tasks, &it, NULL, NULL))) {
		if (t->comm_pending)
			tm_utf8_copy(t->comm, sizeof(t->comm), t->comm_in, t->comm_in_len);
		t->comm_pending = false;
	}
}

/* A name for PID read in another event's details: "<...>" (the kernel
 * had none) makes no task of a pid not seen before. */
static inline void learn_name(struct tm_kstats *st, int32_t pid, struct tm_str comm)
{
	if (pid >= 0 && comm.n && !is_unknown_comm(comm))
		learn_task_name(task(st, pid), comm);
}

/* TGID for T, learned from source FROM: it replaces what T has unless
 * that came from a stronger source (kernel-scan.h: enum tm_tgid_source). */
static inline void learn_tgid(struct tm_task *t, int32_t tgid, enum tm_tgid_source from)
{
	if (t && tgid >= 0 && from >= t->tgid_from) {
		t->tgid = tgid;
		t->tgid_from = (uint8_t)from;
	}
}

int32_t tm_kstats_tgid(struct tm_kstats *st, int32_t pid)
{
	struct tm_task *t = cached_task(st, pid);

	if (!t)
		t = tm_hmap_get_i32(st->tasks, pid, false);
	return t ? t->tgid : -1;
}

/* Value of "KEY=" in D, up to the next " NEXTKEY=" (or blank if NULL). */
static bool kv(struct tm_str d, const char *key, const char *next, struct tm_str *v)
{
	size_t kl = strlen(key);
	const char *e = d.p + d.n, *p = d.n ? tm_find_lit(d.p, e, key, kl) : NULL, *q;

	if (!p || (p > d.p && p[-1] != ' '))
		return false;
	p += kl;
	q = next ? tm_find_lit(p, e, next, strlen(next)) : memchr(p, ' ', (size_t)(e - p));
	*v = (struct tm_str){ p, (size_t)((q ? q : e) - p) };
	return true;
}

static int32_t str_i32(struct tm_str s)
{
	int64_t v = 0;

	if (s.n == 0 || s.n > 10)
		return -1;
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] < '0' || s.p[i] > '9')
			return -1;
		v = v * 10 + (s.p[i] - '0');
	}
	return v > INT32_MAX ? -1 : (int32_t)v;
}


/* At P: "COMM<TERM>PID..." (TL bytes of TERM, which starts with a blank):
 * learn COMM for PID, the digits up to the next blank (at most 10, no more
 * than INT32_MAX, else no pid); returns where PID's value ends, or NULL.
 * TERM is looked for blank by blank: its first place is at the first
 * blank that TERM follows. */
static inline const char *comm_pid(struct tm_kstats *st, const char *p, const char *e,
				   const char *term, size_t tl)
{
	const char *t = p, *v, *q;
	uint64_t pid = 0;

	for (;; t++) {
		if (!(t = tm_find_byte(t, e, ' ')) || (size_t)(e - t) < tl)
			return NULL;
		if (tm_mem_eq(t, term, tl))
			break;
	}
	v = q = t + tl;
	/* (past 10 digits the value wraps, unsigned, and is not used) */
	for (; q < e && (unsigned)(unsigned char)*q - '0' <= 9; q++)
		pid = pid * 10 + (unsigned)(unsigned char)*q - '0';
	if (q < e && *q != ' ') {
		/* not all digits */
		if (!(q = tm_find_byte(q, e, ' ')))
			q = e;
		return q;
	}
	if (q > v && q - v <= 10 && pid <= INT32_MAX)
		learn_name(st, (int32_t)pid, (struct tm_str){ p, (size_t)(t - p) });
	return q;
}

/* Names of other threads carried in sched event details.  The kernel's
 * layout ("prev_comm=... prev_pid=N ... next_comm=... next_pid=N",
 * "comm=... pid=N ...") is read in one walk; other layouts by key. */
static void learn_from_sched(struct tm_kstats *st, const struct tm_ftrace_event *ev)
{
	const char *e = ev->details.p + ev->details.n, *q;
	struct tm_str c, p;
	bool sw, wk;

	if (ev->name.n != 12 && ev->name.n != 16)
		return;   /* not sched_switch, sched_wakeup, _waking nor _wakeup_new */
	sw = TM_STR_IS(ev->name, "sched_switch");
	wk = !sw && tm_is_wakeup_event(ev->name);
	if (sw && TM_STR_STARTS(ev->details, "prev_comm=")) {
		q = comm_pid(st, ev->details.p + 10, e, " prev_pid=", 10);
		if (q && (q = tm_find_lit(q, e, " next_comm=", 11))) {
			/* a number before it, not " ==>": report -R's raw fields */
			if (q[-1] >= '0' && q[-1] <= '9' &&
			    tm_task_state_note_raw(&st->task_guess, ev->details.p, ev->details.n))
				st->raw_switches++;
			comm_pid(st, q + 11, e, " next_pid=", 10);
		}
	} else if (wk && TM_STR_STARTS(ev->details, "comm=")) {
		comm_pid(st, ev->details.p + 5, e, " pid=", 5);
	} else if (!(sw || wk) || !tm_find_lit(ev->details.p, e, "comm=", 5)) {
		return;   /* no name to read by key (trace-cmd's plugin forms) */
	} else if (sw) {
		if (kv(ev->details, "prev_comm=", " prev_pid=", &c) &&
		    kv(ev->details, "prev_pid=", NULL, &p))
			learn_name(st, str_i32(p), c);
		if (kv(ev->details, "next_comm=", " next_pid=", &c) &&
		    kv(ev->details, "next_pid=", NULL, &p))
			learn_name(st, str_i32(p), c);
	} else if (kv(ev->details, "comm=", " pid=", &c) && kv(ev->details, "pid=", NULL, &p)) {
		learn_name(st, str_i32(p), c);
	}
}

/* "0x"-less hexadecimal S (1 to 16 digits) into *V. */
static bool str_hex(struct tm_str s, uint64_t *v)
{
	*v = 0;
	if (s.n == 0 || s.n > 16)
		return false;
	for (size_t i = 0; i < s.n; i++) {
		char c = s.p[i];
		unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0') :
			     c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10) :
			     c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 16;
		if (d > 15)
			return false;
		*v = *v << 4 | d;
	}
	return true;
}

#define TM_CLONE_THREAD 0x00010000u

/* task_newtask ("pid=N comm=C clone_flags=HEX oom_score_adj=N", written by
 * the creator): a new process is its own tgid; a new thread (CLONE_THREAD)
 * is in its creator's process, taken now when known from a TASK source or
 * better, and at the end of the scan otherwise (end_tgids). */
static void learn_from_newtask(struct tm_kstats *st, const struct tm_ftrace_event *ev)
{
	struct tm_str p, f;
	struct tm_task *t, *creator;
	uint64_t flags;
	int32_t pid;

	if (!kv(ev->details, "pid=", NULL, &p) || (pid = str_i32(p)) <= 0 ||
	    !kv(ev->details, "clone_flags=", NULL, &f) || !str_hex(f, &flags) ||
	    !(t = task(st, pid)))
		return;
	if (!(flags & TM_CLONE_THREAD)) {
		learn_tgid(t, pid, TM_TGID_TASK);
		t->thread_of = -1;
		return;
	}
	t->thread_of = ev->pid;
	creator = ev->pid > 0 ? task(st, ev->pid) : NULL;
	if (creator && creator->tgid_from >= TM_TGID_TASK)
		learn_tgid(t, creator->tgid, TM_TGID_TASK);
}

static void add_marker(struct tm_kstats *st, const struct tm_atrace *a, int64_t ts,
		       int8_t digits, const char *where)
{
	struct tm_sync_marker *m;

	if (st->nmarkers == st->markers_cap) {
		size_t cap = st->markers_cap ? st->markers_cap * 2 : 16;
		struct tm_sync_marker *nm = realloc(st->markers, cap * sizeof(*nm));
		if (!nm)
			return;
		st->markers = nm;
		st->markers_cap = cap;
	}
	m = &st->markers[st->nmarkers++];
	memset(m, 0, sizeof(*m));
	m->kind = a->sync_kind;
	m->ts_ns = ts;
	m->ts_digits = digits;
	m->value_ns = a->sync_ns;
	tm_utf8_copy(m->id, sizeof(m->id), a->sync_id.p, a->sync_id.n);
	copy_str(m->where, sizeof(m->where), (struct tm_str){ where, strlen(where) });
}

/* Key of an async slice: (tgid, name, cookie). */
static size_t async_key(char *buf, size_t cap, const struct tm_atrace *a)
{
	int n = snprintf(buf, cap, "%d|%.*s|%.*s", a->tgid,
			 (int)(a->name.n > 200 ? 200 : a->name.n), a->name.p,
			 (int)(a->cookie.n > 200 ? 200 : a->cookie.n), a->cookie.p);
	return n < 0 ? 0 : (size_t)n >= cap ? cap - 1 : (size_t)n;
}

/* Does A, written by EV's task, say which process that task is in?  A B, E
 * or I payload with a tgid: the writer's own slice (Perfetto puts the
 * writer's thread into that process for these, and only for these); tgid 0
 * is "none", as for Perfetto, and the idle task (pid 0) is no process's. */
static bool payload_says_tgid(const struct tm_ftrace_event *ev, const struct tm_atrace *a)
{
	return a->has_tgid && a->tgid > 0 && ev->pid > 0 &&
	       (a->kind == TM_AT_BEGIN || a->kind == TM_AT_END || a->kind == TM_AT_INSTANT);
}

/* A marker event: parse its atrace payload and keep slice accounting. */
#define WHERE() (tm_kscan_where(where, sizeof(where), st->name, b, lineno), where)

static void scan_marker(struct tm_kstats *st, const struct tm_ftrace_event *ev,
			const struct tm_block *b, unsigned long lineno)
{
	char where[256];
	struct tm_atrace a;
	struct tm_task *t;
	char key[512];
	size_t kn;
	bool full;
	int64_t *open;

	tm_atrace_parse(ev->details.p, ev->details.n, &a);
	st->at.by_kind[a.kind]++;
	if (payload_says_tgid(ev, &a))
		learn_tgid(task(st, ev->pid), a.tgid, TM_TGID_PAYLOAD);
	switch (a.kind) {
	case TM_AT_INVALID:
		tm_diag_warn(st->diag, "invalid-atrace", WHERE(),
			     "malformed atrace payload (%s)", a.error ? a.error : "?");
		break;
	case TM_AT_BEGIN:
		if ((t = task(st, ev->pid)))
			t->open_slices++;
		break;
	case TM_AT_END:
		t = task(st, ev->pid);
		if (!t && tm_kstats_untracked(st, ev->pid))
			break;  /* its slices are not followed (tasks_other) */
		if (t && t->open_slices > 0) {
			t->open_slices--;
			st->at.slices_closed++;
		} else {
			st->at.end_unmatched++;
			tm_diag_warn(st->diag, "unmatched-end", WHERE(),
				     "atrace E without an open B on thread %d", ev->pid);
		}
		break;
	case TM_AT_ASYNC_BEGIN:
	case TM_AT_ASYNC_END:
		kn = async_key(key, sizeof(key), &a);
		open = tm_hmap_get_capped(st->async, key, kn,
					  a.kind == TM_AT_ASYNC_BEGIN ? TM_MAX_ASYNC : 0, &full);
		if (!open && (tm_hmap_count(st->async) >= TM_MAX_ASYNC ||
			      (a.kind == TM_AT_ASYNC_END && st->async_other))) {
			/* past the cap, or an F that may end a slice that was
			 * (once the table was full): not paired */
			count_other(st, &st->async_other, "too-many-async", TM_MAX_ASYNC,
				    "async slices open at once",
				    "the S and F of later ones are counted as others, not paired",
				    b, lineno);
		} else if (a.kind == TM_AT_ASYNC_BEGIN) {
			if (open)
				(*open)++;
		} else if (open && *open > 0) {
			/* closed: the entry goes, so that the table holds open slices only */
			if (!--*open)
				tm_hmap_del(st->async, key, kn);
			st->at.async_closed++;
		} else {
			st->at.async_end_unmatched++;
			tm_diag_warn(st->diag, "unmatched-async-end", WHERE(),
				     "atrace F without a matching S");
		}
		break;
	case TM_AT_CLOCK_SYNC:
		add_marker(st, &a, ev->ts_ns, ev->ts_digits, WHERE());
		break;
	default:
		break;
	}
}

/* Is C the cache slot of NAME?  Then it is counted. */
static inline bool name_cached(struct tm_name_cache *c, struct tm_str name)
{
	if (!c->count || c->len != name.n || !tm_mem_eq(c->name, name.p, name.n))
		return false;
	(*c->count)++;
	return true;
}

/* Event names repeat: they are matched in a small cache of pairs of slots
 * (the pair by length and three of the bytes; a name goes to the first
 * slot of its pair, or to the second when only that one is free) before
 * the map (the map's values never move, so their addresses can be kept).
 * The map is keyed by tm_name_key; false when it is full and lacks NAME. */
static bool count_name(struct tm_kstats *st, struct tm_str name)
{
	struct tm_name_cache *c = NULL, *c2;
	char kb[TM_NAME_KEY_MAX];
	const char *key;
	size_t kn;
	bool full;
	uint64_t *n;

	if (name.n && name.n <= sizeof(c->name)) {
		const unsigned char *b = (const unsigned char *)name.p;
		size_t i = (name.n * 7u + b[0] * 3u + b[name.n / 2] * 5u + b[name.n - 1]) %
			   TM_NAME_CACHE;

		c = &st->name_cache[i];
		if (name_cached(c, name))
			return true;
		c2 = &st->name_cache[i ^ 1];
		if (name_cached(c2, name))
			return true;
		if (c->count && !c2->count)
			c = c2;
	}
	kn = tm_name_key(kb, name.p, name.n, &key);
	n = tm_hmap_get_capped(st->names, key, kn, st->max_names, &full);
	if (!n)
		return !full;
	(*n)++;
	if (c) {
		memcpy(c->name, name.p, name.n);
		c->len = name.n;
		c->count = n;
	}
	return true;
}



/* Count an event of CPU; false when the full table lacks CPU. */
static bool count_cpu(struct tm_kstats *st, int32_t cpu)
{
	uint64_t *c;
	bool full;

	if (cpu >= 0 && cpu < TM_CPU_DIRECT && st->cpu_count[cpu]) {
		(*st->cpu_count[cpu])++;
		return true;
	}
	if (!(c = tm_hmap_get_capped(st->cpus, &cpu, sizeof(cpu), TM_MAX_CPUS, &full)))
		return !full;
	(*c)++;
	if (cpu >= 0 && cpu < TM_CPU_DIRECT)
		st->cpu_count[cpu] = c;
	return true;
}

/* The line systrace appends to the kernel text, "dummy-0000 [000] 0.0: 0:
 * trace_event_clock_sync: parent_ts=0.0": a parent_ts=0 marker (the
 * viewers read it as "the kernel clock is CLOCK_MONOTONIC") stamped 0 by a
 * pid-0 task that did not run.  Its time and task are not the kernel's. */
static bool is_systrace_sentinel(const struct tm_ftrace_event *ev)
{
	struct tm_atrace a;

	if (ev->ts_ns != 0 || ev->pid != 0 || !tm_is_marker_name(ev->name))
		return false;
	tm_atrace_parse(ev->details.p, ev->details.n, &a);
	return a.kind == TM_AT_CLOCK_SYNC && a.sync_kind == TM_SYNC_PARENT_TS && a.sync_ns == 0;
}

/* The sentinel: its marker is listed (marked), nothing else is learnt. */
static void scan_sentinel(struct tm_kstats *st, const struct tm_ftrace_line *l,
			  const struct tm_block *b)
{
	size_t nm = st->nmarkers;

	st->sentinels++;
	scan_marker(st, &l->ev, b, l->lineno);
	if (st->nmarkers > nm)
		st->markers[nm].sentinel = true;
}

static void scan_event(struct tm_kstats *st, const struct tm_ftrace_line *l,
		       const struct tm_block *b)
{
	const struct tm_ftrace_event *ev = &l->ev;
	struct tm_task *t;
	char where[256];

	st->events++;
	st->continuation += l->ncont;
	if (!count_name(st, ev->name))
		count_other(st, &st->names_other, "too-many-names", st->max_names,
			    "distinct event names",
			    "the events of later names are counted as others", b, l->lineno);
	if (!count_cpu(st, ev->cpu))
		count_other(st, &st->cpus_other, "too-many-cpus", TM_MAX_CPUS, "CPU numbers",
			    "the events of later CPU numbers are counted as others", b, l->lineno);
	if (ev->ts_ns == 0 && is_systrace_sentinel(ev)) {
		scan_sentinel(st, l, b);
		return;
	}
	if (ev->ts_digits < 0)
		st->counter_clock = true;
	tm_span_join(&st->have_ts, &st->ts_min, &st->ts_max, true, ev->ts_ns, ev->ts_ns);
	if (st->block_have_ts && ev->ts_ns < st->block_last_ts) {
		st->ts_backwards++;
		tm_kscan_where(where, sizeof(where), st->name, b, l->lineno);
		tm_diag_warn(st->diag, "ts-backwards", where,
			     "event stamped before the event above it");
	}
	st->block_last_ts = ev->ts_ns;
	st->block_have_ts = true;
	if (ev->pid >= 0 && (t = task(st, ev->pid))) {
		learn_task_name(t, ev->comm);
		t->events++;
		if (ev->tgid >= 0)
			learn_tgid(t, ev->tgid, TM_TGID_COLUMN);
	} else if (tm_kstats_untracked(st, ev->pid)) {
		count_other(st, &st->tasks_other, "too-many-tasks", st->max_tasks, "tasks",
			    "the events of later tasks are counted as others, and those "
			    "tasks are not followed: their names, tgids (but a TGID "
			    "column's) and atrace slices are not known, and import and "
			    "merge write no thread or process names for them",
			    b, l->lineno);
	}
	learn_from_sched(st, ev);
	if (ev->name.n == 12 && TM_STR_IS(ev->name, "task_newtask"))
		learn_from_newtask(st, ev);
	if (tm_is_marker_name(ev->name))
		scan_marker(st, ev, b, l->lineno);
}

static void scan_line(struct tm_kstats *st, const struct tm_ftrace_line *l,
		      const struct tm_block *b)
{
	char where[256];

	st->lines += 1 + l->ncont;
	switch (l->kind) {
	case TM_LN_BLANK: st->blank++; break;
	case TM_LN_HEADER: st->header++; break;
	case TM_LN_NOISE: st->noise++; break;
	case TM_LN_GRAPH: st->graph++; break;
	case TM_LN_EVENT:
		scan_event(st, l, b);
		break;
	case TM_LN_REJECTED:
		st->rejected++;
		tm_kscan_where(where, sizeof(where), st->name, b, l->lineno);
		tm_diag_warn(st->diag, "rejected-line", where, "%s", l->reason);
		break;
	}
}

/* The process of the creator of T (task_newtask with CLONE_THREAD), up a
 * chain of threads made by threads, known from a TASK source or better;
 * -1 when unknown (or past 16 links: pids reused in a loop). */
static int32_t creator_tgid(const struct tm_kstats *st, const struct tm_task *t)
{
	for (int i = 0; i < 16 && t->thread_of >= 0; i++) {
		if (!(t = tm_hmap_get_i32(st->tasks, t->thread_of, false)))
			return -1;
		if (t->tgid_from >= TM_TGID_TASK)
			return t->tgid;
	}
	return -1;
}

/* Raw sched_switch lines (trace-cmd report -R) whose prev_state numbers
 * the tables they fit print differently (or that fit none): they stay
 * numbers, which no viewer reads. */
static void end_task_states(struct tm_kstats *st)
{
	const struct tm_task_state_guess *g = &st->task_guess;
	uint32_t tables = tm_task_state_tables(g);
	char out[TM_TASK_STATE_ROOM], seen[160];
	uint64_t kept;
	bool all = tm_task_state_unprinted(g, tables, &kept);
	size_t n = 0;

	if (!st->raw_switches || (!kept && all))
		return;
	seen[0] = '\0';
	for (uint32_t i = 0; i < g->nseen && n < sizeof(seen) - 24; i++)
		if (!tm_task_state_print_all(tables, g->seen[i], out))
			n += (size_t)snprintf(seen + n, sizeof(seen) - n, "%s%llu", n ? " " : "",
					      (unsigned long long)g->seen[i]);
	tm_diag_warn(st->diag, "raw-task-states-unknown", st->name,
		     "%s%llu of %llu sched_switch lines in trace-cmd report -R's raw form keep "
		     "their numeric prev_state (no viewer reads them as CPU slices): the "
		     "numbers %s%s mean different states on the kernels whose tables fit "
		     "the file's numbers (or no table fits)", all ? "" : "at least ",
		     (unsigned long long)kept, (unsigned long long)st->raw_switches, seen,
		     all ? "" : " ...");
}

/* The tgids of TASK sources that the scan could not give as it went: the
 * PROCESS DUMP's rows (the dump may come before or after the ftrace data),
 * then the creators' processes of threads from task_newtask. */
static void end_tgids(struct tm_kstats *st)
{
	struct tm_task *t;
	const char *key;
	int32_t pid, *tgid;
	size_t it = 0;

	while ((t = tm_hmap_next(st->tasks, &it, &key, NULL))) {
		memcpy(&pid, key, sizeof(pid));
		if ((tgid = tm_hmap_get_i32(st->dump_tgids, pid, false)))
			learn_tgid(t, *tgid, TM_TGID_TASK);
	}
	it = 0;
	while ((t = tm_hmap_next(st->tasks, &it, NULL, NULL)))
		if (t->tgid_from < TM_TGID_TASK)
			learn_tgid(t, creator_tgid(st, t), TM_TGID_TASK);
}

/* Block BI of IN (B) read line by line; a block still inflated
 * (tm_input_block_grow) as it comes, and then settled: -1 with the
 * inflate's error in st->diag, as the open would have failed. */
static int scan_ftrace_block(struct tm_kstats *st, struct tm_input *in, const struct tm_block *b,
			     size_t bi, tm_kscan_cb cb, void *ctx)
{
	const struct tm_line_work *work = cb ? &tm_canon_prefix_work : NULL;
	struct tm_grow *g = tm_input_block_grow(in, bi);
	struct tm_line_feed *r = tm_line_feed_new_grow(b->data, b->len, g, tm_thread_allowed(), work);
	size_t head = b->len;
	const struct tm_fline *l;
	struct tm_progress_mark pm;

	if (!r)
		return -1;
	tm_progress_mark_init(&pm, 0);
	st->block_have_ts = false;
	while ((l = tm_line_feed_next(r))) {
		scan_line(st, &l->line, b);
		if (cb)
			cb(ctx, st, l, tm_line_feed_result(r), b, bi);
		tm_progress_move(&pm, (size_t)(l->line.raw.p - b->data), 0);
	}
	if (g) {
		if (tm_input_settle(in, st->diag)) {
			tm_line_feed_free(r);
			return -1;
		}
		tm_progress_total(b->len - head);   /* (the opener counted the head) */
	}
	tm_progress_move(&pm, b->len, 1);
	if (!st->have_hdr) {
		st->hdr = *tm_line_feed_header(r);
		st->have_hdr = true;
	} else {
		st->hdr.lost_events += tm_line_feed_header(r)->lost_events;
	}
	st->ftrace_blocks++;
	tm_line_feed_free(r);
	return 0;
}

int tm_kscan_input(struct tm_input *in, struct tm_kstats *st, tm_kscan_cb cb,
		   void *ctx)
{
	size_t n = tm_input_nblocks(in);
	int rc = 0;

	for (size_t i = 0; i < n; i++)
		st->blocks[tm_input_block(in, i)->kind]++;
	for (size_t i = 0; i < n && !rc; i++) {
		const struct tm_block *b = tm_input_block(in, i);
		if (b->kind == TM_BLOCK_FTRACE)
			rc = scan_ftrace_block(st, in, b, i, cb, ctx);
		else if (b->kind == TM_BLOCK_PROCESS_DUMP)
			tm_kscan_dump(st, b);
	}
	end_names(st);
	end_tgids(st);
	end_task_states(st);
	return rc;
}

/* Does a JSON block of IN still grow? */
static bool json_grows(const struct tm_input *in)
{
	for (size_t i = 0; i < tm_input_nblocks(in); i++)
		if (tm_input_block(in, i)->kind == TM_BLOCK_JSON && tm_input_block_grow(in, i))
			return true;
	return false;
}

int tm_kscan_first_pass(struct tm_input *in, struct tm_kstats *st, tm_kscan_cb cb, void *ctx,
			tm_kscan_json_fn *json, void *jctx)
{
	struct tm_diag jd;
	uint64_t head;
	int rc;

	if (!json_grows(in))
		return tm_kscan_input(in, st, cb, ctx) ? -1 : json(jctx, st->diag);
	tm_diag_init(&jd);
	rc = json(jctx, &jd);
	head = tm_input_text_bytes(in);
	if (tm_input_settle(in, st->diag)) {
		tm_diag_free(&jd);
		return -1;
	}
	tm_progress_total(tm_input_text_bytes(in) - head);  /* (the opener counted the head) */
	if (tm_kscan_input(in, st, cb, ctx)) {
		tm_diag_free(&jd);
		return -1;
	}
	tm_diag_absorb(st->diag, &jd);
	if (rc && jd.error[0])
		tm_diag_error(st->diag, "%s", jd.error);
	tm_diag_free(&jd);
	return rc;
}
