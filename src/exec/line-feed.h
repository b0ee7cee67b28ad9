/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * line-feed.h - the lines of an ftrace block, read ahead on a second core.
 *
 * A tm_line_feed hands out exactly the lines tm_ftrace_next_fline() would,
 * in the same order, but a helper thread runs the reader ahead of the
 * caller and passes parsed lines over in batches (a ring of a few batches,
 * so memory stays bounded whatever the block size).  The caller's work on a line (the
 * accounting of `stats`, the canonical writer) overlaps with the parsing of
 * the lines after it.  Lines point into the block's text, which must stay
 * mapped until tm_line_feed_free().
 *
 * The helper can also do the caller's first piece of work on each line
 * (struct tm_line_work: merge's and stats' canonical prefixes, canon.h),
 * so that it too overlaps with the caller's work on the lines before.
 *
 * Without threads (THREADED false, the tuning's reference path or threads
 * = 1: thread.h) the feed calls the reader directly: the reference path
 * `make bench` compares against.
 */
#ifndef TM_LINEFEED_H
#define TM_LINEFEED_H

#include <stdbool.h>

#include "ftrace-internal.h"
#include "tracemerge/ftrace.h"

struct tm_line_feed;

/* Lines handed over at a time (the tests end blocks around it). */
#define TM_LINE_FEED_BATCH 4096

/* Work the helper thread does on every line it parses, for the caller:
 * a result of SIZE bytes per line, and text for it in the batch's room of
 * TEXT_ROOM bytes (TM_LINE_FEED_BATCH lines share it; a line past the room
 * gets no result). */
struct tm_line_work {
	size_t size;       /* bytes of one line's result */
	size_t text_max;   /* the most text bytes one line's result takes */
	size_t text_room;  /* text room per batch */
	/* Make line L's result into RES, with its text (if any) at TEXT
	 * (TEXT_MAX bytes free); true when made, with *USED the bytes of
	 * TEXT it took; false: no result for this line. */
	bool (*make)(const struct tm_fline *l, char *text, void *res, size_t *used);
};

/* NULL on allocation failure.  WORK (or NULL): what the helper thread also
 * does on each line (tm_line_feed_result); it must stay valid until
 * tm_line_feed_free(). */
struct tm_line_feed *tm_line_feed_new(const char *data, size_t len, bool threaded,
				      const struct tm_line_work *work);
/* The same for a text that still grows (grow.h): DATA, LEN the part of G
 * published so far; the lines come as G grows, up to its end.  G NULL:
 * tm_line_feed_new. */
struct tm_grow;
struct tm_line_feed *tm_line_feed_new_grow(const char *data, size_t len, struct tm_grow *g,
					   bool threaded, const struct tm_line_work *work);
/* Stops the helper thread (also before the end of the block). */
void tm_line_feed_free(struct tm_line_feed *f);
/* Next line, or NULL at the end of the block.  The line is the feed's: it
 * stays valid (unchanged) until the next call or tm_line_feed_free(). */
const struct tm_fline *tm_line_feed_next(struct tm_line_feed *f);
/* The result the helper made (tm_line_work) for the line last returned by
 * tm_line_feed_next(), valid as long as that line; NULL when there is none
 * (no work asked for, not threaded, make() made none; and for every line
 * of a batch the helper read after the caller had waited for one: the
 * caller, ahead, does that work itself). */
const void *tm_line_feed_result(const struct tm_line_feed *f);
/* How many line ends the caller found for the helper's reader (while it
 * would otherwise have waited for a batch), once tm_line_feed_next()
 * returned NULL; for tests. */
size_t tm_line_feed_ends_taken(const struct tm_line_feed *f);
/* The reader's header facts; complete once tm_line_feed_next() returned NULL. */
const struct tm_ftrace_header *tm_line_feed_header(struct tm_line_feed *f);

#endif
