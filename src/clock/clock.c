/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* clock.c - exact clock maps (see tracemerge/clock.h; marker fits: clock-fit.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock-int.h"

/* ---- exact maps -------------------------------------------------------- */

/* P / D rounded to the nearest integer, ties away from zero (D > 0). */
static i128 div_round(i128 p, i128 d)
{
	i128 q = p / d, r = p % d;

	if (r < 0)
		r = -r;
	if (2 * r >= d)
		q += p < 0 ? -1 : 1;
	return q;
}

struct tm_clock_map tm_clock_identity(void)
{
	struct tm_clock_map m = { 0, 0, 0 };
	return m;
}

struct tm_clock_map tm_clock_offset(int64_t off)
{
	struct tm_clock_map m = { 0, off, 0 };
	return m;
}

int tm_clock_apply(const struct tm_clock_map *m, int64_t x, int64_t *y)
{
	/* |dx| < 2^64 and |rate_fs| <= 2^63, so dx * rate_fs fits in 128 bits */
	i128 dx = (i128)x - m->x0;
	i128 v = (i128)m->y0 + dx;

	/* no drift (an offset alone): no product to divide */
	if (m->rate_fs)
		v += div_round(dx * m->rate_fs, FS);

	if (!fits_i64(v))
		return -1;
	*y = (int64_t)v;
	return 0;
}

int tm_clock_compose(const struct tm_clock_map *a, const struct tm_clock_map *b,
		     struct tm_clock_map *out)
{
	struct tm_clock_map r;
	i128 rate;

	r.x0 = a->x0;
	if (tm_clock_apply(b, a->y0, &r.y0))     /* a(a->x0) == a->y0 exactly */
		return -1;
	/* (1 + ra)(1 + rb) = 1 + ra + rb + ra*rb */
	rate = (i128)a->rate_fs + b->rate_fs + div_round((i128)a->rate_fs * b->rate_fs, FS);
	if (!fits_i64(rate))
		return -1;
	r.rate_fs = (int64_t)rate;
	*out = r;
	return 0;
}

int tm_clock_invert(const struct tm_clock_map *m, struct tm_clock_map *out)
{
	/* 1 / (1 + r) = 1 - r / (1 + r) */
	i128 den = (i128)FS + m->rate_fs, rate;

	if (den <= 0)
		return -1;
	rate = div_round(-(i128)m->rate_fs * FS, den);
	if (!fits_i64(rate))
		return -1;
	out->x0 = m->y0;
	out->y0 = m->x0;
	out->rate_fs = (int64_t)rate;
	return 0;
}

bool tm_clock_is_identity(const struct tm_clock_map *m)
{
	return m->rate_fs == 0 && m->x0 == m->y0;
}

bool tm_clock_is_us_offset(const struct tm_clock_map *m)
{
	return m->rate_fs == 0 && ((i128)m->y0 - m->x0) % 1000 == 0;
}
