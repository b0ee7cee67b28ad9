/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * ftrace.c - ftrace text reader (see include/tracemerge/ftrace.h).
 *
 * An event line is anchored on its CPU column "[NNN]": the pid is the last
 * "-digits" before it (or before the TGID column "(  123)" / "(-----)"), the
 * comm is everything before that.  After the CPU come the optional irq-info
 * flags, the timestamp "secs[.frac]:", the event name and its details.  No
 * regex and no allocation: fields are views into the caller's text.
 */
#include <stdlib.h>
#include <string.h>

#include "blank-run.h"
#include "ftrace-general.h"
#include "ftrace-internal.h"
#include "tracemerge/ftrace.h"
#include "tracemerge/ts.h"
#include "str.h"

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool has_prefix(const char *p, const char *e, const char *lit)
{
	size_t n = strlen(lit);
	return (size_t)(e - p) >= n && memcmp(p, lit, n) == 0;
}

/* Parse digits [p, e) into a non-negative int32; -1 on failure (no
 * digits, a byte that is not one, more than 10, above INT32_MAX).  Also
 * for runs already known to be digits: the check costs a compare each. */
static int32_t parse_i32(const char *p, const char *e)
{
	int64_t v = 0;

	if (p == e || e - p > 10)
		return -1;
	for (; p < e; p++) {
		unsigned d = (unsigned)(unsigned char)*p - '0';
		if (d > 9)
			return -1;
		v = v * 10 + d;
	}
	return v > INT32_MAX ? -1 : (int32_t)v;
}

bool tm_ftrace_is_marker(const struct tm_ftrace_event *ev)
{
	return tm_is_marker_name(ev->name);
}

/* A timestamp token "secs[.frac]" followed by ':' ending at E. */
static int parse_ts(const char *p, const char *e, struct tm_ftrace_event *ev)
{
	int digits = 0;

	if (p == e || !is_digit(*p))
		return -1;
	if (!memchr(p, '.', (size_t)(e - p))) {
		/* counter-type clocks (x86-tsc, counter) print raw integers */
		ev->ts_digits = -1;
		return tm_parse_i64(p, (size_t)(e - p), &ev->ts_ns);
	}
	if (tm_ts_parse_secs(p, (size_t)(e - p), &ev->ts_ns, &digits))
		return -1;
	ev->ts_digits = (int8_t)digits;
	return 0;
}

#ifdef __SSE2__
/* The value of the N (1 to 8) digits at P; 8 bytes at P are readable.
 * Little-endian (used with SSE2, on x86).
 * The digits are put in the high bytes of a word (first digit lowest)
 * and combined in pairs, fours and eights. */
static uint64_t digits8(const char *p, int n)
{
	uint64_t v;

	memcpy(&v, p, 8);
	v -= 0x3030303030303030ULL; /* a borrow from the bytes after the digits
				     * only reaches bytes shifted out below */
	v <<= 8 * (8 - n);
	v = (v * 10 + (v >> 8)) & 0x00FF00FF00FF00FFULL;
	v = (v * 100 + (v >> 16)) & 0x0000FFFF0000FFFFULL;
	return (v * 10000 + (v >> 32)) & 0xFFFFFFFFULL;
}

/* Bit i set: byte i of V (16 bytes) is a decimal digit. */
static inline unsigned digit_mask16(__m128i v)
{
	return (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
							 _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1))));
}

static inline unsigned byte_mask16(__m128i v, char c)
{
	return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c)));
}

/* Bit i set: byte i of the 16 at P is a hex digit in lower case. */
static inline unsigned hex_mask16(const char *p)
{
	__m128i v = _mm_loadu_si128((const __m128i *)p);

	return digit_mask16(v) |
	       (unsigned)_mm_movemask_epi8(_mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('a' - 1)),
							 _mm_cmplt_epi8(v, _mm_set1_epi8('f' + 1))));
}

/* ts_runs() from a mask of 16 bytes at P (readable): no per-byte checks.
 * 0: not this form; 1: read; 2: the fraction runs past the 16 bytes. */
static int ts_runs16(const char *p, int64_t *ip, int64_t *fp, int *nf, const char **end)
{
	__m128i v = _mm_loadu_si128((const __m128i *)p);
	__m128i dg = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
				   _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
	unsigned nd = ~(unsigned)_mm_movemask_epi8(dg) & 0xffffu;
	int ni;

	if (!nd)
		return 0; /* 16 digits: not this form */
	ni = __builtin_ctz(nd);
	if (ni == 0 || ni > 9 || p[ni] != '.')
		return 0;
	nd >>= ni + 1;
	if (!nd)
		return 2;
	*nf = __builtin_ctz(nd);
	/* 8 bytes from P and from the fraction lie within the 16 (and a 9th
	 * digit of the fraction, as nd had a 0 bit after it) */
	if (ni <= 7 && *nf >= 1 && *nf <= 9) {
		*ip = (int64_t)digits8(p, ni);
		*fp = *nf <= 8 ? (int64_t)digits8(p + ni + 1, *nf)
			       : (int64_t)digits8(p + ni + 1, 8) * 10 + (p[ni + 9] - '0');
	} else {
		*ip = *fp = 0;
		for (int i = 0; i < ni; i++)
			*ip = *ip * 10 + (p[i] - '0');
		for (int i = ni + 1; i < ni + 1 + *nf; i++)
			*fp = *fp * 10 + (p[i] - '0');
	}
	*end = p + ni + 1 + *nf;
	return 1;
}
#endif

/* The digit runs of "SECS.FRAC" at P (at most 10 digits read of each):
 * their values, the fraction's length and where it ends.  False when
 * there is no such SECS (1 to 9 digits and a point). */
static bool ts_runs(const char *p, const char *e, int64_t *ip, int64_t *fp, int *nf,
		    const char **end)
{
	const char *q = p;
	int ni;

#ifdef __SSE2__
	if (e - p >= 16) {
		int r = ts_runs16(p, ip, fp, nf, end);
		if (r != 2)
			return r == 1;
	}
#endif
	*ip = *fp = 0;
	while (q < e && is_digit(*q) && q - p < 10)
		*ip = *ip * 10 + (*q++ - '0');
	ni = (int)(q - p);
	if (q == p || ni > 9 || q == e || *q != '.')
		return false;
	p = ++q;
	while (q < e && is_digit(*q) && q - p < 10)
		*fp = *fp * 10 + (*q++ - '0');
	*nf = (int)(q - p);
	*end = q;
	return true;
}

/* 10^(9 - n): n fraction digits as nanoseconds */
static const int64_t frac_scale[10] = {
	1000000000, 100000000, 10000000, 1000000, 100000, 10000, 1000, 100, 10, 1,
};

/* The common case of a timestamp token at P: "SECS.FRAC:" followed by a
 * blank or the end, at most 9 digits each side.  Returns the char after
 * ':', or NULL to leave the token to the general parser (same result). */
static const char *fast_ts(const char *p, const char *e, struct tm_ftrace_event *ev)
{
	int64_t ip, fp;
	int nf;
	const char *q;

	if (!ts_runs(p, e, &ip, &fp, &nf, &q))
		return NULL;
	if (nf == 0 || nf > 9 || q == e || *q != ':' || (q + 1 < e && !tm_is_blank(q[1])))
		return NULL;
	ev->ts_ns = ip * 1000000000 + fp * frac_scale[nf];
	ev->ts_digits = (int8_t)nf;
	return q + 1;
}

/* Flags and timestamp after the CPU column; returns the char after ':'. */
static const char *parse_flags_ts(const char *p, const char *e, int flag_width,
				  struct tm_ftrace_event *ev)
{
	const char *t = tm_token_end(p, e), *f;

	if (t == p || t[-1] != ':')
		goto separate;
	/* one token ending in ':': a bare timestamp, or flags glued to it */
	if (parse_ts(p, t - 1, ev) == 0) {
		ev->nflags = 0;
		return t;
	}
	for (int i = 0; i < 2; i++) {
		int w = flag_width ? flag_width : 4;
		if (i == 1)
			w = w == 4 ? 5 : 4;
		if (t - 1 - p > w && parse_ts(p + w, t - 1, ev) == 0) {
			memcpy(ev->flags, p, (size_t)w);
			ev->nflags = (uint8_t)w;
			return t;
		}
	}
	return NULL;
separate:
	if (t - p < 1 || t - p > 7)
		return NULL;
	memcpy(ev->flags, p, (size_t)(t - p));
	ev->nflags = (uint8_t)(t - p);
	p = tm_skip_blanks(t, e);
	if ((f = fast_ts(p, e, ev)))
		return f;
	t = tm_token_end(p, e);
	if (t == p || t[-1] != ':' || parse_ts(p, t - 1, ev))
		return NULL;
	return t;
}

/* The first byte at or after Q that is not a hex digit in lower case (E
 * if none): 16 at a time with SSE2. */
static const char *hex_run_end(const char *q, const char *e)
{
#ifdef __SSE2__
	for (; e - q >= 16; q += 16) {
		unsigned m = ~hex_mask16(q) & 0xffffu;

		if (m)
			return q + __builtin_ctz(m);
	}
#endif
	while (q < e && ((*q >= '0' && *q <= '9') || (*q >= 'a' && *q <= 'f')))
		q++;
	return q;
}

/* The length of "0xHEX: " at P (< E): the caller's address that trace-cmd's
 * print plugin puts before a trace_marker write's text; 0 if not there.
 * Also "0xHEXs: ", the print format's "%ps: %s" as older libtraceevent
 * writes it without symbols (the address, then the 's'). */
static size_t print_ip_len(const char *p, const char *e)
{
	const char *q;

	if (e - p < 5 || p[0] != '0' || p[1] != 'x')
		return 0;
	q = hex_run_end(p + 2, e);
	if (q > p + 2 && q < e && *q == 's')
		q++;
	if (q == p + 2 || e - q < 2 || q[0] != ':' || q[1] != ' ')
		return 0;
	return (size_t)(q + 2 - p);
}

/* The length of "ip=tracing_mark_write buf=" or "ip=0xHEX buf=" at P (<
 * E), the fields of a trace_marker write as `trace-cmd report -R` prints
 * them; 0 if not there. */
static size_t raw_print_len(const char *p, const char *e)
{
	static const char name[] = "ip=tracing_mark_write buf=";
	const char *q;

	if (e - p < 9 || memcmp(p, "ip=", 3))
		return 0;
	if (has_prefix(p, e, name))
		return sizeof(name) - 1;
	if (p[3] != '0' || p[4] != 'x' || (q = hex_run_end(p + 5, e)) == p + 5 ||
	    e - q < 5 || memcmp(q, " buf=", 5))
		return 0;
	return (size_t)(q + 5 - p);
}

/* The details of a "print" event that start at D (before E): a
 * trace_marker write's, "tracing_mark_write: TEXT", trace-cmd's print
 * plugin's "IP: TEXT" or its raw fields "ip=IP buf=TEXT" (report -R), get
 * the marker's name (in the line, or the parser's own: it is not in the
 * line) and start at the text; any other keeps the name.  Returns where
 * the details start. */
static const char *print_details(const char *d, const char *e, struct tm_ftrace_event *ev)
{
	static const char marker[] = "tracing_mark_write:";
	size_t ip;

	if (has_prefix(d, e, marker)) {
		ev->print_prefixed = true;
		ev->name = (struct tm_str){ d, sizeof(marker) - 2 };
		d += sizeof(marker) - 1;
		if (d < e && *d == ' ')
			d++;
	} else if ((ip = print_ip_len(d, e)) || (ip = raw_print_len(d, e))) {
		ev->print_prefixed = true;
		ev->name = (struct tm_str){ marker, sizeof(marker) - 2 };
		d += ip;
	}
	return d;
}

/* Event name and details after the timestamp's ':'. */
static int parse_name_details(const char *p, const char *e, bool tracecmd,
			      struct tm_ftrace_event *ev)
{
	const char *t, *d;

	/* one blank, as the kernel writes it, is passed without a search */
	p = p + 1 < e && p[0] == ' ' && !tm_is_blank(p[1]) ? p + 1 : tm_skip_blanks(p, e);
	if (p == e)
		return -1;
	t = tm_token_end(p, e);
	if (t - p < 2 || t[-1] != ':') {
		/* function tracer: "func <-parent" (or just "func") */
		static const char fn[] = "function";
		ev->style = TM_EV_FUNCTION;
		ev->name = (struct tm_str){ fn, sizeof(fn) - 1 };
		ev->details = (struct tm_str){ p, (size_t)(e - p) };
		return 0;
	}
	ev->style = TM_EV_KERNEL;
	ev->name = (struct tm_str){ p, (size_t)(t - p - 1) };
	/* T is E or a blank: more than one blank when the next is one too */
	ev->name_padded = t + 1 < e && tm_is_blank(t[1]);
	/* kernel form: exactly one blank; keep the rest */
	d = !tracecmd && t < e ? t + 1 : tm_skip_blanks(t, e);
	if (TM_STR_IS(ev->name, "print"))
		d = print_details(d, e, ev);
	ev->details = (struct tm_str){ d, (size_t)(e - d) };
	return 0;
}

/* TGID column ending just before B (B[-1] == ')'); sets tgid, returns '('. */
static const char *parse_tgid_col(const char *p, const char *b,
				  struct tm_ftrace_event *ev)
{
	const char *close = b - 1, *open = close;
	const char *q;

	/* the kernel's "(%5d)": the nearest '(' is 6 before ')' */
	if (close - p >= 6 && close[-6] == '(' && close[-5] != '(' && close[-4] != '(' &&
	    close[-3] != '(' && close[-2] != '(' && close[-1] != '(')
		open = close - 5;
	while (open > p && open[-1] != '(' && close - open < 12)
		open--;
	if (open == p || open[-1] != '(')
		return NULL;
	q = tm_skip_blanks(open, close);
	if (q < close && *q == '-') {
		while (q < close && *q == '-')
			q++;
		if (q != close)
			return NULL;
		ev->tgid = -1;
	} else if ((ev->tgid = parse_i32(q, close)) < 0) {
		return NULL;
	}
	ev->has_tgid_col = true;
	return open - 1;
}

/* "COMM-PID" ending at B (blanks after it already passed): sets pid and
 * comm; false if there is no "-digits" with a comm before it. */
static bool comm_pid_before(const char *p, const char *b, struct tm_ftrace_event *ev)
{
	const char *d = b;

	while (d > p && is_digit(d[-1]))
		d--;
	if (d == b || d - 1 <= p || d[-1] != '-' || (ev->pid = parse_i32(d, b)) < 0)
		return false;
	ev->comm = (struct tm_str){ p, (size_t)(d - 1 - p) };
	return true;
}

/* Try the '[' at Q as the CPU column; fills comm/pid/tgid/cpu. */
static const char *try_cpu_col(const char *p, const char *q, const char *e,
			       struct tm_ftrace_event *ev)
{
	const char *r = q + 1, *b;

	while (r < e && is_digit(*r))
		r++;
	if (r == q + 1 || r == e || *r != ']')
		return NULL;
	ev->cpu = parse_i32(q + 1, r);
	if (ev->cpu < 0)
		return NULL;
	b = q;
	while (b > p && tm_is_blank(b[-1]))
		b--;
	ev->tgid = -1;
	ev->has_tgid_col = false;
	if (b > p && b[-1] == ')') {
		b = parse_tgid_col(p, b, ev);
		if (!b)
			return NULL;
		while (b > p && tm_is_blank(b[-1]))
			b--;
	} else if (b == q) {
		return NULL; /* no blank between pid and [cpu] */
	}
	return comm_pid_before(p, b, ev) ? r + 1 : NULL;
}

static int parse_event(const char *p, const char *e, int flag_width,
		       bool tracecmd, struct tm_ftrace_event *ev)
{
	for (const char *q = p; q < e && (q = memchr(q, '[', (size_t)(e - q))); q++) {
		const char *c = try_cpu_col(p, q, e, ev);
		if (!c)
			continue;
		c = parse_flags_ts(tm_skip_blanks(c, e), e, flag_width, ev);
		if (!c)
			continue;
		if (parse_name_details(c, e, tracecmd, ev) == 0)
			return 0;
	}
	return -1;
}

#ifdef __SSE2__
/* The kernel's own timestamps at P (16 bytes readable): "SECS.FFFFFF:"
 * with 1 to 7 digits of seconds and 6 decimals, or "SECS.FFFFFFFFF:"
 * with 1 to 5 and 9 (trace-cmd's), then a blank or the end E, read as
 * fast_ts reads them; NULL for any other (fast_ts then reads it).
 * (Always inlined: its callers are the shortcuts of every line.) */
static inline __attribute__((always_inline)) const char *
ts16(const char *p, const char *e, struct tm_ftrace_event *ev)
{
	unsigned dg = digit_mask16(_mm_loadu_si128((const __m128i *)p));
	unsigned ni = (unsigned)__builtin_ctz(~dg);   /* dg < 2^16 */
	unsigned nf = (unsigned)__builtin_ctz(~(dg >> (ni + 1)));
	const char *q;

	if (ni < 1 || ni > 7 || p[ni] != '.' || !(nf == 6 || (nf == 9 && ni <= 5)))
		return NULL;
	q = p + ni + 1 + nf;   /* the ':' */
	if (*q != ':' || (q + 1 < e && !tm_is_blank(q[1])))
		return NULL;
	ev->ts_ns = (int64_t)digits8(p, (int)ni) * 1000000000 +
		    (nf == 6 ? (int64_t)digits8(p + ni + 1, 6) * 1000
			     : (int64_t)digits8(p + ni + 1, 8) * 10 + (p[ni + 9] - '0'));
	ev->ts_digits = (int8_t)nf;
	return q + 1;
}

/* "COMM-PID" at P and the blanks after it ending at B, read from the 16
 * bytes before B (the bytes from LINE to B + 8 readable): the fields
 * comm_pid_before sets after its caller passed the blanks, set as it sets
 * them; false (nothing set) unless the blanks, the pid's 1 to 8 digits and
 * its '-' lie in those 16 bytes after P (the caller then reads them byte
 * by byte). */
static bool comm_pid16(const char *line, const char *p, const char *b,
		       struct tm_ftrace_event *ev)
{
	const char *w = b - 16;
	unsigned nb, dg, nd;
	int i, j;

	if (b - line < 16)
		return false;
	nb = ~tm_blank_mask16(w) & 0xffffu;
	if (!nb)
		return false;
	i = 31 - __builtin_clz(nb);           /* the pid's last digit */
	dg = digit_mask16(_mm_loadu_si128((const __m128i *)w));
	nd = ~dg & ((2u << i) - 1);
	if (!nd)
		return false;
	j = 31 - __builtin_clz(nd);           /* the '-' */
	if (j == i || i - j > 8 || w[j] != '-' || w + j <= p)
		return false;
	/* (digits8 reads 8 bytes from W + J + 1: to B + 8 at most) */
	ev->pid = (int32_t)digits8(w + j + 1, i - j);
	ev->comm = (struct tm_str){ p, (size_t)(w + j - p) };
	return true;
}

/* The event name and details after a timestamp's ':' at F-1 in the
 * kernel's form, " NAME: DETAILS" with one blank before the name and the
 * blank after it within 32 bytes: the fields parse_name_details sets, set
 * as it sets them (a "print" event's by print_details too); false (nothing
 * set) for any other form; with TRACECMD the blanks after the name are
 * passed, as parse_name_details passes them.  (Always inlined.) */
static inline __attribute__((always_inline)) bool
kernel_name(const char *f, const char *e, bool tracecmd, struct tm_ftrace_event *ev)
{
	const char *p = f + 1, *t;
	unsigned m;

	if (e - p <= 32 || f[0] != ' ')
		return false;   /* (then t + 1 < e below) */
	m = tm_blank_mask16(p) | tm_blank_mask16(p + 16) << 16;
	if (!m)
		return false;   /* a long name */
	t = p + __builtin_ctz(m);
	/* (t == p: more blanks than one before the name) */
	if (t - p < 2 || t[-1] != ':')
		return false;
	ev->style = TM_EV_KERNEL;
	ev->name = (struct tm_str){ p, (size_t)(t - p - 1) };
	ev->name_padded = tm_is_blank(t[1]);
	p = tracecmd ? tm_skip_blanks(t + 1, e) : t + 1;
	if (TM_STR_IS(ev->name, "print"))
		p = print_details(p, e, ev);
	ev->details = (struct tm_str){ p, (size_t)(e - p) };
	return true;
}
#else
static const char *ts16(const char *p, const char *e, struct tm_ftrace_event *ev)
{
	(void)p, (void)e, (void)ev;
	return NULL;
}

static bool comm_pid16(const char *line, const char *p, const char *b,
		       struct tm_ftrace_event *ev)
{
	(void)line, (void)p, (void)b, (void)ev;
	return false;
}

static bool kernel_name(const char *f, const char *e, bool tracecmd, struct tm_ftrace_event *ev)
{
	(void)f, (void)e, (void)tracecmd, (void)ev;
	return false;
}
#endif

/*
 * The kernel's layouts, "COMM-PID [(TGID)] [CPU] [FLAGS] SECS.FRAC: NAME: ..."
 * with a 3-digit CPU: the TGID column "(%5d)" or "(-----)" or none, 4 or 5
 * flags (older and current kernels) or none (`trace-cmd report`), read
 * without the general parser's searching.  Each step is the general
 * parser's step for the first '[' (it gives the same fields, TRACECMD as
 * it is given); anything else returns -1 and the general parser reads the
 * line.  Sets every field of EV on success, and COLS->ts_at (P lies in the
 * line at LINE).
 */
static int parse_kernel_layout(const char *line, const char *p, const char *e, bool tracecmd,
			       struct tm_ftrace_event *ev, struct tm_ftrace_cols *cols)
{
	const char *q = tm_find_byte(p, e, '['), *t, *b = NULL, *f, *c, *secs;
	size_t nf;

	if (!q || e - q < 8 || q - p < 3)
		return -1;
	/* "[ddd] " after, a blank before */
	if (!is_digit(q[1]) || !is_digit(q[2]) || !is_digit(q[3]) || q[4] != ']' ||
	    q[5] != ' ' || q[-1] != ' ')
		return -1;
	/* the flags: one token of 4 or 5 after the blank, or none */
	f = q + 6;
	t = tm_token_end(f, e);
	nf = (size_t)(t - f);
	if (nf != 0 && (nf < 4 || nf > 5 || t[-1] == ':' || t == e))
		return -1;
	/* the TGID column: "-----", or blanks then digits; or none */
	ev->tgid = -1;
	ev->has_tgid_col = q[-2] == ')';
	if (ev->has_tgid_col) {
		if (q - p < 11 || q[-8] != '(')
			return -1;
		t = q - 7;
		if (memcmp(t, "-----", 5) != 0) {
			while (t < q - 2 && *t == ' ')
				t++;
			if ((ev->tgid = parse_i32(t, q - 2)) < 0)
				return -1;
		}
		b = q - 8;
	}
	ev->cpu = (q[1] - '0') * 100 + (q[2] - '0') * 10 + (q[3] - '0');
	/* "COMM-PID" before the blanks before '(' or '[' */
	if (!b)
		b = q - 1;
	/* (B + 8 < E: E - Q >= 8 above) */
	if (!comm_pid16(line, p, b, ev)) {
		while (b > p && tm_is_blank(b[-1]))
			b--;
		if (!comm_pid_before(p, b, ev))
			return -1;
	}
	/* (the flags' bytes are in the line: T < E above) */
	memset(ev->flags, 0, sizeof(ev->flags));
	if (nf) {
		memcpy(ev->flags, f, 4);
		ev->flags[4] = nf == 5 ? f[4] : 0;
	}
	ev->nflags = (uint8_t)nf;
	secs = tm_skip_blanks(f + nf, e);
	c = e - secs >= 16 ? ts16(secs, e, ev) : NULL;
	if (!c && !(c = fast_ts(secs, e, ev)))
		return -1;
	ev->instance = (struct tm_str){ NULL, 0 };
	ev->print_prefixed = false;
	ev->name_padded = false;
	if (!kernel_name(c, e, tracecmd, ev) && parse_name_details(c, e, tracecmd, ev))
		return -1;
	cols->ts_at = secs - line <= 255 ? (uint8_t)(secs - line) : 0;
	return 0;
}

#ifdef __SSE2__
/* Bits 0 to 4 of M a run of ones from bit 0 (1 to 5 of them). */
#define LOW_RUN5(m) (((m) & 1u) && ((m) & ((m) + 1u)) == 0)

/*
 * A line whose columns before the timestamp sit at the kernel's fixed
 * places, as canon writes them: the comm right-aligned in 16 spaces (no '['
 * in it), '-' and the pid left-aligned in 5, " (", the TGID right-aligned
 * in 5 or "-----", ") [", a 3-digit CPU, "] ", 4 flags and a blank; the
 * numbers without leading zeros.  Then parse_kernel_layout would take the
 * same steps on this line (its '[' is the first, at 31): the columns are
 * checked in three 16-byte loads instead of byte by byte, and the fields
 * set are the same, and *COLS says so (set on success only).  -1: not this
 * layout (the caller tries parse_kernel_layout).  (Always inlined, as when
 * it had one caller: its caller is inlined into tm_ftrace_parse_event too.)
 */
static inline __attribute__((always_inline)) int
parse_fixed_cols(const char *line, const char *e, struct tm_ftrace_event *ev,
		 struct tm_ftrace_cols *cols)
{
	/* bytes 16-31: "-PPPPP (TTTTT) [", bytes 26-41: "TTT) [CCC] FFFF " */
	static const char ta[16] = "-*****" " (" "*****" ") [";   /* "*": not compared */
	static const char tb[16] = "***) [" "***" "] " "****" " ";
	__m128i c, a, b;
	unsigned sp, da, sa, db, pd, td, ts, np, nt, pad;
	const char *p, *f, *secs, *n;

	if (e - line < 48 || line[31] != '[')
		return -1;   /* (the '[' also checked below: other layouts leave here) */
	c = _mm_loadu_si128((const __m128i *)line);
	a = _mm_loadu_si128((const __m128i *)(line + 16));
	b = _mm_loadu_si128((const __m128i *)(line + 26));
	sp = byte_mask16(c, ' ');
	pad = (unsigned)__builtin_ctz(~sp);  /* 16 when all are spaces */
	if (pad > 15 || line[pad] == '\t' || byte_mask16(c, '[') ||
	    (~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, _mm_loadu_si128((const __m128i *)ta))) &
	     0xe0c1u) ||
	    (~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(b, _mm_loadu_si128((const __m128i *)tb))) &
	     0x8600u))
		return -1;
	da = digit_mask16(a);
	sa = byte_mask16(a, ' ');
	db = digit_mask16(b);
	/* the pid: digits then spaces in bytes 17-21 */
	pd = (da >> 1) & 0x1fu;
	np = (unsigned)__builtin_ctz(~pd);
	if (!LOW_RUN5(pd) || (pd | ((sa >> 1) & 0x1fu)) != 0x1fu || (np > 1 && line[17] == '0'))
		return -1;
	/* the CPU: bytes 32-34; the flags, 37-40: no blank, the last no ':' */
	if ((db & 0x1c0u) != 0x1c0u || (tm_blank_mask16(line + 26) & 0x7800u) || line[40] == ':')
		return -1;
	/* the TGID column, bytes 24-28: "-----", or spaces then digits */
	ts = (sa >> 8) & 0x1fu;
	td = (da >> 8) & 0x1fu;
	if ((byte_mask16(a, '-') & 0x1f00u) == 0x1f00u) {
		ev->tgid = -1;
	} else {
		nt = 5 - (unsigned)__builtin_ctz(~ts);   /* after the spaces */
		if (td != (0x1fu & ~ts) || !nt || (ts & (ts + 1u)) || (nt > 1 && line[29 - nt] == '0'))
			return -1;
		ev->tgid = (int32_t)digits8(line + 29 - nt, (int)nt);
	}
	ev->has_tgid_col = true;
	ev->pid = (int32_t)digits8(line + 17, (int)np);
	ev->cpu = (line[32] - '0') * 100 + (line[33] - '0') * 10 + (line[34] - '0');
	ev->comm = (struct tm_str){ line + pad, 16 - pad };
	memcpy(ev->flags, line + 37, 4);
	memset(ev->flags + 4, 0, sizeof(ev->flags) - 4);
	ev->nflags = 4;
	p = tm_skip_blanks(line + 41, e);
	f = e - p >= 16 ? ts16(p, e, ev) : NULL;
	secs = f && (ev->ts_digits == 6 || ev->ts_digits == 9) ? p : NULL;
	if (!f && !(f = fast_ts(p, e, ev)))
		return -1;
	ev->instance = (struct tm_str){ NULL, 0 };
	ev->print_prefixed = false;
	ev->name_padded = false;
	if (!kernel_name(f, e, false, ev) && parse_name_details(f, e, false, ev))
		return -1;
	/* "SECS.FFFFFF: NAME: " as canon writes it (micro_ts read the first
	 * ':'): no leading zero, one blank, the name, ": ", the details */
	n = ev->name.p + ev->name.n;
	cols->kernel_cols = true;
	cols->kernel_ts = secs && (secs[0] != '0' || secs[1] == '.') && f < e && f[0] == ' ' &&
			ev->name.p == f + 1 && e - n >= 2 && n[0] == ':' && n[1] == ' ' &&
			ev->details.p == n + 2 && secs - line <= 255 ?
			(uint8_t)(secs - line) : 0;
	return 0;
}
#endif

int tm_ftrace_parse_event(const char *line, size_t len, int flag_width,
			  bool tracecmd, struct tm_ftrace_event *ev)
{
	struct tm_ftrace_cols cols;

	return tm_ftrace_parse_event_cols(line, len, flag_width, tracecmd, ev, &cols);
}

int tm_ftrace_parse_event_cols(const char *line, size_t len, int flag_width, bool tracecmd,
			       struct tm_ftrace_event *ev, struct tm_ftrace_cols *cols)
{
	const char *e = line + len, *p, *t;

	*cols = (struct tm_ftrace_cols){ 0 };
#ifdef __SSE2__
	if (!tracecmd && parse_fixed_cols(line, e, ev, cols) == 0)
		return 0;
#endif
	p = tm_skip_blanks(line, e);
	t = tracecmd ? tm_token_end(p, e) : p;
	/* (trace-cmd's "instance: comm-pid ...": the general parser's) */
	if (!(t - p > 1 && t[-1] == ':') && parse_kernel_layout(line, p, e, tracecmd, ev, cols) == 0)
		return 0;
	return tm_ftrace_parse_event_general(line, len, flag_width, tracecmd, ev);
}

int tm_ftrace_parse_event_general(const char *line, size_t len, int flag_width,
				  bool tracecmd, struct tm_ftrace_event *ev)
{
	const char *e = line + len;
	const char *p = tm_skip_blanks(line, e);

	memset(ev, 0, sizeof(*ev));
	if (tracecmd) {
		/* "instance:  comm-pid [cpu] ..." */
		const char *t = tm_token_end(p, e);
		if (t - p > 1 && t[-1] == ':' && t < e &&
		    parse_event(tm_skip_blanks(t, e), e, flag_width, true, ev) == 0) {
			ev->instance = (struct tm_str){ p, (size_t)(t - p - 1) };
			return 0;
		}
		memset(ev, 0, sizeof(*ev));
	}
	return parse_event(p, e, flag_width, tracecmd, ev);
}
