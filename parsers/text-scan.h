/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * text-scan.h - looking at text before reading it: line ends and line
 * numbers, "is this ftrace text?", what kind of block a text is, binary
 * bytes at its head (text-scan.c).
 */
#ifndef TM_TEXT_SCAN_H
#define TM_TEXT_SCAN_H

#include <stddef.h>
#include <string.h>

#include "tracemerge/input.h"

#define TM_SNIFF_BYTES (64 * 1024)  /* how far format sniffing looks */
#define TM_SNIFF_LINES 64
#define TM_NUL_HEAD    1024         /* a NUL this early: binary data */

static inline int tm_text_is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	       c == '\f' || c == '\v';
}

/* End of the line starting at P (its '\n' or END); *next: the next line. */
static inline const char *tm_text_line_end(const char *p, const char *end,
				      const char **next)
{
	const char *nl = memchr(p, '\n', (size_t)(end - p));

	*next = nl ? nl + 1 : end;
	return nl ? nl : end;
}

/* Progressive line counter: line number (1-based) of byte OFF of BASE.
 * Offsets passed to one cursor must not decrease. */
struct tm_text_linepos {
	const char *base;
	size_t off;
	unsigned long line;
};

void tm_text_linepos_init(struct tm_text_linepos *lp, const char *base);
unsigned long tm_text_linepos_at(struct tm_text_linepos *lp, size_t off);
/* The first LIT (N bytes) in [P, E), P at or after LP's offset, with LP
 * moved to it (the lines on the way counted in the same pass); NULL, LP
 * unmoved, when there is none. */
const char *tm_text_linepos_find(struct tm_text_linepos *lp, const char *p, const char *e,
				 const char *lit, size_t n);
/* The '\n' bytes among the N at P. */
size_t tm_text_count_nl(const char *p, size_t n);

/* Ftrace text: "# tracer" first, or header lines then a "cpus=N" line
 * (after a little noise, as trace-cmd report prints) or an event line
 * "comm-pid [(tgid)] [cpu] [flags] secs[.frac]: ..." as the first line. */
int tm_text_looks_like_ftrace(const char *p, size_t len);
/* Kind of a block of text: "# tracer:" ftrace, CGROUP DUMP, PROCESS DUMP,
 * JSON, ftrace event lines without header, else OTHER. */
enum tm_block_kind tm_text_classify(const char *p, size_t len);
/* Offset of a NUL byte in the first TM_NUL_HEAD bytes, or -1. */
long tm_text_nul_in_head(const char *p, size_t len);

#endif
