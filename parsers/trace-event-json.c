/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * trace-event-json.c - streaming Trace Event JSON reader (see tracemerge/tejson.h).
 *
 * The top level is a small state machine (array form, or the keys of the
 * object form with traceEvents somewhere among them); each element of the
 * events array is walked once by scan_obj(), which validates it and notes
 * the value ranges of the fields tracemerge needs (and of sync_id/issue_ts
 * one level inside args).  Nested values are skipped by the iterative
 * validating walker of jsonlex.c.  An event that strict JSON parsers would
 * refuse but whose extent is clear (invalid UTF-8 or raw control characters
 * in strings, bad escapes, trailing commas -- Perfetto accepts all of these)
 * is copied repaired into a buffer of the reader and walked again there, so
 * that every event handed out is strict JSON and valid UTF-8.
 *
 * Duplicate keys in an event: the first one wins (later ones are walked and
 * kept in raw, but not looked at).  Line numbers are counted lazily with
 * tm_text_count_nl() between the positions that need one.
 *
 * Fast paths (off on the reference path, tuning.h, which `make bench` compares with):
 * the keys of the fields as serializers write them ("ts":) are recognised
 * from their bytes, other keys and strings are scanned 16 bytes at a time
 * inline, and the numbers of ts, dur, pid, tid and args.issue_ts are
 * converted during the walk when they are simple (SSE2 digit mask, 8
 * digits at a time); everything else takes the general path, so values,
 * warnings and error locations are the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tracemerge/tejson.h"
#include "tracemerge/ts.h"
#include "decode.h"
#include "grow.h"
#include "json-fast.h"
#include "json-lex.h"
#include "json-split.h"
#include "tuning.h"

enum state {
	ST_START,       /* before the top-level value */
	ST_OBJ_KEY,     /* object form: a key (or '}') is next */
	ST_OBJ_AFTER,   /* object form: ',' or '}' is next */
	ST_ARR_ELEM,    /* events array: an element (or ']') is next */
	ST_ARR_AFTER,   /* events array: ',' or ']' is next */
	ST_TRAIL,       /* after the top-level value */
	ST_DONE,
	ST_FAILED,
};

struct tm_te_reader {
	char *name;
	const char *text, *end, *body;  /* body: after a BOM */
	struct tm_diag *d;
	struct tm_jl jl;
	enum state state;
	const char *p;                  /* where the walk goes on */
	const char *at;                 /* the current event's '{' */
	/* lazy line counting: LINE is the line of the byte at LPOS, the last
	 * position asked about or walked over (the end of an event whose
	 * newlines the fast walk counted) */
	const char *lpos;
	unsigned long line;
	struct tm_te_top top;
	struct tm_te_key *keys;
	size_t keys_cap;
	char *fix;                      /* repaired copy of the current event */
	size_t fix_cap;
	bool fast;                      /* the fast paths (not the reference path) */
	unsigned pre;                   /* 1u << F_*: converted during the walk */
	const char *stop;               /* tm_te_reader_stop_at(), or NULL */
	bool stopped;
	/* the text still grows (tm_te_reader_set_grow): END is what is
	 * published; MORE: the step just taken ran into END, and is taken
	 * again from the same state once more is published */
	struct tm_grow *grow;
	bool more;
};

enum field {
	F_NAME, F_CAT, F_PH, F_TS, F_DUR, F_PID, F_TID, F_ID, F_ARGS,
	F_SYNC_ID, F_ISSUE_TS, F_NONE = -1,
};

static const size_t field_off[] = {
	offsetof(struct tm_te_event, name), offsetof(struct tm_te_event, cat),
	offsetof(struct tm_te_event, ph), offsetof(struct tm_te_event, ts),
	offsetof(struct tm_te_event, dur), offsetof(struct tm_te_event, pid),
	offsetof(struct tm_te_event, tid), offsetof(struct tm_te_event, id),
	offsetof(struct tm_te_event, args), offsetof(struct tm_te_event, sync_id),
	offsetof(struct tm_te_event, issue_ts),
};

static inline struct tm_jval *slot(struct tm_te_event *ev, int f)
{
	return (struct tm_jval *)(void *)((char *)ev + field_off[f]);
}

/* ---- positions ---------------------------------------------------------- */

static unsigned long line_at(struct tm_te_reader *r, const char *at)
{
	const char *q = r->lpos;

	if (at <= q)
		return r->line;
	if (at - q < 16) {      /* the usual ",\n" between two events */
		for (; q < at; q++)
			r->line += *q == '\n';
	} else {
		r->line += tm_text_count_nl(q, (size_t)(at - q));
	}
	r->lpos = at;
	return r->line;
}

/* Does more text come after END?  Then R's step is taken again once it
 * is there (r->more set), for what the step found at END may not be what
 * a reader of the whole text finds. */
static bool want_more(struct tm_te_reader *r)
{
	bool done;
	size_t n;

	if (!r->grow)
		return false;
	n = tm_grow_ready(r->grow, &done);
	if (done && r->grow->data + n == r->end)
		return false;
	r->more = true;
	return true;
}

/* The fatal error MSG at AT, whatever follows. */
static int fail_final(struct tm_te_reader *r, const char *at, const char *msg)
{
	const char *ls = at;

	while (ls > r->body && ls[-1] != '\n')
		ls--;
	tm_diag_error(r->d, "%s:%lu:%zu: %s", r->name, line_at(r, at),
		      (size_t)(at - ls) + 1, msg);
	r->state = ST_FAILED;
	return -1;
}

/* The syntax error MSG at AT: fatal, unless more text comes (a syntax
 * error is told on the whole text: the step is taken again then). */
static int fail(struct tm_te_reader *r, const char *at, const char *msg)
{
	return want_more(r) ? 0 : fail_final(r, at, msg);
}

static void warn(struct tm_te_reader *r, const char *kind, const char *at,
		 const char *fmt, const char *what)
{
	char where[512], msg[256];

	snprintf(where, sizeof(where), "%s:%lu", r->name, line_at(r, at));
	snprintf(msg, sizeof(msg), fmt, what);
	tm_diag_warn(r->d, kind, where, "%s", msg);
}

/* ---- one event ---------------------------------------------------------- */

/* The field of the plain key K (N bytes, no escape) at LEVEL. */
static inline int field_plain(const char *k, size_t n, int level)
{
	if (level == 2) {
		if (n == 7 && memcmp(k, "sync_id", 7) == 0)
			return F_SYNC_ID;
		if (n == 8 && memcmp(k, "issue_ts", 8) == 0)
			return F_ISSUE_TS;
		return F_NONE;
	}
	switch (n) {
	case 2:
		if (k[0] == 'p' && k[1] == 'h')
			return F_PH;
		if (k[0] == 't' && k[1] == 's')
			return F_TS;
		if (k[0] == 'i' && k[1] == 'd')
			return F_ID;
		break;
	case 3:
		if (memcmp(k, "pid", 3) == 0)
			return F_PID;
		if (memcmp(k, "tid", 3) == 0)
			return F_TID;
		if (memcmp(k, "dur", 3) == 0)
			return F_DUR;
		if (memcmp(k, "cat", 3) == 0)
			return F_CAT;
		break;
	case 4:
		if (memcmp(k, "name", 4) == 0)
			return F_NAME;
		if (memcmp(k, "args", 4) == 0)
			return F_ARGS;
		break;
	}
	return F_NONE;
}

/* The field of the key body K (N bytes, escapes allowed) at LEVEL. */
static int field_of(const char *k, size_t n, int level)
{
	char buf[16];

	if (n > 6 * sizeof(buf) / 2)
		return F_NONE;
	if (memchr(k, '\\', n)) {       /* an escaped key: compare it resolved */
		char tmp[3 * 6 * sizeof(buf) / 2];

		n = tm_json_unescape(k, n, tmp, false);
		if (n > sizeof(buf))
			return F_NONE;
		memcpy(buf, tmp, n);
		k = buf;
	}
	return field_plain(k, n, level);
}

static const char *syntax(struct tm_jl *jl, const char *at, const char *msg)
{
	jl->err = at;
	jl->msg = msg;
	return NULL;
}

static const char *truncated(struct tm_jl *jl)
{
	jl->err = NULL;
	return NULL;
}

/* ---- the fast paths (off on the reference path) ------ */

/* The fields whose number the walk converts on the way: µs or integer. */
#define US_FIELDS  ((1u << F_TS) | (1u << F_DUR) | (1u << F_ISSUE_TS))
#define INT_FIELDS ((1u << F_PID) | (1u << F_TID))

/* The number at P of the µs or integer field F into EV when it is simple
 * (its bit in *PRE then), else just its end (tm_json_lex_number). */
static inline __attribute__((always_inline)) const char *
field_number(struct tm_jl *jl, const char *p, int f, struct tm_te_event *ev, unsigned *pre)
{
	int64_t v;
	bool frac;
	const char *q;

	if (!(q = tm_jf_simple_number(p, jl->end, &v, &frac)))
		return tm_json_lex_number(jl, p);
	if ((1u << f) & US_FIELDS) {
		*(f == F_TS ? &ev->ts_ns : f == F_DUR ? &ev->dur_ns : &ev->issue_ts_ns) = v;
	} else {
		if (frac)
			return tm_json_lex_number(jl, p);     /* not an integer: warned later */
		*(f == F_PID ? &ev->pid_v : &ev->tid_v) = v / 1000;
	}
	*pre |= 1u << f;
	return q;
}

/* A field's key as serializers write it, plain and with its ':' right
 * after ("ts":), at P (8 bytes readable): the field, and *LEN its bytes
 * with the ':'; F_NONE for any other key, which the general path reads. */
static inline int known_key(const char *p, size_t *len)
{
#define KEY(lit, field) \
	if (memcmp(p, lit, sizeof(lit) - 1) == 0) { *len = sizeof(lit) - 1; return field; }
	switch (p[1]) {
	case 't':
		KEY("\"ts\":", F_TS);
		KEY("\"tid\":", F_TID);
		break;
	case 'p':
		KEY("\"ph\":", F_PH);
		KEY("\"pid\":", F_PID);
		break;
	case 'n':
		KEY("\"name\":", F_NAME);
		break;
	case 'a':
		KEY("\"args\":", F_ARGS);
		break;
	case 'c':
		KEY("\"cat\":", F_CAT);
		break;
	case 'd':
		KEY("\"dur\":", F_DUR);
		break;
	case 'i':
		KEY("\"id\":", F_ID);
		break;
	}
	return F_NONE;
#undef KEY
}

/* ---- one event: the walk ----------------------------------------------- */

static const char *scan_args_fast(struct tm_jl *jl, const char *p, struct tm_te_event *ev,
				  unsigned *pre);
static const char *scan_args_ref(struct tm_jl *jl, const char *p, struct tm_te_event *ev,
				 unsigned *pre);

/* Blanks in the walk; the fast walk counts the newlines among them. */
#define WS(x) (fast ? tm_json_lex_ws_nl((x), e, &jl->nls) : tm_json_lex_ws((x), e))

/* Walk the object at P ('{'): the event (LEVEL 1) or its args (LEVEL 2).
 * FAST: with the fast paths above (*PRE gets the fields converted). */
static inline __attribute__((always_inline)) const char *
walk_obj(struct tm_jl *jl, const char *p, int level, struct tm_te_event *ev,
	 unsigned *pre, const bool fast)
{
	const char *e = jl->end, *k, *v;
	unsigned seen = 0;      /* 1u << F_*: fields met (the first one wins) */
	enum tm_jtype type;
	bool plain = false;
	size_t klen;
	int f;

	p = WS(p + 1);
	if (p == e)
		return truncated(jl);
	if (*p == '}')
		return p + 1;
	for (;;) {
		if (*p != '"')
			return syntax(jl, p, "expected a string (an object key)");
		k = p;
		if (fast && level == 1 && e - p >= 8 && (f = known_key(p, &klen)) != F_NONE) {
			p += klen;      /* the key and its ':' */
			goto value;
		}
		if (!(p = fast ? tm_jf_string(jl, p, &plain) : tm_json_lex_string(jl, p)))
			return NULL;
		f = plain ? field_plain(k + 1, (size_t)(p - k - 2), level) :
			field_of(k + 1, (size_t)(p - k - 2), level);
		if (p < e && *p == ':') {
			p++;
		} else {
			p = WS(p);
			if (p == e)
				return truncated(jl);
			if (*p != ':')
				return syntax(jl, p, "expected ':' after an object key");
			p++;
		}
value:
		v = p = WS(p);
		if (p == e)
			return truncated(jl);
		if (f != F_NONE && (seen & (1u << f)))
			f = F_NONE;     /* a duplicate key: the first one wins */
		if (*p == '"') {
			type = TM_J_STRING;
			p = fast ? tm_jf_string(jl, p, &plain) : tm_json_lex_string(jl, p);
		} else if (*p == '-' || (*p >= '0' && *p <= '9')) {
			type = TM_J_NUMBER;
			if (fast && f != F_NONE && ((US_FIELDS | INT_FIELDS) & (1u << f)))
				p = field_number(jl, p, f, ev, pre);
			else
				p = tm_json_lex_number(jl, p);
		} else if (*p == '{' && f == F_ARGS) {
			type = TM_J_OBJECT;
			p = fast ? scan_args_fast(jl, p, ev, pre) : scan_args_ref(jl, p, ev, pre);
		} else {
			type = tm_json_lex_type(*p);
			jl->nl_lost = true;     /* newlines not counted in there */
			p = tm_json_lex_value(jl, p);
		}
		if (!p)
			return NULL;
		if (f != F_NONE) {
			seen |= 1u << f;
			*slot(ev, f) = (struct tm_jval){ type, v, (size_t)(p - v) };
		}
		if (p < e && *p == ',' && p + 1 < e && p[1] == '"') {
			p++;            /* the usual compact "k":v,"k2" */
			continue;
		}
		p = WS(p);
		if (p == e)
			return truncated(jl);
		if (*p == ',') {
			p = WS(p + 1);
			if (p == e)
				return truncated(jl);
			if (*p != '}')
				continue;
			jl->flags |= TM_JL_TRAILING_COMMA;
		} else if (*p != '}') {
			return syntax(jl, p, "expected ',' or '}' in an object");
		}
		return p + 1;
	}
}

static const char *scan_args_fast(struct tm_jl *jl, const char *p, struct tm_te_event *ev,
				  unsigned *pre)
{
	return walk_obj(jl, p, 2, ev, pre, true);
}

static const char *scan_args_ref(struct tm_jl *jl, const char *p, struct tm_te_event *ev,
				 unsigned *pre)
{
	return walk_obj(jl, p, 2, ev, pre, false);
}

/* The event at P ('{'); FAST: see tm_te_reader_new. */
static const char *scan_obj(struct tm_jl *jl, const char *p, struct tm_te_event *ev,
			    unsigned *pre, bool fast)
{
	*pre = 0;
	return fast ? walk_obj(jl, p, 1, ev, pre, true) : walk_obj(jl, p, 1, ev, pre, false);
}

static const char *const type_name[] = {
	[TM_J_NONE] = "absent", [TM_J_STRING] = "a string", [TM_J_NUMBER] = "a number",
	[TM_J_OBJECT] = "an object", [TM_J_ARRAY] = "an array", [TM_J_TRUE] = "true",
	[TM_J_FALSE] = "false", [TM_J_NULL] = "null",
};

static void bad_type(struct tm_te_reader *r, const char *field, enum tm_jtype t,
		     const char *want)
{
	char fmt[128];

	snprintf(fmt, sizeof(fmt), "%s is %%s, not %s: ignored", field, want);
	warn(r, "json-bad-type", r->at, fmt, type_name[t]);
}

/* A µs field (ts, dur, args.issue_ts): number or numeric string. */
static bool us_field(struct tm_te_reader *r, const struct tm_jval *v,
		     const char *field, int64_t *ns, int f)
{
	if (r->pre & (1u << f))
		return true;    /* converted by the walk */
	if (v->type == TM_J_NONE)
		return false;
	if (v->type != TM_J_NUMBER && v->type != TM_J_STRING) {
		bad_type(r, field, v->type, "a number");
		return false;
	}
	if (tm_json_us_to_ns(v, ns) == 0)
		return true;
	warn(r, "json-bad-value", r->at, v->type == TM_J_NUMBER ?
	     "%s: out of range (int64 ns): ignored" :
	     "%s: a string that is not a number (µs) or out of range: ignored", field);
	return false;
}

/* pid/tid: integer or integer string; other strings are names (no warning). */
static bool int_field(struct tm_te_reader *r, const struct tm_jval *v,
		      const char *field, int64_t *out, int f)
{
	if (r->pre & (1u << f))
		return true;    /* converted by the walk */
	if (v->type == TM_J_NONE)
		return false;
	if (v->type != TM_J_NUMBER && v->type != TM_J_STRING) {
		bad_type(r, field, v->type, "a number");
		return false;
	}
	if (tm_json_int(v, out) == 0)
		return true;
	if (v->type == TM_J_NUMBER)
		warn(r, "json-bad-value", r->at,
		     "%s: not an integer or out of range: ignored", field);
	return false;
}

static void parse_fields(struct tm_te_reader *r, struct tm_te_event *ev)
{
	if (ev->ph.type == TM_J_STRING && ev->ph.n > 2) {
		char c[3 * 12];         /* 12 bytes hold the first character */

		if (ev->ph.p[1] != '\\')
			ev->phase = ev->ph.p[1];
		else if (tm_json_unescape(ev->ph.p + 1, ev->ph.n - 2 < 12 ? ev->ph.n - 2 : 12,
					c, false) > 0)
			ev->phase = c[0];
	} else if (ev->ph.type != TM_J_NONE && ev->ph.type != TM_J_STRING) {
		bad_type(r, "ph", ev->ph.type, "a string");
	}
	/* fields converted by the walk, absent ones, the others */
#define CONVERTED(f, v) ((r->pre & (1u << (f))) || (v).type == TM_J_NONE)
	if (!CONVERTED(F_TS, ev->ts) || !CONVERTED(F_DUR, ev->dur) ||
	    !CONVERTED(F_ISSUE_TS, ev->issue_ts)) {
		ev->has_ts = us_field(r, &ev->ts, "ts", &ev->ts_ns, F_TS);
		ev->has_dur = us_field(r, &ev->dur, "dur", &ev->dur_ns, F_DUR);
		ev->has_issue_ts = us_field(r, &ev->issue_ts, "args.issue_ts",
					    &ev->issue_ts_ns, F_ISSUE_TS);
	} else {
		ev->has_ts = ev->ts.type != TM_J_NONE;
		ev->has_dur = ev->dur.type != TM_J_NONE;
		ev->has_issue_ts = ev->issue_ts.type != TM_J_NONE;
	}
	if (!CONVERTED(F_PID, ev->pid) || !CONVERTED(F_TID, ev->tid)) {
		ev->has_pid = int_field(r, &ev->pid, "pid", &ev->pid_v, F_PID);
		ev->has_tid = int_field(r, &ev->tid, "tid", &ev->tid_v, F_TID);
	} else {
		ev->has_pid = ev->pid.type != TM_J_NONE;
		ev->has_tid = ev->tid.type != TM_J_NONE;
	}
#undef CONVERTED
}

/* The repaired copy of the event [P, P + N) in r->fix, or NULL. */
static const char *repair(struct tm_te_reader *r, const char *p, size_t n,
			  size_t *len)
{
	size_t need = tm_json_repair_text(p, n, NULL);

	if (need > r->fix_cap) {
		char *nf = realloc(r->fix, need);

		if (!nf)
			return NULL;
		r->fix = nf;
		r->fix_cap = need;
	}
	*len = tm_json_repair_text(p, n, r->fix);
	return r->fix;
}

/* The event at P ('{').  1: *EV filled; 0: text ended inside it; -1: error. */
static int read_event(struct tm_te_reader *r, const char *p, struct tm_te_event *ev)
{
	struct tm_jl *jl = &r->jl;
	const char *q;
	size_t n;

	memset(ev, 0, sizeof(*ev));
	jl->flags = 0;
	jl->nls = 0;
	jl->nl_lost = false;
	if (!(q = scan_obj(jl, p, ev, &r->pre, r->fast)))
		return jl->err ? fail(r, jl->err, jl->msg) : 0;
	r->at = p;
	r->p = q;
	n = (size_t)(q - p);
	if (jl->flags) {
		if (jl->flags & TM_JL_BAD_STRING)
			warn(r, "json-bad-string", p, "%s", "event with invalid UTF-8, a raw "
			     "control character or a bad escape in a string: replaced");
		if (jl->flags & TM_JL_TRAILING_COMMA)
			warn(r, "json-trailing-comma", p, "%s",
			     "trailing comma inside an event: dropped");
		if (!(p = repair(r, p, n, &n)))
			return fail_final(r, r->at, "out of memory");
		/* walk the strict copy: the value ranges must point into it */
		memset(ev, 0, sizeof(*ev));
		jl->end = p + n;
		jl->flags = 0;
		q = scan_obj(jl, p, ev, &r->pre, r->fast);
		jl->end = r->end;
		if (q != p + n || jl->flags != 0)
			return fail_final(r, r->at, "internal error: event repair failed");
		ev->repaired = true;
	}
	ev->raw = p;
	ev->raw_len = n;
	ev->offset = (size_t)(r->at - r->text);
	ev->line = line_at(r, r->at);
	parse_fields(r, ev);
	r->top.events++;
	if (r->fast && !ev->repaired && !jl->nl_lost) {
		/* the walk counted the newlines of the event: none to look for */
		r->line += jl->nls;
		r->lpos = r->p;
	}
	return 1;
}

/* ---- the top level ------------------------------------------------------ */

struct tm_te_reader *tm_te_reader_new(const char *name, const char *text,
				      size_t len, unsigned long first_line,
				      struct tm_diag *d)
{
	struct tm_te_reader *r = calloc(1, sizeof(*r));

	if (!r || !(r->name = strdup(name ? name : "<json>"))) {
		free(r);
		return NULL;
	}
	if (!text)
		text = "";
	r->text = r->body = text;
	r->end = text + len;
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		r->body += 3;
	r->line = first_line;
	r->lpos = text;
	r->d = d;
	r->p = r->body;
	r->fast = !tm_tuning_reference();
	tm_json_lex_init(&r->jl, r->end);
	return r;
}

struct tm_te_reader *tm_te_reader_new_at(const char *name, const char *text, size_t len,
					 size_t at, bool object_form, unsigned long line,
					 struct tm_diag *d)
{
	struct tm_te_reader *r = tm_te_reader_new(name, text, len, line, d);

	if (!r)
		return NULL;
	r->top.object_form = object_form;
	r->top.found_events = true;
	r->state = ST_ARR_ELEM;
	r->p = r->lpos = r->text + (at < len ? at : len);
	return r;
}

void tm_te_reader_stop_at(struct tm_te_reader *r, size_t at)
{
	bool done;
	size_t n;

	/* a text that grew and has ended: all of it is the reader's now */
	if (r->grow && (n = tm_grow_ready(r->grow, &done), done))
		r->end = r->jl.end = r->grow->data + n;
	r->stop = at < (size_t)(r->end - r->text) ? r->text + at : NULL;
}

bool tm_te_reader_stopped(const struct tm_te_reader *r)
{
	return r->stopped;
}

void tm_te_reader_set_grow(struct tm_te_reader *r, struct tm_grow *g)
{
	r->grow = g;
}

/* Wait until more text is published than the step to be taken again
 * had read (so that a long value is read again a few times only), and
 * not less than GROW_STEP (so that the reader, faster than the inflate,
 * sleeps a few times per GROW_STEP only), or the text ended; then read
 * on to there. */
#define GROW_STEP ((size_t)4 << 20)
static void grow_end(struct tm_te_reader *r)
{
	struct tm_grow *g = r->grow;
	size_t have = (size_t)(r->end - g->data), span = (size_t)(r->end - r->p);

	r->end = r->jl.end = g->data + tm_grow_wait(g, have + (span > GROW_STEP ? span : GROW_STEP) - 1);
	r->more = false;
}

void tm_te_reader_free(struct tm_te_reader *r)
{
	if (!r)
		return;
	tm_json_lex_free(&r->jl);
	free(r->keys);
	free(r->fix);
	free(r->name);
	free(r);
}

const struct tm_te_top *tm_te_reader_top(const struct tm_te_reader *r)
{
	return &r->top;
}

const struct tm_te_key *tm_te_find_key(const struct tm_te_top *t, const char *key)
{
	for (size_t i = 0; t && i < t->nkeys; i++)
		if (tm_json_str_eq(&t->keys[i].key, key))
			return &t->keys[i];
	return NULL;
}

/* The text ended at a place where the top level was not complete. */
static int ended(struct tm_te_reader *r, const char *partial, const char *what)
{
	if (want_more(r))
		return 0;
	if (!r->top.object_form && (r->state == ST_ARR_ELEM || r->state == ST_ARR_AFTER))
		r->top.missing_close = true;
	if (partial || r->top.object_form) {
		r->top.truncated = true;
		if (partial)
			r->top.skipped++;
		warn(r, "json-truncated", partial ? partial : r->end, "%s", what);
	}
	r->state = ST_DONE;
	return 0;
}

static int add_key(struct tm_te_reader *r, const char *k, const char *ke,
		   const char *v, const char *ve, unsigned flags)
{
	struct tm_te_key *nk;

	if (r->top.nkeys == r->keys_cap) {
		size_t cap = r->keys_cap ? r->keys_cap * 2 : 8;

		if (!(nk = realloc(r->keys, cap * sizeof(*nk))))
			return fail_final(r, k, "out of memory");
		r->keys = nk;
		r->keys_cap = cap;
	}
	nk = &r->keys[r->top.nkeys++];
	nk->key = (struct tm_jval){ TM_J_STRING, k, (size_t)(ke - k) };
	nk->val = (struct tm_jval){ tm_json_lex_type(*v), v, (size_t)(ve - v) };
	nk->line = line_at(r, k);
	nk->not_strict = flags != 0;
	r->top.keys = r->keys;
	return 0;
}

/* Object form: one key and its value (traceEvents opens the events array). */
static int read_key(struct tm_te_reader *r)
{
	struct tm_jl *jl = &r->jl;
	const char *e = r->end, *k = r->p, *ke, *v, *ve;

	if (*k != '"')
		return fail(r, k, "expected a string (a top-level key)");
	jl->flags = 0;
	if (!(ke = tm_json_lex_string(jl, k)))
		return ended(r, NULL, "text ends inside a top-level key");
	v = tm_json_lex_ws(ke, e);
	if (v < e && *v != ':')
		return fail(r, v, "expected ':' after a top-level key");
	v = tm_json_lex_ws(v + (v < e), e);
	if (v == e)
		return ended(r, NULL, "text ends before the value of a top-level key");
	if (tm_json_body_eq(k + 1, (size_t)(ke - k - 2), "traceEvents")) {
		if (*v != '[')
			return fail(r, v, "traceEvents is not an array");
		r->top.found_events = true;
		r->state = ST_ARR_ELEM;
		r->p = v + 1;
		return 0;
	}
	if (!(ve = tm_json_lex_value(jl, v))) {
		if (jl->err)
			return fail(r, jl->err, jl->msg);
		return ended(r, NULL, "text ends inside the value of a top-level key");
	}
	r->p = ve;
	r->state = ST_OBJ_AFTER;
	return add_key(r, k, ke, v, ve, jl->flags);
}

/* An element of the events array that is not an object: skipped. */
static int skip_element(struct tm_te_reader *r)
{
	struct tm_jl *jl = &r->jl;
	const char *p = r->p, *q = tm_json_lex_value(jl, p);

	if (!q) {
		if (jl->err)
			return fail(r, jl->err, jl->msg);
		return ended(r, p, "text ends inside an element of the events array");
	}
	r->top.skipped++;
	warn(r, "json-not-object", p, "element of the events array is %s, not an "
	     "object: skipped", type_name[tm_json_lex_type(*p)]);
	r->p = q;
	r->state = ST_ARR_AFTER;
	return 0;
}

/* ',' or the closing bracket CLOSE after an element or a key. */
static int after(struct tm_te_reader *r, char close, enum state next,
		 enum state closed, const char *msg)
{
	const char *p = r->p;

	if (*p == ',') {
		r->p = p + 1;
		r->state = next;
	} else if (*p == close) {
		r->p = p + 1;
		r->state = closed;
	} else {
		return fail(r, p, msg);
	}
	return 0;
}

/* One step of the top level: 1 with an event, 0 to go on / at the end. */
static int step(struct tm_te_reader *r, struct tm_te_event *ev)
{
	const char *e = r->end;
	int rc;

	r->p = tm_json_lex_ws(r->p, e);
	if (r->p == e && want_more(r))
		return 0;
	if (r->p == e && r->state != ST_TRAIL) {
		if (r->state == ST_START)
			return fail(r, r->p, "no JSON value (empty text)");
		return ended(r, NULL, r->state == ST_ARR_ELEM || r->state == ST_ARR_AFTER ?
			     "text ends inside the traceEvents array" :
			     "text ends before the end of the top-level object");
	}
	switch (r->state) {
	case ST_START:
		if (*r->p != '{' && *r->p != '[')
			return fail(r, r->p, "not Trace Event JSON: expected '{' or '['");
		r->top.object_form = *r->p == '{';
		r->top.found_events = !r->top.object_form;
		r->state = r->top.object_form ? ST_OBJ_KEY : ST_ARR_ELEM;
		r->p++;
		return 0;
	case ST_OBJ_KEY:
		if (*r->p == '}') {     /* {} or a trailing comma */
			r->p++;
			r->state = ST_TRAIL;
			return 0;
		}
		return read_key(r);
	case ST_OBJ_AFTER:
		return after(r, '}', ST_OBJ_KEY, ST_TRAIL,
			     "expected ',' or '}' after a top-level value");
	case ST_ARR_ELEM:
		if (r->p == r->stop) {  /* the rest is another reader's */
			r->stopped = true;
			r->state = ST_DONE;
			return 0;
		}
		if (*r->p == ']') {     /* [] or a trailing comma */
			r->p++;
			r->state = r->top.object_form ? ST_OBJ_AFTER : ST_TRAIL;
			return 0;
		}
		if (*r->p != '{')
			return skip_element(r);
		rc = read_event(r, r->p, ev);
		if (rc == 1)
			r->state = ST_ARR_AFTER;
		else if (rc == 0)
			return ended(r, r->p, "text ends inside an event: the partial event is skipped");
		return rc;
	case ST_ARR_AFTER:
		return after(r, ']', ST_ARR_ELEM, r->top.object_form ? ST_OBJ_AFTER : ST_TRAIL,
			     "expected ',' or ']' after an element of the events array");
	case ST_TRAIL:
		if (r->p != e)
			warn(r, "json-trailing-data", r->p, "%s",
			     "data after the end of the JSON text: ignored");
		r->state = ST_DONE;
		return 0;
	default:
		return 0;
	}
}

int tm_te_reader_next(struct tm_te_reader *r, struct tm_te_event *ev)
{
	const char *p;
	int rc;

	/* the usual step: ',' and the next event after an event; the same as
	 * step() in ST_ARR_AFTER and then in ST_ARR_ELEM */
	if (r->state == ST_ARR_AFTER) {
		p = tm_json_lex_ws(r->p, r->end);
		if (p < r->end && *p == ',') {
			p = tm_json_lex_ws(p + 1, r->end);
			if (p < r->end && *p == '{' && p != r->stop) {
				r->p = p;
				r->state = ST_ARR_ELEM;
				rc = read_event(r, p, ev);
				if (rc == 1)
					r->state = ST_ARR_AFTER;
				else if (rc == 0)
					ended(r, p, "text ends inside an event: the partial event is skipped");
				if (rc != 0 || !r->more)
					return rc;
			}
		}
	}
	for (;;) {
		if (r->more)
			grow_end(r);
		if (r->state == ST_DONE)
			return 0;
		if (r->state == ST_FAILED)
			return -1;
		if ((rc = step(r, ev)) != 0)
			return rc;
	}
}
