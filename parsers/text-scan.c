/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* text-scan.c - line counting and sniffing of text (text-scan.h). */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <emmintrin.h>

#include "text-scan.h"

/* ---- lines -------------------------------------------------------------- */

void tm_text_linepos_init(struct tm_text_linepos *lp, const char *base)
{
	lp->base = base;
	lp->off = 0;
	lp->line = 1;
}

#ifdef __SSE2__
/* The '\n' bytes counted in ACC's lanes (each at most 255). */
static inline size_t lane_sum(__m128i acc)
{
	__m128i s = _mm_sad_epu8(acc, _mm_setzero_si128());

	return (size_t)_mm_extract_epi16(s, 0) + (size_t)_mm_extract_epi16(s, 4);
}
#endif

size_t tm_text_count_nl(const char *p, size_t n)
{
	size_t c = 0, i = 0;

#ifdef __SSE2__
	/* a byte counter per lane (cmpeq gives -1: subtracted), summed with
	 * psadbw before it can wrap (255 rounds) */
	const __m128i nl = _mm_set1_epi8('\n');

	while (n - i >= 16) {
		__m128i acc = _mm_setzero_si128();
		size_t k = (n - i) / 16 < 255 ? (n - i) / 16 : 255;

		for (; k; k--, i += 16)
			acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(
				_mm_loadu_si128((const __m128i *)(const void *)(p + i)), nl));
		c += lane_sum(acc);
	}
#endif
	for (; i < n; i++)
		c += p[i] == '\n';
	return c;
}

unsigned long tm_text_linepos_at(struct tm_text_linepos *lp, size_t off)
{
	if (off < lp->off)
		return lp->line;        /* misuse: offsets must not decrease */
	lp->line += tm_text_count_nl(lp->base + lp->off, off - lp->off);
	lp->off = off;
	return lp->line;
}

const char *tm_text_linepos_find(struct tm_text_linepos *lp, const char *p, const char *e,
				 const char *lit, size_t n)
{
	const char *at = lp->base + lp->off, *last, *c;
	unsigned long line;

	if (p < at || n == 0 || e - p < (ptrdiff_t)n)
		return NULL;
	line = lp->line + tm_text_count_nl(at, (size_t)(p - at));
	last = e - n;   /* the last start LIT fits after */
#ifdef __SSE2__
	if (n >= 2) {
		/* LIT's first two bytes at 16 starts at a time (both loads
		 * before E), the newlines passed counted in byte lanes summed
		 * before they can wrap: one pass over the text for both */
		const __m128i a = _mm_set1_epi8(lit[0]), b = _mm_set1_epi8(lit[1]);
		const __m128i nl = _mm_set1_epi8('\n');

		while (e - p >= 17) {
			__m128i acc = _mm_setzero_si128();
			unsigned m = 0;

			/* (no call in this loop: a candidate leaves it) */
			for (int k = 0; k < 255 && e - p >= 17; k++, p += 16) {
				__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
				__m128i w = _mm_loadu_si128((const __m128i *)(const void *)(p + 1));

				m = (unsigned)_mm_movemask_epi8(
					_mm_and_si128(_mm_cmpeq_epi8(v, a), _mm_cmpeq_epi8(w, b)));
				if (m)
					break;
				acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(v, nl));
			}
			line += lane_sum(acc);
			if (!m)
				continue;
			for (; m; m &= m - 1) {
				c = p + __builtin_ctz(m);
				if (c > last)
					return NULL;
				if (memcmp(c, lit, n) == 0) {
					line += tm_text_count_nl(p, (size_t)(c - p));
					goto found;
				}
			}
			line += tm_text_count_nl(p, 16);
			p += 16;
		}
	}
#endif
	for (c = p; c <= last; c++) {
		if (*c == lit[0] && memcmp(c, lit, n) == 0)
			goto found;
		line += *c == '\n';
	}
	return NULL;
found:
	lp->off = (size_t)(c - lp->base);
	lp->line = line;
	return c;
}

/* ---- sniffing text -------------------------------------------------------- */

/* Trim blanks and '\r' from both ends of [*b, *e). */
static void trim(const char **b, const char **e)
{
	while (*b < *e && tm_text_is_space(**b))
		(*b)++;
	while (*e > *b && tm_text_is_space((*e)[-1]))
		(*e)--;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int line_is(const char *b, const char *e, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(e - b) == n && memcmp(b, s, n) == 0;
}

static int line_starts(const char *b, const char *e, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(e - b) >= n && memcmp(b, s, n) == 0;
}

/* "cpus=N": the first line of `trace-cmd report`. */
static int is_cpus_line(const char *b, const char *e)
{
	if (!line_starts(b, e, "cpus=") || b + 5 == e)
		return 0;
	for (b += 5; b < e; b++)
		if (!is_digit(*b))
			return 0;
	return 1;
}

/* "comm-PID" ends just before B, maybe followed by a "(TGID)" column. */
static int pid_before(const char *l, const char *b)
{
	const char *digits;

	while (b > l && (b[-1] == ' ' || b[-1] == '\t'))
		b--;
	if (b > l && b[-1] == ')') {
		while (b > l && b[-1] != '(')
			b--;
		if (b == l)
			return 0;
		b--;
		while (b > l && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
	}
	digits = b;
	while (b > l && is_digit(b[-1]))
		b--;
	return b < digits && b > l && b[-1] == '-';
}

/* "comm-pid [(tgid)] [NNN] [flags] secs[.frac]: ..." */
static int is_event_line(const char *l, const char *end)
{
	const char *b = l, *q, *colon;

	while ((b = memchr(b, '[', (size_t)(end - b)))) {
		for (q = ++b; q < end && is_digit(*q); q++)
			;
		if (q == b || q == end || *q != ']' || !pid_before(l, b - 1))
			continue;
		colon = memchr(q, ':', (size_t)(end - q));
		if (colon && is_digit(colon[-1]))
			return 1;
	}
	return 0;
}

/* Header lines, then a "cpus=N" line (after a few lines of noise, as
 * trace-cmd report prints) or an event line as the first real line. */
int tm_text_looks_like_ftrace(const char *p, size_t len)
{
	const char *end = p + (len < TM_SNIFF_BYTES ? len : TM_SNIFF_BYTES);
	const char *l, *e, *next;
	int n = 0, noise = 0;

	if (line_starts(p, end, "# tracer"))
		return 1;
	for (l = p; l < end && n < TM_SNIFF_LINES; l = next, n++) {
		e = tm_text_line_end(l, end, &next);
		trim(&l, &e);
		if (l == e || *l == '#')
			continue;
		if (is_cpus_line(l, e))
			return 1;
		if (is_event_line(l, e))
			return noise == 0;
		noise++;
	}
	return 0;
}

enum tm_block_kind tm_text_classify(const char *p, size_t len)
{
	const char *end = p + len, *e1, *b2, *e2, *next;

	while (p < end && tm_text_is_space(*p))
		p++;
	if (p == end)
		return TM_BLOCK_OTHER;
	e1 = tm_text_line_end(p, end, &next);
	if (line_starts(p, e1, "# tracer:")) {
		b2 = next;
		e2 = tm_text_line_end(b2, end, &next);
		trim(&b2, &e2);
		return line_is(b2, e2, "CGROUP DUMP") ? TM_BLOCK_CGROUP_DUMP
						      : TM_BLOCK_FTRACE;
	}
	trim(&p, &e1);
	if (line_is(p, e1, "PROCESS DUMP"))
		return TM_BLOCK_PROCESS_DUMP;
	if (*p == '{' || *p == '[')
		return TM_BLOCK_JSON;
	if (tm_text_looks_like_ftrace(p, (size_t)(end - p)))
		return TM_BLOCK_FTRACE;
	return TM_BLOCK_OTHER;
}

long tm_text_nul_in_head(const char *p, size_t len)
{
	const char *z = memchr(p, '\0', len < TM_NUL_HEAD ? len : TM_NUL_HEAD);

	return z ? z - p : -1;
}
