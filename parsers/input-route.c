/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * input-route.c - what an input's bytes are, and their reading (input.c):
 * the route a text takes, told from its bytes (gzip, trace.dat, a Perfetto
 * trace, a "TRACE:" line of adb shell atrace with or without its zlib
 * stream, NUL bytes, JSON, HTML, ftrace text), and the reader each route
 * goes to; a gzip input's and a compressed atrace's end of inflate.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tracemerge/input.h"
#include "browser.h"
#include "decode.h"
#include "input-int.h"
#include "perfetto.h"
#include "trace-dat.h"

/* Kind of a text block known to be ftrace-like (a cgroup dump also starts
 * with "# tracer:"). */
enum tm_block_kind tm_input_ftrace_kind(const char *p, size_t len)
{
	return tm_text_classify(p, len) == TM_BLOCK_CGROUP_DUMP ?
		TM_BLOCK_CGROUP_DUMP : TM_BLOCK_FTRACE;
}

/* ---- TRACE: (adb shell atrace) ------------------------------------------ */

/* A line that is exactly "TRACE:" among the first lines of P. */
static int find_trace_line(const char *p, size_t len, struct trace_line *t)
{
	const char *end = p + (len < TM_SNIFF_BYTES ? len : TM_SNIFF_BYTES);
	const char *l, *e, *next;
	unsigned long n = 1;

	for (l = p; l < end && n <= TM_SNIFF_LINES; l = next, n++) {
		const char *c;

		e = tm_text_line_end(l, end, &next);
		if (e - l < 6 || memcmp(l, "TRACE:", 6) != 0)
			continue;
		for (c = l + 6; c < e && *c == '\r'; c++)
			;
		if (c != e)
			continue;
		t->line = n;
		t->eol = l + 6;
		t->eol_len = (size_t)(next - t->eol);
		t->data = (size_t)(next - p);
		return 1;
	}
	return 0;
}

static void warn_trailing(struct tm_input *in, size_t off, size_t n,
			  const char *what)
{
	tm_diag_warn(in->d, "trailing-data", in->name,
		     "%s: byte %zu: %zu bytes after the end of the %s stream ignored",
		     in->name, off, n, what);
}

/* The end of the inflate of the zlib stream at byte AT of IN (after
 * "TRACE:"), which returned RET: its error, or the warning of bytes after
 * it.  0 or -1. */
int tm_input_zlib_ended(struct tm_input *in, int ret, const struct tm_inflated *z, size_t at)
{
	if (ret)
		return tm_input_zfail(in, ret, z, 0, at);
	if (z->trailing)
		warn_trailing(in, at + z->used, z->trailing, "zlib");
	return 0;
}

/* The inflated zlib stream Z after the "TRACE:" of line LINE as IN's
 * block.  0 or -1. */
int tm_input_atrace_block(struct tm_input *in, const struct tm_inflated *z,
			     unsigned long line)
{
	if (!z->len) {
		tm_input_fail_line(in, line, "empty zlib stream after TRACE:");
		return -1;
	}
	in->format = TM_FMT_ATRACE_ZLIB;
	return tm_input_add_block(in, tm_input_ftrace_kind(z->data, z->len), z->data, z->len,
				  0, "zlib");
}

/* Inflate the zlib stream after "TRACE:"; if adb mangled its line endings
 * ("TRACE:\r\n"), retry with them undone as systrace does. */
static int read_atrace_zlib(struct tm_input *in, const char *p, size_t len,
			    const struct trace_line *t)
{
	const char *d = p + t->data;
	size_t n = len - t->data, fixed_len;
	struct tm_inflated z;
	char *fixed;
	int ret = tm_input_inflate(in, 0, d, n, &z);

	if (ret && t->eol_len > 1 &&
	    (fixed = tm_decode_undo_eol(d, n, t->eol, t->eol_len, &fixed_len))) {
		struct tm_inflated z2;

		if (!tm_input_inflate(in, 0, fixed, fixed_len, &z2)) {
			ret = 0;
			z = z2;
		}
		free(fixed);
	}
	if (tm_input_zlib_ended(in, ret, &z, t->data))
		return -1;
	return tm_input_atrace_block(in, &z, t->line);
}

static int read_atrace(struct tm_input *in, const char *p, size_t len,
		       const struct trace_line *t)
{
	const char *d = p + t->data;
	size_t n = len - t->data, i;
	long nul;

	for (i = 0; i < n && tm_text_is_space(d[i]); i++)
		;
	if (i == n) {
		tm_input_fail_line(in, t->line, "no trace data after TRACE:");
		return -1;
	}
	if (tm_decode_is_zlib(d, n))
		return read_atrace_zlib(in, p, len, t);
	nul = tm_text_nul_in_head(d, n);
	if (nul >= 0) {
		tm_input_fail_byte(in, t->data + (size_t)nul,
				   "NUL byte after TRACE: (binary data that is not zlib)");
		return -1;
	}
	in->format = TM_FMT_FTRACE;
	return tm_input_add_block(in, tm_input_ftrace_kind(d, n), d, n, t->line + 1, "");
}

/* ---- the route ---------------------------------------------------------- */

/* The end of a gzip input's inflate (RET, Z; the budget charged): its
 * error, or its trailing-data warning and IN marked as inflated.  0 or
 * -1 (error set). */
int tm_input_gzip_ended(struct tm_input *in, int ret, const struct tm_inflated *z)
{
	if (ret)
		return tm_input_zfail(in, ret, z, 1, 0);
	if (z->trailing)
		warn_trailing(in, z->used, z->trailing, "gzip");
	in->was_gzip = 1;
	in->unmapped = 1;
	return 0;
}

static int read_gzip(struct tm_input *in, const char *p, size_t len)
{
	struct tm_inflated z;

	if (in->was_gzip) {
		tm_input_fail(in, "gzip data inside gzip data is not supported");
		return -1;
	}
	if (tm_input_gzip_ended(in, tm_input_inflate(in, 1, p, len, &z), &z))
		return -1;
	return tm_input_split(in, z.data ? z.data : "", z.len);
}

size_t tm_input_bom_len(const char *p, size_t len)
{
	return len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

enum route tm_input_route(const char *p, size_t len, struct sniffed *s)
{
	int ftrace;
	char c;

	s->bom = s->i = tm_input_bom_len(p, len);
	if (len == 0)
		return R_EMPTY;
	if (tm_decode_is_gzip(p, len))
		return R_GZIP;
	if (tm_is_tracedat(p, len))
		return R_TRACEDAT;
	if (tm_is_perfetto(p, len))
		return R_PERFETTO;
	while (s->i < len && tm_text_is_space(p[s->i]))
		s->i++;
	if (s->i == len)
		return R_BLANK;
	c = p[s->i];
	if (c != '{' && c != '[' && c != '<' && c != '#' &&
	    find_trace_line(p, len, &s->t))
		return R_ATRACE;
	if ((s->nul = tm_text_nul_in_head(p, len)) >= 0)
		return R_NUL;
	if (c == '{' || c == '[')
		return R_JSON;
	ftrace = tm_text_looks_like_ftrace(p + s->i, len - s->i);   /* "<idle>-0 [000] ..." */
	if (c == '<' && !ftrace)
		return R_HTML;
	return ftrace ? R_FTRACE : R_UNKNOWN;
}

/* Read the text P, LEN by its route R (tm_input_route: S). */
int tm_input_read_routed(struct tm_input *in, const char *p, size_t len, enum route r,
		       const struct sniffed *s)
{
	enum tm_format bf;

	switch (r) {
	case R_EMPTY:
		tm_input_fail(in, in->unmapped ? "empty after decompression"
					       : "empty file");
		return -1;
	case R_GZIP:
		return read_gzip(in, p, len);
	case R_TRACEDAT:
		return tm_tracedat_read(in, p, len);
	case R_PERFETTO:
		return tm_perfetto_read(in, p, len);
	case R_BLANK:
		tm_input_fail(in, "holds only whitespace, no trace");
		return -1;
	case R_ATRACE:
		return read_atrace(in, p, len, &s->t);
	case R_NUL:
		tm_input_fail_byte(in, (size_t)s->nul,
				   "NUL byte: binary data, not a text trace");
		return -1;
	case R_JSON:
		bf = tm_browser_sniff(p + s->bom, len - s->bom);
		if (bf != TM_FMT_UNKNOWN)   /* browser-era formats: browser.c */
			return tm_browser_read(in, bf, p + s->bom, len - s->bom, s->bom);
		in->format = TM_FMT_JSON;
		return tm_input_json(in, p + s->bom, len - s->bom,
				     in->was_gzip ? "gzip" : "");
	case R_HTML:
		return tm_html_read(in, p, len);
	case R_FTRACE:
		in->format = TM_FMT_FTRACE;
		return tm_input_add_block(in, tm_input_ftrace_kind(p + s->bom, len - s->bom),
					  p + s->bom, len - s->bom, 1,
					  in->was_gzip ? "gzip" : "");
	case R_UNKNOWN:
		break;
	}
	/* every format read (tm_format_name), and the gzip container */
	tm_input_fail(in, "unrecognised content (not ftrace text, systrace HTML, "
		      "compressed atrace, trace-cmd trace.dat, a Perfetto protobuf trace, "
		      "Trace Event JSON, a Speed "
		      "Tracer dump, Opera Scope profiler events or W3C Performance "
		      "Timeline JSON; plain or gzip-compressed)");
	return -1;
}

int tm_input_split(struct tm_input *in, const char *p, size_t len)
{
	struct sniffed s;

	return tm_input_read_routed(in, p, len, tm_input_route(p, len, &s), &s);
}
