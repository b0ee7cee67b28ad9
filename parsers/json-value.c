/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * json-value.c - the value helpers of tracemerge/tejson.h: exact µs -> ns and
 * integers from numbers or numeric strings, unescaping, comparison, the
 * one-level look-up in an object, the strict repair copy.
 */
#include <stdlib.h>
#include <string.h>

#include "tracemerge/tejson.h"
#include "tracemerge/ts.h"
#include "json-lex.h"

/* The text of a number, or the body of a string without escapes. */
static int number_text(const struct tm_jval *v, const char **s, size_t *n)
{
	if (v->type == TM_J_NUMBER && v->n) {
		*s = v->p;
		*n = v->n;
		return 0;
	}
	if (v->type == TM_J_STRING && v->n >= 2 && !memchr(v->p + 1, '\\', v->n - 2)) {
		*s = v->p + 1;
		*n = v->n - 2;
		return 0;
	}
	return -1;
}

int tm_json_us_to_ns(const struct tm_jval *v, int64_t *ns)
{
	const char *s;
	size_t n;

	if (number_text(v, &s, &n))
		return -1;
	return tm_json_decimal(s, n, 3, ns);
}

int tm_json_int(const struct tm_jval *v, int64_t *out)
{
	const char *s;
	size_t n;

	if (number_text(v, &s, &n))
		return -1;
	return tm_parse_i64(s, n, out);
}

char *tm_json_strdup(const struct tm_jval *v, size_t *len)
{
	char *s;
	size_t n;

	if (v->type == TM_J_NUMBER) {
		if (!(s = malloc(v->n + 1)))
			return NULL;
		memcpy(s, v->p, v->n);
		n = v->n;
	} else if (v->type == TM_J_STRING && v->n >= 2) {
		if (!(s = malloc(3 * (v->n - 2) + 1)))
			return NULL;
		n = tm_json_unescape(v->p + 1, v->n - 2, s, false);
	} else {
		return NULL;
	}
	s[n] = '\0';
	if (len)
		*len = n;
	return s;
}

bool tm_json_str_eq(const struct tm_jval *v, const char *s)
{
	return v->type == TM_J_STRING && v->n >= 2 &&
	       tm_json_body_eq(v->p + 1, v->n - 2, s);
}

struct tm_jval tm_json_get(const struct tm_jval *obj, const char *key)
{
	struct tm_jval none = { TM_J_NONE, NULL, 0 };
	const char *p, *e, *k, *ke, *v;

	if (obj->type != TM_J_OBJECT || obj->n < 2 || obj->p[0] != '{')
		return none;
	p = obj->p + 1;
	e = obj->p + obj->n;
	for (;;) {
		p = tm_json_lex_ws(p, e);
		if (p == e || *p != '"')
			return none;
		k = p;
		if (!(ke = tm_json_lex_lenient_end(p, e)))
			return none;
		p = tm_json_lex_ws(ke, e);
		if (p == e || *p != ':')
			return none;
		v = p = tm_json_lex_ws(p + 1, e);
		/* the value cannot be the object's last byte: '}' follows */
		if (!(p = tm_json_lex_lenient_end(p, e)) || p == v || p == e)
			return none;
		if (tm_json_body_eq(k + 1, (size_t)(ke - k - 2), key))
			return (struct tm_jval){ tm_json_lex_type(*v), v, (size_t)(p - v) };
		p = tm_json_lex_ws(p, e);
		if (p == e || *p != ',')
			return none;
		p++;
	}
}

char *tm_json_repair(const struct tm_jval *v, size_t *len)
{
	size_t n;
	char *s;

	if (v->type == TM_J_NONE)
		return NULL;
	n = tm_json_repair_text(v->p, v->n, NULL);
	if (!(s = malloc(n + 1)))
		return NULL;
	tm_json_repair_text(v->p, v->n, s);
	s[n] = '\0';
	if (len)
		*len = n;
	return s;
}
