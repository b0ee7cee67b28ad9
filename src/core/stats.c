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

char *tm_stats_json(const char *path, int max_tasks, int max_names, struct tm_diag *d)
{
	struct json_object *r, *js;
	struct tm_kstats st;
	struct tm_input *in;
	char *text = NULL;

	tm_progress_phase("reading", 0);
	if (!(in = tm_input_open_ahead(path, d)))
		return NULL;
	tm_progress_total(tm_input_text_bytes(in));
	if (tm_kstats_init(&st, path, d)) {
		tm_input_free(in);
		return NULL;
	}
	if (tm_kscan_input(in, &st, NULL, NULL))
		goto out;
	js = tm_jstats_scan(in, path, d, max_names);
	if (!js && d->error[0])
		goto out;
	if (!(r = tm_report_json(in, &st, max_tasks))) {
		json_object_put(js);
		tm_diag_error(d, "out of memory");
		goto out;
	}
	if (js)
		json_object_object_add(r, "json", js);
	text = tm_report_json_text(r, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
	if (!text)
		tm_diag_error(d, "out of memory");
	json_object_put(r);
out:
	if (text)
		tm_progress_done();
	if (!text && !d->error[0])
		tm_diag_error(d, "out of memory");
	tm_kstats_free(&st);
	tm_input_free(in);
	return text;
}
