/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * input-int.h - what the files of an input share (parsers' own):
 *
 *   input.c        the input: names, blocks, owned buffers, the budget,
 *                  errors
 *   input-route.c  what its bytes are (the route a text takes) and the
 *                  reading along that route
 *   input-open.c   opening a path, an fd or memory; the jobs that write a
 *                  text beside the first pass
 */
#ifndef TM_PARSERS_INPUT_INT_H
#define TM_PARSERS_INPUT_INT_H

#include <stddef.h>

#include "decode.h"

struct trace_line {
	unsigned long line;     /* line number of "TRACE:" */
	size_t data;            /* offset of the byte after its line ending */
	const char *eol;        /* its line ending: "\n", "\r\n", "\r\r\n" */
	size_t eol_len;
};

/* How tm_input_split() reads a text, told from its bytes. */
enum route {
	R_EMPTY, R_GZIP, R_TRACEDAT, R_PERFETTO, R_BLANK, R_ATRACE, R_NUL, R_JSON,
	R_HTML, R_FTRACE, R_UNKNOWN
};

struct sniffed {
	size_t bom, i;          /* the BOM's length; the first non-space byte */
	struct trace_line t;    /* R_ATRACE: the "TRACE:" line */
	long nul;               /* R_NUL: the NUL byte */
};

/* ---- input.c ---- */

/* A new input named NAME (messages go to D); NULL out of memory (D's
 * error set). */
struct tm_input *tm_input_alloc(const char *name, struct tm_diag *d);
/* IN ready for use, or freed and NULL after an error (RET non-zero). */
struct tm_input *tm_input_finish(struct tm_input *in, int ret);
/* What the data of IN's LEN compressed bytes may inflate to. */
size_t tm_input_inflate_limit(const struct tm_input *in, size_t len);

/* ---- input-route.c ---- */

/* The kind of block a text P, LEN read as ftrace is (ftrace text, or a
 * cgroup dump). */
enum tm_block_kind tm_input_ftrace_kind(const char *p, size_t len);
/* The route P, LEN takes (*S: what the sniffing saw). */
enum route tm_input_route(const char *p, size_t len, struct sniffed *s);
/* Read P, LEN by its route R (S: tm_input_route's). */
int tm_input_read_routed(struct tm_input *in, const char *p, size_t len, enum route r,
		       const struct sniffed *s);
/* Read P, LEN, whatever it is: its route, then the reading along it. */
int tm_input_split(struct tm_input *in, const char *p, size_t len);
/* The end of a gzip input's inflate (RET, Z; the budget charged): its
 * error, or its trailing-data warning and IN marked as inflated.  0 or -1
 * (error set). */
int tm_input_gzip_ended(struct tm_input *in, int ret, const struct tm_inflated *z);
/* The end of a compressed atrace's zlib inflate RET, Z of the stream at
 * byte AT: its error or trailing-data warning.  0 or -1. */
int tm_input_zlib_ended(struct tm_input *in, int ret, const struct tm_inflated *z, size_t at);
/* The ftrace block of a compressed atrace's inflated text Z ("TRACE:" on
 * line LINE).  0 or -1. */
int tm_input_atrace_block(struct tm_input *in, const struct tm_inflated *z,
			     unsigned long line);
/* The length of a UTF-8 BOM at P (0 or 3). */
size_t tm_input_bom_len(const char *p, size_t len);

/* ---- input-open.c ---- */

/* IN's job stopped (its thread joined) and freed; NULL: nothing. */
void tm_input_job_free(struct tm_input_job *j);

#endif
