/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* line-ends.c - line ends found ahead by one thread for another (line-ends.h). */
#include "line-ends.h"

void tm_line_ends_init(struct tm_line_ends *q, const char *data, size_t len)
{
	q->head = q->tail = 0;
	q->pos = q->at = data;
	q->end = data + len;
	q->fn = tm_ftrace_plain_line_end();
	q->taken = 0;
}

bool tm_line_ends_find(struct tm_line_ends *q, size_t n)
{
	size_t h = q->head, t = __atomic_load_n(&q->tail, __ATOMIC_ACQUIRE);
	const char *p = q->pos, *at = __atomic_load_n(&q->at, __ATOMIC_RELAXED);

	if (at > p)
		p = at;                  /* the taker found these itself */
	if (n > TM_LINE_ENDS - (h - t))
		n = TM_LINE_ENDS - (h - t);
	if (!n || p >= q->end)
		return false;
	q->pos = tm_ftrace_line_ends(p, q->end, q->start, q->nl, n, TM_LINE_ENDS - 1, &h);
	__atomic_store_n(&q->head, h, __ATOMIC_RELEASE);
	return true;
}

const char *tm_line_ends_take(void *ctx, const char *p, const char *e)
{
	struct tm_line_ends *q = ctx;
	size_t t = q->tail, h = __atomic_load_n(&q->head, __ATOMIC_ACQUIRE);
	const char *nl;

	while (t != h && q->start[t % TM_LINE_ENDS] < p)
		t++;                     /* found before the taker passed them */
	if (t != h && q->start[t % TM_LINE_ENDS] == p) {
		nl = q->nl[t++ % TM_LINE_ENDS];
		q->taken++;
	} else {
		/* the finder is told where the taker is, to find the ends after it */
		nl = q->fn(NULL, p, e);
		__atomic_store_n(&q->at, p, __ATOMIC_RELAXED);
	}
	__atomic_store_n(&q->tail, t, __ATOMIC_RELEASE);
	return nl;
}
