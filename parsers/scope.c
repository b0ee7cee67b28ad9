/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * scope.c - Opera Scope profiler `Events` messages (STP/1 JSON form:
 * messages are arrays indexed by field number) -> Trace Event JSON.
 *
 *   Events = [interval, [event, ...]]        interval = [start, end]
 *   event  = [type, time, overhead, hits, interval, eventId, parentEventId,
 *             aggregatedTime, aggregatedOverhead, cssSelectorMatching,
 *             threadEvaluation, documentParsing, cssParsing,
 *             scriptCompilation, paint]
 * Times are ms since profiling began (no absolute clock: private domain).
 * Each event becomes a complete slice (X) on one "timeline" thread named
 * by its type (Layout, Paint, Thread evaluation, ...), from interval start
 * to end; the tree is the parentEventId tree (a parent that is not in the
 * list is the Timeline root), written parents first.  Args: eventId,
 * parentEventId, time, overhead, hits, aggregatedTime, aggregatedOverhead
 * as given, the sub-messages as named objects (thread and script types
 * by name), and any fields past the fifteenth as "unknownFields".
 * Rejected with a counted warning at its line: an event that is not an
 * array, without an integer type or a [start, end] interval of numbers,
 * with end < start.  Counted warnings: repeated eventIds (the first one
 * is the parent), parentEventId cycles (their events become roots), a child
 * outside its parent's interval, sub-messages that are not arrays.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"

#define PID TM_PID_SCOPE

static const char *const type_names[] = {
	NULL, "Generic", "Process", "Document parsing", "CSS parsing",
	"Script compilation", "Thread evaluation", "Reflow", "Style recalculation",
	"CSS selector matching", "Layout", "Paint",
};
static const char *const thread_types[] = {
	"UNKNOWN", "COMMON", "TIMEOUT", "EVENT", "INLINE_SCRIPT", "JAVASCRIPT_URL",
	"HISTORY_NAVIGATION", "JAVA_EVAL", "DEBUGGER_EVAL",
};
static const char *const script_types[] = {
	"UNKNOWN", "LINKED", "INLINE", "GENERATED", "EVAL", "TIMEOUT", "URI",
	"EVENT_HANDLER", "USERJS", "BROWSERJS", "EXTENSIONJS",
};
#define N(a) (sizeof(a) / sizeof((a)[0]))

enum { F_TYPE, F_TIME, F_OVERHEAD, F_HITS, F_INTERVAL, F_ID, F_PARENT, F_AGG_TIME,
       F_AGG_OVERHEAD, F_CSS_SEL, F_THREAD, F_DOC, F_CSS, F_SCRIPT, F_PAINT, F_COUNT };

struct ev {
	struct tm_jval v, f[F_COUNT];
	int64_t type, ts, dur, id, parent_id;
	bool has_id, has_parent;
	long parent;               /* index of the parent event, -1: a root */
	int depth;
	unsigned char state;       /* 0 new, 1 on the path, 2 acyclic, 3 depth known */
};

struct scope {
	struct tm_bconv *c;
	struct ev *ev;
	size_t n;
	size_t *by_id;             /* indices sorted by eventId */
	size_t nid;
};

static bool parse_event(struct tm_bconv *c, const struct tm_jval *v, struct ev *e)
{
	struct tm_jval el, s, t;
	const char *it = NULL;
	int64_t end;
	size_t k = 0;

	memset(e, 0, sizeof(*e));
	e->v = *v;
	e->parent = -1;
	if (v->type != TM_J_ARRAY) {
		tm_bconv_reject(c, "bad-event", v->p, "event is not an array: rejected");
		return false;
	}
	while (k < F_COUNT && tm_bconv_next(v, &it, &el))
		e->f[k++] = el;
	if (tm_bconv_int(&e->f[F_TYPE], &e->type)) {
		tm_bconv_reject(c, "bad-event", v->p, "event whose type (field 1) is %s: rejected",
			     e->f[F_TYPE].type == TM_J_NONE ? "missing" : "not an integer");
		return false;
	}
	s = tm_bconv_at(&e->f[F_INTERVAL], 0);
	t = tm_bconv_at(&e->f[F_INTERVAL], 1);
	if (tm_bconv_ms(&s, &e->ts) || tm_bconv_ms(&t, &end)) {
		tm_bconv_reject(c, "bad-event", e->f[F_INTERVAL].type ? e->f[F_INTERVAL].p : v->p,
			     "event whose interval (field 5) is not [start, end] in ms: rejected");
		return false;
	}
	if (__builtin_sub_overflow(end, e->ts, &e->dur) || e->dur < 0) {
		tm_bconv_reject(c, "negative-duration", e->f[F_INTERVAL].p,
			     "event whose interval ends before it starts: rejected");
		return false;
	}
	e->has_id = tm_bconv_int(&e->f[F_ID], &e->id) == 0;
	e->has_parent = tm_bconv_int(&e->f[F_PARENT], &e->parent_id) == 0;
	return true;
}

static int cmp_id(const void *a, const void *b, void *arg)
{
	const struct ev *ev = arg;
	const struct ev *x = &ev[*(const size_t *)a], *y = &ev[*(const size_t *)b];

	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static long find_id(const struct scope *s, int64_t id)
{
	size_t lo = 0, hi = s->nid;

	while (lo < hi) {      /* first index with ev.id >= id */
		size_t mid = lo + (hi - lo) / 2;
		if (s->ev[s->by_id[mid]].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < s->nid && s->ev[s->by_id[lo]].id == id ? (long)s->by_id[lo] : -1;
}

static int link_parents(struct scope *s)
{
	if (!(s->by_id = malloc((s->n ? s->n : 1) * sizeof(*s->by_id))))
		return -1;
	for (size_t i = 0; i < s->n; i++)
		if (s->ev[i].has_id)
			s->by_id[s->nid++] = i;
	qsort_r(s->by_id, s->nid, sizeof(*s->by_id), cmp_id, s->ev);
	for (size_t k = 1; k < s->nid; k++)
		if (s->ev[s->by_id[k]].id == s->ev[s->by_id[k - 1]].id)
			tm_bconv_warn(s->c, "duplicate-id", s->ev[s->by_id[k]].v.p,
				   "eventId %lld seen before: the first one is the parent of "
				   "its children", (long long)s->ev[s->by_id[k]].id);
	for (size_t i = 0; i < s->n; i++)
		if (s->ev[i].has_parent)
			s->ev[i].parent = find_id(s, s->ev[i].parent_id);
	return 0;
}

/* Follow parents from every event; an event met again on the same path
 * closes a cycle: its members become roots. */
static void break_cycles(struct scope *s)
{
	for (size_t i = 0; i < s->n; i++) {
		long j = (long)i;

		while (j >= 0 && s->ev[j].state == 0) {
			s->ev[j].state = 1;
			j = s->ev[j].parent;
		}
		if (j >= 0 && s->ev[j].state == 1) {       /* a cycle through j */
			long k = j;
			do {
				long next = s->ev[k].parent;
				tm_bconv_warn(s->c, "parent-cycle", s->ev[k].v.p,
					   "parentEventId %lld makes a cycle: event taken as a root",
					   (long long)s->ev[k].parent_id);
				s->ev[k].parent = -1;
				s->ev[k].state = 2;
				k = next;
			} while (k != j && k >= 0 && s->ev[k].state == 1);
		}
		for (j = (long)i; j >= 0 && s->ev[j].state == 1; j = s->ev[j].parent)
			s->ev[j].state = 2;
	}
}

/* Depth in the (now acyclic) tree: walk up to a known depth, then down. */
static void set_depths(struct scope *s)
{
	for (size_t i = 0; i < s->n; i++) {
		long j = (long)i, d;

		while (j >= 0 && s->ev[j].state != 3)
			j = s->ev[j].parent;
		d = j >= 0 ? s->ev[j].depth : -1;
		/* count the unknown ones above i, then assign from i upward */
		long n = 0;
		for (long k = (long)i; k != j; k = s->ev[k].parent)
			n++;
		for (long k = (long)i; k != j; k = s->ev[k].parent, n--) {
			long dk = d + n;
			s->ev[k].depth = (int)(dk > TM_BC_MAX_DEPTH ? TM_BC_MAX_DEPTH : dk);
			s->ev[k].state = 3;
		}
	}
}

static int cmp_order(const void *a, const void *b, void *arg)
{
	const struct ev *ev = arg;
	const struct ev *x = &ev[*(const size_t *)a], *y = &ev[*(const size_t *)b];

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	if (x->dur != y->dur)
		return x->dur > y->dur ? -1 : 1;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static void arg_named(struct tm_bconv *c, const char *key, const struct tm_jval *v)
{
	if (v->type != TM_J_NONE && v->type != TM_J_NULL)
		tm_bconv_arg(c, key, v);
}

/* A type number as its name when known, else as given. */
static void member_enum(struct tm_bconv *c, bool first, const char *key,
			const struct tm_jval *v, const char *const *names, size_t n)
{
	int64_t t;
	char lit[40];

	if (!tm_bconv_int(v, &t) && t >= 0 && (size_t)t < n) {
		snprintf(lit, sizeof(lit), "\"%s\"", names[t]);
		tm_bconv_obj_member(c, first, key, NULL, lit);
	} else {
		tm_bconv_obj_member(c, first, key, v, NULL);
	}
}

static void submessage(struct tm_bconv *c, const struct ev *e, int f, const char *name)
{
	static const char *const keys[][4] = {
		[F_CSS_SEL] = { "selector" }, [F_THREAD] = { "threadType", "eventName" },
		[F_DOC] = { "url" }, [F_CSS] = { "url" }, [F_SCRIPT] = { "scriptType", "url" },
		[F_PAINT] = { "area" },
	};
	const struct tm_jval *v = &e->f[f];
	struct tm_jval el, a;

	if (v->type == TM_J_NONE || v->type == TM_J_NULL)
		return;
	if (v->type != TM_J_ARRAY) {
		tm_bconv_warn(c, "bad-submessage", v->p, "%s is not an array: kept as given", name);
		tm_bconv_arg(c, name, v);
		return;
	}
	tm_bconv_arg_obj_begin(c, name);
	for (int k = 0; k < 4 && keys[f][k]; k++) {
		el = tm_bconv_at(v, (size_t)k);
		if (f == F_THREAD && k == 0)
			member_enum(c, true, "threadType", &el, thread_types, N(thread_types));
		else if (f == F_SCRIPT && k == 0)
			member_enum(c, true, "scriptType", &el, script_types, N(script_types));
		else if (f == F_PAINT && el.type == TM_J_ARRAY) {   /* area [x, y, w, h] */
			static const char *const xywh[] = { "x", "y", "w", "h" };
			tm_bconv_obj_member(c, true, "area", NULL, "{");
			for (int i = 0; i < 4; i++) {
				a = tm_bconv_at(&el, (size_t)i);
				tm_bconv_obj_member(c, i == 0, xywh[i], &a, NULL);
			}
			tm_bconv_obj_end(c);
		} else {
			tm_bconv_obj_member(c, k == 0, keys[f][k], &el, NULL);
		}
	}
	tm_bconv_obj_end(c);
}

static void write_event(struct scope *s, const struct ev *e)
{
	static const char *const names[] = {
		[F_CSS_SEL] = "cssSelectorMatching", [F_THREAD] = "threadEvaluation",
		[F_DOC] = "documentParsing", [F_CSS] = "cssParsing",
		[F_SCRIPT] = "scriptCompilation", [F_PAINT] = "paint",
	};
	struct tm_bconv *c = s->c;
	char name[40];
	const char *it = e->f[F_PAINT].p ? e->f[F_PAINT].p + e->f[F_PAINT].n : NULL;
	struct tm_jval el;
	bool extra = false;
	int field = F_COUNT;

	if (e->type > 0 && (size_t)e->type < N(type_names))
		snprintf(name, sizeof(name), "%s", type_names[e->type]);
	else
		snprintf(name, sizeof(name), "Event type %lld", (long long)e->type);
	tm_bconv_begin(c, 'X', NULL, name, NULL, "scope", e->ts, PID, PID);
	tm_bconv_dur(c, e->dur);
	arg_named(c, "eventId", &e->f[F_ID]);
	arg_named(c, "parentEventId", &e->f[F_PARENT]);
	arg_named(c, "time", &e->f[F_TIME]);
	arg_named(c, "overhead", &e->f[F_OVERHEAD]);
	arg_named(c, "hits", &e->f[F_HITS]);
	arg_named(c, "aggregatedTime", &e->f[F_AGG_TIME]);
	arg_named(c, "aggregatedOverhead", &e->f[F_AGG_OVERHEAD]);
	for (int f = F_CSS_SEL; f < F_COUNT; f++)
		submessage(c, e, f, names[f]);
	while (it && tm_bconv_next(&e->v, &it, &el)) {    /* fields past the 15th */
		if (!extra)
			tm_bconv_arg_obj_begin(c, "unknownFields");
		snprintf(name, sizeof(name), "%d", ++field);
		tm_bconv_obj_member(c, !extra, name, &el, NULL);
		extra = true;
	}
	if (extra)
		tm_bconv_obj_end(c);
	tm_bconv_end(c);
}

static int convert(struct scope *s, const struct tm_jval *list)
{
	struct tm_jval el;
	const char *it = NULL;
	size_t cap = 0, *order;

	while (tm_bconv_next(list, &it, &el)) {
		s->c->n.records++;
		if (s->n == cap) {
			struct ev *ne = realloc(s->ev, (cap = cap ? cap * 2 : 64) * sizeof(*ne));
			if (!ne)
				return -1;
			s->ev = ne;
		}
		if (parse_event(s->c, &el, &s->ev[s->n]))
			s->n++;
	}
	if (link_parents(s))
		return -1;
	break_cycles(s);
	set_depths(s);
	for (size_t i = 0; i < s->n; i++) {
		const struct ev *e = &s->ev[i], *p = e->parent >= 0 ? &s->ev[e->parent] : NULL;
		if (p && (e->ts < p->ts || e->ts + e->dur > p->ts + p->dur))
			tm_bconv_warn(s->c, "child-outside-parent", e->v.p,
				   "event %lld lies outside its parent %lld's interval",
				   (long long)e->id, (long long)p->id);
	}
	if (!(order = malloc((s->n ? s->n : 1) * sizeof(*order))))
		return -1;
	for (size_t i = 0; i < s->n; i++)
		order[i] = i;
	qsort_r(order, s->n, sizeof(*order), cmp_order, s->ev);
	for (size_t i = 0; i < s->n; i++)
		write_event(s, &s->ev[order[i]]);
	free(order);
	return 0;
}

int tm_scope_read(struct tm_bconv *c)
{
	const char *e = c->text + c->len, *p = tm_json_lex_ws(c->text, e), *end;
	struct tm_jval top, interval, list;
	struct scope s = { .c = c };
	char where[400];
	int rc;

	if (!(end = tm_bconv_validate(c, p, e, "invalid Scope Events JSON", true)))
		return -1;
	if (tm_json_lex_ws(end, e) != e)
		tm_bconv_warn(c, "trailing-data", tm_json_lex_ws(end, e),
			   "data after the Events message ignored");
	if (*p != '[') {
		tm_bconv_where(c, p, where, sizeof(where));
		return tm_diag_error(c->in->d, "%s: not a Scope Events message ([interval, "
				     "[event, ...]])", where);
	}
	top = (struct tm_jval){ TM_J_ARRAY, p, (size_t)(end - p) };
	interval = tm_bconv_at(&top, 0);
	list = tm_bconv_at(&top, 1);
	if (list.type != TM_J_ARRAY && list.type != TM_J_NONE && list.type != TM_J_NULL) {
		tm_bconv_where(c, list.p, where, sizeof(where));
		return tm_diag_error(c->in->d, "%s: Events field 2 (eventList) is not an array",
				     where);
	}
	if (interval.type != TM_J_NONE)
		tm_bconv_meta(c, &(struct tm_jval){ TM_J_STRING, "\"scopeInterval\"", 15 }, &interval);
	tm_bconv_name(c, true, PID, PID, "Opera Scope profiler");
	tm_bconv_name(c, false, PID, PID, "timeline");
	rc = convert(&s, &list);
	free(s.ev);
	free(s.by_id);
	if (rc)
		tm_input_fail(c->in, "out of memory");
	return rc;
}
