/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * progress.h - how far the work is, for the process's progress callback
 * (tm_progress_set, tracemerge/session.h).
 *
 * The work is counted in bytes of the inputs' text: each phase ("reading",
 * the first pass over every input; "writing", the pass that writes them)
 * has a total, and every stream that walks a text reports its position in
 * it through a mark (one per stream and thread: positions only grow).  The
 * callback is called at most about four times a second, from whichever
 * thread reports, one call at a time; nothing is done without a callback.
 */
#ifndef TM_PROGRESS_H
#define TM_PROGRESS_H

#include <stddef.h>
#include <stdint.h>

/* Start phase PHASE (a literal) of TOTAL bytes: done goes back to 0. */
void tm_progress_phase(const char *phase, uint64_t total);
/* TOTAL grows by N (an input opened while the phase runs). */
void tm_progress_total(uint64_t n);
/* The last call of a phase: done = total. */
void tm_progress_done(void);

struct tm_progress_mark {
	size_t last;               /* position last counted */
};
/* A stream starting at position FROM of its text. */
static inline void tm_progress_mark_init(struct tm_progress_mark *m, size_t from)
{
	m->last = from;
}
/* The stream of M is at position POS: count what it walked since, once a
 * MiB has gathered (or when FORCE). */
void tm_progress_move(struct tm_progress_mark *m, size_t pos, int force);

#endif
