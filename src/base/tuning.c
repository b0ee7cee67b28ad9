/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tuning.c - the process's tuning (tracemerge/session.h): set once by the
 * program (the tool from its environment, a session from its options),
 * read where a shortcut, a thread or a cache policy is chosen.
 */
#include "tracemerge/session.h"
#include "tuning.h"

static struct tm_tuning current;

void tm_tuning_set(const struct tm_tuning *t)
{
	current = t ? *t : (struct tm_tuning){ 0 };
}

struct tm_tuning tm_tuning_get(void)
{
	return current;
}

bool tm_tuning_reference(void)
{
	return current.reference;
}

bool tm_tuning_threads(void)
{
	return !current.reference && current.threads != 1;
}

bool tm_tuning_keep_cache(void)
{
	return current.keep_cache;
}
