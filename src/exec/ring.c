/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* ring.c - a helper thread filling a ring ahead of its consumer (ring.h). */
#include "ring.h"
#include "thread.h"

static void *run(void *arg)
{
	struct tm_ring *r = arg;

	for (;;) {
		size_t slot;
		bool last;

		pthread_mutex_lock(&r->mu);
		while (!r->stop && r->head - r->tail == r->nslots)
			pthread_cond_wait(&r->can_fill, &r->mu);
		if (r->stop) {
			pthread_mutex_unlock(&r->mu);
			return NULL;
		}
		slot = r->head % r->nslots;
		pthread_mutex_unlock(&r->mu);

		/* the slot is the helper's until head moves past it */
		last = r->fill(r->ctx, slot);

		pthread_mutex_lock(&r->mu);
		__atomic_store_n(&r->head, r->head + 1, __ATOMIC_RELEASE); /* (tm_ring_ready) */
		pthread_cond_signal(&r->can_read);
		pthread_mutex_unlock(&r->mu);
		if (last)
			return NULL;
	}
}

int tm_ring_start(struct tm_ring *r, size_t nslots, bool (*fill)(void *ctx, size_t slot),
		  void *ctx)
{
	r->fill = fill;
	r->ctx = ctx;
	r->nslots = nslots;
	r->head = r->tail = 0;
	r->stop = false;
	pthread_mutex_init(&r->mu, NULL);
	pthread_cond_init(&r->can_fill, NULL);
	pthread_cond_init(&r->can_read, NULL);
	if (!tm_thread_start(&r->thread, run, r)) {
		pthread_mutex_destroy(&r->mu);
		pthread_cond_destroy(&r->can_fill);
		pthread_cond_destroy(&r->can_read);
		return -1;
	}
	return 0;
}

bool tm_ring_ready(struct tm_ring *r)
{
	return __atomic_load_n(&r->head, __ATOMIC_ACQUIRE) != r->tail;
}

size_t tm_ring_take(struct tm_ring *r)
{
	size_t slot;

	pthread_mutex_lock(&r->mu);
	while (r->head == r->tail)
		pthread_cond_wait(&r->can_read, &r->mu);
	slot = r->tail % r->nslots;
	pthread_mutex_unlock(&r->mu);
	return slot;
}

void tm_ring_give_back(struct tm_ring *r)
{
	pthread_mutex_lock(&r->mu);
	r->tail++;
	pthread_cond_signal(&r->can_fill);
	pthread_mutex_unlock(&r->mu);
}

void tm_ring_stop(struct tm_ring *r)
{
	pthread_mutex_lock(&r->mu);
	r->stop = true;
	pthread_cond_signal(&r->can_fill);
	pthread_mutex_unlock(&r->mu);
	tm_thread_join(&r->thread);
	pthread_mutex_destroy(&r->mu);
	pthread_cond_destroy(&r->can_fill);
	pthread_cond_destroy(&r->can_read);
}
