/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * browser.c - the shared half of the browser-era readers (see browser.h):
 * recognising the three formats by the head of the text, the Trace Event
 * JSON writer the readers emit through, exact millisecond values, array
 * walking and record locations, and turning the result into a JSON block.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "browser.h"
#include "tracemerge/ts.h"

#define SNIFF_RECORD (1u << 20)  /* how far a first record is looked at */

/* ---- the writer ------------------------------------------------------------ */

static void add_lit(struct tm_bconv *c, const char *s)
{
	tm_buf_adds(&c->out, s);
}

/* The JSON value V copied as strict JSON, valid UTF-8. */
static void add_raw(struct tm_buf *b, const struct tm_jval *v)
{
	size_t n = tm_json_repair_text(v->p, v->n, NULL);

	if (tm_buf_reserve(b, n) == 0) {
		tm_json_repair_text(v->p, v->n, b->p + b->n);
		b->n += n;
	}
}

static void add_key(struct tm_buf *b, const char *key)
{
	tm_buf_addc(b, '"');
	tm_buf_adds(b, key);
	tm_buf_adds(b, "\":");
}

static void add_i64(struct tm_bconv *c, int64_t v)
{
	char num[32];

	snprintf(num, sizeof(num), "%lld", (long long)v);
	add_lit(c, num);
}

static void add_us(struct tm_bconv *c, int64_t ns)
{
	char num[TM_TS_BUFSZ];

	tm_ts_format_us(num, ns);
	add_lit(c, num);
}

/* A string value V (copied repaired) or the plain ASCII LIT. */
static void add_str(struct tm_bconv *c, const struct tm_jval *v, const char *lit)
{
	if (v && v->type == TM_J_STRING) {
		add_raw(&c->out, v);
	} else {
		tm_buf_addc(&c->out, '"');
		add_lit(c, lit ? lit : "");
		tm_buf_addc(&c->out, '"');
	}
}

void tm_bconv_begin(struct tm_bconv *c, char ph, const struct tm_jval *name_v,
		 const char *lit, const struct tm_jval *cat_v, const char *cat,
		 int64_t ts_ns, int pid, int tid)
{
	char phs[2] = { ph, 0 };

	add_lit(c, c->nout++ ? ",\n{\"name\":" : "\n{\"name\":");
	if (ph != 'M')
		c->n.events++;
	add_str(c, name_v, lit);
	if ((cat_v && cat_v->type == TM_J_STRING) || cat) {
		add_lit(c, ",\"cat\":");
		add_str(c, cat_v, cat);
	}
	add_lit(c, ",\"ph\":\"");
	add_lit(c, phs);
	tm_buf_addc(&c->out, '"');
	if (ph != 'M') {
		add_lit(c, ",\"ts\":");
		add_us(c, ts_ns);
	}
	add_lit(c, ",\"pid\":");
	add_i64(c, pid);
	add_lit(c, ",\"tid\":");
	add_i64(c, tid);
	if (ph == 'i')
		add_lit(c, ",\"s\":\"t\"");
	c->ev_open = true;
	c->args_open = false;
}

void tm_bconv_dur(struct tm_bconv *c, int64_t dur_ns)
{
	add_lit(c, ",\"dur\":");
	add_us(c, dur_ns);
}

void tm_bconv_field_raw(struct tm_bconv *c, const char *key, const char *json)
{
	tm_buf_addc(&c->out, ',');
	add_key(&c->out, key);
	add_lit(c, json);
}

void tm_bconv_id(struct tm_bconv *c, const struct tm_jval *id)
{
	add_lit(c, ",\"id\":");
	if (id->type == TM_J_STRING) {
		add_raw(&c->out, id);
	} else {      /* numbers as strings: Perfetto and Catapult read both */
		tm_buf_addc(&c->out, '"');
		tm_buf_add(&c->out, id->p, id->n);
		tm_buf_addc(&c->out, '"');
	}
}

void tm_bconv_id_u64(struct tm_bconv *c, uint64_t id)
{
	char num[32];

	snprintf(num, sizeof(num), ",\"id\":\"0x%llx\"", (unsigned long long)id);
	add_lit(c, num);
}

static void arg_key(struct tm_bconv *c, const char *key)
{
	add_lit(c, c->args_open ? "," : ",\"args\":{");
	c->args_open = true;
	add_key(&c->out, key);
}

void tm_bconv_arg(struct tm_bconv *c, const char *key, const struct tm_jval *v)
{
	arg_key(c, key);
	add_raw(&c->out, v);
}

void tm_bconv_arg_kv(struct tm_bconv *c, const struct tm_jval *key, const struct tm_jval *v)
{
	add_lit(c, c->args_open ? "," : ",\"args\":{");
	c->args_open = true;
	add_raw(&c->out, key);
	tm_buf_addc(&c->out, ':');
	add_raw(&c->out, v);
}

void tm_bconv_arg_lit(struct tm_bconv *c, const char *key, const char *json)
{
	arg_key(c, key);
	add_lit(c, json);
}

void tm_bconv_arg_obj_begin(struct tm_bconv *c, const char *key)
{
	arg_key(c, key);
	tm_buf_addc(&c->out, '{');
}

void tm_bconv_obj_member(struct tm_bconv *c, bool first, const char *key,
		      const struct tm_jval *v, const char *lit)
{
	if (!first)
		tm_buf_addc(&c->out, ',');
	add_key(&c->out, key);
	if (v && v->type != TM_J_NONE)
		add_raw(&c->out, v);
	else
		add_lit(c, lit ? lit : "null");
}

void tm_bconv_obj_end(struct tm_bconv *c)
{
	tm_buf_addc(&c->out, '}');
}

void tm_bconv_end(struct tm_bconv *c)
{
	if (c->args_open)
		tm_buf_addc(&c->out, '}');
	tm_buf_addc(&c->out, '}');
	c->ev_open = c->args_open = false;
}

void tm_bconv_meta(struct tm_bconv *c, const struct tm_jval *key, const struct tm_jval *v)
{
	if (c->meta.n)
		tm_buf_addc(&c->meta, ',');
	add_raw(&c->meta, key);
	tm_buf_addc(&c->meta, ':');
	add_raw(&c->meta, v);
}

void tm_bconv_name(struct tm_bconv *c, bool process, int pid, int tid, const char *name)
{
	char json[200];

	tm_bconv_begin(c, 'M', NULL, process ? "process_name" : "thread_name", NULL, NULL,
		    0, pid, tid);
	snprintf(json, sizeof(json), "\"%s\"", name);
	tm_bconv_arg_lit(c, "name", json);
	tm_bconv_end(c);
}

/* ---- values and places ------------------------------------------------------ */

int tm_bconv_ms(const struct tm_jval *v, int64_t *ns)
{
	if (v->type != TM_J_NUMBER)
		return -1;
	return tm_json_decimal(v->p, v->n, 6, ns);
}

/* A JSON number of ms in units of 10^-18 ms (digits below are dropped:
 * they cannot change a rounding to the ns, see tm_bconv_ms_sum). */
static int ms_units(const struct tm_jval *v, __int128 *out)
{
	const char *p, *e, *m0, *m1, *dot = NULL;
	long long exp = 0, w;
	bool neg = false, eneg = false;
	__int128 acc = 0;
	const __int128 cap = (__int128)1000000000000000000 * 1000000000000000000; /* 10^36 */

	if (v->type != TM_J_NUMBER)
		return -1;
	p = v->p;
	e = v->p + v->n;
	if (p < e && *p == '-') {
		neg = true;
		p++;
	}
	for (m0 = p; p < e && ((*p >= '0' && *p <= '9') || (*p == '.' && !dot)); p++)
		if (*p == '.')
			dot = p;
	m1 = p;
	if (p < e && (*p == 'e' || *p == 'E')) {
		if (++p < e && (*p == '+' || *p == '-'))
			eneg = *p++ == '-';
		if (p == e)
			return -1;
		for (; p < e && *p >= '0' && *p <= '9'; p++)
			if (exp < 100000)
				exp = exp * 10 + (*p - '0');
		if (eneg)
			exp = -exp;
	}
	if (p != e || m1 == m0 || (m1 - m0 == 1 && dot))
		return -1;
	/* the first digit weighs 10^w units */
	w = (long long)((dot ? dot : m1) - m0) - 1 + exp + 18;
	for (const char *q = m0; q < m1; q++) {
		if (q == dot)
			continue;
		if (w >= 0) {
			if (acc > cap)
				return -1;
			acc = acc * 10 + (*q - '0');
		}
		w--;
	}
	for (; w >= 0 && acc; w--) {   /* the rest of the units are zeros */
		if (acc > cap)
			return -1;
		acc *= 10;
	}
	*out = neg ? -acc : acc;
	return 0;
}

int tm_bconv_ms_sum(const struct tm_jval *const *v, size_t n, int64_t *ns)
{
	const __int128 unit = 1000000000000;           /* 10^12 units = 1 ns */
	__int128 t = 0, u, q, r;
	bool neg;

	for (size_t i = 0; i < n; i++) {
		if (v[i]->type == TM_J_NONE)
			continue;                      /* absent: 0 */
		if (ms_units(v[i], &u))
			return -1;
		t += u;            /* |u| <= 10^37: no overflow for a few terms */
	}
	neg = t < 0;
	if (neg)
		t = -t;
	q = t / unit;
	r = t % unit;
	if (r >= unit / 2)                             /* ties away from zero */
		q++;
	if (q > INT64_MAX)
		return -1;
	*ns = neg ? -(int64_t)q : (int64_t)q;
	return 0;
}

int tm_bconv_int(const struct tm_jval *v, int64_t *out)
{
	if (v->type != TM_J_NUMBER)
		return -1;
	return tm_parse_i64(v->p, v->n, out);
}

bool tm_bconv_next(const struct tm_jval *arr, const char **it, struct tm_jval *el)
{
	const char *e, *p, *q;

	if (arr->type != TM_J_ARRAY || arr->n < 2)
		return false;
	e = arr->p + arr->n - 1;               /* the closing ']' */
	p = *it ? *it : arr->p + 1;
	p = tm_json_lex_ws(p, e);
	if (p < e && *p == ',')                /* after the previous element */
		p = tm_json_lex_ws(p + 1, e);
	if (p >= e || !(q = tm_json_lex_lenient_end(p, e)) || q == p)
		return false;
	el->type = tm_json_lex_type(*p);
	el->p = p;
	el->n = (size_t)(q - p);
	*it = q;
	return true;
}

bool tm_bconv_member(const struct tm_jval *obj, const char **it, struct tm_jval *key,
		  struct tm_jval *val)
{
	const char *e, *p, *q;

	if (obj->type != TM_J_OBJECT || obj->n < 2)
		return false;
	e = obj->p + obj->n - 1;               /* the closing '}' */
	p = *it ? *it : obj->p + 1;
	p = tm_json_lex_ws(p, e);
	if (p < e && *p == ',')
		p = tm_json_lex_ws(p + 1, e);
	if (p >= e || *p != '"' || !(q = tm_json_lex_lenient_end(p, e)))
		return false;
	*key = (struct tm_jval){ TM_J_STRING, p, (size_t)(q - p) };
	p = tm_json_lex_ws(q, e);
	if (p >= e || *p != ':')
		return false;
	p = tm_json_lex_ws(p + 1, e);
	if (p >= e || !(q = tm_json_lex_lenient_end(p, e)) || q == p)
		return false;
	*val = (struct tm_jval){ tm_json_lex_type(*p), p, (size_t)(q - p) };
	*it = q;
	return true;
}

struct tm_jval tm_bconv_at(const struct tm_jval *arr, size_t i)
{
	struct tm_jval el = { TM_J_NONE, NULL, 0 };
	const char *it = NULL;

	for (size_t k = 0; tm_bconv_next(arr, &it, &el); k++)
		if (k == i)
			return el;
	return (struct tm_jval){ TM_J_NONE, NULL, 0 };
}

static unsigned long line_of(struct tm_bconv *c, size_t off)
{
	const char *p, *e;

	if (off < c->lp_off) {
		c->lp_off = 0;
		c->lp_line = 1;
	}
	p = c->text + c->lp_off;
	e = c->text + off;
	while (p < e && (p = memchr(p, '\n', (size_t)(e - p)))) {
		c->lp_line++;
		p++;
	}
	c->lp_off = off;
	return c->lp_line;
}

void tm_bconv_where(struct tm_bconv *c, const char *p, char *buf, size_t cap)
{
	size_t off = p && p >= c->text && p <= c->text + c->len ?
		     (size_t)(p - c->text) : 0;

	if (c->in->unmapped)
		snprintf(buf, cap, "%s: byte %zu of the decompressed data", c->in->name,
			 off + c->skip);
	else
		snprintf(buf, cap, "%s:%lu", c->in->name, line_of(c, off));
}

static void vwarn(struct tm_bconv *c, const char *kind, const char *p,
		  const char *fmt, va_list ap)
{
	char where[400], k[64], msg[400];

	snprintf(k, sizeof(k), "%s-%s", c->fmt, kind);
	if (c->in->d && tm_diag_count(c->in->d, k) >= TM_DIAG_KEEP) {
		tm_diag_warn(c->in->d, k, NULL, NULL);  /* counted; places kept: 8 */
		return;
	}
	tm_bconv_where(c, p, where, sizeof(where));
	vsnprintf(msg, sizeof(msg), fmt, ap);
	tm_diag_warn(c->in->d, k, where, "%s", msg);
}

void tm_bconv_reject(struct tm_bconv *c, const char *kind, const char *p,
		  const char *fmt, ...)
{
	va_list ap;

	c->n.rejected++;
	va_start(ap, fmt);
	vwarn(c, kind, p, fmt, ap);
	va_end(ap);
}

void tm_bconv_warn(struct tm_bconv *c, const char *kind, const char *p,
		const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(c, kind, p, fmt, ap);
	va_end(ap);
}

const char *tm_bconv_validate(struct tm_bconv *c, const char *p, const char *e,
			   const char *what, bool fatal)
{
	struct tm_jl jl;
	const char *end, *at;
	char where[400];

	tm_json_lex_init(&jl, e);
	end = tm_json_lex_value(&jl, p);
	at = jl.err ? jl.err : e;
	if (!end) {
		tm_bconv_where(c, at, where, sizeof(where));
		if (fatal)
			tm_diag_error(c->in->d, "%s: %s: %s", where, what,
				      jl.err ? (jl.msg ? jl.msg : "invalid JSON") :
				      "text ends inside it (truncated)");
	}
	tm_json_lex_free(&jl);
	return end;
}

/* ---- recognising the formats ------------------------------------------------ */

/* The object at P if it ends within the first MAX bytes (and, for LINE,
 * on its first line). */
static struct tm_jval head_object(const char *p, const char *e, bool line)
{
	const char *lim = e - p > SNIFF_RECORD ? p + SNIFF_RECORD : e, *q, *nl;
	struct tm_jval none = { TM_J_NONE, NULL, 0 };

	if (line && (nl = memchr(p, '\n', (size_t)(lim - p))))
		lim = nl;
	if (p >= lim || *p != '{' || !(q = tm_json_lex_lenient_end(p, lim)))
		return none;
	return (struct tm_jval){ TM_J_OBJECT, p, (size_t)(q - p) };
}

/* Does the object at P start with the key KEY? */
static bool first_key_is(const char *p, const char *e, const char *key)
{
	const char *k = tm_json_lex_ws(p + 1, e), *ke;

	if (k >= e || *k != '"' || !(ke = tm_json_lex_lenient_end(k, e)))
		return false;
	return tm_json_body_eq(k + 1, (size_t)(ke - k - 2), key);
}

enum tm_format tm_browser_sniff(const char *text, size_t len)
{
	const char *e = text + len, *p = tm_json_lex_ws(text, e), *q;
	struct tm_jval o, v;

	if (p == e)
		return TM_FMT_UNKNOWN;
	if (*p == '[') {               /* Scope: [[start, end], [events]] */
		q = tm_json_lex_ws(p + 1, e);
		if (q < e && *q == '[')
			return TM_FMT_SCOPE;
		if (e - q >= 4 && !memcmp(q, "null", 4) &&
		    (q = tm_json_lex_ws(q + 4, e)) < e && *q == ',')
			return TM_FMT_SCOPE;
		o = head_object(q, e, false);   /* [{"entryType": ...}, ...] */
		v = tm_json_get(&o, "entryType");
		if (v.type == TM_J_STRING && tm_json_get(&o, "ph").type == TM_J_NONE)
			return TM_FMT_PERFTIMELINE;
		return TM_FMT_UNKNOWN;
	}
	if (*p != '{')
		return TM_FMT_UNKNOWN;
	if (first_key_is(p, e, "timeOrigin") || first_key_is(p, e, "entries"))
		return TM_FMT_PERFTIMELINE;
	o = head_object(p, e, true);           /* {"type": N, "time": T, ...} */
	if (tm_json_get(&o, "type").type == TM_J_NUMBER &&
	    tm_json_get(&o, "time").type == TM_J_NUMBER &&
	    tm_json_get(&o, "traceEvents").type == TM_J_NONE)
		return TM_FMT_SPEEDTRACER;
	return TM_FMT_UNKNOWN;
}

bool tm_browser_head_unknown(const char *text, size_t len)
{
	const char *e = text + len, *p = tm_json_lex_ws(text, e), *q;

	/* head_object() looks at SNIFF_RECORD bytes at most */
	if (e - p <= SNIFF_RECORD + 1 || (*p != '{' && *p != '['))
		return false;
	if ((q = tm_json_lex_ws(p + 1, e)) == e)
		return false;
	if (*p == '[' && (*q == '[' || *q == 'n'))
		return false;       /* (Scope's checks look on) */
	if (*p == '{' && *q == '"' && !tm_json_lex_lenient_end(q, e))
		return false;       /* (first_key_is() reads the first key whole) */
	return tm_browser_sniff(text, len) == TM_FMT_UNKNOWN;
}

/* ---- the block -------------------------------------------------------------- */

static const char *source_name(enum tm_format f)
{
	switch (f) {
	case TM_FMT_SPEEDTRACER:  return "speed-tracer";
	case TM_FMT_SCOPE:        return "opera-scope";
	default:                  return "performance-timeline";
	}
}

/* {"traceEvents":[...],"metadata":{...}} into one buffer the input owns. */
static int finish(struct tm_bconv *c, enum tm_format f)
{
	struct tm_buf b = { 0 };

	tm_buf_adds(&b, "{\"traceEvents\":[");
	tm_buf_add(&b, c->out.p, c->out.n);
	tm_buf_adds(&b, "\n],\n\"metadata\":{");
	if (c->clock) {
		tm_buf_adds(&b, "\"clock-domain\":\"");
		tm_buf_adds(&b, c->clock);
		tm_buf_adds(&b, "\",");
	}
	tm_buf_adds(&b, "\"source-format\":\"");
	tm_buf_adds(&b, source_name(f));
	tm_buf_addc(&b, '"');
	if (c->meta.n) {
		tm_buf_addc(&b, ',');
		tm_buf_add(&b, c->meta.p, c->meta.n);
	}
	tm_buf_adds(&b, "}}\n");
	if (b.oom || c->out.oom || c->meta.oom) {
		tm_buf_free(&b);
		tm_input_fail(c->in, "out of memory");
		return -1;
	}
	if (tm_input_keep(c->in, b.p))
		return -1;
	return tm_input_add_block(c->in, TM_BLOCK_JSON, b.p, b.n, 0, "converted");
}

int tm_browser_read(struct tm_input *in, enum tm_format f, const char *text,
		    size_t len, size_t skip)
{
	struct tm_bconv c = {
		.in = in, .text = text, .len = len, .skip = skip, .lp_line = 1,
		.fmt = source_name(f),
	};
	int rc;

	in->format = f;
	switch (f) {
	case TM_FMT_SPEEDTRACER:  rc = tm_speedtracer_read(&c); break;
	case TM_FMT_SCOPE:        rc = tm_scope_read(&c); break;
	default:                  rc = tm_perftimeline_read(&c); break;
	}
	if (!rc)
		rc = finish(&c, f);
	c.n.realtime = c.clock != NULL;
	in->browser = c.n;
	tm_buf_free(&c.out);
	tm_buf_free(&c.meta);
	return rc;
}

bool tm_input_browser_counts(const struct tm_input *in, struct tm_browser_counts *c)
{
	if (!in || (in->format != TM_FMT_SPEEDTRACER && in->format != TM_FMT_SCOPE &&
		    in->format != TM_FMT_PERFTIMELINE))
		return false;
	*c = in->browser;
	return true;
}
