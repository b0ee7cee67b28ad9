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
	pthread_mutex_init(&g->mu, NULL);
	pthread_cond_init(&g->cv, NULL);
}

void tm_grow_destroy(struct tm_grow *g)
{
	pthread_mutex_destroy(&g->mu);
	pthread_cond_destroy(&g->cv);
}

/* Under G's lock: the final bytes published to their last cut byte (the
 * bytes searched are final: the writer does not touch them). */
static void advance(struct tm_grow *g)
{
	const char *c;

	if (g->final > g->ready &&
	    (c = memrchr(g->data + g->ready, g->cut, g->final - g->ready)))
		__atomic_store_n(&g->ready, (size_t)(c + 1 - g->data), __ATOMIC_RELEASE);
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

/* Bytes final now, *DONE whether that is the end (DONE read first, as in
 * tm_grow_ready). */
static size_t final_now(struct tm_grow *g, bool *done)
{
	*done = __atomic_load_n(&g->done, __ATOMIC_ACQUIRE);
	return __atomic_load_n(&g->final, __ATOMIC_ACQUIRE);
}

size_t tm_grow_wait_final(struct tm_grow *g, size_t want, bool *done)
{
	size_t n = final_now(g, done);

	if (n >= want || *done)
		return n;
	pthread_mutex_lock(&g->mu);
	while ((n = final_now(g, done)) < want && !*done)
		pthread_cond_wait(&g->cv, &g->mu);
	pthread_mutex_unlock(&g->mu);
	return n;
}
