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
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tracemerge/input.h"
#include "tracemerge/stats.h"
#include "browser.h"
#include "decode.h"
#include "perfetto.h"
#include "trace-dat.h"

#define READ_CHUNK  (1u << 30)

/* ---- names and accessors ----------------------------------------------- */

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

/* ---- the input object -------------------------------------------------- */

void tm_input_set_decompress_limit(size_t bytes)
{
	tm_decode_set_limit(bytes);
}

static struct tm_input *input_new(const char *name, struct tm_diag *d)
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

static void job_free(struct tm_input_job *j);

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
	job_free(in->job);
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
static struct tm_input *input_finish(struct tm_input *in, int ret)
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
static size_t inflate_limit(const struct tm_input *in, size_t len)
{
	size_t cap = tm_decode_cap(len);

	return in->budget < cap ? in->budget : cap;
}

int tm_input_inflate(struct tm_input *in, int gzip, const char *src,
		     size_t len, struct tm_inflated *z)
{
	size_t limit = inflate_limit(in, len);
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

/* ---- errors ------------------------------------------------------------ */

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

/* Kind of a text block known to be ftrace-like (a cgroup dump also starts
 * with "# tracer:"). */
static enum tm_block_kind ftrace_kind(const char *p, size_t len)
{
	return tm_text_classify(p, len) == TM_BLOCK_CGROUP_DUMP ?
		TM_BLOCK_CGROUP_DUMP : TM_BLOCK_FTRACE;
}

/* ---- TRACE: (adb shell atrace) ----------------------------------------- */

struct trace_line {
	unsigned long line;     /* line number of "TRACE:" */
	size_t data;            /* offset of the byte after its line ending */
	const char *eol;        /* its line ending: "\n", "\r\n", "\r\r\n" */
	size_t eol_len;
};

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
static int zlib_ended(struct tm_input *in, int ret, const struct tm_inflated *z, size_t at)
{
	if (ret)
		return tm_input_zfail(in, ret, z, 0, at);
	if (z->trailing)
		warn_trailing(in, at + z->used, z->trailing, "zlib");
	return 0;
}

/* The inflated zlib stream Z after the "TRACE:" of line LINE as IN's
 * block.  0 or -1. */
static int atrace_zlib_block(struct tm_input *in, const struct tm_inflated *z,
			     unsigned long line)
{
	if (!z->len) {
		tm_input_fail_line(in, line, "empty zlib stream after TRACE:");
		return -1;
	}
	in->format = TM_FMT_ATRACE_ZLIB;
	return tm_input_add_block(in, ftrace_kind(z->data, z->len), z->data, z->len,
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
	if (zlib_ended(in, ret, &z, t->data))
		return -1;
	return atrace_zlib_block(in, &z, t->line);
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
	return tm_input_add_block(in, ftrace_kind(d, n), d, n, t->line + 1, "");
}

/* ---- dispatch ---------------------------------------------------------- */

static int split_text(struct tm_input *in, const char *p, size_t len);

/* The end of a gzip input's inflate (RET, Z; the budget charged): its
 * error, or its trailing-data warning and IN marked as inflated.  0 or
 * -1 (error set). */
static int gzip_ended(struct tm_input *in, int ret, const struct tm_inflated *z)
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
	if (gzip_ended(in, tm_input_inflate(in, 1, p, len, &z), &z))
		return -1;
	return split_text(in, z.data ? z.data : "", z.len);
}

static size_t bom_len(const char *p, size_t len)
{
	return len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

/* How split_text() reads a text, told from its bytes. */
enum route {
	R_EMPTY, R_GZIP, R_TRACEDAT, R_PERFETTO, R_BLANK, R_ATRACE, R_NUL, R_JSON,
	R_HTML, R_FTRACE, R_UNKNOWN
};

struct sniffed {
	size_t bom, i;          /* the BOM's length; the first non-space byte */
	struct trace_line t;    /* R_ATRACE: the "TRACE:" line */
	long nul;               /* R_NUL: the NUL byte */
};

static enum route route_of(const char *p, size_t len, struct sniffed *s)
{
	int ftrace;
	char c;

	s->bom = s->i = bom_len(p, len);
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

/* Read the text P, LEN by its route R (route_of: S). */
static int read_routed(struct tm_input *in, const char *p, size_t len, enum route r,
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
		return tm_input_add_block(in, ftrace_kind(p + s->bom, len - s->bom),
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

static int split_text(struct tm_input *in, const char *p, size_t len)
{
	struct sniffed s;

	return read_routed(in, p, len, route_of(p, len, &s), &s);
}

/* ---- opening ----------------------------------------------------------- */

/* Bytes that can only be binary: no gzip magic, and a NUL in the first KB
 * that no "TRACE:" line (a zlib stream follows it) stands before. */
static long binary_head(const char *p, size_t len)
{
	long nul = tm_text_nul_in_head(p, len);

	if (nul < 0 || tm_decode_is_gzip(p, len) || tm_is_tracedat(p, len) || tm_is_perfetto(p, len) ||
	    memmem(p, (size_t)nul, "TRACE:", 6))
		return -1;
	return nul;
}

/* Read FD to its end.  Binary data is refused after its first KB, so that
 * a device such as /dev/zero cannot make us read forever. */
static int read_all(struct tm_input *in, int fd, const char **data,
		    size_t *len)
{
	size_t n = 0, cap = 1u << 16;   /* (grown as needed: in $TMPDIR) */
	char *buf = tm_big_alloc(cap), *nb, what[64];
	ssize_t r;
	long nul;

	if (!buf) {
		tm_input_fail_big(in, "reading");
		return -1;
	}
	for (;;) {
		if (n == cap) {
			if (!(nb = tm_big_grow(buf, &cap, SIZE_MAX))) {
				int e = errno;

				tm_big_free(buf, cap);
				snprintf(what, sizeof(what), "reading past byte %zu", n);
				errno = e;
				tm_input_fail_big(in, what);
				return -1;
			}
			buf = nb;
		}
		r = read(fd, buf + n, cap - n < READ_CHUNK ? cap - n : READ_CHUNK);
		if (r == 0)
			break;
		if (r < 0) {
			if (errno == EINTR)
				continue;
			tm_big_free(buf, cap);
			tm_input_fail(in, "read error: %s", strerror(errno));
			return -1;
		}
		if (n < TM_NUL_HEAD && n + (size_t)r >= TM_NUL_HEAD &&
		    (nul = binary_head(buf, n + (size_t)r)) >= 0) {
			tm_big_free(buf, cap);
			tm_input_fail_byte(in, (size_t)nul,
					   "NUL byte: binary data, not a text trace");
			return -1;
		}
		n += (size_t)r;
	}
	*data = buf;
	*len = n;
	return tm_input_keep_big(in, buf, cap);
}

static int map_file(struct tm_input *in, int fd, size_t size,
		    const char **data, size_t *len)
{
	void *m = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);

	if (m == MAP_FAILED) {
		tm_input_fail(in, "cannot map: %s", strerror(errno));
		return -1;
	}
	madvise(m, size, MADV_SEQUENTIAL);
	in->map = m;
	in->map_len = size;
	*data = m;
	*len = size;
	return 0;
}

/* Load the bytes of FD: mmap a regular file with a size, else read(). */
static int load_fd(struct tm_input *in, int fd, const char **data,
		   size_t *len)
{
	struct stat st;

	if (fstat(fd, &st) < 0) {
		tm_input_fail(in, "cannot stat: %s", strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		tm_input_fail(in, "is a directory");
		return -1;
	}
	if (S_ISREG(st.st_mode) && st.st_size > 0) {
		if ((unsigned long long)st.st_size > SIZE_MAX) {
			tm_input_fail(in, "file too large to map");
			return -1;
		}
		return map_file(in, fd, (size_t)st.st_size, data, len);
	}
	return read_all(in, fd, data, len);
}

/* Open PATH into IN: its bytes in *DATA, *LEN. */
static int load_path(struct tm_input *in, const char *path, const char **data, size_t *len)
{
	int fd, ret;

	if (!strcmp(path, "-"))
		return load_fd(in, STDIN_FILENO, data, len);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		tm_input_fail(in, "cannot open: %s", strerror(errno));
		return -1;
	}
	ret = load_fd(in, fd, data, len);
	close(fd);
	return ret;
}

static struct tm_input *open_path(const char *path, struct tm_diag *d)
{
	if (!path) {
		tm_diag_error(d, "(null): no input path given");
		return NULL;
	}
	return input_new(strcmp(path, "-") == 0 ? "<stdin>" : path, d);
}

/* tm_input_open(), or with JOB (not NULL) tm_input_open_begin(). */
static struct tm_input *open_any(const char *path, struct tm_diag *d,
				 struct tm_input_job **job, struct tm_beside *beside);

struct tm_input *tm_input_open(const char *path, struct tm_diag *d)
{
	return open_any(path, d, NULL, NULL);
}

/* ---- a gzip input inflated beside its first pass ------------------------
 * tm_input_open_begin() loads the file and, when it is gzip, hands back a
 * job that inflates it into a buffer that grows in place (grow.h); the
 * caller runs it (on a helper thread: src/exec/input-ahead.c) and calls
 * tm_input_open_end(), which waits for the first bytes only: when they
 * tell that the whole is one ftrace text block, or one Trace Event JSON
 * block (split_text would say so whatever follows; whether the JSON holds
 * a systemTraceEvents string is told at the end), the input is handed out
 * with that block still growing, and the first pass reads it as it comes
 * (tm_input_block_grow); otherwise it waits for the end and goes on as
 * tm_input_open().  The inflate's error, the block's length, the
 * trailing-data warning and the JSON's systemTraceEvents block come at
 * tm_input_settle(), as they would have come at the open.
 *
 * A Perfetto trace is read the same way: tm_input_open_begin() reads its
 * packets (pass 1) and adds every block, its kernel text with its head
 * only, and the job writes the text's lines (pass 2, perfetto.h) into a
 * buffer that grows in place, while the first pass reads them; the text's
 * length and pass 2's error come at tm_input_settle().
 */
enum job_kind {
	JOB_GUNZIP,                 /* inflate a gzip file */
	JOB_ZLIB,                   /* inflate a compressed atrace's zlib stream */
	JOB_PERFETTO,               /* write a Perfetto trace's text (pass 2) */
};

struct tm_input_job {
	enum job_kind kind;
	const char *src;
	size_t len, limit;
	char *buf;                  /* tm_big_fixed_alloc(limit) */
	struct tm_grow grow;
	bool stop;                  /* the reader gave up (atomic) */
	/* the writer's, read once it ended (joined) */
	struct tm_inflated z;
	int ret;
	/* the thread that runs it (NULL: none, it ran before the end) */
	void (*join)(void *ctx);
	void *join_ctx;
	bool growing;               /* the input's block BLOCK grows */
	size_t block;
	bool settled;               /* the inflate's end was taken in */
	/* JOB_PERFETTO: the text its pass 2 writes into BUF (perfetto.h),
	 * NULL once settled; a gzipped trace's inflated packets, which pass 2
	 * reads (freed with the job, after its thread) */
	struct tm_pf_text *pf;
	char *proto;
	/* JOB_ZLIB: the zlib stream after the "TRACE:" of line LINE, at
	 * byte AT */
	size_t at;
	unsigned long line;
};

/* Enough of the text to judge it: the sniffers look at TM_SNIFF_BYTES. */
#define HEAD_BYTES (2 * (size_t)TM_SNIFF_BYTES)
/* Enough of a JSON text: the browser formats' sniff looks at its first
 * record, up to a MiB (tm_browser_head_unknown). */
#define JSON_HEAD_BYTES ((size_t)2 << 20)

void tm_input_job_run(struct tm_input_job *j)
{
	if (j->kind == JOB_PERFETTO)
		j->ret = tm_pf_text_run(j->pf, &j->grow, &j->stop);
	else
		j->ret = (j->kind == JOB_ZLIB ? tm_decode_zlib_grow : tm_decode_gunzip_grow)(
			j->src, j->len, j->limit, j->buf, &j->grow, &j->stop, &j->z);
}

void tm_input_job_started(struct tm_input *in, void (*join)(void *ctx), void *ctx)
{
	in->job->join = join;
	in->job->join_ctx = ctx;
}

/* Wait for the job's writer to end. */
static void job_join(struct tm_input_job *j)
{
	if (j->join)
		j->join(j->join_ctx);
	j->join = NULL;
}

static void job_free(struct tm_input_job *j)
{
	if (!j)
		return;
	__atomic_store_n(&j->stop, true, __ATOMIC_RELAXED);
	job_join(j);
	tm_pf_text_free(j->pf);
	tm_grow_destroy(&j->grow);
	tm_big_fixed_free(j->buf);
	tm_big_fixed_free(j->proto);
	free(j);
}

/* A job for the gzip bytes P, LEN of IN; NULL (and nothing done) when
 * there is no room for it: IN is then read as by tm_input_open(). */
static struct tm_input_job *job_new(struct tm_input *in, const char *p, size_t len)
{
	struct tm_input_job *j = calloc(1, sizeof(*j));

	if (!j)
		return NULL;
	j->kind = JOB_GUNZIP;
	j->src = p;
	j->len = len;
	j->limit = inflate_limit(in, len);
	if (!(j->buf = tm_big_fixed_alloc(j->limit))) {
		free(j);
		return NULL;
	}
	tm_grow_init(&j->grow, j->buf);
	return j;
}

/* The end of IN's job, as read_gzip() takes an inflate's end: the job
 * joined, the budget charged, its error or warning set.  0 or -1. */
static int job_ended(struct tm_input *in)
{
	struct tm_input_job *j = in->job;

	job_join(j);
	j->settled = true;
	if (!j->ret)
		in->budget -= j->z.len;
	return j->kind == JOB_ZLIB ? zlib_ended(in, j->ret, &j->z, j->at)
				   : gzip_ended(in, j->ret, &j->z);
}

/* IN's bytes P, LEN, a compressed atrace trace ("TRACE:" line T and a
 * zlib stream) when that line ends in one '\n' (a mangled "\r\n" may need
 * the stream's line endings undone and the stream inflated again:
 * read_atrace_zlib): a job that inflates the stream set as IN's.  False
 * (nothing done) when they are not, or there is no room for the job. */
static bool atrace_zlib_job(struct tm_input *in, const char *p, size_t len,
			    const struct trace_line *t)
{
	if (t->eol_len != 1 || !tm_decode_is_zlib(p + t->data, len - t->data) ||
	    !(in->job = job_new(in, p + t->data, len - t->data)))
		return false;
	in->job->kind = JOB_ZLIB;
	in->job->at = t->data;
	in->job->line = t->line;
	return true;
}

/* A Perfetto trace P, LEN whose text is written by a job (its pass 2):
 * pass 1 now, and every block added, the text's with its head only.  0
 * with IN->job set, or (no room for the text to grow in place) the trace
 * read whole (IN->job NULL); -1 with the error set. */
static int perfetto_job(struct tm_input *in, const char *p, size_t len,
			struct tm_beside *beside)
{
	struct tm_input_job *j = calloc(1, sizeof(*j));
	size_t block = in->nblocks;

	if (j)
		j->buf = tm_pf_text_buffer(len, &j->limit);
	if (!j || !j->buf) {
		free(j);
		return tm_perfetto_read(in, p, len);
	}
	if (tm_perfetto_begin(in, p, len, j->buf, j->limit, beside, &j->pf)) {
		tm_big_fixed_free(j->buf);
		free(j);
		return -1;
	}
	j->kind = JOB_PERFETTO;
	tm_grow_init(&j->grow, j->buf);
	tm_grow_publish(&j->grow, in->blocks[block].len);   /* its head: whole lines */
	j->block = block;
	j->growing = true;
	in->job = j;
	return 0;
}

static struct tm_input *open_any(const char *path, struct tm_diag *d,
				 struct tm_input_job **job, struct tm_beside *beside)
{
	struct tm_input *in = open_path(path, d);
	const char *data = NULL;
	size_t len = 0;
	struct sniffed s;
	enum route r;
	int ret;

	if (!in)
		return NULL;
	if ((ret = load_path(in, path, &data, &len)))
		return input_finish(in, ret);
	r = route_of(data, len, &s);
	if (job && ((r == R_GZIP && (in->job = job_new(in, data, len))) ||
		    (r == R_ATRACE && atrace_zlib_job(in, data, len, &s.t)))) {
		*job = in->job;
		return in;
	}
	if (job && r == R_PERFETTO) {
		ret = perfetto_job(in, data, len, beside);
		if (!ret && in->job) {
			*job = in->job;
			return in;
		}
		return input_finish(in, ret);
	}
	return input_finish(in, read_routed(in, data, len, r, &s));
}

struct tm_input *tm_input_open_begin(const char *path, struct tm_diag *d,
				     struct tm_input_job **job, struct tm_beside *beside)
{
	*job = NULL;
	return open_any(path, d, job, beside);
}

/* The route of any text that starts with the N bytes at P (more to come)
 * when every look route_of() takes ends within them, and it is one that
 * can be read as it grows (R_FTRACE, R_JSON); else R_UNKNOWN. */
static enum route head_route(const char *p, size_t n, struct sniffed *s)
{
	enum route r;

	if (n < TM_SNIFF_BYTES || p[0] == 0x0a)     /* (a Perfetto trace's first byte) */
		return R_UNKNOWN;
	r = route_of(p, n, s);
	return r == R_JSON || (r == R_FTRACE && n - s->i >= TM_SNIFF_BYTES) ? r : R_UNKNOWN;
}

/* Is any text that starts with the N bytes at P (more to come) read by
 * split_text() as one ftrace block, whatever follows?  Only when every
 * look it takes (and ftrace_kind()'s) ends within them; false when that
 * cannot be told yet. */
static bool head_is_ftrace(const char *p, size_t n)
{
	struct sniffed s;
	const char *nl;

	if (head_route(p, n, &s) != R_FTRACE ||
	    ftrace_kind(p + s.bom, n - s.bom) != TM_BLOCK_FTRACE)
		return false;
	/* the first two lines, which tm_text_classify() reads whole */
	nl = memchr(p + s.i, '\n', n - s.i);
	return nl && memchr(nl + 1, '\n', (size_t)(p + n - nl - 1));
}

/* Is any text that starts with the N bytes at P read by split_text() as
 * Trace Event JSON (tm_input_json), whatever follows?  *BOM: its BOM's
 * length.  False when that cannot be told yet. */
static bool head_is_json(const char *p, size_t n, size_t *bom)
{
	struct sniffed s;

	if (head_route(p, n, &s) != R_JSON ||
	    !tm_browser_head_unknown(p + s.bom, n - s.bom))
		return false;
	*bom = s.bom;
	return true;
}

/* Hand IN out with its one block, of KIND, growing: what is published
 * after BOM for now (its length is set at tm_input_settle). */
static struct tm_input *open_growing(struct tm_input *in, enum tm_block_kind kind,
				     size_t bom)
{
	struct tm_input_job *j = in->job;
	size_t head = tm_grow_ready(&j->grow, NULL);

	bool zlib = j->kind == JOB_ZLIB;

	if (zlib) {                     /* (as atrace_zlib_block) */
		in->format = TM_FMT_ATRACE_ZLIB;
	} else {
		in->format = kind == TM_BLOCK_JSON ? TM_FMT_JSON : TM_FMT_FTRACE;
		in->was_gzip = 1;
		in->unmapped = 1;
	}
	j->growing = true;
	j->block = in->nblocks;
	return input_finish(in, tm_input_add_block(in, kind, j->buf + bom,
						   head > bom ? head - bom : 0, zlib ? 0 : 1,
						   zlib ? "zlib" : "gzip"));
}

/* The inflated Perfetto trace of IN's job, whose inflate has ended: its
 * text written beside the first pass as a plain trace's is (a new job,
 * perfetto_job, that keeps the packets), or read whole.  0, or -1 with
 * the error set. */
static int perfetto_inflated(struct tm_input *in, struct tm_beside *beside)
{
	struct tm_input_job *old = in->job;
	char *proto = old->buf;
	size_t len = old->z.len;
	int ret;

	old->buf = NULL;
	job_free(old);                  /* (its thread joined: the inflate ended) */
	in->job = NULL;
	ret = perfetto_job(in, proto, len, beside);
	if (in->job)
		in->job->proto = proto;
	else if (tm_input_keep_fixed(in, proto))
		ret = -1;
	return ret;
}

/* The head is judged on the bytes final, wherever they end; the block is
 * handed out cut where its reader can cut: an ftrace text after a line
 * (the two lines of the head are published), a JSON text after a '}' (a
 * JSON written on one line is read as it comes too). */
struct tm_input *tm_input_open_end(struct tm_input *in, struct tm_beside *beside,
				   struct tm_input_job **next)
{
	struct tm_input_job *j = in->job;
	size_t head, bom = 0;
	bool done;
	struct tm_inflated *z = &j->z;
	int ret;

	*next = NULL;
	if (j->kind == JOB_PERFETTO)
		return input_finish(in, 0);     /* (its blocks are there) */
	head = tm_grow_wait_final(&j->grow, HEAD_BYTES, &done);
	if (!done && head_is_ftrace(j->buf, head) &&
	    !(j->kind == JOB_ZLIB && bom_len(j->buf, head)))
		return open_growing(in, TM_BLOCK_FTRACE, bom_len(j->buf, head));
	if (j->kind == JOB_ZLIB) {      /* (read whole: read_atrace_zlib's end) */
		if (job_ended(in))
			return input_finish(in, -1);
		return input_finish(in, atrace_zlib_block(in, z, j->line));
	}
	head = tm_grow_wait_final(&j->grow, JSON_HEAD_BYTES, &done);
	if (!done && head_is_json(j->buf, head, &bom)) {
		tm_grow_set_cut(&j->grow, '}');
		return open_growing(in, TM_BLOCK_JSON, bom);
	}
	if (job_ended(in))
		return input_finish(in, -1);
	if (z->data && tm_is_perfetto(z->data, z->len)) {
		ret = perfetto_inflated(in, beside);
		*next = ret ? NULL : in->job;
		return input_finish(in, ret);
	}
	return input_finish(in, split_text(in, z->data ? z->data : "", z->len));
}

struct tm_grow *tm_input_block_grow(const struct tm_input *in, size_t i)
{
	const struct tm_input_job *j = in ? in->job : NULL;

	return j && j->growing && !j->settled && i == j->block ? (struct tm_grow *)&j->grow
								: NULL;
}

size_t tm_input_block_cheap(const struct tm_input *in, size_t i, size_t *at)
{
	*at = 0;
	if (!in || !in->cheap_len || i != in->cheap_block)
		return 0;
	*at = in->cheap_at;
	return in->cheap_len;
}

int tm_input_settle(struct tm_input *in, struct tm_diag *d)
{
	struct tm_input_job *j = in ? in->job : NULL;
	struct tm_block *b;
	int ret;

	if (!j || j->settled)
		return 0;
	in->d = d;
	if (j->kind == JOB_PERFETTO) {
		/* a Perfetto trace's text: its pass 2's end, and its state
		 * (names, symbols, the index of bundles) freed */
		job_join(j);
		j->settled = true;
		ret = tm_pf_text_end(j->pf, in, &in->blocks[j->block].len);
		tm_pf_text_free(j->pf);
		j->pf = NULL;
		in->d = NULL;
		return ret;
	}
	ret = job_ended(in);
	if (!ret) {
		b = &in->blocks[j->block];
		b->len = j->z.len - (size_t)(b->data - j->buf);
		if (b->kind == TM_BLOCK_JSON)
			ret = tm_input_json_system(in, j->block);
	}
	in->d = NULL;
	return ret;
}

struct tm_input *tm_input_open_fd(const char *name, int fd, struct tm_diag *d)
{
	struct tm_input *in = input_new(name ? name : "<fd>", d);
	const char *data = NULL;
	size_t len = 0;
	int ret;

	if (!in)
		return NULL;
	ret = load_fd(in, fd, &data, &len);
	if (!ret)
		ret = split_text(in, data, len);
	return input_finish(in, ret);
}

struct tm_input *tm_input_open_mem(const char *name, const void *data,
				   size_t len, struct tm_diag *d)
{
	struct tm_input *in = input_new(name ? name : "<memory>", d);

	if (!in)
		return NULL;
	if (!data && len) {
		tm_input_fail(in, "no data");
		return input_finish(in, -1);
	}
	return input_finish(in, split_text(in, data ? data : "", len));
}

uint64_t tm_input_text_bytes(const struct tm_input *in)
{
	uint64_t n = 0;

	for (size_t k = 0; in && k < in->nblocks; k++)
		if (in->blocks[k].kind == TM_BLOCK_FTRACE || in->blocks[k].kind == TM_BLOCK_JSON)
			n += in->blocks[k].len;
	return n;
}
