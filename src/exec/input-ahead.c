/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* input-ahead.c - a gzip input inflated on a helper thread (input-ahead.h). */
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

struct tm_input *tm_input_open_ahead(const char *path, struct tm_diag *d)
{
	struct tm_input_job *job;
	struct tm_input *in = tm_input_open_begin(path, d, &job);
	struct ahead *a;

	if (!in || !job)
		return in;
	if ((a = malloc(sizeof(*a))) && (a->job = job, tm_thread_start(&a->t, run, a))) {
		tm_input_job_started(in, join, a);
	} else {
		free(a);
		tm_input_job_run(job);   /* (no thread: all of it now) */
	}
	return tm_input_open_end(in);
}
