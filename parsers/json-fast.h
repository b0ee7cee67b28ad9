/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * json-fast.h - the inline fast paths of the Trace Event JSON walk
 * (trace-event-json.c), private: strings scanned 16 bytes at a time without a call,
 * and simple numbers recognised from an SSE2 digit mask and converted 8
 * digits at a time.  Each gives up (hands over to the general walkers of
 * json-lex.c) wherever its answer could differ from theirs.
 */
#ifndef TM_PARSERS_JSONFAST_H
#define TM_PARSERS_JSONFAST_H

#include <stdbool.h>
#include <stdint.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "json-lex.h"
#include "plain-run.h"

/* Bits of the stop bytes of plain-run.h among the 16 bytes at S. */
static inline unsigned tm_jf_stop_mask16(const unsigned char *s)
{
#ifdef __SSE2__
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
	__m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
					      _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
				 _mm_cmplt_epi8(v, _mm_set1_epi8(' ')));
	return (unsigned)_mm_movemask_epi8(m);
#else
	unsigned m = 0;

	for (int i = 0; i < 16; i++)
		m |= (unsigned)tm_json_stop[s[i]] << i;
	return m;
#endif
}

/* The string at P ('"') like tm_json_lex_string(); *PLAIN: it holds only plain
 * bytes (no escape), which the usual key or value does, seen 16 bytes at a
 * time without a call.  Anything else goes on in tm_json_lex_string_from(). */
static inline const char *tm_jf_string(struct tm_jl *jl, const char *p, bool *plain)
{
	const unsigned char *s = (const unsigned char *)p + 1;
	const unsigned char *e = (const unsigned char *)jl->end;

	while (e - s >= 16) {
		unsigned m = tm_jf_stop_mask16(s);

		if (m) {
			s += __builtin_ctz(m);
			if (*s == '"') {
				*plain = true;
				return (const char *)s + 1;
			}
			break;
		}
		s += 16;
	}
	*plain = false;
	return tm_json_lex_string_from(jl, (const char *)s);
}

/* Bits of the ASCII digits among the 16 bytes at S. */
static inline unsigned tm_jf_digit_mask16(const char *s)
{
#ifdef __SSE2__
	__m128i t = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(const void *)s),
				 _mm_set1_epi8('0'));

	/* t <= 9 unsigned: min(t, 9) == t */
	return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(t, _mm_set1_epi8(9)), t));
#else
	unsigned m = 0;

	for (int i = 0; i < 16; i++)
		m |= (unsigned)tm_json_lex_is_digit((unsigned char)s[i]) << i;
	return m;
#endif
}

/*
 * The number at P if it is a simple one: -?(0|[1-9][0-9]{0,14})(.[0-9]{1,3})?
 * followed by a byte that cannot continue a number (so tm_json_lex_number() would
 * end it at the same place), not within 24 bytes of E.  Returns its end,
 * *MILLI its value times 1000 (the exact ns of a µs value: tm_json_decimal()
 * gives the same) and *FRAC whether it has a fraction; NULL for any other
 * number (general path).
 */
static inline const char *tm_jf_simple_number(const char *p, const char *e, int64_t *milli,
					bool *frac)
{
	const char *q = p + (*p == '-');
	unsigned mask, n, m = 0, f = 0;
	uint64_t acc;

	/* the digits among the 16 bytes after the sign (24 bytes from P on:
	 * two 8-byte looks at the integer digits, and the decimals) */
	if (e - p < 24)
		return NULL;
	mask = tm_jf_digit_mask16(q);
	n = (unsigned)__builtin_ctz(~mask);     /* integer digits (bit 16 of ~MASK is set) */
	if (n == 0 || n > 15 || (n > 1 && *q == '0'))
		return NULL;
	if (n <= 8)
		acc = tm_json_lex_digits8_value(q, n);
	else
		acc = tm_json_lex_digits8_value(q, n - 8) * 100000000u + tm_json_lex_digits8_value(q + n - 8, 8);
	*frac = q[n] == '.';
	if (*frac) {
		const char *d = q + n + 1;

		/* at most 3 decimals: the byte after them is looked at below */
		while (m < 3 && tm_json_lex_is_digit((unsigned char)d[m]))
			f = f * 10 + (unsigned)(d[m++] - '0');
		if (m == 0)
			return NULL;
		for (unsigned k = m; k < 3; k++)
			f *= 10;
		n += 1 + m;
	}
	q += n;
	if (tm_json_lex_is_digit((unsigned char)*q) || *q == '.' || (*q | 0x20) == 'e')
		return NULL;
	acc = acc * 1000 + f;
	*milli = *p == '-' ? -(int64_t)acc : (int64_t)acc;
	return q;
}

#endif
