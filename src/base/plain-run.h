/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * plain-run.h - the length of a run of bytes that a JSON string can hold as
 * they are: anything but '"', '\\', control bytes and non-ASCII (which
 * need an escape or a UTF-8 check).  16 bytes at a time with SSE2.  Shared
 * by the JSON lexer (string bodies) and the JSON output (escaping).
 */
#ifndef TM_PLAINRUN_H
#define TM_PLAINRUN_H

#include <stddef.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Bytes a run stops at: '"', '\\', controls, non-ASCII. */
static const unsigned char tm_json_stop[256] = {
	[0x00 ... 0x1f] = 1, ['"'] = 1, ['\\'] = 1, [0x80 ... 0xff] = 1,
};

#ifdef __SSE2__
/* Bit i set: P[i] is a stop byte (16 bytes at P, all readable). */
static inline unsigned tm_json_stop_mask16(const unsigned char *p)
{
	__m128i v = _mm_loadu_si128((const __m128i *)p);
	/* signed compare: < ' ' catches controls and bytes >= 0x80 */
	__m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
					      _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
				 _mm_cmplt_epi8(v, _mm_set1_epi8(' ')));
	return (unsigned)_mm_movemask_epi8(m);
}
#endif

/* Bytes from P (before E) up to the first stop byte. */
static inline size_t tm_json_plain_len(const unsigned char *p, const unsigned char *e)
{
	const unsigned char *s = p;
#ifdef __SSE2__

	while (e - s >= 16) {
		unsigned mask = tm_json_stop_mask16(s);

		if (mask)
			return (size_t)(s - p) + (size_t)__builtin_ctz(mask);
		s += 16;
	}
#endif
	while (s < e && !tm_json_stop[*s])
		s++;
	return (size_t)(s - p);
}

/* Is every byte of [P, E) plain?  16 bytes at a time; a last piece
 * shorter than 16 is read as the last 16 bytes (read again in part). */
static inline int tm_json_all_plain(const unsigned char *p, const unsigned char *e)
{
#ifdef __SSE2__
	if (e - p >= 16) {
		for (; e - p > 16; p += 16)
			if (tm_json_stop_mask16(p))
				return 0;
		return !tm_json_stop_mask16(e - 16);
	}
#endif
	return tm_json_plain_len(p, e) == (size_t)(e - p);
}

#endif
