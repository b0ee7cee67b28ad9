/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cmd-stats.c - `tracemerge stats`: what is inside each input.  The text
 * report prints every string from the inputs through tm_safe_str. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "cli.h"
#include "tracemerge/stats.h"

static const char *jget_str(struct json_object *o, const char *k)
{
	struct json_object *v;
	return json_object_object_get_ex(o, k, &v) && v ? tm_safe_str(json_object_get_string(v))
							 : NULL;
}

static long long jget_int(struct json_object *o, const char *k)
{
	struct json_object *v;
	return json_object_object_get_ex(o, k, &v) && v ? json_object_get_int64(v) : -1;
}

static struct json_object *jget(struct json_object *o, const char *k)
{
	struct json_object *v = NULL;
	json_object_object_get_ex(o, k, &v);
	return v;
}

/* TITLE, then LIMIT of O's counts (< 0: all), then OTHERS (> 0): the
 * events counted past a full table of CAP entries. */
static void print_kv_counts(const char *title, struct json_object *o, int limit,
			    long long others, int cap)
{
	int n = 0, total = json_object_object_length(o);

	printf("%s (%d):\n", title, total);
	json_object_object_foreach(o, key, val) {
		if (limit >= 0 && n++ >= limit) {
			printf("  ... %d more\n", total - limit);
			break;
		}
		printf("  %10lld  %s\n", (long long)json_object_get_int64(val), tm_safe_str(key));
	}
	if (others > 0)
		printf("  %10lld  (others: past the cap of %d)\n", others, cap);
}

/* The converter's own counts ("source"): a line each, a group's counts on
 * lines of 4. */
static void print_source(struct json_object *s)
{
	printf("source:\n");
	json_object_object_foreach(s, k, v) {
		int n = 0;

		if (!json_object_is_type(v, json_type_object)) {
			printf("  %s: %lld\n", tm_safe_str(k), (long long)json_object_get_int64(v));
			continue;
		}
		printf("  %s (%d):", tm_safe_str(k), json_object_object_length(v));
		json_object_object_foreach(v, gk, gv) {
			printf(n++ % 4 ? " " : "\n    ");
			printf("%s=%lld", tm_safe_str(gk), (long long)json_object_get_int64(gv));
		}
		printf("\n");
	}
}

static void print_text(struct json_object *r)
{
	struct json_object *h = jget(r, "header"), *l = jget(r, "lines"), *t = jget(r, "time");
	struct json_object *a = jget(r, "atrace"), *m = jget(r, "clock_sync");
	struct json_object *w = jget(r, "warnings"), *tasks = jget(r, "tasks"), *jo;

	printf("file:    %s\n", jget_str(r, "file"));
	printf("format:  %s%s\n", jget_str(r, "format"),
	       json_object_get_boolean(jget(r, "gzip")) ? " (gzip-compressed)" : "");
	printf("blocks: ");
	json_object_object_foreach(jget(r, "blocks"), bk, bv)
		if (json_object_get_int64(bv))
			printf(" %s=%lld", tm_safe_str(bk), (long long)json_object_get_int64(bv));
	printf("\n");
	if (jget(r, "browser"))
		printf("records: %lld = %lld converted + %lld rejected -> %lld Trace Event "
		       "events; clock %s\n", jget_int(jget(r, "browser"), "records"),
		       jget_int(jget(r, "browser"), "converted"),
		       jget_int(jget(r, "browser"), "rejected"),
		       jget_int(jget(r, "browser"), "events"),
		       jget_str(jget(r, "browser"), "clock"));
	if (jget(r, "source"))
		print_source(jget(r, "source"));
	printf("header:  tracer=%s entries=%lld/%lld cpus=%lld clock_type=%s%s lost_events=%lld\n",
	       jget_str(h, "tracer") ? jget_str(h, "tracer") : "-",
	       jget_int(h, "entries"), jget_int(h, "written"), jget_int(h, "cpus"),
	       jget_str(h, "clock_type") ? jget_str(h, "clock_type") : "-",
	       json_object_get_boolean(jget(h, "trace_cmd_report")) ? " (trace-cmd report)" : "",
	       jget_int(h, "lost_events"));
	printf("lines:   %lld = %lld events + %lld continuation + %lld header + %lld noise + "
	       "%lld blank + %lld graph + %lld rejected\n",
	       jget_int(l, "total"), jget_int(l, "events"), jget_int(l, "continuation"),
	       jget_int(l, "header"), jget_int(l, "noise"), jget_int(l, "blank"),
	       jget_int(l, "graph"), jget_int(l, "rejected"));
	if (jget_str(t, "first"))
		printf("time:    %s .. %s (span %s s)\n", jget_str(t, "first"),
		       jget_str(t, "last"), jget_str(t, "span"));
	print_kv_counts("events by name", jget(r, "events_by_name"),
			tm_cli_verbosity == TM_VERBOSE ? -1 : 30,
			jget_int(r, "events_other_names"), TM_MAX_NAMES);
	print_kv_counts("cpus", jget(r, "cpus"), -1, jget_int(r, "events_other_cpus"), TM_MAX_CPUS);
	printf("tasks (%lld):\n", jget_int(r, "tasks_total"));
	for (size_t i = 0; i < json_object_array_length(tasks); i++) {
		struct json_object *k = json_object_array_get_idx(tasks, i);
		printf("  pid %-7lld tgid %-7s %-20s %lld events\n", jget_int(k, "pid"),
		       jget_str(k, "tgid") ? jget_str(k, "tgid") : "?",
		       jget_str(k, "comm") ? jget_str(k, "comm") : "<...>", jget_int(k, "events"));
	}
	if (json_object_array_length(tasks) < (size_t)jget_int(r, "tasks_total"))
		printf("  ... (--tasks N or --json for more)\n");
	if (jget_int(r, "events_other_tasks") > 0)
		printf("  %lld events of other tasks (past the cap of %d tasks: not followed)\n",
		       jget_int(r, "events_other_tasks"), TM_MAX_TASKS);
	printf("clock sync markers (%zu):\n", json_object_array_length(m));
	for (size_t i = 0; i < json_object_array_length(m); i++) {
		struct json_object *k = json_object_array_get_idx(m, i);
		printf("  %-11s %-20s at %lld ns  (%s)%s\n", jget_str(k, "kind"),
		       jget_str(k, "id") ? jget_str(k, "id") : jget_str(k, "value_ns"),
		       jget_int(k, "ts_ns"), jget_str(k, "where"),
		       json_object_get_boolean(jget(k, "sentinel")) ?
		       "\n              systrace's closing sentinel: the kernel clock is taken as "
		       "CLOCK_MONOTONIC; not in the time span" : "");
	}
	if ((jo = jget(r, "json"))) {
		struct json_object *jt = jget(jo, "time");
		printf("json:    %lld events in %lld block(s), %lld pids, %lld threads, "
		       "clock_sync issuer %lld receiver %lld, without ts %lld\n",
		       jget_int(jo, "events"), jget_int(jo, "blocks"), jget_int(jo, "pids"),
		       jget_int(jo, "threads"), jget_int(jo, "clock_sync_issuer"),
		       jget_int(jo, "clock_sync_receiver"), jget_int(jo, "without_ts"));
		if (jt)
			printf("         time %s .. %s (span %s s)\n", jget_str(jt, "first_s"),
			       jget_str(jt, "last_s"), jget_str(jt, "span_s"));
		printf("         by phase:");
		json_object_object_foreach(jget(jo, "by_phase"), jk, jv)
			printf(" %s=%lld", tm_safe_str(jk), (long long)json_object_get_int64(jv));
		printf("\n");
		if (jget_int(jo, "events_other_pids") > 0 || jget_int(jo, "events_other_threads") > 0)
			printf("         others (past the cap of %d): %lld events of other pids, "
			       "%lld of other threads\n", TM_MAX_IDS, jget_int(jo, "events_other_pids"),
			       jget_int(jo, "events_other_threads"));
		print_kv_counts("json events by name", jget(jo, "by_name"), -1,
				jget_int(jo, "events_other_names"), TM_MAX_NAMES);
	}
	printf("atrace:  payloads");
	json_object_object_foreach(jget(a, "payloads"), pk, pv)
		if (json_object_get_int64(pv))
			printf(" %s=%lld", tm_safe_str(pk), (long long)json_object_get_int64(pv));
	printf("\n         slices opened %lld closed %lld unterminated %lld, unmatched E %lld; "
	       "async opened %lld closed %lld unterminated %lld, unmatched F %lld\n",
	       jget_int(a, "slices_opened"), jget_int(a, "slices_closed"),
	       jget_int(a, "slices_unterminated"), jget_int(a, "end_unmatched"),
	       jget_int(a, "async_opened"), jget_int(a, "async_closed"),
	       jget_int(a, "async_unterminated"), jget_int(a, "async_end_unmatched"));
	if (jget_int(a, "events_other_async") > 0)
		printf("         %lld S/F of other async slices (past the cap of %d open at once: "
		       "not paired)\n", jget_int(a, "events_other_async"), TM_MAX_ASYNC);
	printf("warnings (%zu kinds):\n", json_object_array_length(w));
	for (size_t i = 0; i < json_object_array_length(w); i++) {
		struct json_object *k = json_object_array_get_idx(w, i), *locs = jget(k, "locations");
		printf("  %-20s %lld  %s; first at", jget_str(k, "kind"), jget_int(k, "count"),
		       jget_str(k, "message"));
		for (size_t j = 0; j < json_object_array_length(locs); j++)
			printf(" %s", tm_safe_str(json_object_get_string(json_object_array_get_idx(locs, j))));
		printf("\n");
	}
}

/* "N", 0 <= N <= INT_MAX, decimal digits only.  0 or -1. */
static int parse_count(const char *s, int *n)
{
	char *end;
	long v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v > INT_MAX)
		return -1;
	*n = (int)v;
	return 0;
}

int cmd_stats(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "tasks", required_argument, NULL, 't' },
		TM_VERBOSITY_OPTIONS,
		TM_INPUT_OPTIONS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int json = 0, max_tasks = 20, c, rc = TM_EXIT_OK;
	bool verbose, tasks_given = false;
	struct json_object *all;

	while ((c = tm_getopt("stats", argc, argv, "jt:qvh", opts)) != -1) {
		if (tm_cli_verbosity_opt(c))
			continue;
		switch (c) {
		case 'j': json = 1; break;
		case 't':
			tasks_given = true;
			if (parse_count(optarg, &max_tasks))
				return tm_usage_error("stats", "--tasks wants a number of tasks "
						      "(0 or more), not '%s'", optarg);
			break;
		case 'h': tm_usage("stats", 0); return TM_EXIT_OK;
		case TM_OPT_MAX_DECOMPRESSED:
			if (tm_cli_decompress_opt("stats", optarg))
				return TM_EXIT_USAGE;
			break;
		default: return TM_EXIT_USAGE;      /* TM_OPT_BAD: told */
		}
	}
	if (optind >= argc)
		return tm_usage_error("stats", "no input given");
	verbose = tm_cli_verbosity == TM_VERBOSE;
	all = json_object_new_array();
	for (int i = optind; i < argc; i++) {
		struct json_object *r;
		struct tm_diag d;
		char *text;

		tm_diag_init(&d);
		/* the text lists the busiest tasks and names; -v and --json all */
		tm_cli_progress_start("stats");
		text = tm_stats_json(argv[i], json || (verbose && !tasks_given) ? -1 : max_tasks,
				     json || verbose ? -1 : 20, &d);
		tm_cli_progress_end();
		r = text ? json_tokener_parse(text) : NULL;
		free(text);
		if (r && jget_str(r, "nothing_read")) {
			/* an input without a trace: reported all the same (it says
			 * what the input holds), and an error */
			fprintf(stderr, "tracemerge stats: %s: %s\n", tm_safe_str(argv[i]),
				jget_str(r, "nothing_read"));
			rc = TM_EXIT_INPUT;
		}
		if (!r) {
			fprintf(stderr, "tracemerge stats: %s\n", d.error[0] ? d.error : "out of memory");
			rc = TM_EXIT_INPUT;
		} else if (json) {
			json_object_array_add(all, r);
		} else {
			if (i > optind)
				printf("\n");
			print_text(r);
			json_object_put(r);
		}
		tm_diag_free(&d);
	}
	if (json) {
		struct json_object *o = json_object_new_object();
		json_object_object_add(o, "inputs", all);
		/* (each input's text is valid UTF-8 already: tm_stats_json) */
		const char *text = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PRETTY |
								  JSON_C_TO_STRING_NOSLASHESCAPE);
		printf("%s\n", text ? text : "{\"error\": \"out of memory\"}");
		json_object_put(o);
	} else {
		json_object_put(all);
	}
	return rc;
}
