/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ftrace-reader.c - walk a block of ftrace text line by line and classify
 * every line (see include/tracemerge/ftrace.h): header facts are learned
 * from '#' lines, preamble noise (adb output before "TRACE:", trace-cmd's
 * "cpus=N" and version lines) is set apart from data, and the unprefixed
 * continuation lines of a marker written with embedded newlines are
 * attached to their event.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blank-run.h"
#include "ftrace-general.h"
#include "ftrace-internal.h"
#include "tracemerge/ftrace.h"
#include "grow.h"
#include "str.h"
#include "tuning.h"

struct tm_ftrace_reader {
	const char *pos, *end;
	struct tm_grow *grow;    /* the text still grows: END is its published end */
	unsigned long lineno;
	struct tm_ftrace_header hdr;
	int flag_width;          /* learned irq-info width (0 unknown) */
	/* the line after a marker, parsed when looking for continuation lines:
	 * kept so that it is not parsed twice */
	const char *probe_at;
	struct tm_ftrace_event probe;
	struct tm_ftrace_cols probe_cols;
	/* the line after a marker as cut then (cut_at: where it starts, NULL
	 * none), taken again without a search */
	const char *cut_at, *cut_next;
	struct tm_str cut;
	bool cut_nul, cut_plain;
	bool seen_data;          /* an event line has been seen */
	/* no NUL byte in [a line start, clean_end); nul: the first NUL byte
	 * after that start, once found */
	const char *clean_end, *nul;
	bool line_nul;           /* the last line cut holds a NUL byte */
	bool line_plain;         /* ... and no JSON stop byte (plain-run.h) */
	struct tm_ftrace_facts facts; /* of the line last handed out
				       * (tm_ftrace_reader_facts) */
	/* the '\n' ending a plain line, found with AVX2 where the CPU has it,
	 * or found ahead (tm_ftrace_reader_set_line_end); NULL: memchr, then
	 * the NUL search */
	tm_ftrace_line_end_fn line_end;
	void *line_end_ctx;
	bool reference;          /* reference path: no kernel-layout shortcut, each
				  * line cut anew */
	bool first_line_done;
};

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

/* The '\n' ending the line at P when every byte before it is plain
 * (plain-run.h), found in one pass over 32 bytes at a time; NULL when a stop
 * byte other than '\n' comes first, or near the end E of the block (the
 * caller then searches as before). */
__attribute__((target("avx2")))
static const char *plain_line_end_avx2(const char *p, const char *e)
{
	const __m256i quote = _mm256_set1_epi8('"'), bsl = _mm256_set1_epi8('\\'),
		      space = _mm256_set1_epi8(' ');

	while (e - p >= 32) {
		__m256i v = _mm256_loadu_si256((const __m256i *)p);
		__m256i m = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, quote),
							    _mm256_cmpeq_epi8(v, bsl)),
					    _mm256_cmpgt_epi8(space, v));
		unsigned mask = (unsigned)_mm256_movemask_epi8(m);

		if (mask) {
			p += __builtin_ctz(mask);
			return *p == '\n' ? p : NULL;
		}
		p += 32;
	}
	return NULL;
}

static const char *own_line_end(void *ctx, const char *p, const char *e)
{
	(void)ctx;
	return plain_line_end_avx2(p, e);
}

/* tm_ftrace_line_ends with AVX2 (the line end searches in line). */
__attribute__((target("avx2")))
static const char *line_ends_avx2(const char *p, const char *e, const char **start,
				  const char **nl, size_t n, size_t mask, size_t *h)
{
	for (size_t i = *h; n && p < e; n--, i++) {
		const char *q = plain_line_end_avx2(p, e);

		start[i & mask] = p;
		nl[i & mask] = q;
		if (!q && !(q = memchr(p, '\n', (size_t)(e - p))))
			q = e - 1;   /* the last line */
		p = q + 1;
		*h = i + 1;
	}
	return p;
}
#endif

const char *tm_ftrace_line_ends(const char *p, const char *e, const char **start,
				const char **nl, size_t n, size_t mask, size_t *h)
{
#if defined(__x86_64__) && defined(__GNUC__)
	if (__builtin_cpu_supports("avx2"))
		return line_ends_avx2(p, e, start, nl, n, mask, h);
#endif
	(void)start;
	(void)nl;
	(void)n;
	(void)mask;
	(void)h;
	(void)e;
	return p;
}

tm_ftrace_line_end_fn tm_ftrace_plain_line_end(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
	if (__builtin_cpu_supports("avx2"))
		return own_line_end;
#endif
	return NULL;
}

void tm_ftrace_reader_set_grow(struct tm_ftrace_reader *r, struct tm_grow *g)
{
	r->grow = g;
}

/* Is R at the end of its text?  (Of a growing one: once no more comes.) */
static bool at_end(struct tm_ftrace_reader *r)
{
	if (r->pos < r->end)
		return false;
	if (!r->grow)
		return true;
	r->end = r->grow->data + tm_grow_wait(r->grow, (size_t)(r->end - r->grow->data));
	return r->pos >= r->end;
}

void tm_ftrace_reader_set_line_end(struct tm_ftrace_reader *r, tm_ftrace_line_end_fn fn,
				   void *ctx)
{
	if (r->line_end && fn) {
		r->line_end = fn;
		r->line_end_ctx = ctx;
	}
}

struct tm_ftrace_reader *tm_ftrace_reader_new(const char *data, size_t len)
{
	struct tm_ftrace_reader *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	r->pos = data;
	r->end = data + len;
	r->clean_end = data;
	r->reference = tm_tuning_reference();
	if (!r->reference)
		r->line_end = tm_ftrace_plain_line_end();
	r->hdr.entries = r->hdr.written = -1;
	r->hdr.ncpus = -1;
	return r;
}

void tm_ftrace_reader_free(struct tm_ftrace_reader *r)
{
	free(r);
}

const struct tm_ftrace_header *tm_ftrace_reader_header(const struct tm_ftrace_reader *r)
{
	return &r->hdr;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool line_has_prefix(struct tm_str l, const char *lit)
{
	size_t n = strlen(lit);
	return l.n >= n && memcmp(l.p, lit, n) == 0;
}

static bool line_has_suffix(struct tm_str l, const char *lit)
{
	size_t n = strlen(lit);
	return l.n >= n && memcmp(l.p + l.n - n, lit, n) == 0;
}

/* Copy the trimmed text of [p, p+n) into DST (size CAP). */
static void copy_trimmed(char *dst, size_t cap, const char *p, size_t n)
{
	while (n && tm_is_blank(*p)) {
		p++;
		n--;
	}
	while (n && tm_is_blank(p[n - 1]))
		n--;
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, p, n);
	dst[n] = '\0';
}

static long long parse_ll(const char *p, const char *e, const char **stop)
{
	long long v = 0;
	const char *s = p;

	while (p < e && is_digit(*p) && v < (1LL << 58))
		v = v * 10 + (*p++ - '0');
	if (stop)
		*stop = p;
	return p == s ? -1 : v;
}

static const char *find(struct tm_str l, const char *lit)
{
	return memmem(l.p, l.n, lit, strlen(lit));
}

bool tm_ftrace_tracer_line(struct tm_str l, char *tracer, size_t cap)
{
	if (!line_has_prefix(l, "# tracer:"))
		return false;
	copy_trimmed(tracer, cap, l.p + 9, l.n - 9);
	return true;
}

/* Learn what a '#' line says about the trace. */
static void parse_header_line(struct tm_ftrace_header *h, struct tm_str l,
			      int *flag_width)
{
	const char *e = l.p + l.n, *q;

	if (tm_ftrace_tracer_line(l, h->tracer, sizeof(h->tracer))) {
		;
	} else if (line_has_prefix(l, "# clock_type=")) {
		copy_trimmed(h->clock_type, sizeof(h->clock_type), l.p + 13, l.n - 13);
	} else if ((q = find(l, "entries-in-buffer/entries-written:"))) {
		const char *s;
		q += strlen("entries-in-buffer/entries-written:");
		while (q < e && tm_is_blank(*q))
			q++;
		h->entries = parse_ll(q, e, &s);
		if (s < e && *s == '/')
			h->written = parse_ll(s + 1, e, NULL);
		if ((q = find(l, "#P:")))
			h->ncpus = (int)parse_ll(q + 3, e, NULL);
	} else if (find(l, "TASK-PID")) {
		h->legend_tgid = find(l, "TGID") != NULL;
		for (q = l.p; q < e; q++) {
			const char *t = q;
			while (t < e && *t == '|')
				t++;
			if (t - q >= 3) {
				h->legend_flags = (int)(t - q);
				*flag_width = h->legend_flags;
				break;
			}
			if (t > q)
				q = t;
		}
	}
}

/* Noise that carries a fact: "cpus=N", "CPU:N [LOST M EVENTS]", "TRACE:". */
static bool parse_noise_line(struct tm_ftrace_header *h, struct tm_str l)
{
	const char *e = l.p + l.n, *q;

	if (l.p[0] != 'c' && l.p[0] != 'C' && l.p[0] != 'T')
		return false; /* none of the forms below */
	if (line_has_prefix(l, "cpus=")) {
		long long n = parse_ll(l.p + 5, e, &q);
		if (n >= 0 && q == e) {
			h->ncpus = (int)n;
			h->tracecmd = true;
			return true;
		}
	}
	if (line_has_prefix(l, "CPU:") && (q = find(l, "[LOST "))) {
		long long n = parse_ll(q + 6, e, NULL);
		if (n > 0)
			h->lost_events += n;
		return true;
	}
	return l.n == 6 && memcmp(l.p, "TRACE:", 6) == 0;
}

/* function_graph display line: "[ts |] CPU) ... |  code". */
static bool is_graph_line(struct tm_str l)
{
	const char *p = l.p, *e = l.p + l.n;

	while (p < e && tm_is_blank(*p))
		p++;
	const char *d = p;
	while (p < e && (is_digit(*p) || *p == '.'))
		p++;
	if (p > d && p < e && tm_is_blank(*p)) { /* funcgraph-abstime "ts |" */
		while (p < e && tm_is_blank(*p))
			p++;
		if (p == e || *p != '|')
			return false;
		p++;
		while (p < e && tm_is_blank(*p))
			p++;
		d = p;
		while (p < e && is_digit(*p))
			p++;
	}
	return p > d && p < e && *p == ')' && memchr(p, '|', (size_t)(e - p));
}

/* Does [P, LE) (a line) hold a NUL byte?  NUL bytes are rare: the text is
 * searched for them ahead, 64 KiB at a time, and lines are checked against
 * the next one found. */
static bool line_has_nul(struct tm_ftrace_reader *r, const char *p, const char *le)
{
	if (r->nul && r->nul < p) {
		r->nul = NULL;          /* passed: search again from here */
		if (r->clean_end < p)
			r->clean_end = p;
	}
	while (!r->nul && r->clean_end < le) {
		size_t n = (size_t)(r->end - r->clean_end);
		if (n > 65536)
			n = 65536;
		r->nul = memchr(r->clean_end, '\0', n);
		if (!r->nul)
			r->clean_end += n;
	}
	return r->nul && r->nul < le;
}

/* Cut the next physical line; strips "\r" run and a JS "\n\" suffix.
 * r->line_nul tells whether the line holds a NUL byte. */
static struct tm_str next_raw(struct tm_ftrace_reader *r)
{
	const char *p = r->pos, *nl = r->line_end ? r->line_end(r->line_end_ctx, p, r->end) : NULL;
	const char *le;
	struct tm_str l;

	r->line_plain = nl != NULL;
	if (!nl)
		nl = memchr(p, '\n', (size_t)(r->end - p));
	le = nl ? nl : r->end;
	l = (struct tm_str){ p, (size_t)(le - p) };
	if (r->line_plain) {
		/* no NUL before the '\n': the NUL search may start after it */
		r->line_nul = false;
		if (!r->nul && r->clean_end < le)
			r->clean_end = le;
	} else {
		r->line_nul = line_has_nul(r, p, le);
	}
	r->pos = nl ? nl + 1 : r->end;
	r->lineno++;
	while (l.n && l.p[l.n - 1] == '\r')
		l.n--;
	if (!r->first_line_done) {
		r->first_line_done = true;
		r->hdr.js_escaped = line_has_suffix(l, "\\n\\");
	}
	if (r->hdr.js_escaped) {
		if (line_has_suffix(l, "\\n\\"))
			l.n -= 3;
		else if (line_has_suffix(l, "\\n\";"))
			l.n -= 4;
	}
	return l;
}

static bool is_blank_line(struct tm_str l)
{
	return tm_skip_blanks(l.p, l.p + l.n) == l.p + l.n;
}

/* L: at most TM_FTRACE_MAX_LINE bytes, no NUL (the callers check).  What
 * the parser's shortcut learned goes to r->facts.cols (zero under the
 * reference path). */
static bool parse_as_event(struct tm_ftrace_reader *r, struct tm_str l,
			   struct tm_ftrace_event *ev)
{
	struct tm_ftrace_cols *cols = &r->facts.cols;

	if (r->reference) {
		*cols = (struct tm_ftrace_cols){ 0 };
		return tm_ftrace_parse_event_general(l.p, l.n, r->flag_width, r->hdr.tracecmd,
						     ev) == 0;
	}
	return tm_ftrace_parse_event_cols(l.p, l.n, r->flag_width, r->hdr.tracecmd, ev,
					  cols) == 0;
}

/* Attach the lines after a marker that are not lines of their own. */
static void take_continuations(struct tm_ftrace_reader *r, struct tm_ftrace_line *out)
{
	while (!at_end(r)) {
		const char *save_pos = r->pos;
		unsigned long save_no = r->lineno;
		struct tm_str l = next_raw(r);
		bool blank = is_blank_line(l), other = blank || l.p[0] == '#' ||
			l.n > TM_FTRACE_MAX_LINE || r->line_nul;

		/* (the facts of the marker's line kept, the probe's aside) */
		struct tm_ftrace_cols keep = r->facts.cols;
		bool event = !other && parse_as_event(r, l, &r->probe);

		r->probe_cols = r->facts.cols;
		r->facts.cols = keep;
		if (other || event) {
			r->probe_at = other ? NULL : l.p;
			r->cut_at = save_pos;
			r->cut_next = r->pos;
			r->cut = l;
			r->cut_nul = r->line_nul;
			r->cut_plain = r->line_plain;
			r->pos = save_pos;
			r->lineno = save_no;
			return;
		}
		if (out->ncont == 0)
			out->cont.p = l.p;
		out->cont.n = (size_t)(l.p + l.n - out->cont.p);
		out->ncont++;
	}
}

/* (The line's facts go to r->facts: tm_ftrace_reader_facts.) */
int tm_ftrace_next(struct tm_ftrace_reader *r, struct tm_ftrace_line *out)
{
	struct tm_str l;

	if (at_end(r))
		return 0;
	/* every field but ev here; ev is filled by the event parser, or
	 * cleared below for other lines */
	out->ncont = 0;
	out->cont = (struct tm_str){ NULL, 0 };
	out->reason = NULL;
	if (r->cut_at == r->pos && !r->reference) {
		/* cut when looking for continuation lines: as next_raw cut it */
		l = r->cut;
		r->pos = r->cut_next;
		r->lineno++;
		r->line_nul = r->cut_nul;
		r->line_plain = r->cut_plain;
		r->cut_at = NULL;
	} else {
		l = next_raw(r);
	}
	out->raw = l;
	r->facts.plain = r->line_plain;
	out->lineno = r->lineno;
	if (l.n > TM_FTRACE_MAX_LINE) {
		out->kind = TM_LN_REJECTED;
		out->reason = "line longer than 64 KiB";
	} else if (is_blank_line(l)) {
		out->kind = TM_LN_BLANK;
	} else if (l.p[0] == '#') {
		out->kind = TM_LN_HEADER;
		parse_header_line(&r->hdr, l, &r->flag_width);
	} else if (r->line_nul) {
		out->kind = TM_LN_REJECTED;
		out->reason = "NUL byte in line";
	} else if (parse_noise_line(&r->hdr, l)) {
		out->kind = TM_LN_NOISE;
	} else if (r->probe_at == l.p ? (out->ev = r->probe, r->facts.cols = r->probe_cols, true)
				      : parse_as_event(r, l, &out->ev)) {
		out->kind = TM_LN_EVENT;
		r->seen_data = true;
		if (!r->flag_width && (out->ev.nflags == 4 || out->ev.nflags == 5))
			r->flag_width = out->ev.nflags;
		if (tm_is_marker_name(out->ev.name))
			take_continuations(r, out);
	} else if (is_graph_line(l)) {
		out->kind = TM_LN_GRAPH;
		r->seen_data = true;
	} else if (!r->seen_data) {
		out->kind = TM_LN_NOISE;
	} else {
		out->kind = TM_LN_REJECTED;
		out->reason = "not an ftrace event line";
	}
	if (out->kind != TM_LN_EVENT) {
		memset(&out->ev, 0, sizeof(out->ev));
		r->facts.cols = (struct tm_ftrace_cols){ 0 };
	}
	return 1;
}

const struct tm_ftrace_facts *tm_ftrace_reader_facts(const struct tm_ftrace_reader *r)
{
	return &r->facts;
}

int tm_ftrace_next_fline(struct tm_ftrace_reader *r, struct tm_fline *out)
{
	if (!tm_ftrace_next(r, &out->line))
		return 0;
	out->f = r->facts;
	return 1;
}
