/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * thread.h - the one place the library starts threads.
 *
 * Every helper thread (the ring's filler, the read-ahead of the line feed,
 * the output's background writer, the second JSON reader, the scan worker,
 * the JSON side of a merge, the thread lent to an opener) is started and
 * joined here, under one policy: the tuning's (tracemerge/session.h,
 * tuning.h).  A helper that cannot
 * start is never an error: its caller does the work itself, and the bytes
 * written are the same.
 */
#ifndef TM_THREAD_H
#define TM_THREAD_H

#include <pthread.h>
#include <stdbool.h>

struct tm_thread {
	pthread_t id;
};

/* May a helper thread be started?  Not on the tuning's reference path,
 * nor with its threads = 1. */
bool tm_thread_allowed(void);
/* Start FN(ARG) on a helper thread when tm_thread_allowed(); false when
 * not started (nothing runs: the caller does the work itself, and must
 * not call tm_thread_join). */
bool tm_thread_start(struct tm_thread *t, void *(*fn)(void *arg), void *arg);
/* Wait for thread T, started by tm_thread_start, to end. */
void tm_thread_join(struct tm_thread *t);

#endif
