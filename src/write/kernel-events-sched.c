/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * kernel-events-sched.c - scheduling as trace events: the running task's slices
 * on per-CPU tracks (sched_switch), each thread's state slices on its
 * "(state)" track, wakeup flows from the waker to the wakee's next run,
 * blocked reasons, and task lifetime events.  A slice is written when it
 * ends; the ones open at the end of the trace are written as B events
 * without an end (no end is guessed).
 */
#include <stdio.h>
#include <string.h>

#include "kernel-events-int.h"

static const struct {
	char c;
	const char *name;
} state_names[] = {
	{ 'R', "Runnable" }, { 'S', "Sleeping" }, { 'D', "Uninterruptible Sleep" },
	{ 'T', "Stopped" }, { 't', "Traced" }, { 'X', "Exit (Dead)" }, { 'Z', "Exit (Zombie)" },
	{ 'x', "Task Dead" }, { 'I', "Idle" }, { 'K', "Wakekill" }, { 'W', "Waking" },
	{ 'P', "Parked" }, { 'N', "No Load" },
};

/* Display name of a prev_state ("D|K" -> "Uninterruptible Sleep | Wakekill"). */
static void state_name(char *out, size_t cap, const char *st)
{
	size_t n = 0;

	out[0] = 0;
	if (!strcmp(st, "Running") || !strcmp(st, "R+")) {
		snprintf(out, cap, "%s", st[0] == 'R' && st[1] == '+' ? "Runnable (Preempted)" :
			 "Running");
		return;
	}
	for (const char *p = st; *p && n < cap; p++) {
		const char *name = NULL;
		if (*p == '|' || *p == '+')
			continue;
		for (size_t i = 0; i < sizeof(state_names) / sizeof(state_names[0]); i++)
			if (state_names[i].c == *p)
				name = state_names[i].name;
		n += (size_t)snprintf(out + n, cap - n, "%s%s", n ? " | " : "", name ? name : "Unknown");
	}
	if (!out[0])
		snprintf(out, cap, "%s", st);
}

static bool has_state_track(int32_t tid)
{
	return tid > 0 && tid < KEV_CPU_PID - KEV_STATE_OFF;
}

static void name_state_track(struct tm_kev *kv, struct tm_kev_thread *t, int32_t tid)
{
	char name[96];

	if (t->named_state)
		return;
	t->named_state = true;
	snprintf(name, sizeof(name), "%s (state)", t->comm[0] ? t->comm : "<...>");
	tm_kev_obj(kv, "M", "__metadata", t->pid, tid + KEV_STATE_OFF, 0);
	tm_kev_names(kv, "thread_name");
	tm_kev_arg_s(kv, "name", name, strlen(name));
	tm_kev_emit(kv);
}

static void flow_instant(struct tm_kev *kv, const struct tm_kev_flow *f);
static void flows_at_close(struct tm_kev *kv, struct tm_kev_thread *t);

/* Write thread TID's current state as a slice ending at TS. */
static void close_state(struct tm_kev *kv, struct tm_kev_thread *t, int32_t tid, int64_t ts)
{
	char name[96];

	if (!t->have_state || !has_state_track(tid))
		return;
	if (!strcmp(t->state, "Running"))
		flows_at_close(kv, t);
	t->have_state = false;
	name_state_track(kv, t, tid);
	state_name(name, sizeof(name), t->state);
	tm_kev_obj(kv, "X", "thread_state", t->pid, tid + KEV_STATE_OFF, t->since);
	tm_kev_names(kv, name);
	tm_kev_span(kv, t->since, ts);
	tm_kev_arg_s(kv, "state", t->state, strlen(t->state));
	if (!strcmp(t->state, "Running"))
		tm_kev_arg_i(kv, "cpu", t->cpu);
	if (t->more && t->more->blocked[0])
		tm_kev_arg_s(kv, "blocked_function", t->more->blocked, strlen(t->more->blocked));
	if (t->io_wait >= 0)
		tm_kev_arg_i(kv, "io_wait", t->io_wait);
	tm_kev_emit(kv);
	kv->state_slices++;
	if (t->more) {
		t->more->blocked[0] = 0;
		tm_kev_more_trim(t);
	}
	t->io_wait = -1;
}

static void set_state(struct tm_kev_thread *t, const char *st, size_t n, int64_t ts)
{
	if (n >= sizeof(t->state))
		n = sizeof(t->state) - 1;
	memcpy(t->state, st, n);
	t->state[n] = 0;
	t->since = ts;
	t->have_state = true;
}

static void wake_instant(struct tm_kev *kv, struct tm_kev_thread *t, int32_t tid)
{
	int32_t track = has_state_track(tid) ? tid + KEV_STATE_OFF : tid;

	if (has_state_track(tid))
		name_state_track(kv, t, tid);
	tm_kev_obj(kv, "i", "sched", t->pid, track, t->wake_ts);
	tm_kev_names(kv, t->wake_event);
	tm_kev_raw(kv, ",\"s\":\"t\"");
	tm_kev_arg_i(kv, "waker_tid", t->waker_tid);
	tm_kev_arg_i(kv, "cpu", t->wake_cpu);
	tm_kev_emit(kv);
	kv->wake_instants++;
	t->wake = false;
}

/* The flow: from the waker's Running slice to the wakee's. */
static void emit_flow(struct tm_kev *kv, const struct tm_kev_flow *f)
{
	char id[40];

	kv->flow_id++;
	snprintf(id, sizeof(id), ",\"id\":%llu", (unsigned long long)kv->flow_id);
	tm_kev_obj(kv, "s", "sched", f->waker_pid, f->waker_tid + KEV_STATE_OFF, f->wake_ts);
	tm_kev_names(kv, f->event);
	tm_kev_raw(kv, id);
	tm_kev_arg_i(kv, "wakee_tid", f->wakee_tid);
	tm_kev_emit(kv);
	tm_kev_obj(kv, "f", "sched", f->wakee_pid, f->wakee_tid + KEV_STATE_OFF, f->run_ts);
	tm_kev_names(kv, f->event);
	tm_kev_raw(kv, ",\"bp\":\"e\"");
	tm_kev_raw(kv, id);
	tm_kev_arg_i(kv, "waker_tid", f->waker_tid);
	tm_kev_emit(kv);
	kv->flows++;
}

/* A flow one of whose slices never ends in the trace: an instant. */
static void flow_instant(struct tm_kev *kv, const struct tm_kev_flow *f)
{
	struct tm_kev_thread *t = tm_hmap_get_i32(kv->threads, f->wakee_tid, false);

	if (t)
		name_state_track(kv, t, f->wakee_tid);
	tm_kev_obj(kv, "i", "sched", f->wakee_pid, f->wakee_tid + KEV_STATE_OFF, f->wake_ts);
	tm_kev_names(kv, f->event);
	tm_kev_raw(kv, ",\"s\":\"t\"");
	tm_kev_arg_i(kv, "waker_tid", f->waker_tid);
	tm_kev_arg_i(kv, "ran_at_ns", f->run_ts);
	tm_kev_emit(kv);
	kv->wake_instants++;
}

/* The flows out of T that waited (its wakeups of others), each written by
 * WRITE (as a flow, or as an instant), then forgotten. */
static void flows_out(struct tm_kev *kv, struct tm_kev_thread *t,
		      void (*write)(struct tm_kev *, const struct tm_kev_flow *))
{
	if (!t->more)
		return;
	for (int i = 0; i < t->more->nout; i++)
		write(kv, &t->more->out[i]);
	t->more->nout = 0;
	tm_kev_more_trim(t);
}

/* Thread TID's Running slice ends: the flow into it is written now, or
 * handed to its waker if the waker's slice is still open; the flows out
 * of it that waited are written. */
static void flows_at_close(struct tm_kev *kv, struct tm_kev_thread *t)
{
	if (t->ready) {
		struct tm_kev_thread *w = tm_hmap_get_i32(kv->threads, t->fl.waker_tid, false);
		t->ready = false;
		struct tm_kev_more *m;
		if (w && w != t && w->have_state && !strcmp(w->state, "Running") &&
		    w->since <= t->fl.wake_ts) {
			if ((m = tm_kev_more(kv, w)) && m->nout < KEV_FLOWS_OUT)
				m->out[m->nout++] = t->fl;
			else
				flow_instant(kv, &t->fl);
		} else {
			emit_flow(kv, &t->fl);
		}
	}
	flows_out(kv, t, emit_flow);
}

/* Flows still waiting (for slices open at the end, or a thread freed). */
static void flows_pending(struct tm_kev *kv, struct tm_kev_thread *t, int32_t tid)
{
	if (t->wake)
		wake_instant(kv, t, tid);
	if (t->ready)
		flow_instant(kv, &t->fl);
	t->ready = false;
	flows_out(kv, t, flow_instant);
}

/* The wakee TID runs at TS: the flow waits for this Running slice to end. */
static void wake_flow(struct tm_kev *kv, struct tm_kev_thread *t, int32_t tid, int64_t ts)
{
	if (!t->wake)
		return;
	if (!t->waker_bound || !has_state_track(tid)) {
		wake_instant(kv, t, tid);
		return;
	}
	t->wake = false;
	t->ready = true;
	t->fl = (struct tm_kev_flow){ t->wake_ts, ts, t->waker_pid, t->waker_tid, t->pid, tid, "" };
	memcpy(t->fl.event, t->wake_event, sizeof(t->fl.event));
}

static void cpu_slice(struct tm_kev *kv, struct tm_kev_cpu *c, int32_t cpu, struct tm_str end_state)
{
	if (!c->running)
		return;
	tm_kev_obj(kv, "X", "sched", KEV_CPU_PID, KEV_CPU_TID(cpu), c->since);
	tm_kev_names(kv, c->comm);
	tm_kev_span(kv, c->since, kv->ts);
	tm_kev_arg_i(kv, "pid", c->pid);
	tm_kev_arg_i(kv, "tid", c->tid);
	tm_kev_arg_i(kv, "prio", c->prio);
	tm_kev_arg_s(kv, "end_state", end_state.p, end_state.n);
	tm_kev_emit(kv);
	kv->cpu_slices++;
}

static void unparsed(struct tm_kev *kv)
{
	tm_kev_instant(kv, "kernel", kv->pid, kv->tid);
	tm_kev_arg_s(kv, "unparsed", "1", 1);
	tm_kev_emit(kv);
	kv->unparsed++;
}

void tm_kev_sched_switch(struct tm_kev *kv)
{
	struct tm_str d = kv->ev->details, pcomm, pstate, ncomm;
	int64_t ppid, nprio = 0, nnext;
	struct tm_kev_thread *t;
	struct tm_kev_cpu *c;

	if (!tm_kev_field(d, "prev_comm=", "prev_pid=", &pcomm) || !tm_kev_field_i(d, "prev_pid=", &ppid) ||
	    !tm_kev_field(d, "prev_state=", NULL, &pstate) ||
	    !tm_kev_field(d, "next_comm=", "next_pid=", &ncomm) || !tm_kev_field_i(d, "next_pid=", &nnext) ||
	    ppid < 0 || ppid > INT32_MAX || nnext < 0 || nnext > INT32_MAX) {
		unparsed(kv);
		return;
	}
	tm_kev_field_i(d, "next_prio=", &nprio);
	if ((c = tm_kev_cpu(kv, kv->ev->cpu))) {
		cpu_slice(kv, c, kv->ev->cpu, pstate);
		c->running = nnext != 0;
		c->tid = tm_kev_id(kv, (int32_t)nnext);
		c->pid = tm_kev_pid_of(kv, (int32_t)nnext);
		c->since = kv->ts;
		c->prio = (int32_t)nprio;
		tm_kev_cpy(c->comm, sizeof(c->comm), ncomm);
	}
	if (ppid && (t = tm_kev_task(kv, (int32_t)ppid))) {
		close_state(kv, t, tm_kev_id(kv, (int32_t)ppid), kv->ts);
		set_state(t, pstate.p, pstate.n, kv->ts);
	}
	if (nnext && (t = tm_kev_task(kv, (int32_t)nnext))) {
		int32_t tid = tm_kev_id(kv, (int32_t)nnext);
		close_state(kv, t, tid, kv->ts);
		wake_flow(kv, t, tid, kv->ts);
		set_state(t, "Running", 7, kv->ts);
		t->cpu = kv->ev->cpu;
	}
}

/* A wakeup that leads no flow: an instant on the wakee's state track. */
static void wake_kept(struct tm_kev *kv, struct tm_kev_thread *t, int32_t tid)
{
	if (has_state_track(tid))
		name_state_track(kv, t, tid);
	tm_kev_instant(kv, "sched", t->pid, has_state_track(tid) ? tid + KEV_STATE_OFF : tid);
	tm_kev_emit(kv);
	kv->wake_instants++;
}

void tm_kev_sched_wakeup(struct tm_kev *kv)
{
	struct tm_str d = kv->ev->details;
	struct tm_kev_thread *t, *waker;
	int64_t pid;
	int32_t tid;

	if (!tm_kev_field_i(d, "pid=", &pid) || pid <= 0 || pid > INT32_MAX) {
		unparsed(kv);
		return;
	}
	tid = tm_kev_id(kv, (int32_t)pid);
	if (!(t = tm_kev_task(kv, (int32_t)pid)))
		return;
	if (t->have_state && !strcmp(t->state, "Running")) {
		/* already running: nothing to wake; kept as an instant */
		wake_kept(kv, t, tid);
		return;
	}
	if (t->have_state && t->state[0] != 'R') {
		close_state(kv, t, tid, kv->ts);
		set_state(t, "R", 1, kv->ts);
	}
	if (t->wake) {
		/* the first wakeup (waking, then wakeup) leads the flow */
		wake_kept(kv, t, tid);
		return;
	}
	waker = kv->ev->pid > 0 ? tm_kev_task(kv, kv->ev->pid) : NULL;
	if (!(t = tm_kev_thread(kv, tid)))   /* tm_kev_task may have moved slots */
		return;
	t->wake = true;
	t->wake_ts = kv->ts;
	t->wake_cpu = kv->ev->cpu;
	t->waker_pid = kv->pid;
	t->waker_tid = kv->tid;
	t->waker_bound = waker && waker->have_state && !strcmp(waker->state, "Running") &&
			 has_state_track(kv->tid);
	tm_kev_cpy(t->wake_event, sizeof(t->wake_event), kv->ev->name);
}

void tm_kev_sched_blocked(struct tm_kev *kv)
{
	struct tm_str d = kv->ev->details, caller;
	struct tm_kev_thread *t;
	int64_t pid, io;

	if (!tm_kev_field_i(d, "pid=", &pid) || pid <= 0 || pid > INT32_MAX ||
	    !(t = tm_hmap_get_i32(kv->threads, tm_kev_id(kv, (int32_t)pid), false)) ||
	    !t->have_state || !strchr(t->state, 'D')) {
		/* no uninterruptible state to explain: kept as an instant */
		tm_kev_instant(kv, "sched", kv->pid, kv->tid);
		tm_kev_emit(kv);
		kv->instants++;
		return;
	}
	if (tm_kev_field(d, "caller=", NULL, &caller) && tm_kev_more(kv, t)) {
		tm_kev_cpy(t->more->blocked, sizeof(t->more->blocked), caller);
		tm_kev_more_trim(t);   /* an empty caller */
	}
	if (tm_kev_field_i(d, "iowait=", &io))
		t->io_wait = io != 0;
}

/* fork, exit, free, rename: instants on the task concerned; free ends the
 * thread's state and forgets the thread. */
void tm_kev_sched_life(struct tm_kev *kv)
{
	struct tm_str d = kv->ev->details;
	bool exit = !strncmp(kv->ev->name.p, "sched_process_exit", kv->ev->name.n);
	bool free_ = !strncmp(kv->ev->name.p, "sched_process_free", kv->ev->name.n);
	int32_t pid = kv->pid, tid = kv->tid;
	int64_t p;

	if ((exit || free_ || !strncmp(kv->ev->name.p, "task_rename", kv->ev->name.n)) &&
	    tm_kev_field_i(d, "pid=", &p) && p > 0 && p <= INT32_MAX) {
		tid = tm_kev_id(kv, (int32_t)p);
		pid = tm_kev_pid_of(kv, (int32_t)p);
	}
	tm_kev_instant(kv, "sched", pid, tid);
	tm_kev_emit(kv);
	kv->lifetimes++;
	if (exit || free_) {
		struct tm_kev_thread *t = tm_hmap_get_i32(kv->threads, tid, false);
		/* exit: the task still runs until it switches out (state X or Z);
		 * free: it is gone, its thread forgotten */
		if (!t || exit)
			return;
		close_state(kv, t, tid, kv->ts);
		flows_pending(kv, t, tid);
		if (t->b_depth) {
			kv->b_unterminated += (uint64_t)t->b_depth;
			tm_kev_warn(kv, "kevents-begin-unterminated",
				 "%d atrace slice(s) of tid %d still open when the task was freed",
				 t->b_depth, tid);
		}
		free(t->more);
		tm_hmap_del(kv->threads, &tid, sizeof(tid));
	}
}

/* End of the trace: wakeups that led to no run become instants; then the
 * running tasks and thread states still open are written as B events
 * without an end (the viewers show them as not finished). */
void tm_kev_sched_finish(struct tm_kev *kv)
{
	size_t it = 0;
	const char *key;
	struct tm_kev_thread *t;
	struct tm_kev_cpu *c;
	char name[96];

	/* first every instant (on the wakee's track: one written after that
	 * track's open B, and earlier than it, would end before it began) */
	while ((t = tm_hmap_next(kv->threads, &it, &key, NULL))) {
		int32_t tid;
		memcpy(&tid, key, sizeof(tid));
		flows_pending(kv, t, tid);
	}
	it = 0;
	while ((t = tm_hmap_next(kv->threads, &it, &key, NULL))) {
		int32_t tid;
		memcpy(&tid, key, sizeof(tid));
		if (!t->have_state || !has_state_track(tid))
			continue;
		name_state_track(kv, t, tid);
		state_name(name, sizeof(name), t->state);
		tm_kev_obj(kv, "B", "thread_state", t->pid, tid + KEV_STATE_OFF, t->since);
		tm_kev_names(kv, name);
		tm_kev_arg_s(kv, "state", t->state, strlen(t->state));
		if (t->more && t->more->blocked[0])
			tm_kev_arg_s(kv, "blocked_function", t->more->blocked,
				  strlen(t->more->blocked));
		if (t->io_wait >= 0)
			tm_kev_arg_i(kv, "io_wait", t->io_wait);
		tm_kev_arg_s(kv, "open_at_end", "1", 1);
		tm_kev_emit(kv);
		kv->states_open++;
	}
	it = 0;
	while ((c = tm_hmap_next(kv->cpus, &it, &key, NULL))) {
		int32_t cpu;
		memcpy(&cpu, key, sizeof(cpu));
		if (!c->running)
			continue;
		tm_kev_obj(kv, "B", "sched", KEV_CPU_PID, KEV_CPU_TID(cpu), c->since);
		tm_kev_names(kv, c->comm);
		tm_kev_arg_i(kv, "pid", c->pid);
		tm_kev_arg_i(kv, "tid", c->tid);
		tm_kev_arg_i(kv, "prio", c->prio);
		tm_kev_arg_s(kv, "open_at_end", "1", 1);
		tm_kev_emit(kv);
		kv->cpu_open++;
	}
}
