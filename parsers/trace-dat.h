/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * trace-dat.h - trace-cmd's binary trace.dat as an input (trace-dat.c).
 */
#ifndef TM_PARSERS_TRACEDAT_H
#define TM_PARSERS_TRACEDAT_H

#include <stdbool.h>
#include <stddef.h>

struct tm_input;

/* The file magic: 0x17 0x08 0x44 "tracing". */
int tm_is_tracedat(const void *p, size_t len);

/* Read the trace.dat P..P+LEN through libtracecmd and add its events as one
 * ftrace text block (sets in->format).  The conversion runs in a child
 * process that is killed after tm_tracedat_time_limit_ms(LEN) (unless
 * tm_tracedat_in_process() asked otherwise).  0, or -1 with the error set. */
int tm_tracedat_read(struct tm_input *in, const char *p, size_t len);

/* What tm_tracedat_convert() returns (a child's exit status). */
enum tm_tracedat_status {
	TM_TRACEDAT_OK = 0,
	TM_TRACEDAT_OPEN = 10,       /* libtracecmd cannot open it */
	TM_TRACEDAT_NOMEM,           /* out of memory */
	TM_TRACEDAT_EMPTY,           /* no events */
	TM_TRACEDAT_WRITE,           /* OUT_FD failed */
	TM_TRACEDAT_NOSPACE,         /* $TMPDIR is full */
};

/* The conversion itself: libtracecmd reads the trace.dat open on IN_FD
 * (from offset 0; IN_FD is closed) and [uint64 START][text] is written to
 * OUT_FD, START being where the text's kernel-like header begins after
 * those 8 bytes.  libtracecmd trusts the file (a corrupt one can crash it):
 * tm_tracedat_read runs this in a child.  Returns a tm_tracedat_status. */
int tm_tracedat_convert(int in_fd, int out_fd);

/* How long the child may take on a trace.dat of LEN bytes: 30 s, plus 1 s
 * per MiB (libtracecmd converts far faster than 1 MiB/s; a child still
 * running then is looping on a hostile file). */
long tm_tracedat_time_limit_ms(size_t len);

/* Fuzzing only: ON converts in this process (no child, no time limit), so
 * that coverage and sanitizer reports of the conversion are seen.  Not
 * thread-safe: set before any input is read. */
void tm_tracedat_in_process(bool on);

/* Tests only: the child runs CONVERT instead of tm_tracedat_convert and is
 * killed after LIMIT_MS; (NULL, 0) restores both.  Not thread-safe. */
void tm_tracedat_test_child(int (*convert)(int in_fd, int out_fd), long limit_ms);

#endif
