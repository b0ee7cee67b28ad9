/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ring.h - a helper thread filling the slots of a ring ahead of one
 * consumer: the helper fills slot after slot while fewer than NSLOTS are
 * filled and not yet taken back; the consumer takes them in order.  The
 * line feed (line-feed.c) and the JSON notes read back (merge-json.c) run
 * on it; what a slot holds is theirs.
 */
#ifndef TM_RING_H
#define TM_RING_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "thread.h"

struct tm_ring {
	/* fill slot SLOT (the helper's until it returns); true when that was
	 * the last: the helper then ends */
	bool (*fill)(void *ctx, size_t slot);
	void *ctx;
	size_t nslots;
	size_t head, tail;          /* filled = head - tail */
	bool stop;
	struct tm_thread thread;
	pthread_mutex_t mu;
	pthread_cond_t can_fill, can_read;
};

/* Start the helper (thread.h); -1 when it cannot start or the tuning
 * allows no thread (nothing to stop then). */
int tm_ring_start(struct tm_ring *r, size_t nslots, bool (*fill)(void *ctx, size_t slot),
		  void *ctx);
/* The oldest filled slot, waiting for the helper to fill it: call it only
 * while a slot is still to come (the consumer knows the last one). */
size_t tm_ring_take(struct tm_ring *r);
/* Is a filled slot waiting (tm_ring_take would not wait)?  Without a lock:
 * true stays true until the consumer takes the slot. */
bool tm_ring_ready(struct tm_ring *r);
/* The oldest slot taken back: the helper may fill it again. */
void tm_ring_give_back(struct tm_ring *r);
/* Stop the helper (at once if it waits for a free slot, else after the
 * slot it fills) and wait for it to end. */
void tm_ring_stop(struct tm_ring *r);

#endif
