/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * atrace.c - parse userspace trace marker payloads (tracing_mark_write).
 *
 * The payload is what follows "tracing_mark_write: " (or "0: ", or
 * "print: tracing_mark_write: ") on an ftrace line.  Fields are separated by
 * '|'; every string in struct tm_atrace is a view into the payload, nothing
 * is allocated and nothing is copied.
 *
 * Rules (the field splitting follows Catapult's importer: each kind has a
 * fixed number of fields and anything after the last one is ignored):
 *
 *   B|tgid|name[|args][|category]    args/category may be empty
 *   E  E|  E|tgid[|anything]         an empty tgid field means "no tgid"
 *   C|tgid|name|value[|category]     value: decimal integer that fits int64
 *                                    (value_is_int), or a decimal float such
 *                                    as 1.5, -2e3, .5 (value_is_int false,
 *                                    text kept in .value); anything else,
 *                                    inf/nan included, is invalid
 *   S|tgid|name|cookie[|args][|category]    (same for F; args and category
 *                                    are Catapult's optional 4th/5th fields)
 *   I|tgid|name
 *   N|tgid|track|name
 *   G|tgid|track|name|cookie
 *   H|tgid|track|cookie  or  H|tgid|track|name|cookie
 *   T|... U|...   same layout as H (track[|name]|cookie).  Android 12 wrote
 *                 T|tgid|track|name|cookie / U|tgid|track|name|cookie for
 *                 async-for-track begin/end before G/H replaced them; the
 *                 H layout reads both that and a name-less form.
 *   trace_event_clock_sync: name=ID[ k=v ...]  sync_id = ID (up to the first
 *                 space), sync_extra = everything after that one space
 *   trace_event_clock_sync: parent_ts=SECS     SECS = digits[.digits] in
 *                 seconds, converted to ns from the digits (no floating
 *                 point); more than 9 decimals are rounded to the nearest ns,
 *                 halves up; a result above INT64_MAX ns is invalid
 *   trace_event_clock_sync: realtime_ts=MS     integer ms, sync_ns = MS*1e6,
 *                 overflow is invalid
 *
 * tgid: decimal digits only (no sign, no blanks), at most INT32_MAX.
 * Names, tracks and cookies must not be empty (Perfetto accepts "B|42|" with
 * an empty name; we report it as invalid with claimed == TM_AT_BEGIN).
 * Cookies are kept as text; cookie_is_int tells whether Perfetto, which
 * wants an int64 there, would accept it.
 *
 * Trailing blanks, tabs, CR, LF and NULs are trimmed before parsing: adb adds
 * CR, trace-cmd and libtraceevent keep the marker's own LF, and no real marker
 * relies on a trailing blank.  Leading blanks are NOT trimmed (" B|1|x" is
 * free text, as it is for Perfetto and Catapult).
 *
 * Anything else is TM_AT_NONE (free text, .text holds it).  A payload that
 * starts like a marker but breaks a rule is TM_AT_INVALID: .error is a static
 * reason, .claimed the kind it announced, fields parsed before the error stay
 * filled in.
 */
#include <stdint.h>
#include <string.h>

#include "blank-run.h"
#include "tracemerge/atrace.h"
#include "tracemerge/ts.h"

#define CLOCK_SYNC_TAG "trace_event_clock_sync:"
#define NSEC_PER_SEC 1000000000LL
#define NSEC_PER_MSEC 1000000LL

/* Cursor over the '|'-separated fields that follow "X|". */
struct fields {
	const char *p;
	const char *end;
	bool done;
};

static bool next_field(struct fields *f, struct tm_str *out)
{
	const char *bar;

	if (f->done)
		return false;
	bar = tm_find_byte(f->p, f->end, '|'); /* fields are short: no call */
	out->p = f->p;
	if (!bar) {
		out->n = (size_t)(f->end - f->p);
		f->p = f->end;
		f->done = true;
	} else {
		out->n = (size_t)(bar - f->p);
		f->p = bar + 1;
	}
	return true;
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool str_starts(struct tm_str s, const char *prefix)
{
	size_t n = strlen(prefix);

	return s.n >= n && memcmp(s.p, prefix, n) == 0;
}

static struct tm_str str_skip(struct tm_str s, size_t n)
{
	return (struct tm_str){ s.p + n, s.n - n };
}

/* All digits, at least one, value <= LIMIT. */
static bool parse_digits(struct tm_str s, uint64_t limit, uint64_t *out)
{
	uint64_t v = 0;
	size_t i;

	if (!s.n)
		return false;
	for (i = 0; i < s.n; i++) {
		unsigned d;

		if (!is_digit(s.p[i]))
			return false;
		d = (unsigned)(s.p[i] - '0');
		if (v > (limit - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

/* [+-]digits fitting int64_t (the shared exact parser of ts.h). */
static bool parse_int64(struct tm_str s, int64_t *out)
{
	return tm_parse_i64(s.p, s.n, out) == 0;
}

static size_t skip_digits(struct tm_str s, size_t i)
{
	while (i < s.n && is_digit(s.p[i]))
		i++;
	return i;
}

/* [+-](digits[.digits*] | .digits)([eE][+-]digits)? */
static bool is_decimal_number(struct tm_str s)
{
	size_t i = 0, int_end, frac_end;

	if (i < s.n && (s.p[i] == '-' || s.p[i] == '+'))
		i++;
	int_end = skip_digits(s, i);
	frac_end = int_end;
	if (frac_end < s.n && s.p[frac_end] == '.')
		frac_end = skip_digits(s, frac_end + 1);
	if (int_end == i && frac_end <= int_end + 1)
		return false;           /* no mantissa digit at all */
	i = frac_end;
	if (i < s.n && (s.p[i] == 'e' || s.p[i] == 'E')) {
		size_t exp_start;

		i++;
		if (i < s.n && (s.p[i] == '-' || s.p[i] == '+'))
			i++;
		exp_start = i;
		i = skip_digits(s, i);
		if (i == exp_start)
			return false;
	}
	return i == s.n;
}

/* Field S as the tgid. */
static const char *tgid_field(struct tm_str s, struct tm_atrace *out)
{
	uint64_t v;
	size_t i;

	if (!s.n)
		return "empty tgid";
	/* one pass: a value past INT32_MAX stays past it (digits only add),
	 * so it is not taken further (nor does it overflow) */
	for (i = 0, v = 0; i < s.n; i++) {
		unsigned d = (unsigned)(unsigned char)s.p[i] - '0';

		if (d > 9)
			return "bad tgid";
		if (v <= INT32_MAX)
			v = v * 10 + d;
	}
	if (v > INT32_MAX)
		return "tgid out of range";
	out->has_tgid = true;
	out->tgid = (int32_t)v;
	return NULL;
}

static const char *take_tgid(struct fields *f, struct tm_atrace *out)
{
	struct tm_str s;

	if (!next_field(f, &s))
		return "missing tgid";
	return tgid_field(s, out);
}

/* A field that must be present and not empty. */
static const char *take_required(struct fields *f, struct tm_str *dst,
				 const char *missing, const char *empty)
{
	if (!next_field(f, dst))
		return missing;
	return dst->n ? NULL : empty;
}

static void take_optional(struct fields *f, struct tm_str *dst)
{
	if (!next_field(f, dst))
		*dst = (struct tm_str){ NULL, 0 };
}

static void set_cookie_value(struct tm_atrace *out)
{
	out->cookie_is_int = parse_int64(out->cookie, &out->icookie);
}

static const char *parse_begin(struct fields *f, struct tm_atrace *out)
{
	const char *err;

	if ((err = take_tgid(f, out)))
		return err;
	if ((err = take_required(f, &out->name, "missing name", "empty name")))
		return err;
	take_optional(f, &out->args);
	take_optional(f, &out->category);
	return NULL;
}

static const char *parse_end(struct fields *f, struct tm_atrace *out)
{
	struct tm_str s;

	/* "E", "E|" and "E||..." carry no tgid; anything after it is ignored */
	if (!next_field(f, &s) || !s.n)
		return NULL;
	return tgid_field(s, out);
}

static const char *parse_counter(struct fields *f, struct tm_atrace *out)
{
	const char *err;

	if ((err = take_tgid(f, out)))
		return err;
	if ((err = take_required(f, &out->name, "missing name", "empty name")))
		return err;
	if ((err = take_required(f, &out->value, "missing counter value",
				 "empty counter value")))
		return err;
	out->value_is_int = parse_int64(out->value, &out->ivalue);
	if (!out->value_is_int && !is_decimal_number(out->value))
		return "counter value is not a number";
	take_optional(f, &out->category);
	return NULL;
}

static const char *parse_async(struct fields *f, struct tm_atrace *out)
{
	const char *err;

	if ((err = take_tgid(f, out)))
		return err;
	if ((err = take_required(f, &out->name, "missing name", "empty name")))
		return err;
	if ((err = take_required(f, &out->cookie, "missing cookie",
				 "empty cookie")))
		return err;
	set_cookie_value(out);
	take_optional(f, &out->args);
	take_optional(f, &out->category);
	return NULL;
}

static const char *parse_instant(struct fields *f, struct tm_atrace *out)
{
	const char *err;

	if ((err = take_tgid(f, out)))
		return err;
	return take_required(f, &out->name, "missing name", "empty name");
}

static const char *parse_track_instant(struct fields *f, struct tm_atrace *out)
{
	const char *err;

	if ((err = take_tgid(f, out)))
		return err;
	if ((err = take_required(f, &out->track, "missing track", "empty track")))
		return err;
	return take_required(f, &out->name, "missing name", "empty name");
}

static const char *parse_track_begin(struct fields *f, struct tm_atrace *out)
{
	const char *err;

	if ((err = take_tgid(f, out)))
		return err;
	if ((err = take_required(f, &out->track, "missing track", "empty track")))
		return err;
	if ((err = take_required(f, &out->name, "missing name", "empty name")))
		return err;
	if ((err = take_required(f, &out->cookie, "missing cookie",
				 "empty cookie")))
		return err;
	set_cookie_value(out);
	return NULL;
}

/* H, T, U: tgid|track|cookie or tgid|track|name|cookie */
static const char *parse_track_end(struct fields *f, struct tm_atrace *out)
{
	struct tm_str a, b;
	const char *err;

	if ((err = take_tgid(f, out)))
		return err;
	if ((err = take_required(f, &out->track, "missing track", "empty track")))
		return err;
	if (!next_field(f, &a))
		return "missing cookie";
	if (next_field(f, &b)) {
		out->name = a;
		out->cookie = b;
	} else {
		out->cookie = a;
	}
	if (!out->cookie.n)
		return "empty cookie";
	set_cookie_value(out);
	return NULL;
}

typedef const char *(*marker_parser)(struct fields *f, struct tm_atrace *out);

static enum tm_atrace_kind marker_kind(char letter, marker_parser *parse)
{
	switch (letter) {
	case 'B': *parse = parse_begin; return TM_AT_BEGIN;
	case 'E': *parse = parse_end; return TM_AT_END;
	case 'C': *parse = parse_counter; return TM_AT_COUNTER;
	case 'S': *parse = parse_async; return TM_AT_ASYNC_BEGIN;
	case 'F': *parse = parse_async; return TM_AT_ASYNC_END;
	case 'I': *parse = parse_instant; return TM_AT_INSTANT;
	case 'N': *parse = parse_track_instant; return TM_AT_TRACK_INSTANT;
	case 'G': *parse = parse_track_begin; return TM_AT_TRACK_BEGIN;
	case 'H': *parse = parse_track_end; return TM_AT_TRACK_END;
	case 'T': *parse = parse_track_end; return TM_AT_T;
	case 'U': *parse = parse_track_end; return TM_AT_U;
	default: *parse = NULL; return TM_AT_NONE;
	}
}

/* digits[.digits] seconds -> ns, exactly (ts.h); >9 decimals round half up. */
static const char *parse_secs_ns(struct tm_str s, int64_t *ns)
{
	size_t int_end = skip_digits(s, 0), frac_end;

	/* digits, optionally '.' and at least one more digit; no sign */
	if (!int_end)
		return "bad parent_ts";
	if (int_end < s.n) {
		if (s.p[int_end] != '.')
			return "bad parent_ts";
		frac_end = skip_digits(s, int_end + 1);
		if (frac_end == int_end + 1 || frac_end != s.n)
			return "bad parent_ts";
	}
	if (tm_ts_parse_secs(s.p, s.n, ns, NULL))
		return "parent_ts out of range";
	return NULL;
}

static const char *parse_clock_sync(struct tm_str rest, struct tm_atrace *out)
{
	uint64_t ms;
	int64_t ns;

	if (!rest.n)
		return "empty clock sync marker";
	if (str_starts(rest, "name=")) {
		const char *sp;

		out->sync_kind = TM_SYNC_NAME;
		rest = str_skip(rest, strlen("name="));
		sp = memchr(rest.p, ' ', rest.n);
		out->sync_id = rest;
		out->sync_extra = (struct tm_str){ rest.p + rest.n, 0 };
		if (sp) {
			out->sync_id.n = (size_t)(sp - rest.p);
			out->sync_extra = str_skip(rest, out->sync_id.n + 1);
		}
		return out->sync_id.n ? NULL : "empty clock sync id";
	}
	if (str_starts(rest, "parent_ts=")) {
		out->sync_kind = TM_SYNC_PARENT_TS;
		return parse_secs_ns(str_skip(rest, strlen("parent_ts=")),
				     &out->sync_ns);
	}
	if (str_starts(rest, "realtime_ts=")) {
		out->sync_kind = TM_SYNC_REALTIME_TS;
		rest = str_skip(rest, strlen("realtime_ts="));
		if (!rest.n || skip_digits(rest, 0) != rest.n)
			return "bad realtime_ts";
		if (!parse_digits(rest, INT64_MAX, &ms) ||
		    __builtin_mul_overflow((int64_t)ms, NSEC_PER_MSEC, &ns))
			return "realtime_ts out of range";
		out->sync_ns = ns;
		return NULL;
	}
	return "unknown clock sync marker";
}

/* "trace_event_clock_sync: BODY" -> BODY.  An empty marker may have lost
 * its blank to trimming, so the bare tag also counts (with an empty body). */
static bool clock_sync_body(struct tm_str text, struct tm_str *body)
{
	if (!str_starts(text, CLOCK_SYNC_TAG))
		return false;
	*body = str_skip(text, strlen(CLOCK_SYNC_TAG));
	if (!body->n)
		return true;
	if (body->p[0] != ' ')
		return false;
	*body = str_skip(*body, 1);
	return true;
}

static bool is_trailing_junk(char c)
{
	return c == '\n' || c == '\r' || c == ' ' || c == '\t' || c == '\0';
}

static enum tm_atrace_kind finish(struct tm_atrace *out,
				  enum tm_atrace_kind kind, const char *err)
{
	if (err) {
		out->claimed = kind;
		out->error = err;
		kind = TM_AT_INVALID;
	}
	out->kind = kind;
	return kind;
}

enum tm_atrace_kind tm_atrace_parse(const char *payload, size_t len,
				    struct tm_atrace *out)
{
	struct tm_str text, body;
	marker_parser parse;
	enum tm_atrace_kind kind;
	struct fields f;

	memset(out, 0, sizeof(*out));
	if (!payload)
		len = 0;
	while (len && is_trailing_junk(payload[len - 1]))
		len--;
	text = (struct tm_str){ payload, len };
	out->text = text;

	if (len == 1 && payload[0] == 'E')
		return finish(out, TM_AT_END, NULL);
	if (len >= 2 && payload[1] == '|') {
		kind = marker_kind(payload[0], &parse);
		if (kind == TM_AT_NONE)
			return finish(out, TM_AT_NONE, NULL);
		f = (struct fields){ payload + 2, payload + len, false };
		return finish(out, kind, parse(&f, out));
	}
	if (clock_sync_body(text, &body))
		return finish(out, TM_AT_CLOCK_SYNC, parse_clock_sync(body, out));
	return finish(out, TM_AT_NONE, NULL);
}

const char *tm_atrace_kind_name(enum tm_atrace_kind k)
{
	static const char *const names[] = {
		[TM_AT_NONE] = "none",
		[TM_AT_INVALID] = "invalid",
		[TM_AT_BEGIN] = "begin",
		[TM_AT_END] = "end",
		[TM_AT_COUNTER] = "counter",
		[TM_AT_ASYNC_BEGIN] = "async_begin",
		[TM_AT_ASYNC_END] = "async_end",
		[TM_AT_INSTANT] = "instant",
		[TM_AT_TRACK_INSTANT] = "track_instant",
		[TM_AT_TRACK_BEGIN] = "track_begin",
		[TM_AT_TRACK_END] = "track_end",
		[TM_AT_T] = "T",
		[TM_AT_U] = "U",
		[TM_AT_CLOCK_SYNC] = "clock_sync",
	};

	if ((unsigned)k >= sizeof(names) / sizeof(names[0]) || !names[k])
		return "unknown";
	return names[k];
}
