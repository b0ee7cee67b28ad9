/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz_inflate.c - libFuzzer target comparing the two inflate engines of
 * parsers/decode.c: ISA-L's (where built with it) and zlib's (the
 * reference path) must give the same result for any bytes: the same
 * status, output bytes, bytes used and trailing, error offset and message.
 * The first byte chooses: bit 0 zlib (else gzip); bit 1: the rest is
 * gzip-compressed here first (a valid stream, which the mutations then
 * damage through byte 1: its value XORed into the byte at byte 2's
 * offset), else it is the stream itself.
 * Both are also inflated as for a reader on another thread
 * (tm_decode_gunzip_grow, tm_decode_zlib_grow, ISA-L's engine): the same
 * result, the span ended at the output's length, or on an error after its
 * cut byte: '\n', or with bit 2 of the first byte '}' (a JSON reader's,
 * grow.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "tracemerge/session.h"
#include "decode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run(bool reference, const void *p, size_t n, int gzip, struct tm_inflated *z)
{
	tm_tuning_set(&(struct tm_tuning){ .reference = reference });
	return gzip ? tm_decode_gunzip(p, n, 16u << 20, z) : tm_decode_zlib(p, n, 16u << 20, z);
}

/* tm_decode_gunzip_grow() (GZIP 0: tm_decode_zlib_grow()) of P, N, the
 * span cut after CUT, gives what tm_decode_gunzip() (tm_decode_zlib())
 * gave (RA, A). */
static void check_grow(const void *p, size_t n, int gzip, char cut, int ra,
		       const struct tm_inflated *a)
{
	char *buf = tm_big_fixed_alloc(16u << 20);
	struct tm_inflated g;
	struct tm_grow sp;
	bool stop = false, done;
	size_t ready;
	int rg;

	if (!buf)
		abort();
	tm_grow_init(&sp, buf);
	tm_grow_set_cut(&sp, cut);
	tm_tuning_set(&(struct tm_tuning){ .reference = false });
	rg = (gzip ? tm_decode_gunzip_grow : tm_decode_zlib_grow)(p, n, 16u << 20, buf, &sp,
								  &stop, &g);
	ready = tm_grow_ready(&sp, &done);
	if (rg != ra || !done || g.used != a->used || g.trailing != a->trailing ||
	    g.err_off != a->err_off || g.nul_at != a->nul_at || (!g.msg) != (!a->msg) ||
	    (g.msg && strcmp(g.msg, a->msg)))
		abort();
	if (!rg && (ready != a->len || g.len != a->len || (a->len && memcmp(buf, a->data, a->len))))
		abort();
	if (rg && ready && buf[ready - 1] != cut)
		abort();
	tm_grow_destroy(&sp);
	tm_big_fixed_free(buf);
}

/* BUF: SRC compressed as gzip (zlib: a zlib stream), one byte damaged. */
static size_t compress_damaged(const uint8_t *src, size_t n, int gzip, uint8_t x, uint8_t at,
			       uint8_t *buf, size_t cap)
{
	z_stream zs;
	size_t len;

	memset(&zs, 0, sizeof(zs));
	if (deflateInit2(&zs, 6, Z_DEFLATED, gzip ? 31 : 15, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		abort();
	zs.next_in = (Bytef *)src;
	zs.avail_in = (uInt)n;
	zs.next_out = buf;
	zs.avail_out = (uInt)cap;
	if (deflate(&zs, Z_FINISH) != Z_STREAM_END)
		abort();
	len = zs.total_out;
	deflateEnd(&zs);
	buf[at % len] ^= x;
	return len;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tm_inflated a, b;
	uint8_t *buf = NULL;
	const void *p;
	size_t n;
	int gzip, ra, rb;

	if (size < 3 || size > (1u << 20))
		return 0;
	gzip = !(data[0] & 1);
	if (data[0] & 2) {
		size_t cap = compressBound(size) + 64;

		buf = malloc(cap);
		n = compress_damaged(data + 3, size - 3, gzip, data[1], data[2], buf, cap);
		p = buf;
	} else {
		p = data + 1;
		n = size - 1;
	}
	ra = run(true, p, n, gzip, &a);
	rb = run(false, p, n, gzip, &b);
	if (ra != rb || a.len != b.len || a.used != b.used || a.trailing != b.trailing ||
	    a.err_off != b.err_off || a.nul_at != b.nul_at || (!a.msg) != (!b.msg) ||
	    (a.msg && strcmp(a.msg, b.msg)) || (a.len && memcmp(a.data, b.data, a.len)))
		abort();
	check_grow(p, n, gzip, data[0] & 4 ? '}' : '\n', ra, &a);
	tm_big_free(a.data, a.cap);
	tm_big_free(b.data, b.cap);
	tm_tuning_set(NULL);
	free(buf);
	return 0;
}
