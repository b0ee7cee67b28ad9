/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * kernel-events-misc.c - kernel counters and interrupt/workqueue slices:
 *   cpu_frequency, cpu_idle, cpu_frequency_limits  C "<event> CPU N" in "CPUs"
 *   clock_set_rate / clock_enable / clock_disable  C "<event> <clock>" in "CPUs"
 *   rss_stat (curr=1)                               C "mem.rss.<member>" on the process
 *   irq_handler_*, softirq_entry/exit, ipi_*        X on "CPU N irq" (per-CPU stack)
 *   workqueue_execute_start/end                     X on the worker thread
 * An exit without its entry is reported and kept as an instant; entries
 * still open at the end are reported and written as B without an end.
 */
#include <stdio.h>
#include <string.h>

#include "kernel-events-int.h"

static bool is(const struct tm_kev *kv, const char *lit)
{
	size_t n = strlen(lit);
	return kv->ev->name.n == n && memcmp(kv->ev->name.p, lit, n) == 0;
}

static void counter(struct tm_kev *kv, int32_t pid, const char *name, const char *k1, int64_t v1,
		    const char *k2, int64_t v2)
{
	tm_kev_obj(kv, "C", "kernel", pid, 0, kv->ts);
	tm_kev_names(kv, name);
	tm_kev_arg_i(kv, k1, v1);
	if (k2)
		tm_kev_arg_i(kv, k2, v2);
	tm_kev_emit(kv);
	kv->counters++;
}

static bool cpu_counter(struct tm_kev *kv)
{
	struct tm_str d = kv->ev->details;
	int64_t cpu, v, lo, hi;
	char name[64];

	if (!tm_kev_field_i(d, "cpu_id=", &cpu) || cpu < 0 || cpu >= KEV_MAX_CPU)
		return false;
	tm_kev_cpu(kv, (int32_t)cpu); /* names the CPUs process */
	snprintf(name, sizeof(name), "%.*s CPU %d", (int)kv->ev->name.n, kv->ev->name.p, (int)cpu);
	if (is(kv, "cpu_frequency_limits")) {
		if (!(tm_kev_field_i(d, "min_freq=", &lo) || tm_kev_field_i(d, "min=", &lo)) ||
		    !(tm_kev_field_i(d, "max_freq=", &hi) || tm_kev_field_i(d, "max=", &hi)))
			return false;
		counter(kv, KEV_CPU_PID, name, "min", lo, "max", hi);
		return true;
	}
	if (!tm_kev_field_i(d, "state=", &v))
		return false;
	if (is(kv, "cpu_idle") && v == 4294967295LL)
		v = -1; /* leaving idle */
	counter(kv, KEV_CPU_PID, name, "value", v, NULL, 0);
	return true;
}

/* clock_set_rate: "NAME state=RATE cpu_id=N"; clock_enable/disable: state 1/0. */
static bool clock_counter(struct tm_kev *kv)
{
	struct tm_str d = kv->ev->details;
	const char *sp = memchr(d.p, ' ', d.n);
	char name[160];
	int64_t v;

	if (!sp || sp == d.p || !tm_kev_field_i(d, "state=", &v))
		return false;
	snprintf(name, sizeof(name), "%.*s %.*s", (int)kv->ev->name.n, kv->ev->name.p,
		 (int)(sp - d.p > 100 ? 100 : sp - d.p), d.p);
	counter(kv, KEV_CPU_PID, name, "value", v, NULL, 0);
	return true;
}

static const char *rss_member(struct tm_str w)
{
	static const char *const names[][2] = {
		{ "0", "file" }, { "1", "anon" }, { "2", "swap" }, { "3", "shmem" },
		{ "MM_FILEPAGES", "file" }, { "MM_ANONPAGES", "anon" }, { "MM_SWAPENTS", "swap" },
		{ "MM_SHMEMPAGES", "shmem" },
	};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i][0]) == w.n && !memcmp(names[i][0], w.p, w.n))
			return names[i][1];
	return "other";
}

/* rss_stat: "mm_id=N curr=1 member=M size=NB" or "... type=MM_ANONPAGES size=NB". */
static bool rss_counter(struct tm_kev *kv)
{
	struct tm_str d = kv->ev->details, sz, what;
	int64_t curr = 1, v = 0;
	char name[96];

	tm_kev_field_i(d, "curr=", &curr);
	if (!curr || !tm_kev_field(d, "size=", NULL, &sz) || !sz.n ||
	    !(tm_kev_field(d, "member=", NULL, &what) || tm_kev_field(d, "type=", NULL, &what)))
		return false;
	if (sz.p[sz.n - 1] == 'B')
		sz.n--;
	for (size_t i = 0; i < sz.n; i++) {
		if (sz.p[i] < '0' || sz.p[i] > '9' || v > (INT64_MAX - 9) / 10)
			return false;
		v = v * 10 + (sz.p[i] - '0');
	}
	if (!sz.n)
		return false;
	snprintf(name, sizeof(name), "mem.rss.%s", rss_member(what));
	counter(kv, kv->pid, name, "value", v, NULL, 0);
	return true;
}

static const char *const softirq_names[] = {
	"HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET", "SCHED", "HRTIMER", "RCU",
};

static bool irq_entry(struct tm_kev *kv, struct tm_kev_cpu *c, char kind)
{
	struct tm_str d = kv->ev->details, s;
	struct tm_kev_irq *q;
	int64_t num = 0;

	if (c->nirq == KEV_IRQ_DEPTH) {
		kv->irq_unterminated++;
		tm_kev_warn(kv, "kevents-irq-too-deep", "interrupt entries nested deeper than %d "
			 "on CPU %d: kept as an instant", KEV_IRQ_DEPTH, kv->ev->cpu);
		return false;
	}
	q = &c->irq[c->nirq];
	q->kind = kind;
	q->ts = kv->ts;
	if (kind == 'h') {
		if (!tm_kev_field_i(d, "irq=", &num))
			return false;
		if (tm_kev_field(d, "name=", NULL, &s))
			tm_kev_cpy(q->name, sizeof(q->name), s);
		else
			snprintf(q->name, sizeof(q->name), "%lld", (long long)num);
	} else if (kind == 's') {
		if (!tm_kev_field_i(d, "vec=", &num))
			return false;
		if (tm_kev_field(d, "action=", NULL, &s))
			tm_kev_cpy(q->name, sizeof(q->name), s);
		else if (num >= 0 && num < 10)
			snprintf(q->name, sizeof(q->name), "%s", softirq_names[num]);
		else
			snprintf(q->name, sizeof(q->name), "%lld", (long long)num);
	} else {
		/* ipi_entry: (Rescheduling interrupts) */
		s = d;
		if (s.n >= 2 && s.p[0] == '(' && s.p[s.n - 1] == ')') {
			s.p++;
			s.n -= 2;
		}
		tm_kev_cpy(q->name, sizeof(q->name), s);
	}
	q->num = (int32_t)num;
	c->nirq++;
	return true;
}

static bool irq_exit(struct tm_kev *kv, struct tm_kev_cpu *c, char kind)
{
	int64_t num = 0;
	int i;
	char name[96];

	if (kind == 'h' && !tm_kev_field_i(kv->ev->details, "irq=", &num))
		return false;
	if (kind == 's' && !tm_kev_field_i(kv->ev->details, "vec=", &num))
		return false;
	for (i = c->nirq - 1; i >= 0; i--)
		if (c->irq[i].kind == kind && (kind == 'i' || c->irq[i].num == num))
			break;
	if (i < 0) {
		kv->irq_unmatched++;
		tm_kev_warn(kv, "kevents-irq-exit-unmatched", "%.*s without its entry on CPU %d: kept as "
			 "an instant", (int)kv->ev->name.n, kv->ev->name.p, kv->ev->cpu);
		return false;
	}
	if (i != c->nirq - 1) {
		kv->irq_unterminated += (uint64_t)(c->nirq - 1 - i);
		tm_kev_warn(kv, "kevents-irq-unterminated", "interrupt entries on CPU %d left without "
			 "their exit", kv->ev->cpu);
	}
	struct tm_kev_irq *q = &c->irq[i];
	snprintf(name, sizeof(name), "%s (%s)", kind == 'h' ? "IRQ" : kind == 's' ? "SoftIRQ" : "IPI",
		 q->name);
	tm_kev_obj(kv, "X", "irq", KEV_CPU_PID, KEV_IRQ_TID(kv->ev->cpu), q->ts);
	tm_kev_names(kv, name);
	tm_kev_span(kv, q->ts, kv->ts);
	if (kind != 'i')
		tm_kev_arg_i(kv, kind == 'h' ? "irq" : "vec", q->num);
	if (kind == 'h')
		tm_kev_arg_s(kv, "exit", kv->ev->details.p, kv->ev->details.n);
	tm_kev_emit(kv);
	kv->irq_slices++;
	c->nirq = i;
	return true;
}

static bool irq(struct tm_kev *kv)
{
	bool entry = is(kv, "irq_handler_entry") || is(kv, "softirq_entry") || is(kv, "ipi_entry");
	char kind = kv->ev->name.p[0] == 'i' && kv->ev->name.p[1] == 'r' ? 'h' :
		    kv->ev->name.p[0] == 's' ? 's' : 'i';
	struct tm_kev_cpu *c = tm_kev_cpu(kv, kv->ev->cpu);

	if (!c)
		return false;
	return entry ? irq_entry(kv, c, kind) : irq_exit(kv, c, kind);
}

/* "work struct 0000000071b1ca62: function vmstat_update" */
static bool wq_start(struct tm_kev *kv)
{
	struct tm_kev_thread *t = tm_kev_thread(kv, kv->tid);
	struct tm_str d = kv->ev->details, fn;

	struct tm_kev_more *m;

	if (!t || (t->more && t->more->nwq == KEV_WQ_DEPTH) ||
	    !tm_kev_field(d, "function", NULL, &fn) || !(m = tm_kev_more(kv, t)))
		return false;
	fn = (struct tm_str){ fn.p, (size_t)(d.p + d.n - fn.p) };
	while (fn.n && fn.p[0] == ' ') {
		fn.p++;
		fn.n--;
	}
	t->pid = kv->pid;
	m->wq_ts[m->nwq] = kv->ts;
	tm_kev_cpy(m->wq_fn[m->nwq], sizeof(m->wq_fn[0]), fn);
	m->nwq++;
	return true;
}

static bool wq_end(struct tm_kev *kv)
{
	struct tm_kev_thread *t = tm_hmap_get_i32(kv->threads, kv->tid, false);
	struct tm_kev_more *m = t ? t->more : NULL;

	if (!m || !m->nwq) {
		kv->wq_unmatched++;
		tm_kev_warn(kv, "kevents-workqueue-end-unmatched", "workqueue_execute_end without its "
			 "start on tid %d: kept as an instant", kv->tid);
		return false;
	}
	m->nwq--;
	tm_kev_obj(kv, "X", "workqueue", kv->pid, kv->tid, m->wq_ts[m->nwq]);
	tm_kev_names(kv, m->wq_fn[m->nwq]);
	tm_kev_span(kv, m->wq_ts[m->nwq], kv->ts);
	tm_kev_arg_s(kv, "end", kv->ev->details.p, kv->ev->details.n);
	tm_kev_emit(kv);
	kv->wq_slices++;
	tm_kev_more_trim(t);
	return true;
}

bool tm_kev_misc(struct tm_kev *kv)
{
	if (is(kv, "cpu_frequency") || is(kv, "cpu_idle") || is(kv, "cpu_frequency_limits"))
		return cpu_counter(kv);
	if (is(kv, "clock_set_rate") || is(kv, "clock_enable") || is(kv, "clock_disable"))
		return clock_counter(kv);
	if (is(kv, "rss_stat"))
		return rss_counter(kv);
	if (is(kv, "irq_handler_entry") || is(kv, "irq_handler_exit") || is(kv, "softirq_entry") ||
	    is(kv, "softirq_exit") || is(kv, "ipi_entry") || is(kv, "ipi_exit"))
		return irq(kv);
	if (is(kv, "workqueue_execute_start"))
		return wq_start(kv);
	if (is(kv, "workqueue_execute_end"))
		return wq_end(kv);
	return false;
}

void tm_kev_misc_finish(struct tm_kev *kv)
{
	size_t it = 0;
	struct tm_kev_cpu *c;
	struct tm_kev_thread *t;

	const char *key;
	char name[96];
	uint64_t n = 0;

	while ((c = tm_hmap_next(kv->cpus, &it, &key, NULL))) {
		int32_t cpu;
		memcpy(&cpu, key, sizeof(cpu));
		for (int i = 0; i < c->nirq; i++, n++) {
			struct tm_kev_irq *q = &c->irq[i];
			snprintf(name, sizeof(name), "%s (%s)", q->kind == 'h' ? "IRQ" :
				 q->kind == 's' ? "SoftIRQ" : "IPI", q->name);
			tm_kev_obj(kv, "B", "irq", KEV_CPU_PID, KEV_IRQ_TID(cpu), q->ts);
			tm_kev_names(kv, name);
			tm_kev_arg_s(kv, "open_at_end", "1", 1);
			tm_kev_emit(kv);
		}
	}
	it = 0;
	while ((t = tm_hmap_next(kv->threads, &it, &key, NULL))) {
		int32_t tid;
		memcpy(&tid, key, sizeof(tid));
		for (int i = 0; t->more && i < t->more->nwq; i++, n++) {
			tm_kev_obj(kv, "B", "workqueue", t->pid, tid, t->more->wq_ts[i]);
			tm_kev_names(kv, t->more->wq_fn[i]);
			tm_kev_arg_s(kv, "open_at_end", "1", 1);
			tm_kev_emit(kv);
		}
	}
	if (n)
		tm_kev_warn(kv, "kevents-open-at-end", "%llu interrupt or workqueue slices still open "
			 "at the end: written as B without an end", (unsigned long long)n);
	kv->irq_wq_open = n;
}
