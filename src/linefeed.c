/* linefeed.c - ftrace lines parsed ahead by a helper thread (linefeed.h). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "linefeed.h"
#include "out.h"

/* 4 batches of 4096 lines (184 bytes each): 2.9 MB per feed.  Smaller
 * batches hand over more often: with 1024 lines, `import` of 100 MB made
 * 1600 context switches, with 4096 about 340. */
#define BATCH_LINES TM_LINE_FEED_BATCH
#define NBATCH 4

struct batch {
	struct tm_ftrace_line line[BATCH_LINES];
	size_t n;
	bool last;                  /* the reader reached the end after these */
};

struct tm_line_feed {
	struct tm_ftrace_reader *r;
	bool threaded;
	struct tm_ftrace_line cur;  /* unthreaded: the current line */
	/* threaded: the producer fills ring[head % NBATCH], the consumer reads
	 * ring[tail % NBATCH]; filled = head - tail */
	struct batch *ring;
	size_t head, tail, pos;     /* pos: next line in the consumer's batch */
	bool stop, ended;
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t can_fill, can_read;
};

bool tm_threads_wanted(void)
{
	const char *n = getenv("TM_THREADS");

	if (tm_out_reference())
		return false;
	return !(n && strcmp(n, "1") == 0);
}

static void *produce(void *arg)
{
	struct tm_line_feed *f = arg;

	for (;;) {
		struct batch *b;

		pthread_mutex_lock(&f->mu);
		while (!f->stop && f->head - f->tail == NBATCH)
			pthread_cond_wait(&f->can_fill, &f->mu);
		if (f->stop) {
			pthread_mutex_unlock(&f->mu);
			return NULL;
		}
		b = &f->ring[f->head % NBATCH];
		pthread_mutex_unlock(&f->mu);

		/* the slot is ours until head moves past it */
		b->n = 0;
		b->last = false;
		while (b->n < BATCH_LINES && tm_ftrace_next(f->r, &b->line[b->n]))
			b->n++;
		b->last = b->n < BATCH_LINES;

		pthread_mutex_lock(&f->mu);
		f->head++;
		pthread_cond_signal(&f->can_read);
		pthread_mutex_unlock(&f->mu);
		if (b->last)
			return NULL;
	}
}

struct tm_line_feed *tm_line_feed_new(const char *data, size_t len, bool threaded)
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
	f->ring = malloc(NBATCH * sizeof(*f->ring));
	if (!f->ring)
		goto unthreaded;
	pthread_mutex_init(&f->mu, NULL);
	pthread_cond_init(&f->can_fill, NULL);
	pthread_cond_init(&f->can_read, NULL);
	if (pthread_create(&f->thread, NULL, produce, f) != 0) {
		pthread_mutex_destroy(&f->mu);
		pthread_cond_destroy(&f->can_fill);
		pthread_cond_destroy(&f->can_read);
		free(f->ring);
		f->ring = NULL;
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
		pthread_mutex_lock(&f->mu);
		f->stop = true;
		pthread_cond_signal(&f->can_fill);
		pthread_mutex_unlock(&f->mu);
		pthread_join(f->thread, NULL);
		pthread_mutex_destroy(&f->mu);
		pthread_cond_destroy(&f->can_fill);
		pthread_cond_destroy(&f->can_read);
		free(f->ring);
	}
	tm_ftrace_reader_free(f->r);
	free(f);
}

const struct tm_ftrace_line *tm_line_feed_next(struct tm_line_feed *f)
{
	struct batch *b;

	if (!f->threaded)
		return tm_ftrace_next(f->r, &f->cur) ? &f->cur : NULL;
	for (;;) {
		if (f->ended)
			return NULL;
		if (f->pos == 0) {         /* wait for the next batch */
			pthread_mutex_lock(&f->mu);
			while (f->head == f->tail)
				pthread_cond_wait(&f->can_read, &f->mu);
			pthread_mutex_unlock(&f->mu);
		}
		b = &f->ring[f->tail % NBATCH];
		/* the slot stays the consumer's until the call after its last
		 * line, so the line handed out is not overwritten before then */
		if (f->pos < b->n)
			return &b->line[f->pos++];
		/* batch done: give the slot back */
		f->ended = b->last;
		f->pos = 0;
		pthread_mutex_lock(&f->mu);
		f->tail++;
		pthread_cond_signal(&f->can_fill);
		pthread_mutex_unlock(&f->mu);
	}
}

const struct tm_ftrace_header *tm_line_feed_header(struct tm_line_feed *f)
{
	/* threaded: the producer has returned once the last batch was read
	 * (its writes happened before it published that batch under the lock) */
	return tm_ftrace_reader_header(f->r);
}
