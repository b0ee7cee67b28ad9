/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * progress.c - the one line that tells how far long work is, on stderr:
 * "tracemerge import: reading 512.0 of 1024.0 MB, 850 MB/s, 1 s left".
 *
 * On a terminal the line is rewritten in place a few times a second, only
 * once the command has run for a second (short work shows nothing), and
 * cleared at the end.  With --progress it is shown whatever stderr is and
 * from the start: rewritten in place on a terminal, else one line per
 * second and one at the end of each phase (for CI logs).  -q: never.
 */
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define MB 1e6

static struct {
	const char *cmd;
	bool tty, forced, shown;
	double start, phase_start, last_line;
	const char *phase;
} pg;

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void show(void *ctx, const struct tm_progress *p)
{
	double t = now_s(), rate, mbs = 0;
	bool end = p->done >= p->total;
	char left[32] = "";

	(void)ctx;
	if (pg.phase != p->phase) {
		pg.phase = p->phase;
		pg.phase_start = t;
	}
	if (!p->total || (!pg.forced && t - pg.start < 1.0))
		return;                         /* nothing known yet; short work */
	if (!pg.tty && !end && t - pg.last_line < 1.0)
		return;
	/* (a phase over at once, as the writing of a single-pass import, has
	 * no speed worth telling) */
	rate = t - pg.phase_start >= 0.2 ? (double)p->done / (t - pg.phase_start) : 0;
	if (rate > 0) {
		mbs = rate / MB;
		if (!end)
			snprintf(left, sizeof(left), ", %.0f s left",
				 (double)(p->total - p->done) / rate);
	}
	fprintf(stderr, "%stracemerge %s: %s %.1f of %.1f MB (%.0f%%)", pg.tty ? "\r" : "",
		pg.cmd, p->phase, (double)p->done / MB, (double)p->total / MB,
		(double)(p->done * 100 / p->total));      /* 100% only when done */
	if (mbs > 0)
		fprintf(stderr, ", %.0f MB/s%s", mbs, left);
	fputs(pg.tty ? "\033[K" : "\n", stderr);
	pg.last_line = t;
	pg.shown = true;
}

void tm_cli_progress_start(const char *cmd)
{
	pg.cmd = cmd;
	pg.tty = isatty(STDERR_FILENO);
	pg.start = now_s();
	if (tm_cli_verbosity == TM_QUIET || (!pg.tty && !pg.forced))
		return;
	tm_progress_set(show, NULL);
}

void tm_cli_progress_end(void)
{
	tm_progress_set(NULL, NULL);
	if (pg.shown && pg.tty)
		fputs("\r\033[K", stderr);   /* a clean line for what follows */
	pg.shown = false;
}

bool tm_cli_progress_forced(void)
{
	return pg.forced;
}

void tm_cli_progress_force(void)
{
	pg.forced = true;
}
