/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * html.c - split the three systrace HTML generations into blocks.
 *
 * 1. legacy:     var linuxPerfData = "\  +  ftrace lines ending \n\  +  \n";
 *                the JS string is unescaped into one ftrace block whose
 *                lines still map one to one onto the file's lines.
 * 2. multi:      <!-- BEGIN TRACE --> <script class="trace-data"
 *                type="application/text"> raw text </script> ... <!-- END
 *                TRACE -->, one block per agent, pointing into the file.
 * 3. trace2html: <script id="viewer-data" type="text/plain|application/json">
 *                base64(gzip(trace)) </script>, one block per trace.
 *
 * The page is walked as a browser parses it (html-scan.h), and the
 * container met first decides: a <!-- BEGIN TRACE --> comment, a
 * trace-data or viewer-data <script> element, or a plain <script> one of
 * whose lines starts with the legacy string.  Whole files as systrace.py
 * writes them hold the trace viewer's JavaScript first, and that code
 * holds every marker as text ("  var linuxPerfData = \"\\" in the legacy
 * importer's regular expression, class="trace-data" in its strings); the
 * text of a script is never taken for a tag, and the legacy string counts
 * only at the start of a line (as Catapult's importer matches it) or of
 * its script.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "html-scan.h"

#define LEGACY_NAME "linuxPerfData"

/* The first S in [P, END), or NULL.  The search runs on one byte of S that
 * is seldom in the trace text between the markers ('<', '"', '='): memchr
 * passes megabytes of it much faster than memmem, which stops at every
 * byte that could start S. */
static const char *find(const char *p, const char *end, const char *s)
{
	size_t n = strlen(s), k = strcspn(s, "<\"=");
	const char *q;

	if (k == n)
		k = 0;
	for (q = p + k; end - q >= (ptrdiff_t)(n - k); q++) {
		q = memchr(q, s[k], (size_t)(end - q) - (n - k - 1));
		if (!q)
			return NULL;
		if (memcmp(q - k, s, n) == 0)
			return q - k;
	}
	return NULL;
}

/* What the walk of a page met, for the message when it holds no trace. */
struct seen {
	unsigned long scripts;          /* <script> elements */
	unsigned long legacy_text;      /* line of a "linuxPerfData" that is not the
					 * legacy string (0: none) */
	unsigned long cut;              /* line of the element the page ends
					 * inside (0: none) */
	const char *cut_what;           /* "<script> element", "comment" */
};

/* The end of IT's text: its close, or the end of the page. */
static const char *text_end(const struct tm_html_item *it, const char *end)
{
	return it->close ? it->close : end;
}

/* ---- the containers' scripts ---------------------------------------------- */

/* Error unless IT is a complete <script>...</script> element of the page
 * that W walks: the element the file ends inside, and where it ends. */
static int check_script(struct tm_input *in, const struct tm_html_item *it,
			const char *what, int idx, const struct tm_html_walk *w)
{
	size_t len = (size_t)(w->end - w->base);

	if (it->body && it->close)
		return 0;
	tm_input_fail_line(in, it->line, "%s block %d: %s (the file ends inside it, "
			   "at byte %zu, line %lu)", what, idx,
			   it->body ? "no </script> before the end" : "unterminated <script> tag",
			   len, tm_html_line_of(it, w->end));
	return -1;
}

/* The text of a script element: the newline after the tag is the
 * writer's, and so is the indentation before "</script>". */
static void script_text(const struct tm_html_item *it, const char **b, const char **e)
{
	*b = it->body;
	*e = it->close;
	if (*b < *e && **b == '\r')
		(*b)++;
	if (*b < *e && **b == '\n')
		(*b)++;
	while (*e > *b && ((*e)[-1] == ' ' || (*e)[-1] == '\t'))
		(*e)--;
}

/* ---- 1. legacy (var linuxPerfData = "...") ------------------------------ */

/* Is C a blank within a line? */
static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The opening quote of the legacy string whose name is at S, or NULL: S
 * must follow "var" and blanks at the start of a line or at B (the start
 * of its script), and be followed by '=' and a quote. */
static const char *legacy_quote_at(const char *b, const char *s, const char *end)
{
	const char *q = s, *c = s + strlen(LEGACY_NAME);

	while (q > b && is_blank(q[-1]))
		q--;
	if (q == s || q - b < 3 || memcmp(q - 3, "var", 3) != 0)
		return NULL;
	for (q -= 3; q > b && is_blank(q[-1]); q--)
		;
	if (q > b && q[-1] != '\n' && q[-1] != '\r')
		return NULL;
	while (c < end && is_blank(*c))
		c++;
	if (c == end || *c++ != '=')
		return NULL;
	while (c < end && is_blank(*c))
		c++;
	return c < end && (*c == '"' || *c == '\'') ? c : NULL;
}

/* The opening quote of the legacy string in the plain script IT (within
 * the page P, LEN), or NULL; *SEEN notes a name met elsewhere. */
static const char *legacy_quote(const struct tm_html_item *it, const char *p, size_t len,
				struct seen *seen)
{
	const char *e = text_end(it, p + len), *s, *q;

	if (!it->body)
		return NULL;
	for (s = it->body; (s = find(s, e, LEGACY_NAME)); s += strlen(LEGACY_NAME)) {
		if ((q = legacy_quote_at(it->body, s, e)))
			return q;
		if (!seen->legacy_text)
			seen->legacy_text = tm_html_line_of(it, s);
	}
	return NULL;
}

/* Source lines the string spends on leading line continuations. */
static unsigned long leading_continuations(const char *s, const char *end)
{
	unsigned long n = 0;

	while (end - s >= 2 && s[0] == '\\' && (s[1] == '\n' || s[1] == '\r')) {
		s += s[1] == '\r' && end - s >= 3 && s[2] == '\n' ? 3 : 2;
		n++;
	}
	return n;
}

/* The legacy string at QUOTE (on line LINE of the page P, LEN) unescaped
 * into IN's one ftrace block.  0 or -1. */
static int read_legacy(struct tm_input *in, const char *p, size_t len,
		       const char *quote, unsigned long line)
{
	const char *s = quote + 1, *end = p + len;
	size_t n = (size_t)(end - s), used, olen, i;
	char *buf, *nb;

	buf = tm_big_alloc(n);
	if (!buf) {
		tm_input_fail_big(in, "unescaping linuxPerfData");
		return -1;
	}
	if (tm_js_unescape(s, n, *quote, buf, &used, &olen) < 0) {
		tm_big_free(buf, n);
		tm_input_fail_line(in, line, "unterminated linuxPerfData string");
		return -1;
	}
	if (olen && olen < n && (nb = tm_big_resize(buf, n, olen))) {
		buf = nb;
		n = olen;
	}
	if (tm_input_keep_big(in, buf, n))
		return -1;
	for (i = 0; i < olen && tm_text_is_space(buf[i]); i++)
		;
	if (i == olen) {
		tm_input_fail_line(in, line, "empty linuxPerfData string");
		return -1;
	}
	in->format = TM_FMT_SYSTRACE_LEGACY;
	return tm_input_add_block(in, TM_BLOCK_FTRACE, buf, olen,
				  line + leading_continuations(s, end),
				  LEGACY_NAME);
}

/* ---- 2. multi-block (systrace.py) --------------------------------------- */

/* The trace-data script IT, the IDX-th of the page W walks, as IN's
 * block.  0 or -1. */
static int add_trace_data(struct tm_input *in, const struct tm_html_walk *w,
			  const struct tm_html_item *it, int idx)
{
	const char *b, *e;
	char origin[64];

	if (check_script(in, it, "trace-data", idx, w))
		return -1;
	script_text(it, &b, &e);
	snprintf(origin, sizeof(origin), "trace-data block %d", idx);
	return tm_input_add_block(in, tm_text_classify(b, (size_t)(e - b)), b,
				  (size_t)(e - b), tm_html_line_of(it, b), origin);
}

/* The trace-data blocks of the page that W walks, from FIRST (the BEGIN
 * TRACE comment, or the first trace-data script when there is none: then
 * every trace-data script of the page is read). */
static int read_multi(struct tm_input *in, struct tm_html_walk *w,
		      const struct tm_html_item *first)
{
	int begin = first->kind == TM_HTML_COMMENT, idx = 0;
	unsigned long begin_line = first->line;
	struct tm_html_item it = *first;

	do {
		if (it.kind == TM_HTML_COMMENT && begin && tm_html_comment_is(&it, "END TRACE")) {
			if (!idx) {
				tm_input_fail_line(in, begin_line, "no <script class=\"trace-data\"> "
						   "block between the trace markers");
				return -1;
			}
			in->format = TM_FMT_SYSTRACE_MULTI;
			return 0;
		}
		if (it.kind == TM_HTML_SCRIPT && (it.flags & TM_HTML_TRACE_DATA) &&
		    add_trace_data(in, w, &it, ++idx))
			return -1;
		if (it.kind == TM_HTML_SCRIPT && (!it.body || !it.close)) {
			tm_input_fail_line(in, it.line, "<script> element without </script>: "
					   "the page ends inside it");
			return -1;
		}
	} while (tm_html_next(w, &it));
	if (begin && w->cut_line) {
		tm_input_fail_line(in, begin_line, "<!-- BEGIN TRACE --> without <!-- END "
				   "TRACE -->: the page ends inside the %s of line %lu",
				   w->cut, w->cut_line);
		return -1;
	}
	if (begin) {
		tm_input_fail_line(in, begin_line, "<!-- BEGIN TRACE --> without "
				   "<!-- END TRACE -->");
		return -1;
	}
	in->format = TM_FMT_SYSTRACE_MULTI;
	return 0;
}

/* ---- 3. trace2html (base64(gzip) viewer-data) --------------------------- */

/* The decoded payload DATA, LEN of viewer-data block IDX (at LINE) as IN's
 * block, unless it is binary.  0 or -1. */
static int add_payload(struct tm_input *in, int idx, const char *data,
		       size_t len, unsigned long line, const char *origin)
{
	long nul = tm_text_nul_in_head(data, len);

	if (nul >= 0) {
		tm_input_fail_line(in, line, "viewer-data block %d: binary "
				   "payload (NUL at byte %ld)", idx, nul);
		return -1;
	}
	return tm_input_add_block(in, tm_text_classify(data, len), data, len,
				  0, origin);
}

/* The viewer-data script S, the IDX-th: raw text, base64 or
 * base64(gzip), as IN's block (an empty one adds none).  0 or -1. */
static int read_viewer_block(struct tm_input *in, const struct tm_html_item *s, int idx)
{
	const char *b = s->body, *e = s->close;
	size_t dlen, bad;
	unsigned long line;
	struct tm_inflated z;
	char origin[64], msg[160], *dec;
	int ret;

	snprintf(origin, sizeof(origin), "viewer-data block %d", idx);
	while (b < e && tm_text_is_space(*b))
		b++;
	if (b == e)
		return 0;               /* an empty slot: nothing to load */
	if (!tm_decode_base64_alphabet_only(b, (size_t)(e - b))) {
		script_text(s, &b, &e);         /* raw text, not encoded */
		return tm_input_add_block(in, tm_text_classify(b, (size_t)(e - b)),
					  b, (size_t)(e - b), tm_html_line_of(s, b), origin);
	}
	line = tm_html_line_of(s, b);
	ret = tm_decode_base64(b, (size_t)(e - b), &dec, &dlen, &bad);
	if (ret == -2) {
		tm_input_fail(in, "out of memory");
		return -1;
	}
	if (ret) {
		tm_input_fail_line(in, tm_html_line_of(s, b + bad),
				   "viewer-data block %d: invalid base64 at byte %zu "
				   "of the block", idx, bad);
		return -1;
	}
	if (!tm_decode_is_gzip(dec, dlen)) {
		if (tm_input_keep(in, dec))
			return -1;
		return add_payload(in, idx, dec, dlen, line, origin);
	}
	ret = tm_input_inflate(in, 1, dec, dlen, &z);
	free(dec);
	if (ret) {
		tm_decode_zerr_text(ret, &z, 1, in->budget, msg, sizeof(msg));
		if (ret == TM_Z_NOMEM)
			tm_input_fail_line(in, line, "viewer-data block %d: %s", idx, msg);
		else
			tm_input_fail_line(in, line, "viewer-data block %d: %s at byte %zu "
					   "of the decoded payload", idx, msg, z.err_off);
		return -1;
	}
	return add_payload(in, idx, z.data ? z.data : "", z.len, line, origin);
}

/* The viewer-data blocks of the page that W walks, from FIRST. */
static int read_trace2html(struct tm_input *in, struct tm_html_walk *w,
			   const struct tm_html_item *first)
{
	struct tm_html_item it = *first;
	int idx = 0;

	do {
		if (it.kind != TM_HTML_SCRIPT || !(it.flags & TM_HTML_VIEWER_DATA))
			continue;
		idx++;
		if (check_script(in, &it, "viewer-data", idx, w) ||
		    read_viewer_block(in, &it, idx))
			return -1;
	} while (tm_html_next(w, &it));
	if (!in->nblocks) {
		tm_input_fail(in, "viewer-data blocks hold no trace");
		return -1;
	}
	in->format = TM_FMT_TRACE2HTML;
	return 0;
}

/* ---- dispatch ------------------------------------------------------------ */

/* The error of a page in which the walk found no container (SEEN). */
static void fail_no_trace(struct tm_input *in, const struct seen *seen)
{
	char cut[128] = "", text[160] = "";

	if (seen->cut)
		snprintf(cut, sizeof(cut), "; the page ends inside the %s of line %lu",
			 seen->cut_what, seen->cut);
	if (seen->legacy_text)
		snprintf(text, sizeof(text), "; the \"" LEGACY_NAME "\" of line %lu is "
			 "script code, not the legacy string (which starts its line)",
			 seen->legacy_text);
	tm_input_fail(in, "HTML without trace data: %lu <script> element%s, none a "
		      "<script class=\"trace-data\"> or <script id=\"viewer-data\"> block "
		      "or holding a line \"var " LEGACY_NAME " = ...\", and no "
		      "<!-- BEGIN TRACE --> comment%s%s", seen->scripts,
		      seen->scripts == 1 ? "" : "s", text, cut);
}

int tm_html_read(struct tm_input *in, const char *p, size_t len)
{
	struct seen seen = { 0, 0, 0, NULL };
	struct tm_html_walk w;
	struct tm_html_item it;
	const char *q;

	tm_html_walk_init(&w, p, len);
	while (tm_html_next(&w, &it)) {
		if (it.kind == TM_HTML_COMMENT) {
			if (tm_html_comment_is(&it, "BEGIN TRACE"))
				return read_multi(in, &w, &it);
			if (!it.close) {
				seen.cut = it.line;
				seen.cut_what = "comment (no -->)";
			}
			continue;
		}
		if (it.flags & TM_HTML_TRACE_DATA)
			return read_multi(in, &w, &it);
		if (it.flags & TM_HTML_VIEWER_DATA)
			return read_trace2html(in, &w, &it);
		if ((q = legacy_quote(&it, p, len, &seen)))
			return read_legacy(in, p, len, q, tm_html_line_of(&it, q));
		if (!it.body || !it.close) {
			seen.cut = it.line;
			seen.cut_what = it.body ? "<script> element (no </script>)"
						: "<script> tag (no >)";
		}
	}
	seen.scripts = w.scripts;
	if (!seen.cut && w.cut_line) {
		seen.cut = w.cut_line;
		seen.cut_what = w.cut;
	}
	fail_no_trace(in, &seen);
	return -1;
}
