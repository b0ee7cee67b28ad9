/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* grow.c - a span of bytes that grows while it is read (grow.h). */
#include "grow.h"

void tm_grow_init(struct tm_grow *g, const char *data)
{
	g->data = data;
	g->ready = 0;
	g->done = false;
	pthread_mutex_init(&g->mu, NULL);
	pthread_cond_init(&g->cv, NULL);
}

void tm_grow_destroy(struct tm_grow *g)
{
	pthread_mutex_destroy(&g->mu);
	pthread_cond_destroy(&g->cv);
}

/* Publish N (and DONE) and wake a reader that sleeps (the writer publishes
 * a MiB or more at a time: one lock each is nothing). */
static void publish(struct tm_grow *g, size_t n, bool done)
{
	pthread_mutex_lock(&g->mu);
	__atomic_store_n(&g->ready, n, __ATOMIC_RELEASE);
	if (done)
		__atomic_store_n(&g->done, true, __ATOMIC_RELEASE);
	pthread_cond_signal(&g->cv);
	pthread_mutex_unlock(&g->mu);
}

void tm_grow_publish(struct tm_grow *g, size_t n)
{
	publish(g, n, false);
}

void tm_grow_end(struct tm_grow *g, size_t n)
{
	publish(g, n, true);
}

size_t tm_grow_ready(struct tm_grow *g, bool *done)
{
	/* DONE first: once it is seen, READY is final */
	bool d = __atomic_load_n(&g->done, __ATOMIC_ACQUIRE);
	size_t n = __atomic_load_n(&g->ready, __ATOMIC_ACQUIRE);

	if (done)
		*done = d;
	return n;
}

size_t tm_grow_wait(struct tm_grow *g, size_t have)
{
	bool done;
	size_t n = tm_grow_ready(g, &done);

	if (n > have || done)
		return n;
	pthread_mutex_lock(&g->mu);
	while ((n = tm_grow_ready(g, &done)) <= have && !done)
		pthread_cond_wait(&g->cv, &g->mu);
	pthread_mutex_unlock(&g->mu);
	return n;
}
