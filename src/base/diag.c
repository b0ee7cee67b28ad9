/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* diag.c - errors and counted warnings (see include/tracemerge/diag.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "safe-text.h"
#include "tracemerge/diag.h"

void tm_diag_init(struct tm_diag *d)
{
	memset(d, 0, sizeof(*d));
}

void tm_diag_free(struct tm_diag *d)
{
	for (size_t i = 0; i < d->nwarn; i++) {
		struct tm_warning *w = &d->warn[i];
		free(w->kind);
		free(w->first_message);
		for (unsigned j = 0; j < w->nlocs; j++)
			free(w->locs[j]);
	}
	free(d->warn);
	memset(d, 0, sizeof(*d));
}

/* Messages are one line of text, whatever the input put into them (names,
 * paths): control characters are escaped (safe-text.h). */
int tm_diag_error(struct tm_diag *d, const char *fmt, ...)
{
	char msg[sizeof(d->error)];
	va_list ap;

	if (!d)
		return -1;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	tm_safe_text(d->error, sizeof(d->error), msg, strlen(msg), false);
	return -1;
}

static struct tm_warning *find_kind(const struct tm_diag *d, const char *kind)
{
	for (size_t i = 0; i < d->nwarn; i++)
		if (strcmp(d->warn[i].kind, kind) == 0)
			return &d->warn[i];
	return NULL;
}

void tm_diag_warn(struct tm_diag *d, const char *kind, const char *where,
		  const char *fmt, ...)
{
	struct tm_warning *w;
	va_list ap;

	if (!d)
		return;
	w = find_kind(d, kind);
	if (!w) {
		if (d->nwarn == d->cap) {
			size_t cap = d->cap ? d->cap * 2 : 8;
			struct tm_warning *nw = realloc(d->warn, cap * sizeof(*nw));
			if (!nw)
				return;
			d->warn = nw;
			d->cap = cap;
		}
		w = &d->warn[d->nwarn];
		memset(w, 0, sizeof(*w));
		w->kind = strdup(kind);
		if (!w->kind)
			return;
		d->nwarn++;
		if (fmt) {
			char msg[512], safe[512];
			va_start(ap, fmt);
			vsnprintf(msg, sizeof(msg), fmt, ap);
			va_end(ap);
			tm_safe_text(safe, sizeof(safe), msg, strlen(msg), false);
			w->first_message = strdup(safe);
		}
	}
	w->count++;
	if (where && w->nlocs < TM_DIAG_KEEP) {
		char *loc = strdup(tm_safe_str(where));
		if (loc)
			w->locs[w->nlocs++] = loc;
	}
}

void tm_diag_absorb(struct tm_diag *dst, const struct tm_diag *src)
{
	for (size_t i = 0; i < src->nwarn; i++) {
		const struct tm_warning *sw = &src->warn[i];
		struct tm_warning *w;

		/* the first occurrence creates the kind with its message */
		tm_diag_warn(dst, sw->kind, sw->nlocs ? sw->locs[0] : NULL, "%s",
			     sw->first_message ? sw->first_message : "");
		if (!(w = find_kind(dst, sw->kind)))
			continue;
		if (!sw->first_message && w->count == 1) {
			free(w->first_message);
			w->first_message = NULL;
		}
		w->count += sw->count - 1;
		for (unsigned j = 1; j < sw->nlocs && w->nlocs < TM_DIAG_KEEP; j++) {
			char *loc = strdup(sw->locs[j]);
			if (loc)
				w->locs[w->nlocs++] = loc;
		}
	}
}

uint64_t tm_diag_count(const struct tm_diag *d, const char *kind)
{
	const struct tm_warning *w = find_kind(d, kind);
	return w ? w->count : 0;
}

uint64_t tm_diag_total(const struct tm_diag *d)
{
	uint64_t n = 0;
	for (size_t i = 0; i < d->nwarn; i++)
		n += d->warn[i].count;
	return n;
}
