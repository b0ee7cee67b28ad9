/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_input.c - libFuzzer target for the input module: open the bytes
 * from memory, walk every block (touching all its bytes so ASan sees any
 * out-of-range pointer), check the error contract, free.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tracemerge/input.h"
#include "decode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned touch(const struct tm_block *b)
{
	unsigned sum = 0;

	for (size_t i = 0; i < b->len; i++)
		sum += (unsigned char)b->data[i];
	return sum + (unsigned)strlen(b->origin) +
	       (unsigned)strlen(tm_block_kind_name(b->kind));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static volatile unsigned sink;
	struct tm_input *in;
	struct tm_diag d;

	/* a few KB of deflate may not ask for gigabytes */
	tm_decode_set_limit(64u << 20);
	tm_diag_init(&d);
	in = tm_input_open_mem("fuzz", data, size, &d);
	if (!in) {
		/* failure: one non-empty line naming the input */
		if (!d.error[0] || strchr(d.error, '\n') ||
		    strncmp(d.error, "fuzz", 4) != 0)
			abort();
	} else {
		if (!tm_input_nblocks(in) || d.error[0])
			abort();
		for (size_t i = 0; i < tm_input_nblocks(in); i++)
			sink += touch(tm_input_block(in, i));
		sink += (unsigned)strlen(tm_format_name(tm_input_format(in)));
		sink += (unsigned)tm_input_was_gzip(in);
	}
	tm_input_free(in);
	tm_diag_free(&d);
	return 0;
}
