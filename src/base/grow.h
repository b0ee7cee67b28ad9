/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * grow.h - a span of bytes that grows while it is read: one thread (the
 * writer, an inflate) fills a buffer whose address never changes and
 * publishes how many bytes of it are final; another (the reader, the first
 * pass) reads what is published and waits, a chunk at a time, for more.
 *
 * What is published never changes again: the writer writes only past it.
 * The published length rises in steps that end just after a '\n' (so a
 * reader that cuts lines never sees half of one), and once, at the end, to
 * the final length, with the end flag: after that no more comes.  A writer
 * that fails ends the span where it stands (its error is the opener's
 * business, parsers/input.c).
 */
#ifndef TM_GROW_H
#define TM_GROW_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

struct tm_grow {
	const char *data;       /* the buffer (set before the writer starts) */
	size_t ready;           /* bytes published (atomic: release/acquire) */
	bool done;              /* no more will come (atomic; set with ready) */
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

/* An empty span over DATA. */
void tm_grow_init(struct tm_grow *g, const char *data);
void tm_grow_destroy(struct tm_grow *g);
/* The writer: bytes [0, N) are final (N never less than before). */
void tm_grow_publish(struct tm_grow *g, size_t n);
/* The writer: the span ends at N bytes (no call after this one). */
void tm_grow_end(struct tm_grow *g, size_t n);
/* The reader: bytes published now, without waiting; *DONE (may be NULL)
 * whether that is the end. */
size_t tm_grow_ready(struct tm_grow *g, bool *done);
/* The reader: wait until more than HAVE bytes are published or the span
 * has ended; returns the bytes published then (HAVE, only at the end). */
size_t tm_grow_wait(struct tm_grow *g, size_t have);

#endif
