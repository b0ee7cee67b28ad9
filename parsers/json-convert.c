/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * json-convert.c - JSON value conversions (see json-lex.h): exact decimal
 * numbers, string unescaping and comparison, the strict repair copy.
 */
#include <string.h>

#include "json-lex.h"

const unsigned char tm_json_lex_escape[256] = {
	['"'] = '"', ['\\'] = '\\', ['/'] = '/', ['b'] = '\b', ['f'] = '\f',
	['n'] = '\n', ['r'] = '\r', ['t'] = '\t',
};

/* ---- numbers ------------------------------------------------------------ */

int tm_json_decimal(const char *s, size_t n, int scale, int64_t *out)
{
	size_t i = 0, ib, ie, fb, fe;
	bool neg = false;
	long long exp = 0, w;
	uint64_t acc = 0;
	int up = 0;

	if (i < n && (s[i] == '-' || s[i] == '+'))
		neg = s[i++] == '-';
	for (ib = i; i < n && tm_json_lex_is_digit((unsigned char)s[i]); i++)
		;
	ie = fb = fe = i;
	if (i < n && s[i] == '.') {
		for (fb = ++i; i < n && tm_json_lex_is_digit((unsigned char)s[i]); i++)
			;
		fe = i;
	}
	if (ie == ib && fe == fb)
		return -1;
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		bool eneg = false;

		if (++i < n && (s[i] == '-' || s[i] == '+'))
			eneg = s[i++] == '-';
		if (i == n || !tm_json_lex_is_digit((unsigned char)s[i]))
			return -1;
		for (; i < n && tm_json_lex_is_digit((unsigned char)s[i]); i++)
			if (exp < 100000000)        /* saturate: far beyond int64 */
				exp = exp * 10 + (s[i] - '0');
		if (eneg)
			exp = -exp;
	}
	if (i != n)
		return -1;
	if (!exp && ie - ib + (size_t)scale <= 18 && fe - fb <= (size_t)scale) {
		/* the usual "123456.789": exact without rounding, no overflow */
		for (i = ib; i < ie; i++)
			acc = acc * 10 + (unsigned)(s[i] - '0');
		for (i = fb; i < fb + (size_t)scale; i++)
			acc = acc * 10 + (i < fe ? (unsigned)(s[i] - '0') : 0);
		*out = neg ? -(int64_t)acc : (int64_t)acc;
		return 0;
	}
	/* digit k of the mantissa weighs 10^(w - k) in the result's units */
	w = (long long)(ie - ib) - 1 + exp + scale;
	for (i = ib; i < fe && w >= -1; i++) {
		unsigned d;

		if (i == ie) {
			i = fb;
			if (i == fe)
				break;
		}
		d = (unsigned)(s[i] - '0');
		if (w == -1) {
			up = d >= 5;
			w--;
			break;
		}
		if (acc > ((uint64_t)INT64_MAX - d) / 10)
			return -1;
		acc = acc * 10 + d;
		w--;
	}
	/* missing digits down to the units are zeros */
	for (; w >= 0 && acc; w--) {
		if (acc > (uint64_t)INT64_MAX / 10)
			return -1;
		acc *= 10;
	}
	if (acc + (uint64_t)up > (uint64_t)INT64_MAX)
		return -1;
	acc += (uint64_t)up;
	*out = neg ? -(int64_t)acc : (int64_t)acc;
	return 0;
}

/* ---- strings ------------------------------------------------------------ */

static size_t put_utf8(unsigned char *o, unsigned long cp)
{
	if (cp < 0x80) {
		o[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (unsigned char)(0xc0 | (cp >> 6));
		o[1] = (unsigned char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (unsigned char)(0xe0 | (cp >> 12));
		o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		o[2] = (unsigned char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (unsigned char)(0xf0 | (cp >> 18));
	o[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
	o[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
	o[3] = (unsigned char)(0x80 | (cp & 0x3f));
	return 4;
}

#define REPLACEMENT 0xfffdul

/* Decode one character of the string body [S, E) into O (up to 4 bytes,
 * *OLEN of them); returns the bytes of S it used. */
static size_t decode_one(const unsigned char *s, const unsigned char *e,
			 bool raw_bytes, unsigned char *o, size_t *olen)
{
	long cp, lo;
	size_t n;

	if (*s != '\\') {
		n = raw_bytes ? 1 : tm_json_lex_utf8_len(s, e);
		if (!n) {
			*olen = put_utf8(o, REPLACEMENT);
			return 1;
		}
		memcpy(o, s, n);
		*olen = n;
		return n;
	}
	if (e - s < 2) {
		*olen = put_utf8(o, REPLACEMENT);
		return 1;
	}
	if (s[1] != 'u') {
		*olen = tm_json_lex_escape[s[1]] ? put_utf8(o, tm_json_lex_escape[s[1]]) : put_utf8(o, REPLACEMENT);
		return 2;
	}
	if ((cp = tm_json_lex_hex4(s + 2, e)) < 0) {
		*olen = put_utf8(o, REPLACEMENT);
		return 2;
	}
	if (cp >= 0xd800 && cp <= 0xdbff && e - s >= 12 && s[6] == '\\' &&
	    s[7] == 'u' && (lo = tm_json_lex_hex4(s + 8, e)) >= 0xdc00 && lo <= 0xdfff) {
		*olen = put_utf8(o, 0x10000 + (((unsigned long)cp - 0xd800) << 10) +
				 ((unsigned long)lo - 0xdc00));
		return 12;
	}
	if (cp >= 0xd800 && cp <= 0xdfff)
		cp = REPLACEMENT;
	*olen = put_utf8(o, (unsigned long)cp);
	return 6;
}

size_t tm_json_unescape_part(const char *s, size_t n, size_t *used, char *dst, size_t room,
			     bool raw_bytes)
{
	const unsigned char *p = (const unsigned char *)s, *e = p + n;
	unsigned char *o = (unsigned char *)dst;
	size_t olen, left = room;

	while (p < e) {
		const unsigned char *q = p;

		if (raw_bytes) {        /* runs without escapes: one copy */
			q = memchr(p, '\\', (size_t)(e - p));
			if (!q)
				q = e;
		} else {
			while (q < e && *q != '\\' && *q < 0x80)
				q++;
		}
		if ((size_t)(q - p) > left)     /* (a run is cut anywhere) */
			q = p + left;
		memcpy(o, p, (size_t)(q - p));
		o += q - p;
		left -= (size_t)(q - p);
		if ((p = q) == e || left < 4)   /* (one character: 4 bytes at most) */
			break;
		p += decode_one(p, e, raw_bytes, o, &olen);
		o += olen;
		left -= olen;
	}
	*used = (size_t)(p - (const unsigned char *)s);
	return (size_t)(o - (unsigned char *)dst);
}

size_t tm_json_unescape(const char *s, size_t n, char *dst, bool raw_bytes)
{
	size_t used;

	return tm_json_unescape_part(s, n, &used, dst, SIZE_MAX, raw_bytes);
}

bool tm_json_body_eq(const char *s, size_t n, const char *lit)
{
	const unsigned char *p = (const unsigned char *)s, *e = p + n;
	size_t ln = strlen(lit), i = 0, olen;
	unsigned char o[4];

	if (!memchr(s, '\\', n))
		return n == ln && memcmp(s, lit, n) == 0;
	while (p < e) {
		p += decode_one(p, e, false, o, &olen);
		if (ln - i < olen || memcmp(lit + i, o, olen) != 0)
			return false;
		i += olen;
	}
	return i == ln;
}

size_t tm_json_repair_text(const char *p, size_t n, char *dst)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)p, *e = s + n, *q;
	size_t o = 0, len;

#define PUT(c) do { if (dst) dst[o] = (char)(c); o++; } while (0)
#define PUTS(str, k) do { if (dst) memcpy(dst + o, str, k); o += (k); } while (0)
	while (s < e) {
		if (*s == ',') {
			q = (const unsigned char *)tm_json_lex_ws((const char *)s + 1, (const char *)e);
			if (q == e || (*q != '}' && *q != ']'))
				PUT(',');
			s++;
			continue;
		}
		if (*s != '"') {
			PUT(*s);
			s++;
			continue;
		}
		PUT(*s);
		s++;
		while (s < e && *s != '"') {
			if (*s == '\\') {
				/* skip: what a bad escape takes (a lone surrogate's 6) */
				size_t skip = e - s >= 2 ? 2 : 1;
				if (e - s >= 2 && s[1] == 'u' && tm_json_lex_hex4(s + 2, e) >= 0)
					skip = 6, len = tm_json_lex_u_escape_len(s, e);
				else if (e - s >= 2 && tm_json_lex_escape[s[1]])
					len = 2;
				else
					len = 0;
				if (len)
					PUTS(s, len);
				else
					PUTS("\\ufffd", 6);
				s += len ? len : skip;
			} else if (*s < 0x20) {
				char u[6] = { '\\', 'u', '0', '0', hex[*s >> 4], hex[*s & 15] };
				PUTS(u, 6);
				s++;
			} else if ((len = tm_json_lex_utf8_len(s, e))) {
				PUTS(s, len);
				s += len;
			} else {
				PUTS("\xef\xbf\xbd", 3);
				s++;
			}
		}
		if (s < e) {
			PUT(*s);
			s++;
		}
	}
#undef PUT
#undef PUTS
	return o;
}
