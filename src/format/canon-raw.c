// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * canon-raw.c - `trace-cmd report -R` prints events by their raw fields
 * ("field=value" for every field of the event's format) instead of the
 * kernel's print format.  For the events the viewers build something from
 * and whose raw fields differ from the kernel's text, the kernel's text
 * made again (canon.h: tm_canon_raw_form, tm_canon_raw_rewrite):
 *
 *   sched_switch     "prev_comm=C prev_pid=P prev_prio=R prev_state=64
 *                    next_comm=..." -> "... prev_state=x ==> next_comm=...",
 *                    the number printed with the table its numbers fit
 *                    (task-state.h)
 *   irq_handler_exit "ret=1" -> "ret=handled", "ret=0" -> "ret=unhandled"
 *   softirq_*        "vec=3" -> "vec=3 [action=NET_RX]"
 *   cpu_frequency_limits  "min_freq=A max_freq=B cpu_id=C" -> "min=A max=B ..."
 *   clock_set_rate, clock_enable, clock_disable  "name=N state=.." -> "N state=.."
 *   sched_process_fork  "parent_comm=A parent_pid=B child_..." -> "comm=A pid=B ..."
 *   workqueue_execute_start/_end  "work=W function=F" -> "work struct W:
 *                    function F" (F stays an address: the text has no symbols)
 *
 * All but sched_switch only on lines without an irq-info column, as trace-cmd
 * report prints them (Perfetto's to_ftrace() text has one and writes the
 * fields of those events as they are).
 * Markers ("print: ip=tracing_mark_write buf=TEXT") are read as markers by
 * the ftrace reader itself.  Events whose raw fields are their text
 * (sched_wakeup*, cpu_idle, cpu_frequency, ...) need nothing.
 */
#include "canon.h"
#include "str.h"

/* The value of KEY (KL bytes) at *P, up to NEXT (NL bytes, searched after
 * it; NULL: up to E): into *V, *P moved to NEXT.  False when a key is not
 * there. */
static bool take(const char **p, const char *e, const char *key, size_t kl, const char *next,
		 size_t nl, struct tm_str *v)
{
	const char *q;

	if (e - *p < (ptrdiff_t)kl || memcmp(*p, key, kl))
		return false;
	*p += kl;
	q = next ? tm_find_lit(*p, e, next, nl) : e;
	if (!q)
		return false;
	*v = (struct tm_str){ *p, (size_t)(q - *p) };
	*p = q;
	return true;
}

#define TAKE(p, e, key, next, v) take(p, e, key, sizeof(key) - 1, next, sizeof(next) - 1, v)
#define TAKE_END(p, e, key, v) take(p, e, key, sizeof(key) - 1, NULL, 0, v)

static char *put(char *d, const char *s, size_t n)
{
	memcpy(d, s, n);
	return d + n;
}

#define PUT_LIT(d, lit) put(d, lit, sizeof(lit) - 1)
#define PUT_STR(d, s) put(d, (s).p, (s).n)

/* A decimal number S into *V (at most 19 digits). */
static bool number(struct tm_str s, uint64_t *v)
{
	*v = 0;
	if (!s.n || s.n > 19)
		return false;
	for (size_t i = 0; i < s.n; i++) {
		if (s.p[i] < '0' || s.p[i] > '9')
			return false;
		*v = *v * 10 + (uint64_t)(s.p[i] - '0');
	}
	return true;
}

static char *raw_switch(char *d, struct tm_str s, uint32_t tables)
{
	char state[TM_TASK_STATE_ROOM];
	size_t sn;
	const char *p = s.p, *e = s.p + s.n;
	struct tm_str pc, pp, pr, ps, nc, np, nr;
	uint64_t v;

	if (!TAKE(&p, e, "prev_comm=", " prev_pid=", &pc) ||
	    !TAKE(&p, e, " prev_pid=", " prev_prio=", &pp) ||
	    !TAKE(&p, e, " prev_prio=", " prev_state=", &pr) ||
	    !TAKE(&p, e, " prev_state=", " next_comm=", &ps) || !number(ps, &v) ||
	    !TAKE(&p, e, " next_comm=", " next_pid=", &nc) ||
	    !TAKE(&p, e, " next_pid=", " next_prio=", &np) ||
	    !TAKE_END(&p, e, " next_prio=", &nr) || !(sn = tm_task_state_print_all(tables, v, state)))
		return NULL;
	d = PUT_LIT(d, "prev_comm=");
	d = PUT_STR(d, pc);
	d = PUT_LIT(d, " prev_pid=");
	d = PUT_STR(d, pp);
	d = PUT_LIT(d, " prev_prio=");
	d = PUT_STR(d, pr);
	d = PUT_LIT(d, " prev_state=");
	d = put(d, state, sn);
	d = PUT_LIT(d, " ==> next_comm=");
	d = PUT_STR(d, nc);
	d = PUT_LIT(d, " next_pid=");
	d = PUT_STR(d, np);
	d = PUT_LIT(d, " next_prio=");
	return PUT_STR(d, nr);
}

/* "irq=N ret=0|1": the kernel prints ret ? "handled" : "unhandled". */
static char *raw_irq_exit(char *d, struct tm_str s)
{
	const char *p = s.p, *e = s.p + s.n;
	struct tm_str irq, ret;
	uint64_t v;

	if (!TAKE(&p, e, "irq=", " ret=", &irq) || !TAKE_END(&p, e, " ret=", &ret) ||
	    !number(ret, &v))
		return NULL;
	d = PUT_LIT(d, "irq=");
	d = PUT_STR(d, irq);
	return v ? PUT_LIT(d, " ret=handled") : PUT_LIT(d, " ret=unhandled");
}

/* "vec=N": the kernel adds the softirq's name (include/linux/interrupt.h). */
static char *raw_softirq(char *d, struct tm_str s)
{
	static const char *const names[] = {
		"HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET", "SCHED",
		"HRTIMER", "RCU",
	};
	const char *p = s.p, *e = s.p + s.n;
	struct tm_str vec;
	uint64_t v;

	if (!TAKE_END(&p, e, "vec=", &vec) || !number(vec, &v) ||
	    v >= sizeof(names) / sizeof(names[0]))
		return NULL;
	d = PUT_LIT(d, "vec=");
	d = PUT_STR(d, vec);
	d = PUT_LIT(d, " [action=");
	d = put(d, names[v], strlen(names[v]));
	return PUT_LIT(d, "]");
}

/* "min_freq=A max_freq=B cpu_id=C" -> "min=A max=B cpu_id=C". */
static char *raw_freq_limits(char *d, struct tm_str s)
{
	const char *p = s.p, *e = s.p + s.n;
	struct tm_str lo, hi, cpu;

	if (!TAKE(&p, e, "min_freq=", " max_freq=", &lo) ||
	    !TAKE(&p, e, " max_freq=", " cpu_id=", &hi) || !TAKE_END(&p, e, " cpu_id=", &cpu))
		return NULL;
	d = PUT_LIT(d, "min=");
	d = PUT_STR(d, lo);
	d = PUT_LIT(d, " max=");
	d = PUT_STR(d, hi);
	d = PUT_LIT(d, " cpu_id=");
	return PUT_STR(d, cpu);
}

/* "name=N state=S cpu_id=C" -> "N state=S cpu_id=C". */
static char *raw_clock(char *d, struct tm_str s)
{
	const char *p = s.p, *e = s.p + s.n;
	struct tm_str name;

	if (!TAKE(&p, e, "name=", " state=", &name))
		return NULL;
	d = PUT_STR(d, name);
	return put(d, p, (size_t)(e - p));
}

/* "parent_comm=A parent_pid=B child_comm=..." -> "comm=A pid=B child_comm=...". */
static char *raw_fork(char *d, struct tm_str s)
{
	const char *p = s.p, *e = s.p + s.n;
	struct tm_str comm, pid;

	if (!TAKE(&p, e, "parent_comm=", " parent_pid=", &comm) ||
	    !TAKE(&p, e, " parent_pid=", " child_comm=", &pid))
		return NULL;
	d = PUT_LIT(d, "comm=");
	d = PUT_STR(d, comm);
	d = PUT_LIT(d, " pid=");
	d = PUT_STR(d, pid);
	return put(d, p, (size_t)(e - p));
}

/* "work=W[ function=F]" -> "work struct W[: function F]" (the kernel's
 * "%p" and "%ps": W as it is, F an address where it would be a symbol). */
static char *raw_work(char *d, struct tm_str s, bool start)
{
	const char *p = s.p, *e = s.p + s.n, *f = tm_find_lit(p, e, " function=", 10);
	struct tm_str work, fn;

	if ((start && !f) || !(f ? TAKE(&p, e, "work=", " function=", &work) :
				      TAKE_END(&p, e, "work=", &work)))
		return NULL;
	d = PUT_LIT(d, "work struct ");
	d = PUT_STR(d, work);
	if (!f)
		return d;
	if (!TAKE_END(&p, e, " function=", &fn))
		return NULL;
	d = PUT_LIT(d, ": function ");
	return PUT_STR(d, fn);
}

bool tm_canon_raw_form(const struct tm_ftrace_event *ev)
{
	struct tm_str n = ev->name, d = ev->details;

	if (TM_STR_IS(n, "sched_switch")) {
		/* " next_comm=" after a number, not after the kernel's " ==>" */
		const char *q = TM_STR_STARTS(d, "prev_comm=") ?
				tm_find_lit(d.p, d.p + d.n, " next_comm=", 11) : NULL;

		return q && q[-1] >= '0' && q[-1] <= '9';
	}
	/* the others only without an irq-info column, as trace-cmd report
	 * prints them: Perfetto's text (to_ftrace) writes these fields too */
	if (ev->nflags)
		return false;
	if (TM_STR_IS(n, "irq_handler_exit"))
		return d.n && d.p[d.n - 1] >= '0' && d.p[d.n - 1] <= '9';
	if (TM_STR_STARTS(n, "softirq_"))
		return TM_STR_STARTS(d, "vec=") && !memchr(d.p, '[', d.n);
	if (TM_STR_IS(n, "cpu_frequency_limits"))
		return TM_STR_STARTS(d, "min_freq=");
	if (TM_STR_STARTS(n, "clock_"))
		return TM_STR_STARTS(d, "name=");
	if (TM_STR_IS(n, "sched_process_fork"))
		return TM_STR_STARTS(d, "parent_comm=");
	if (TM_STR_STARTS(n, "workqueue_execute_"))
		return TM_STR_STARTS(d, "work=");
	return false;
}

char *tm_canon_raw_rewrite(char *d, const struct tm_ftrace_event *ev, uint32_t tables)
{
	struct tm_str n = ev->name, s = ev->details;

	if (TM_STR_IS(n, "sched_switch"))
		return raw_switch(d, s, tables);
	if (TM_STR_IS(n, "irq_handler_exit"))
		return raw_irq_exit(d, s);
	if (TM_STR_IS(n, "softirq_raise") || TM_STR_IS(n, "softirq_entry") ||
	    TM_STR_IS(n, "softirq_exit"))
		return raw_softirq(d, s);
	if (TM_STR_IS(n, "cpu_frequency_limits"))
		return raw_freq_limits(d, s);
	if (TM_STR_IS(n, "clock_set_rate") || TM_STR_IS(n, "clock_enable") ||
	    TM_STR_IS(n, "clock_disable"))
		return raw_clock(d, s);
	if (TM_STR_IS(n, "sched_process_fork"))
		return raw_fork(d, s);
	if (TM_STR_IS(n, "workqueue_execute_start") || TM_STR_IS(n, "workqueue_execute_end"))
		return raw_work(d, s, TM_STR_IS(n, "workqueue_execute_start"));
	return NULL;
}

void tm_canon_task_states(struct tm_canon_stats *st, uint32_t tables)
{
	st->task_tables = tables | TM_CANON_TABLES_SET;
}

/* The tables ST says raw prev_state numbers are printed with. */
static uint32_t tables_of(const struct tm_canon_stats *st)
{
	if (!st || !(st->task_tables & TM_CANON_TABLES_SET))
		return 1u << TM_TASK_STATES_CURRENT;
	return st->task_tables & ~TM_CANON_TABLES_SET;
}

/* A raw switch written with TABLES, in ST. */
static void note_tables(struct tm_canon_stats *st, uint32_t tables)
{
	uint32_t used = tables | TM_CANON_TABLES_SET;

	if (st->task_tables_used && st->task_tables_used != used)
		st->task_tables_mixed = true;
	st->task_tables_used = used;
}

size_t tm_canon_raw_at(char *d, const struct tm_ftrace_event *ev, struct tm_canon_stats *st)
{
	uint32_t tables = tables_of(st);
	bool sw = TM_STR_IS(ev->name, "sched_switch");
	char *e;

	if (!tm_canon_raw_form(ev))
		return 0;
	e = tm_canon_raw_rewrite(d, ev, tables);
	if (st) {
		if (sw)
			note_tables(st, tables);
		if (e)
			st->raw_rewritten++;
		else if (sw && (tables & (tables - 1) || !tables))
			st->raw_states_kept++;
		else
			st->raw_kept++;
	}
	return e ? (size_t)(e - d) : 0;
}
