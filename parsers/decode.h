/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * decode.h - private helpers of the input module (parsers/input.c,
 * parsers/html.c, parsers/decode.c).
 *
 * Three parts:
 *  - byte decoders that know nothing about inputs: zlib/gzip inflate with
 *    its limit (ISA-L's where built with it, zlib's otherwise), line endings undone, base64 (decode.c, tm_decode_*), JS
 *    string literals (js-string.c); the scratch-backed buffers they fill are
 *    src/base/big-buffer.h, the text sniffing parsers/text-scan.h;
 *  - the readers of containers: systrace HTML (html.c, walked by
 *    html-scan.h), Trace Event JSON
 *    with systemTraceEvents (input-json.c);
 *  - the part of struct tm_input that input.c shares with html.c (the
 *    "input-local" interface: add a block, own a buffer, report an error).
 * Nothing here is public API.
 */
#ifndef TM_PARSERS_DECODE_H
#define TM_PARSERS_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tracemerge/browser.h"
#include "tracemerge/input.h"

#include "big-buffer.h"
#include "grow.h"
#include "text-scan.h"

/* ---- inflate (decode.c) ------------------------------------------------ */

enum tm_zerr {
	TM_Z_OK = 0,
	TM_Z_TRUNCATED,         /* input ended inside the stream */
	TM_Z_CORRUPT,           /* invalid deflate data or header/checksum */
	TM_Z_NOMEM,
	TM_Z_LIMIT,             /* output would exceed the caller's limit */
	TM_Z_BINARY,            /* the output's first bytes are binary: a NUL byte
				 * (not a trace.dat or gzip), seen before the
				 * rest is inflated */
	TM_Z_STOPPED,           /* tm_decode_gunzip_grow: the reader gave up */
};

struct tm_inflated {
	char *data;             /* output, a tm_big_alloc() buffer of cap bytes */
	size_t len, cap;
	size_t used;            /* input bytes that belonged to the stream(s) */
	size_t trailing;        /* non-zero bytes after the last stream */
	size_t err_off;         /* on error: input offset where it was seen */
	int err;                /* on TM_Z_NOMEM: the errno (tm_big_why) */
	const char *msg;        /* on TM_Z_CORRUPT: zlib's reason, or NULL */
	size_t limit;           /* the output limit it ran under */
	size_t nul_at;          /* on TM_Z_BINARY: the NUL byte's output offset */
};

/* What a compressed stream is: the GZIP argument of the functions below
 * (0 and 1 as before: zlib, gzip). */
enum tm_zkind { TM_ZK_ZLIB = 0, TM_ZK_GZIP = 1, TM_ZK_ZSTD = 2 };

int tm_decode_is_gzip(const void *p, size_t len);
int tm_decode_is_zlib(const void *p, size_t len);

/* The inflate that tm_decode_gunzip() and tm_decode_zlib() use: "isa-l"
 * (built with TM_HAVE_ISAL, off the tuning's reference path) or "zlib".
 * Both give the same bytes, and the same error at the same byte: ISA-L
 * hands any input it cannot inflate to zlib, which reports it. */
const char *tm_decode_engine(void);
/* Inflate one or more concatenated gzip members (trailing zero padding is
 * accepted, other trailing bytes are counted in ->trailing). */
int tm_decode_gunzip(const void *src, size_t len, size_t limit, struct tm_inflated *z);
/* tm_decode_gunzip() for a reader on another thread: into BUF, a
 * tm_big_fixed_alloc() buffer of room LIMIT, publishing the whole lines
 * inflated in G as they come and ending G at the end (on an error: at the
 * bytes published before it, which are right: ISA-L's output is the
 * stream's up to where it fails, and zlib, which then judges from the
 * start, does not write them again).  *STOP set (atomic) ends it early:
 * TM_Z_STOPPED.  z->data is BUF, whatever the result (the caller frees it
 * once the reader is done). */
int tm_decode_gunzip_grow(const void *src, size_t len, size_t limit, char *buf,
			  struct tm_grow *g, const bool *stop, struct tm_inflated *z);
/* The same for one zlib stream (tm_decode_zlib()). */
int tm_decode_zlib_grow(const void *src, size_t len, size_t limit, char *buf,
			struct tm_grow *g, const bool *stop, struct tm_inflated *z);
/* For tests: called by tm_decode_gunzip_grow() before each step of its
 * engine ("isa-l", "zlib") with the bytes inflated so far (it may sleep,
 * to be slower than the reader); non-zero fails that step as corrupt data
 * (from ISA-L: zlib takes over from the start).  Called too by a Perfetto
 * trace's pass 2 ("perfetto", perfetto.h) after each step it publishes
 * (its value unused).  NULL: none. */
extern int (*tm_decode_grow_hook)(const char *engine, size_t len);
/* Inflate one zlib stream; bytes after its end are counted in ->trailing. */
int tm_decode_zlib(const void *src, size_t len, size_t limit,
		    struct tm_inflated *z);
/* Decompress one or more concatenated zstd frames (RFC 8878); bytes after
 * the last frame are corrupt data (TM_Z_CORRUPT, with zstd's reason), the
 * input ending inside a frame TM_Z_TRUNCATED at err_off = LEN. */
int tm_decode_zstd(const void *src, size_t len, size_t limit, struct tm_inflated *z);
/* "truncated gzip stream", "corrupt zlib stream (invalid ...)", ... (GZIP:
 * an enum tm_zkind) */
void tm_decode_zerr_text(int err, const struct tm_inflated *z, int gzip,
		  size_t limit, char *buf, size_t size);

/* Cap on the bytes all decompression of one input may produce, in place of
 * tm_decode_cap()'s ratio (0: back to the ratio).  `--max-decompressed`
 * sets it; fuzz targets lower it so a small input cannot ask for GBs. */
void tm_decode_set_limit(size_t limit);
size_t tm_decode_limit(void);
/* What N compressed bytes may inflate to: the limit set with
 * tm_decode_set_limit() when one was, else TM_DECODE_RATIO times N but at
 * least TM_DECODE_FLOOR (text traces compress 5 to 20 times; a stream of
 * zeros 1000 times: a decompression bomb). */
#define TM_DECODE_RATIO 100
#define TM_DECODE_FLOOR ((size_t)1 << 30)
size_t tm_decode_cap(size_t n);
/* The same without the limit set: TM_DECODE_RATIO times N, at least
 * TM_DECODE_FLOOR (also a Perfetto trace's text's room where its own
 * cannot be had, perfetto.h). */
size_t tm_decode_ratio_cap(size_t n);

/* Malloc'ed copy of P with every EOL sequence ("\r\n", "\r\r\n") turned
 * into "\n": undoes what an adb pty did to a binary stream. */
char *tm_decode_undo_eol(const char *p, size_t len, const char *eol, size_t eol_len,
		  size_t *out_len);

/* ---- base64 (decode.c) ------------------------------------------------- */

/* True when every byte is a base64 symbol, '=' or ASCII whitespace. */
int tm_decode_base64_alphabet_only(const char *s, size_t len);
/* Decode S (whitespace ignored).  Returns 0, -1 on invalid data (*bad_off =
 * offset of the offending byte), -2 on allocation failure. */
int tm_decode_base64(const char *s, size_t len, char **out, size_t *outlen,
		     size_t *bad_off);

/* ---- input-local interface (input.c) ----------------------------------- */

/* The bytes of IN's kernel text and Trace Event JSON blocks (0 for NULL):
 * what the reading and writing passes walk, for their progress. */
uint64_t tm_input_text_bytes(const struct tm_input *in);

/* One line of what a converter says about its input (`stats`' "source"
 * section): COUNT under KEY, in GROUP ("": at the top level). */
struct tm_source_count {
	char group[32];
	char key[64];
	uint64_t count;
};

struct tm_input {
	char *name;
	enum tm_format format;
	int was_gzip;
	int unmapped;           /* text being split is decompressed data */
	struct tm_diag *d;      /* the caller's diag, during open only */
	size_t budget;          /* bytes decompression may still produce */
	void *map;              /* mmap'ed file, or NULL */
	size_t map_len;
	struct tm_owned {
		void *p;
		size_t big_len; /* 0: malloc'ed, else a tm_big_alloc() length */
		bool fixed;     /* a tm_big_fixed_alloc() buffer */
	} *owned;               /* buffers freed with the input */
	size_t nowned, owned_cap;
	struct tm_block *blocks;
	size_t nblocks, blocks_cap;
	struct tm_browser_counts browser;  /* browser-era formats (browser.c) */
	struct tm_source_count *source;    /* the converter's own report */
	size_t nsource, source_cap;
	uint64_t source_other;             /* counts past TM_MAX_SOURCE lines */
	struct tm_input_job *job;          /* inflating or writing its text beside
					    * the first pass */
	/* the last JSON block with a systemTraceEvents string: block
	 * CHEAP_BLOCK, the string its bytes [CHEAP_AT, CHEAP_AT + CHEAP_LEN)
	 * (CHEAP_LEN 0: none) */
	size_t cheap_block, cheap_at, cheap_len;
};

#define TM_FMT(a, b) __attribute__((format(printf, a, b)))
/* Set the error "NAME: msg", "NAME:LINE: msg" or "NAME: byte N: msg"
 * (LINE/N are said to be in decompressed data when in->unmapped). */
void tm_input_fail(struct tm_input *in, const char *fmt, ...) TM_FMT(2, 3);
void tm_input_fail_line(struct tm_input *in, unsigned long line,
			const char *fmt, ...) TM_FMT(3, 4);
void tm_input_fail_byte(struct tm_input *in, size_t off,
			const char *fmt, ...) TM_FMT(3, 4);

int tm_input_add_block(struct tm_input *in, enum tm_block_kind kind,
		       const char *data, size_t len, unsigned long first_line,
		       const char *origin);
/* The input takes BUF (freed with it; freed at once on failure): a
 * malloc'ed one, or a tm_big_alloc() one of BIG_LEN bytes. */
int tm_input_keep(struct tm_input *in, char *buf);
int tm_input_keep_big(struct tm_input *in, char *buf, size_t big_len);
/* The same for a tm_big_fixed_alloc() buffer. */
int tm_input_keep_fixed(struct tm_input *in, char *buf);
/* Inflate under the input's budget (GZIP: an enum tm_zkind: gzip members,
 * zstd frames, else zlib). */
int tm_input_inflate(struct tm_input *in, int gzip, const char *src,
		     size_t len, struct tm_inflated *z);
/* Set the error of inflate failure ERR (tm_decode_zerr_text): at byte BASE +
 * z->err_off of the input, or (no room, no memory) without a byte.
 * Returns -1. */
int tm_input_zfail(struct tm_input *in, int err, const struct tm_inflated *z,
		   int gzip, size_t base);
/* Add COUNT under KEY of GROUP (NULL: top level) to IN's own report, in
 * the order given; a KEY given again in its GROUP adds to its count.  Past
 * TM_MAX_SOURCE lines the count goes to in->source_other.  0, or -1 out of
 * memory (error set). */
int tm_input_source_add(struct tm_input *in, const char *group, const char *key,
			uint64_t count);
/* Set the error "NAME: WHAT: why" of a big-buffer failure, the reason
 * from errno (tm_big_why); WHAT may be NULL. */
void tm_input_fail_big(struct tm_input *in, const char *what);

/* ---- a gzip input inflated, a Perfetto trace's text written, beside its
 * first pass (input.c) ---------------------------------------------------- */

struct tm_input_job;

/* A thread lent by the opener's caller (src/exec/input-ahead.c) for work
 * beside tm_input_open_begin's own (a Perfetto trace's text buffer made
 * ready during pass 1): start(B, FN, ARG) runs FN(ARG) on it, false when
 * it did not start (nothing runs); join(B) waits for its end. */
struct tm_beside {
	bool (*start)(struct tm_beside *b, void *(*fn)(void *arg), void *arg);
	void (*join)(struct tm_beside *b);
};

/* tm_input_open() in two halves around a gzip input's inflate (or a
 * Perfetto trace's pass 2, which writes its text): NULL with d->error set
 * on failure; else the input, finished when *JOB is NULL, otherwise to be
 * finished by running tm_input_job_run(*JOB) (on a helper thread, told
 * with tm_input_job_started(), or here before) and then
 * tm_input_open_end() (which frees IN and returns NULL with the error set
 * on failure).  Such an input's last block (a Perfetto trace's: its text,
 * the first) may still grow (tm_input_block_grow) until
 * tm_input_settle().  BESIDE (or NULL) lends a thread for the time of the
 * call. */
struct tm_input *tm_input_open_begin(const char *path, struct tm_diag *d,
				     struct tm_input_job **job, struct tm_beside *beside);
/* The whole inflate, or pass 2 (any thread). */
void tm_input_job_run(struct tm_input_job *job);
/* The job runs on a thread: JOIN(CTX) waits for its end (called once). */
void tm_input_job_started(struct tm_input *in, void (*join)(void *ctx), void *ctx);
/* ... and *NEXT, when not NULL, is a job to run as the first was (a
 * gzipped Perfetto trace's pass 2, after its inflate and its pass 1, for
 * which BESIDE, or NULL, lent a thread as to tm_input_open_begin). */
struct tm_input *tm_input_open_end(struct tm_input *in, struct tm_beside *beside,
				   struct tm_input_job **next);
/* The span block I of IN grows in (its data; its len is a part only),
 * or NULL when the block is whole. */
struct tm_grow *tm_input_block_grow(const struct tm_input *in, size_t i);
/* The bytes of block I of IN that a first pass reads at little cost per
 * byte: a JSON block's systemTraceEvents string (the kernel text in it is
 * a block of its own), from *AT on; their number, 0 when there are none.
 * (For the cut of a JSON text between two threads: tm_jscan.) */
size_t tm_input_block_cheap(const struct tm_input *in, size_t i, size_t *at);
/* Wait for the inflate's (pass 2's) end: the growing block's final
 * length set, the inflate's error (as tm_input_open() would have set it)
 * or warning into D.  0, -1 on error (the input stays to be freed).  Nothing to do (0) for
 * an input read whole. */
int tm_input_settle(struct tm_input *in, struct tm_diag *d);

/* ---- Trace Event JSON (input-json.c) ----------------------------------- */

/* Add the JSON block P (after any BOM) and, when its top-level object has
 * a string "systemTraceEvents", a TM_BLOCK_FTRACE block holding it
 * unescaped (a non-string one: counted "json-bad-type" warning). */
int tm_input_json(struct tm_input *in, const char *p, size_t len,
		  const char *origin);
/* The second half of tm_input_json(), for its JSON block BLOCK added
 * already: the systemTraceEvents block (or warning), and where the string
 * lies in BLOCK (tm_input_block_cheap).  0 or -1. */
int tm_input_json_system(struct tm_input *in, size_t block);

/* ---- systrace HTML (html.c, js-string.c) ------------------------------- */

/* Unescape the body of a JS string literal that starts at S (just after
 * the opening QUOTE) into DST, which must hold LEN bytes (output is never
 * longer than input).  Stops at the first unescaped QUOTE: *used is its
 * offset in S and *outlen the bytes written.  Returns -1 (unterminated)
 * when there is none. */
int tm_js_unescape(const char *s, size_t len, char quote, char *dst,
		   size_t *used, size_t *outlen);

/* Recognise the systrace HTML generation of P (set in->format) and split
 * it into blocks: the container met first in the page decides, a
 * container counting only as an element of the page, never as text of a
 * script (html.c).  Returns 0, or -1 with the error set (no trace in the
 * page: what the page holds instead; unterminated string or block, bad
 * base64 or gzip payload: where). */
int tm_html_read(struct tm_input *in, const char *p, size_t len);

#endif
