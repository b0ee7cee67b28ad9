/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * json-split.h - one Trace Event JSON text read in two parts, on two
 * threads (src/scan/json-scan.c): a second reader that starts inside the
 * events array, and a stop for the first one where the second starts.
 * The library's own machinery for speed, not part of the public API
 * (tracemerge/tejson.h has the reader these extend).
 */
#ifndef TM_JSON_SPLIT_H
#define TM_JSON_SPLIT_H

#include "tracemerge/tejson.h"

/* A reader that starts at byte AT of TEXT, which must be the '{' of an
 * element of the events array (OBJECT_FORM: of the object form; LINE: the
 * line of AT), as if a reader of the whole text had read up to there.  Its
 * top (tm_te_reader_top) holds only what it read itself.  NULL only on
 * allocation failure. */
struct tm_te_reader *tm_te_reader_new_at(const char *name, const char *text, size_t len,
					 size_t at, bool object_form, unsigned long line,
					 struct tm_diag *d);
/* From now on, tm_te_reader_next() returns 0 (stopped) when the next
 * element of the events array starts at byte AT (not when AT is anywhere
 * else: then it reads on).  A text that grew (tm_te_reader_set_grow) and
 * has ended is taken whole first, so AT may lie past what R has read. */
void tm_te_reader_stop_at(struct tm_te_reader *r, size_t at);
/* tm_te_reader_next() returned 0 because of tm_te_reader_stop_at(). */
bool tm_te_reader_stopped(const struct tm_te_reader *r);

struct tm_grow;
/* R's text still grows (grow.h): it is the bytes of G's span from R's
 * TEXT on, and its LEN was what was published then.  At the end of what
 * is published R waits for more (under no stop), so that its events,
 * warnings, errors and top are those of a reader of the whole text. */
void tm_te_reader_set_grow(struct tm_te_reader *r, struct tm_grow *g);

#endif
