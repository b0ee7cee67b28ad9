/* linefeed.c - ftrace lines parsed ahead by a helper thread (linefeed.h). */
#include <stdlib.h>
#include <string.h>

#include "canon.h"
#include "ftrace-general.h"
#include "linefeed.h"
#include "out.h"
#include "ring.h"

/* 4 batches of 4096 lines (184 bytes each): 2.9 MB per feed.  Smaller
 * batches hand over more often: with 1024 lines, `import` of 100 MB made
 * 1600 context switches, with 4096 about 340. */
#define BATCH_LINES TM_LINE_FEED_BATCH
#define NBATCH 4

/* Canonical prefixes (tm_canon_prefix_json) of a batch's lines made here:
 * about 80 bytes a line, 107 at the most (PREFIX_ROOM allows comm and name
 * 40 bytes together; every number at its widest), so the room does not
 * run out; were it to, the lines past it would get none (their writer
 * makes them). */
#define PRE_ROOM (BATCH_LINES * 112)

struct batch {
	struct tm_ftrace_line line[BATCH_LINES];
	struct tm_canon_pre pre[BATCH_LINES];    /* when the feed makes them */
	char *text;                             /* PRE_ROOM bytes: the prefixes */
	size_t n;
	bool last;                  /* the reader reached the end after these */
};

/*
 * Line ends found ahead by the consumer for the helper's reader: the
 * helper parses, the consumer scans what it parsed, and finding where each
 * line ends (the AVX2 search of the reader, an eighth of the helper's work
 * for `stats`) is done by the consumer when it has time: instead of
 * waiting for a batch, it finds the ends of the lines after the one the
 * helper is at, ENDS_STEP at a time, while the ring of ENDS has room; the
 * helper takes
 * the end of the line it is at from the ring when the ring has it, and
 * else finds it itself (a line end is a fact of the text: whoever finds
 * it, it is the same).  The ring is one producer, one consumer, without
 * locks: slot i is written by the consumer before head passes it and read
 * by the helper before tail passes it.
 */
#define ENDS 16384   /* a power of 2 */
#define ENDS_STEP 256 /* found at a time, between looks at the ring */

struct ends {
	const char *start[ENDS], *nl[ENDS]; /* a line's start, its end (the fn's) */
	size_t head;              /* entries written (the consumer's; atomic) */
	size_t tail;              /* entries passed (the helper's; atomic) */
	const char *at;           /* the line the helper is at (atomic) */
	const char *pos, *end;    /* the consumer's next line, the block's end */
	tm_ftrace_line_end_fn fn; /* the reader's own way */
	size_t taken;             /* ends the helper took from the ring */
};

/* The helper's line end for the line at P: from the ring, or found (then
 * the consumer is told where the helper is, to find the ends after it). */
static const char *end_ahead(void *ctx, const char *p, const char *e)
{
	struct ends *q = ctx;
	size_t t = q->tail, h = __atomic_load_n(&q->head, __ATOMIC_ACQUIRE);
	const char *nl;

	while (t != h && q->start[t % ENDS] < p)
		t++;                     /* found before the helper passed them */
	if (t != h && q->start[t % ENDS] == p) {
		nl = q->nl[t++ % ENDS];
		q->taken++;
	} else {
		nl = q->fn(NULL, p, e);
		__atomic_store_n(&q->at, p, __ATOMIC_RELAXED);
	}
	__atomic_store_n(&q->tail, t, __ATOMIC_RELEASE);
	return nl;
}

/* The consumer: the ends of up to N lines after the helper's, into the
 * ring's free slots; false when there was nothing to do (the ring full, or
 * the block's end reached). */
static bool find_ends(struct ends *q, size_t n)
{
	size_t h = q->head, t = __atomic_load_n(&q->tail, __ATOMIC_ACQUIRE);
	const char *p = q->pos, *at = __atomic_load_n(&q->at, __ATOMIC_RELAXED);

	if (at > p)
		p = at;                  /* the helper found these itself */
	if (n > ENDS - (h - t))
		n = ENDS - (h - t);
	if (!n || p >= q->end)
		return false;
	q->pos = tm_ftrace_line_ends(p, q->end, q->start, q->nl, n, ENDS - 1, &h);
	__atomic_store_n(&q->head, h, __ATOMIC_RELEASE);
	return true;
}

struct tm_line_feed {
	struct tm_ftrace_reader *r;
	struct ends *ends;          /* threaded, AVX2: line ends found ahead */
	bool threaded;
	bool canon;                 /* canonical prefixes made ahead */
	const struct tm_canon_pre *cur_pre; /* of the line last handed out */
	struct tm_ftrace_line cur;  /* unthreaded: the current line */
	/* threaded: the helper fills batch[slot] ahead (ring.h) */
	struct batch *batch;
	struct tm_ring ring;
	size_t slot, pos;           /* the consumer's batch, its next line */
	bool ended;
};

bool tm_threads_wanted(void)
{
	const char *n = getenv("TM_THREADS");

	if (tm_out_reference())
		return false;
	return !(n && strcmp(n, "1") == 0);
}

/* The helper: the next lines into batch SLOT (ring.h). */
static bool produce(void *arg, size_t slot)
{
	struct tm_line_feed *f = arg;
	struct batch *b = &f->batch[slot];

	b->n = 0;
	b->last = false;
	for (size_t used = 0;
	     b->n < BATCH_LINES && tm_ftrace_next(f->r, &b->line[b->n]); b->n++) {
		struct tm_canon_pre *pr = &b->pre[b->n];

		pr->n[0] = 0;
		if (f->canon && PRE_ROOM - used >= TM_CANON_PREFIX_MAX &&
		    tm_canon_prefix_json(b->text + used, &b->line[b->n], -1, pr) && !pr->n[1])
			used += pr->n[0];   /* made here, not a stretch of the line */
	}
	b->last = b->n < BATCH_LINES;
	return b->last;
}

static void free_batches(struct tm_line_feed *f)
{
	for (size_t i = 0; f->batch && i < NBATCH; i++)
		free(f->batch[i].text);
	free(f->batch);
	f->batch = NULL;
	f->canon = false;
}

struct tm_line_feed *tm_line_feed_new(const char *data, size_t len, bool threaded,
				      bool canon)
{
	struct tm_line_feed *f = calloc(1, sizeof(*f));

	if (!f || !(f->r = tm_ftrace_reader_new(data, len))) {
		free(f);
		return NULL;
	}
	/* small blocks are not worth a thread */
	f->threaded = threaded && len >= (1u << 20);
	if (!f->threaded)
		return f;
	f->batch = calloc(NBATCH, sizeof(*f->batch));
	if (!f->batch)
		goto unthreaded;
	f->canon = canon;
	for (size_t i = 0; canon && i < NBATCH; i++) {
		if (!(f->batch[i].text = malloc(PRE_ROOM)))
			f->canon = false;   /* still correct: the writer makes them */
	}
	if (tm_ftrace_plain_line_end() && (f->ends = calloc(1, sizeof(*f->ends)))) {
		/* (without it, still correct: the helper finds every end) */
		f->ends->fn = tm_ftrace_plain_line_end();
		f->ends->pos = f->ends->at = data;
		f->ends->end = data + len;
		tm_ftrace_reader_set_line_end(f->r, end_ahead, f->ends);
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

const struct tm_ftrace_line *tm_line_feed_next(struct tm_line_feed *f)
{
	struct batch *b;

	if (!f->threaded)
		return tm_ftrace_next(f->r, &f->cur) ? &f->cur : NULL;
	f->cur_pre = NULL;
	for (;;) {
		if (f->ended)
			return NULL;
		if (f->pos == 0) {         /* wait for the next batch */
			/* rather than wait, find line ends for the helper */
			while (f->ends && !tm_ring_ready(&f->ring) && find_ends(f->ends, ENDS_STEP))
				;
			f->slot = tm_ring_take(&f->ring);
		}
		b = &f->batch[f->slot];
		/* the slot stays the consumer's until the call after its last
		 * line, so the line handed out is not overwritten before then */
		if (f->pos < b->n) {
			f->cur_pre = f->canon && b->pre[f->pos].n[0] ? &b->pre[f->pos] : NULL;
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

const struct tm_canon_pre *tm_line_feed_pre(const struct tm_line_feed *f)
{
	return f->threaded ? f->cur_pre : NULL;
}

const struct tm_ftrace_header *tm_line_feed_header(struct tm_line_feed *f)
{
	/* threaded: the producer has returned once the last batch was read
	 * (its writes happened before it published that batch under the lock) */
	return tm_ftrace_reader_header(f->r);
}
