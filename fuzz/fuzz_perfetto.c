/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_perfetto.c - libFuzzer target for the Perfetto protobuf reader
 * (parsers/perfetto*.c): the bytes, after a well-formed first packet so
 * that they are always read as a Perfetto trace, opened from memory; every
 * block is touched (ASan sees any out-of-range view), the error contract
 * checked (one non-empty line naming the input), everything freed.  The
 * same bytes in a file opened with the text written beside the first pass
 * (tm_input_open_ahead, then settled) give the same blocks, warnings and
 * error; and so do the bytes gzipped, read whole and ahead (the text then
 * written beside the first pass after the inflate).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "tracemerge/input.h"
#include "decode.h"
#include "input-ahead.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* TracePacket { trusted_packet_sequence_id: 1 } */
static const uint8_t first[] = { 0x0a, 0x02, 0x50, 0x01 };

/* A file of this process for the ahead reading (its name is the input's
 * name both ways). */
static const char *scratch(void)
{
	static char path[4096];
	const char *dir = getenv("TMPDIR");
	int fd;

	if (!path[0]) {
		snprintf(path, sizeof(path), "%s/fuzz-pf-XXXXXX", dir && *dir ? dir : "/tmp");
		if ((fd = mkstemp(path)) < 0)
			abort();
		close(fd);
	}
	return path;
}

static void same(const struct tm_input *a, const struct tm_diag *da, const struct tm_input *b,
		 const struct tm_diag *db)
{
	if (strcmp(da->error, db->error) || !a != !b || da->nwarn != db->nwarn)
		abort();
	for (size_t i = 0; i < da->nwarn; i++)
		if (strcmp(da->warn[i].kind, db->warn[i].kind) ||
		    da->warn[i].count != db->warn[i].count)
			abort();
	if (!a)
		return;
	if (tm_input_nblocks(a) != tm_input_nblocks(b))
		abort();
	for (size_t i = 0; i < tm_input_nblocks(a); i++) {
		const struct tm_block *x = tm_input_block(a, i), *y = tm_input_block(b, i);

		if (x->kind != y->kind || x->len != y->len || memcmp(x->data, y->data, x->len) ||
		    x->first_line != y->first_line || strcmp(x->origin, y->origin))
			abort();
	}
}

/* PATH read ahead (settled): the same as A (its diag DA). */
static void same_ahead(const char *path, const struct tm_input *a, const struct tm_diag *da)
{
	struct tm_input *b;
	struct tm_diag db;

	tm_diag_init(&db);
	b = tm_input_open_ahead(path, &db);
	if (b && tm_input_settle(b, &db)) {
		tm_input_free(b);
		b = NULL;
	}
	same(a, da, b, &db);
	tm_input_free(b);
	tm_diag_free(&db);
}

/* PATH read whole and ahead: the same. */
static void same_both_ways(const char *path)
{
	struct tm_input *a;
	struct tm_diag da;

	tm_diag_init(&da);
	a = tm_input_open(path, &da);
	same_ahead(path, a, &da);
	tm_input_free(a);
	tm_diag_free(&da);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static volatile unsigned sink;
	const char *path = scratch();
	struct tm_input *in;
	struct tm_diag d;
	size_t n = sizeof(first) + size;
	uint8_t *buf;
	FILE *f;

	if (size > (1u << 20) || (size && data[0] != 0x0a))
		return 0;
	if (!(buf = malloc(n)))
		return 0;
	memcpy(buf, first, sizeof(first));
	if (size)
		memcpy(buf + sizeof(first), data, size);
	/* a few KB of deflate may not ask for gigabytes */
	tm_decode_set_limit(64u << 20);
	tm_diag_init(&d);
	in = tm_input_open_mem(path, buf, n, &d);
	if (!in) {
		if (!d.error[0] || strchr(d.error, '\n') || strncmp(d.error, path, strlen(path)) != 0)
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
	/* the same from a file, its text written beside */
	if (!(f = fopen(path, "wb")) || fwrite(buf, 1, n, f) != n || fclose(f))
		abort();
	same_ahead(path, in, &d);
	/* gzipped */
	{
		gzFile z = gzopen(path, "wb1");

		if (!z || gzwrite(z, buf, (unsigned)n) != (int)n || gzclose(z) != Z_OK)
			abort();
	}
	same_both_ways(path);
	tm_input_free(in);
	tm_diag_free(&d);
	free(buf);
	return 0;
}
