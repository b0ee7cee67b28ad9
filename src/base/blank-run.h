/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * blank-run.h - runs of blanks (' ' and '\t') and of non-blanks, 16 bytes at
 * a time with SSE2: ftrace lines are mostly padding and short tokens, and
 * the reader walks both kinds of run on every line.
 */
#ifndef TM_BLANKRUN_H
#define TM_BLANKRUN_H

#include <stddef.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

static inline int tm_is_blank(char c)
{
	return c == ' ' || c == '\t';
}

#ifdef __SSE2__
/* Bit i set: P[i] is a blank (16 bytes at P, all readable). */
static inline unsigned tm_blank_mask16(const char *p)
{
	__m128i v = _mm_loadu_si128((const __m128i *)p);
	__m128i m = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')),
				 _mm_cmpeq_epi8(v, _mm_set1_epi8('\t')));
	return (unsigned)_mm_movemask_epi8(m);
}
#endif

/* The first non-blank at or after P (E if none). */
static inline const char *tm_skip_blanks(const char *p, const char *e)
{
#ifdef __SSE2__
	while (e - p >= 16) {
		unsigned m = ~tm_blank_mask16(p) & 0xffffu;
		if (m)
			return p + __builtin_ctz(m);
		p += 16;
	}
#endif
	while (p < e && tm_is_blank(*p))
		p++;
	return p;
}

/* The first blank at or after P (E if none). */
static inline const char *tm_token_end(const char *p, const char *e)
{
#ifdef __SSE2__
	while (e - p >= 16) {
		unsigned m = tm_blank_mask16(p);
		if (m)
			return p + __builtin_ctz(m);
		p += 16;
	}
#endif
	while (p < e && !tm_is_blank(*p))
		p++;
	return p;
}

/* The first C at or after P, or NULL: for a byte expected within a few
 * dozen bytes, 16 at a time without a call. */
static inline const char *tm_find_byte(const char *p, const char *e, char c)
{
#ifdef __SSE2__
	const __m128i k = _mm_set1_epi8(c);

	for (; e - p >= 16; p += 16) {
		unsigned m = (unsigned)_mm_movemask_epi8(
			_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)p), k));
		if (m)
			return p + __builtin_ctz(m);
	}
#endif
	for (; p < e; p++)
		if (*p == c)
			return p;
	return NULL;
}

#endif
