/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* writer-thread.c - full buffers written by a helper thread
 * (writer-thread.h). */
#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "page-cache.h"
#include "thread.h"
#include "writer-thread.h"

struct tm_out_bg {
	struct tm_thread thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct tm_out *o;   /* the owner: its file is ours while the writer runs */
	char *spare;        /* the buffer that is not being filled */
	const char *job;    /* handed to the writer; NULL when it is idle */
	size_t job_n;
	bool stop;
	int err;            /* the writer's first error */
};

static void *bg_run(void *arg)
{
	struct tm_out_bg *bg = arg;

	pthread_mutex_lock(&bg->mu);
	for (;;) {
		const char *p;
		size_t n;
		int e = 0;

		while (!bg->job && !bg->stop)
			pthread_cond_wait(&bg->cv, &bg->mu);
		if (!bg->job)
			break;
		p = bg->job;
		n = bg->job_n;
		if (!bg->err) {
			pthread_mutex_unlock(&bg->mu);
			e = tm_out_write_file(bg->o, p, n);
			pthread_mutex_lock(&bg->mu);
		}
		if (e && !bg->err)
			bg->err = e;
		bg->job = NULL;
		pthread_cond_broadcast(&bg->cv);
	}
	pthread_mutex_unlock(&bg->mu);
	return NULL;
}

void tm_out_bg_wait(struct tm_out *o)
{
	struct tm_out_bg *bg = o->bg;

	pthread_mutex_lock(&bg->mu);
	while (bg->job)
		pthread_cond_wait(&bg->cv, &bg->mu);
	if (bg->err && !o->err)
		o->err = bg->err;
	pthread_mutex_unlock(&bg->mu);
}

void tm_out_bg_stop(struct tm_out *o)
{
	struct tm_out_bg *bg = o->bg;

	if (!bg)
		return;
	tm_out_bg_wait(o);
	pthread_mutex_lock(&bg->mu);
	bg->stop = true;
	pthread_cond_signal(&bg->cv);
	pthread_mutex_unlock(&bg->mu);
	tm_thread_join(&bg->thread);
	pthread_mutex_destroy(&bg->mu);
	pthread_cond_destroy(&bg->cv);
	free(bg->spare);
	free(bg);
	o->bg = NULL;
}

void tm_out_background(struct tm_out *o)
{
	struct tm_out_bg *bg;

	if (o->bg || o->fd < 0 || !(bg = calloc(1, sizeof(*bg))))
		return;
	if (!(bg->spare = tm_out_buf_new())) {
		free(bg);
		return;
	}
	bg->o = o;
	pthread_mutex_init(&bg->mu, NULL);
	pthread_cond_init(&bg->cv, NULL);
	if (!tm_thread_start(&bg->thread, bg_run, bg)) {
		pthread_mutex_destroy(&bg->mu);
		pthread_cond_destroy(&bg->cv);
		free(bg->spare);
		free(bg);
		return;             /* still correct, written in the caller */
	}
	o->bg = bg;
}

void tm_out_bg_hand(struct tm_out *o, size_t k)
{
	struct tm_out_bg *bg = o->bg;
	char *full = o->buf;

	pthread_mutex_lock(&bg->mu);
	bg->job = full;
	bg->job_n = k;
	pthread_cond_signal(&bg->cv);
	pthread_mutex_unlock(&bg->mu);
	o->buf = bg->spare;
	bg->spare = full;
	o->n -= k;
	memcpy(o->buf, full + k, o->n);   /* (the writer reads only before K) */
}
