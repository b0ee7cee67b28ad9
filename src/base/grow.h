/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * grow.h - a span of bytes that grows while it is read: one thread (the
 * writer, an inflate) fills a buffer whose address never changes and says
 * how many bytes of it are final; another (the reader, the first pass)
 * reads what is published of them and waits, a chunk at a time, for more.
 *
 * Nothing final or published changes again: the writer writes only past
 * it.  The published length rises in steps that end just after a cut
 * byte, '\n' until the reader names another (tm_grow_set_cut), so that a
 * reader that cuts lines never sees half of one; and once, at the end, to
 * the final length, with the end flag: after that no more comes.  A
 * writer that fails ends the span at what is published (its error is the
 * opener's business, parsers/input-open.c).
 *
 * The final length, whatever byte it ends on, is for the reader that
 * looks at the head before it knows how to cut (tm_grow_wait_final).
 */
#ifndef TM_GROW_H
#define TM_GROW_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

struct tm_grow {
	const char *data;       /* the buffer (set before the writer starts) */
	size_t ready;           /* bytes published (atomic: release/acquire) */
	size_t final;           /* bytes final (atomic), READY or more */
	bool done;              /* no more will come (atomic; set with ready) */
	char cut;               /* READY ends after this byte (under MU) */
	size_t searched;        /* [READY, SEARCHED) holds no CUT (under MU):
				 * each byte is searched once, however long
				 * a stretch without one (a JSON string) */
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

/* An empty span over DATA, cut after '\n'. */
void tm_grow_init(struct tm_grow *g, const char *data);
void tm_grow_destroy(struct tm_grow *g);
/* The writer: bytes [0, N) are final (N never less than before); those up
 * to the last cut byte in them are published. */
void tm_grow_publish(struct tm_grow *g, size_t n);
/* The writer: the span ends at N bytes, all published (no call after this
 * one). */
void tm_grow_end(struct tm_grow *g, size_t n);
/* The writer, failing: the span ends at what is published now. */
void tm_grow_stop(struct tm_grow *g);
/* The reader: from now on the published length may end after the byte C
 * (a reader of JSON: after '}', where no token but a string is cut, and a
 * string cut there reads as unterminated); what is final is published to
 * its last C at once. */
void tm_grow_set_cut(struct tm_grow *g, char c);
/* The reader: bytes published now, without waiting; *DONE (may be NULL)
 * whether that is the end. */
size_t tm_grow_ready(struct tm_grow *g, bool *done);
/* The reader: wait until more than HAVE bytes are published or the span
 * has ended; returns the bytes published then (HAVE, only at the end). */
size_t tm_grow_wait(struct tm_grow *g, size_t have);
/* The reader: wait until WANT bytes are final or the span has ended;
 * returns the bytes final then, *DONE whether that is the end. */
size_t tm_grow_wait_final(struct tm_grow *g, size_t want, bool *done);

#endif
