/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * kernel-events.c - the kernel event converter (see kernel-events.h): its object, the
 * writer of one Trace Event JSON object at a time, ids and names, and the
 * dispatch of each event to the sched, atrace and misc parts.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel-events-int.h"
#include "str.h"
#include "output.h"
#include "safe-text.h"
#include "pid-map.h"
#include "tracemerge/ts.h"

int tm_kernel_as_parse(const char *s, enum tm_kernel_as *out)
{
	if (!strcmp(s, "text"))
		*out = TM_KERNEL_TEXT;
	else if (!strcmp(s, "events"))
		*out = TM_KERNEL_EVENTS;
	else if (!strcmp(s, "both"))
		*out = TM_KERNEL_BOTH;
	else
		return -1;
	return 0;
}

/* ---- one JSON object ---------------------------------------------------- */

static void put_int(struct tm_buf *b, int64_t v)
{
	char num[24], *p = num + sizeof(num);
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;

	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	tm_buf_add(b, p, (size_t)(num + sizeof(num) - p));
}

void tm_kev_obj(struct tm_kev *kv, const char *ph, const char *cat, int32_t pid, int32_t tid,
	     int64_t ts)
{
	char t[TM_TS_BUFSZ];

	kv->b.n = 0;
	kv->in_args = false;
	tm_buf_adds(&kv->b, "{\"ph\":\"");
	tm_buf_adds(&kv->b, ph);
	tm_buf_adds(&kv->b, "\",\"cat\":");
	tm_buf_json_str(&kv->b, cat, strlen(cat));
	tm_buf_adds(&kv->b, ",\"pid\":");
	put_int(&kv->b, pid);
	tm_buf_adds(&kv->b, ",\"tid\":");
	put_int(&kv->b, tid);
	tm_buf_adds(&kv->b, ",\"ts\":");
	tm_buf_add(&kv->b, t, tm_ts_format_us(t, ts));
}

void tm_kev_name(struct tm_kev *kv, const char *p, size_t n)
{
	tm_buf_adds(&kv->b, ",\"name\":");
	tm_buf_json_str(&kv->b, p, n);
}

void tm_kev_names(struct tm_kev *kv, const char *s)
{
	tm_kev_name(kv, s, strlen(s));
}

void tm_kev_dur(struct tm_kev *kv, int64_t dur)
{
	char t[TM_TS_BUFSZ];

	tm_buf_adds(&kv->b, ",\"dur\":");
	tm_buf_add(&kv->b, t, tm_ts_format_us(t, dur));
}

/* "dur" of a slice from BEGIN to END; a trace stamped backwards (END
 * before BEGIN) gives 0, counted and reported. */
void tm_kev_span(struct tm_kev *kv, int64_t begin, int64_t end)
{
	if (end < begin) {
		kv->backwards++;
		tm_kev_warn(kv, "kevents-backwards", "slice ends before it begins (timestamps go "
			 "backwards): written with dur 0");
		end = begin;
	}
	tm_kev_dur(kv, end - begin);
}

void tm_kev_raw(struct tm_kev *kv, const char *s)
{
	tm_buf_adds(&kv->b, s);
}

static void arg_key(struct tm_kev *kv, const char *key)
{
	tm_buf_adds(&kv->b, kv->in_args ? "," : ",\"args\":{");
	kv->in_args = true;
	tm_buf_json_str(&kv->b, key, strlen(key));
	tm_buf_addc(&kv->b, ':');
}

void tm_kev_arg_s(struct tm_kev *kv, const char *key, const char *p, size_t n)
{
	arg_key(kv, key);
	tm_buf_json_str(&kv->b, p, n);
}

void tm_kev_arg_i(struct tm_kev *kv, const char *key, int64_t v)
{
	arg_key(kv, key);
	put_int(&kv->b, v);
}

/* NUM must already be a JSON number. */
void tm_kev_arg_num(struct tm_kev *kv, const char *key, const char *num)
{
	arg_key(kv, key);
	tm_buf_adds(&kv->b, num);
}

void tm_kev_emit(struct tm_kev *kv)
{
	if (kv->in_args)
		tm_buf_addc(&kv->b, '}');
	tm_buf_addc(&kv->b, '}');
	if (kv->b.oom) {
		kv->oom = true;
		return;
	}
	kv->emit(kv->ctx, kv->b.p, kv->b.n);
	kv->written++;
}

void tm_kev_warn(struct tm_kev *kv, const char *kind, const char *fmt, ...)
{
	char where[300], msg[300];
	va_list ap;

	if (kv->blk)
		tm_kscan_where(where, sizeof(where), kv->src->path, kv->blk, kv->lineno);
	else
		snprintf(where, sizeof(where), "%s", kv->src ? kv->src->path : "");
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	tm_diag_warn(kv->d, kind, where, "%s", msg);
}

/* ---- ids, tracks, names -------------------------------------------------- */

int32_t tm_kev_id(const struct tm_kev *kv, int32_t pid)
{
	return tm_pid_move(pid, kv->src->pid_off);
}

/* The JSON pid of kernel task PID: its tgid, or itself when unknown. */
int32_t tm_kev_pid_of(const struct tm_kev *kv, int32_t pid)
{
	int32_t tgid = tm_kstats_tgid(kv->src->st, pid);
	return tm_kev_id(kv, tgid >= 0 ? tgid : pid);
}

/* State of (moved) thread TID; created with its final comm. */
struct tm_kev_thread *tm_kev_thread(struct tm_kev *kv, int32_t tid)
{
	struct tm_kev_thread *t = tm_hmap_get_i32(kv->threads, tid, false);

	if (t)
		return t;
	if (!(t = tm_hmap_get_i32(kv->threads, tid, true))) {
		kv->oom = true;
		return NULL;
	}
	t->io_wait = -1;
	t->b_pid = -1;
	t->pid = tid;
	return t;
}

struct tm_kev_more *tm_kev_more(struct tm_kev *kv, struct tm_kev_thread *t)
{
	if (!t->more && !(t->more = calloc(1, sizeof(*t->more))))
		kv->oom = true;
	return t->more;
}

void tm_kev_more_trim(struct tm_kev_thread *t)
{
	if (t->more && !t->more->blocked[0] && !t->more->nout && !t->more->nwq) {
		free(t->more);
		t->more = NULL;
	}
}

/* State of kernel task PID (of the current input), with its process and
 * its final comm. */
struct tm_kev_thread *tm_kev_task(struct tm_kev *kv, int32_t pid)
{
	int32_t tid = tm_kev_id(kv, pid);
	struct tm_kev_thread *t = tm_hmap_get_i32(kv->threads, tid, false);
	struct tm_task *k;

	if (t && t->comm[0])
		return t;
	if (!t && !(t = tm_kev_thread(kv, tid)))
		return NULL;
	t->pid = tm_kev_pid_of(kv, pid);
	k = tm_hmap_get_i32(kv->src->st->tasks, pid, false);
	snprintf(t->comm, sizeof(t->comm), "%s", k && k->named ? k->comm : "<...>");
	return t;
}

/* thread_name and thread_sort_index of one track of the "CPUs" process */
static void name_cpu_track(struct tm_kev *kv, int32_t tid, const char *name, int64_t sort)
{
	tm_kev_obj(kv, "M", "__metadata", KEV_CPU_PID, tid, 0);
	tm_kev_names(kv, "thread_name");
	tm_kev_arg_s(kv, "name", name, strlen(name));
	tm_kev_emit(kv);
	tm_kev_obj(kv, "M", "__metadata", KEV_CPU_PID, tid, 0);
	tm_kev_names(kv, "thread_sort_index");
	tm_kev_arg_i(kv, "sort_index", sort);
	tm_kev_emit(kv);
}

void tm_kev_name_cpu(struct tm_kev *kv, int32_t cpu, struct tm_kev_cpu *c)
{
	char name[48];

	if (c->named)
		return;
	c->named = true;
	snprintf(name, sizeof(name), "CPU %d", cpu);
	name_cpu_track(kv, KEV_CPU_TID(cpu), name, 2 * (int64_t)cpu);
	snprintf(name, sizeof(name), "CPU %d irq", cpu);
	name_cpu_track(kv, KEV_IRQ_TID(cpu), name, 2 * (int64_t)cpu + 1);
	if (!tm_hmap_get_i32(kv->named, KEV_CPU_PID, false)) {
		if (!tm_hmap_get_i32(kv->named, KEV_CPU_PID, true))
			kv->oom = true;
		tm_kev_obj(kv, "M", "__metadata", KEV_CPU_PID, 0, 0);
		tm_kev_names(kv, "process_name");
		tm_kev_arg_s(kv, "name", "CPUs", 4);
		tm_kev_emit(kv);
		tm_kev_obj(kv, "M", "__metadata", KEV_CPU_PID, 0, 0);
		tm_kev_names(kv, "process_sort_index");
		tm_kev_arg_i(kv, "sort_index", -1);
		tm_kev_emit(kv);
	}
}

/* State of CPU (NULL for ids no CPU track can hold). */
struct tm_kev_cpu *tm_kev_cpu(struct tm_kev *kv, int32_t cpu)
{
	struct tm_kev_cpu *c;

	if (cpu < 0 || cpu >= KEV_MAX_CPU)
		return NULL;
	if ((c = tm_hmap_get_i32(kv->cpus, cpu, false)))
		return c;
	if (!(c = tm_hmap_get_i32(kv->cpus, cpu, true))) {
		kv->oom = true;
		return NULL;
	}
	tm_kev_name_cpu(kv, cpu, c);
	return c;
}

/* The line's task as a thread of its process; a task without a known
 * tgid is its own process and gets its thread name here (the merge writer
 * names only threads of known processes). */
static void line_task(struct tm_kev *kv)
{
	int32_t pid = kv->ev->pid;
	struct tm_kev_thread *t;
	char comm[64];

	int32_t tgid = tm_kstats_tgid(kv->src->st, pid);

	kv->tid = tm_kev_id(kv, pid);
	kv->pid = tm_kev_id(kv, tgid >= 0 ? tgid : pid);
	if (pid <= 0 || tgid >= 0)
		return;
	if (!(t = tm_kev_thread(kv, kv->tid)) || t->named_thread)
		return;
	t->named_thread = true;
	tm_kev_cpy(comm, sizeof(comm), kv->ev->comm);
	{
		struct tm_task *k = tm_hmap_get_i32(kv->src->st->tasks, pid, false);
		if (k && k->named)
			snprintf(comm, sizeof(comm), "%s", k->comm);
	}
	if (!strcmp(comm, "<...>"))
		return; /* no name is better than the kernel's "unknown" */
	tm_kev_obj(kv, "M", "__metadata", kv->pid, kv->tid, 0);
	tm_kev_names(kv, "thread_name");
	tm_kev_arg_s(kv, "name", comm, strlen(comm));
	tm_kev_emit(kv);
}

/* Where a line's own instant goes: its task's thread; the idle task's
 * (pid 0, one per CPU) on its CPU's track. */
void tm_kev_instant(struct tm_kev *kv, const char *cat, int32_t pid, int32_t tid)
{
	tm_kev_obj(kv, "i", cat, pid, tid, kv->ts);
	tm_kev_name(kv, kv->ev->name.p, kv->ev->name.n);
	tm_kev_raw(kv, ",\"s\":\"t\"");
	tm_kev_arg_i(kv, "cpu", kv->ev->cpu);
	tm_kev_arg_s(kv, "details", kv->ev->details.p, kv->ev->details.n);
}

static void other_instant(struct tm_kev *kv)
{
	if (kv->ev->pid == 0) {
		if (!tm_kev_cpu(kv, kv->ev->cpu)) {
			tm_kev_instant(kv, "kernel", 0, 0);
		} else {
			tm_kev_instant(kv, "kernel", KEV_CPU_PID, KEV_CPU_TID(kv->ev->cpu));
		}
	} else {
		tm_kev_instant(kv, "kernel", kv->pid, kv->tid);
	}
	tm_kev_arg_s(kv, "comm", kv->ev->comm.p, kv->ev->comm.n);
	tm_kev_emit(kv);
	kv->instants++;
}

/* ---- details fields --------------------------------------------------------- */

/* Value of "KEY" (with its '=') starting a word of D, up to " NEXT" (NEXT
 * includes its '=') or, when NEXT is NULL, the next blank. */
bool tm_kev_field(struct tm_str d, const char *key, const char *next, struct tm_str *v)
{
	size_t kl = strlen(key);
	const char *p = d.p, *e = d.p + d.n, *q;

	for (;;) {
		p = tm_find_lit(p, e, key, kl);
		if (!p)
			return false;
		if (p == d.p || p[-1] == ' ')
			break;
		p++;
	}
	p += kl;
	if (next) {
		char nk[40];
		snprintf(nk, sizeof(nk), " %s", next);
		q = tm_find_lit(p, e, nk, strlen(nk));
	} else {
		q = memchr(p, ' ', (size_t)(e - p));
	}
	v->p = p;
	v->n = (size_t)((q ? q : e) - p);
	return true;
}

bool tm_kev_field_i(struct tm_str d, const char *key, int64_t *v)
{
	struct tm_str s;
	int64_t x = 0;
	bool neg = false;
	size_t i = 0;

	if (!tm_kev_field(d, key, NULL, &s) || !s.n)
		return false;
	if (s.p[0] == '-') {
		neg = true;
		i = 1;
	}
	if (i == s.n)
		return false;
	for (; i < s.n; i++) {
		if (s.p[i] < '0' || s.p[i] > '9' || x > (INT64_MAX - 9) / 10)
			return false;
		x = x * 10 + (s.p[i] - '0');
	}
	*v = neg ? -x : x;
	return true;
}

void tm_kev_cpy(char *dst, size_t cap, struct tm_str s)
{
	tm_utf8_copy(dst, cap, s.p ? s.p : "", s.n);
}

/* ---- the converter ------------------------------------------------------------ */

struct tm_kev *tm_kev_new(tm_kev_emit_fn emit, void *ctx, struct tm_diag *d)
{
	struct tm_kev *kv = calloc(1, sizeof(*kv));

	if (!kv)
		return NULL;
	kv->emit = emit;
	kv->ctx = ctx;
	kv->d = d;
	kv->cpus = tm_hmap_new(sizeof(struct tm_kev_cpu));
	kv->threads = tm_hmap_new(sizeof(struct tm_kev_thread));
	kv->async = tm_hmap_new(sizeof(struct tm_kev_async));
	kv->named = tm_hmap_new(1);
	if (!kv->cpus || !kv->threads || !kv->async || !kv->named) {
		tm_kev_free(kv);
		return NULL;
	}
	return kv;
}

void tm_kev_free(struct tm_kev *kv)
{
	struct tm_kev_thread *t;
	size_t it = 0;

	if (!kv)
		return;
	while (kv->threads && (t = tm_hmap_next(kv->threads, &it, NULL, NULL)))
		free(t->more);
	tm_hmap_free(kv->cpus);
	tm_hmap_free(kv->threads);
	tm_hmap_free(kv->async);
	tm_hmap_free(kv->named);
	tm_buf_free(&kv->b);
	tm_buf_free(&kv->tmp);
	free(kv);
}

int tm_kev_feed(struct tm_kev *kv, const struct tm_kev_src *src, const struct tm_block *b,
		unsigned long lineno, const struct tm_ftrace_event *ev, int64_t ts)
{
	kv->cur = *src;
	kv->src = &kv->cur;
	kv->blk = b;
	kv->lineno = lineno;
	kv->ev = ev;
	kv->ts = ts;
	kv->in++;
	line_task(kv);
	if (tm_ftrace_is_marker(ev))
		tm_kev_atrace(kv);
	else if (TM_STR_IS(ev->name, "sched_switch"))
		tm_kev_sched_switch(kv);
	else if (tm_is_wakeup_event(ev->name))
		tm_kev_sched_wakeup(kv);
	else if (TM_STR_IS(ev->name, "sched_blocked_reason"))
		tm_kev_sched_blocked(kv);
	else if (TM_STR_IS(ev->name, "sched_process_exit") || TM_STR_IS(ev->name, "sched_process_free") ||
		 TM_STR_IS(ev->name, "sched_process_fork") || TM_STR_IS(ev->name, "task_rename") ||
		 TM_STR_IS(ev->name, "task_newtask"))
		tm_kev_sched_life(kv);
	else if (!tm_kev_misc(kv))
		other_instant(kv);
	return kv->oom ? -1 : 0;
}

int tm_kev_finish(struct tm_kev *kv)
{
	kv->blk = NULL;
	tm_kev_sched_finish(kv);
	tm_kev_atrace_finish(kv);
	tm_kev_misc_finish(kv);
	return kv->oom ? -1 : 0;
}

uint64_t tm_kev_written(const struct tm_kev *kv)
{
	return kv->written;
}

struct json_object *tm_kev_report(const struct tm_kev *kv)
{
	struct json_object *o = json_object_new_object();
#define PUT(k, v) json_object_object_add(o, k, json_object_new_int64((int64_t)(v)))
	PUT("events_in", kv->in);
	PUT("objects_written", kv->written);
	PUT("cpu_slices", kv->cpu_slices);
	PUT("cpu_slices_open_at_end", kv->cpu_open);
	PUT("thread_state_slices", kv->state_slices);
	PUT("thread_states_open_at_end", kv->states_open);
	PUT("wakeup_flows", kv->flows);
	PUT("wakeup_instants", kv->wake_instants);
	PUT("atrace_begin", kv->slices_b);
	PUT("atrace_end", kv->slices_e);
	PUT("atrace_end_unmatched", kv->e_unmatched);
	PUT("atrace_begin_unterminated", kv->b_unterminated);
	PUT("async_begin", kv->async_b);
	PUT("async_end", kv->async_e);
	PUT("async_end_unmatched", kv->async_unmatched);
	PUT("async_unterminated", kv->async_unterminated);
	PUT("atrace_instants", kv->atrace_instants);
	PUT("atrace_invalid", kv->atrace_invalid);
	PUT("counter_samples", kv->counters);
	PUT("irq_slices", kv->irq_slices);
	PUT("irq_exit_unmatched", kv->irq_unmatched);
	PUT("irq_entries_dropped", kv->irq_unterminated);
	PUT("workqueue_slices", kv->wq_slices);
	PUT("workqueue_end_unmatched", kv->wq_unmatched);
	PUT("irq_workqueue_open_at_end", kv->irq_wq_open);
	PUT("lifetime_instants", kv->lifetimes);
	PUT("unparsed_as_instants", kv->unparsed);
	PUT("other_instants", kv->instants);
	PUT("backwards_slices", kv->backwards);
#undef PUT
	return o;
}
