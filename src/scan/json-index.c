/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * json-index.c - the first pass's notes of a JSON block's events (json-index.h).
 *
 * A record per event: four bytes (flags; the types of ts and dur; the type
 * of args.sync_id; the phase byte), then LEB128 numbers: the bytes between
 * the previous event's text and this one's (zigzag: a repaired text can be
 * longer than what it replaced), the text's length, the lines after the previous
 * event's, the ts value's place and length and its ns after the previous
 * event's (zigzag), the dur value's place, length and ns (zigzag), and for
 * a repaired event its text.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "decode.h"
#include "json-index.h"

#define IDX_BUFSZ (1u << 20)       /* the buffer's most; then spilled to a file */
#define IDX_BUF0 256               /* its first size: a block of a few events
				    * (systrace HTML may hold thousands of
				    * them) holds little */
#define REC_MAX 128                /* a record's longest part before its text */

enum { F_HAS_TS = 1, F_HAS_DUR = 2, F_REPAIRED = 4 };

struct tm_jidx {
	const char *base;
	char *buf;                 /* records being written, or read */
	size_t cap;                /* buf's size: IDX_BUF0 doubled up to IDX_BUFSZ
				    * (always IDX_BUFSZ once spilled) */
	size_t n;                  /* writing: bytes in buf */
	size_t pos, len;           /* reading: next byte, bytes in buf */
	int fd;                    /* the temporary file, or -1 (all in buf) */
	bool bad, reading;
	uint64_t count, left;
	/* the previous event's, for the deltas */
	uint64_t off, tlen, line, ts;
	struct tm_buf raw;         /* a repaired event's text, read back */
	struct tm_jidx *next;      /* read after this one (tm_jidx_append) */
};

struct tm_jidx *tm_jidx_new(const char *base)
{
	struct tm_jidx *x = calloc(1, sizeof(*x));

	if (!x || !(x->buf = malloc(IDX_BUF0))) {
		free(x);
		return NULL;
	}
	x->cap = IDX_BUF0;
	x->base = base;
	x->fd = -1;
	return x;
}

void tm_jidx_free(struct tm_jidx *x)
{
	if (!x)
		return;
	tm_jidx_free(x->next);
	if (x->fd >= 0)
		close(x->fd);
	tm_buf_free(&x->raw);
	free(x->buf);
	free(x);
}

uint64_t tm_jidx_count(const struct tm_jidx *x)
{
	return x->count + (x->next ? tm_jidx_count(x->next) : 0);
}

void tm_jidx_append(struct tm_jidx *x, struct tm_jidx *y)
{
	while (x->next)
		x = x->next;
	x->next = y;
}

/* ---- writing ------------------------------------------------------------ */

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* The buffer into the file (made the first time). */
static int spill(struct tm_jidx *x)
{
	if ((x->fd < 0 && (x->fd = tm_big_scratch_fd()) < 0) || write_all(x->fd, x->buf, x->n))
		return -1;
	x->n = 0;
	return 0;
}

/* Room for N (at most IDX_BUFSZ) more bytes in the buffer: grown
 * (doubled) up to IDX_BUFSZ, then spilled into the file. */
static int room(struct tm_jidx *x, size_t n)
{
	if (x->cap - x->n >= n)
		return 0;
	if (x->cap < IDX_BUFSZ) {
		size_t cap = x->cap;
		char *nb;

		while (cap < IDX_BUFSZ && cap - x->n < n)
			cap *= 2;
		if (!(nb = realloc(x->buf, cap)))
			return -1;
		x->buf = nb;
		x->cap = cap;
		if (x->cap - x->n >= n)
			return 0;
	}
	return spill(x);
}

static int put(struct tm_jidx *x, const char *p, size_t n)
{
	while (n) {
		size_t k;

		if (room(x, n < IDX_BUFSZ ? n : IDX_BUFSZ))
			return -1;
		k = x->cap - x->n < n ? x->cap - x->n : n;
		memcpy(x->buf + x->n, p, k);
		x->n += k;
		p += k;
		n -= k;
	}
	return 0;
}

static unsigned char *leb(unsigned char *o, uint64_t v)
{
	while (v >= 0x80) {
		*o++ = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	*o++ = (unsigned char)v;
	return o;
}

/* Zigzag of the int64 whose two's complement bits are V. */
static uint64_t zigzag(uint64_t v)
{
	return (v << 1) ^ (v >> 63 ? UINT64_MAX : 0);
}

static uint64_t unzigzag(uint64_t z)
{
	return (z >> 1) ^ (z & 1 ? UINT64_MAX : 0);
}

static bool small_type(enum tm_jtype t)
{
	return (unsigned)t <= TM_J_NULL;
}

int tm_jidx_add(struct tm_jidx *x, const struct tm_te_event *ev)
{
	bool repaired = ev->raw != x->base + ev->offset;
	unsigned char *o;

	if (x->bad || x->reading)
		return -1;
	if (ev->offset < x->off || ev->line < x->line || !small_type(ev->ts.type) ||
	    !small_type(ev->dur.type) || !small_type(ev->sync_id.type)) {
		x->bad = true;     /* not in the order read: cannot happen */
		return -1;
	}
	/* the record is made in place */
	if (room(x, REC_MAX)) {
		x->bad = true;
		return -1;
	}
	o = (unsigned char *)x->buf + x->n;
	*o++ = (unsigned char)((ev->has_ts ? F_HAS_TS : 0) | (ev->has_dur ? F_HAS_DUR : 0) |
			       (repaired ? F_REPAIRED : 0));
	*o++ = (unsigned char)(ev->ts.type | ev->dur.type << 4);
	*o++ = (unsigned char)ev->sync_id.type;
	*o++ = (unsigned char)ev->phase;
	o = leb(o, zigzag(ev->offset - x->off - x->tlen));
	o = leb(o, ev->raw_len);
	o = leb(o, ev->line - x->line);
	if (ev->ts.type != TM_J_NONE) {
		o = leb(o, (uint64_t)(ev->ts.p - ev->raw));
		o = leb(o, ev->ts.n);
	}
	if (ev->has_ts) {
		o = leb(o, zigzag((uint64_t)ev->ts_ns - x->ts));
		x->ts = (uint64_t)ev->ts_ns;
	}
	if (ev->dur.type != TM_J_NONE) {
		o = leb(o, (uint64_t)(ev->dur.p - ev->raw));
		o = leb(o, ev->dur.n);
	}
	if (ev->has_dur)
		o = leb(o, zigzag((uint64_t)ev->dur_ns));
	x->off = ev->offset;
	x->tlen = ev->raw_len;
	x->line = ev->line;
	x->n = (size_t)((char *)o - x->buf);
	if (repaired && put(x, ev->raw, ev->raw_len)) {
		x->bad = true;
		return -1;
	}
	x->count++;
	return 0;
}

/* ---- reading ------------------------------------------------------------ */

int tm_jidx_rewind(struct tm_jidx *x)
{
	if (x->bad)
		return -1;
	if (!x->reading && x->fd >= 0 && spill(x)) {
		x->bad = true;
		return -1;
	}
	x->reading = true;
	x->off = x->tlen = x->line = x->ts = 0;
	x->left = x->count;
	x->pos = 0;
	if (x->fd < 0) {
		x->len = x->n;     /* all of it in the buffer */
		return x->next ? tm_jidx_rewind(x->next) : 0;
	}
	x->len = 0;
	if (lseek(x->fd, 0, SEEK_SET) != 0) {
		x->bad = true;
		return -1;
	}
	return x->next ? tm_jidx_rewind(x->next) : 0;
}

/* At least WANT bytes from pos on in the buffer, or as many as are left. */
static int fill(struct tm_jidx *x, size_t want)
{
	if (x->len - x->pos >= want || x->fd < 0)
		return 0;
	memmove(x->buf, x->buf + x->pos, x->len - x->pos);
	x->len -= x->pos;
	x->pos = 0;
	while (x->len < want) {
		ssize_t r = read(x->fd, x->buf + x->len, x->cap - x->len);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		x->len += (size_t)r;
	}
	return 0;
}

/* A LEB128 number at *P (before E) into *V, *P moved past it; false when
 * it does not end before E or within 10 bytes. */
static inline bool get_leb(const unsigned char **p, const unsigned char *e, uint64_t *v)
{
	const unsigned char *q = *p;
	uint64_t r = 0;

	if (q < e && *q < 0x80) {
		*v = *q;           /* the usual: one byte */
		*p = q + 1;
		return true;
	}
	if (e - q >= 10) {
		/* all of it before E: no look at E on the way */
		for (unsigned shift = 0; shift < 64; shift += 7) {
			unsigned char c = *q++;
			r |= (uint64_t)(c & 0x7f) << shift;
			if (!(c & 0x80)) {
				*v = r;
				*p = q;
				return true;
			}
		}
		return false;
	}
	for (unsigned shift = 0; shift < 64 && q < e; shift += 7) {
		unsigned char c = *q++;
		r |= (uint64_t)(c & 0x7f) << shift;
		if (!(c & 0x80)) {
			*v = r;
			*p = q;
			return true;
		}
	}
	return false;
}

/* A value range of an event's text of RAW_LEN bytes (type T): its place
 * *AT and length into V; false when it does not lie in the text. */
static inline bool get_range(const unsigned char **p, const unsigned char *e, struct tm_jval *v,
			     enum tm_jtype t, size_t raw_len, uint64_t *at)
{
	uint64_t n;

	v->type = t;
	*at = 0;
	if (t == TM_J_NONE)
		return true;
	if (!get_leb(p, e, at) || !get_leb(p, e, &n) || *at > raw_len || n > raw_len - *at)
		return false;
	v->n = n;
	return true;
}

/* The repaired text of N bytes into x->raw. */
static int get_raw(struct tm_jidx *x, size_t n)
{
	x->raw.n = 0;
	if (tm_buf_reserve(&x->raw, n))
		return -1;
	while (n) {
		size_t k;
		if (fill(x, 1) || x->pos == x->len)
			return -1;
		k = x->len - x->pos < n ? x->len - x->pos : n;
		memcpy(x->raw.p + x->raw.n, x->buf + x->pos, k);
		x->raw.n += k;
		x->pos += k;
		n -= k;
	}
	return 0;
}

int tm_jidx_next(struct tm_jidx *x, struct tm_te_event *ev)
{
	uint64_t gap, len, dline, z = 0, ts_at, dur_at;
	const unsigned char *p, *e;
	unsigned char flags, types;

	if (!x->reading || x->bad)
		return -1;
	if (!x->left)
		return x->next ? tm_jidx_next(x->next, ev) : 0;
	if (fill(x, REC_MAX) || x->len - x->pos < 4)
		goto bad;
	p = (const unsigned char *)x->buf + x->pos;
	e = (const unsigned char *)x->buf + x->len;
	flags = p[0];
	types = p[1];
	ev->sync_id.type = (enum tm_jtype)p[2];
	ev->phase = (char)p[3];
	p += 4;
	ev->has_ts = flags & F_HAS_TS;
	ev->has_dur = flags & F_HAS_DUR;
	if (!get_leb(&p, e, &gap) || !get_leb(&p, e, &len) || !get_leb(&p, e, &dline) ||
	    !get_range(&p, e, &ev->ts, (enum tm_jtype)(types & 0xf), len, &ts_at) ||
	    (ev->has_ts && !get_leb(&p, e, &z)))
		goto bad;
	if (ev->has_ts)
		x->ts += unzigzag(z);
	ev->ts_ns = ev->has_ts ? (int64_t)x->ts : 0;
	z = 0;
	if (!get_range(&p, e, &ev->dur, (enum tm_jtype)(types >> 4), len, &dur_at) ||
	    (ev->has_dur && !get_leb(&p, e, &z)))
		goto bad;
	ev->dur_ns = (int64_t)unzigzag(z);
	x->pos = (size_t)((const char *)p - x->buf);
	x->off += x->tlen + unzigzag(gap);
	x->tlen = len;
	x->line += dline;
	ev->offset = x->off;
	ev->line = x->line;
	ev->raw_len = len;
	if (flags & F_REPAIRED) {
		if (get_raw(x, len))
			goto bad;
		ev->raw = x->raw.p;
	} else {
		ev->raw = x->base + x->off;
	}
	ev->repaired = flags & F_REPAIRED;
	ev->ts.p = ev->ts.type != TM_J_NONE ? ev->raw + ts_at : NULL;
	ev->dur.p = ev->dur.type != TM_J_NONE ? ev->raw + dur_at : NULL;
	x->left--;
	return 1;
bad:
	x->bad = true;
	return -1;
}
