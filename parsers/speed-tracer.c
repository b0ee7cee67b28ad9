/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * speed-tracer.c - Speed Tracer data dumps -> Trace Event JSON.
 *
 * A dump is one JSON record per line, `{type, time, data, ...}`, times in
 * ms since the session started (no absolute clock: the block's clock is
 * private).  Records:
 *  - timeline events (types 0..11, 15, 16, 17): complete slices (X) named
 *    by their type on the "renderer" thread, `duration` (which includes
 *    the children) as dur, nested `children` converted the same way inside
 *    them; args: "data" and every other field but type/time/duration/children
 *    (callerScriptName, usedHeapSize, sequence, ...);
 *  - network resources (12 start, 13 response, 14 finish): a nestable async
 *    slice per identifier on the "network" thread, from start to finish,
 *    named by its URL, with a "Response" slice inside it from the response
 *    on; 0x7FFFFFFD resource updates are async instants on it (plain
 *    instants when the resource is not open);
 *  - marks (18 DOM content, 19 load), 0x7FFFFFFE tab changed, 0x7FFFFFFC
 *    profile data, and types the document does not name: instants with
 *    their data (an unknown type's number is kept in the args).
 * Rejected, each a counted warning at its line: lines that are not a JSON
 * object, a type that is not an integer, a time that is not a number, a
 * negative or non-numeric duration, network records without identifier;
 * counted warnings: a timeline event without duration (taken as 0), a
 * child outside its parent, response/finish of a resource never started,
 * resources never finished.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"

#define PID TM_PID_SPEEDTRACER
#define TID_RENDERER TM_PID_SPEEDTRACER
#define TID_NETWORK (TM_PID_SPEEDTRACER + 1)

enum {
	NET_START = 12, NET_RESPONSE = 13, NET_FINISH = 14,
	MARK_DOM_CONTENT = 18, MARK_LOAD = 19,
	PROFILE_DATA = 0x7FFFFFFC, NET_UPDATE = 0x7FFFFFFD, TAB_CHANGED = 0x7FFFFFFE,
};

/* timeline event names (types 0..17; NULL: not a timeline event) */
static const char *const timeline_names[] = {
	"DOM Event", "Layout", "Recalculate Styles", "Paint", "Parse HTML",
	"Timer Install", "Timer Clear", "Timer", "XHR Ready State Change", "XHR Load",
	"Eval Script", "Log Event", NULL, NULL, NULL, "JavaScript Callback",
	"Resource Data Received", "Garbage Collection Event",
};

struct resource {
	struct tm_jval id, name;  /* identifier (raw), URL or none */
	int64_t start, response;
	bool responded;
};

struct st {
	struct tm_bconv *c;
	struct resource *res;     /* open resources */
	size_t nres, cap;
};

static const char *instant_name(int64_t type)
{
	switch (type) {
	case MARK_DOM_CONTENT: return "Mark DOM Content";
	case MARK_LOAD:        return "Mark Load Event";
	case TAB_CHANGED:      return "Tab Changed";
	case PROFILE_DATA:     return "Profile Data";
	case NET_START:        return "Network Resource Start";
	case NET_RESPONSE:     return "Network Resource Response";
	case NET_FINISH:       return "Network Resource Finish";
	case NET_UPDATE:       return "Network Resource Update";
	default:               return "Speed Tracer Record";
	}
}

/* args: "data" then the other fields (all but SKIP_TIMES: type/time/duration/children) */
static void record_args(struct tm_bconv *c, const struct tm_jval *rec, bool keep_type)
{
	struct tm_jval k, v, data = tm_json_get(rec, "data");
	const char *it = NULL;

	if (data.type != TM_J_NONE)
		tm_bconv_arg(c, "data", &data);
	while (tm_bconv_member(rec, &it, &k, &v)) {
		if (tm_json_str_eq(&k, "data") || tm_json_str_eq(&k, "time") ||
		    tm_json_str_eq(&k, "duration") || tm_json_str_eq(&k, "children") ||
		    (!keep_type && tm_json_str_eq(&k, "type")))
			continue;
		tm_bconv_arg_kv(c, &k, &v);
	}
}

static struct resource *find_res(struct st *s, const struct tm_jval *id)
{
	for (size_t i = 0; i < s->nres; i++)
		if (s->res[i].id.n == id->n && !memcmp(s->res[i].id.p, id->p, id->n))
			return &s->res[i];
	return NULL;
}

static void instant(struct tm_bconv *c, const struct tm_jval *rec, int64_t type,
		    int64_t ts, int tid)
{
	bool known = strcmp(instant_name(type), "Speed Tracer Record") != 0;

	tm_bconv_begin(c, 'i', NULL, instant_name(type), NULL, "speedtracer", ts, PID, tid);
	record_args(c, rec, !known);
	tm_bconv_end(c);
}

static void net_record(struct st *s, const struct tm_jval *rec, int64_t type, int64_t ts)
{
	struct tm_bconv *c = s->c;
	struct tm_jval data = tm_json_get(rec, "data"), id = tm_json_get(&data, "identifier");
	struct resource *r;

	if (id.type != TM_J_NUMBER && id.type != TM_J_STRING) {
		if (type == NET_UPDATE) {     /* updates carry what they know */
			instant(c, rec, type, ts, TID_NETWORK);
			return;
		}
		tm_bconv_reject(c, "bad-record", rec->p,
			     "network record (type %lld) without data.identifier: rejected",
			     (long long)type);
		return;
	}
	r = find_res(s, &id);
	if (type == NET_START) {
		if (r) {
			tm_bconv_warn(c, "duplicate-start", rec->p,
				   "network resource started again before it finished");
		} else {
			if (s->nres == s->cap) {
				size_t cap = s->cap ? s->cap * 2 : 16;
				struct resource *nr = realloc(s->res, cap * sizeof(*nr));
				if (!nr) {
					c->out.oom = 1;
					return;
				}
				s->res = nr;
				s->cap = cap;
			}
			r = &s->res[s->nres++];
		}
		r->id = id;
		r->name = tm_json_get(&data, "url");
		r->responded = false;
		r->start = ts;
		tm_bconv_begin(c, 'b', &r->name, "Network Resource", NULL, "network", ts, PID,
			    TID_NETWORK);
		tm_bconv_id(c, &id);
		record_args(c, rec, false);
		tm_bconv_end(c);
		return;
	}
	if (!r) {      /* nothing open to attach it to: an instant */
		if (type != NET_UPDATE)
			tm_bconv_warn(c, "unmatched", rec->p, "network resource %s without a start "
				   "record: kept as an instant",
				   type == NET_FINISH ? "finish" : "response");
		instant(c, rec, type, ts, TID_NETWORK);
		return;
	}
	if (ts < (r->responded ? r->response : r->start)) {
		tm_bconv_reject(c, "negative-duration", rec->p, "network record before the "
			     "resource's %s: rejected", r->responded ? "response" : "start");
		return;
	}
	if (type == NET_UPDATE) {
		tm_bconv_begin(c, 'n', NULL, "Network Resource Update", NULL, "network", ts,
			    PID, TID_NETWORK);
		tm_bconv_id(c, &r->id);
		record_args(c, rec, false);
		tm_bconv_end(c);
		return;
	}
	if (type == NET_RESPONSE && !r->responded) {
		r->responded = true;
		r->response = ts;
		tm_bconv_begin(c, 'b', NULL, "Response", NULL, "network", ts, PID, TID_NETWORK);
		tm_bconv_id(c, &r->id);
		record_args(c, rec, false);
		tm_bconv_end(c);
		return;
	}
	if (type == NET_RESPONSE) {    /* a second response: an async instant */
		tm_bconv_begin(c, 'n', NULL, "Network Resource Response", NULL, "network", ts,
			    PID, TID_NETWORK);
		tm_bconv_id(c, &r->id);
		record_args(c, rec, false);
		tm_bconv_end(c);
		return;
	}
	if (r->responded) {
		tm_bconv_begin(c, 'e', NULL, "Response", NULL, "network", ts, PID, TID_NETWORK);
		tm_bconv_id(c, &r->id);
		tm_bconv_end(c);
	}
	tm_bconv_begin(c, 'e', &r->name, "Network Resource", NULL, "network", ts, PID,
		    TID_NETWORK);
	tm_bconv_id(c, &r->id);
	record_args(c, rec, false);
	tm_bconv_end(c);
	*r = s->res[--s->nres];
}

static void record(struct st *s, const struct tm_jval *rec, int depth, int64_t pstart,
		   int64_t pend);

static void children(struct st *s, const struct tm_jval *rec, int depth, int64_t start,
		     int64_t end)
{
	struct tm_jval kids = tm_json_get(rec, "children"), el;
	const char *it = NULL;

	if (kids.type == TM_J_NONE || kids.type == TM_J_NULL)
		return;
	if (kids.type != TM_J_ARRAY) {
		tm_bconv_warn(s->c, "bad-children", kids.p, "children is not an array: ignored");
		return;
	}
	if (depth >= TM_BC_MAX_DEPTH) {
		tm_bconv_reject(s->c, "too-deep", kids.p, "children nested more than %d deep: "
			     "rejected", TM_BC_MAX_DEPTH);
		return;
	}
	while (tm_bconv_next(&kids, &it, &el))
		record(s, &el, depth + 1, start, end);
}

static void timeline(struct st *s, const struct tm_jval *rec, int64_t type, int64_t ts,
		     int depth, int64_t pstart, int64_t pend)
{
	struct tm_bconv *c = s->c;
	struct tm_jval dur = tm_json_get(rec, "duration");
	int64_t dur_ns = 0, end;

	if (dur.type == TM_J_NONE) {
		tm_bconv_warn(c, "no-duration", rec->p,
			   "timeline event without duration: taken as 0");
	} else if (tm_bconv_ms(&dur, &dur_ns) || dur_ns < 0) {
		tm_bconv_reject(c, dur.type == TM_J_NUMBER ? "negative-duration" : "bad-record",
			     rec->p, "timeline event whose duration is %s: rejected",
			     dur.type == TM_J_NUMBER ? "negative" : "not a number");
		children(s, rec, depth, ts, ts);
		return;
	}
	if (__builtin_add_overflow(ts, dur_ns, &end)) {
		tm_bconv_reject(c, "bad-record", rec->p, "timeline event out of range: rejected");
		return;
	}
	if (depth > 0 && (ts < pstart || end > pend))
		tm_bconv_warn(c, "child-outside-parent", rec->p,
			   "child event not inside its parent's time");
	tm_bconv_begin(c, 'X', NULL, timeline_names[type], NULL, "speedtracer", ts, PID,
		    TID_RENDERER);
	tm_bconv_dur(c, dur_ns);
	record_args(c, rec, false);
	tm_bconv_end(c);
	children(s, rec, depth, ts, end);
}

static void record(struct st *s, const struct tm_jval *rec, int depth, int64_t pstart,
		   int64_t pend)
{
	struct tm_bconv *c = s->c;
	struct tm_jval type_v, time_v;
	int64_t type, ts;

	c->n.records++;
	if (rec->type != TM_J_OBJECT) {
		tm_bconv_reject(c, "bad-record", rec->p, "record is not a JSON object: rejected");
		return;
	}
	type_v = tm_json_get(rec, "type");
	time_v = tm_json_get(rec, "time");
	if (tm_bconv_int(&type_v, &type)) {
		tm_bconv_reject(c, "bad-record", rec->p, "record whose type is %s: rejected",
			     type_v.type == TM_J_NONE ? "missing" : "not an integer");
		return;
	}
	if (tm_bconv_ms(&time_v, &ts)) {
		tm_bconv_reject(c, "bad-record", rec->p, "record whose time is %s: rejected",
			     time_v.type == TM_J_NONE ? "missing" : "not a number of milliseconds");
		return;
	}
	if (type >= 0 && type < (int64_t)(sizeof(timeline_names) / sizeof(timeline_names[0])) &&
	    timeline_names[type]) {
		timeline(s, rec, type, ts, depth, pstart, pend);
		return;
	}
	if (type == NET_START || type == NET_RESPONSE || type == NET_FINISH ||
	    type == NET_UPDATE)
		net_record(s, rec, type, ts);
	else
		instant(c, rec, type, ts, TID_RENDERER);
	children(s, rec, depth, ts, ts);
}

int tm_speedtracer_read(struct tm_bconv *c)
{
	const char *p = c->text, *e = c->text + c->len, *le, *next, *end;
	struct st s = { .c = c };

	tm_bconv_name(c, true, PID, PID, "Speed Tracer");
	tm_bconv_name(c, false, PID, TID_RENDERER, "renderer");
	tm_bconv_name(c, false, PID, TID_NETWORK, "network");
	for (; p < e; p = next) {
		le = tm_text_line_end(p, e, &next);
		p = tm_json_lex_ws(p, le);
		if (p == le)
			continue;
		end = tm_bconv_validate(c, p, le, "", false);
		if (!end || tm_json_lex_ws(end, le) != le || *p != '{') {
			c->n.records++;
			tm_bconv_reject(c, "bad-record", p, "line is not one JSON object: rejected");
			continue;
		}
		record(&s, &(struct tm_jval){ TM_J_OBJECT, p, (size_t)(end - p) }, 0, 0, 0);
	}
	for (size_t i = 0; i < s.nres; i++)
		tm_bconv_warn(c, "unfinished", s.res[i].id.p,
			   "network resource without a finish record (left open)");
	free(s.res);
	return 0;
}
