/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * writer-thread.h - an output's background writer (tm_out_background,
 * output.h): the helper thread (thread.h) writes one full buffer while the
 * caller fills the other.  io's own.
 */
#ifndef TM_WRITER_THREAD_H
#define TM_WRITER_THREAD_H

#include <stddef.h>

#include "output.h"

/* O has a writer (o->bg): wait until everything handed over is written;
 * take over its error.  o->pos and the spare buffer are the caller's again. */
void tm_out_bg_wait(struct tm_out *o);
/* Back to writing in the caller: the writer finishes and ends (nothing
 * without one). */
void tm_out_bg_stop(struct tm_out *o);
/* O's writer is idle: hand it the first K bytes of O's buffer, and go on
 * filling the other buffer, which starts with the rest (o->n - K bytes). */
void tm_out_bg_hand(struct tm_out *o, size_t k);

#endif
