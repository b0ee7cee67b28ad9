/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sync-apart.c - inputs that the solved clock relation puts apart
 * (sync-int.h: tm_sync_check_apart).
 *
 * Once every part is on the output clock, each input spans from its first
 * to its last event (its kernel text's and JSON blocks' together, each
 * through its own route).  Two inputs whose spans do not meet at all were
 * most likely put there by a clock rule that does not hold for them (the
 * legacy CLOCK_MONOTONIC assumption, a marker of another session, a wrong
 * --offset): the viewers' time range then spans the gap too.  Each such
 * pair is said as a warning "inputs-apart", with the gap in sensible units.
 */
#include <inttypes.h>
#include <stdio.h>

#include "sync.h"
#include "sync-int.h"

struct span {
	bool have;
	int64_t lo, hi;            /* on the output clock */
};

/* Widen SP by [LO, HI] of domain DOM (its route's map), if DOM is linked. */
static void span_add(const struct tm_sync *s, struct span *sp, int dom, int64_t lo, int64_t hi)
{
	const struct tm_clock_route *r;
	int64_t a, b;

	if (dom < 0 || !(r = &s->routes[dom])->linked ||
	    tm_clock_apply(&r->to_target, lo, &a) || tm_clock_apply(&r->to_target, hi, &b))
		return;
	if (!sp->have || a < sp->lo)
		sp->lo = a;
	if (!sp->have || b > sp->hi)
		sp->hi = b;
	sp->have = true;
}

/* The span of input SRC's events on the output clock. */
static struct span input_span(const struct tm_sync *s, const struct tm_src *src)
{
	struct span sp = { 0 };

	if (src->kernel && src->st.have_ts)
		span_add(s, &sp, src->kdom, src->st.ts_min, src->st.ts_max);
	for (size_t k = 0; k < src->njb; k++)
		if (src->jb[k].have_ts)
			span_add(s, &sp, src->jb[k].dom, src->jb[k].ts_min, src->jb[k].ts_max);
	return sp;
}

void tm_sync_format_gap(char *buf, size_t cap, int64_t ns)
{
	const int64_t s = 1000000000, min = 60 * s, h = 60 * min, day = 24 * h;

	if (ns >= day)
		snprintf(buf, cap, "%" PRId64 " day%s %" PRId64 " h", ns / day,
			 ns / day == 1 ? "" : "s", ns % day / h);
	else if (ns >= h)
		snprintf(buf, cap, "%" PRId64 " h %" PRId64 " min", ns / h, ns % h / min);
	else if (ns >= min)
		snprintf(buf, cap, "%" PRId64 " min %" PRId64 " s", ns / min, ns % min / s);
	else if (ns >= s)      /* (three decimals, cut, never rounded up) */
		snprintf(buf, cap, "%" PRId64 ".%03" PRId64 " s", ns / s, ns % s / 1000000);
	else if (ns >= 1000000)
		snprintf(buf, cap, "%" PRId64 ".%03" PRId64 " ms", ns / 1000000, ns % 1000000 / 1000);
	else if (ns >= 1000)
		snprintf(buf, cap, "%" PRId64 ".%03" PRId64 " µs", ns / 1000, ns % 1000);
	else
		snprintf(buf, cap, "%" PRId64 " ns", ns);
}

/* The warning for inputs A (earlier on the command line) and B, spans SA
 * and SB, if they do not meet. */
static void check_pair(struct tm_sync *s, const struct tm_src *a, struct span sa,
		       const struct tm_src *b, struct span sb)
{
	char gap[64];
	bool after = sb.lo > sa.hi;

	if (!sa.have || !sb.have || (!after && sb.hi >= sa.lo))
		return;
	/* (spans within int64: the gap fits unless the spans are at its ends) */
	tm_sync_format_gap(gap, sizeof(gap),
			   after ? (int64_t)((uint64_t)sb.lo - (uint64_t)sa.hi)
				 : (int64_t)((uint64_t)sa.lo - (uint64_t)sb.hi));
	tm_diag_warn(s->d, "inputs-apart", b->path,
		     "%s lies %s %s %s once aligned: the inputs do not overlap; "
		     "check the clock rule or give --offset",
		     b->path, gap, after ? "after" : "before", a->path);
}

void tm_sync_check_apart(struct tm_sync *s)
{
	for (size_t i = 0; i < s->nsrc; i++) {
		struct span si = input_span(s, &s->src[i]);

		for (size_t j = i + 1; j < s->nsrc; j++)
			check_pair(s, &s->src[i], si, &s->src[j], input_span(s, &s->src[j]));
	}
}
