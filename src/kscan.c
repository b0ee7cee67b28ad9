/* kscan.c - account for every line of an input's kernel text (kscan.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kscan.h"
#include "out.h"

int tm_kstats_init(struct tm_kstats *st, const char *name, struct tm_diag *d)
{
	memset(st, 0, sizeof(*st));
	st->name = name;
	st->diag = d;
	st->names = tm_hmap_new(sizeof(uint64_t));
	st->tasks = tm_hmap_new(sizeof(struct tm_task));
	st->procs = tm_hmap_new(sizeof(struct tm_proc));
	st->async = tm_hmap_new(sizeof(int64_t));
	st->cpus = tm_hmap_new(sizeof(uint64_t));
	if (!st->names || !st->tasks || !st->procs || !st->async || !st->cpus) {
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

static struct tm_task *task(struct tm_kstats *st, int32_t pid)
{
	struct tm_task *t = tm_hmap_get_i32(st->tasks, pid, true);
	if (t && !t->init) {
		t->init = true;
		t->tgid = -1;
	}
	return t;
}

/* Learn a name for PID; "<...>" never replaces a known name. */
static void learn_name(struct tm_kstats *st, int32_t pid, struct tm_str comm)
{
	struct tm_task *t;

	if (pid < 0 || comm.n == 0 || is_unknown_comm(comm) || !(t = task(st, pid)))
		return;
	tm_utf8_copy(t->comm, sizeof(t->comm), comm.p, comm.n);
	t->named = true;
}

static void learn_tgid(struct tm_kstats *st, int32_t pid, int32_t tgid)
{
	struct tm_task *t;

	if (pid < 0 || tgid < 0 || !(t = task(st, pid)))
		return;
	t->tgid = tgid;
}

int32_t tm_kstats_tgid(struct tm_kstats *st, int32_t pid)
{
	struct tm_task *t = tm_hmap_get_i32(st->tasks, pid, false);
	return t ? t->tgid : -1;
}

/* Value of "KEY=" in D, up to the next " NEXTKEY=" (or blank if NULL). */
static bool kv(struct tm_str d, const char *key, const char *next, struct tm_str *v)
{
	size_t kl = strlen(key);
	const char *p = memmem(d.p, d.n, key, kl), *e = d.p + d.n, *q;

	if (!p || (p > d.p && p[-1] != ' '))
		return false;
	p += kl;
	q = next ? memmem(p, (size_t)(e - p), next, strlen(next)) : memchr(p, ' ', (size_t)(e - p));
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

static bool name_is(struct tm_str s, const char *lit)
{
	size_t n = strlen(lit);
	return s.n == n && memcmp(s.p, lit, n) == 0;
}

/* Names of other threads carried in sched event details. */
static void learn_from_sched(struct tm_kstats *st, const struct tm_ftrace_event *ev)
{
	struct tm_str c, p;

	if (name_is(ev->name, "sched_switch")) {
		if (kv(ev->details, "prev_comm=", " prev_pid=", &c) &&
		    kv(ev->details, "prev_pid=", NULL, &p))
			learn_name(st, str_i32(p), c);
		if (kv(ev->details, "next_comm=", " next_pid=", &c) &&
		    kv(ev->details, "next_pid=", NULL, &p))
			learn_name(st, str_i32(p), c);
	} else if (name_is(ev->name, "sched_wakeup") || name_is(ev->name, "sched_waking") ||
		   name_is(ev->name, "sched_wakeup_new")) {
		if (kv(ev->details, "comm=", " pid=", &c) && kv(ev->details, "pid=", NULL, &p))
			learn_name(st, str_i32(p), c);
	}
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

/* A marker event: parse its atrace payload and keep slice accounting. */
static void scan_marker(struct tm_kstats *st, const struct tm_ftrace_event *ev,
			const char *where)
{
	struct tm_atrace a;
	struct tm_task *t;
	char key[512];
	size_t kn;
	int64_t *open;

	tm_atrace_parse(ev->details.p, ev->details.n, &a);
	st->at.by_kind[a.kind]++;
	if (a.has_tgid)
		learn_tgid(st, ev->pid, a.tgid);
	switch (a.kind) {
	case TM_AT_INVALID:
		tm_diag_warn(st->diag, "invalid-atrace", where,
			     "malformed atrace payload (%s)", a.error ? a.error : "?");
		break;
	case TM_AT_BEGIN:
		if ((t = task(st, ev->pid)))
			t->open_slices++;
		break;
	case TM_AT_END:
		t = task(st, ev->pid);
		if (t && t->open_slices > 0) {
			t->open_slices--;
			st->at.slices_closed++;
		} else {
			st->at.end_unmatched++;
			tm_diag_warn(st->diag, "unmatched-end", where,
				     "atrace E without an open B on thread %d", ev->pid);
		}
		break;
	case TM_AT_ASYNC_BEGIN:
	case TM_AT_ASYNC_END:
		kn = async_key(key, sizeof(key), &a);
		open = tm_hmap_get(st->async, key, kn, a.kind == TM_AT_ASYNC_BEGIN);
		if (a.kind == TM_AT_ASYNC_BEGIN) {
			if (open)
				(*open)++;
		} else if (open && *open > 0) {
			(*open)--;
			st->at.async_closed++;
		} else {
			st->at.async_end_unmatched++;
			tm_diag_warn(st->diag, "unmatched-async-end", where,
				     "atrace F without a matching S");
		}
		break;
	case TM_AT_CLOCK_SYNC:
		add_marker(st, &a, ev->ts_ns, ev->ts_digits, where);
		break;
	default:
		break;
	}
}

static void count_name(struct tm_kstats *st, struct tm_str name)
{
	uint64_t *n = tm_hmap_get(st->names, name.p, name.n, true);
	if (n)
		(*n)++;
}

static void scan_event(struct tm_kstats *st, const struct tm_ftrace_line *l,
		       const char *where)
{
	const struct tm_ftrace_event *ev = &l->ev;
	struct tm_task *t;
	uint64_t *c;

	st->events++;
	st->continuation += l->ncont;
	count_name(st, ev->name);
	if ((c = tm_hmap_get_i32(st->cpus, ev->cpu, true)))
		(*c)++;
	if (ev->ts_digits < 0)
		st->counter_clock = true;
	if (!st->have_ts || ev->ts_ns < st->ts_min)
		st->ts_min = ev->ts_ns;
	if (!st->have_ts || ev->ts_ns > st->ts_max)
		st->ts_max = ev->ts_ns;
	st->have_ts = true;
	if (st->block_have_ts && ev->ts_ns < st->block_last_ts) {
		st->ts_backwards++;
		tm_diag_warn(st->diag, "ts-backwards", where,
			     "event stamped before the event above it");
	}
	st->block_last_ts = ev->ts_ns;
	st->block_have_ts = true;
	learn_name(st, ev->pid, ev->comm);
	if ((t = task(st, ev->pid))) {
		t->events++;
		if (ev->tgid >= 0)
			t->tgid = ev->tgid;
	}
	learn_from_sched(st, ev);
	if (tm_ftrace_is_marker(ev))
		scan_marker(st, ev, where);
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
		tm_kscan_where(where, sizeof(where), st->name, b, l->lineno);
		scan_event(st, l, where);
		break;
	case TM_LN_REJECTED:
		st->rejected++;
		tm_kscan_where(where, sizeof(where), st->name, b, l->lineno);
		tm_diag_warn(st->diag, "rejected-line", where, "%s", l->reason);
		break;
	}
}

static void on_proc(void *ctx, int32_t pid, int32_t ppid, struct tm_str name)
{
	struct tm_kstats *st = ctx;
	struct tm_proc *p = tm_hmap_get_i32(st->procs, pid, true);

	(void)ppid;
	if (p)
		tm_utf8_copy(p->name, sizeof(p->name), name.p, name.n);
}

static int scan_ftrace_block(struct tm_kstats *st, const struct tm_block *b,
			     size_t bi, tm_kscan_cb cb, void *ctx)
{
	struct tm_ftrace_reader *r = tm_ftrace_reader_new(b->data, b->len);
	struct tm_ftrace_line l;

	if (!r)
		return -1;
	st->block_have_ts = false;
	while (tm_ftrace_next(r, &l)) {
		scan_line(st, &l, b);
		if (cb)
			cb(ctx, &l, b, bi);
	}
	if (!st->have_hdr) {
		st->hdr = *tm_ftrace_reader_header(r);
		st->have_hdr = true;
	} else {
		st->hdr.lost_events += tm_ftrace_reader_header(r)->lost_events;
	}
	st->ftrace_blocks++;
	tm_ftrace_reader_free(r);
	return 0;
}

int tm_kscan_input(struct tm_input *in, struct tm_kstats *st, tm_kscan_cb cb,
		   void *ctx)
{
	size_t n = tm_input_nblocks(in);

	for (size_t i = 0; i < n; i++) {
		const struct tm_block *b = tm_input_block(in, i);
		st->blocks[b->kind]++;
		if (b->kind == TM_BLOCK_FTRACE) {
			if (scan_ftrace_block(st, b, i, cb, ctx))
				return -1;
		} else if (b->kind == TM_BLOCK_PROCESS_DUMP) {
			tm_procdump_parse(b->data, b->len, on_proc, st);
		}
	}
	return 0;
}
