/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* clock-activity-runs.c - the running intervals of each thread, from
 * sched_switch and wakeup records (tm_clock_activity_runs_build, see
 * clock-activity.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "clock-activity.h"

/* A record and its place in the caller's array, for a stable sort. */
struct rec_at {
	struct tm_clock_activity_record r;
	size_t at;
};

static int cmp_rec(const void *pa, const void *pb)
{
	const struct rec_at *a = pa, *b = pb;

	if (a->r.tid != b->r.tid)
		return a->r.tid < b->r.tid ? -1 : 1;
	if (a->r.ts != b->r.ts)
		return a->r.ts < b->r.ts ? -1 : 1;
	return (a->at > b->at) - (a->at < b->at);
}

/* The state of one thread while its records are read. */
struct thread_state {
	bool running;                        /* switched in (or woken) and not out */
	bool by_switch;                      /* the window opened at a SWITCH_IN */
	int64_t start;
};

/* Append [start, end) to T's runs. Returns 0 or -1 (ENOMEM). */
static int add_run(struct tm_clock_activity_runs *t, size_t *cap, int64_t start, int64_t end)
{
	if (t->n_runs == *cap) {
		size_t nc = *cap ? *cap * 2 : 8;
		struct tm_clock_activity_run *nr = nc < SIZE_MAX / sizeof(*nr) ?
			realloc(t->runs, nc * sizeof(*nr)) : NULL;

		if (!nr)
			return errno = ENOMEM, -1;
		t->runs = nr;
		*cap = nc;
	}
	t->runs[t->n_runs].start = start;
	t->runs[t->n_runs].end = end;
	t->n_runs++;
	return 0;
}

/* Read one thread's records R[0..N) (its own, in time order) into T;
 * FIRST and LAST are the times of the first and last record of all. */
static int one_thread(const struct rec_at *r, size_t n, int64_t first, int64_t last,
		      struct tm_clock_activity_runs *t)
{
	struct thread_state st = { false, false, 0 };
	size_t cap = 0;

	t->tid = r[0].r.tid;
	for (size_t i = 0; i < n; i++) {
		const struct tm_clock_activity_record *x = &r[i].r;

		if (x->kind == TM_ACTIVITY_SWITCH_IN) {
			if (!st.running || !st.by_switch)
				st.start = x->ts;
			st.running = st.by_switch = true;
		} else if (x->kind == TM_ACTIVITY_WAKEUP) {
			if (!st.running) {
				st.running = true;
				st.by_switch = false;
				st.start = x->ts;
			}
		} else {
			if (add_run(t, &cap, st.running ? st.start : first, x->ts) < 0)
				return -1;
			st.running = false;
		}
	}
	if (st.running && add_run(t, &cap, st.start, last + 1) < 0)
		return -1;
	return 0;
}

void tm_clock_activity_runs_free(struct tm_clock_activity_runs *runs, size_t n)
{
	for (size_t i = 0; runs && i < n; i++)
		free(runs[i].runs);
	free(runs);
}

/* The number of distinct tids in R[0..N), sorted by tid. */
static size_t count_tids(const struct rec_at *r, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += i == 0 || r[i].r.tid != r[i - 1].r.tid;
	return k;
}

int tm_clock_activity_runs_build(const struct tm_clock_activity_record *rec, size_t n,
				 struct tm_clock_activity_runs **out, size_t *n_out)
{
	struct rec_at *r;
	int64_t first = INT64_MAX, last = INT64_MIN;
	size_t nt, k = 0;

	*out = NULL;
	*n_out = 0;
	if (!n)
		return 0;
	if (!rec || n > SIZE_MAX / sizeof(*r))
		return errno = EINVAL, -1;
	r = malloc(n * sizeof(*r));
	if (!r)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (rec[i].ts == INT64_MAX) {
			free(r);
			return errno = EINVAL, -1;
		}
		r[i].r = rec[i];
		r[i].at = i;
		first = rec[i].ts < first ? rec[i].ts : first;
		last = rec[i].ts > last ? rec[i].ts : last;
	}
	qsort(r, n, sizeof(*r), cmp_rec);
	nt = count_tids(r, n);
	*out = calloc(nt, sizeof(**out));
	if (!*out) {
		free(r);
		return -1;
	}
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && r[j].r.tid == r[i].r.tid; j++)
			;
		if (one_thread(r + i, j - i, first, last, &(*out)[k++]) < 0) {
			tm_clock_activity_runs_free(*out, nt);
			*out = NULL;
			free(r);
			return -1;
		}
	}
	free(r);
	*n_out = nt;
	return 0;
}
