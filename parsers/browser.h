/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * browser.h - the shared half of the browser-era readers (Speed Tracer
 * dumps, Opera Scope profiler Events, W3C Performance Timeline entries).
 * Private to parsers/.
 *
 * Each reader walks its input in place (json-lex.h, no DOM) and writes the
 * events it finds as Trace Event JSON through a struct tm_bconv; the
 * converted text becomes one TM_BLOCK_JSON block of the input (origin
 * "converted"), so sync, merge and import treat it like any JSON trace.
 * The block's metadata names a clock domain only when the format gives an
 * absolute clock (Performance Timeline with timeOrigin: CLOCK_REALTIME);
 * otherwise the domain is private and merge needs --offset/--same-clock.
 * Records that cannot be converted are counted warnings located by
 * "file:line" (or "file: byte N" in decompressed data), never silently lost.
 */
#ifndef TM_PARSERS_BROWSER_H
#define TM_PARSERS_BROWSER_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"
#include "decode.h"
#include "json-lex.h"
#include "tracemerge/browser.h"

/* Synthetic process ids (above any Linux pid_max, 2^22); the main thread's
 * tid is the pid, a second thread (network) pid + 1. */
#define TM_PID_SPEEDTRACER  1000000100
#define TM_PID_SCOPE        1000000200
#define TM_PID_PERFTIMELINE 1000000300

#define TM_BC_MAX_DEPTH 256        /* nesting the readers follow */

struct tm_bconv {
	struct tm_input *in;
	const char *text;          /* the input text (BOM skipped) */
	size_t len, skip;          /* skip: bytes before text in the file (BOM) */
	const char *fmt;           /* "speed-tracer", ... : warning kinds prefix */
	struct tm_buf out;         /* the traceEvents, comma separated */
	struct tm_buf meta;        /* extra metadata members, comma separated */
	const char *clock;         /* metadata clock-domain, or NULL */
	struct tm_browser_counts n;
	size_t nout;               /* events written, names included */
	size_t lp_off;             /* line cache of tm_bconv_where() */
	unsigned long lp_line;
	bool ev_open, args_open, first_arg;
};

/* ---- events --------------------------------------------------------------- */

/* Start an event: its name is the JSON string NAME_V (copied repaired) or,
 * when that is NULL or not a string, the plain ASCII LIT; the same for the
 * category (none when both are NULL).  Then: dur/id/fields, args, end. */
void tm_bconv_begin(struct tm_bconv *c, char ph, const struct tm_jval *name_v,
		 const char *lit, const struct tm_jval *cat_v, const char *cat,
		 int64_t ts_ns, int pid, int tid);
void tm_bconv_dur(struct tm_bconv *c, int64_t dur_ns);
void tm_bconv_field_raw(struct tm_bconv *c, const char *key, const char *json);
void tm_bconv_id(struct tm_bconv *c, const struct tm_jval *id); /* number/string */
void tm_bconv_id_u64(struct tm_bconv *c, uint64_t id);
/* args: opened by the first arg, closed by tm_bconv_end() */
void tm_bconv_arg(struct tm_bconv *c, const char *key, const struct tm_jval *v);
void tm_bconv_arg_lit(struct tm_bconv *c, const char *key, const char *json);
void tm_bconv_arg_kv(struct tm_bconv *c, const struct tm_jval *key, const struct tm_jval *v);
/* an arg whose value is an object built by the caller: tm_bconv_arg_obj_begin,
 * then tm_bconv_obj_member(...) calls, then tm_bconv_obj_end */
void tm_bconv_arg_obj_begin(struct tm_bconv *c, const char *key);
void tm_bconv_obj_member(struct tm_bconv *c, bool first, const char *key,
		      const struct tm_jval *v, const char *lit);
void tm_bconv_obj_end(struct tm_bconv *c);
void tm_bconv_end(struct tm_bconv *c);

/* A member of the block's metadata (KEY a JSON string value). */
void tm_bconv_meta(struct tm_bconv *c, const struct tm_jval *key, const struct tm_jval *v);

/* M process_name / thread_name */
void tm_bconv_name(struct tm_bconv *c, bool process, int pid, int tid, const char *name);

/* ---- values and places ---------------------------------------------------- */

/* Milliseconds (a JSON number) -> ns, exact decimal (digits beyond the ns
 * rounded, ties away from zero). 0 or -1. */
int tm_bconv_ms(const struct tm_jval *v, int64_t *ns);
/* The sum of N JSON numbers of milliseconds (absent ones count 0), rounded
 * once to ns, ties away from zero: e.g. timeOrigin + startTime exactly as
 * written, not the sum of separately rounded parts.  0 or -1. */
int tm_bconv_ms_sum(const struct tm_jval *const *v, size_t n, int64_t *ns);
/* An integer JSON number. 0 or -1. */
int tm_bconv_int(const struct tm_jval *v, int64_t *out);
/* Next element of array ARR: *IT starts NULL; false at the end. */
bool tm_bconv_next(const struct tm_jval *arr, const char **it, struct tm_jval *el);
/* Next member of object OBJ: *IT starts NULL; false at the end. */
bool tm_bconv_member(const struct tm_jval *obj, const char **it, struct tm_jval *key,
		  struct tm_jval *val);
/* Element I of array ARR (TM_J_NONE when absent; null stays TM_J_NULL). */
struct tm_jval tm_bconv_at(const struct tm_jval *arr, size_t i);
/* "file:line" of P (inside text), or "file: byte N" in decompressed data. */
void tm_bconv_where(struct tm_bconv *c, const char *p, char *buf, size_t cap);
/* Count a rejected record: warning "<fmt>-KIND" at P. */
void tm_bconv_reject(struct tm_bconv *c, const char *kind, const char *p,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Count a warning without rejecting a record. */
void tm_bconv_warn(struct tm_bconv *c, const char *kind, const char *p,
		const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Validate the JSON value at P (up to E): the end, or NULL with the fatal
 * error "file:line:col: ..." set (WHAT names the value). */
const char *tm_bconv_validate(struct tm_bconv *c, const char *p, const char *e,
			   const char *what, bool fatal);

/* ---- the readers ------------------------------------------------------------ */

int tm_speedtracer_read(struct tm_bconv *c);
int tm_scope_read(struct tm_bconv *c);
int tm_perftimeline_read(struct tm_bconv *c);

/* Which browser-era format TEXT holds (looking at its head only), or
 * TM_FMT_UNKNOWN for anything else (Trace Event JSON included). */
enum tm_format tm_browser_sniff(const char *text, size_t len);
/* Is tm_browser_sniff() TM_FMT_UNKNOWN for every text that starts with
 * the LEN bytes at TEXT?  Only when every look it takes ends within them
 * (a MiB past the first non-blank byte, at least); false when that cannot
 * be told from them. */
bool tm_browser_head_unknown(const char *text, size_t len);
/* Convert TEXT (after any BOM, SKIP bytes into the file) of format F into
 * a JSON block of IN.  0, or -1 with the error set. */
int tm_browser_read(struct tm_input *in, enum tm_format f, const char *text,
		    size_t len, size_t skip);

#endif
