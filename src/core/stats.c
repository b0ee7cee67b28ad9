/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * stats.c - the public stats report (tracemerge/stats.h): the first pass
 * of one input (kernel-scan.h, json-stats.h) put into the report of
 * report.h.
 */
#include <stdlib.h>

#include "tracemerge/input.h"
#include "tracemerge/stats.h"
#include "decode.h"
#include "input-ahead.h"
#include "json-stats.h"
#include "kernel-scan.h"
#include "report.h"
#include "progress.h"

/* The JSON part of the first pass (a tm_kscan_json_fn). */
struct jscan {
	struct tm_input *in;
	const char *path;
	int max_names;
	struct json_object *js;     /* the report's "json", or NULL */
};

static int jscan(void *ctx, struct tm_diag *d)
{
	struct jscan *j = ctx;

	j->js = tm_jstats_scan(j->in, j->path, d, j->max_names);
	return !j->js && d->error[0] ? -1 : 0;
}

char *tm_stats_json(const char *path, int max_tasks, int max_names, struct tm_diag *d)
{
	struct json_object *r;
	struct jscan j = { .path = path, .max_names = max_names };
	struct tm_kstats st;
	struct tm_input *in;
	char *text = NULL, why[400];

	tm_progress_phase("reading", 0);
	if (!(in = tm_input_open_ahead(path, d)))
		return NULL;
	tm_progress_total(tm_input_text_bytes(in));
	if (tm_kstats_init(&st, path, d)) {
		tm_input_free(in);
		return NULL;
	}
	j.in = in;
	if (tm_kscan_first_pass(in, &st, NULL, NULL, jscan, &j))
		goto out;
	if (!(r = tm_report_json(in, &st, max_tasks))) {
		tm_diag_error(d, "out of memory");
		goto out;
	}
	if (j.js) {
		json_object_object_add(r, "json", j.js);
		j.js = NULL;
	}
	if (tm_report_nothing_read(in, &st, why, sizeof(why)))
		json_object_object_add(r, "nothing_read", json_object_new_string(why));
	text = tm_report_json_text(r, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
	if (!text)
		tm_diag_error(d, "out of memory");
	json_object_put(r);
out:
	json_object_put(j.js);
	if (text)
		tm_progress_done();
	if (!text && !d->error[0])
		tm_diag_error(d, "out of memory");
	tm_kstats_free(&st);
	tm_input_free(in);
	return text;
}
