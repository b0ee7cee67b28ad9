/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * scratch-part.h - what the rest of io asks of a scratch part (output.h:
 * tm_out_open_scratch, tm_out_append_begin): io's own.
 */
#ifndef TM_SCRATCH_PART_H
#define TM_SCRATCH_PART_H

#include "output.h"

/* Scratch part O (o->place set, not yet placed): once its place in the
 * destination is ready, go on there (what the scratch file holds is
 * copied by the appending thread). */
void tm_out_check_place(struct tm_out *o);
/* The descriptor of scratch part O's own file (once placed, o->fd is the
 * destination's). */
int tm_out_scratch_fd(const struct tm_out *o);
/* Free a scratch part's place (its file is closed by the caller). */
void tm_out_place_free(struct tm_out_place *pl);

#endif
