/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* grow.c - a span of bytes that grows while it is read (grow.h). */
#include <string.h>

#include "grow.h"

void tm_grow_init(struct tm_grow *g, const char *data)
{
	g->data = data;
	g->ready = 0;
	g->final = 0;
	g->done = false;
	g->cut = '\n';
	g->searched = 0;
	pthread_mutex_init(&g->mu, NULL);
	pthread_cond_init(&g->cv, NULL);
}

void tm_grow_destroy(struct tm_grow *g)
{
	pthread_mutex_destroy(&g->mu);
	pthread_cond_destroy(&g->cv);
}

/* Under G's lock: the final bytes published to their last cut byte (the
 * bytes searched are final: the writer does not touch them), those not
 * searched before only. */
static void advance(struct tm_grow *g)
{
	const char *c;

	if (g->final > g->searched &&
	    (c = memrchr(g->data + g->searched, g->cut, g->final - g->searched)))
		__atomic_store_n(&g->ready, (size_t)(c + 1 - g->data), __ATOMIC_RELEASE);
	g->searched = g->final;
}

/* Under G's lock: wake the reader that sleeps (the writer publishes a MiB
 * or more at a time: one lock each is nothing). */
static void unlock_wake(struct tm_grow *g)
{
	pthread_cond_broadcast(&g->cv);
	pthread_mutex_unlock(&g->mu);
}

void tm_grow_publish(struct tm_grow *g, size_t n)
{
	pthread_mutex_lock(&g->mu);
	__atomic_store_n(&g->final, n, __ATOMIC_RELEASE);
	advance(g);
	unlock_wake(g);
}

/* The span ends at N (published and final). */
static void end_at(struct tm_grow *g, size_t n)
{
	__atomic_store_n(&g->final, n, __ATOMIC_RELEASE);
	__atomic_store_n(&g->ready, n, __ATOMIC_RELEASE);
	__atomic_store_n(&g->done, true, __ATOMIC_RELEASE);
	unlock_wake(g);
}

void tm_grow_end(struct tm_grow *g, size_t n)
{
	pthread_mutex_lock(&g->mu);
	end_at(g, n);
}

void tm_grow_stop(struct tm_grow *g)
{
	pthread_mutex_lock(&g->mu);
	end_at(g, g->ready);
}

void tm_grow_set_cut(struct tm_grow *g, char c)
{
	pthread_mutex_lock(&g->mu);
	g->cut = c;
	g->searched = g->ready;         /* (searched for another byte) */
	if (!g->done)
		advance(g);
	unlock_wake(g);
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

/* Wait until the count AT of G (its ready or final) is WANT or more, or
 * the span has ended (*DONE, read first as in tm_grow_ready); the count
 * then. */
static size_t wait_for(struct tm_grow *g, const size_t *at, size_t want, bool *done)
{
	size_t n;

	*done = __atomic_load_n(&g->done, __ATOMIC_ACQUIRE);
	if ((n = __atomic_load_n(at, __ATOMIC_ACQUIRE)) >= want || *done)
		return n;
	pthread_mutex_lock(&g->mu);
	for (;;) {
		*done = __atomic_load_n(&g->done, __ATOMIC_ACQUIRE);
		if ((n = __atomic_load_n(at, __ATOMIC_ACQUIRE)) >= want || *done)
			break;
		pthread_cond_wait(&g->cv, &g->mu);
	}
	pthread_mutex_unlock(&g->mu);
	return n;
}

size_t tm_grow_wait(struct tm_grow *g, size_t have)
{
	bool done;

	return wait_for(g, &g->ready, have + 1, &done);
}

size_t tm_grow_wait_final(struct tm_grow *g, size_t want, bool *done)
{
	return wait_for(g, &g->final, want, done);
}
