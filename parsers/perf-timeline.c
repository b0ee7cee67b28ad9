/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perf-timeline.c - W3C Performance Timeline entries (serialized
 * PerformanceEntry objects, `performance.getEntries()` as JSON) -> Trace
 * Event JSON.
 *
 * Input: a list `[entry, ...]`, or `{"timeOrigin": <epoch ms>, "entries":
 * [entry, ...], ...}`.  An entry is `{name, entryType, startTime, duration,
 * ...}` in (fractional) milliseconds.  A `mark` becomes an instant, every
 * other entryType (measure, navigation, resource, paint, longtask, event,
 * frame, server, ...) a nestable async slice (b/e; entries overlap freely)
 * with entryType as its category; all other attributes become args.  With
 * timeOrigin every time is timeOrigin + startTime on CLOCK_REALTIME (the
 * block's clock-domain), so a kernel trace with realtime_ts= markers links
 * to it without options; without it the clock is private.  Other top-level
 * keys go to the metadata.  Entries that are not objects, lack name /
 * entryType / startTime / duration, have them of the wrong type, or have a
 * negative duration are rejected, each a counted warning with its line.
 */
#include <stdio.h>
#include <string.h>

#include "browser.h"

static bool is_meta_key(const struct tm_jval *k)
{
	return !tm_json_str_eq(k, "entries");
}

/* The attributes an event carries itself, not as args. */
static bool own_attr(const struct tm_jval *k)
{
	return tm_json_str_eq(k, "name") || tm_json_str_eq(k, "entryType") ||
	       tm_json_str_eq(k, "startTime") || tm_json_str_eq(k, "duration");
}

static void entry_args(struct tm_bconv *c, const struct tm_jval *obj)
{
	struct tm_jval k, v;
	const char *it = NULL;

	while (tm_bconv_member(obj, &it, &k, &v))
		if (!own_attr(&k))
			tm_bconv_arg_kv(c, &k, &v);
}

static void entry(struct tm_bconv *c, const struct tm_jval *el, const struct tm_jval *origin,
		  uint64_t *next_id)
{
	struct tm_jval name, type, start, dur;
	int64_t start_ns, dur_ns, ts, end;
	int pid = TM_PID_PERFTIMELINE;

	c->n.records++;
	if (el->type != TM_J_OBJECT) {
		tm_bconv_reject(c, "bad-entry", el->p, "entry is not an object: rejected");
		return;
	}
	name = tm_json_get(el, "name");
	type = tm_json_get(el, "entryType");
	start = tm_json_get(el, "startTime");
	dur = tm_json_get(el, "duration");
	if (name.type != TM_J_STRING || type.type != TM_J_STRING) {
		tm_bconv_reject(c, "bad-entry", el->p, "entry without a string %s: rejected",
			     name.type != TM_J_STRING ? "name" : "entryType");
		return;
	}
	if (tm_bconv_ms(&start, &start_ns) || tm_bconv_ms(&dur, &dur_ns)) {
		tm_bconv_reject(c, "bad-entry", el->p, "entry whose %s is %s: rejected",
			     tm_bconv_ms(&start, &start_ns) ? "startTime" : "duration",
			     (tm_bconv_ms(&start, &start_ns) ? start : dur).type == TM_J_NONE ?
			     "missing" : "not a number of milliseconds");
		return;
	}
	if (dur_ns < 0) {
		tm_bconv_reject(c, "negative-duration", el->p,
			     "entry with a negative duration: rejected");
		return;
	}
	/* timeOrigin + startTime (+ duration), summed exactly, rounded once */
	const struct tm_jval *sum[3] = { origin, &start, &dur };
	if (tm_bconv_ms_sum(sum, 2, &ts) || tm_bconv_ms_sum(sum, 3, &end)) {
		tm_bconv_reject(c, "bad-entry", el->p, "entry time out of range: rejected");
		return;
	}
	if (tm_json_str_eq(&type, "mark")) {
		tm_bconv_begin(c, 'i', &name, NULL, &type, NULL, ts, pid, pid);
		if (dur_ns)
			tm_bconv_arg(c, "duration", &dur);
		entry_args(c, el);
		tm_bconv_end(c);
		return;
	}
	(*next_id)++;
	tm_bconv_begin(c, 'b', &name, NULL, &type, NULL, ts, pid, pid);
	tm_bconv_id_u64(c, *next_id);
	entry_args(c, el);
	tm_bconv_end(c);
	tm_bconv_begin(c, 'e', &name, NULL, &type, NULL, end, pid, pid);
	tm_bconv_id_u64(c, *next_id);
	tm_bconv_end(c);
}

int tm_perftimeline_read(struct tm_bconv *c)
{
	const char *e = c->text + c->len, *p = tm_json_lex_ws(c->text, e), *end, *it = NULL;
	struct tm_jval top, entries, origin = { TM_J_NONE, NULL, 0 }, el, k, v;
	int64_t origin_ns = 0;
	uint64_t id = 0;
	char where[400];

	if (!(end = tm_bconv_validate(c, p, e, "invalid Performance Timeline JSON", true)))
		return -1;
	if (tm_json_lex_ws(end, e) != e)
		tm_bconv_warn(c, "trailing-data", tm_json_lex_ws(end, e),
			   "data after the Performance Timeline JSON value ignored");
	top = (struct tm_jval){ tm_json_lex_type(*p), p, (size_t)(end - p) };
	if (top.type != TM_J_OBJECT && top.type != TM_J_ARRAY) {
		tm_bconv_where(c, p, where, sizeof(where));
		return tm_diag_error(c->in->d, "%s: not a list of PerformanceEntry objects "
				     "nor {\"timeOrigin\", \"entries\"}", where);
	}
	entries = top;
	if (top.type == TM_J_OBJECT) {
		entries = tm_json_get(&top, "entries");
		origin = tm_json_get(&top, "timeOrigin");
		while (tm_bconv_member(&top, &it, &k, &v)) {
			if (is_meta_key(&k))
				tm_bconv_meta(c, &k, &v);
		}
		if (entries.type != TM_J_ARRAY) {
			tm_bconv_where(c, entries.type ? entries.p : p, where, sizeof(where));
			return tm_diag_error(c->in->d, "%s: \"entries\" is %s, not a list of "
					     "PerformanceEntry objects", where,
					     entries.type ? "not an array" : "missing");
		}
		if (origin.type != TM_J_NONE && tm_bconv_ms(&origin, &origin_ns)) {
			tm_bconv_where(c, origin.p, where, sizeof(where));
			return tm_diag_error(c->in->d, "%s: timeOrigin is not a number of "
					     "milliseconds since the epoch", where);
		}
		if (origin.type != TM_J_NONE)
			c->clock = "CLOCK_REALTIME";
	}
	tm_bconv_name(c, true, TM_PID_PERFTIMELINE, TM_PID_PERFTIMELINE, "Performance Timeline");
	tm_bconv_name(c, false, TM_PID_PERFTIMELINE, TM_PID_PERFTIMELINE, "main");
	it = NULL;
	while (tm_bconv_next(&entries, &it, &el))
		entry(c, &el, &origin, &id);
	return 0;
}
