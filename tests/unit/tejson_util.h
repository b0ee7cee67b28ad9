/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tejson_util.h - helpers shared by test_tejson.c and test_tejson_bad.c:
 * read a whole text with the streaming reader and keep what it handed out. */
#ifndef TM_TEJSON_UTIL_H
#define TM_TEJSON_UTIL_H

#include "testutil.h"
#include "tracemerge/tejson.h"

#define MAXEV 64

struct res {
	struct tm_diag d;
	struct tm_te_reader *r;
	struct tm_te_event ev[MAXEV];   /* copies: raw of repaired events goes stale */
	size_t n;
	int rc;
	const struct tm_te_top *top;
};

/* Read TEXT (LEN bytes) whole, named "t.json", lines from FIRST. */
static inline void res_read_at(struct res *x, const char *text, size_t len, unsigned long first)
{
	struct tm_te_event ev;

	memset(x, 0, sizeof(*x));
	tm_diag_init(&x->d);
	x->r = tm_te_reader_new("t.json", text, len, first, &x->d);
	assert_non_null(x->r);
	while ((x->rc = tm_te_reader_next(x->r, &ev)) == 1) {
		assert_true(ev.raw_len >= 2 && ev.raw[0] == '{' && ev.raw[ev.raw_len - 1] == '}');
		if (x->n < MAXEV)
			x->ev[x->n] = ev;
		x->n++;
	}
	/* once at the end (or failed), it stays there */
	assert_int_equal(tm_te_reader_next(x->r, &ev), x->rc);
	assert_int_equal(tm_te_reader_next(x->r, &ev), x->rc);
	x->top = tm_te_reader_top(x->r);
	if (x->rc == 0)
		assert_int_equal(x->top->events, x->n);
}

static inline void res_read(struct res *x, const char *text)
{
	res_read_at(x, text, strlen(text), 1);
}

static inline void res_free(struct res *x)
{
	tm_te_reader_free(x->r);
	tm_diag_free(&x->d);
}

static inline bool jv_is(struct tm_jval v, enum tm_jtype t, const char *text)
{
	return v.type == t && v.n == strlen(text) && memcmp(v.p, text, v.n) == 0;
}

static inline const char *first_loc(const struct tm_diag *d, const char *kind)
{
	for (size_t i = 0; i < d->nwarn; i++)
		if (strcmp(d->warn[i].kind, kind) == 0)
			return d->warn[i].nlocs ? d->warn[i].locs[0] : "";
	return "(none)";
}

#endif
