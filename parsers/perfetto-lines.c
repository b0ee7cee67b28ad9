/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-lines.c - the lines of a Perfetto trace's text (pass 2,
 * perfetto.c): a record as a line in the layout of Perfetto's to_ftrace(),
 * written in place at the end of the text's buffer (digits.h; printf only
 * for the hexadecimal fields of rarer events), a task's "COMM-PID (TGID) ["
 * from a small cache; and the process dump.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "big-buffer.h"
#include "digits.h"
#include "perfetto-int.h"
#include "tracemerge/ts.h"

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

/* "COMM-PID (TGID) [" of TID at W (room: its name's length + 48). */
static char *w_task(struct pf *pf, char *w, int32_t tid)
{
	struct view name = tm_pf_names_of(pf, tid);
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
		struct view name = tm_pf_names_of(pf, r->pid);

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

/* prev_state as the trace's kernel prints it (pf->task_states), at W. */
static char *w_state(const struct pf *pf, char *w, int64_t state)
{
	return w + tm_task_state_print(pf->task_states, (uint64_t)state, w);
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
	char *w = room(pf, (size_t)pc.n + nc.n + 128 + TM_TASK_STATE_ROOM);

	if (!w)
		return;
	memcpy(w, "sched_switch: prev_comm=", 24);
	w = w_text(w + 24, pc);
	w = W_KV(w, " prev_pid=", pp);
	w = W_KV(w, " prev_prio=", pprio);
	memcpy(w, " prev_state=", 12);
	w = w_state(pf, w + 12, st);
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

int tm_pf_lines_write(struct pf *pf, const struct rec *r)
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

/* Processes (pid, ppid, name) and threads (tgid, tid, name) as `ps`
 * tables a PROCESS DUMP reader takes, every one the trace lists; a name
 * the trace does not give (a process without a cmdline, a thread without
 * a comm) is written "<...>", the kernel's "no name", which the reader
 * takes as none. */
void tm_pf_lines_process_dump(struct pf *pf)
{
	size_t it = 0;
	const char *key;
	struct proc *p;
	struct view name;
	int32_t *tgid, id;

	put(pf, "PROCESS DUMP\nUSER PID PPID NAME\n", 32);
	while ((p = tm_hmap_next(pf->procs, &it, &key, NULL))) {
		memcpy(&id, key, sizeof(id));
		name = p->name.n ? p->name : tm_pf_names_of(pf, id);
		putf(pf, "? %d %d ", id, p->ppid);
		put_text(pf, name);
		put(pf, "\n", 1);
	}
	put(pf, "USER PID TID CMD\n", 17);
	it = 0;
	while ((tgid = tm_hmap_next(pf->tgids, &it, &key, NULL))) {
		memcpy(&id, key, sizeof(id));
		name = tm_pf_names_of(pf, id);
		putf(pf, "? %d %d ", *tgid, id);
		put_text(pf, name);
		put(pf, "\n", 1);
	}
}


void tm_pf_lines_put(struct pf *pf, const void *s, size_t n)
{
	put(pf, s, n);
}
