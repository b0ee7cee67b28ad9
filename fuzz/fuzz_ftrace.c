/* fuzz_ftrace.c - libFuzzer target: the ftrace reader, atrace payloads of
 * its markers, the canonical writer and the stats scan on arbitrary text.
 * The canonical lines written JSON-escaped in place must equal the whole
 * lines escaped (the reference path): both go to scratch files, compared. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "canon.h"
#include "kscan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The bytes written to scratch output O (flushed), malloc'd; *N: count. */
static char *written(struct tm_out *o, size_t *n)
{
	off_t end;
	char *p;

	tm_out_flush(o);
	end = lseek(o->fd, 0, SEEK_CUR);
	if (end < 0 || !(p = malloc((size_t)end + 1)) ||
	    pread(o->fd, p, (size_t)end, 0) != end)
		abort();
	*n = (size_t)end;
	return p;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tm_ftrace_reader *r = tm_ftrace_reader_new((const char *)data, size);
	struct tm_ftrace_line l;
	struct tm_buf b = { 0 };
	struct tm_canon_stats cs = { 0 };
	struct tm_diag d;
	struct tm_kstats st;
	struct tm_input *in;

	struct tm_out fast, ref;
	size_t nf, nr;
	char *pf, *pr;

	if (!r)
		return 0;
	tm_diag_init(&d);
	if (tm_out_open_scratch(&fast, NULL, &d) || tm_out_open_scratch(&ref, NULL, &d))
		abort();
	fast.reference = false;
	ref.reference = true;
	while (tm_ftrace_next(r, &l)) {
		if (l.kind == TM_LN_EVENT) {
			b.n = 0;
			tm_canon_line(&b, &l, -1, &cs);
			tm_canon_line_json(&fast, &b, &l, 7, &cs);
			tm_canon_line_json(&ref, &b, &l, 7, &cs);
		}
	}
	pf = written(&fast, &nf);
	pr = written(&ref, &nr);
	if (nf != nr || memcmp(pf, pr, nf))
		abort();
	free(pf);
	free(pr);
	tm_out_abort(&fast);
	tm_out_abort(&ref);
	tm_ftrace_reader_free(r);
	tm_buf_free(&b);

	in = tm_input_open_mem("fuzz", data, size, &d);
	if (in && tm_kstats_init(&st, "fuzz", &d) == 0) {
		tm_kscan_input(in, &st, NULL, NULL);
		tm_kstats_free(&st);
	}
	tm_input_free(in);
	tm_diag_free(&d);
	return 0;
}
