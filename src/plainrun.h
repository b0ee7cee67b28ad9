/*
 * plainrun.h - the length of a run of bytes that a JSON string can hold as
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

/* Bytes from P (before E) up to the first stop byte. */
static inline size_t tm_json_plain_len(const unsigned char *p, const unsigned char *e)
{
	const unsigned char *s = p;
#ifdef __SSE2__
	const __m128i quote = _mm_set1_epi8('"'), bslash = _mm_set1_epi8('\\');
	const __m128i space = _mm_set1_epi8(' ');

	while (e - s >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)s);
		/* signed compare: < ' ' catches controls and bytes >= 0x80 */
		__m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote),
						      _mm_cmpeq_epi8(v, bslash)),
					 _mm_cmplt_epi8(v, space));
		unsigned mask = (unsigned)_mm_movemask_epi8(m);

		if (mask)
			return (size_t)(s - p) + (size_t)__builtin_ctz(mask);
		s += 16;
	}
#endif
	while (s < e && !tm_json_stop[*s])
		s++;
	return (size_t)(s - p);
}

#endif
