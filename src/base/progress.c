/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* progress.c - the process's progress callback (progress.h). */
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "progress.h"
#include "tracemerge/session.h"

#define STEP (1u << 20)              /* bytes a mark gathers before it counts */
#define EVERY_NS 250000000LL         /* between two calls of the callback */

static tm_progress_fn callback;
static void *callback_ctx;
static const char *phase_name = "";
static _Atomic uint64_t done, total;
static _Atomic int64_t next_call;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;

void tm_progress_set(tm_progress_fn fn, void *ctx)
{
	callback = fn;
	callback_ctx = ctx;
}

static int64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC_COARSE, &t);
	return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* Call the callback with the state now (FORCE: whatever the time). */
static void report(int force)
{
	int64_t t = now_ns();
	struct tm_progress p;

	if (!callback || (!force && t < atomic_load_explicit(&next_call, memory_order_relaxed)))
		return;
	if (force)
		pthread_mutex_lock(&mu);
	else if (pthread_mutex_trylock(&mu))
		return;                      /* another thread is telling it */
	atomic_store_explicit(&next_call, t + EVERY_NS, memory_order_relaxed);
	p.phase = phase_name;
	p.total = atomic_load(&total);
	p.done = atomic_load(&done);
	if (p.done > p.total)
		p.done = p.total;
	callback(callback_ctx, &p);
	pthread_mutex_unlock(&mu);
}

void tm_progress_phase(const char *phase, uint64_t n)
{
	if (!callback)
		return;
	pthread_mutex_lock(&mu);
	phase_name = phase;
	atomic_store(&done, 0);
	atomic_store(&total, n);
	pthread_mutex_unlock(&mu);
	report(1);
}

void tm_progress_total(uint64_t n)
{
	if (callback)
		atomic_fetch_add(&total, n);
}

void tm_progress_done(void)
{
	if (!callback)
		return;
	atomic_store(&done, atomic_load(&total));
	report(1);
}

void tm_progress_move(struct tm_progress_mark *m, size_t pos, int force)
{
	if (!callback || pos <= m->last || (!force && pos - m->last < STEP))
		return;
	atomic_fetch_add(&done, (uint64_t)(pos - m->last));
	m->last = pos;
	report(0);
}
