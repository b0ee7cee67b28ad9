/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * budget.h - how much the tables of names and tasks may hold, so that
 * memory does not grow with the input (doc/performance.md, "Memory").
 *
 * A table of names or tasks holds at most TM_MAX_NAMES / TM_MAX_TASKS
 * entries; what comes after is counted as "others", with one warning.  A
 * name is kept in a table up to TM_NAME_KEEP bytes, then cut where a
 * character (or a JSON escape) ends and followed by "…": long names that
 * share those first bytes share an entry.  Nothing here touches what
 * import and merge write: events are written as read.
 */
#ifndef TM_BUDGET_H
#define TM_BUDGET_H

#include <stddef.h>

#include "tracemerge/stats.h"   /* the caps: TM_MAX_NAMES ... */

#define TM_NAME_KEEP 256        /* bytes of a name kept in a table */
#define TM_NAME_KEY_MAX (TM_NAME_KEEP + 5) /* a key: '"', the bytes kept, "…" (3), '"' */

/* The table key of the name P (N bytes, any bytes): P itself when N <=
 * TM_NAME_KEEP, else its first bytes up to the last whole UTF-8 character
 * within TM_NAME_KEEP, then "…" (U+2026).  Writes into KEY
 * (TM_NAME_KEY_MAX bytes) when cut; returns the key's length and sets *OUT
 * to P or KEY. */
size_t tm_name_key(char *key, const char *p, size_t n, const char **out);

/* The same for a raw JSON string P ('"' .. '"', N bytes, strict JSON):
 * cut where an escape or a character ends (a surrogate pair kept whole),
 * then "…" and the closing '"': still a JSON string. */
size_t tm_json_name_key(char *key, const char *p, size_t n, const char **out);

#endif
