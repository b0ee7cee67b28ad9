/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * json-lex.h - low-level JSON lexing for the Trace Event JSON reader
 * (trace-event-json.c) and the input module (input-json.c).  Private, not API.
 *
 * Two kinds of walkers over text in place, never recursive:
 *  - validating (struct tm_jl): a value is checked against RFC 8259 while
 *    it is skipped, with a bit stack for the kinds of open containers (any
 *    depth).  What a strict parser would refuse but whose extent is still
 *    clear -- invalid UTF-8, raw control characters and bad escapes inside
 *    strings, trailing commas -- is tolerated and flagged, so that the
 *    caller can copy the value through tm_json_repair_text();
 *  - lenient (tm_json_lex_lenient_end): finds where a value ends, no checks,
 *    for values already validated or for a quick look at the top level.
 * Plus (json-convert.c) the exact decimal conversions, string unescaping and
 * the repair copy.
 */
#ifndef TM_PARSERS_JSONLEX_H
#define TM_PARSERS_JSONLEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tracemerge/tejson.h"

#define TM_JL_BAD_STRING     1u   /* invalid UTF-8 / control char / escape */
#define TM_JL_TRAILING_COMMA 2u   /* "[1,]" or {"a":1,} */

#define TM_JL_INLINE_WORDS 16     /* 1024 nesting levels without malloc */

struct tm_jl {
	const char *end;            /* end of the text being walked */
	const char *err;            /* on a syntax error: where */
	const char *msg;            /*   and what */
	unsigned flags;             /* TM_JL_* seen since the caller cleared it */
	size_t nls;                 /* newlines counted by tm_json_lex_ws_nl() callers */
	bool nl_lost;               /* some blanks went by uncounted */
	uint64_t *stack;            /* one bit per open container: 1 = object */
	size_t stack_words;
	uint64_t inline_stack[TM_JL_INLINE_WORDS];
};

void tm_json_lex_init(struct tm_jl *jl, const char *end);
void tm_json_lex_free(struct tm_jl *jl);

/*
 * The validating walkers take P at the first byte of the token and return
 * the byte after it.  NULL: jl->err set (syntax error at jl->err), or
 * jl->err NULL when the text ended inside the token (truncated).
 */
const char *tm_json_lex_string(struct tm_jl *jl, const char *p);   /* P at '"' */
/* The same from S inside the string body, all bytes before S being plain
 * (no '"', '\\', control or non-ASCII byte: see plain-run.h). */
const char *tm_json_lex_string_from(struct tm_jl *jl, const char *s);
const char *tm_json_lex_number(struct tm_jl *jl, const char *p);
const char *tm_json_lex_value(struct tm_jl *jl, const char *p);    /* any value */

/* A JSON blank: one compare for the usual byte that is none. */
static inline bool tm_json_lex_is_ws(char c)
{
	return (unsigned char)c <= ' ' && (c == ' ' || c == '\n' || c == '\r' || c == '\t');
}

static inline const char *tm_json_lex_ws(const char *p, const char *e)
{
	while (p < e && tm_json_lex_is_ws(*p))
		p++;
	return p;
}

/* tm_json_lex_ws(), adding the newlines it goes over to *NLS. */
static inline const char *tm_json_lex_ws_nl(const char *p, const char *e, size_t *nls)
{
	while (p < e && (unsigned char)*p <= ' ' &&
	       (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) {
		*nls += *p == '\n';
		p++;
	}
	return p;
}

static inline enum tm_jtype tm_json_lex_type(char c)
{
	switch (c) {
	case '"': return TM_J_STRING;
	case '{': return TM_J_OBJECT;
	case '[': return TM_J_ARRAY;
	case 't': return TM_J_TRUE;
	case 'f': return TM_J_FALSE;
	case 'n': return TM_J_NULL;
	default:  return TM_J_NUMBER;
	}
}

/* Lenient: the end of the value at P (inside [P, E)), or NULL when it does
 * not end before E.  Strings skip escapes, containers count depth. */
const char *tm_json_lex_lenient_end(const char *p, const char *e);

/* Lenient look-up of KEY among the keys of the top-level object of TEXT
 * (BOM and whitespace allowed before it); TM_J_NONE when absent or when the
 * walk meets something that is not JSON first (a value running to the end
 * of the text counts as cut: the object's '}' must follow it). */
struct tm_jval tm_json_lex_top_key(const char *text, size_t len, const char *key);

/*
 * Exact decimal conversion: "[+-]D[.F][(e|E)[+-]X]" times 10^SCALE (3 for
 * µs -> ns), rounded to the nearest integer, ties away from zero.  0, or -1
 * when S is not such a number or the result does not fit int64.
 */
int tm_json_decimal(const char *s, size_t n, int scale, int64_t *out);

/*
 * Unescape the body of a string (between its quotes) into DST and return
 * the length written.  Escapes are resolved (\uXXXX, surrogate pairs ->
 * UTF-8; invalid escapes and lone surrogates -> U+FFFD).  With RAW_BYTES
 * other bytes are copied as they are (DST needs N bytes); without, invalid
 * UTF-8 becomes U+FFFD (DST needs 3 * N bytes).
 */
size_t tm_json_unescape(const char *s, size_t n, char *dst, bool raw_bytes);
/* The same a part at a time: as much of S as fits in ROOM bytes of DST,
 * whole characters only (a run of plain bytes may be cut anywhere); *USED
 * the bytes of S taken.  The parts, one after the other, are what
 * tm_json_unescape() writes.  ROOM of 4 or more always takes some of S. */
size_t tm_json_unescape_part(const char *s, size_t n, size_t *used, char *dst, size_t room,
			     bool raw_bytes);

/* Does the string body S (N bytes, escapes allowed) read as plain LIT? */
bool tm_json_body_eq(const char *s, size_t n, const char *lit);

/*
 * Copy the value P (N bytes, whose extent tm_json_lex_value established) into
 * DST as strict JSON: invalid UTF-8 -> U+FFFD, control characters in
 * strings -> \u00XX, invalid escapes -> \ufffd, trailing commas dropped.
 * DST NULL: only the length is computed.  Returns the length.
 */
size_t tm_json_repair_text(const char *p, size_t n, char *dst);

/* ---- shared byte helpers (json-lex.c, json-convert.c) ----------------------- */

static inline bool tm_json_lex_is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/*
 * Digit runs 8 bytes at a time (SWAR).  tm_json_lex_lead_digits8: how many of
 * the 8 bytes at P are ASCII digits before the first other byte (8: all).
 * A byte is a digit when its high nibble is 3 and adding 6 keeps it so;
 * carries between bytes only start at a byte that is no digit and only
 * go to later bytes, so the first such byte is always seen right.
 */
static inline unsigned tm_json_lex_lead_digits8(const char *p)
{
	const uint64_t hi = 0xf0f0f0f0f0f0f0f0ull, three = 0x3030303030303030ull;
	uint64_t v, x;

	__builtin_memcpy(&v, p, 8);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	x = ((v & hi) ^ three) | (((v + 0x0606060606060606ull) & hi) ^ three);
	/* bit 7 of each byte of X that is not 0 */
	x = (x | (x + 0x7f7f7f7f7f7f7f7full)) & 0x8080808080808080ull;
	return x ? (unsigned)__builtin_ctzll(x) >> 3 : 8;
#else
	unsigned n = 0;

	(void)hi; (void)three; (void)x; (void)v;
	while (n < 8 && tm_json_lex_is_digit((unsigned char)p[n]))
		n++;
	return n;
#endif
}

/* The value of the N (1..8) digits at P, 8 bytes readable there. */
static inline uint64_t tm_json_lex_digits8_value(const char *p, unsigned n)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t v;

	__builtin_memcpy(&v, p, 8);
	/* the N digits to the top bytes, zeros (leading zeros) below */
	v = (v & 0x0f0f0f0f0f0f0f0full) << (8 * (8 - n));
	v = (v * 10 + (v >> 8)) & 0x00ff00ff00ff00ffull;
	v = (v * 100 + (v >> 16)) & 0x0000ffff0000ffffull;
	return (v * 10000 + (v >> 32)) & 0xffffffffull;
#else
	uint64_t v = 0;

	for (unsigned i = 0; i < n; i++)
		v = v * 10 + (unsigned)(p[i] - '0');
	return v;
#endif
}

/* After the run of ASCII digits at P (before E). */
static inline const char *tm_json_lex_digits(const char *p, const char *e)
{
	while (e - p >= 8) {
		unsigned n = tm_json_lex_lead_digits8(p);

		p += n;
		if (n < 8)
			return p;
	}
	while (p < e && tm_json_lex_is_digit((unsigned char)*p))
		p++;
	return p;
}

/* The value of the 4 hex digits at S (S + 4 <= E), or -1. */
static inline long tm_json_lex_hex4(const unsigned char *s, const unsigned char *e)
{
	long v = 0;

	if (e - s < 4)
		return -1;
	for (int i = 0; i < 4; i++) {
		unsigned char c = s[i];
		int h;

		if (c >= '0' && c <= '9')
			h = c - '0';
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			h = (c | 0x20) - 'a' + 10;
		else
			return -1;
		v = v * 16 + h;
	}
	return v;
}

/* The length of the \u escape at S ("\uXXXX", valid hex, S + 6 <= E): 6,
 * 12 for a surrogate pair "\uD8xx\uDCxx", or 0 for a lone surrogate
 * (which is no character: JSON readers that check refuse it). */
static inline size_t tm_json_lex_u_escape_len(const unsigned char *s, const unsigned char *e)
{
	long cp = tm_json_lex_hex4(s + 2, e), lo;

	if (cp < 0xd800 || cp > 0xdfff)
		return 6;
	if (cp <= 0xdbff && e - s >= 12 && s[6] == '\\' && s[7] == 'u' &&
	    (lo = tm_json_lex_hex4(s + 8, e)) >= 0xdc00 && lo <= 0xdfff)
		return 12;
	return 0;
}

/* Length of the valid UTF-8 sequence at P (< E), 0 if invalid. */
static inline size_t tm_json_lex_utf8_len(const unsigned char *p, const unsigned char *e)
{
	unsigned c = p[0];

	if (c < 0x80)
		return 1;
	if (c < 0xc2 || c > 0xf4)
		return 0;
	if (c < 0xe0)
		return e - p >= 2 && (p[1] & 0xc0) == 0x80 ? 2 : 0;
	if (c < 0xf0) {
		if (e - p < 3 || (p[1] & 0xc0) != 0x80 || (p[2] & 0xc0) != 0x80 ||
		    (c == 0xe0 && p[1] < 0xa0) || (c == 0xed && p[1] >= 0xa0))
			return 0;
		return 3;
	}
	if (e - p < 4 || (p[1] & 0xc0) != 0x80 || (p[2] & 0xc0) != 0x80 ||
	    (p[3] & 0xc0) != 0x80 || (c == 0xf0 && p[1] < 0x90) ||
	    (c == 0xf4 && p[1] >= 0x90))
		return 0;
	return 4;
}

/* The character a backslash escape stands for ('"' for \"), 0 if it is not
 * one of the one-character escapes (\u is handled apart). */
extern const unsigned char tm_json_lex_escape[256];

#endif
