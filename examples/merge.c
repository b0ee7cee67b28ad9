/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * merge.c - the library doing `tracemerge merge -o OUT INPUT...`, and
 * telling how each input was put on the output clock.
 *
 *     cc merge.c $(pkg-config --cflags --libs tracemerge) -o merge
 *     ./merge merged.json kernel.txt app.json
 *
 * writes the bytes `tracemerge merge -o merged.json kernel.txt app.json`
 * writes, then prints one line per part of each input (its kernel text,
 * its JSON blocks): the offset added to its timestamps, the drift, the
 * error bound and where the relation came from.
 */
#include <inttypes.h>
#include <stdio.h>

#include <tracemerge/session.h>

/* One part's relation to the output clock, as a line for people. */
static void print_part(const struct tm_session *s, const struct tm_session_part *p)
{
	int64_t at_anchor;

	printf("%s: %s (%s): ", tm_session_input_name(s, p->input),
	       p->kernel ? "kernel" : "json", p->domain);
	if (p->is_output_clock) {
		printf("the output clock\n");
		return;
	}
	if (!p->linked) {
		printf("not linked\n");
		return;
	}
	/* the offset where the relation is anchored; the drift moves it */
	at_anchor = p->to_output.y0 - p->to_output.x0;
	printf("offset %+" PRId64 " ns, drift %.3f ppm, error bound %" PRId64 " ns, from %s\n",
	       at_anchor, (double)p->to_output.rate_fs / TM_CLOCK_PPM, p->err_ns,
	       p->how[0] ? p->how : "-");
}

int main(int argc, char **argv)
{
	struct tm_session *s;
	struct tm_diag d;
	int rc = 0;

	if (argc < 3) {
		fprintf(stderr, "usage: %s OUT INPUT...\n", argv[0]);
		return 2;
	}
	tm_diag_init(&d);
	if (!(s = tm_session_new(NULL, &d))) {
		fprintf(stderr, "merge: out of memory\n");
		return 1;
	}
	for (int i = 2; i < argc && rc == 0; i++)
		if (tm_session_add_input(s, argv[i]) < 0)
			rc = 1;
	if (rc == 0 && tm_session_write(s, argv[1]) != 0)
		rc = 1;
	if (rc) {
		fprintf(stderr, "merge: %s\n", d.error);
	} else {
		for (size_t i = 0; i < tm_session_ninputs(s); i++)
			for (size_t k = 0; k < tm_session_nparts(s, i); k++) {
				struct tm_session_part p;
				if (tm_session_part(s, i, k, &p) == 0)
					print_part(s, &p);
			}
	}
	tm_session_free(s);
	tm_diag_free(&d);
	return rc;
}
