/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* report.c - build the stats report of one input (see report.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "report.h"
#include "safe-text.h"
#include "tracemerge/browser.h"
#include "tracemerge/ts.h"

static struct json_object *ju64(uint64_t v)
{
	return json_object_new_int64(v > INT64_MAX ? INT64_MAX : (int64_t)v);
}

static void add(struct json_object *o, const char *k, struct json_object *v)
{
	json_object_object_add(o, k, v);
}

static struct json_object *ts_text(int64_t ns, bool counter)
{
	char b[TM_TS_BUFSZ];

	if (counter)
		snprintf(b, sizeof(b), "%lld", (long long)ns);
	else
		tm_ts_format_secs(b, ns, 9);
	return json_object_new_string(b);
}

struct json_object *tm_report_lines(const struct tm_kstats *st)
{
	struct json_object *o = json_object_new_object();

	add(o, "total", ju64(st->lines));
	add(o, "events", ju64(st->events));
	add(o, "continuation", ju64(st->continuation));
	add(o, "header", ju64(st->header));
	add(o, "noise", ju64(st->noise));
	add(o, "blank", ju64(st->blank));
	add(o, "graph", ju64(st->graph));
	add(o, "rejected", ju64(st->rejected));
	return o;
}

struct json_object *tm_report_warnings(const struct tm_diag *d)
{
	struct json_object *a = json_object_new_array();

	for (size_t i = 0; i < d->nwarn; i++) {
		const struct tm_warning *w = &d->warn[i];
		struct json_object *o = json_object_new_object(), *locs = json_object_new_array();
		add(o, "kind", json_object_new_string(w->kind));
		add(o, "count", ju64(w->count));
		add(o, "message", json_object_new_string(w->first_message ? w->first_message : ""));
		for (unsigned j = 0; j < w->nlocs; j++)
			json_object_array_add(locs, json_object_new_string(w->locs[j]));
		add(o, "locations", locs);
		json_object_array_add(a, o);
	}
	return a;
}

uint64_t tm_report_unterminated(const struct tm_kstats *st, uint64_t *async_open)
{
	uint64_t open = 0, aopen = 0;
	size_t it = 0;
	struct tm_task *t;
	int64_t *c;

	while ((t = tm_hmap_next(st->tasks, &it, NULL, NULL)))
		open += t->open_slices > 0 ? (uint64_t)t->open_slices : 0;
	it = 0;
	while ((c = tm_hmap_next(st->async, &it, NULL, NULL)))
		aopen += *c > 0 ? (uint64_t)*c : 0;
	if (async_open)
		*async_open = aopen;
	return open;
}

static int by_count_desc(const struct tm_hmap_entry *a, const struct tm_hmap_entry *b)
{
	uint64_t x = *(uint64_t *)a->val, y = *(uint64_t *)b->val;
	if (x != y)
		return x > y ? -1 : 1;
	size_t n = a->klen < b->klen ? a->klen : b->klen;
	int c = memcmp(a->key, b->key, n);
	return c ? c : (a->klen > b->klen) - (a->klen < b->klen);
}

static int by_i32_key(const struct tm_hmap_entry *a, const struct tm_hmap_entry *b)
{
	int32_t x, y;
	memcpy(&x, a->key, sizeof(x));
	memcpy(&y, b->key, sizeof(y));
	return (x > y) - (x < y);
}

static struct json_object *events_by_name(const struct tm_kstats *st)
{
	struct json_object *o = json_object_new_object();
	struct tm_hmap_entry *e = tm_hmap_sorted(st->names, by_count_desc);

	for (size_t i = 0; e && i < tm_hmap_count(st->names); i++) {
		char key[TM_NAME_KEY_MAX + 1];
		size_t n = e[i].klen < sizeof(key) - 1 ? e[i].klen : sizeof(key) - 1;
		memcpy(key, e[i].key, n);
		key[n] = '\0';
		add(o, key, ju64(*(uint64_t *)e[i].val));
	}
	free(e);
	return o;
}

static struct json_object *cpus(const struct tm_kstats *st)
{
	struct json_object *o = json_object_new_object();
	struct tm_hmap_entry *e = tm_hmap_sorted(st->cpus, by_i32_key);

	for (size_t i = 0; e && i < tm_hmap_count(st->cpus); i++) {
		char key[16];
		int32_t cpu;
		memcpy(&cpu, e[i].key, sizeof(cpu));
		snprintf(key, sizeof(key), "%d", cpu);
		add(o, key, ju64(*(uint64_t *)e[i].val));
	}
	free(e);
	return o;
}

static struct json_object *tasks(const struct tm_kstats *st, int max)
{
	struct json_object *a = json_object_new_array();
	struct tm_hmap_entry *e = tm_hmap_sorted(st->tasks, by_i32_key);

	for (size_t i = 0; e && i < tm_hmap_count(st->tasks); i++) {
		const struct tm_task *t = e[i].val;
		struct json_object *o;
		int32_t pid;
		if ((max >= 0 && json_object_array_length(a) >= (size_t)max) ||
		    json_object_array_length(a) >= TM_MAX_LISTED)
			break;
		memcpy(&pid, e[i].key, sizeof(pid));
		o = json_object_new_object();
		add(o, "pid", json_object_new_int(pid));
		add(o, "tgid", t->tgid >= 0 ? json_object_new_int(t->tgid) : NULL);
		add(o, "comm", t->named ? json_object_new_string(t->comm) : NULL);
		add(o, "events", ju64(t->events));
		json_object_array_add(a, o);
	}
	free(e);
	return a;
}

static const char *sync_kind_name(enum tm_clock_sync_kind k)
{
	return k == TM_SYNC_NAME ? "name" : k == TM_SYNC_PARENT_TS ? "parent_ts" : "realtime_ts";
}

static struct json_object *markers(const struct tm_kstats *st)
{
	struct json_object *a = json_object_new_array();

	for (size_t i = 0; i < st->nmarkers; i++) {
		const struct tm_sync_marker *m = &st->markers[i];
		struct json_object *o = json_object_new_object();
		add(o, "kind", json_object_new_string(sync_kind_name(m->kind)));
		if (m->kind == TM_SYNC_NAME)
			add(o, "id", json_object_new_string(m->id));
		else
			add(o, "value_ns", json_object_new_int64(m->value_ns));
		add(o, "ts_ns", json_object_new_int64(m->ts_ns));
		add(o, "where", json_object_new_string(m->where));
		if (m->sentinel)   /* kernel-scan.h: not in the time span */
			add(o, "sentinel", json_object_new_boolean(true));
		json_object_array_add(a, o);
	}
	return a;
}

static struct json_object *atrace(const struct tm_kstats *st)
{
	static const char letters[] = "??BECSFINGHTU";
	struct json_object *o = json_object_new_object(), *k = json_object_new_object();
	uint64_t aopen, open = tm_report_unterminated(st, &aopen);

	for (int i = TM_AT_BEGIN; i <= TM_AT_U; i++) {
		char key[2] = { letters[i], 0 };
		add(k, key, ju64(st->at.by_kind[i]));
	}
	add(k, "clock_sync", ju64(st->at.by_kind[TM_AT_CLOCK_SYNC]));
	add(k, "invalid", ju64(st->at.by_kind[TM_AT_INVALID]));
	add(k, "text", ju64(st->at.by_kind[TM_AT_NONE]));
	add(o, "payloads", k);
	add(o, "slices_opened", ju64(st->at.by_kind[TM_AT_BEGIN]));
	add(o, "slices_closed", ju64(st->at.slices_closed));
	add(o, "end_unmatched", ju64(st->at.end_unmatched));
	add(o, "slices_unterminated", ju64(open));
	add(o, "async_opened", ju64(st->at.by_kind[TM_AT_ASYNC_BEGIN]));
	add(o, "async_closed", ju64(st->at.async_closed));
	add(o, "async_end_unmatched", ju64(st->at.async_end_unmatched));
	add(o, "async_unterminated", ju64(aopen));
	add(o, "events_other_async", ju64(st->async_other));
	return o;
}

static struct json_object *header(const struct tm_kstats *st)
{
	struct json_object *o = json_object_new_object();
	const struct tm_ftrace_header *h = &st->hdr;

	add(o, "tracer", h->tracer[0] ? json_object_new_string(h->tracer) : NULL);
	add(o, "entries", h->entries >= 0 ? json_object_new_int64(h->entries) : NULL);
	add(o, "written", h->written >= 0 ? json_object_new_int64(h->written) : NULL);
	add(o, "cpus", h->ncpus >= 0 ? json_object_new_int(h->ncpus) : NULL);
	add(o, "clock_type", h->clock_type[0] ? json_object_new_string(h->clock_type) : NULL);
	add(o, "irq_flags_columns", json_object_new_int(h->legend_flags));
	add(o, "tgid_column", json_object_new_boolean(h->legend_tgid));
	add(o, "trace_cmd_report", json_object_new_boolean(h->tracecmd));
	add(o, "lost_events", json_object_new_int64(h->lost_events));
	return o;
}

struct json_object *tm_report_json(struct tm_input *in, struct tm_kstats *st,
				   int max_tasks)
{
	struct json_object *o = json_object_new_object(), *b = json_object_new_object();
	struct json_object *t = json_object_new_object();

	add(o, "file", json_object_new_string(tm_input_name(in)));
	add(o, "format", json_object_new_string(tm_format_name(tm_input_format(in))));
	add(o, "gzip", json_object_new_boolean(tm_input_was_gzip(in)));
	for (int k = TM_BLOCK_FTRACE; k <= TM_BLOCK_OTHER; k++)
		add(b, tm_block_kind_name(k), ju64(st->blocks[k]));
	add(o, "blocks", b);
	add(o, "header", header(st));
	add(o, "lines", tm_report_lines(st));
	add(o, "events_by_name", events_by_name(st));
	add(o, "events_other_names", ju64(st->names_other));
	add(o, "cpus", cpus(st));
	add(o, "events_other_cpus", ju64(st->cpus_other));
	add(o, "tasks_total", ju64(tm_hmap_count(st->tasks)));
	add(o, "events_other_tasks", ju64(st->tasks_other));
	add(o, "tasks", tasks(st, max_tasks));
	if (st->have_ts) {
		char span[TM_TS_BUFSZ];
		add(t, "first", ts_text(st->ts_min, st->counter_clock));
		add(t, "last", ts_text(st->ts_max, st->counter_clock));
		tm_ts_format_secs(span, st->ts_max - st->ts_min, 9);
		add(t, "span", json_object_new_string(span));
		add(t, "first_ns", json_object_new_int64(st->ts_min));
		add(t, "last_ns", json_object_new_int64(st->ts_max));
		add(t, "counter_clock", json_object_new_boolean(st->counter_clock));
	}
	add(o, "time", t);
	add(o, "clock_sync", markers(st));
	add(o, "atrace", atrace(st));
	add(o, "warnings", tm_report_warnings(st->diag));
	add(o, "browser", tm_report_browser(in));
	add(o, "source", tm_report_source(in));
	return o;
}

struct json_object *tm_report_source(const struct tm_input *in)
{
	struct json_object *o, *g = NULL;
	const char *gname = NULL;

	if (!in->nsource)
		return NULL;
	o = json_object_new_object();
	for (size_t i = 0; i < in->nsource; i++) {
		const struct tm_source_count *c = &in->source[i];

		if (!c->group[0]) {
			add(o, c->key, ju64(c->count));
			continue;
		}
		if (!gname || strcmp(gname, c->group)) {
			if (!json_object_object_get_ex(o, c->group, &g)) {
				g = json_object_new_object();
				add(o, c->group, g);
			}
			gname = c->group;
		}
		add(g, c->key, ju64(c->count));
	}
	if (in->source_other)
		add(o, "others_past_the_cap", ju64(in->source_other));
	return o;
}

struct json_object *tm_report_browser(const struct tm_input *in)
{
	struct tm_browser_counts c;
	struct json_object *o;

	if (!tm_input_browser_counts(in, &c))
		return NULL;
	o = json_object_new_object();
	add(o, "records", ju64(c.records));
	add(o, "converted", ju64(c.records - c.rejected));
	add(o, "rejected", ju64(c.rejected));
	add(o, "events", ju64(c.events));
	add(o, "clock", json_object_new_string(c.realtime ? "CLOCK_REALTIME (timeOrigin)" :
					       "private (no absolute clock)"));
	return o;
}

struct json_object *tm_report_canon(const struct tm_canon_stats *c)
{
	struct json_object *o = json_object_new_object();
#define PUT(k, v) json_object_object_add(o, k, json_object_new_int64((int64_t)(v)))
	PUT("flags_5th_column_dropped", c->flags_5th_dropped);
	PUT("flag_letters_mapped", c->flags_letter_mapped);
	PUT("flags_column_added", c->flags_added);
	PUT("trace_cmd_plugin_text_rewritten", c->plugin_rewritten);
	if (c->raw_rewritten || c->raw_kept || c->raw_states_kept) {  /* (report -R text only) */
		PUT("trace_cmd_raw_fields_rewritten", c->raw_rewritten);
		PUT("trace_cmd_raw_fields_kept", c->raw_kept + c->raw_states_kept);
	}
	PUT("continuation_lines_joined", c->continuations_joined);
	PUT("counter_clock_timestamps", c->counter_clock);
#undef PUT
	return o;
}

char *tm_report_json_text(struct json_object *o, int flags)
{
	const char *s = json_object_to_json_string_ext(o, flags);

	return s ? tm_utf8_valid_dup(s, strlen(s)) : NULL;
}

/* ---- an input that gave nothing ----------------------------------------- */

/* Append to BUF (SIZE, holding *AT bytes) what FMT says. */
static void put(char *buf, size_t size, size_t *at, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t size, size_t *at, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*at >= size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *at, size - *at, fmt, ap);
	va_end(ap);
	if (n > 0)
		*at = *at + (size_t)n < size ? *at + (size_t)n : size;
}

/* Where the block B stands, in words ("the linuxPerfData string",
 * "trace-data block 2", ...), appended to BUF. */
static void put_where(char *buf, size_t size, size_t *at, const struct tm_block *b)
{
	static const char *const words[][2] = {
		{ "", "the file's text" },
		{ "gzip", "the gzip-compressed text" },
		{ "zlib", "the zlib stream after TRACE:" },
		{ "linuxPerfData", "the linuxPerfData string" },
		{ "systemTraceEvents", "the systemTraceEvents string" },
		{ "perfetto", "the text made of its packets" },
		{ "trace.dat", "the text made of its events" },
	};

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (!strcmp(b->origin, words[i][0])) {
			put(buf, size, at, "%s", words[i][1]);
			return;
		}
	if (!strncmp(b->origin, "trace-data ", 11) || !strncmp(b->origin, "viewer-data ", 12))
		put(buf, size, at, "%s", b->origin);
	else
		put(buf, size, at, "the block \"%s\"", b->origin);
}

static const char *kind_words(enum tm_block_kind k)
{
	switch (k) {
	case TM_BLOCK_FTRACE:       return "text read as ftrace";
	case TM_BLOCK_JSON:         return "Trace Event JSON";
	case TM_BLOCK_PROCESS_DUMP: return "a PROCESS DUMP (names, no events)";
	case TM_BLOCK_CGROUP_DUMP:  return "a CGROUP DUMP (kept, no events)";
	case TM_BLOCK_OTHER:        break;
	}
	return "text of no known kind";
}

/* ST's lines that are not events, each kind with why. */
static void put_lines(char *buf, size_t size, size_t *at, const struct tm_kstats *st)
{
	static const char *const why[] = {
		"header", "noise (lines that are not ftrace events)",
		"blank", "rejected (event lines that could not be read: see the warnings)",
		"function_graph display", "marker continuation",
	};
	const uint64_t n[] = { st->header, st->noise, st->blank, st->rejected, st->graph,
			       st->continuation };
	const char *sep = ": ";

	put(buf, size, at, "; %llu ftrace line%s read", (unsigned long long)st->lines,
	    st->lines == 1 ? "" : "s");
	for (size_t i = 0; i < sizeof(n) / sizeof(n[0]); i++) {
		if (!n[i])
			continue;
		put(buf, size, at, "%s%llu %s", sep, (unsigned long long)n[i], why[i]);
		sep = ", ";
	}
}

int tm_report_nothing_read(const struct tm_input *in, const struct tm_kstats *st,
			   char *buf, size_t size)
{
	size_t nb = tm_input_nblocks(in), at = 0, shown = 0;

	if (tm_kstats_holds_trace(st))
		return 0;
	for (size_t i = 0; i < nb; i++)
		if (tm_input_block(in, i)->kind == TM_BLOCK_JSON)
			return 0;
	put(buf, size, &at, "no kernel events and no Trace Event JSON in it: read as %s%s: ",
	    tm_format_name(tm_input_format(in)), tm_input_was_gzip(in) ? " (gzip)" : "");
	for (size_t i = 0; i < nb && shown < 3; i++, shown++) {
		const struct tm_block *b = tm_input_block(in, i);

		put(buf, size, &at, "%s", i ? "; " : "");
		put_where(buf, size, &at, b);
		if (b->first_line)
			put(buf, size, &at, " (from line %lu)", b->first_line);
		put(buf, size, &at, " holds %s", kind_words(b->kind));
	}
	if (nb > shown)
		put(buf, size, &at, " and %zu more block%s", nb - shown, nb - shown == 1 ? "" : "s");
	if (!nb)
		put(buf, size, &at, "no block");
	put_lines(buf, size, &at, st);
	return 1;
}
