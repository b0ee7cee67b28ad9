/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* canon.c - canonical ftrace event lines (see canon.h). */
#include <stdio.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "blank-run.h"
#include "canon.h"
#include "digits.h"
#include "line-feed.h"
#include "plain-run.h"
#include "str.h"
#include "tracemerge/ts.h"

const char tm_canon_legend[] =
	"#           TASK-PID    TGID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
	"#              | |        |      |   ||||       |         |\n";

/* The last C in [P, E), or NULL; LO <= P is the start of what may be
 * read.  What is searched is a few bytes (a prio, a pid): the 16 before E
 * at once where they lie after LO (SSE2), else a byte loop. */
static inline const char *rfind(const char *lo, const char *p, const char *e, char c)
{
#ifdef __SSE2__
	if (e - lo >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(e - 16));
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c)));
		const char *f = e - 16 + (31 - __builtin_clz(m | 1));

		if (m && f >= p)
			return f;
		if (m || e - p <= 16)
			return NULL;   /* (none in [P, E): the last lies before P, or
					* the 16 bytes hold all of them) */
		e -= 16;
	}
#endif
	while (e > p) {
		if (*--e == c)
			return e;
	}
	return NULL;
}

/* Bit COL set: accepted in irq-info column COL by old Catapult ("dX.",
 * "Nnp.", "Hhs.", hex digits or '.'). */
static const unsigned char flag_accepted[256] = {
	['d'] = 1 | 8, ['X'] = 1, ['.'] = 15,
	['N'] = 2, ['n'] = 2, ['p'] = 2,
	['H'] = 4, ['h'] = 4, ['s'] = 4,
	['0' ... '9'] = 8, ['a' ... 'c'] = 8, ['e' ... 'f'] = 8,
};

/* Map one irq-info column to what old Catapult accepts. */
static char map_flag(int col, char c, bool *mapped)
{
	const unsigned char *accepted = flag_accepted;
	char r = '.';

	if (accepted[(unsigned char)c] & (1u << col))
		return c;
	if (col == 0 && c == 'D')
		r = 'd';          /* irqs and bottom halves off */
	else if (col == 2 && c == 'Z')
		r = 'H';          /* NMI inside a hard irq */
	else if (col == 2 && c == 'z')
		r = 'h';          /* NMI */
	else if (col == 3 && c >= 'A' && c <= 'F')
		r = (char)(c - 'A' + 'a');
	else if (col == 1 && (c == 'L' || c == 'B'))
		r = 'N';          /* lazy + immediate need-resched */
	else if (col == 1 && (c == 'l' || c == 'b'))
		r = 'n';
	*mapped = true;
	return r;
}

/* The 4 flags of EV at D, as old Catapult takes them; returns the
 * tm_canon_stats counts this makes (TM_CANON_* bits). */
static unsigned put_flags(char *d, const struct tm_ftrace_event *ev)
{
	char f[4] = { '.', '.', '.', '.' };
	bool mapped = false;
	unsigned counts = ev->nflags > 4 ? TM_CANON_FLAGS_5TH : 0;

	if (ev->nflags >= 4 && (flag_accepted[(unsigned char)ev->flags[0]] & 1) &&
	    (flag_accepted[(unsigned char)ev->flags[1]] & 2) &&
	    (flag_accepted[(unsigned char)ev->flags[2]] & 4) &&
	    (flag_accepted[(unsigned char)ev->flags[3]] & 8)) {
		/* (the common case: the first 4 as they are) */
		memcpy(d, ev->flags, 4);
		return counts;
	}
	if (ev->nflags == 0)
		counts |= TM_CANON_FLAGS_ADDED;
	for (int i = 0; i < 4 && i < ev->nflags; i++)
		f[i] = map_flag(i, ev->flags[i], &mapped);
	if (mapped)
		counts |= TM_CANON_FLAGS_MAPPED;
	memcpy(d, f, 4);
	return counts;
}

/* COUNTS (TM_CANON_* bits, each counted once) added to ST. */
static void add_counts(struct tm_canon_stats *st, unsigned counts)
{
	st->flags_added += !!(counts & TM_CANON_FLAGS_ADDED);
	st->flags_5th_dropped += !!(counts & TM_CANON_FLAGS_5TH);
	st->flags_letter_mapped += !!(counts & TM_CANON_FLAGS_MAPPED);
	st->counter_clock += !!(counts & TM_CANON_COUNTER_CLOCK);
}

/* "comm:pid [prio]" ending at E (trace-cmd sched plugin), read from LO
 * <= P on; returns 0 if ok. */
static inline __attribute__((always_inline)) int
split_task(const char *lo, const char *p, const char *e, struct tm_str *comm, struct tm_str *pid,
	   struct tm_str *prio)
{
	const char *lb = rfind(lo, p, e, '['), *colon;

	if (!lb || e[-1] != ']' || lb == p || lb[-1] != ' ')
		return -1;
	*prio = (struct tm_str){ lb + 1, (size_t)(e - lb - 2) };
	colon = rfind(lo, p, lb - 1, ':');
	if (!colon)
		return -1;
	*comm = (struct tm_str){ p, (size_t)(colon - p) };
	*pid = (struct tm_str){ colon + 1, (size_t)(lb - 1 - colon - 1) };
	return pid->n ? 0 : -1;
}

#define ADD_STR(b, s) tm_buf_add((b), (s).p, (s).n)

/* A key of a rewritten form, in 16 bytes to copy at once. */
struct key16 {
	char s[16];
	size_t n;
};
#define KEY16(lit) { lit, sizeof(lit) - 1 }

/* KEY[i] and VAL[i] in turn, for N of them, at D (with 16 bytes of room
 * past their end); returns the end.  Each VAL[i] lies before E (the end of
 * what may be read): a piece of at most 16 bytes is copied as 16 when they
 * can be read (and keys always), the bytes past it overwritten by the next
 * piece or left past the end. */
static char *put_pairs(char *d, const struct key16 *key, const struct tm_str *val, size_t n,
		       const char *e)
{
	for (size_t i = 0; i < n; i++) {
		memcpy(d, key[i].s, 16);
		d += key[i].n;
		if (val[i].n <= 16 && e - val[i].p >= 16)
			memcpy(d, val[i].p, 16);
		else
			memcpy(d, val[i].p, val[i].n);
		d += val[i].n;
	}
	return d;
}

/* Does KEY (KL bytes, ending in '=') occur in [P, E)?  Found by its '=':
 * the plugin's forms hold few. */
static bool holds_key(const char *p, const char *e, const char *key, size_t kl)
{
	for (const char *q = p + kl - 1; q < e && (q = memchr(q, '=', (size_t)(e - q))); q++)
		if (tm_mem_eq(q - (kl - 1), key, kl))
			return true;
	return false;
}

/* The first " ==> " in [P, E), or NULL when there is none or when
 * "prev_comm=" is there too (the kernel's own form): both found in one
 * pass by their '=', which the plugin's form holds only in its arrow
 * (holds_key and tm_find_lit in one). */
static const char *plugin_arrow(const char *p, const char *e)
{
	const char *arrow = NULL, *q = p;

	while ((q = memchr(q, '=', (size_t)(e - q)))) {
		if (q - p >= 9 && tm_mem_eq(q - 9, "prev_comm=", 10))
			return NULL;
		if (!arrow && q > p && e - q >= 4 && tm_mem_eq(q - 1, " ==> ", 5)) {
			arrow = q - 1;
			q++;   /* (its second '=' ends no key) */
		}
		q++;
	}
	return arrow;
}

/* "prev:1 [120] S ==> next:2 [120]" -> kernel key=value form at D. */
static char *rewrite_sched_switch(char *d, struct tm_str s)
{
	static const struct key16 key[7] = {
		KEY16("prev_comm="), KEY16(" prev_pid="), KEY16(" prev_prio="),
		KEY16(" prev_state="), KEY16(" ==> next_comm="), KEY16(" next_pid="),
		KEY16(" next_prio=") };
	const char *e = s.p + s.n, *arrow = plugin_arrow(s.p, e), *sp;
	struct tm_str val[7];

	if (!arrow || !(sp = rfind(s.p, s.p, arrow, ' ')))
		return NULL;
	val[3] = (struct tm_str){ sp + 1, (size_t)(arrow - sp - 1) };
	if (split_task(s.p, s.p, sp, &val[0], &val[1], &val[2]) ||
	    split_task(s.p, arrow + 5, e, &val[4], &val[5], &val[6]))
		return NULL;
	return put_pairs(d, key, val, 7, e);
}

/* "comm:pid [prio] [success=1 ]CPU:001" -> kernel key=value form at D. */
static char *rewrite_sched_wakeup(char *d, struct tm_str s)
{
	static const struct key16 key[5] = {
		KEY16("comm="), KEY16(" pid="), KEY16(" prio="), KEY16(" success="),
		KEY16(" target_cpu=") };
	const char *e = s.p + s.n, *cpu = tm_find_lit(s.p, e, " CPU:", 5), *end_task;
	bool success;
	struct tm_str val[5];

	if (!cpu || holds_key(s.p, e, "comm=", 5))
		return NULL;
	success = cpu - s.p > 10 && memcmp(cpu - 10, " success=", 9) == 0;
	end_task = success ? cpu - 10 : cpu;
	if (split_task(s.p, s.p, end_task, &val[0], &val[1], &val[2]))
		return NULL;
	val[3] = (struct tm_str){ cpu - 1, 1 };
	val[4] = (struct tm_str){ cpu + 5, (size_t)(e - cpu - 5) };
	/* (without success=, its pair left out) */
	d = put_pairs(d, key, val, 3, e);
	if (success)
		d = put_pairs(d, key + 3, val + 3, 1, e);
	return put_pairs(d, key + 4, val + 4, 1, e);
}

/* trace-cmd's plugin forms (not the raw fields: tm_canon_raw_form). */
static bool plugin_form(const struct tm_ftrace_event *ev)
{
	return !TM_STR_STARTS(ev->details, "prev_comm=") && !TM_STR_STARTS(ev->details, "comm=") &&
	       (TM_STR_IS(ev->name, "sched_switch") || tm_is_wakeup_event(ev->name));
}

bool tm_canon_may_rewrite(const struct tm_ftrace_event *ev)
{
	return plugin_form(ev) || tm_canon_raw_form(ev);
}

/* tm_canon_rewrite_details at D (TM_CANON_REWRITE_ROOM bytes) of EV,
 * whose details tm_canon_may_rewrite: the length of the rewritten form, 0
 * when not rewritten (not the plugin's form, raw fields that cannot be);
 * raw fields counted in ST (or not, NULL). */
static size_t rewrite_at(char *d, const struct tm_ftrace_event *ev, struct tm_canon_stats *st)
{
	char *e;

	if (plugin_form(ev)) {
		if (TM_STR_IS(ev->name, "sched_switch"))
			e = rewrite_sched_switch(d, ev->details);
		else
			e = rewrite_sched_wakeup(d, ev->details);
		if (e && st)
			st->plugin_rewritten++;
		return e ? (size_t)(e - d) : 0;
	}
	return tm_canon_raw_at(d, ev, st);
}

bool tm_canon_rewrite_details(struct tm_buf *b, const struct tm_ftrace_event *ev,
			      struct tm_canon_stats *st)
{
	size_t n;

	/* the kernel's own key=value form needs no rewriting */
	if (!tm_canon_may_rewrite(ev) || tm_buf_reserve(b, TM_CANON_REWRITE_ROOM(ev->details.n)))
		return false;
	n = rewrite_at(b->p + b->n, ev, st);
	b->n += n;
	return n != 0;
}

static void put_details(struct tm_buf *b, const struct tm_ftrace_event *ev,
			struct tm_canon_stats *st)
{
	if (!tm_canon_rewrite_details(b, ev, st))
		ADD_STR(b, ev->details);
}

/* put_int of a V outside 0 to 99999999. */
static __attribute__((noinline)) size_t put_int_wide(char *d, long long v, int width, char pad,
						     bool left)
{
	char tmp[24], *e = tmp + sizeof(tmp), *p;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	size_t n, k;

	p = tm_digits_before(e, u);
	if (v < 0) {
		if (pad == '0') {   /* printf puts the sign before zero padding */
			while (e - p < width - 1)
				*--p = '0';
			pad = ' ';
		}
		*--p = '-';
	}
	n = (size_t)(e - p);
	if ((int)n >= width) {
		memcpy(d, p, n);
		return n;
	}
	k = (size_t)width;
	memset(d, left ? ' ' : pad, 8);
	memcpy(left ? d : d + k - n, p, n);
	return k;
}

/* V in decimal at D, padded to WIDTH (at most 8) with PAD on the left
 * (right-aligned) or with blanks on the right (LEFT); as printf's "%5d",
 * "%03d", "%-5d".  D has room for 24 bytes; returns the length.  (Inline:
 * the callers' constant WIDTH, PAD and LEFT fold into the usual case.) */
static inline size_t put_int(char *d, long long v, int width, char pad, bool left)
{
	size_t n, k;

	if (v < 0 || v > 99999999)
		return put_int_wide(d, v, width, pad, left);
	/* up to 8 digits: written in place, no copy */
	n = tm_count_digits((uint32_t)v);
	k = (int)n > width ? n : (size_t)width;
	memset(d, left ? ' ' : pad, 8);
	tm_digits_before32(left ? d + n : d + k, (uint32_t)v);
	return k;
}

/* Room the prefix of EV may take (see put_prefix). */
#define PREFIX_ROOM(ev) (16 + (ev)->comm.n + 100 + TM_TS_BUFSZ + (ev)->name.n + 4)

/* Number of decimal digits of U (U < 10^19). */
static size_t count_digits64(uint64_t u)
{
	size_t n = 0;

	while (u >= 100000000) {
		u /= 100000000;
		n += 8;
	}
	return n + tm_count_digits((uint32_t)u);
}

/* The value of the N digits at P, or -1 if one is not a digit. */
static int64_t digits_value(const char *p, size_t n)
{
	int64_t v = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned d = (unsigned)(unsigned char)p[i] - '0';
		if (d > 9)
			return -1;
		v = v * 10 + d;
	}
	return v;
}

/* The end of the prefix from the time on, "SECS.FRAC: NAME: ", as
 * put_prefix writes it (the seconds without a leading zero, DECIMALS
 * digits after the point, one blank after each ':'), where the line holds
 * exactly that before the name (the time's digits checked against ts_ns:
 * a line moved to another clock keeps its old text): its start in the
 * line, else NULL. */
static const char *line_tail(const struct tm_ftrace_line *l, int decimals)
{
	const struct tm_ftrace_event *ev = &l->ev;
	uintptr_t r = (uintptr_t)l->raw.p, n = (uintptr_t)ev->name.p;
	int64_t secs = ev->ts_ns / 1000000000, frac = ev->ts_ns % 1000000000;
	size_t ns, lead;
	const char *z;

	if ((decimals != 6 && decimals != 9) || ev->ts_ns < 0 || n < r ||
	    n + ev->name.n + 2 > r + l->raw.n)
		return NULL;
	ns = count_digits64((uint64_t)secs);
	lead = ns + 1 + (size_t)decimals + 2;   /* "SECS.FRAC: " */
	if (n - r < lead)
		return NULL;
	z = ev->name.p - lead;
	if (z[ns] != '.' || z[lead - 2] != ':' || z[lead - 1] != ' ' ||
	    ev->name.p[ev->name.n] != ':' || ev->name.p[ev->name.n + 1] != ' ' ||
	    (decimals == 6 && frac % 1000) || digits_value(z, ns) != secs ||
	    digits_value(z + ns + 1, (size_t)decimals) != (decimals == 6 ? frac / 1000 : frac))
		return NULL;
	return z;
}

/* The decimals of EV's time in the canonical form: 6 where its digits
 * and value have no more, else 9. */
static int ts_decimals(const struct tm_ftrace_event *ev)
{
	return ev->ts_digits >= 0 && ev->ts_digits <= 6 && ev->ts_ns % 1000 == 0 ? 6 : 9;
}

/* Where the line of L holds its time as put_prefix writes it, given
 * COLS: the start of "SECS.FRAC", *N the length of "SECS.FRAC: NAME:" to
 * the name's ':' (*NAMED; what follows it may differ) or of "SECS.FRAC"
 * alone (the name is not in the line after it: the parser's own, as for
 * trace-cmd's print); NULL: neither.  Where COLS says the parser read the
 * time: kernel_ts, all of it checked; ts_at, its digits, value ts_ns and
 * ':' after them, when 6 or 9 decimals (as many as written) and the ':'
 * where the digits of the seconds' value put it (no leading zero), and
 * one blank and the name after it.  Else where line_tail finds "SECS.FRAC:
 * NAME: ". */
static const char *time_in_line(const struct tm_ftrace_line *l, const struct tm_ftrace_cols *cols,
				size_t *n, bool *named)
{
	const struct tm_ftrace_event *ev = &l->ev;
	const char *z, *c, *ne = ev->name.p + ev->name.n;

	*named = true;
	if (cols->kernel_ts) {
		z = l->raw.p + cols->kernel_ts;
	} else if (!cols->ts_at || (ev->ts_digits != 6 && ev->ts_digits != 9)) {
		z = line_tail(l, ts_decimals(ev));
	} else {
		/* (not past the ':': fewer digits than the line's, or as many) */
		z = l->raw.p + cols->ts_at;
		*n = tm_count_digits((uint32_t)(ev->ts_ns / 1000000000)) + 1 +
		     (size_t)ev->ts_digits;
		c = z + *n;
		if (*c != ':')
			return NULL;
		*named = ev->name.p == c + 2 && c[1] == ' ' && ne < l->raw.p + l->raw.n && *ne == ':';
		if (!*named)
			return z;
	}
	if (z)
		*n = (size_t)(ne + 1 - z);
	return z;
}

/* The canonical line of L up to "name: " at D (PREFIX_ROOM bytes): comm
 * padding, the columns (3 numbers of at most 24 bytes), flags, time, name
 * (with COLS, the time, and the name, copied from the line where it holds
 * them as written here: time_in_line; NULL: written from the fields).
 * *FILL: where "-----" was written for an unknown TGID, else NULL.
 * *COUNTS: the tm_canon_stats counts this makes (TM_CANON_* bits).
 * Returns the end. */
static char *put_prefix(char *d, const struct tm_ftrace_line *l, int32_t tgid_hint,
			const struct tm_ftrace_cols *cols, unsigned *counts, char **fill)
{
	const struct tm_ftrace_event *ev = &l->ev;
	int32_t tgid = ev->tgid >= 0 ? ev->tgid : tgid_hint;
	const char *z;
	size_t n;
	bool named;

	/* comm right-aligned in 16 columns like the kernel */
	if (ev->comm.n < 16) {
		memset(d, ' ', 16);
		d += 16 - ev->comm.n;
	}
	memcpy(d, ev->comm.p, ev->comm.n);
	d += ev->comm.n;
	*d++ = '-';
	d += put_int(d, ev->pid, 5, ' ', true);
	memcpy(d, " (", 2);
	d += 2;
	*fill = NULL;
	if (tgid >= 0) {
		d += put_int(d, tgid, 5, ' ', false);
	} else {
		*fill = d;
		memcpy(d, "-----", 5);
		d += 5;
	}
	memcpy(d, ") [", 3);
	d += 3;
	if (ev->cpu >= 0 && ev->cpu <= 999) {
		unsigned c = (unsigned)ev->cpu;

		d[0] = (char)('0' + c / 100);
		memcpy(d + 1, tm_digit_pairs + 2 * (c % 100), 2);
		d += 3;
	} else {
		d += put_int(d, ev->cpu, 3, '0', false);
	}
	memcpy(d, "] ", 2);
	d += 2;
	*counts = put_flags(d, ev) | (ev->ts_digits < 0 ? TM_CANON_COUNTER_CLOCK : 0);
	d += 4;
	*d++ = ' ';
	if (cols && (z = time_in_line(l, cols, &n, &named))) {
		memcpy(d, z, n);
		d += n;
		if (named) {
			*d = ' ';
			return d + 1;
		}
	} else {
		d += tm_ts_format_secs(d, ev->ts_ns, ts_decimals(ev));
	}
	memcpy(d, ": ", 2);
	d += 2;
	memcpy(d, ev->name.p, ev->name.n);
	d += ev->name.n;
	memcpy(d, ": ", 2);
	return d + 2;
}

void tm_canon_line(struct tm_buf *b, const struct tm_ftrace_line *l,
		   int32_t tgid_hint, struct tm_canon_stats *st)
{
	const struct tm_ftrace_event *ev = &l->ev;
	unsigned counts;
	char *fill;

	if (tm_buf_reserve(b, PREFIX_ROOM(ev)))
		return;
	/* (the reference path's: every column written from the fields) */
	b->n = (size_t)(put_prefix(b->p + b->n, l, tgid_hint, NULL, &counts, &fill) - b->p);
	add_counts(st, counts);
	put_details(b, ev, st);
	if (l->ncont) {
		/* embedded newlines of a marker become a literal "\n" */
		const char *p = l->cont.p, *e = p + l->cont.n;
		st->continuations_joined += l->ncont;
		tm_buf_adds(b, "\\n");
		while (p < e) {
			const char *nl = memchr(p, '\n', (size_t)(e - p));
			const char *le = nl ? nl : e;
			size_t len = (size_t)(le - p);
			while (len && p[len - 1] == '\r')
				len--;
			tm_buf_add(b, p, len);
			if (nl)
				tm_buf_adds(b, "\\n");
			p = nl ? nl + 1 : e;
		}
	}
	tm_buf_addc(b, '\n');
}

static bool is_plain(struct tm_str s)
{
	return tm_json_all_plain((const unsigned char *)s.p, (const unsigned char *)s.p + s.n);
}

/* Are the comm and the name of L plain JSON string bytes?  When both lie
 * in the line, comm first, the stretch from one to the other is checked
 * in one go (it is longer than 16 bytes, the names alone seldom are). */
static bool plain_names(const struct tm_ftrace_line *l)
{
	uintptr_t lp = (uintptr_t)l->raw.p, le = lp + l->raw.n;
	uintptr_t cp = (uintptr_t)l->ev.comm.p, ne = (uintptr_t)l->ev.name.p + l->ev.name.n;

	if (l->ev.comm.n && l->ev.name.n && cp >= lp && ne <= le && cp <= ne)
		return tm_json_all_plain((const unsigned char *)l->ev.comm.p,
					 (const unsigned char *)l->ev.comm.p + (ne - cp));
	return is_plain(l->ev.comm) && is_plain(l->ev.name);
}

/* The details of EV, which tm_canon_may_rewrite, at D
 * (TM_CANON_REWRITE_ROOM bytes), rewritten when trace-cmd plugin text (else
 * as they are), for details that need no escape (nor their rewritten form
 * then, made of keys and pieces of them): written once, in their final
 * bytes.  Returns the end. */
static char *put_plain_details(char *d, const struct tm_ftrace_event *ev,
			       struct tm_canon_stats *st)
{
	size_t n = rewrite_at(d, ev, st);

	if (n)
		return d + n;
	memcpy(d, ev->details.p, ev->details.n);
	return d + ev->details.n;
}

/* The details of EV (rewritten when trace-cmd plugin text) and the line's
 * end, JSON-escaped into O; PLAIN: EV's details are known to need no
 * escape (then written in place), else escaped from SCRATCH. */
static void details_json(struct tm_out *o, struct tm_buf *scratch,
			 const struct tm_ftrace_event *ev, bool plain, struct tm_canon_stats *st)
{
	size_t room = TM_CANON_REWRITE_ROOM(ev->details.n) + 2;
	char *d, *e;

	if (plain && tm_canon_may_rewrite(ev) && room <= TM_OUT_BUFSZ) {
		d = tm_out_room(o, room);
		e = put_plain_details(d, ev, st);
		memcpy(e, "\\n", 2);
		tm_out_used(o, (size_t)(e + 2 - d));
		return;
	}
	scratch->n = 0;
	if (tm_canon_rewrite_details(scratch, ev, st)) {
		tm_out_json_chars(o, scratch->p, scratch->n);
	} else {
		tm_out_json_chars(o, ev->details.p, ev->details.n);
	}
	tm_out_write(o, "\\n", 2);
}

int tm_canon_line_json(struct tm_out *o, struct tm_buf *scratch,
		       const struct tm_ftrace_line *l, int32_t tgid_hint,
		       struct tm_canon_stats *st)
{
	static const struct tm_ftrace_cols no_cols;
	const struct tm_ftrace_event *ev = &l->ev;
	unsigned counts;
	char *d, *fill;

	scratch->n = 0;
	if (o->reference || l->ncont || !plain_names(l)) {
		tm_canon_line(scratch, l, tgid_hint, st);
		tm_out_json_chars(o, scratch->p, scratch->n);
		return -1;
	}
	/* the prefix needs no escaping: written in place */
	d = tm_out_room(o, PREFIX_ROOM(ev));
	tm_out_used(o, (size_t)(put_prefix(d, l, tgid_hint, &no_cols, &counts, &fill) - d));
	add_counts(st, counts);
	details_json(o, scratch, ev, false, st);
	return fill ? (int)(fill - d) : -1;
}

/* Are the N (at most 16) bytes at P spaces?  16 bytes from P are read
 * when E (the end of what may be read) allows. */
static inline bool all_spaces(const char *p, size_t n, const char *e)
{
#ifdef __SSE2__
	if (e - p >= 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)p);
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
		unsigned want = n >= 16 ? 0xffffu : (1u << n) - 1;

		return (m & want) == want;
	}
#endif
	for (size_t i = 0; i < n; i++)
		if (p[i] != ' ')
			return false;
	return true;
}

/*
 * The canonical prefix of L found in the line itself: a line in the
 * kernel's layout, whose every column is already written as put_prefix
 * writes it (with the TGID column as the line has it), but for the blanks
 * before the seconds, which the canonical form drops.  Then the prefix is
 * the line from its start to the blank after the flags (PRE->p[0]) and
 * from the seconds to the details (PRE->p[1]).  Each part is checked
 * against the parsed fields, byte for byte as put_prefix would write them:
 * the comm right-aligned in 16 spaces, the pid's own digits left-aligned
 * in 5, the TGID column right-aligned in 5 or "-----", a 3-digit CPU, 4
 * flags old Catapult accepts, the fraction's digits as many as the
 * canonical form's (6, or 9 where the line has 9) and no leading zero in
 * the seconds, one blank after "SECS:" and after "NAME:".
 */
static bool raw_prefix(const struct tm_fline *fl, struct tm_canon_pre *pre)
{
	const struct tm_ftrace_line *l = &fl->line;
	const struct tm_ftrace_event *ev = &l->ev;
	const char *r = l->raw.p, *re = r + l->raw.n, *x, *y, *z;
	size_t pad = ev->comm.n < 16 ? 16 - ev->comm.n : 0, nd, w;

	if (ev->ts_digits != ts_decimals(ev))
		return false;
	if (fl->f.cols.kernel_cols) {
		/* the parser found every column up to the flags in place */
		y = r + 24;
		goto flags;
	}
	if (ev->nflags != 4 || ev->ts_ns < 0 || ev->pid < 0 ||
	    ev->cpu < 0 || ev->cpu > 999 || l->raw.n < pad + ev->comm.n + 1 ||
	    ev->comm.p != r + pad || !all_spaces(r, pad, re))
		return false;
	/* "-PID" left-aligned in 5, then " (" */
	x = ev->comm.p + ev->comm.n + 1;
	nd = tm_count_digits((uint32_t)ev->pid);
	w = nd < 5 ? 5 : nd;
	if (re - x < (ptrdiff_t)w + 8 || x[-1] != '-' || (x[nd] >= '0' && x[nd] <= '9') ||
	    !all_spaces(x + nd, w - nd, re) || x[w] != ' ' || x[w + 1] != '(')
		return false;
	/* the TGID column right-aligned in 5 (or wider), then ") [CPU] FLAGS " */
	y = x + w + 2;
	if (ev->tgid < 0) {
		if (re - y < 5 || y[0] != '-' || y[1] != '-' || y[2] != '-' || y[3] != '-' ||
		    y[4] != '-')
			return false;
	} else {
		nd = tm_count_digits((uint32_t)ev->tgid);
		if (nd > 5) {
			/* written whole: the columns after it move right */
			if (re - y < (ptrdiff_t)nd + 15)
				return false;
			y += nd - 5;
		} else if (!all_spaces(y, 5 - nd, re) || y[5 - nd] < '0' || y[5 - nd] > '9') {
			return false;
		}
	}
	if (re - y < 20 || y[5] != ')' || y[6] != ' ' || y[7] != '[' ||
	    y[8] < '0' || y[8] > '9' || y[9] < '0' || y[9] > '9' || y[10] < '0' || y[10] > '9' ||
	    y[11] != ']' || y[12] != ' ' || y[13] != ev->flags[0] || y[14] != ev->flags[1] ||
	    y[15] != ev->flags[2] || y[16] != ev->flags[3] || y[17] != ' ')
		return false;
flags:
	if (!(flag_accepted[(unsigned char)y[13]] & 1) ||
	    !(flag_accepted[(unsigned char)y[14]] & 2) ||
	    !(flag_accepted[(unsigned char)y[15]] & 4) ||
	    !(flag_accepted[(unsigned char)y[16]] & 8))
		return false;
	if (fl->f.cols.kernel_ts) {
		/* and (with kernel_cols) the time and name after them */
		z = r + fl->f.cols.kernel_ts;
		goto found;
	}
	/* "SECS.FFFFFF: NAME: " after the blanks, the details after it */
	z = line_tail(l, ev->ts_digits);
	if (!z || z != tm_skip_blanks(y + 18, re) ||
	    ev->details.p != ev->name.p + ev->name.n + 2)
		return false;
found:
	pre->p[0] = r;
	pre->n[0] = (size_t)(y + 18 - r);
	pre->p[1] = z;
	pre->n[1] = (size_t)(ev->details.p - z);
	pre->counts = 0;
	pre->tgid_at = ev->tgid < 0 ? (uint8_t)(y - r) : 0;   /* "-----" */
	return true;
}

bool tm_canon_prefix_json(char *d, const struct tm_fline *fl, int32_t tgid_hint,
			  struct tm_canon_pre *pre)
{
	const struct tm_ftrace_line *l = &fl->line;
	char *fill;

	pre->n[0] = pre->n[1] = 0;
	pre->counts = 0;
	pre->tgid_at = 0;
	pre->line = false;
	pre->plain = false;
	if (l->kind != TM_LN_EVENT || l->ncont || PREFIX_ROOM(&l->ev) > TM_CANON_PREFIX_MAX)
		return false;
	if ((l->ev.tgid >= 0 || tgid_hint < 0) && raw_prefix(fl, pre)) {
		/* the comm to the end of the line plain (the stretches hold no
		 * other bytes), the details as they are: the whole line */
		if (fl->f.plain || tm_json_all_plain((const unsigned char *)l->ev.comm.p,
						  (const unsigned char *)l->raw.p + l->raw.n)) {
			pre->plain = true;
			pre->line = !tm_canon_may_rewrite(&l->ev);
			if (pre->line)
				pre->n[1] += l->ev.details.n;
			return true;
		}
		return plain_names(l);
	}
	/* (a plain line: its comm, and its name, in the line or one of the
	 * parser's own, "function" or "tracing_mark_write") */
	if (!fl->f.plain && !plain_names(l))
		return false;
	pre->p[0] = d;
	pre->n[0] = (size_t)(put_prefix(d, l, tgid_hint, &fl->f.cols, &pre->counts, &fill) - d);
	pre->tgid_at = fill ? (uint8_t)(fill - d) : 0;
	pre->p[1] = NULL;
	/* the details as they are, when they need no escape and no rewrite */
	pre->plain = fl->f.plain || is_plain(l->ev.details);
	if (pre->plain && !tm_canon_may_rewrite(&l->ev)) {
		pre->p[1] = l->ev.details.p;
		pre->n[1] = l->ev.details.n;
		pre->line = true;
	}
	return true;
}

/* tm_line_work's make(): the prefix of L (TGID column as the line has it)
 * at TEXT, or two stretches of L itself (no text taken).  Flattened: no
 * call a line more than before on the helper thread. */
static __attribute__((flatten)) bool prefix_work(const struct tm_fline *l, char *text, void *res,
						 size_t *used)
{
	struct tm_canon_pre *pre = res;

	if (!tm_canon_prefix_json(text, l, -1, pre))
		return false;
	*used = pre->p[0] == text ? pre->n[0] : 0;
	return true;
}

/* About 80 bytes a line, 107 at the most (PREFIX_ROOM allows comm and name
 * 40 bytes together; every number at its widest), so the room does not run
 * out; were it to, the lines past it would get none (their writer makes
 * them). */
const struct tm_line_work tm_canon_prefix_work = {
	.size = sizeof(struct tm_canon_pre),
	.text_max = TM_CANON_PREFIX_MAX,
	.text_room = TM_LINE_FEED_BATCH * 112,
	.make = prefix_work,
};

bool tm_canon_pre_fits(const struct tm_canon_pre *pre, int32_t tgid_fill)
{
	return tgid_fill < 0 || pre->tgid_at;
}

int tm_canon_line_json_pre(struct tm_out *o, struct tm_buf *scratch,
			   const struct tm_ftrace_line *l, const struct tm_canon_pre *pre,
			   int32_t tgid_fill, struct tm_canon_stats *st)
{
	/* the TGID column's "-----" gets the fill, right-aligned in 5 (a
	 * wider one moves the rest of the prefix on) */
	char col[24];
	size_t wide = tgid_fill >= 0 ? put_int(col, tgid_fill, 5, ' ', false) - 5 : 0;
	/* the details after p[1]: none (the line), or plain ones written here
	 * (rewritten: with plain, not line says they may be), or escaped */
	bool own = !pre->line && pre->plain;
	size_t tail = pre->n[1] + 2 + (own ? TM_CANON_REWRITE_ROOM(l->ev.details.n) : 0);
	/* the whole line in one piece of the buffer, or the prefix */
	bool whole = (pre->line || own) && pre->n[0] + wide + tail <= TM_OUT_BUFSZ;
	size_t n = pre->n[0] + wide;
	char *d = tm_out_room(o, whole ? n + tail : n), *t;

	if (pre->counts)
		add_counts(st, pre->counts);
	if (!wide) {
		memcpy(d, pre->p[0], pre->n[0]);
		if (tgid_fill >= 0)
			memcpy(d + pre->tgid_at, col, 5);
	} else {
		memcpy(d, pre->p[0], pre->tgid_at);
		memcpy(d + pre->tgid_at, col, 5 + wide);
		memcpy(d + pre->tgid_at + 5 + wide, pre->p[0] + pre->tgid_at + 5,
		       pre->n[0] - pre->tgid_at - 5);
	}
	if (whole) {
		t = d + n;
		if (pre->n[1])
			memcpy(t, pre->p[1], pre->n[1]);
		t += pre->n[1];
		if (own)
			t = put_plain_details(t, &l->ev, st);
		memcpy(t, "\\n", 2);
		tm_out_used(o, (size_t)(t + 2 - d));
	} else {
		tm_out_used(o, n);
		if (pre->n[1])
			tm_out_write(o, pre->p[1], pre->n[1]);
		if (pre->line)
			tm_out_write(o, "\\n", 2);
		else
			details_json(o, scratch, &l->ev, pre->plain, st);
	}
	return tgid_fill < 0 && pre->tgid_at ? pre->tgid_at : -1;
}
