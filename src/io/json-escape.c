/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* json-escape.c - JSON string escaping into an output, and UTF-8 made
 * safe (output.h). */
#include <string.h>

#include "output.h"
#include "plain-run.h"
#include "safe-text.h"

/* Escape one byte sequence at P (tm_json_stop[*p]); returns bytes consumed. */
static size_t escape_one(struct tm_out *o, const unsigned char *p, const unsigned char *e)
{
	static const char hex[] = "0123456789abcdef";
	unsigned char c = *p;
	size_t len = c >= 0x80 ? tm_utf8_seq_len(p, (size_t)(e - p)) : 0;

	if (len) {
		tm_out_write(o, p, len);
		return len;
	}
	switch (c) {
	case '"': tm_out_write(o, "\\\"", 2); break;
	case '\\': tm_out_write(o, "\\\\", 2); break;
	case '\n': tm_out_write(o, "\\n", 2); break;
	case '\t': tm_out_write(o, "\\t", 2); break;
	case '\r': tm_out_write(o, "\\r", 2); break;
	default:
		if (c < 0x20) {
			char u[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
			tm_out_write(o, u, 6);
		} else {
			tm_out_write(o, "\\ufffd", 6);
			o->bad_utf8++;
		}
	}
	return 1;
}

/* The reference loop (the tuning's reference path): one byte at a time. */
static void json_chars_ref(struct tm_out *o, const unsigned char *p, const unsigned char *e)
{
	while (p < e) {
		if (tm_json_stop[*p]) {
			p += escape_one(o, p, e);
		} else {
			tm_out_write(o, p, 1);
			p++;
		}
	}
}

/* Escaped string body: runs of plain bytes are copied straight into the
 * output buffer. */
void tm_out_json_chars(struct tm_out *o, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *e = p + n;

	if (o->reference) {
		json_chars_ref(o, p, e);
		return;
	}
	while (p < e) {
		size_t k = tm_json_plain_len(p, e);

		tm_out_write(o, p, k);
		p += k;
		if (p < e)
			p += escape_one(o, p, e);
	}
}

void tm_out_json_str(struct tm_out *o, const char *p, size_t n)
{
	tm_out_write(o, "\"", 1);
	tm_out_json_chars(o, p, n);
	tm_out_write(o, "\"", 1);
}

size_t tm_utf8_copy(char *dst, size_t cap, const char *src, size_t n)
{
	const unsigned char *p = (const unsigned char *)src, *e;
	size_t o = 0, bad = 0;

	if (cap)
		dst[0] = '\0';
	if (!n)
		return 0; /* src may be NULL: no pointer arithmetic on it */
	e = p + n;

	while (p < e) {
		size_t len = *p >= 0x20 ? tm_utf8_seq_len(p, (size_t)(e - p)) : 0;
		const char *rep = len ? (const char *)p : "\xef\xbf\xbd";
		size_t rlen = len ? len : 3;
		if (o + rlen >= cap)
			break;
		memcpy(dst + o, rep, rlen);
		o += rlen;
		p += len ? len : 1;
		bad += !len;
	}
	if (cap)
		dst[o] = '\0';
	return bad;
}
