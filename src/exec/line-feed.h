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
 * Without threads (THREADED false, or the tuning's reference path)
 * the feed calls the reader directly: the reference path `make bench`
 * compares against.
 */
#ifndef TM_LINEFEED_H
#define TM_LINEFEED_H

#include <stdbool.h>

#include "ftrace-internal.h"
#include "tracemerge/ftrace.h"

struct tm_line_feed;

/* Lines handed over at a time (the tests end blocks around it). */
#define TM_LINE_FEED_BATCH 4096

struct tm_canon_pre;

/* NULL on allocation failure.  CANON: the helper thread also makes the
 * event lines' canonical prefixes (tm_line_feed_pre). */
struct tm_line_feed *tm_line_feed_new(const char *data, size_t len, bool threaded,
				      bool canon);
/* Stops the helper thread (also before the end of the block). */
void tm_line_feed_free(struct tm_line_feed *f);
/* Next line (with its facts, ftrace-internal.h), or NULL at the end of the
 * block.  The line is the feed's: it stays valid (unchanged) until the next
 * call or tm_line_feed_free(). */
const struct tm_fline *tm_line_feed_next(struct tm_line_feed *f);
/* The canonical prefix made ahead for the line last returned by
 * tm_line_feed_next() (canon.h: tm_canon_prefix_json, with the TGID column
 * as the line has it, "-----" where it has none), valid as long as that
 * line; NULL when there is none (not asked for, not
 * threaded, not an event line, or one tm_canon_prefix_json does not make;
 * and for every line of a batch the helper read after the caller had waited
 * for one: the caller, ahead, makes those). */
const struct tm_canon_pre *tm_line_feed_pre(const struct tm_line_feed *f);
/* How many line ends the caller found for the helper's reader (while it
 * would otherwise have waited for a batch), once tm_line_feed_next()
 * returned NULL; for tests. */
size_t tm_line_feed_ends_taken(const struct tm_line_feed *f);
/* The reader's header facts; complete once tm_line_feed_next() returned NULL. */
const struct tm_ftrace_header *tm_line_feed_header(struct tm_line_feed *f);

#endif
