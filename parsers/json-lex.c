/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * json-lex.c - validating and lenient JSON walkers (see json-lex.h).
 *
 * Hot loops: string bodies are scanned 16 bytes at a time (SSE2) or with a
 * byte table for the bytes that need a look ('"', '\\', control bytes and
 * non-ASCII); nested values are skipped with a depth counter and a bit stack,
 * never by recursion.
 */
#include <stdlib.h>
#include <string.h>

#include "json-lex.h"
#include "plain-run.h"

void tm_json_lex_init(struct tm_jl *jl, const char *end)
{
	memset(jl, 0, sizeof(*jl));
	jl->end = end;
	jl->stack = jl->inline_stack;
	jl->stack_words = TM_JL_INLINE_WORDS;
}

void tm_json_lex_free(struct tm_jl *jl)
{
	if (jl->stack != jl->inline_stack)
		free(jl->stack);
	jl->stack = jl->inline_stack;
	jl->stack_words = TM_JL_INLINE_WORDS;
}

static const char *truncated(struct tm_jl *jl)
{
	jl->err = NULL;
	return NULL;
}

static const char *syntax(struct tm_jl *jl, const char *at, const char *msg)
{
	jl->err = at;
	jl->msg = msg;
	return NULL;
}

/* ---- validating walkers ------------------------------------------------- */

const char *tm_json_lex_string(struct tm_jl *jl, const char *p)
{
	return tm_json_lex_string_from(jl, p + 1);
}

const char *tm_json_lex_string_from(struct tm_jl *jl, const char *p)
{
	const unsigned char *s = (const unsigned char *)p;
	const unsigned char *e = (const unsigned char *)jl->end;
	size_t n;

	for (;;) {
		s += tm_json_plain_len(s, e);
		if (s == e)
			return truncated(jl);
		switch (*s) {
		case '"':
			return (const char *)s + 1;
		case '\\':
			if (e - s < 2)
				return truncated(jl);
			if (s[1] == 'u' && tm_json_lex_hex4(s + 2, e) >= 0) {
				size_t k = tm_json_lex_u_escape_len(s, e);
				if (!k) {           /* a lone surrogate: no character */
					jl->flags |= TM_JL_BAD_STRING;
					k = 6;
				}
				s += k;
				break;
			}
			if (!tm_json_lex_escape[s[1]])
				jl->flags |= TM_JL_BAD_STRING;
			s += 2;
			break;
		default:
			n = *s < 0x20 ? 0 : tm_json_lex_utf8_len(s, e);
			if (!n) {
				jl->flags |= TM_JL_BAD_STRING;
				n = 1;
			}
			s += n;
		}
	}
}

const char *tm_json_lex_number(struct tm_jl *jl, const char *p)
{
	const char *e = jl->end, *q = p;

	if (*q == '-' && ++q == e)
		return truncated(jl);
	if (*q == '0')
		q++;
	else if (tm_json_lex_is_digit((unsigned char)*q))
		q = tm_json_lex_digits(q + 1, e);
	else
		return syntax(jl, q, "invalid number");
	if (q < e && *q == '.') {
		if (++q == e)
			return truncated(jl);
		if (!tm_json_lex_is_digit((unsigned char)*q))
			return syntax(jl, q, "invalid number: no digit after '.'");
		q = tm_json_lex_digits(q + 1, e);
	}
	if (q < e && (*q == 'e' || *q == 'E')) {
		if (++q == e)
			return truncated(jl);
		if ((*q == '+' || *q == '-') && ++q == e)
			return truncated(jl);
		if (!tm_json_lex_is_digit((unsigned char)*q))
			return syntax(jl, q, "invalid number: no digit in the exponent");
		q = tm_json_lex_digits(q + 1, e);
	}
	return q;
}

static const char *literal(struct tm_jl *jl, const char *p, const char *lit,
			   size_t n)
{
	size_t avail = (size_t)(jl->end - p);

	if (avail >= n)
		return memcmp(p, lit, n) == 0 ? p + n :
			syntax(jl, p, "expected a value");
	return memcmp(p, lit, avail) == 0 ? truncated(jl) :
		syntax(jl, p, "expected a value");
}

/* Record the kind of the container opened at DEPTH (0-based). */
static int push(struct tm_jl *jl, size_t depth, bool obj)
{
	size_t w = depth >> 6;
	uint64_t bit = (uint64_t)1 << (depth & 63);

	if (w >= jl->stack_words) {
		size_t nw = jl->stack_words * 2;
		uint64_t *ns;

		if (jl->stack == jl->inline_stack) {
			ns = malloc(nw * sizeof(*ns));
			if (ns)
				memcpy(ns, jl->inline_stack, sizeof(jl->inline_stack));
		} else {
			ns = realloc(jl->stack, nw * sizeof(*ns));
		}
		if (!ns)
			return -1;
		jl->stack = ns;
		jl->stack_words = nw;
	}
	if (obj)
		jl->stack[w] |= bit;
	else
		jl->stack[w] &= ~bit;
	return 0;
}

static inline bool is_obj(const struct tm_jl *jl, size_t depth)
{
	return (jl->stack[depth >> 6] >> (depth & 63)) & 1;
}

const char *tm_json_lex_value(struct tm_jl *jl, const char *p)
{
	const char *e = jl->end;
	size_t depth = 0;       /* open containers */
	bool obj = false;       /* the innermost one is an object */

	for (;;) {
		/* a value starts at P */
		if (p == e)
			return truncated(jl);
		switch (*p) {
		case '"':
			if (!(p = tm_json_lex_string(jl, p)))
				return NULL;
			break;
		case '{':
		case '[':
			obj = *p == '{';
			if (push(jl, depth++, obj))
				return syntax(jl, p, "out of memory (nesting too deep)");
			p = tm_json_lex_ws(p + 1, e);
			if (p == e)
				return truncated(jl);
			if (*p == (obj ? '}' : ']')) {
				p++;
				goto closed;
			}
			if (obj)
				goto key;
			continue;
		case 't':
			p = literal(jl, p, "true", 4);
			break;
		case 'f':
			p = literal(jl, p, "false", 5);
			break;
		case 'n':
			p = literal(jl, p, "null", 4);
			break;
		default:
			if (*p != '-' && !tm_json_lex_is_digit((unsigned char)*p))
				return syntax(jl, p, "expected a value");
			p = tm_json_lex_number(jl, p);
		}
		if (!p)
			return NULL;
		/* after a value: ',' or the end of the innermost container */
		for (;;) {
			if (!depth)
				return p;
			p = tm_json_lex_ws(p, e);
			if (p == e)
				return truncated(jl);
			if (*p == ',') {
				p = tm_json_lex_ws(p + 1, e);
				if (p == e)
					return truncated(jl);
				if (*p != (obj ? '}' : ']'))
					break;
				jl->flags |= TM_JL_TRAILING_COMMA;
			} else if (*p != (obj ? '}' : ']')) {
				return syntax(jl, p, obj ? "expected ',' or '}' in an object" :
					      "expected ',' or ']' in an array");
			}
			p++;
closed:
			depth--;
			obj = depth && is_obj(jl, depth - 1);
		}
		if (!obj)
			continue;
key:
		if (*p != '"')
			return syntax(jl, p, "expected a string (an object key)");
		if (!(p = tm_json_lex_string(jl, p)))
			return NULL;
		p = tm_json_lex_ws(p, e);
		if (p == e)
			return truncated(jl);
		if (*p != ':')
			return syntax(jl, p, "expected ':' after an object key");
		p = tm_json_lex_ws(p + 1, e);
	}
}

/* ---- lenient walkers ---------------------------------------------------- */

/* After the string at P ('"'), or NULL. */
static const char *lenient_str_end(const char *p, const char *e)
{
	const char *q = p + 1;

	while (q < e && (q = memchr(q, '"', (size_t)(e - q)))) {
		const char *b = q;

		while (b > p + 1 && b[-1] == '\\')
			b--;
		if (((q - b) & 1) == 0)
			return q + 1;
		q++;
	}
	return NULL;
}

/* Bytes a lenient container walk looks at. */
static const unsigned char nest_stop[256] = {
	['"'] = 1, ['{'] = 1, ['['] = 1, ['}'] = 2, [']'] = 2,
};

/* Bytes that end a number or literal. */
static const unsigned char scalar_end[256] = {
	[','] = 1, ['}'] = 1, [']'] = 1, [' '] = 1, ['\t'] = 1, ['\n'] = 1,
	['\r'] = 1, [':'] = 1, ['"'] = 1, ['{'] = 1, ['['] = 1,
};

const char *tm_json_lex_lenient_end(const char *p, const char *e)
{
	size_t depth = 0;

	if (p >= e)
		return NULL;
	if (*p == '"')
		return lenient_str_end(p, e);
	if (*p != '{' && *p != '[') {
		while (p < e && !scalar_end[(unsigned char)*p])
			p++;
		return p;
	}
	while (p < e) {
		switch (nest_stop[(unsigned char)*p]) {
		case 0:
			p++;
			continue;
		case 2:
			if (--depth == 0)
				return p + 1;
			p++;
			continue;
		}
		if (*p == '"') {
			if (!(p = lenient_str_end(p, e)))
				return NULL;
			continue;
		}
		depth++;
		p++;
	}
	return NULL;
}

struct tm_jval tm_json_lex_top_key(const char *text, size_t len, const char *key)
{
	const char *p = text, *e = text + len, *k, *ke, *v;
	struct tm_jval none = { TM_J_NONE, NULL, 0 };

	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	p = tm_json_lex_ws(p, e);
	if (p == e || *p != '{')
		return none;
	for (p++;;) {
		p = tm_json_lex_ws(p, e);
		if (p == e || *p != '"')
			return none;
		k = p;
		if (!(ke = lenient_str_end(p, e)))
			return none;
		p = tm_json_lex_ws(ke, e);
		if (p == e || *p != ':')
			return none;
		v = p = tm_json_lex_ws(p + 1, e);
		p = tm_json_lex_lenient_end(p, e);
		if (!p || p == v || p == e)     /* '}' must follow */
			return none;
		if (tm_json_body_eq(k + 1, (size_t)(ke - k - 2), key))
			return (struct tm_jval){ tm_json_lex_type(*v), v, (size_t)(p - v) };
		p = tm_json_lex_ws(p, e);
		if (p == e || *p != ',')
			return none;
		p++;
	}
}
