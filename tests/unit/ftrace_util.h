/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ftrace_util.h - checks of ftrace lines shared by the tests and the fuzz
 * target (plain C, no cmocka): the parser with its shortcuts against its
 * general search, and two readings of the same line. */
#ifndef TM_FTRACE_UTIL_H
#define TM_FTRACE_UTIL_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "canon.h"
#include "ftrace-general.h"
#include "ftrace-internal.h"

/* Every field, bools and padding of flags included, byte for byte. */
static inline bool tm_t_same_event(const struct tm_ftrace_event *a,
				   const struct tm_ftrace_event *b)
{
#define SAME(f) (memcmp(&a->f, &b->f, sizeof(a->f)) == 0)
	return SAME(comm) && SAME(pid) && SAME(tgid) && SAME(has_tgid_col) && SAME(cpu) &&
	       SAME(nflags) && SAME(flags) && SAME(ts_ns) && SAME(ts_digits) && SAME(style) &&
	       SAME(name.n) && memcmp(a->name.p, b->name.p, a->name.n) == 0 &&
	       SAME(details) && SAME(instance) && SAME(print_prefixed) && SAME(name_padded);
#undef SAME
}

/* Are the first 42 of the N bytes at LINE what printf writes of EV's
 * columns in the kernel's layout ("%16s-%-5d (%5d) [%03d] %.4s ", "-----"
 * for no TGID): what kernel_cols promises? */
static inline bool tm_t_printf_columns(const char *line, size_t n,
				       const struct tm_ftrace_event *ev)
{
	char tg[16], want[96];

	if (ev->tgid < 0)
		snprintf(tg, sizeof(tg), "-----");
	else
		snprintf(tg, sizeof(tg), "%5d", ev->tgid);
	if (ev->comm.n > 16)
		return false;
	/* "%16s" of the comm by hand: it may hold NUL bytes */
	memset(want, ' ', 16 - ev->comm.n);
	memcpy(want + 16 - ev->comm.n, ev->comm.p, ev->comm.n);
	snprintf(want + 16, sizeof(want) - 16, "-%-5d (%s) [%03d] ", ev->pid, tg, ev->cpu);
	if (strlen(want + 16) != 21)
		return false;
	memcpy(want + 37, ev->flags, 4);   /* "%.4s", NUL bytes too */
	want[41] = ' ';
	return ev->nflags == 4 && n >= 42 && memcmp(line, want, 42) == 0;
}

/* Is what TS_AT (not 0) says of LINE (N bytes) true: from that offset,
 * 1 to 9 digits, '.', EV's ts_digits digits and ':', their value EV's
 * time? */
static inline bool tm_t_time_at(const char *line, size_t n, const struct tm_ftrace_event *ev,
				unsigned ts_at)
{
	long long secs = 0, frac = 0;
	size_t i = ts_at, ns = 0, nf = 0;

	for (; i < n && line[i] >= '0' && line[i] <= '9'; i++, ns++)
		secs = secs * 10 + (line[i] - '0');
	if (ns < 1 || ns > 9 || i >= n || line[i++] != '.')
		return false;
	for (; i < n && line[i] >= '0' && line[i] <= '9'; i++, nf++)
		frac = frac * 10 + (line[i] - '0');
	if (nf < 1 || nf > 9 || (int)nf != ev->ts_digits || i >= n || line[i] != ':')
		return false;
	for (; nf < 9; nf++)
		frac *= 10;
	return ev->ts_ns == secs * 1000000000 + frac;
}

/* LINE (N bytes) read by the parser, shortcuts and all (the library's own
 * form with the columns' facts, and the public one), and by its general
 * search, into structs filled with different garbage first: the same
 * result and fields, kernel_cols only where the columns are what printf
 * writes (and kernel_ts only with it), and ts_at only where the time is
 * what it says. */
static inline bool tm_t_parsers_agree(const char *line, size_t n, int flag_width,
				      bool tracecmd)
{
	struct tm_ftrace_event a, b, c;
	struct tm_ftrace_cols ca;
	int ra, rb, rc;

	memset(&a, 0x55, sizeof(a));
	memset(&b, 0xaa, sizeof(b));
	memset(&c, 0x33, sizeof(c));
	memset(&ca, 0x55, sizeof(ca));
	ra = tm_ftrace_parse_event_cols(line, n, flag_width, tracecmd, &a, &ca);
	rb = tm_ftrace_parse_event_general(line, n, flag_width, tracecmd, &b);
	rc = tm_ftrace_parse_event(line, n, flag_width, tracecmd, &c);
	if (ra != rb || ra != rc || (ra != 0 && (ca.kernel_cols || ca.kernel_ts || ca.ts_at)))
		return false;
	return ra != 0 || (tm_t_same_event(&a, &b) && tm_t_same_event(&a, &c) &&
			   (ca.kernel_cols ? tm_t_printf_columns(line, n, &a) : !ca.kernel_ts) &&
			   (!ca.ts_at || tm_t_time_at(line, n, &a, ca.ts_at)));
}

/* Two readings of a line the same: kind, number, text, continuation
 * lines, reason and, for an event, its pid, time and details. */
static inline bool tm_t_same_line(const struct tm_ftrace_line *a, const struct tm_ftrace_line *b)
{
	return a->kind == b->kind && a->lineno == b->lineno && a->raw.p == b->raw.p &&
	       a->raw.n == b->raw.n && a->ncont == b->ncont && a->cont.p == b->cont.p &&
	       a->cont.n == b->cont.n && a->reason == b->reason &&
	       (a->kind != TM_LN_EVENT ||
		(a->ev.pid == b->ev.pid && a->ev.ts_ns == b->ev.ts_ns &&
		 a->ev.details.p == b->ev.details.p && a->ev.details.n == b->ev.details.n));
}

/* The canonical prefix of event line L the same with kernel_cols,
 * kernel_ts and ts_at as the parser found them and cleared (every column
 * checked again): whether one is made, its stretches or bytes, counts and
 * kind; *MADE: whether it was. */
static inline bool tm_t_same_prefix(const struct tm_fline *l, bool *made)
{
	struct tm_fline g = *l;
	struct tm_canon_pre pa, pb;
	char ba[TM_CANON_PREFIX_MAX], bb[TM_CANON_PREFIX_MAX];
	bool ra, rb;

	g.f.cols = (struct tm_ftrace_cols){ 0 };
	memset(&pa, 0x55, sizeof(pa));
	memset(&pb, 0x55, sizeof(pb));
	ra = tm_canon_prefix_json(ba, l, -1, &pa);
	rb = tm_canon_prefix_json(bb, &g, -1, &pb);
	*made = ra;
	return ra == rb &&
	       (!ra || (pa.n[0] == pb.n[0] && pa.n[1] == pb.n[1] && pa.counts == pb.counts &&
			pa.line == pb.line && pa.plain == pb.plain && pa.p[1] == pb.p[1] && pa.tgid_at == pb.tgid_at &&
			(pa.p[0] == ba) == (pb.p[0] == bb) &&
			memcmp(pa.p[0], pb.p[0], pa.n[0]) == 0));
}

#endif
