/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * input.c - open one input and split it into blocks by content.
 *
 * Regular files are mmap'ed read-only (never copied); pipes, stdin ("-")
 * and files that report no size (/proc, /sys) are read into a growing
 * buffer.  The bytes are sniffed, never judged by file name:
 *   1f 8b                      gzip: inflate (all members), sniff inside
 *   noise, "TRACE:" line, zlib  atrace -z: inflate to ftrace text
 *   noise, "TRACE:" line, text  adb shell atrace: the text after the line
 *   '{' or '['                 Speed Tracer, Opera Scope or Performance
 *                              Timeline JSON (converted, see browser.c), or
 *                              Trace Event JSON, one block (+ its
 *                              systemTraceEvents string, see input-json.c)
 *   '<'                        systrace HTML, see html.c
 *   "# tracer", "cpus=N", or an ftrace event line   ftrace text, one block
 *   0x0a, a length, a packet    Perfetto protobuf trace, see perfetto.c
 * Decoders live in decode.c; errors name the file and the line or byte.
 *
 * This file is the input object (its names, blocks, buffers, budget and
 * errors); input-route.c tells what the bytes are and reads them,
 * input-open.c opens a file, an fd or memory, and runs the jobs that write
 * a text beside the first pass (input-int.h: what they share).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "tracemerge/input.h"
#include "tracemerge/stats.h"
#include "decode.h"
#include "input-int.h"

/* ---- names and accessors ------------------------------------------------ */

const char *tm_format_name(enum tm_format f)
{
	switch (f) {
	case TM_FMT_FTRACE:          return "ftrace";
	case TM_FMT_ATRACE_ZLIB:     return "atrace-zlib";
	case TM_FMT_SYSTRACE_LEGACY: return "systrace-html-legacy";
	case TM_FMT_SYSTRACE_MULTI:  return "systrace-html-multi";
	case TM_FMT_TRACE2HTML:      return "trace2html";
	case TM_FMT_JSON:            return "json";
	case TM_FMT_SPEEDTRACER:     return "speed-tracer";
	case TM_FMT_SCOPE:           return "opera-scope";
	case TM_FMT_PERFTIMELINE:    return "performance-timeline";
	case TM_FMT_TRACEDAT:        return "trace.dat";
	case TM_FMT_PERFETTO:        return "perfetto";
	case TM_FMT_UNKNOWN:         break;
	}
	return "unknown";
}

const char *tm_block_kind_name(enum tm_block_kind k)
{
	switch (k) {
	case TM_BLOCK_FTRACE:       return "ftrace";
	case TM_BLOCK_JSON:         return "json";
	case TM_BLOCK_PROCESS_DUMP: return "process-dump";
	case TM_BLOCK_CGROUP_DUMP:  return "cgroup-dump";
	case TM_BLOCK_OTHER:        break;
	}
	return "other";
}

const char *tm_input_name(const struct tm_input *in)
{
	return in ? in->name : NULL;
}

enum tm_format tm_input_format(const struct tm_input *in)
{
	return in ? in->format : TM_FMT_UNKNOWN;
}

int tm_input_was_gzip(const struct tm_input *in)
{
	return in ? in->was_gzip : 0;
}

size_t tm_input_nblocks(const struct tm_input *in)
{
	return in ? in->nblocks : 0;
}

const struct tm_block *tm_input_block(const struct tm_input *in, size_t i)
{
	return in && i < in->nblocks ? &in->blocks[i] : NULL;
}

/* ---- the input object --------------------------------------------------- */

void tm_input_set_decompress_limit(size_t bytes)
{
	tm_decode_set_limit(bytes);
}

struct tm_input *tm_input_alloc(const char *name, struct tm_diag *d)
{
	struct tm_input *in = calloc(1, sizeof(*in));

	if (!in || !(in->name = strdup(name))) {
		free(in);
		tm_diag_error(d, "%s: out of memory", name);
		return NULL;
	}
	in->d = d;
	in->budget = tm_decode_limit();
	return in;
}

static void owned_free(struct tm_owned *o)
{
	if (o->fixed)
		tm_big_fixed_free(o->p);
	else if (o->big_len)
		tm_big_free(o->p, o->big_len);
	else
		free(o->p);
}

void tm_input_free(struct tm_input *in)
{
	if (!in)
		return;
	/* the job first: its thread may still read an owned buffer (a
	 * Perfetto trace's inflated compressed_packets) */
	tm_input_job_free(in->job);
	for (size_t i = 0; i < in->nowned; i++)
		owned_free(&in->owned[i]);
	free(in->owned);
	free(in->blocks);
	free(in->source);
	if (in->map)
		munmap(in->map, in->map_len);
	free(in->name);
	free(in);
}

/* Return IN ready for use, or free it and return NULL after an error. */
struct tm_input *tm_input_finish(struct tm_input *in, int ret)
{
	if (ret) {
		tm_input_free(in);
		return NULL;
	}
	in->d = NULL;
	in->unmapped = 0;
	return in;
}

static int keep(struct tm_input *in, struct tm_owned o)
{
	if (in->nowned == in->owned_cap) {
		size_t cap = in->owned_cap ? in->owned_cap * 2 : 4;
		struct tm_owned *no = reallocarray(in->owned, cap, sizeof(*no));

		if (!no) {
			owned_free(&o);
			tm_input_fail(in, "out of memory");
			return -1;
		}
		in->owned = no;
		in->owned_cap = cap;
	}
	in->owned[in->nowned++] = o;
	return 0;
}

int tm_input_keep(struct tm_input *in, char *buf)
{
	return keep(in, (struct tm_owned){ .p = buf });
}

int tm_input_keep_big(struct tm_input *in, char *buf, size_t big_len)
{
	return keep(in, (struct tm_owned){ .p = buf, .big_len = big_len });
}

int tm_input_keep_fixed(struct tm_input *in, char *buf)
{
	return keep(in, (struct tm_owned){ .p = buf, .fixed = true });
}

int tm_input_add_block(struct tm_input *in, enum tm_block_kind kind,
		       const char *data, size_t len, unsigned long first_line,
		       const char *origin)
{
	struct tm_block *b;

	if (in->nblocks == in->blocks_cap) {
		size_t cap = in->blocks_cap ? in->blocks_cap * 2 : 4;
		struct tm_block *nb = reallocarray(in->blocks, cap, sizeof(*nb));

		if (!nb) {
			tm_input_fail(in, "out of memory");
			return -1;
		}
		in->blocks = nb;
		in->blocks_cap = cap;
	}
	b = &in->blocks[in->nblocks++];
	memset(b, 0, sizeof(*b));
	b->kind = kind;
	b->data = data;
	b->len = len;
	b->first_line = in->unmapped ? 0 : first_line;
	snprintf(b->origin, sizeof(b->origin), "%s", origin ? origin : "");
	return 0;
}

int tm_input_source_add(struct tm_input *in, const char *group, const char *key,
			uint64_t count)
{
	struct tm_source_count *c;

	if (!group)
		group = "";
	for (size_t i = 0; i < in->nsource; i++) {
		c = &in->source[i];
		if (!strncmp(c->group, group, sizeof(c->group) - 1) &&
		    !strncmp(c->key, key, sizeof(c->key) - 1)) {
			c->count += count;
			return 0;
		}
	}
	if (in->nsource >= TM_MAX_SOURCE) {
		in->source_other += count;
		return 0;
	}
	if (in->nsource == in->source_cap) {
		size_t cap = in->source_cap ? in->source_cap * 2 : 32;

		if (!(c = reallocarray(in->source, cap, sizeof(*c)))) {
			tm_input_fail(in, "out of memory");
			return -1;
		}
		in->source = c;
		in->source_cap = cap;
	}
	c = &in->source[in->nsource++];
	snprintf(c->group, sizeof(c->group), "%s", group);
	snprintf(c->key, sizeof(c->key), "%s", key);
	c->count = count;
	return 0;
}

/* The most a stream of LEN compressed bytes of IN may inflate to: the
 * ratio's cap, or what is left of IN's budget. */
size_t tm_input_inflate_limit(const struct tm_input *in, size_t len)
{
	size_t cap = tm_decode_cap(len);

	return in->budget < cap ? in->budget : cap;
}

int tm_input_inflate(struct tm_input *in, int gzip, const char *src,
		     size_t len, struct tm_inflated *z)
{
	size_t limit = tm_input_inflate_limit(in, len);
	int ret = gzip == TM_ZK_ZSTD ? tm_decode_zstd(src, len, limit, z) :
		  gzip ? tm_decode_gunzip(src, len, limit, z) : tm_decode_zlib(src, len, limit, z);

	if (ret)
		return ret;
	in->budget -= z->len;
	if (z->data && tm_input_keep_big(in, z->data, z->cap)) {
		z->err = ENOMEM;
		return TM_Z_NOMEM;
	}
	return TM_Z_OK;
}

int tm_input_zfail(struct tm_input *in, int err, const struct tm_inflated *z,
		   int gzip, size_t base)
{
	char msg[400];

	tm_decode_zerr_text(err, z, gzip, in->budget, msg, sizeof(msg));
	if (err == TM_Z_NOMEM)
		tm_input_fail(in, "%s", msg);    /* not about a byte of the input */
	else
		tm_input_fail_byte(in, base + z->err_off, "%s", msg);
	return -1;
}

void tm_input_fail_big(struct tm_input *in, const char *what)
{
	char why[300];

	tm_big_why(errno, why, sizeof(why));
	if (what)
		tm_input_fail(in, "%s: %s", what, why);
	else
		tm_input_fail(in, "%s", why);
}

/* ---- errors ------------------------------------------------------------- */

static void input_vfail(struct tm_input *in, const char *where,
			const char *fmt, va_list ap)
{
	char msg[400];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	tm_diag_error(in->d, "%s%s: %s", in->name, where, msg);
}

void tm_input_fail(struct tm_input *in, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	input_vfail(in, "", fmt, ap);
	va_end(ap);
}

void tm_input_fail_line(struct tm_input *in, unsigned long line,
			const char *fmt, ...)
{
	char where[80];
	va_list ap;

	if (in->unmapped)
		snprintf(where, sizeof(where),
			 ": line %lu of the decompressed data", line);
	else
		snprintf(where, sizeof(where), ":%lu", line);
	va_start(ap, fmt);
	input_vfail(in, where, fmt, ap);
	va_end(ap);
}

void tm_input_fail_byte(struct tm_input *in, size_t off, const char *fmt, ...)
{
	char where[80];
	va_list ap;

	snprintf(where, sizeof(where), ": byte %zu%s", off,
		 in->unmapped ? " of the decompressed data" : "");
	va_start(ap, fmt);
	input_vfail(in, where, fmt, ap);
	va_end(ap);
}

uint64_t tm_input_text_bytes(const struct tm_input *in)
{
	uint64_t n = 0;

	for (size_t k = 0; in && k < in->nblocks; k++)
		if (in->blocks[k].kind == TM_BLOCK_FTRACE || in->blocks[k].kind == TM_BLOCK_JSON)
			n += in->blocks[k].len;
	return n;
}
