/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * json-index.h - the events of one Trace Event JSON block noted as the first
 * pass reads them, so that the writer can copy them again without reading
 * the JSON a second time.
 *
 * Per event: where its text is in the block, its line, its phase, the
 * types of its ts, dur and args.sync_id, the ranges of the ts and dur
 * values in its text and their values (ns); an event the reader repaired is
 * kept whole.  tm_jidx_next() hands them back as struct tm_te_event with
 * just those fields set (raw pointing into the block, or for a repaired
 * event into the index); name, cat, pid, tid, id, args, the sync_id's and
 * issue_ts's values are not kept.
 *
 * The notes take about 20 bytes an event, delta-coded; up to 1 MiB they
 * stay in memory, beyond that they go to an unlinked temporary file in
 * TMPDIR (or /tmp), so memory stays the same whatever the block's size.
 */
#ifndef TM_JSONIDX_H
#define TM_JSONIDX_H

#include "tracemerge/tejson.h"

struct tm_jidx;

/* An index of the block whose text starts at BASE; NULL when out of memory. */
struct tm_jidx *tm_jidx_new(const char *base);
/* Note EV (read from that block), after the ones before it.  -1 when it
 * cannot be noted (out of memory, the temporary file cannot be created or
 * written): the index is unusable from then on. */
int tm_jidx_add(struct tm_jidx *x, const struct tm_te_event *ev);
/* The events noted (in X and those appended to it). */
uint64_t tm_jidx_count(const struct tm_jidx *x);
/* Y's events after X's (and those already appended to X): X's rewind and
 * next go on into Y, and it is freed with X.  Y's block is X's (events
 * later in it); both are done noting. */
void tm_jidx_append(struct tm_jidx *x, struct tm_jidx *y);
/* Done noting (or read again): the next tm_jidx_next() gives the first
 * event.  -1 when the index is unusable. */
int tm_jidx_rewind(struct tm_jidx *x);
/* The next event: 1 and *EV's kept fields set (valid until the next call;
 * the others are not touched: zero *EV once before the first call), 0
 * after the last, -1 when the temporary file cannot be read back. */
int tm_jidx_next(struct tm_jidx *x, struct tm_te_event *ev);
void tm_jidx_free(struct tm_jidx *x);

#endif
