/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * trace-dat.h - trace-cmd's binary trace.dat as an input (trace-dat.c).
 */
#ifndef TM_PARSERS_TRACEDAT_H
#define TM_PARSERS_TRACEDAT_H

#include <stddef.h>

struct tm_input;

/* The file magic: 0x17 0x08 0x44 "tracing". */
int tm_is_tracedat(const void *p, size_t len);

/* Read the trace.dat P..P+LEN through libtracecmd and add its events as one
 * ftrace text block (sets in->format).  0, or -1 with the error set. */
int tm_tracedat_read(struct tm_input *in, const char *p, size_t len);

#endif
