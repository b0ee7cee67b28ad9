/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * interrupt.h - the temporary outputs a signal removes (the rest:
 * tracemerge/interrupt.h).
 */
#ifndef TM_INTERRUPT_H
#define TM_INTERRUPT_H

#include "tracemerge/interrupt.h"

/* Remove PATH if a signal comes.  Returns the registration's number for
 * tm_interrupt_remove, or -1 when it cannot be kept (every slot taken, a
 * name longer than PATH_MAX): then PATH is not removed. */
int tm_interrupt_add(const char *path);
/* Forget registration ID (-1: nothing). */
void tm_interrupt_remove(int id);

#endif
