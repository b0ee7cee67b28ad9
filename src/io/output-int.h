/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * output-int.h - what io's files (output.c, scratch-part.c) share about
 * struct tm_out beyond output.h.
 */
#ifndef TM_OUTPUT_INT_H
#define TM_OUTPUT_INT_H

#include "output.h"

/* O empty: no file, no buffer, every descriptor -1. */
void tm_out_reset(struct tm_out *o);
/* Everything given so far is in the file (or failed), and O's file offset
 * is after it. */
void tm_out_flush_all(struct tm_out *o);

#endif
