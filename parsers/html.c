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
 * The marker met first in the page decides; the viewer's own JavaScript
 * mentions none of the exact markers.  JS string unescaping lives here too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"

#define BEGIN_MARK      "<!-- BEGIN TRACE -->"
#define END_MARK        "<!-- END TRACE -->"
#define TRACE_DATA_ATTR "class=\"trace-data\""
#define VIEWER_ATTR     "id=\"viewer-data\""
#define SCRIPT_OPEN     "<script"
#define SCRIPT_CLOSE    "</script>"
#define TAG_LOOKBACK    512     /* max bytes between "<script" and an attr */

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

/* The last S in [P, END), or NULL: for a marker near the end of the page,
 * found without reading the trace before it. */
static const char *find_last(const char *p, const char *end, const char *s)
{
	size_t n = strlen(s);
	const char *q;

	for (size_t room = (size_t)(end - p); room >= n; room = (size_t)(q - p) + n - 1) {
		q = memrchr(p, s[0], room - n + 1);
		if (!q)
			return NULL;
		if (memcmp(q, s, n) == 0)
			return q;
	}
	return NULL;
}

/* ---- <script> blocks ---------------------------------------------------- */

struct script {
	const char *tag;        /* "<script" */
	const char *body;       /* after the tag's '>' (NULL: no '>') */
	const char *close;      /* "</script>" (NULL: none) */
	unsigned long line;     /* the tag's line */
};

/* The line of Q, at or after S's tag (counted from there). */
static unsigned long line_in(const struct script *s, const char *q)
{
	return s->line + tm_text_count_nl(s->tag, (size_t)(q - s->tag));
}

/* Is A (an attribute) inside a "<script ...>" tag? Returns the tag. */
static const char *script_tag_of(const char *p, const char *a,
				 const char *end)
{
	size_t back = (size_t)(a - p) < TAG_LOOKBACK ? (size_t)(a - p)
						     : TAG_LOOKBACK;
	const char *lt = a, *stop = a - back;

	while (lt > stop) {
		lt--;
		if (*lt == '<' || *lt == '>')
			break;
	}
	if (lt == a || *lt != '<' || (size_t)(end - lt) < strlen(SCRIPT_OPEN) ||
	    memcmp(lt, SCRIPT_OPEN, strlen(SCRIPT_OPEN)) != 0)
		return NULL;
	return lt;
}

/* The "<script" of the next such tag at or after P (before END) carrying
 * ATTR, or NULL; *AT: the attribute. */
static const char *find_script_tag(const char *p, const char *end, const char *attr,
				   const char **at)
{
	const char *a = p, *tag;

	for (; (a = find(a, end, attr)); a += strlen(attr))
		if ((tag = script_tag_of(p, a, end))) {
			*at = a;
			return tag;
		}
	return NULL;
}

/* Next <script> at or after P (before END) carrying ATTR; LP (at or
 * before P) moved to its close: the body's lines are counted in the pass
 * that finds the close. */
static int find_script(struct tm_text_linepos *lp, const char *p, const char *end,
		       const char *attr, struct script *s)
{
	const char *a, *gt;

	s->tag = find_script_tag(p, end, attr, &a);
	if (!s->tag)
		return 0;
	s->line = tm_text_linepos_at(lp, (size_t)(s->tag - lp->base));
	a += strlen(attr);
	gt = memchr(a, '>', (size_t)(end - a));
	s->body = gt ? gt + 1 : NULL;
	s->close = gt ? tm_text_linepos_find(lp, s->body, end, SCRIPT_CLOSE,
					     strlen(SCRIPT_CLOSE)) : NULL;
	return 1;
}

/* Error unless S is a complete <script>...</script> element. */
static int check_script(struct tm_input *in, const struct script *s, const char *what,
			int idx)
{
	if (s->body && s->close)
		return 0;
	tm_input_fail_line(in, s->line,
			   "%s block %d: %s", what, idx,
			   s->body ? "no " SCRIPT_CLOSE " before the end"
				   : "unterminated <script> tag");
	return -1;
}

/* The text of a script element: the newline after the tag is the
 * writer's, and so is the indentation before "</script>". */
static void script_text(const struct script *s, const char **b,
			const char **e)
{
	*b = s->body;
	*e = s->close;
	if (*b < *e && **b == '\r')
		(*b)++;
	if (*b < *e && **b == '\n')
		(*b)++;
	while (*e > *b && ((*e)[-1] == ' ' || (*e)[-1] == '\t'))
		(*e)--;
}

/* ---- 2. multi-block (systrace.py) --------------------------------------- */

static int read_multi(struct tm_input *in, const char *p, size_t len,
		      const char *begin)
{
	const char *end = p + len, *from = p, *to = end, *b, *e;
	struct tm_text_linepos lp;
	struct script s;
	char origin[64];
	int idx = 0;

	tm_text_linepos_init(&lp, p);
	if (begin) {
		from = begin + strlen(BEGIN_MARK);
		to = find_last(from, end, END_MARK);
		if (!to) {
			tm_input_fail_line(in, tm_text_linepos_at(&lp, (size_t)(begin - p)),
					   BEGIN_MARK " without " END_MARK);
			return -1;
		}
	}
	while (find_script(&lp, from, to, TRACE_DATA_ATTR, &s)) {
		idx++;
		if (check_script(in, &s, "trace-data", idx))
			return -1;
		script_text(&s, &b, &e);
		snprintf(origin, sizeof(origin), "trace-data block %d", idx);
		if (tm_input_add_block(in, tm_text_classify(b, (size_t)(e - b)),
				       b, (size_t)(e - b), line_in(&s, b), origin))
			return -1;
		from = s.close + strlen(SCRIPT_CLOSE);
	}
	if (!idx) {
		tm_input_fail_line(in, tm_text_linepos_at(&lp, (size_t)(from - p)),
				   "no <script class=\"trace-data\"> block "
				   "between the trace markers");
		return -1;
	}
	in->format = TM_FMT_SYSTRACE_MULTI;
	return 0;
}

/* ---- JavaScript string literals ----------------------------------------- */

static int hex_value(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Parse N hex digits at S (within LEN); -1 if they are not all hex. */
static long hex_n(const char *s, size_t len, size_t n)
{
	long v = 0;

	if (len < n)
		return -1;
	for (size_t i = 0; i < n; i++) {
		int h = hex_value(s[i]);
		if (h < 0)
			return -1;
		v = v * 16 + h;
	}
	return v;
}

static size_t put_utf8(char *d, unsigned long cp)
{
	if (cp >= 0xd800 && cp <= 0xdfff)
		cp = 0xfffd;            /* lone surrogate: keep the output UTF-8 */
	if (cp < 0x80) {
		d[0] = cp;
		return 1;
	}
	if (cp < 0x800) {
		d[0] = 0xc0 | (cp >> 6);
		d[1] = 0x80 | (cp & 0x3f);
		return 2;
	}
	if (cp < 0x10000) {
		d[0] = 0xe0 | (cp >> 12);
		d[1] = 0x80 | ((cp >> 6) & 0x3f);
		d[2] = 0x80 | (cp & 0x3f);
		return 3;
	}
	d[0] = 0xf0 | (cp >> 18);
	d[1] = 0x80 | ((cp >> 12) & 0x3f);
	d[2] = 0x80 | ((cp >> 6) & 0x3f);
	d[3] = 0x80 | (cp & 0x3f);
	return 4;
}

/* \uHHHH, a surrogate pair \uHHHH\uHHHH, or \u{H...}.  S points after the
 * 'u'.  Returns input bytes consumed (0: not a valid escape). */
static size_t js_unicode(const char *s, size_t len, unsigned long *cp)
{
	long v, lo;
	size_t i;

	if (len && s[0] == '{') {
		unsigned long acc = 0;
		for (i = 1; i < len && i < 9 && hex_value(s[i]) >= 0; i++)
			acc = acc * 16 + hex_value(s[i]);
		if (i == 1 || i >= len || s[i] != '}' || acc > 0x10ffff)
			return 0;
		*cp = acc;
		return i + 1;
	}
	v = hex_n(s, len, 4);
	if (v < 0)
		return 0;
	*cp = v;
	if (v >= 0xd800 && v <= 0xdbff && len >= 10 && s[4] == '\\' &&
	    s[5] == 'u') {
		lo = hex_n(s + 6, len - 6, 4);
		if (lo >= 0xdc00 && lo <= 0xdfff) {
			*cp = 0x10000 + (((unsigned long)v - 0xd800) << 10) +
			      ((unsigned long)lo - 0xdc00);
			return 10;
		}
	}
	return 4;
}

/* One escape: S points after the backslash (LEN > 0).  Writes to D,
 * returns input bytes consumed; *w receives output bytes. */
static size_t js_escape(const char *s, size_t len, char *d, size_t *w)
{
	unsigned long cp;
	size_t n;
	long v;

	*w = 1;
	switch (s[0]) {
	case '\n':
		*w = 0;                 /* line continuation */
		return 1;
	case '\r':
		*w = 0;
		return len > 1 && s[1] == '\n' ? 2 : 1;
	case 'n': d[0] = '\n'; return 1;
	case 't': d[0] = '\t'; return 1;
	case 'r': d[0] = '\r'; return 1;
	case 'b': d[0] = '\b'; return 1;
	case 'f': d[0] = '\f'; return 1;
	case 'v': d[0] = '\v'; return 1;
	case '0':
		if (len < 2 || s[1] < '0' || s[1] > '9') {
			d[0] = '\0';
			return 1;
		}
		break;
	case 'x':
		v = hex_n(s + 1, len - 1, 2);
		if (v < 0)
			break;
		*w = put_utf8(d, (unsigned long)v);
		return 3;
	case 'u':
		n = js_unicode(s + 1, len - 1, &cp);
		if (!n)
			break;
		*w = put_utf8(d, cp);
		return n + 1;
	}
	d[0] = s[0];                    /* \\ \" \' \/ and unknown escapes */
	return 1;
}

int tm_js_unescape(const char *s, size_t len, char quote, char *dst,
		   size_t *used, size_t *outlen)
{
	size_t i = 0, o = 0;

	while (i < len) {
		const char *bs = memchr(s + i, '\\', len - i);
		size_t span = bs ? (size_t)(bs - s) - i : len - i;
		const char *q = memchr(s + i, quote, span);
		size_t w;

		if (q) {
			span = (size_t)(q - s) - i;
			memmove(dst + o, s + i, span);
			*used = (size_t)(q - s);
			*outlen = o + span;
			return 0;
		}
		memmove(dst + o, s + i, span);
		o += span;
		i += span;
		if (!bs || i + 1 >= len)
			break;
		i += 1 + js_escape(s + i + 1, len - i - 1, dst + o, &w);
		o += w;
	}
	*used = len;
	*outlen = o;
	return -1;
}

/* ---- 1. legacy (var linuxPerfData = "...") ------------------------------ */

/* The opening quote of `linuxPerfData = "`, or NULL. */
static const char *find_perf_data(const char *p, const char *end)
{
	static const char name[] = "linuxPerfData";
	const char *s = p, *c;

	while ((s = find(s, end, name))) {
		c = s + strlen(name);
		while (c < end && (*c == ' ' || *c == '\t'))
			c++;
		if (c < end && *c == '=') {
			for (c++; c < end && (*c == ' ' || *c == '\t'); c++)
				;
			if (c < end && (*c == '"' || *c == '\''))
				return c;
		}
		s += strlen(name);
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

static int read_legacy(struct tm_input *in, const char *p, size_t len,
		       const char *quote)
{
	const char *s = quote + 1, *end = p + len;
	size_t n = (size_t)(end - s), used, olen, i;
	struct tm_text_linepos lp;
	unsigned long line;
	char *buf, *nb;

	tm_text_linepos_init(&lp, p);
	line = tm_text_linepos_at(&lp, (size_t)(quote - p));
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
				  "linuxPerfData");
}

/* ---- 3. trace2html (base64(gzip) viewer-data) --------------------------- */

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

static int read_viewer_block(struct tm_input *in, const struct script *s, int idx)
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
					  b, (size_t)(e - b), line_in(s, b), origin);
	}
	line = line_in(s, b);
	ret = tm_decode_base64(b, (size_t)(e - b), &dec, &dlen, &bad);
	if (ret == -2) {
		tm_input_fail(in, "out of memory");
		return -1;
	}
	if (ret) {
		tm_input_fail_line(in, line_in(s, b + bad),
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

static int read_trace2html(struct tm_input *in, const char *p, size_t len)
{
	const char *from = p, *end = p + len;
	struct tm_text_linepos lp;
	struct script s;
	int idx = 0;

	tm_text_linepos_init(&lp, p);
	while (find_script(&lp, from, end, VIEWER_ATTR, &s)) {
		idx++;
		if (check_script(in, &s, "viewer-data", idx) || read_viewer_block(in, &s, idx))
			return -1;
		from = s.close + strlen(SCRIPT_CLOSE);
	}
	if (!in->nblocks) {
		tm_input_fail(in, "viewer-data blocks hold no trace");
		return -1;
	}
	in->format = TM_FMT_TRACE2HTML;
	return 0;
}

/* ---- dispatch ------------------------------------------------------------ */

/* The generation whose marker comes first.  Markers stand before the bulk
 * of the data, so they are looked for in windows growing from the start
 * of the page rather than by searching the whole file for each.  *BEGIN:
 * the BEGIN TRACE marker of a multi-block page, if it has one. */
static enum tm_format html_generation(const char *p, size_t len,
				      const char **begin)
{
	size_t w = 1u << 20;

	for (;;) {
		const char *end = p + (w < len ? w : len), *best = end, *m, *a;
		enum tm_format f = TM_FMT_UNKNOWN;

		*begin = find(p, end, BEGIN_MARK);
		if (*begin) {
			best = *begin;
			f = TM_FMT_SYSTRACE_MULTI;
		}
		if ((m = find_script_tag(p, best, TRACE_DATA_ATTR, &a))) {
			best = m;
			f = TM_FMT_SYSTRACE_MULTI;
			*begin = NULL;
		}
		m = find_perf_data(p, best);
		if (m) {
			best = m;
			f = TM_FMT_SYSTRACE_LEGACY;
		}
		if (find_script_tag(p, best, VIEWER_ATTR, &a))
			f = TM_FMT_TRACE2HTML;
		if (f != TM_FMT_UNKNOWN || end == p + len)
			return f;
		w = w <= SIZE_MAX / 4 ? w * 4 : SIZE_MAX;
	}
}

int tm_html_read(struct tm_input *in, const char *p, size_t len)
{
	const char *begin;

	switch (html_generation(p, len, &begin)) {
	case TM_FMT_SYSTRACE_MULTI:
		return read_multi(in, p, len, begin);
	case TM_FMT_SYSTRACE_LEGACY:
		return read_legacy(in, p, len, find_perf_data(p, p + len));
	case TM_FMT_TRACE2HTML:
		return read_trace2html(in, p, len);
	default:
		break;
	}
	tm_input_fail(in, "HTML without trace data (no linuxPerfData string, "
		      "trace-data or viewer-data script)");
	return -1;
}
