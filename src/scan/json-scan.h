/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * json-scan.h - the events of a Trace Event JSON text read on two cores.
 *
 * The text is cut in two near its middle, before what looks like an
 * element of the events array; the second part is read on another thread
 * while this one reads the first.  The cut holds only if the first reader
 * arrives there at an element boundary: then the two parts' events are
 * exactly one reader's, in two runs.  Otherwise the other thread's work is
 * dropped and the first reader reads on to the end.
 */
#ifndef TM_JSCAN_H
#define TM_JSCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "tracemerge/diag.h"
#include "tracemerge/tejson.h"

/* An event for CTX; warnings about it go to D (its part's, see below). */
typedef void tm_jscan_fn(void *ctx, const struct tm_te_event *ev, struct tm_diag *d);

/* What one reader of the whole text says of its top level. */
struct tm_jscan_top {
	struct tm_te_top top;       /* top.keys: KEYS */
	struct tm_te_key *keys;     /* owned (tm_jscan_top_free); values in the text */
};
void tm_jscan_top_free(struct tm_jscan_top *t);

/* Hand every event of TEXT (LEN bytes, named NAME, its first line
 * FIRST_LINE) to FN in order: those before the cut to FN(CTX[0], ev, D),
 * those after it to FN(CTX[1], ev, D1) on another thread, at the same time,
 * where D1 is a diag of that thread's that joins D after the first part's
 * warnings.  *SPLIT tells whether there was a cut: when false, every event
 * went to CTX[0], and what CTX[1] got must be dropped.  So D gets the
 * warnings in the order one reader (and FN after each event) gives them.
 * 0, or -1 at a fatal error (d->error), as tm_te_reader_next(); the events
 * before the error were handed out.  TOP (or NULL): after 0, the top level
 * (free it with tm_jscan_top_free; zeroed otherwise). */
int tm_jscan(const char *name, const char *text, size_t len, unsigned long first_line,
	     struct tm_diag *d, tm_jscan_fn *fn, void *ctx[2], bool *split,
	     struct tm_jscan_top *top);
/* tm_jscan() of a text whose bytes [CHEAP_AT, CHEAP_AT + CHEAP_LEN) are
 * read at little cost (tm_input_block_cheap): the cut is looked for where
 * each part holds half of the other bytes (tm_jscan_cut_around). */
int tm_jscan_cheap(const char *name, const char *text, size_t len, unsigned long first_line,
		   struct tm_diag *d, tm_jscan_fn *fn, void *ctx[2], bool *split,
		   struct tm_jscan_top *top, size_t cheap_at, size_t cheap_len);

struct tm_grow;
/* tm_jscan() with the cut at CUT, whatever its size (0: no cut).  G (or
 * NULL): TEXT still grows in G (tm_te_reader_set_grow), LEN is what was
 * published when the block was handed out; it is read to its end as it
 * comes, with no cut. */
int tm_jscan_at(const char *name, const char *text, size_t len, struct tm_grow *g,
		unsigned long first_line, struct tm_diag *d, tm_jscan_fn *fn, void *ctx[2],
		size_t cut, bool *split, struct tm_jscan_top *top);

/* Below this many bytes a second thread does not pay. */
#define TM_JSCAN_MIN ((size_t)4 << 20)

/* tm_jscan() of a text that still grows in G (as tm_jscan_at() with G,
 * read as it comes), cut late: once the text has ended, when LATE_MIN
 * bytes or more are left to read (0: never), what is left is cut in two
 * near its middle, the second part read on another thread as tm_jscan()
 * reads it (CTX[1], *SPLIT).  (TM_JSCAN_MIN: where it pays.) */
int tm_jscan_grow(const char *name, const char *text, size_t len, struct tm_grow *g,
		  unsigned long first_line, struct tm_diag *d, tm_jscan_fn *fn, void *ctx[2],
		  size_t late_min, bool *split, struct tm_jscan_top *top);

/* Where the text would be cut: the offset of a '{' after "}," (blanks
 * around the comma) after LEN / 2, or 0 (none: no cut). */
size_t tm_jscan_cut(const char *text, size_t len);
/* The same after the byte that leaves half of the bytes other than
 * [AT, AT + N) (within LEN) before it: after AT + N when AT is less than
 * that half, else after the half. */
size_t tm_jscan_cut_around(const char *text, size_t len, size_t at, size_t n);

#endif
