/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* line-feed.c - ftrace lines parsed ahead by a helper thread (line-feed.h). */
#include <stdlib.h>
#include <string.h>

#include "ftrace-general.h"
#include "grow.h"
#include "line-ends.h"
#include "line-feed.h"
#include "ring.h"

/* 4 batches of 4096 lines (192 bytes each, struct tm_fline): 3 MiB per
 * feed.  Smaller batches hand over more often: with 1024 lines, `import`
 * of 100 MB made 1600 context switches, with 4096 about 340. */
#define BATCH_LINES TM_LINE_FEED_BATCH
#define NBATCH 4

struct batch {
	struct tm_fline line[BATCH_LINES];
	/* the work's results (tm_line_work), when the feed makes them */
	bool made[BATCH_LINES];     /* line I has one */
	char *res;                  /* work->size bytes a line */
	char *text;                 /* work->text_room bytes: their text */
	size_t n;
	bool last;                  /* the reader reached the end after these */
};

#define ENDS_STEP 256 /* line ends found at a time, between looks at the ring */

struct tm_line_feed {
	/* set before the helper starts; the helper reads them for every line */
	struct tm_ftrace_reader *r;
	const struct tm_ftrace_facts *facts; /* r's, of its last line */
	struct tm_line_ends *ends;  /* threaded, AVX2: line ends found ahead
				     * by the caller (line-ends.h) */
	bool threaded;
	struct tm_grow *grow;       /* the text still grows (grow.h), or NULL */
	const struct tm_line_work *work; /* done ahead, or NULL */
	/* threaded: the helper fills batch[slot] ahead (ring.h) */
	struct batch *batch;
	struct tm_ring ring;
	/* The caller's own fields, written for every line: on cache lines of
	 * their own (a line shared with the helper's reads above went back
	 * and forth between the cores for every line). */
	char pad[64];
	const void *cur_res;        /* of the line last handed out */
	size_t slot, pos;           /* the consumer's batch, its next line */
	bool ended;
	bool starved;               /* the consumer found no batch ready since
				     * the helper last looked (atomic) */
	struct tm_fline cur;        /* unthreaded: the current line */
};

/* The helper: the next lines into batch SLOT (ring.h). */
static bool produce(void *arg, size_t slot)
{
	struct tm_line_feed *f = arg;
	struct tm_ftrace_reader *r = f->r;
	const struct tm_ftrace_facts *facts = f->facts;
	struct batch *b = &f->batch[slot];
	const struct tm_line_work *w = f->work;
	/* The work is done here while the consumer keeps up; a consumer that
	 * had to wait for a batch is ahead of this thread, and does the next
	 * batch's work itself (merge.c, write_event), so that both threads'
	 * work evens out. */
	bool work = w && !__atomic_exchange_n(&f->starved, false, __ATOMIC_RELAXED);

	b->n = 0;
	b->last = false;
	for (size_t used = 0, k;
	     b->n < BATCH_LINES && tm_ftrace_next(r, &b->line[b->n].line); b->n++) {
		b->line[b->n].f = *facts;   /* (as tm_ftrace_next_fline) */
		b->made[b->n] = false;
		if (work && w->text_room - used >= w->text_max &&
		    w->make(&b->line[b->n], b->text + used, b->res + b->n * w->size, &k)) {
			b->made[b->n] = true;
			used += k;
		}
	}
	b->last = b->n < BATCH_LINES;
	return b->last;
}

static void free_batches(struct tm_line_feed *f)
{
	for (size_t i = 0; f->batch && i < NBATCH; i++) {
		free(f->batch[i].res);
		free(f->batch[i].text);
	}
	free(f->batch);
	f->batch = NULL;
	f->work = NULL;
}

/* Room for the work's results in every batch; false (no work done ahead)
 * without memory. */
static bool work_room(struct tm_line_feed *f, const struct tm_line_work *w)
{
	for (size_t i = 0; i < NBATCH; i++) {
		if (!(f->batch[i].res = malloc(BATCH_LINES * w->size)) ||
		    !(f->batch[i].text = malloc(w->text_room)))
			return false;
	}
	return true;
}

static struct tm_line_feed *feed_new(const char *data, size_t len, struct tm_grow *g,
				     bool threaded, const struct tm_line_work *work)
{
	struct tm_line_feed *f = calloc(1, sizeof(*f));

	if (!f || !(f->r = tm_ftrace_reader_new(data, len))) {
		free(f);
		return NULL;
	}
	if ((f->grow = g))
		tm_ftrace_reader_set_grow(f->r, g);
	f->facts = tm_ftrace_reader_facts(f->r);
	/* small blocks are not worth a thread */
	f->threaded = threaded && (g || len >= (1u << 20));
	if (!f->threaded)
		return f;
	f->batch = calloc(NBATCH, sizeof(*f->batch));
	if (!f->batch)
		goto unthreaded;
	/* without room, still correct: the caller does the work */
	f->work = work && work_room(f, work) ? work : NULL;
	if (tm_ftrace_plain_line_end() && (f->ends = malloc(sizeof(*f->ends)))) {
		/* (without it, still correct: the helper finds every end) */
		tm_line_ends_init(f->ends, data, len);
		tm_ftrace_reader_set_line_end(f->r, tm_line_ends_take, f->ends);
	}
	if (tm_ring_start(&f->ring, NBATCH, produce, f)) {
		free_batches(f);
		if (f->ends)   /* the reader finds its own ends again */
			tm_ftrace_reader_set_line_end(f->r, tm_ftrace_plain_line_end(), NULL);
		free(f->ends);
		f->ends = NULL;
		goto unthreaded;
	}
	return f;
unthreaded:
	f->threaded = false;        /* still correct, just not ahead */
	return f;
}

struct tm_line_feed *tm_line_feed_new(const char *data, size_t len, bool threaded,
				      const struct tm_line_work *work)
{
	return feed_new(data, len, NULL, threaded, work);
}

struct tm_line_feed *tm_line_feed_new_grow(const char *data, size_t len, struct tm_grow *g,
					   bool threaded, const struct tm_line_work *work)
{
	return feed_new(data, len, g, threaded, work);
}

/* The finder of line ends (the caller) looks as far as is published. */
static bool find_ends(struct tm_line_feed *f)
{
	if (f->grow)
		f->ends->end = f->grow->data + tm_grow_ready(f->grow, NULL);
	return tm_line_ends_find(f->ends, ENDS_STEP);
}

void tm_line_feed_free(struct tm_line_feed *f)
{
	if (!f)
		return;
	if (f->threaded) {
		tm_ring_stop(&f->ring);
		free_batches(f);
		free(f->ends);
	}
	tm_ftrace_reader_free(f->r);
	free(f);
}

const struct tm_fline *tm_line_feed_next(struct tm_line_feed *f)
{
	struct batch *b;

	if (!f->threaded) {
		if (!tm_ftrace_next(f->r, &f->cur.line))
			return NULL;
		f->cur.f = *f->facts;
		return &f->cur;
	}
	f->cur_res = NULL;
	for (;;) {
		if (f->ended)
			return NULL;
		if (f->pos == 0) {         /* wait for the next batch */
			if (f->work && !tm_ring_ready(&f->ring))
				__atomic_store_n(&f->starved, true, __ATOMIC_RELAXED);
			/* rather than wait, find line ends for the helper */
			while (f->ends && !tm_ring_ready(&f->ring) && find_ends(f))
				;
			f->slot = tm_ring_take(&f->ring);
		}
		b = &f->batch[f->slot];
		/* the slot stays the consumer's until the call after its last
		 * line, so the line handed out is not overwritten before then */
		if (f->pos < b->n) {
			f->cur_res = f->work && b->made[f->pos] ? b->res + f->pos * f->work->size
							       : NULL;
			return &b->line[f->pos++];
		}
		/* batch done: give the slot back */
		f->ended = b->last;
		f->pos = 0;
		tm_ring_give_back(&f->ring);
	}
}

size_t tm_line_feed_ends_taken(const struct tm_line_feed *f)
{
	/* the helper wrote it before it handed over its last batch */
	return f->ends ? f->ends->taken : 0;
}

const void *tm_line_feed_result(const struct tm_line_feed *f)
{
	return f->threaded ? f->cur_res : NULL;
}

const struct tm_ftrace_header *tm_line_feed_header(struct tm_line_feed *f)
{
	/* threaded: the producer has returned once the last batch was read
	 * (its writes happened before it published that batch under the lock) */
	return tm_ftrace_reader_header(f->r);
}
