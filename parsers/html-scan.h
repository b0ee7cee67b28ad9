/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * html-scan.h - the top level of an HTML page as a browser parses it
 * (html-scan.c): its comments and its <script> elements, in page order.
 * The text of a script (and of the other raw-text elements: style,
 * title, textarea, ...) is never looked into for tags or comments: it ends
 * at the first "</script" (or its own end tag), whatever JavaScript
 * strings or regular expressions hold.  So the markers that a trace
 * viewer's own code contains as text are never taken for containers.
 */
#ifndef TM_PARSERS_HTML_SCAN_H
#define TM_PARSERS_HTML_SCAN_H

#include <stddef.h>

#include "text-scan.h"

enum tm_html_kind {
	TM_HTML_COMMENT,        /* <!-- ... --> */
	TM_HTML_SCRIPT,         /* <script ...> ... </script> */
};

/* A script's attributes that the systrace containers use. */
#define TM_HTML_TRACE_DATA  1u  /* class="... trace-data ..." */
#define TM_HTML_VIEWER_DATA 2u  /* id="viewer-data" */

struct tm_html_item {
	enum tm_html_kind kind;
	const char *start;      /* its '<' */
	const char *body;       /* after "<!--" or after the tag's '>'; NULL:
				 * the page ends inside the tag */
	const char *close;      /* "-->" or "</script"; NULL: the page ends
				 * inside the element */
	unsigned long line;     /* the line of START (1-based) */
	unsigned flags;         /* a script's TM_HTML_* attributes */
};

struct tm_html_walk {
	const char *base, *cur, *end;
	struct tm_text_linepos lp;
	unsigned long scripts;  /* <script> elements met so far */
	/* the other element or tag the page ends inside, if any: "<style>
	 * element", "<div> tag", and its line (0: none) */
	char cut[32];
	unsigned long cut_line;
};

/* A walk of the page P, LEN from its start. */
void tm_html_walk_init(struct tm_html_walk *w, const char *p, size_t len);

/* The next comment or script element of W's page into *IT: 1, or 0 at the
 * end of the page.  An element the page ends inside (IT->body or
 * IT->close NULL) is the walk's last. */
int tm_html_next(struct tm_html_walk *w, struct tm_html_item *it);

/* The line of Q, a byte at or after IT's start. */
unsigned long tm_html_line_of(const struct tm_html_item *it, const char *q);

/* Does the comment IT hold TEXT alone (blanks around it aside)? */
int tm_html_comment_is(const struct tm_html_item *it, const char *text);

#endif
