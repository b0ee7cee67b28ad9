/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * perfetto-passes.c - the two passes of the Perfetto reader timed alone,
 * for `make bench`: what an import of a proto costs before any of its text
 * is read, scanned or written as JSON.
 *
 *   perfetto-passes TRACE [RUNS]
 *
 * prints "pass1 SECS pass2 SECS text BYTES events LINES": the best of RUNS
 * (3) runs of each pass.  Pass 1 reads every packet (tm_perfetto_begin),
 * pass 2 merges the bundles by time and writes the text (tm_pf_text_run)
 * on this thread, with no reader beside it.  Every run writes its text
 * into the same buffer: after the first run its pages are made, so pass 2
 * is timed without the kernel's work on new pages (the import's pass 2
 * has that on top).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "big-buffer.h"
#include "decode.h"
#include "perfetto.h"
#include "tracemerge/diag.h"

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* One run over P, LEN into BUF (ROOM bytes): its passes' seconds. */
static int run(const char *name, const char *p, size_t len, char *buf, size_t room,
	       double *s1, double *s2, size_t *text, size_t *lines)
{
	struct tm_diag d;
	struct tm_input *in = calloc(1, sizeof(*in));
	struct tm_pf_text *t;
	double t0, t1, t2;
	int rc = -1;

	tm_diag_init(&d);
	if (!in || !(in->name = strdup(name)))
		goto out;
	in->d = &d;
	in->budget = SIZE_MAX;
	t0 = now();
	if (tm_perfetto_begin(in, p, len, buf, room, NULL, &t)) {
		fprintf(stderr, "perfetto-passes: %s\n", d.error);
		goto out;
	}
	t1 = now();
	tm_pf_text_run(t, NULL, NULL);
	t2 = now();
	if (tm_pf_text_end(t, in, text)) {
		fprintf(stderr, "perfetto-passes: %s\n", d.error);
		tm_pf_text_free(t);
		goto out;
	}
	tm_pf_text_free(t);
	*lines = 0;
	for (const char *q = buf, *e = buf + *text, *nl; q < e; q = nl + 1) {
		if (!(nl = memchr(q, '\n', (size_t)(e - q))))
			nl = e - 1;
		*lines += *q != '#';
	}
	*s1 = t1 - t0;
	*s2 = t2 - t1;
	rc = 0;
out:
	tm_input_free(in);
	tm_diag_free(&d);
	return rc;
}

int main(int argc, char **argv)
{
	int runs = argc > 2 ? atoi(argv[2]) : 3, fd;
	double b1 = 1e30, b2 = 1e30, s1, s2;
	size_t room, text = 0, lines = 0;
	struct stat st;
	char *p, *buf;

	if (argc < 2 || runs < 1) {
		fprintf(stderr, "usage: perfetto-passes TRACE [RUNS]\n");
		return 2;
	}
	if ((fd = open(argv[1], O_RDONLY)) < 0 || fstat(fd, &st) || st.st_size == 0 ||
	    (p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED | MAP_POPULATE, fd, 0)) ==
		    MAP_FAILED) {
		perror(argv[1]);
		return 1;
	}
	if (!(buf = tm_pf_text_buffer((size_t)st.st_size, &room))) {
		perror("perfetto-passes: the text's buffer");
		return 1;
	}
	/* one run more than asked: the first makes the text's pages */
	for (int i = 0; i <= runs; i++) {
		if (run(argv[1], p, (size_t)st.st_size, buf, room, &s1, &s2, &text, &lines))
			return 1;
		if (s1 < b1)
			b1 = s1;
		if (i && s2 < b2)
			b2 = s2;
	}
	printf("pass1 %.3f pass2 %.3f text %zu events %zu\n", b1, b2, text, lines);
	tm_big_fixed_free(buf);
	return 0;
}
