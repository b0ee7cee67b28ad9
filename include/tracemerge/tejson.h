/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tejson.h - streaming Trace Event JSON reader.
 *
 * The reader walks a Trace Event JSON text in place (no DOM, no per-event
 * allocation) and hands out one event object at a time: its raw bytes, its
 * position, and the few fields tracemerge needs (ph, name, ts, dur, pid,
 * tid, the clock_sync args), with the byte ranges of the values so that a
 * writer can copy the event and replace just its ts.  Both forms are read:
 * the array form `[ {...}, ... ]` (closing `]` optional, trailing comma
 * tolerated) and the object form `{"traceEvents": [...], ...}` whose other
 * top-level keys are recorded (raw value ranges) for the caller.
 *
 * Numbers are parsed exactly: ts "123.4567" (µs) is 123456700 ns ... digits
 * beyond the ns are rounded; exponents ("1.5e3") and numeric strings
 * ("123.5") are accepted.  Problems are reported through tm_diag: a fatal
 * error (not JSON at all, garbage between events, a syntax error inside an
 * event, traceEvents not an array) or counted warnings with "NAME:LINE":
 *   json-truncated       text ends inside an event (it is skipped) or before
 *                        the end of the object form
 *   json-not-object      an element of the events array is not an object
 *   json-bad-type        ts/dur/pid/tid/ph/args.issue_ts of the wrong JSON type
 *   json-bad-value       ts/dur/args.issue_ts not a number or out of int64 ns;
 *                        a number pid/tid that is not an integer
 *   json-bad-string      invalid UTF-8 etc. in an event's strings (repaired)
 *   json-trailing-comma  inside an event (dropped; the one after the last
 *                        element of the events array is silently allowed)
 *   json-trailing-data   bytes after the top-level value
 * A field present more than once in an event: the first one wins (the
 * later ones stay in raw but are not looked at).  String pid/tid that are
 * not integers ("foo") are names, not errors: has_pid false, no warning.
 */
#ifndef TRACEMERGE_TEJSON_H
#define TRACEMERGE_TEJSON_H

#include "api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "diag.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A raw JSON value: P points at its first byte ('"' for strings), N bytes. */
enum tm_jtype {
	TM_J_NONE = 0,   /* absent */
	TM_J_STRING, TM_J_NUMBER, TM_J_OBJECT, TM_J_ARRAY, TM_J_TRUE, TM_J_FALSE, TM_J_NULL,
};

struct tm_jval {
	enum tm_jtype type;
	const char *p;
	size_t n;
};

struct tm_te_event {
	/* The whole object, '{' .. '}', always strict JSON and valid UTF-8.
	 * It and the value ranges below point into the text, or, when the
	 * event had to be repaired (see `repaired`), into a buffer of the
	 * reader that is valid until the next call. */
	const char *raw;
	size_t raw_len;
	unsigned long line;         /* 1-based line of '{' in the file (see first_line) */
	size_t offset;              /* byte offset of '{' in the text given to the reader */
	struct tm_jval name, cat, ph, ts, dur, pid, tid, id, args;
	struct tm_jval sync_id;     /* args.sync_id */
	struct tm_jval issue_ts;    /* args.issue_ts */
	char phase;                 /* first byte of ph, 0 when ph is absent or not a string */
	/* parsed values; has_* false when absent or unusable (a warning is counted
	 * for a present value of the wrong type or out of range) */
	bool has_ts, has_dur, has_pid, has_tid, has_issue_ts;
	int64_t ts_ns, dur_ns, issue_ts_ns;  /* µs in the text, ns here */
	int64_t pid_v, tid_v;       /* integer pid/tid (numbers or numeric strings) */
	/* The text held what strict parsers refuse but Perfetto accepts:
	 * invalid UTF-8, raw control characters or bad escapes in strings
	 * (-> U+FFFD, \u00XX), trailing commas (dropped).  raw is the repaired
	 * copy; a warning ("json-bad-string", "json-trailing-comma") was counted. */
	bool repaired;
};

/* One top-level key of the object form (not traceEvents). */
struct tm_te_key {
	struct tm_jval key;         /* the key string, with its quotes */
	struct tm_jval val;
	unsigned long line;
	bool not_strict;            /* val holds what tm_json_repair() fixes */
};

struct tm_te_reader;

/* Read TEXT (LEN bytes; must stay valid) named NAME in messages; line numbers
 * start at FIRST_LINE (1 for a whole file).  Returns NULL only on
 * allocation failure. */
TM_API struct tm_te_reader *tm_te_reader_new(const char *name, const char *text,
					     size_t len, unsigned long first_line,
					     struct tm_diag *d);
TM_API void tm_te_reader_free(struct tm_te_reader *r);

/* Next event: 1 and *EV filled, 0 at the end, -1 on a fatal error
 * (d->error: "NAME:LINE:COL: ..."). Elements that are not objects are
 * skipped with a warning ("json-not-object"); `{}` elements are events with
 * no fields. */
TM_API int tm_te_reader_next(struct tm_te_reader *r, struct tm_te_event *ev);

/* After tm_te_reader_next() returned 0: what the text held. */
struct tm_te_top {
	bool object_form;
	bool found_events;          /* a traceEvents array (or the array form) was seen */
	bool truncated;             /* text ended inside an event (skipped), or,
				     * object form, before its closing '}' */
	bool missing_close;         /* array form without its closing ']' (allowed) */
	uint64_t events;            /* events returned */
	uint64_t skipped;           /* elements skipped (not objects, truncated) */
	const struct tm_te_key *keys; /* top-level keys other than traceEvents, in order */
	size_t nkeys;
};
TM_API const struct tm_te_top *tm_te_reader_top(const struct tm_te_reader *r);

/* The first top-level key named KEY (plain ASCII), or NULL. */
TM_API const struct tm_te_key *tm_te_find_key(const struct tm_te_top *t, const char *key);

/* ---- value helpers --------------------------------------------------- */

/* Parse a JSON number or numeric string holding microseconds into ns,
 * exactly (rounding beyond the ns, ties away from zero). 0 or -1 (not a
 * number, |ns| > INT64_MAX).  Strings may also hold '+', leading zeros,
 * "1." or ".5", but no blanks and no escapes. */
TM_API int tm_json_us_to_ns(const struct tm_jval *v, int64_t *ns);
/* Parse an integer (number without fraction/exponent, or such a string). */
TM_API int tm_json_int(const struct tm_jval *v, int64_t *out);
/* Unescape a JSON string value into a new NUL-terminated UTF-8 buffer
 * (invalid escapes, lone surrogates and invalid UTF-8 become U+FFFD; \u0000
 * gives a NUL inside the buffer); *LEN gets its length
 * (may be NULL). A number value is copied as its text. NULL on allocation
 * failure or when V is not a string or number. */
TM_API char *tm_json_strdup(const struct tm_jval *v, size_t *len);
/* Does string value V equal the plain ASCII S (escapes resolved)? */
TM_API bool tm_json_str_eq(const struct tm_jval *v, const char *s);

/* Find KEY in the object value OBJ (one level); returns a value with type
 * TM_J_NONE when absent or when OBJ is not an object. */
TM_API struct tm_jval tm_json_get(const struct tm_jval *obj, const char *key);

/* A strict-JSON, valid-UTF-8 copy of the value V (NUL-terminated, *LEN its
 * length; LEN may be NULL): invalid UTF-8 -> U+FFFD, raw control characters
 * in strings -> \u00XX, invalid escapes -> \ufffd, trailing commas dropped.
 * For values whose extent the reader established (e.g. a top-level key with
 * not_strict set).  NULL on allocation failure or when V is absent. */
TM_API char *tm_json_repair(const struct tm_jval *v, size_t *len);

#ifdef __cplusplus
}
#endif

#endif
