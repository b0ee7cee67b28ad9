/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_perfetto.c - libFuzzer target for the Perfetto protobuf reader
 * (parsers/perfetto.c): the bytes, after a well-formed first packet so
 * that they are always read as a Perfetto trace, opened from memory; every
 * block is touched (ASan sees any out-of-range view), the error contract
 * checked (one non-empty line naming the input), everything freed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tracemerge/input.h"
#include "decode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* TracePacket { trusted_packet_sequence_id: 1 } */
static const uint8_t first[] = { 0x0a, 0x02, 0x50, 0x01 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static volatile unsigned sink;
	struct tm_input *in;
	struct tm_diag d;
	uint8_t *buf;

	if (size > (1u << 20) || (size && data[0] != 0x0a))
		return 0;
	if (!(buf = malloc(sizeof(first) + size)))
		return 0;
	memcpy(buf, first, sizeof(first));
	if (size)
		memcpy(buf + sizeof(first), data, size);
	/* a few KB of deflate may not ask for gigabytes */
	tm_decode_set_limit(64u << 20);
	tm_diag_init(&d);
	in = tm_input_open_mem("fuzz", buf, sizeof(first) + size, &d);
	if (!in) {
		if (!d.error[0] || strchr(d.error, '\n') || strncmp(d.error, "fuzz", 4) != 0)
			abort();
	} else {
		if (tm_input_format(in) != TM_FMT_PERFETTO || !tm_input_nblocks(in))
			abort();
		for (size_t i = 0; i < tm_input_nblocks(in); i++) {
			const struct tm_block *b = tm_input_block(in, i);

			for (size_t j = 0; j < b->len; j++)
				sink += (unsigned char)b->data[j];
		}
	}
	tm_input_free(in);
	tm_diag_free(&d);
	free(buf);
	return 0;
}
