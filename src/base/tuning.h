/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tuning.h - what the library's code asks of the process's tuning
 * (struct tm_tuning, tracemerge/session.h; set with tm_tuning_set).
 */
#ifndef TM_TUNING_H
#define TM_TUNING_H

#include <stdbool.h>

/* The plain code paths without shortcuts: the bytes the fast paths must
 * give too (tests and `make bench` compare them). */
bool tm_tuning_reference(void);
/* May helper threads be started?  Not on the reference path, nor with
 * threads = 1. */
bool tm_tuning_threads(void);
/* Leave a large output in the page cache. */
bool tm_tuning_keep_cache(void);

#endif
