/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * safe-text.h - input-derived strings made safe to print as text on a
 * terminal: control characters (C0 but the tab, DEL, C1) and bytes that are
 * not valid UTF-8 are written as \xNN (a C1 character as its UTF-8 bytes),
 * so that a trace cannot send escape sequences to the terminal of the
 * person reading a report, nor break a one-line message into several.
 */
#ifndef TM_SAFE_TEXT_H
#define TM_SAFE_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Does S (N bytes) need any escaping (LINES: line feeds are kept)? */
bool tm_safe_text_needed(const char *s, size_t n, bool lines);
/* S (N bytes) escaped into DST (CAP > 0 bytes, always NUL-terminated; an
 * escape is never cut); LINES: line feeds are kept.  Returns the length
 * written. */
size_t tm_safe_text(char *dst, size_t cap, const char *s, size_t n, bool lines);
/* Lines of text S (N bytes) written to F escaped (line feeds kept): for a
 * report made whole from input-derived strings.  0, or EOF on a write error. */
int tm_safe_fputs(const char *s, size_t n, FILE *f);
#include "tracemerge/diag.h"   /* tm_safe_str */

/* A copy of S (N bytes) in which every byte that is not part of valid
 * UTF-8 is replaced by U+FFFD (malloc'd, NUL-terminated; NULL when out of
 * memory): for JSON text, which must be valid UTF-8 whatever file names
 * and strings it carries. */
char *tm_utf8_valid_dup(const char *s, size_t n);

/* Length of the valid UTF-8 sequence at P (1..4; N bytes there), 0 if
 * invalid (overlong, a surrogate, past U+10FFFF, cut short). */
size_t tm_utf8_seq_len(const unsigned char *p, size_t n);

struct tm_buf;

/* S (N bytes) appended to B as a quoted JSON string: '"' and '\\'
 * escaped, control characters and DEL as \u00XX, invalid UTF-8 as
 * \ufffd. */
void tm_buf_json_str(struct tm_buf *b, const char *s, size_t n);

#endif
