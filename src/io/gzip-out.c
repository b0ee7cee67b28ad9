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

/* Deflate N bytes at P (FINISH: to the end of the stream). */
static int isal_run(struct tm_gz *z, const char *p, size_t n, bool finish)
{
	struct isal_zstream *s = z->is;

	s->next_in = (uint8_t *)p;
	s->avail_in = 0;
	for (;;) {
		int e;

		if (s->avail_in == 0) {
			s->avail_in = (uint32_t)(n < GZ_CHUNK ? n : GZ_CHUNK);
			n -= s->avail_in;
		}
		s->end_of_stream = finish && n == 0;
		s->next_out = z->out;
		s->avail_out = (uint32_t)GZ_OUT_BUF;
		if (isal_deflate(s) != COMP_OK)
			return EIO;
		if (s->avail_out < GZ_OUT_BUF && (e = z->sink(z->ctx, (char *)z->out,
							      GZ_OUT_BUF - s->avail_out)))
			return e;
		if (finish ? s->internal_state.state == ZSTATE_END
			   : s->avail_in == 0 && n == 0 && s->avail_out != 0)
			return 0;
	}
}
#endif

/* zlib level 1 (the reference path, or no ISA-L). */
static int zlib_run(struct tm_gz *z, const char *p, size_t n, bool finish)
{
	z_stream *s = &z->zs;

	s->next_in = (Bytef *)p;
	s->avail_in = 0;
	for (;;) {
		int ret, e;

		if (s->avail_in == 0) {
			s->avail_in = (uInt)(n < GZ_CHUNK ? n : GZ_CHUNK);
			n -= s->avail_in;
		}
		s->next_out = z->out;
		s->avail_out = (uInt)GZ_OUT_BUF;
		ret = deflate(s, finish && n == 0 ? Z_FINISH : Z_NO_FLUSH);
		if (ret == Z_STREAM_ERROR)
			return EIO;
		if (s->avail_out < GZ_OUT_BUF && (e = z->sink(z->ctx, (char *)z->out,
							      GZ_OUT_BUF - s->avail_out)))
			return e;
		if (finish ? ret == Z_STREAM_END : s->avail_in == 0 && n == 0 && s->avail_out != 0)
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
	if (!n)
		return 0;
#ifdef TM_HAVE_ISAL
	if (!z->zlib)
		return isal_run(z, p, n, false);
#endif
	return zlib_run(z, p, n, false);
}

int tm_gz_finish(struct tm_gz *z)
{
#ifdef TM_HAVE_ISAL
	if (!z->zlib)
		return isal_run(z, "", 0, true);
#endif
	return zlib_run(z, "", 0, true);
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
