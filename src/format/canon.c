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

static const char *rfind(const char *p, const char *e, char c)
{
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

static void put_flags(char *d, const struct tm_ftrace_event *ev,
		      struct tm_canon_stats *st)
{
	char f[4] = { '.', '.', '.', '.' };
	bool mapped = false;

	if (ev->nflags >= 4 && (flag_accepted[(unsigned char)ev->flags[0]] & 1) &&
	    (flag_accepted[(unsigned char)ev->flags[1]] & 2) &&
	    (flag_accepted[(unsigned char)ev->flags[2]] & 4) &&
	    (flag_accepted[(unsigned char)ev->flags[3]] & 8)) {
		/* (the common case: the first 4 as they are) */
		memcpy(d, ev->flags, 4);
		st->flags_5th_dropped += ev->nflags > 4;
		return;
	}
	if (ev->nflags == 0)
		st->flags_added++;
	for (int i = 0; i < 4 && i < ev->nflags; i++)
		f[i] = map_flag(i, ev->flags[i], &mapped);
	if (ev->nflags > 4)
		st->flags_5th_dropped++;
	if (mapped)
		st->flags_letter_mapped++;
	memcpy(d, f, 4);
}

/* "comm:pid [prio]" ending at E (trace-cmd sched plugin); returns 0 if ok. */
static int split_task(const char *p, const char *e, struct tm_str *comm,
		      struct tm_str *pid, struct tm_str *prio)
{
	const char *lb = rfind(p, e, '['), *colon;

	if (!lb || e[-1] != ']' || lb == p || lb[-1] != ' ')
		return -1;
	*prio = (struct tm_str){ lb + 1, (size_t)(e - lb - 2) };
	colon = rfind(p, lb - 1, ':');
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

/* KEY[i] and VAL[i] in turn, for N of them, onto B (one reserve).  Each
 * VAL[i] lies before E (the end of what may be read): a piece of at most
 * 16 bytes is copied as 16 when they can be read (and keys always), the
 * bytes past it overwritten by the next piece or left past B's end. */
static void put_pairs(struct tm_buf *b, const struct key16 *key, const struct tm_str *val,
		      size_t n, const char *e)
{
	size_t len = 0;
	char *d;

	for (size_t i = 0; i < n; i++)
		len += key[i].n + val[i].n;
	if (tm_buf_reserve(b, len + 16))
		return;
	d = b->p + b->n;
	for (size_t i = 0; i < n; i++) {
		memcpy(d, key[i].s, 16);
		d += key[i].n;
		if (val[i].n <= 16 && e - val[i].p >= 16)
			memcpy(d, val[i].p, 16);
		else
			tm_mem_copy(d, val[i].p, val[i].n);
		d += val[i].n;
	}
	b->n += len;
}

/* "prev:1 [120] S ==> next:2 [120]" -> kernel key=value form. */
static bool rewrite_sched_switch(struct tm_buf *b, struct tm_str d)
{
	static const struct key16 key[7] = {
		KEY16("prev_comm="), KEY16(" prev_pid="), KEY16(" prev_prio="),
		KEY16(" prev_state="), KEY16(" ==> next_comm="), KEY16(" next_pid="),
		KEY16(" next_prio=") };
	const char *e = d.p + d.n, *arrow = tm_find_lit(d.p, e, " ==> ", 5);
	const char *sp;
	struct tm_str val[7];

	if (!arrow || tm_find_lit(d.p, e, "prev_comm=", 10))
		return false;
	sp = rfind(d.p, arrow, ' ');
	if (!sp)
		return false;
	val[3] = (struct tm_str){ sp + 1, (size_t)(arrow - sp - 1) };
	if (split_task(d.p, sp, &val[0], &val[1], &val[2]) ||
	    split_task(arrow + 5, e, &val[4], &val[5], &val[6]))
		return false;
	put_pairs(b, key, val, 7, e);
	return true;
}

/* "comm:pid [prio] [success=1 ]CPU:001" -> kernel key=value form. */
static bool rewrite_sched_wakeup(struct tm_buf *b, struct tm_str d)
{
	static const struct key16 key[5] = {
		KEY16("comm="), KEY16(" pid="), KEY16(" prio="), KEY16(" success="),
		KEY16(" target_cpu=") };
	/* (without success=) */
	static const struct key16 key4[4] = {
		KEY16("comm="), KEY16(" pid="), KEY16(" prio="), KEY16(" target_cpu=") };
	const char *e = d.p + d.n, *cpu = tm_find_lit(d.p, e, " CPU:", 5);
	const char *end_task;
	struct tm_str val[5];

	if (!cpu || tm_find_lit(d.p, e, "comm=", 5))
		return false;
	end_task = cpu;
	val[3] = (struct tm_str){ NULL, 0 };
	if (cpu - d.p > 10 && memcmp(cpu - 10, " success=", 9) == 0) {
		val[3] = (struct tm_str){ cpu - 1, 1 };
		end_task = cpu - 10;
	}
	if (split_task(d.p, end_task, &val[0], &val[1], &val[2]))
		return false;
	val[4] = (struct tm_str){ cpu + 5, (size_t)(e - cpu - 5) };
	if (!val[3].n) {
		val[3] = val[4];
		put_pairs(b, key4, val, 4, e);
	} else {
		put_pairs(b, key, val, 5, e);
	}
	return true;
}

bool tm_canon_may_rewrite(const struct tm_ftrace_event *ev)
{
	return !TM_STR_STARTS(ev->details, "prev_comm=") && !TM_STR_STARTS(ev->details, "comm=") &&
	       (TM_STR_IS(ev->name, "sched_switch") || tm_is_wakeup_event(ev->name));
}

bool tm_canon_rewrite_details(struct tm_buf *b, const struct tm_ftrace_event *ev)
{
	/* the kernel's own key=value form needs no rewriting */
	if (!tm_canon_may_rewrite(ev))
		return false;
	if (TM_STR_IS(ev->name, "sched_switch"))
		return rewrite_sched_switch(b, ev->details);
	return rewrite_sched_wakeup(b, ev->details);
}

static void put_details(struct tm_buf *b, const struct tm_ftrace_event *ev,
			struct tm_canon_stats *st)
{
	if (tm_canon_rewrite_details(b, ev))
		st->plugin_rewritten++;
	else
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

/* The length of "SECS.FRAC" where COLS->ts_at says the parser read the
 * time of L (its digits, their value ts_ns, and ':' after them) when the
 * line holds it as put_prefix writes it: 6 or 9 decimals (as many as
 * written here) and the ':' where the digits of the seconds' value put it
 * (no leading zero); else 0. */
static size_t time_at(const struct tm_ftrace_line *l, const struct tm_ftrace_cols *cols)
{
	const struct tm_ftrace_event *ev = &l->ev;
	size_t n;

	if (!cols->ts_at || (ev->ts_digits != 6 && ev->ts_digits != 9))
		return 0;
	/* (not past the ':': fewer digits than the line's, or as many) */
	n = tm_count_digits((uint32_t)(ev->ts_ns / 1000000000)) + 1 + (size_t)ev->ts_digits;
	return l->raw.p[cols->ts_at + n] == ':' ? n : 0;
}

/* Where the line of L holds its time and name as put_prefix writes them,
 * "SECS.FRAC: NAME:" (NAME's ':' in the line, what follows it may
 * differ): where COLS says the parser read the time (kernel_ts: all of it
 * checked; ts_at: time_at, and one blank and the name after it), else
 * where line_tail finds "SECS.FRAC: NAME: "; NULL: nowhere. */
static const char *time_in_line(const struct tm_ftrace_line *l, const struct tm_ftrace_cols *cols)
{
	const struct tm_ftrace_event *ev = &l->ev;
	const char *z = l->raw.p + cols->ts_at, *c;
	size_t n;

	if (cols->kernel_ts)
		return l->raw.p + cols->kernel_ts;
	if (!cols->ts_at || (ev->ts_digits != 6 && ev->ts_digits != 9))
		return line_tail(l, ts_decimals(ev));
	n = time_at(l, cols);
	c = z + n;
	return n && ev->name.p == c + 2 && c[1] == ' ' &&
			       ev->name.p + ev->name.n < l->raw.p + l->raw.n &&
			       ev->name.p[ev->name.n] == ':' ?
		       z : NULL;
}

/* The canonical line of L up to "name: " at D (PREFIX_ROOM bytes): comm
 * padding, the columns (3 numbers of at most 24 bytes), flags, time, name
 * (with COLS, the time and name copied from the line where it holds them
 * as written here: time_in_line; or the time alone: time_at; NULL:
 * written from the fields).  *FILL: where "-----" was
 * written for an unknown TGID, else NULL.  Returns the end. */
static char *put_prefix(char *d, const struct tm_ftrace_line *l, int32_t tgid_hint,
			const struct tm_ftrace_cols *cols, struct tm_canon_stats *st, char **fill)
{
	const struct tm_ftrace_event *ev = &l->ev;
	int32_t tgid = ev->tgid >= 0 ? ev->tgid : tgid_hint;
	const char *tail;
	size_t n;

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
	put_flags(d, ev, st);
	d += 4;
	*d++ = ' ';
	if (ev->ts_digits < 0)
		st->counter_clock++;
	if (cols && (tail = time_in_line(l, cols))) {
		/* up to the name's ':' */
		n = (size_t)(ev->name.p + ev->name.n + 1 - tail);

		memcpy(d, tail, n);
		d[n] = ' ';
		return d + n + 1;
	}
	/* the time from the line where only the name is not there (the
	 * parser's own, as for trace-cmd's print) */
	if (cols && (n = time_at(l, cols))) {
		memcpy(d, l->raw.p + cols->ts_at, n);
		d += n;
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
	char *fill;

	if (tm_buf_reserve(b, PREFIX_ROOM(ev)))
		return;
	/* (the reference path's: every column written from the fields) */
	b->n = (size_t)(put_prefix(b->p + b->n, l, tgid_hint, NULL, st, &fill) - b->p);
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

/* The details of EV (rewritten when trace-cmd plugin text) and the line's
 * end, JSON-escaped into O; PLAIN: EV's details are known to need no
 * escape, so their rewritten form (keys and pieces of them) needs none. */
static void details_json(struct tm_out *o, struct tm_buf *scratch,
			 const struct tm_ftrace_event *ev, bool plain, struct tm_canon_stats *st)
{
	const char *p = ev->details.p;
	size_t n = ev->details.n;

	scratch->n = 0;
	if (tm_canon_rewrite_details(scratch, ev)) {
		st->plugin_rewritten++;
		p = scratch->p;
		n = scratch->n;
	}
	if (plain)
		tm_out_write(o, p, n);
	else
		tm_out_json_chars(o, p, n);
	tm_out_write(o, "\\n", 2);
}

int tm_canon_line_json(struct tm_out *o, struct tm_buf *scratch,
		       const struct tm_ftrace_line *l, int32_t tgid_hint,
		       struct tm_canon_stats *st)
{
	static const struct tm_ftrace_cols no_cols;
	const struct tm_ftrace_event *ev = &l->ev;
	char *d, *fill;

	scratch->n = 0;
	if (o->reference || l->ncont || !plain_names(l)) {
		tm_canon_line(scratch, l, tgid_hint, st);
		tm_out_json_chars(o, scratch->p, scratch->n);
		return -1;
	}
	/* the prefix needs no escaping: written in place */
	d = tm_out_room(o, PREFIX_ROOM(ev));
	tm_out_used(o, (size_t)(put_prefix(d, l, tgid_hint, &no_cols, st, &fill) - d));
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
 * flags old Catapult accepts, 6 fraction digits and no leading zero in the
 * seconds, one blank after "SECS:" and after "NAME:".
 */
static bool raw_prefix(const struct tm_fline *fl, struct tm_canon_pre *pre)
{
	const struct tm_ftrace_line *l = &fl->line;
	const struct tm_ftrace_event *ev = &l->ev;
	const char *r = l->raw.p, *re = r + l->raw.n, *x, *y, *z;
	size_t pad = ev->comm.n < 16 ? 16 - ev->comm.n : 0, nd, w;

	if (ev->ts_digits != 6)
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
	z = line_tail(l, 6);
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
	struct tm_canon_stats st;
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
	memset(&st, 0, sizeof(st));
	pre->p[0] = d;
	pre->n[0] = (size_t)(put_prefix(d, l, tgid_hint, &fl->f.cols, &st, &fill) - d);
	pre->tgid_at = fill ? (uint8_t)(fill - d) : 0;
	pre->p[1] = NULL;
	/* the details as they are, when they need no escape and no rewrite */
	pre->plain = fl->f.plain || is_plain(l->ev.details);
	if (pre->plain && !tm_canon_may_rewrite(&l->ev)) {
		pre->p[1] = l->ev.details.p;
		pre->n[1] = l->ev.details.n;
		pre->line = true;
	}
	/* put_prefix counts each of these at most once per line */
	pre->counts = (st.flags_added ? TM_CANON_FLAGS_ADDED : 0) |
		      (st.flags_5th_dropped ? TM_CANON_FLAGS_5TH : 0) |
		      (st.flags_letter_mapped ? TM_CANON_FLAGS_MAPPED : 0) |
		      (st.counter_clock ? TM_CANON_COUNTER_CLOCK : 0);
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
	/* the whole line in one piece of the buffer, or the prefix */
	bool whole = pre->line && pre->n[0] + pre->n[1] + 2 + wide <= TM_OUT_BUFSZ;
	size_t n = pre->n[0] + wide + (whole ? pre->n[1] + 2 : 0);
	char *d = tm_out_room(o, n);

	if (pre->counts) {
		st->flags_added += !!(pre->counts & TM_CANON_FLAGS_ADDED);
		st->flags_5th_dropped += !!(pre->counts & TM_CANON_FLAGS_5TH);
		st->flags_letter_mapped += !!(pre->counts & TM_CANON_FLAGS_MAPPED);
		st->counter_clock += !!(pre->counts & TM_CANON_COUNTER_CLOCK);
	}
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
		memcpy(d + pre->n[0] + wide, pre->p[1], pre->n[1]);
		memcpy(d + pre->n[0] + wide + pre->n[1], "\\n", 2);
	}
	tm_out_used(o, n);
	if (!whole) {
		if (pre->n[1])
			tm_out_write(o, pre->p[1], pre->n[1]);
		if (pre->line)
			tm_out_write(o, "\\n", 2);
		else
			details_json(o, scratch, &l->ev, pre->plain, st);
	}
	return tgid_fill < 0 && pre->tgid_at ? pre->tgid_at : -1;
}
