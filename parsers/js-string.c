/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * js-string.c - JavaScript string literals unescaped (decode.h): the
 * legacy systrace container holds its ftrace text as one.
 */
#include <string.h>

#include "decode.h"

/* The value of the hex digit C, or -1. */
static int hex_value(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Parse N hex digits at S (within LEN); -1 if they are not all hex. */
static long hex_n(const char *s, size_t len, size_t n)
{
	long v = 0;

	if (len < n)
		return -1;
	for (size_t i = 0; i < n; i++) {
		int h = hex_value(s[i]);
		if (h < 0)
			return -1;
		v = v * 16 + h;
	}
	return v;
}

/* The code point CP as UTF-8 at D (a lone surrogate as U+FFFD); returns
 * the bytes written (1 to 4). */
static size_t put_utf8(char *d, unsigned long cp)
{
	if (cp >= 0xd800 && cp <= 0xdfff)
		cp = 0xfffd;            /* lone surrogate: keep the output UTF-8 */
	if (cp < 0x80) {
		d[0] = cp;
		return 1;
	}
	if (cp < 0x800) {
		d[0] = 0xc0 | (cp >> 6);
		d[1] = 0x80 | (cp & 0x3f);
		return 2;
	}
	if (cp < 0x10000) {
		d[0] = 0xe0 | (cp >> 12);
		d[1] = 0x80 | ((cp >> 6) & 0x3f);
		d[2] = 0x80 | (cp & 0x3f);
		return 3;
	}
	d[0] = 0xf0 | (cp >> 18);
	d[1] = 0x80 | ((cp >> 12) & 0x3f);
	d[2] = 0x80 | ((cp >> 6) & 0x3f);
	d[3] = 0x80 | (cp & 0x3f);
	return 4;
}

/* \uHHHH, a surrogate pair \uHHHH\uHHHH, or \u{H...}.  S points after the
 * 'u'.  Returns input bytes consumed (0: not a valid escape). */
static size_t js_unicode(const char *s, size_t len, unsigned long *cp)
{
	long v, lo;
	size_t i;

	if (len && s[0] == '{') {
		unsigned long acc = 0;
		for (i = 1; i < len && i < 9 && hex_value(s[i]) >= 0; i++)
			acc = acc * 16 + hex_value(s[i]);
		if (i == 1 || i >= len || s[i] != '}' || acc > 0x10ffff)
			return 0;
		*cp = acc;
		return i + 1;
	}
	v = hex_n(s, len, 4);
	if (v < 0)
		return 0;
	*cp = v;
	if (v >= 0xd800 && v <= 0xdbff && len >= 10 && s[4] == '\\' &&
	    s[5] == 'u') {
		lo = hex_n(s + 6, len - 6, 4);
		if (lo >= 0xdc00 && lo <= 0xdfff) {
			*cp = 0x10000 + (((unsigned long)v - 0xd800) << 10) +
			      ((unsigned long)lo - 0xdc00);
			return 10;
		}
	}
	return 4;
}

/* One escape: S points after the backslash (LEN > 0).  Writes to D,
 * returns input bytes consumed; *w receives output bytes. */
static size_t js_escape(const char *s, size_t len, char *d, size_t *w)
{
	unsigned long cp;
	size_t n;
	long v;

	*w = 1;
	switch (s[0]) {
	case '\n':
		*w = 0;                 /* line continuation */
		return 1;
	case '\r':
		*w = 0;
		return len > 1 && s[1] == '\n' ? 2 : 1;
	case 'n': d[0] = '\n'; return 1;
	case 't': d[0] = '\t'; return 1;
	case 'r': d[0] = '\r'; return 1;
	case 'b': d[0] = '\b'; return 1;
	case 'f': d[0] = '\f'; return 1;
	case 'v': d[0] = '\v'; return 1;
	case '0':
		if (len < 2 || s[1] < '0' || s[1] > '9') {
			d[0] = '\0';
			return 1;
		}
		break;
	case 'x':
		v = hex_n(s + 1, len - 1, 2);
		if (v < 0)
			break;
		*w = put_utf8(d, (unsigned long)v);
		return 3;
	case 'u':
		n = js_unicode(s + 1, len - 1, &cp);
		if (!n)
			break;
		*w = put_utf8(d, cp);
		return n + 1;
	}
	d[0] = s[0];                    /* \\ \" \' \/ and unknown escapes */
	return 1;
}

int tm_js_unescape(const char *s, size_t len, char quote, char *dst,
		   size_t *used, size_t *outlen)
{
	size_t i = 0, o = 0;

	while (i < len) {
		const char *bs = memchr(s + i, '\\', len - i);
		size_t span = bs ? (size_t)(bs - s) - i : len - i;
		const char *q = memchr(s + i, quote, span);
		size_t w;

		if (q) {
			span = (size_t)(q - s) - i;
			memmove(dst + o, s + i, span);
			*used = (size_t)(q - s);
			*outlen = o + span;
			return 0;
		}
		memmove(dst + o, s + i, span);
		o += span;
		i += span;
		if (!bs || i + 1 >= len)
			break;
		i += 1 + js_escape(s + i + 1, len - i - 1, dst + o, &w);
		o += w;
	}
	*used = len;
	*outlen = o;
	return -1;
}
