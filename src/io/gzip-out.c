/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* gzip-out.c - deflating an output into one gzip member (gzip-out.h). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#ifdef TM_HAVE_ISAL
#include <isa-l/igzip_lib.h>
#endif

#include "gzip-out.h"
#include "output.h"
#include "tuning.h"

#define GZ_OUT_BUF ((size_t)TM_OUT_BUFSZ)
#define GZ_CHUNK ((size_t)1 << 30)     /* both count in 32 bits: feed at most this */

struct tm_gz {
	tm_gz_sink sink;
	void *ctx;
	unsigned char *out;     /* GZ_OUT_BUF bytes of compressed output */
	bool zlib;              /* zlib's deflate (else ISA-L's) */
	z_stream zs;
#ifdef TM_HAVE_ISAL
	struct isal_zstream *is;
	unsigned char *level_buf;
#endif
};

bool tm_gz_name(const char *path)
{
	size_t n = path ? strlen(path) : 0;

	return n > 3 && strcmp(path + n - 3, ".gz") == 0;
}

#ifdef TM_HAVE_ISAL
/* ISA-L level 1: about 3 times zlib's level 1 on traces, and smaller. */
static bool isal_start(struct tm_gz *z)
{
	if (!(z->is = malloc(sizeof(*z->is))) || !(z->level_buf = malloc(ISAL_DEF_LVL1_DEFAULT)))
		return false;
	isal_deflate_init(z->is);
	z->is->level = 1;
	z->is->level_buf = z->level_buf;
	z->is->level_buf_size = ISAL_DEF_LVL1_DEFAULT;
	z->is->gzip_flag = IGZIP_GZIP;
	return true;
}
#endif

/* One call of the engine on the *AVAIL bytes at *IN (END: the last of the
 * stream), its output into z->out: *IN and *AVAIL moved past what it took,
 * *MADE the bytes it wrote, *ENDED whether the stream's end is written.
 * 0, or EIO. */
static int deflate_step(struct tm_gz *z, const char **in, uint32_t *avail, bool end,
			size_t *made, bool *ended)
{
	int ret;
#ifdef TM_HAVE_ISAL
	struct isal_zstream *is = z->is;

	if (!z->zlib) {
		is->next_in = (uint8_t *)*in;
		is->avail_in = *avail;
		is->end_of_stream = end;
		is->next_out = z->out;
		is->avail_out = (uint32_t)GZ_OUT_BUF;
		if (isal_deflate(is) != COMP_OK)
			return EIO;
		*in = (const char *)is->next_in;
		*avail = is->avail_in;
		*made = GZ_OUT_BUF - is->avail_out;
		*ended = is->internal_state.state == ZSTATE_END;
		return 0;
	}
#endif
	/* zlib level 1 (the reference path, or no ISA-L) */
	z->zs.next_in = (Bytef *)*in;
	z->zs.avail_in = (uInt)*avail;
	z->zs.next_out = z->out;
	z->zs.avail_out = (uInt)GZ_OUT_BUF;
	ret = deflate(&z->zs, end ? Z_FINISH : Z_NO_FLUSH);
	if (ret == Z_STREAM_ERROR)
		return EIO;
	*in = (const char *)z->zs.next_in;
	*avail = (uint32_t)z->zs.avail_in;
	*made = GZ_OUT_BUF - z->zs.avail_out;
	*ended = ret == Z_STREAM_END;
	return 0;
}

/* Deflate N bytes at P (FINISH: to the end of the stream), fed to the
 * engine GZ_CHUNK at most at a time, its output to the sink. */
static int deflate_run(struct tm_gz *z, const char *p, size_t n, bool finish)
{
	uint32_t avail = 0;

	for (;;) {
		size_t made;
		bool ended;
		int e;

		if (avail == 0) {
			avail = (uint32_t)(n < GZ_CHUNK ? n : GZ_CHUNK);
			n -= avail;
		}
		if ((e = deflate_step(z, &p, &avail, finish && n == 0, &made, &ended)) ||
		    (made && (e = z->sink(z->ctx, (char *)z->out, made))))
			return e;
		if (finish ? ended : avail == 0 && n == 0 && made < GZ_OUT_BUF)
			return 0;
	}
}

struct tm_gz *tm_gz_new(tm_gz_sink sink, void *ctx)
{
	struct tm_gz *z = calloc(1, sizeof(*z));

	if (!z || !(z->out = malloc(GZ_OUT_BUF)))
		goto fail;
	z->sink = sink;
	z->ctx = ctx;
	z->zlib = true;
#ifdef TM_HAVE_ISAL
	if (!tm_tuning_reference()) {
		if (!isal_start(z))
			goto fail;
		z->zlib = false;
		return z;
	}
#endif
	/* gzip wrapper (15 + 16), level 1, default memory */
	if (deflateInit2(&z->zs, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
		z->zlib = false;
		goto fail;
	}
	return z;
fail:
	tm_gz_free(z);
	return NULL;
}

int tm_gz_write(struct tm_gz *z, const char *p, size_t n)
{
	return n ? deflate_run(z, p, n, false) : 0;
}

int tm_gz_finish(struct tm_gz *z)
{
	return deflate_run(z, "", 0, true);
}

void tm_gz_free(struct tm_gz *z)
{
	if (!z)
		return;
	if (z->zlib)
		deflateEnd(&z->zs);
#ifdef TM_HAVE_ISAL
	free(z->is);
	free(z->level_buf);
#endif
	free(z->out);
	free(z);
}
