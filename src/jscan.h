/*
 * jscan.h - the events of a Trace Event JSON text read on two cores.
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

typedef void tm_jscan_fn(void *ctx, const struct tm_te_event *ev);

/* Hand every event of TEXT (LEN bytes, named NAME, its first line
 * FIRST_LINE) to FN in order: those before the cut to FN(CTX[0]), those
 * after it to FN(CTX[1]), on another thread, at the same time.  *SPLIT
 * tells whether there was a cut: when false, every event went to CTX[0],
 * and what CTX[1] got must be dropped.  Warnings go to D in the order one
 * reader gives them.  0, or -1 at a fatal error (d->error), as
 * tm_te_reader_next(); the events before the error were handed out. */
int tm_jscan(const char *name, const char *text, size_t len, unsigned long first_line,
	     struct tm_diag *d, tm_jscan_fn *fn, void *ctx[2], bool *split);

/* tm_jscan() with the cut at CUT, whatever its size (0: no cut). */
int tm_jscan_at(const char *name, const char *text, size_t len, unsigned long first_line,
		struct tm_diag *d, tm_jscan_fn *fn, void *ctx[2], size_t cut, bool *split);

/* Where the text would be cut: the offset of a '{' after "}," (blanks
 * around the comma) after LEN / 2, or 0 (none: no cut). */
size_t tm_jscan_cut(const char *text, size_t len);

#endif
