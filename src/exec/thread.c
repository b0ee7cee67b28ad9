/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* thread.c - starting and joining the library's helper threads (thread.h). */
#include "thread.h"
#include "tuning.h"

bool tm_thread_allowed(void)
{
	return tm_tuning_threads();
}

bool tm_thread_start(struct tm_thread *t, void *(*fn)(void *arg), void *arg)
{
	return tm_thread_allowed() && pthread_create(&t->id, NULL, fn, arg) == 0;
}

void tm_thread_join(struct tm_thread *t)
{
	pthread_join(t->id, NULL);
}
