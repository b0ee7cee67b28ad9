/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * input-ahead.h - an input opened with its gzip inflate (or a Perfetto
 * trace's pass 2, which writes its kernel text) running on a helper
 * thread, so that the first pass reads the text as it is made.
 */
#ifndef TM_INPUT_AHEAD_H
#define TM_INPUT_AHEAD_H

#include "tracemerge/diag.h"
#include "tracemerge/input.h"

/* tm_input_open(), but a gzip input is inflated (a Perfetto trace's text
 * written) by a helper thread (thread.h; the tuning allowing it) while the
 * caller reads it (and a Perfetto trace's text buffer made ready on
 * another during its pass 1): a block may still grow (tm_input_block_grow, decode.h),
 * and the caller must call tm_input_settle() (decode.h) once it has read
 * it, before any other use of the input (the first pass does:
 * tm_kscan_first_pass, kernel-scan.h; settling a growing Trace Event JSON
 * block may add its systemTraceEvents block). */
struct tm_input *tm_input_open_ahead(const char *path, struct tm_diag *d);

#endif
