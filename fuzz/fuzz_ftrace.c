/* fuzz_ftrace.c - libFuzzer target: the ftrace reader, atrace payloads of
 * its markers, the canonical writer and the stats scan on arbitrary text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "canon.h"
#include "kscan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tm_ftrace_reader *r = tm_ftrace_reader_new((const char *)data, size);
	struct tm_ftrace_line l;
	struct tm_buf b = { 0 };
	struct tm_canon_stats cs = { 0 };
	struct tm_diag d;
	struct tm_kstats st;
	struct tm_input *in;

	if (!r)
		return 0;
	while (tm_ftrace_next(r, &l)) {
		if (l.kind == TM_LN_EVENT) {
			b.n = 0;
			tm_canon_line(&b, &l, -1, &cs);
		}
	}
	tm_ftrace_reader_free(r);
	tm_buf_free(&b);

	tm_diag_init(&d);
	in = tm_input_open_mem("fuzz", data, size, &d);
	if (in && tm_kstats_init(&st, "fuzz", &d) == 0) {
		tm_kscan_input(in, &st, NULL, NULL);
		tm_kstats_free(&st);
	}
	tm_input_free(in);
	tm_diag_free(&d);
	return 0;
}
