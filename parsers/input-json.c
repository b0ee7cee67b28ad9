/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * input-json.c - a Trace Event JSON input: one TM_BLOCK_JSON block, and
 * for the object form with a top-level "systemTraceEvents" string, that
 * string unescaped as a TM_BLOCK_FTRACE block (origin "systemTraceEvents").
 *
 * The key is looked for only when the text holds "systemTraceEvents" at
 * all (quoted_key_in), then by a lenient walk over the top-level keys, so
 * a plain JSON trace costs one search.  Perfetto refuses a systemTraceEvents that is
 * not a string (some Catapult traces hold an array): a counted warning, and
 * no kernel block.  An empty string gives no block.
 */
#include <stdio.h>
#include <string.h>

#include "decode.h"
#include "json-lex.h"
#include "str.h"

static const char key[] = "systemTraceEvents";

/* Does the text hold "systemTraceEvents" (quoted) anywhere?  Searched by
 * its tail, "TraceEvents\"" (tm_find_lit: the text's 16 starts at a time
 * on 'T' and 'r', rare in trace JSON), then the head before it: 1 GB of
 * JSON in 0.045 s, against 0.09 s for memmem of the whole key. */
static bool quoted_key_in(const char *p, size_t len)
{
	static const char head[] = "\"system", tail[] = "TraceEvents\"";
	const char *q = p, *e = p + len;

	while ((q = tm_find_lit(q, e, tail, sizeof(tail) - 1))) {
		if (q - p >= (ptrdiff_t)sizeof(head) - 1 &&
		    tm_mem_eq(q - (sizeof(head) - 1), head, sizeof(head) - 1))
			return true;
		q++;
	}
	return false;
}

static void where(const struct tm_input *in, const char *p, const char *at,
		  char *buf, size_t cap)
{
	struct tm_text_linepos lp;

	if (in->unmapped) {
		snprintf(buf, cap, "%s", in->name);
		return;
	}
	tm_text_linepos_init(&lp, p);
	snprintf(buf, cap, "%s:%lu", in->name, tm_text_linepos_at(&lp, (size_t)(at - p)));
}

int tm_input_json(struct tm_input *in, const char *p, size_t len,
		  const char *origin)
{
	if (tm_input_add_block(in, TM_BLOCK_JSON, p, len, 1, origin))
		return -1;
	return tm_input_json_system(in, in->nblocks - 1);
}

/* Unescape the string body S, N into the big buffer BUF (room enough),
 * *LEN the bytes: a part at a time into a window of its own, written into
 * BUF's scratch file (tm_big_write: none of its pages mapped by the
 * writer, no zeroing of new pages), or straight into BUF when no window
 * can be had.  0, or -1 with errno. */
#define UNESCAPE_PART ((size_t)1 << 20)

static int unescape_into(char *buf, const char *s, size_t n, size_t *len)
{
	char *part = malloc(UNESCAPE_PART);
	size_t used, k;

	*len = 0;
	if (!part) {
		*len = tm_json_unescape(s, n, buf, true);
		return 0;
	}
	for (; n; s += used, n -= used) {
		k = tm_json_unescape_part(s, n, &used, part, UNESCAPE_PART, true);
		if (tm_big_write(buf, *len, part, k)) {
			free(part);
			return -1;
		}
		*len += k;
	}
	free(part);
	return 0;
}

int tm_input_json_system(struct tm_input *in, size_t block)
{
	/* (copied: adding the kernel block may move in->blocks) */
	const char *p = in->blocks[block].data;
	size_t len = in->blocks[block].len;
	struct tm_jval v;
	size_t cap, n;
	char loc[300], *buf, *nb;

	if (!quoted_key_in(p, len))
		return 0;
	v = tm_json_lex_top_key(p, len, key);
	if (v.type == TM_J_NONE)
		return 0;
	if (v.type != TM_J_STRING) {
		where(in, p, v.p, loc, sizeof(loc));
		tm_diag_warn(in->d, "json-bad-type", loc,
			     "systemTraceEvents is not a string: no kernel trace read from it");
		return 0;
	}
	if (v.n <= 2)
		return 0;
	/* escapes shrink; a bad one ("\q", 2 bytes) may become U+FFFD (3) */
	cap = v.n - 2 + (v.n - 2) / 2 + 4;
	if (!(buf = tm_big_alloc(cap))) {
		tm_input_fail_big(in, "unescaping systemTraceEvents");
		return -1;
	}
	in->cheap_block = block;
	in->cheap_at = (size_t)(v.p - p);
	in->cheap_len = v.n;
	if (unescape_into(buf, v.p + 1, v.n - 2, &n)) {
		tm_input_fail_big(in, "unescaping systemTraceEvents");
		tm_big_free(buf, cap);
		return -1;
	}
	if (n && n < cap && (nb = tm_big_resize(buf, cap, n))) {
		buf = nb;
		cap = n;
	}
	if (tm_input_keep_big(in, buf, cap))
		return -1;
	return n ? tm_input_add_block(in, TM_BLOCK_FTRACE, buf, n, 0, key) : 0;
}
