/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz_tracedat.c - libFuzzer target: the trace.dat reader (libtracecmd
 * through a memfd, records printed as kernel text) and the stats scan of
 * its output, on arbitrary bytes behind the trace.dat magic.  The
 * conversion runs in this process (tm_tracedat_in_process), not in the
 * child the tool uses, so that its coverage and sanitizer reports are
 * seen; libtracecmd's own crashes are sorted out by scripts/fuzz.sh
 * (doc/testing.md), so it runs in libFuzzer's fork mode; small.dat, the
 * seed, is 140 KB.
 * fuzz-options: -fork=1 -ignore_crashes=1 -max_len=262144 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernel-scan.h"
#include "trace-dat.h"
#include "tracemerge/input.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
const char *__asan_default_options(void);

/* libtracecmd mallocs sizes read from the file unchecked (a corrupt size
 * asks for exabytes); real malloc returns NULL and libtracecmd fails
 * cleanly, so let ASan's do the same instead of aborting. */
const char *__asan_default_options(void)
{
	return "allocator_may_return_null=1";
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	tm_tracedat_in_process(true);
	return 0;
}

#define MAGIC "\x17\x08\x44tracing"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t skip = size >= 10 && !memcmp(data, MAGIC, 10) ? 10 : 0;
	char *buf = malloc(size - skip + 10);
	struct tm_diag d;
	struct tm_kstats st;
	struct tm_input *in;

	if (!buf)
		return 0;
	memcpy(buf, MAGIC, 10);
	if (size > skip)
		memcpy(buf + 10, data + skip, size - skip);
	tm_diag_init(&d);
	in = tm_input_open_mem("fuzz.dat", buf, size - skip + 10, &d);
	if (in && tm_kstats_init(&st, "fuzz.dat", &d) == 0) {
		tm_kscan_input(in, &st, NULL, NULL);
		tm_kstats_free(&st);
	}
	tm_input_free(in);
	tm_diag_free(&d);
	free(buf);
	return 0;
}
