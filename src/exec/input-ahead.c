/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* input-ahead.c - a gzip input inflated (a Perfetto trace's text written) on
 * a helper thread, and a thread lent to the opener (input-ahead.h). */
#include <stdlib.h>

#include "decode.h"
#include "input-ahead.h"
#include "thread.h"

struct ahead {
	struct tm_thread t;
	struct tm_input_job *job;
};

static void *run(void *arg)
{
	tm_input_job_run(((struct ahead *)arg)->job);
	return NULL;
}

static void join(void *arg)
{
	struct ahead *a = arg;

	tm_thread_join(&a->t);
	free(a);
}

/* The thread lent to the opener (decode.h's tm_beside). */
struct lent {
	struct tm_beside b;
	struct tm_thread t;
};

static bool lent_start(struct tm_beside *b, void *(*fn)(void *arg), void *arg)
{
	return tm_thread_start(&((struct lent *)b)->t, fn, arg);
}

static void lent_join(struct tm_beside *b)
{
	tm_thread_join(&((struct lent *)b)->t);
}

/* Run JOB of IN on a helper thread, or (none starts) all of it now. */
static void start(struct tm_input *in, struct tm_input_job *job)
{
	struct ahead *a = malloc(sizeof(*a));

	if (a && (a->job = job, tm_thread_start(&a->t, run, a))) {
		tm_input_job_started(in, join, a);
	} else {
		free(a);
		tm_input_job_run(job);
	}
}

struct tm_input *tm_input_open_ahead(const char *path, struct tm_diag *d)
{
	struct tm_input_job *job;
	struct lent lent = { { lent_start, lent_join }, { 0 } };
	struct tm_input *in = tm_input_open_begin(path, d, &job, &lent.b);

	if (!in || !job)
		return in;
	start(in, job);
	in = tm_input_open_end(in, &lent.b, &job);
	if (in && job)
		start(in, job);         /* (a gzipped Perfetto trace's pass 2) */
	return in;
}
