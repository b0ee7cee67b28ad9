/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* budget.c - table keys of bounded size (budget.h). */
#include <string.h>

#include "budget.h"

static const char ellipsis[] = "\xe2\x80\xa6";

/* The end of the last whole UTF-8 character of P at or before P + MAX:
 * MAX moved back over continuation bytes. */
static size_t utf8_cut(const char *p, size_t max)
{
	size_t i = max;

	while (i > 0 && ((unsigned char)p[i] & 0xc0) == 0x80 && max - i < 3)
		i--;
	return i;
}

size_t tm_name_key(char *key, const char *p, size_t n, const char **out)
{
	size_t k;

	*out = p;
	if (n <= TM_NAME_KEEP)
		return n;
	k = utf8_cut(p, TM_NAME_KEEP);
	memcpy(key, p, k);
	memcpy(key + k, ellipsis, 3);
	*out = key;
	return k + 3;
}

/* Bytes of the JSON escape at P (P[0] == '\\'; E: the string's end): a
 * high surrogate followed by its low one counts as one of 12 bytes. */
static size_t escape_len(const char *p, const char *e)
{
	if (e - p < 2 || p[1] != 'u')
		return 2;
	if (e - p >= 12 && (p[2] == 'd' || p[2] == 'D') &&
	    strchr("89abAB", p[3]) && p[6] == '\\' && p[7] == 'u')
		return 12;
	return 6;
}

size_t tm_json_name_key(char *key, const char *p, size_t n, const char **out)
{
	const char *e = p + n - 1, *q = p + 1, *lim = p + 1 + TM_NAME_KEEP;
	size_t k;

	*out = p;
	if (n < 2 || n - 2 <= TM_NAME_KEEP)
		return n;
	while (q < lim) {
		size_t step = *q == '\\' ? escape_len(q, e) : 1;
		if (q + step > lim)
			break;
		q += step;
	}
	k = (size_t)(q - p);
	if (q == lim)   /* stopped on the limit: maybe inside a character */
		k = 1 + utf8_cut(p + 1, TM_NAME_KEEP);
	memcpy(key, p, k);
	memcpy(key + k, ellipsis, 3);
	key[k + 3] = '"';
	*out = key;
	return k + 4;
}
