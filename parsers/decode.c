/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode.c - byte decoders and text sniffing used by the input module:
 * buffers that grow without copying, zlib, (multi-member) gzip and zstd
 * decompression with an output cap, base64, a progressive line counter, and the tests
 * that tell ftrace text, JSON and the systrace dump blocks apart.
 * See decode.h.
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>
#ifdef TM_HAVE_ISAL
#include <isa-l/igzip_lib.h>
#endif

#include "decode.h"
#include "grow.h"
#include "perfetto.h"
#include "trace-dat.h"
#include "tuning.h"

#define Z_CHUNK_MAX (1u << 30)  /* zlib counts in uInt: feed at most this */

static size_t decode_limit = SIZE_MAX;

void tm_decode_set_limit(size_t limit)
{
	decode_limit = limit ? limit : SIZE_MAX;
}

size_t tm_decode_limit(void)
{
	return decode_limit;
}

size_t tm_decode_ratio_cap(size_t n)
{
	return n > TM_DECODE_FLOOR / TM_DECODE_RATIO ?
	       (n > SIZE_MAX / TM_DECODE_RATIO ? SIZE_MAX : n * TM_DECODE_RATIO) : TM_DECODE_FLOOR;
}

size_t tm_decode_cap(size_t n)
{
	return decode_limit != SIZE_MAX ? decode_limit : tm_decode_ratio_cap(n);
}

/* ---- inflate ------------------------------------------------------------ */

int tm_decode_is_gzip(const void *p, size_t len)
{
	const unsigned char *b = p;

	return len >= 2 && b[0] == 0x1f && b[1] == 0x8b;
}

/* RFC 1950 header: deflate method, window <= 32K, check bits. */
int tm_decode_is_zlib(const void *p, size_t len)
{
	const unsigned char *b = p;

	return len >= 2 && (b[0] & 0x0f) == 8 && (b[0] >> 4) <= 7 &&
	       ((b[0] << 8) | b[1]) % 31 == 0;
}

struct zout {
	char *buf;
	size_t len, cap, limit;
	int err;                /* errno of a failed allocation */
	bool head_checked;      /* the first TM_NUL_HEAD bytes were looked at */
	size_t nul_at;          /* where a NUL byte was found in them */
	/* inflating for a reader on another thread (tm_decode_gunzip_grow):
	 * BUF grows in place, and is handed over a step at a time in PUB */
	struct tm_grow *pub;
	size_t final;           /* bytes of BUF made final in PUB */
	size_t skip;            /* zlib after ISA-L: bytes below SKIP are
				 * ISA-L output made final, not written again
				 * (made into SINK) */
	char *sink;
	/* inflating for a reader: the engine's output window (but where the
	 * sink is), written into BUF after each call (tm_big_fixed_write);
	 * NULL: into BUF itself */
	char *stage;
	const bool *stop;       /* the reader gave up (atomic) */
	const char *engine;     /* "isa-l" or "zlib" (tm_decode_grow_hook) */
};

int (*tm_decode_grow_hook)(const char *engine, size_t len);

#define GROW_STEP ((size_t)1 << 20)    /* output per engine call, published */
#define SINK_SIZE ((size_t)1 << 16)

/*
 * Is the output binary, judged on its first bytes (once TM_NUL_HEAD are
 * there, or at the end)?  Every format read from compressed data is text,
 * but for a trace.dat, a Perfetto trace, gzip (inflated again) and compressed atrace (binary
 * after its "TRACE:" line): a NUL byte in the head refuses the rest at
 * once, before a stream of zeros fills the disk.  (A binary format read
 * from gzip one day must be recognised here.)
 */
static bool head_binary(struct zout *o, bool end)
{
	long nul;

	if (o->head_checked || (!end && o->len < TM_NUL_HEAD))
		return false;
	o->head_checked = true;
	if (tm_is_tracedat(o->buf, o->len) || tm_decode_is_gzip(o->buf, o->len) ||
	    tm_is_perfetto(o->buf, o->len))
		return false;
	nul = tm_text_nul_in_head(o->buf, o->len);
	o->nul_at = nul >= 0 ? (size_t)nul : 0;
	/* compressed atrace: text, then zlib data after its "TRACE:" line */
	return nul >= 0 && !memmem(o->buf, (size_t)nul, "TRACE:", 6);
}

static int zout_grow(struct zout *o, size_t in_len)
{
	size_t ncap;
	char *nb;

	if (o->cap >= o->limit)
		return TM_Z_LIMIT;
	if (o->cap) {
		nb = o->pub ? tm_big_fixed_grow(o->buf, &o->cap, o->limit)
			    : tm_big_grow(o->buf, &o->cap, o->limit);
	} else {
		ncap = in_len < (SIZE_MAX - 65536) / 4 ? in_len * 4 + 65536 : SIZE_MAX;
		if (ncap > o->limit)
			ncap = o->limit;
		if ((nb = o->pub ? tm_big_fixed_resize(o->buf, 0, ncap) : tm_big_alloc(ncap)))
			o->cap = ncap;
	}
	if (!nb) {
		o->err = errno;
		return TM_Z_NOMEM;
	}
	o->buf = nb;
	return TM_Z_OK;
}

static size_t min_size(size_t a, size_t b)
{
	return a < b ? a : b;
}

/* Inflating for a reader: the bytes written since the last call made
 * final (published to their last cut byte, grow.h); TM_Z_STOPPED when the
 * reader gave up. */
static int zout_publish(struct zout *o)
{
	if (__atomic_load_n(o->stop, __ATOMIC_RELAXED))
		return TM_Z_STOPPED;
	if (tm_decode_grow_hook && tm_decode_grow_hook(o->engine, o->len))
		return TM_Z_CORRUPT;
	/* (not before the head was judged, nor where ISA-L's final output is
	 * made again) */
	if (!o->head_checked || o->len <= o->final)
		return TM_Z_OK;
	o->final = o->len;
	tm_grow_publish(o->pub, o->final);
	return TM_Z_OK;
}

/* Before an engine's call: O grown when it is full, and its next window:
 * the input after POS (of LEN) when the engine has used its own up
 * (*AVAIL_IN 0), and the room left in O (a step of it, or the sink, when
 * inflating for a reader). */
static int next_window(struct zout *o, size_t len, size_t pos, unsigned char **next_out,
		       unsigned *avail_in, unsigned *avail_out)
{
	int ret;

	if (*avail_in == 0)
		*avail_in = (unsigned)min_size(len - pos, Z_CHUNK_MAX);
	if (o->pub && (ret = zout_publish(o)) != TM_Z_OK)
		return ret;
	if (o->len < o->skip) {
		*next_out = (unsigned char *)o->sink;
		*avail_out = (unsigned)min_size(o->skip - o->len, SINK_SIZE);
		return TM_Z_OK;
	}
	if (o->len == o->cap && (ret = zout_grow(o, len)) != TM_Z_OK)
		return ret;
	*next_out = (unsigned char *)(o->stage ? o->stage : o->buf + o->len);
	*avail_out = (unsigned)min_size(o->cap - o->len, o->pub ? GROW_STEP : Z_CHUNK_MAX);
	return TM_Z_OK;
}

/* After an engine's call that made N bytes in the window next_window()
 * gave: they are O's (written from the stage into the buffer; made into
 * the sink below O->skip, they are not kept).  TM_Z_OK, or TM_Z_NOMEM
 * (O->err set) when they cannot be written. */
static int zout_took(struct zout *o, size_t n)
{
	if (o->stage && o->len >= o->skip && n &&
	    tm_big_fixed_write(o->buf, o->len, o->stage, n)) {
		o->err = errno;
		return TM_Z_NOMEM;
	}
	o->len += n;
	return TM_Z_OK;
}

/* zlib: run inflate until the end of the current stream. */
static int zlib_stream(z_stream *zs, const unsigned char *src, size_t len,
		       struct zout *o, const char **msg)
{
	for (;;) {
		uInt before;
		int ret = next_window(o, len, (size_t)(zs->next_in - src), &zs->next_out,
				      &zs->avail_in, &zs->avail_out);

		if (ret)
			return ret;
		before = zs->avail_out;
		ret = inflate(zs, Z_NO_FLUSH);
		if (zout_took(o, before - zs->avail_out))
			return TM_Z_NOMEM;
		if (head_binary(o, ret == Z_STREAM_END))
			return TM_Z_BINARY;
		switch (ret) {
		case Z_STREAM_END:
			return TM_Z_OK;
		case Z_OK:
			break;
		case Z_BUF_ERROR:
			if (zs->avail_in == 0 && (size_t)(zs->next_in - src) == len)
				return TM_Z_TRUNCATED;
			if (zs->avail_out != 0 && zs->avail_in != 0)
				return TM_Z_CORRUPT;  /* no progress possible */
			break;
		case Z_MEM_ERROR:
			return TM_Z_NOMEM;
		case Z_NEED_DICT:
			*msg = "needs a preset dictionary";
			return TM_Z_CORRUPT;
		default:
			*msg = zs->msg;
			return TM_Z_CORRUPT;
		}
	}
}

static int all_zero(const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

/* After a stream that ended at POS of S (LEN bytes): 1 when another gzip
 * member follows, else 0 with the bytes after it counted in z->trailing
 * (zero padding after gzip is not), or TM_Z_TRUNCATED (negative) when the
 * input ends inside a gzip magic. */
static int next_member(const unsigned char *s, size_t len, size_t pos, int gzip,
		       struct tm_inflated *z)
{
	z->used = pos;
	if (pos == len)
		return 0;
	if (gzip && tm_decode_is_gzip(s + pos, len - pos))
		return 1;
	if (gzip && len - pos == 1 && s[pos] == 0x1f) {
		z->err_off = len;
		return -TM_Z_TRUNCATED;
	}
	if (!gzip || !all_zero(s + pos, len - pos))
		z->trailing = len - pos;
	return 0;
}

/* Inflate with zlib into O: every gzip member (GZIP), or one zlib stream. */
static int zlib_all(const unsigned char *s, size_t len, int gzip, struct zout *o,
		    struct tm_inflated *z)
{
	z_stream zs;
	int ret, next;

	memset(&zs, 0, sizeof(zs));
	o->engine = "zlib";
	if (inflateInit2(&zs, gzip ? 15 + 16 : 15) != Z_OK)
		return TM_Z_NOMEM;
	zs.next_in = (unsigned char *)s;
	for (;;) {
		ret = zlib_stream(&zs, s, len, o, &z->msg);
		if (ret) {
			z->err_off = ret == TM_Z_TRUNCATED ? len : (size_t)(zs.next_in - s);
			break;
		}
		next = next_member(s, len, (size_t)(zs.next_in - s), gzip, z);
		if (next <= 0) {
			ret = -next;
			break;
		}
		inflateReset(&zs);     /* next gzip member */
	}
	inflateEnd(&zs);
	return ret;
}

#ifdef TM_HAVE_ISAL
/*
 * ISA-L's inflate (2 to 3 times zlib's speed on traces) for the bytes that
 * inflate without a fault.  It is never the one to judge bad data: any
 * failure sends the whole input to zlib again (inflate_all), so errors,
 * their byte offsets and limits are zlib's, whichever is installed.  Where
 * ISA-L is laxer than zlib (isal_member_bad) the member is checked here
 * and counted as a failure.
 */
static int isal_stream(struct inflate_state *st, const unsigned char *src, size_t len,
		       struct zout *o)
{
	for (;;) {
		uint32_t before;
		bool end;
		int ret = next_window(o, len, (size_t)(st->next_in - src), &st->next_out,
				      &st->avail_in, &st->avail_out);

		if (ret)
			return ret;
		before = st->avail_out;
		if (isal_inflate(st) != ISAL_DECOMP_OK)
			return TM_Z_CORRUPT;
		if (zout_took(o, before - st->avail_out))
			return TM_Z_NOMEM;
		end = st->block_state == ISAL_BLOCK_FINISH;
		if (head_binary(o, end))
			return TM_Z_BINARY;
		if (end)
			return TM_Z_OK;
		if (st->avail_out != 0 && st->avail_in != 0)
			return TM_Z_CORRUPT;    /* no progress possible */
		if (st->avail_out != 0 && (size_t)(st->next_in - src) == len)
			return TM_Z_TRUNCATED;
	}
}

/* Headers ISA-L reads and zlib refuses: a gzip member's reserved flag
 * bits set ("unknown header flags set"), a zlib window over 32 KiB
 * ("invalid window size"). */
static bool isal_member_bad(const unsigned char *member, int gzip)
{
	return gzip ? (member[3] & 0xe0) != 0 : (member[0] >> 4) > 7;
}

static int isal_all(const unsigned char *s, size_t len, int gzip, struct zout *o,
		    struct tm_inflated *z)
{
	struct inflate_state *st = malloc(sizeof(*st));
	size_t member = 0;
	int ret, next;

	if (!st)
		return TM_Z_NOMEM;
	o->engine = "isa-l";
	isal_inflate_init(st);
	st->crc_flag = gzip ? ISAL_GZIP : ISAL_ZLIB;
	st->next_in = (uint8_t *)s;
	for (;;) {
		size_t pos;

		ret = isal_stream(st, s, len, o);
		pos = (size_t)(st->next_in - s);
		if (!ret && isal_member_bad(s + member, gzip))
			ret = TM_Z_CORRUPT;
		if (ret)
			break;
		next = next_member(s, len, pos, gzip, z);
		if (next <= 0) {
			ret = -next;
			break;
		}
		member = pos;
		isal_inflate_reset(st);
		st->crc_flag = ISAL_GZIP;
		st->next_in = (uint8_t *)s + pos;
	}
	free(st);
	return ret;
}
#endif

const char *tm_decode_engine(void)
{
#ifdef TM_HAVE_ISAL
	if (!tm_tuning_reference())
		return "isa-l";
#endif
	return "zlib";
}

/* Give back the room not used (to $TMPDIR). */
static void zout_trim(struct zout *o)
{
	char *nb;

	if (o->len && o->len < o->cap && (nb = tm_big_resize(o->buf, o->cap, o->len))) {
		o->buf = nb;
		o->cap = o->len;
	}
}

/* Hand O's output to Z (ERR 0), or note why not in Z and free it;
 * returns ERR.  A buffer read by another thread (O->pub) is the caller's:
 * not freed nor trimmed, its reader told where it ends (on an error: at
 * what is published, tm_grow_stop). */
static int zout_finish(struct zout *o, int err, struct tm_inflated *z)
{
	if (err) {
		z->err = o->err;
		z->nul_at = o->nul_at;
	}
	if (!o->pub) {
		if (err) {
			tm_big_free(o->buf, o->cap);
			return err;
		}
		zout_trim(o);
	}
	z->data = o->buf;
	z->len = err ? 0 : o->len;
	z->cap = o->cap;
	if (o->pub && err)
		tm_grow_stop(o->pub);
	else if (o->pub)
		tm_grow_end(o->pub, o->len);
	return err;
}

#ifdef TM_HAVE_ISAL
/* O made ready for zlib after ISA-L failed: from the start again, but
 * what was made final stays as it is (the reader may be reading it): zlib
 * makes those bytes again into a sink (they are the same: the stream's). */
static void zout_restart(struct zout *o, char *sink)
{
	if (o->pub) {
		o->skip = o->final;
		o->sink = sink;
	} else {
		tm_big_free(o->buf, o->cap);
		o->buf = NULL;
		o->cap = 0;
	}
	o->len = 0;
	o->err = 0;
	o->head_checked = false;
	o->nul_at = 0;
}
#endif

static int inflate_all(const void *src, size_t len, int gzip, struct zout *o,
		       struct tm_inflated *z)
{
	int ret;
#ifdef TM_HAVE_ISAL
	char sink[SINK_SIZE];   /* (zlib's, after ISA-L: zout_restart) */
#endif

	memset(z, 0, sizeof(*z));
	z->limit = o->limit;
#ifdef TM_HAVE_ISAL
	if (!tm_tuning_reference()) {
		ret = isal_all(src, len, gzip, o, z);
		if (!ret || ret == TM_Z_STOPPED)
			return zout_finish(o, ret, z);
		/* bad data (or no room): zlib says what and where */
		zout_restart(o, sink);
		memset(z, 0, sizeof(*z));
		z->limit = o->limit;
	}
#endif
	ret = zlib_all(src, len, gzip, o, z);
	return zout_finish(o, ret, z);
}

int tm_decode_gunzip(const void *src, size_t len, size_t limit, struct tm_inflated *z)
{
	struct zout o = { .limit = limit };

	return inflate_all(src, len, 1, &o, z);
}

/* tm_decode_gunzip_grow() or (GZIP 0) tm_decode_zlib_grow(). */
static int inflate_grow(const void *src, size_t len, int gzip, size_t limit, char *buf,
			struct tm_grow *g, const bool *stop, struct tm_inflated *z)
{
	struct zout o = { .limit = limit, .buf = buf, .pub = g, .stop = stop };
	int ret;

	/* (without it, still correct: the engine writes into BUF itself) */
	o.stage = malloc(GROW_STEP);
	ret = inflate_all(src, len, gzip, &o, z);
	free(o.stage);
	return ret;
}

int tm_decode_gunzip_grow(const void *src, size_t len, size_t limit, char *buf,
			  struct tm_grow *g, const bool *stop, struct tm_inflated *z)
{
	return inflate_grow(src, len, 1, limit, buf, g, stop, z);
}

int tm_decode_zlib_grow(const void *src, size_t len, size_t limit, char *buf,
			struct tm_grow *g, const bool *stop, struct tm_inflated *z)
{
	return inflate_grow(src, len, 0, limit, buf, g, stop, z);
}

int tm_decode_zlib(const void *src, size_t len, size_t limit,
		    struct tm_inflated *z)
{
	struct zout o = { .limit = limit };

	return inflate_all(src, len, 0, &o, z);
}

/* One step of zstd decompression into O (grown when full): -1 when more
 * input or output may come, TM_Z_OK when the input is used up at a frame's
 * end, else a TM_Z_* error (*MSG: zstd's reason). */
static int zstd_step(ZSTD_DCtx *dc, ZSTD_inBuffer *ib, struct zout *o, const char **msg)
{
	ZSTD_outBuffer ob;
	size_t hint;
	int ret;

	if (o->len == o->cap && (ret = zout_grow(o, ib->size)))
		return ret;
	ob = (ZSTD_outBuffer){ o->buf + o->len, o->cap - o->len, 0 };
	hint = ZSTD_decompressStream(dc, &ob, ib);
	o->len += ob.pos;
	if (ZSTD_isError(hint)) {
		*msg = ZSTD_getErrorName(hint);
		return TM_Z_CORRUPT;
	}
	if (head_binary(o, hint == 0 && ib->pos == ib->size))
		return TM_Z_BINARY;
	if (ib->pos < ib->size || ob.pos == ob.size)
		return -1;              /* more input, or output may be pending */
	return hint == 0 ? TM_Z_OK : TM_Z_TRUNCATED;
}

int tm_decode_zstd(const void *src, size_t len, size_t limit, struct tm_inflated *z)
{
	struct zout o = { .limit = limit };
	ZSTD_inBuffer ib = { src, len, 0 };
	ZSTD_DCtx *dc;
	int ret = len ? -1 : TM_Z_TRUNCATED;

	memset(z, 0, sizeof(*z));
	z->limit = limit;
	if (!(dc = ZSTD_createDCtx()))
		return TM_Z_NOMEM;
	while (ret < 0)
		ret = zstd_step(dc, &ib, &o, &z->msg);
	ZSTD_freeDCtx(dc);
	if (ret == TM_Z_OK)
		z->used = len;
	else
		z->err_off = ret == TM_Z_TRUNCATED ? len : ib.pos;
	return zout_finish(&o, ret, z);
}

void tm_decode_zerr_text(int err, const struct tm_inflated *z, int gzip,
		  size_t limit, char *buf, size_t size)
{
	const char *what = gzip == TM_ZK_ZSTD ? "zstd" : gzip ? "gzip" : "zlib";

	switch (err) {
	case TM_Z_TRUNCATED:
		snprintf(buf, size, "truncated %s stream", what);
		break;
	case TM_Z_CORRUPT:
		snprintf(buf, size, "corrupt %s stream (%s)", what,
			 z->msg ? z->msg : "invalid data");
		break;
	case TM_Z_LIMIT:
		if (decode_limit != SIZE_MAX)
			snprintf(buf, size, "%s data inflates past %zu bytes, the limit set "
				 "(--max-decompressed)", what, z->limit ? z->limit : limit);
		else
			snprintf(buf, size, "%s data inflates past %zu bytes: refused as a "
				 "decompression bomb (the limit is %d times the compressed size, at "
				 "least 1 GiB; --max-decompressed SIZE raises it)", what,
				 z->limit ? z->limit : limit, TM_DECODE_RATIO);
		break;
	case TM_Z_BINARY:
		snprintf(buf, size, "%s data is binary (a NUL byte at byte %zu of it), not a "
			 "trace: the rest was not inflated", what, z->nul_at);
		break;
	case TM_Z_NOMEM: {
		char why[300];

		snprintf(buf, size, "inflating the %s stream: %s", what,
			 tm_big_why(z->err, why, sizeof(why)));
		break;
	}
	default:
		snprintf(buf, size, "%s stream error %d", what, err);
		break;
	}
}

/* ---- line endings -------------------------------------------------------- */

char *tm_decode_undo_eol(const char *p, size_t len, const char *eol,
		  size_t eol_len, size_t *out_len)
{
	char *o = malloc(len ? len : 1);
	size_t i = 0, n = 0;

	if (!o)
		return NULL;
	while (i < len) {
		const char *cr = memchr(p + i, '\r', len - i);
		size_t span = cr ? (size_t)(cr - p) - i : len - i;

		memcpy(o + n, p + i, span);
		n += span;
		i += span;
		if (!cr)
			break;
		if (len - i >= eol_len && memcmp(p + i, eol, eol_len) == 0) {
			o[n++] = '\n';
			i += eol_len;
		} else {
			o[n++] = p[i++];
		}
	}
	*out_len = n;
	return o;
}

/* ---- base64 ------------------------------------------------------------- */

static int b64_value(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+' || c == '-')
		return 62;
	if (c == '/' || c == '_')
		return 63;
	return -1;
}

int tm_decode_base64_alphabet_only(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];
		if (b64_value(c) < 0 && c != '=' && !tm_text_is_space(c))
			return 0;
	}
	return 1;
}

/* Emit the bytes of a group of N (2..4) sextets held in ACC. */
static size_t b64_flush(unsigned long acc, int n, unsigned char *o)
{
	acc <<= 6 * (4 - n);
	o[0] = acc >> 16;
	if (n > 2)
		o[1] = acc >> 8;
	if (n > 3)
		o[2] = acc;
	return n - 1;
}

int tm_decode_base64(const char *s, size_t len, char **out, size_t *outlen,
		     size_t *bad_off)
{
	unsigned char *o = malloc(len / 4 * 3 + 3);
	unsigned long acc = 0;
	size_t n = 0, pad_at = 0;
	int group = 0, pad = 0;

	if (!o)
		return -2;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];
		int v;

		if (tm_text_is_space(c))
			continue;
		if (c == '=') {
			if (group < 2 || group + pad >= 4)
				goto bad_at_i;
			if (!pad)
				pad_at = i;
			pad++;
			continue;
		}
		v = b64_value(c);
		if (v < 0 || pad)
			goto bad_at_i;
		acc = (acc << 6) | (unsigned)v;
		if (++group == 4) {
			n += b64_flush(acc, 4, o + n);
			acc = 0;
			group = 0;
		}
		continue;
bad_at_i:
		*bad_off = i;
		free(o);
		return -1;
	}
	if (group == 1 || (pad && group + pad != 4)) {
		*bad_off = pad ? pad_at : len;
		free(o);
		return -1;
	}
	if (group)
		n += b64_flush(acc, group, o + n);
	*out = (char *)o;
	*outlen = n;
	return 0;
}
