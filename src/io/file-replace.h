/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * file-replace.h - an output file written as a temporary file beside it
 * (mode 0600 at first, then the destination's: tm_out_set_mode) and put in
 * its place once complete; removed if a signal comes first (interrupt.h).
 * io's own; tm_out_open and tm_out_close use it.
 */
#ifndef TM_FILE_REPLACE_H
#define TM_FILE_REPLACE_H

#include "output.h"

/* O (reset, its buffer made) writes a new temporary file beside PATH, to be
 * put in place of PATH by tm_out_replace_finish.  0, or -1 with D's error
 * set (PATH is a directory, or a symlink to one; no memory; the file cannot
 * be created) and nothing of O's but its buffer left to free. */
int tm_out_replace_open(struct tm_out *o, const char *path, struct tm_diag *d);
/* Put O's finished temporary file o->tmp in place of o->path (its
 * descriptor closed).  0, or -1 with D's error set (o->tmp is left). */
int tm_out_replace_finish(struct tm_out *o, struct tm_diag *d);

#endif
