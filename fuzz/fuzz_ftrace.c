/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_ftrace.c - libFuzzer target: the ftrace reader, atrace payloads of
 * its markers, the canonical writer and the stats scan on arbitrary text.
 * The canonical lines written JSON-escaped in place must equal the whole
 * lines escaped (the reference path): both go to scratch files, compared.
 * Every line must read the same by the parser's shortcuts for the kernel's
 * layout and by its general search; columns found at the kernel's fixed
 * places must be what printf writes there, and give the prefix that checking
 * every column gives. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "canon.h"
#include "../tests/unit/ftrace_util.h"
#include "kernel-scan.h"

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

/* Abort unless A and B hold the same bytes; both are closed. */
static void same_output(struct tm_out *a, struct tm_out *b)
{
	size_t na, nb;
	char *pa = written(a, &na), *pb = written(b, &nb);

	if (na != nb || memcmp(pa, pb, na))
		abort();
	free(pa);
	free(pb);
	tm_out_abort(a);
	tm_out_abort(b);
}

/* Each line of DATA (the first byte: flag width and trace-cmd form) read
 * by both parsers into structs filled with different garbage first. */
static void both_parsers(const uint8_t *data, size_t size)
{
	const char *p, *e, *nl;
	int fw;
	bool tc;

	if (size < 1)
		return;
	fw = data[0] % 6;
	tc = data[0] & 0x80;
	for (p = (const char *)data + 1, e = (const char *)data + size; p < e; p = nl + 1) {
		nl = memchr(p, '\n', (size_t)(e - p));
		if (!nl)
			nl = e;
		if (!tm_t_parsers_agree(p, (size_t)(nl - p), fw, tc))
			abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tm_ftrace_reader *r = tm_ftrace_reader_new((const char *)data, size);
	struct tm_fline fl;
	const struct tm_ftrace_line *l = &fl.line;
	struct tm_buf b = { 0 };
	struct tm_canon_stats cs = { 0 };
	struct tm_diag d;
	struct tm_kstats st;
	struct tm_input *in;

	struct tm_out fast, ref, own, pre;   /* own, pre: TGID fill -1 */
	struct tm_canon_stats cs_own = { 0 }, cs_pre = { 0 };
	char prefix[TM_CANON_PREFIX_MAX];
	struct tm_canon_pre cp;
	bool made;

	if (!r)
		return 0;
	both_parsers(data, size);
	tm_diag_init(&d);
	if (tm_out_open_scratch(&fast, NULL, &d) || tm_out_open_scratch(&ref, NULL, &d) ||
	    tm_out_open_scratch(&own, NULL, &d) || tm_out_open_scratch(&pre, NULL, &d))
		abort();
	fast.reference = false;
	ref.reference = true;
	own.reference = pre.reference = false;
	while (tm_ftrace_next_fline(r, &fl)) {
		if (l->kind == TM_LN_EVENT) {
			if ((fl.f.cols.kernel_cols || fl.f.cols.ts_at) && !tm_t_same_prefix(&fl, &made))
				abort();
			b.n = 0;
			tm_canon_line(&b, l, -1, &cs);
			tm_canon_line_json(&fast, &b, l, 7, &cs);
			tm_canon_line_json(&ref, &b, l, 7, &cs);
			/* the prefix made ahead (the line feed's) gives the same */
			tm_canon_line_json(&own, &b, l, -1, &cs_own);
			if (tm_canon_prefix_json(prefix, &fl, -1, &cp))
				tm_canon_line_json_pre(&pre, &b, l, &cp, -1, &cs_pre);
			else
				tm_canon_line_json(&pre, &b, l, -1, &cs_pre);
		}
	}
	if (memcmp(&cs_own, &cs_pre, sizeof(cs_own)))
		abort();
	same_output(&own, &pre);
	same_output(&fast, &ref);
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
