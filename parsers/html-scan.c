/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * html-scan.c - the comments and <script> elements of an HTML page's top
 * level, found as a browser's tokenizer finds them (html-scan.h): a tag
 * starts at '<' and a letter and ends at the first '>' outside a quoted
 * attribute value; a comment runs from "<!--" to "-->"; the text of a
 * raw-text element (script, style, title, textarea, ...) runs to its own
 * end tag, however many '<' it holds.
 */
#include <stdio.h>
#include <string.h>

#include "html-scan.h"

/* Elements whose text is not markup (the HTML tokenizer's RAWTEXT and
 * RCDATA states, and script data). */
static const char *const raw_text[] = {
	"script", "style", "title", "textarea", "xmp", "iframe", "noembed",
	"noframes", "noscript",
};

/* Is C an ASCII letter? */
static int is_alpha(unsigned char c)
{
	c |= 0x20;
	return c >= 'a' && c <= 'z';
}

/* Is C HTML's white space (tab, LF, FF, CR, space)? */
static int is_blank(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/* Do the N bytes at P spell the lower-case S (ASCII case ignored)? */
static int same_name(const char *p, size_t n, const char *s)
{
	if (strlen(s) != n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if ((p[i] | (is_alpha((unsigned char)p[i]) ? 0x20 : 0)) != s[i])
			return 0;
	return 1;
}

void tm_html_walk_init(struct tm_html_walk *w, const char *p, size_t len)
{
	w->base = w->cur = p;
	w->end = p + len;
	w->scripts = 0;
	w->cut[0] = '\0';
	w->cut_line = 0;
	tm_text_linepos_init(&w->lp, p);
}

unsigned long tm_html_line_of(const struct tm_html_item *it, const char *q)
{
	return it->line + tm_text_count_nl(it->start, (size_t)(q - it->start));
}

int tm_html_comment_is(const struct tm_html_item *it, const char *text)
{
	const char *b = it->body, *e = it->close;

	if (!b || !e)
		return 0;
	while (b < e && is_blank((unsigned char)*b))
		b++;
	while (e > b && is_blank((unsigned char)e[-1]))
		e--;
	return (size_t)(e - b) == strlen(text) && memcmp(b, text, (size_t)(e - b)) == 0;
}

/* The "</NAME" at or after P that ends a raw-text element (the name
 * followed by a blank, '/' or '>', or the end of the page), with W's line
 * cursor moved to it; NULL when there is none. */
static const char *find_end_tag(struct tm_html_walk *w, const char *p, const char *name)
{
	size_t n = strlen(name);
	const char *q;

	while ((q = tm_text_linepos_find(&w->lp, p, w->end, "</", 2))) {
		const char *a = q + 2;

		if ((size_t)(w->end - a) >= n && same_name(a, n, name) &&
		    ((size_t)(w->end - a) == n || is_blank((unsigned char)a[n]) ||
		     a[n] == '/' || a[n] == '>'))
			return q;
		p = q + 2;
	}
	return NULL;
}

/* Note in *FLAGS the attribute NAME=VALUE if it is one html-scan.h names. */
static void note_attr(const char *name, size_t nn, const char *val, size_t vn,
		      unsigned *flags)
{
	if (same_name(name, nn, "id") && vn == 11 && memcmp(val, "viewer-data", 11) == 0)
		*flags |= TM_HTML_VIEWER_DATA;
	if (!same_name(name, nn, "class"))
		return;
	for (size_t i = 0; i < vn;) {            /* its blank-separated tokens */
		size_t j = i;

		while (j < vn && !is_blank((unsigned char)val[j]))
			j++;
		if (j - i == 10 && memcmp(val + i, "trace-data", 10) == 0)
			*flags |= TM_HTML_TRACE_DATA;
		i = j + 1;
	}
}

/* The '>' that ends the tag whose attributes start at P, the attributes
 * noted in *FLAGS; NULL when the page ends inside the tag. */
static const char *read_attrs(const char *p, const char *end, unsigned *flags)
{
	for (;;) {
		const char *name, *val = NULL;
		size_t nn, vn = 0;

		while (p < end && (is_blank((unsigned char)*p) || *p == '/'))
			p++;
		if (p == end || *p == '>')
			return p < end ? p : NULL;
		for (name = p++; p < end && !is_blank((unsigned char)*p) && *p != '/' &&
				 *p != '>' && *p != '='; p++)
			;
		nn = (size_t)(p - name);
		while (p < end && is_blank((unsigned char)*p))
			p++;
		if (p < end && *p == '=') {
			for (p++; p < end && is_blank((unsigned char)*p); p++)
				;
			if (p < end && (*p == '"' || *p == '\'')) {
				const char *q = memchr(p + 1, *p, (size_t)(end - p - 1));

				if (!q)
					return NULL;
				val = p + 1;
				vn = (size_t)(q - val);
				p = q + 1;
			} else {
				for (val = p; p < end && !is_blank((unsigned char)*p) && *p != '>'; p++)
					;
				vn = (size_t)(p - val);
			}
		}
		note_attr(name, nn, val, vn, flags);
	}
}

/* Note in W that the page ends inside the WHAT ("tag") of the element
 * named NAME (N bytes) whose tag starts at LT. */
static void cut_inside(struct tm_html_walk *w, const char *lt, const char *name, size_t n,
		       const char *what)
{
	char tag[17];
	size_t i;

	for (i = 0; i < n && i < 16; i++)      /* the name's letters alone */
		tag[i] = is_alpha((unsigned char)name[i]) || (name[i] >= '0' && name[i] <= '9') ||
			 name[i] == '-' ? name[i] : '?';
	tag[i] = '\0';
	snprintf(w->cut, sizeof(w->cut), "<%s> %s", tag, what);
	w->cut_line = tm_text_linepos_at(&w->lp, (size_t)(lt - w->base));
}

/* The element of the start tag at LT (its name N bytes at NAME), whose
 * '>' is GT (NULL: none): a script into *IT (1), or skipped (0, W moved
 * past it). */
static int start_tag(struct tm_html_walk *w, const char *lt, const char *name, size_t n,
		     const char *gt, unsigned flags, struct tm_html_item *it)
{
	size_t k;

	for (k = 0; k < sizeof(raw_text) / sizeof(raw_text[0]); k++)
		if (same_name(name, n, raw_text[k]))
			break;
	if (k == 0) {
		it->kind = TM_HTML_SCRIPT;
		it->start = lt;
		it->line = tm_text_linepos_at(&w->lp, (size_t)(lt - w->base));
		it->flags = flags;
		it->body = gt ? gt + 1 : NULL;
		it->close = gt ? find_end_tag(w, gt + 1, "script") : NULL;
		w->scripts++;
		w->cur = it->close ? it->close + 2 : w->end;
		return 1;
	}
	if (!gt) {
		cut_inside(w, lt, name, n, "tag");
		w->cur = w->end;
		return 0;
	}
	w->cur = gt + 1;
	if (k < sizeof(raw_text) / sizeof(raw_text[0])) {
		unsigned long line = tm_text_linepos_at(&w->lp, (size_t)(lt - w->base));
		const char *c = find_end_tag(w, gt + 1, raw_text[k]);

		w->cur = c ? c + 2 : w->end;
		if (!c) {
			snprintf(w->cut, sizeof(w->cut), "<%s> element", raw_text[k]);
			w->cut_line = line;
		}
	}
	return 0;
}

/* The comment at LT ("<!--") into *IT. */
static void comment(struct tm_html_walk *w, const char *lt, struct tm_html_item *it)
{
	const char *c;

	it->kind = TM_HTML_COMMENT;
	it->start = lt;
	it->line = tm_text_linepos_at(&w->lp, (size_t)(lt - w->base));
	c = tm_text_linepos_find(&w->lp, lt + 2, w->end, "-->", 3);
	it->flags = 0;
	it->close = c;
	it->body = c && c < lt + 4 ? c : lt + 4;   /* "<!-->", "<!--->": empty */
	w->cur = c ? c + 3 : w->end;
}

int tm_html_next(struct tm_html_walk *w, struct tm_html_item *it)
{
	while (w->cur < w->end) {
		const char *lt = memchr(w->cur, '<', (size_t)(w->end - w->cur));
		const char *name, *gt;
		size_t left;
		unsigned flags = 0;

		if (!lt)
			break;
		left = (size_t)(w->end - lt);
		if (left >= 4 && memcmp(lt, "<!--", 4) == 0) {
			comment(w, lt, it);
			return 1;
		}
		w->cur = lt + 1;
		if (left >= 2 && (lt[1] == '!' || lt[1] == '?' || lt[1] == '/')) {
			/* a doctype, a bogus comment, an end tag: to its '>' */
			gt = memchr(lt + 2, '>', left - 2);
			w->cur = gt ? gt + 1 : w->end;
			continue;
		}
		if (left < 2 || !is_alpha((unsigned char)lt[1]))
			continue;               /* a '<' of the text */
		for (name = lt + 1, gt = name; gt < w->end && !is_blank((unsigned char)*gt) &&
					       *gt != '/' && *gt != '>'; gt++)
			;
		left = (size_t)(gt - name);
		gt = read_attrs(gt, w->end, &flags);
		if (start_tag(w, lt, name, left, gt, flags, it))
			return 1;
	}
	w->cur = w->end;
	return 0;
}
