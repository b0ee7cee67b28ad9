/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* buf.h - a growable byte buffer (reused across lines: no per-line malloc). */
#ifndef TM_BUF_H
#define TM_BUF_H

#include <stdlib.h>
#include <string.h>

struct tm_buf {
	char *p;
	size_t n, cap;
	int oom;
};

static inline int tm_buf_reserve(struct tm_buf *b, size_t more)
{
	if (b->cap - b->n >= more)
		return 0;
	size_t cap = b->cap ? b->cap : 256;
	while (cap - b->n < more) {
		if (cap > ((size_t)-1) / 2) {
			b->oom = 1;
			return -1;
		}
		cap *= 2;
	}
	char *np = realloc(b->p, cap);
	if (!np) {
		b->oom = 1;
		return -1;
	}
	b->p = np;
	b->cap = cap;
	return 0;
}

static inline void tm_buf_add(struct tm_buf *b, const void *p, size_t n)
{
	if (n && tm_buf_reserve(b, n) == 0) {
		memcpy(b->p + b->n, p, n);
		b->n += n;
	}
}

static inline void tm_buf_addc(struct tm_buf *b, char c)
{
	tm_buf_add(b, &c, 1);
}

static inline void tm_buf_adds(struct tm_buf *b, const char *s)
{
	tm_buf_add(b, s, strlen(s));
}

static inline void tm_buf_free(struct tm_buf *b)
{
	free(b->p);
	memset(b, 0, sizeof(*b));
}

#endif
