/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* safe-text.c - strings made safe to print on a terminal (safe-text.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "safe-text.h"
#include "tracemerge/diag.h"

/* The bytes at P (N > 0 left) print as they are: how many, or 0 when the
 * first byte must be escaped (LINES: a line feed is kept). */
static size_t printable(const unsigned char *p, size_t n, bool lines)
{
	size_t len;

	if (p[0] < 0x80)
		return p[0] >= 0x20 && p[0] != 0x7f ? 1 : p[0] == '\t' || (lines && p[0] == '\n');
	len = tm_utf8_seq_len(p, n);
	/* U+0080 .. U+009F (C1 controls: 0xc2 0x80 .. 0xc2 0x9f) */
	if (len == 2 && p[0] == 0xc2 && p[1] < 0xa0)
		return 0;
	return len;
}

bool tm_safe_text_needed(const char *s, size_t n, bool lines)
{
	const unsigned char *p = (const unsigned char *)s;

	for (size_t i = 0, k; i < n; i += k)
		if (!(k = printable(p + i, n - i, lines)))
			return true;
	return false;
}

size_t tm_safe_text(char *dst, size_t cap, const char *s, size_t n, bool lines)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s;
	size_t o = 0;

	for (size_t i = 0; i < n;) {
		size_t k = printable(p + i, n - i, lines);

		if (k) {
			if (o + k >= cap)
				break;
			memcpy(dst + o, p + i, k);
			o += k;
			i += k;
			continue;
		}
		/* an escaped C1 character is both its bytes */
		k = p[i] == 0xc2 && i + 1 < n && p[i + 1] >= 0x80 && p[i + 1] < 0xa0 ? 2 : 1;
		if (o + 4 * k >= cap)
			break;
		for (size_t j = 0; j < k; j++, i++) {
			dst[o++] = '\\';
			dst[o++] = 'x';
			dst[o++] = hex[p[i] >> 4];
			dst[o++] = hex[p[i] & 15];
		}
	}
	dst[o] = 0;
	return o;
}

const char *tm_safe_str(const char *s)
{
	static _Thread_local char *ring[8];
	static _Thread_local unsigned next;
	size_t n, cap;
	char *copy;

	if (!s || !tm_safe_text_needed(s, n = strlen(s), false))
		return s;
	cap = 4 * n + 1;
	if (!(copy = malloc(cap)))
		return "(out of memory)";
	tm_safe_text(copy, cap, s, n, false);
	free(ring[next]);
	ring[next] = copy;
	next = (next + 1) % 8;
	return copy;
}

int tm_safe_fputs(const char *s, size_t n, FILE *f)
{
	char buf[4 * 256 + 1];

	while (n) {
		size_t k = n < 256 ? n : 256, w;

		/* a cut UTF-8 sequence is written whole by the next piece */
		while (k < n && k > 0 && ((unsigned char)s[k] & 0xc0) == 0x80 && n - k < 4 + k)
			if (--k == 0)
				k = n < 256 ? n : 256;
		w = tm_safe_text(buf, sizeof(buf), s, k, true);
		if (fwrite(buf, 1, w, f) != w)
			return EOF;
		s += k;
		n -= k;
	}
	return 0;
}

char *tm_utf8_valid_dup(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	char *d = malloc(3 * n + 1);
	size_t o = 0;

	if (!d)
		return NULL;
	for (size_t i = 0; i < n;) {
		size_t k = p[i] < 0x80 ? 1 : tm_utf8_seq_len(p + i, n - i);
		if (k) {
			memcpy(d + o, p + i, k);
			o += k;
			i += k;
		} else {
			memcpy(d + o, "\xef\xbf\xbd", 3);
			o += 3;
			i++;
		}
	}
	d[o] = 0;
	return d;
}

size_t tm_utf8_seq_len(const unsigned char *p, size_t n)
{
	unsigned char c = p[0];
	size_t len;
	uint32_t cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, cp = c & 0x07;
	else
		return 0;
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (p[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

void tm_buf_json_str(struct tm_buf *b, const char *p, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)p;
	size_t i = 0;

	tm_buf_addc(b, '"');
	while (i < n) {
		unsigned char c = s[i];
		if (c == '"' || c == '\\') {
			tm_buf_addc(b, '\\');
			tm_buf_addc(b, (char)c);
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			char e[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
			tm_buf_add(b, e, 6);
			i++;
		} else if (c < 0x80) {
			tm_buf_addc(b, (char)c);
			i++;
		} else {
			size_t l = tm_utf8_seq_len(s + i, n - i);
			if (l) {
				tm_buf_add(b, s + i, l);
				i += l;
			} else {
				tm_buf_adds(b, "\\ufffd");
				i++;
			}
		}
	}
	tm_buf_addc(b, '"');
}
