/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_canon.c - canonical ftrace lines (the form every viewer reads). */
#include "testutil.h"
#include "canon.h"
#include "ftrace_util.h"
#include <unistd.h>

/* Canonical text of the first line of TEXT (parsed by the reader). */
static char *canon(const char *text, int32_t hint, struct tm_canon_stats *st)
{
	static char out[4096];
	struct tm_ftrace_reader *r = tm_ftrace_reader_new(text, strlen(text));
	struct tm_ftrace_line l;
	struct tm_buf b = { 0 };
	struct tm_canon_stats local = { 0 };

	while (tm_ftrace_next(r, &l) && l.kind != TM_LN_EVENT)
		;
	assert_int_equal(l.kind, TM_LN_EVENT);
	tm_canon_line(&b, &l, hint, st ? st : &local);
	assert_true(b.n < sizeof(out));
	memcpy(out, b.p, b.n);
	out[b.n] = '\0';
	tm_buf_free(&b);
	tm_ftrace_reader_free(r);
	return out;
}

static void test_layout(void **state)
{
	(void)state;
	/* kernel line with TGID and 4 flags: same fields, canonical spacing */
	assert_string_equal(
		canon("          atrace-14446  (-----) [000] ...2  1212.465062: sched_switch: a=b\n", -1, NULL),
		"          atrace-14446 (-----) [000] ...2 1212.465062: sched_switch: a=b\n");
	/* no TGID, no flags: "(-----)" and "...." are written; tgid hint used */
	assert_string_equal(
		canon("<idle>-0     [001]  0.002188: tracing_mark_write: E|77\n", 0, NULL),
		"          <idle>-0     (    0) [001] .... 0.002188: tracing_mark_write: E|77\n");
	/* numbers wider than their columns are written whole */
	assert_string_equal(canon("a-4194304 (4194303) [1234] .... 1.000000: e: d\n", -1, NULL),
			    "               a-4194304 (4194303) [1234] .... 1.000000: e: d\n");
	assert_string_equal(canon("a-12 [7] .... 1.000000: e: d\n", 99999, NULL),
			    "               a-12    (99999) [007] .... 1.000000: e: d\n");
	/* 9-decimal timestamps stay 9 decimals; 1-decimal becomes 6 */
	assert_string_equal(canon("a-1 [000] .... 12.123456789: e: d\n", -1, NULL),
			    "               a-1     (-----) [000] .... 12.123456789: e: d\n");
	assert_string_equal(canon("dummy-0000  [000] 0.0: 0: trace_event_clock_sync: parent_ts=0.0\n", -1, NULL),
			    "           dummy-0     (-----) [000] .... 0.000000: 0: trace_event_clock_sync: parent_ts=0.0\n");
	/* comm longer than 16 and with spaces is kept whole */
	assert_string_equal(canon("a very long comm name-7 [002] d.h1 3.5: e: x y\n", -1, NULL),
			    "a very long comm name-7     (-----) [002] d.h1 3.500000: e: x y\n");
}

static void test_flags(void **state)
{
	struct tm_canon_stats st = { 0 };
	(void)state;
	/* 5th (migrate-disable) column dropped; hex depth kept */
	assert_string_equal(canon("c-1 ( 1) [000] dNsa. 4.0: e: d\n", -1, &st),
			    "               c-1     (    1) [000] dNsa 4.000000: e: d\n");
	assert_int_equal(st.flags_5th_dropped, 1);
	assert_int_equal(st.flags_letter_mapped, 0);
	/* newer letters mapped into what old Catapult accepts: D->d, L->N, Z->H, B->N */
	assert_string_equal(canon("c-1 [000] DLZ3. 4.0: e: d\n", -1, &st),
			    "               c-1     (-----) [000] dNH3 4.000000: e: d\n");
	assert_string_equal(canon("c-1 [000] .bz. 4.0: e: d\n", -1, &st),
			    "               c-1     (-----) [000] .nh. 4.000000: e: d\n");
	assert_int_equal(st.flags_letter_mapped, 2);
}

/* Every letter and digit in every flag column: kept when old Catapult's
 * pattern accepts it ([dX.][Nnp.][Hhs.][0-9a-f.]), else mapped as the
 * README's table says. */
static void test_flag_table(void **state)
{
	static const char *const ok[4] = { "dX.", "Nnp.", "Hhs.", "0123456789abcdef." };
	char line[64], want[8];

	(void)state;
	for (int col = 0; col < 4; col++) {
		for (int c = '0'; c <= 'z'; c++) {
			char f[5] = "....", exp = '.';
			if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')))
				continue;
			f[col] = (char)c;
			if (strchr(ok[col], c))
				exp = (char)c;
			else if (col == 0 && c == 'D')
				exp = 'd';
			else if (col == 1 && (c == 'L' || c == 'B'))
				exp = 'N';
			else if (col == 1 && (c == 'l' || c == 'b'))
				exp = 'n';
			else if (col == 2 && c == 'Z')
				exp = 'H';
			else if (col == 2 && c == 'z')
				exp = 'h';
			else if (col == 3 && c >= 'A' && c <= 'F')
				exp = (char)(c - 'A' + 'a');
			snprintf(line, sizeof(line), "a-1 [000] %s 1.000000: e: d\n", f);
			memcpy(want, "....", 5);
			want[col] = exp;
			assert_memory_equal(canon(line, -1, NULL) + 37, want, 4);
		}
	}
}

static void test_tracecmd_rewrite(void **state)
{
	struct tm_canon_stats st = { 0 };
	(void)state;
	const char *hdr = "cpus=2\n";
	char text[512];

	snprintf(text, sizeof(text), "%s            bash-22551 [002]  2913.348883: sched_switch:"
		 "         bash:22551 [120] R ==> rcu_preempt:15 [120]\n", hdr);
	assert_string_equal(canon(text, -1, &st),
		"            bash-22551 (-----) [002] .... 2913.348883: sched_switch: prev_comm=bash "
		"prev_pid=22551 prev_prio=120 prev_state=R ==> next_comm=rcu_preempt next_pid=15 next_prio=120\n");
	/* comm with a colon and spaces, state with '+' */
	snprintf(text, sizeof(text), "%s  a-1 [000]  1.000000: sched_switch: kworker/0:1 x:12 [120] R+ ==> "
		 "swapper/0:0 [120]\n", hdr);
	assert_string_equal(canon(text, -1, &st),
		"               a-1     (-----) [000] .... 1.000000: sched_switch: prev_comm=kworker/0:1 x "
		"prev_pid=12 prev_prio=120 prev_state=R+ ==> next_comm=swapper/0 next_pid=0 next_prio=120\n");
	snprintf(text, sizeof(text), "%s  a-1 [000]  1.000000: sched_wakeup:         sshd:789 [120] CPU:001\n", hdr);
	assert_string_equal(canon(text, -1, &st),
		"               a-1     (-----) [000] .... 1.000000: sched_wakeup: comm=sshd pid=789 prio=120 target_cpu=001\n");
	snprintf(text, sizeof(text), "%s  a-1 [000]  1.000000: sched_waking: sshd:789 [120] success=1 CPU:001\n", hdr);
	assert_string_equal(canon(text, -1, &st),
		"               a-1     (-----) [000] .... 1.000000: sched_waking: comm=sshd pid=789 prio=120 success=1 target_cpu=001\n");
	/* pieces of 15, 16, 17 and 40 bytes (copied 16 bytes at a time
	 * where they can be read), the last ones near the line's end */
	snprintf(text, sizeof(text), "%s  a-1 [000]  1.000000: sched_switch: 0123456789abcde:1 [1] "
		 "S ==> 0123456789abcdef0123456789abcdef01234567:1234567890123456 [0123456789abcdef0]\n",
		 hdr);
	assert_string_equal(canon(text, -1, &st),
		"               a-1     (-----) [000] .... 1.000000: sched_switch: prev_comm=0123456789abcde "
		"prev_pid=1 prev_prio=1 prev_state=S ==> next_comm=0123456789abcdef0123456789abcdef01234567 "
		"next_pid=1234567890123456 next_prio=0123456789abcdef0\n");
	snprintf(text, sizeof(text), "%s  a-1 [000]  1.000000: sched_waking: 0123456789abcdef:2 [3] CPU:0123456789abcdefg\n",
		 hdr);
	assert_string_equal(canon(text, -1, &st),
		"               a-1     (-----) [000] .... 1.000000: sched_waking: comm=0123456789abcdef "
		"pid=2 prio=3 target_cpu=0123456789abcdefg\n");
	assert_int_equal(st.plugin_rewritten, 6);
	/* already in kernel form: untouched */
	snprintf(text, sizeof(text), "%s  a-1 [000]  1.000000: sched_wakeup: comm=sshd pid=789 prio=120 target_cpu=001\n", hdr);
	assert_string_equal(canon(text, -1, &st),
		"               a-1     (-----) [000] .... 1.000000: sched_wakeup: comm=sshd pid=789 prio=120 target_cpu=001\n");
	assert_int_equal(st.plugin_rewritten, 6);
	/* print: tracing_mark_write: and instance prefix */
	snprintf(text, sizeof(text), "%sinst:  b-2 [001]  2.000000: print:                tracing_mark_write: B|2|x\n", hdr);
	assert_string_equal(canon(text, -1, &st),
		"               b-2     (-----) [001] .... 2.000000: tracing_mark_write: B|2|x\n");
}

static void test_continuation_joined(void **state)
{
	struct tm_canon_stats st = { 0 };
	(void)state;
	assert_string_equal(canon("m-5 [000] .... 1.000000: tracing_mark_write: one\r\ntwo\r\nthree\r\n", -1, &st),
			    "               m-5     (-----) [000] .... 1.000000: tracing_mark_write: one\\ntwo\\nthree\n");
	assert_int_equal(st.continuations_joined, 2);
}

static void test_counter_clock(void **state)
{
	struct tm_canon_stats st = { 0 };
	(void)state;
	assert_string_equal(canon("a-1 [000] .... 123456789012: e: d\n", -1, &st),
			    "               a-1     (-----) [000] .... 123.456789012: e: d\n");
	assert_int_equal(st.counter_clock, 1);
}

/* The columns of a line built by hand (no reader): values at the edges of
 * the number and time writers, expected as printf("%-5d", "%5d", "%03d")
 * and "secs.frac" would write them. */
static char *canon_ev(int32_t pid, int32_t tgid, int32_t cpu, int64_t ts, int8_t digits)
{
	static char out[512];
	struct tm_ftrace_line l = { .kind = TM_LN_EVENT };
	struct tm_buf b = { 0 };
	struct tm_canon_stats st = { 0 };

	l.ev.comm = (struct tm_str){ "t", 1 };
	l.ev.pid = pid;
	l.ev.tgid = tgid;
	l.ev.cpu = cpu;
	l.ev.ts_ns = ts;
	l.ev.ts_digits = digits;
	l.ev.name = (struct tm_str){ "e", 1 };
	l.ev.details = (struct tm_str){ "d", 1 };
	tm_canon_line(&b, &l, -1, &st);
	assert_true(b.n < sizeof(out));
	memcpy(out, b.p, b.n);
	out[b.n] = '\0';
	tm_buf_free(&b);
	return out;
}

static void test_number_edges(void **state)
{
	(void)state;
	assert_string_equal(canon_ev(0, 0, 0, 0, 6),
			    "               t-0     (    0) [000] .... 0.000000: e: d\n");
	assert_string_equal(canon_ev(9, 10, 99, 1000, 6),
			    "               t-9     (   10) [099] .... 0.000001: e: d\n");
	assert_string_equal(canon_ev(99999, 99999, 999, 999999999000, 6),
			    "               t-99999 (99999) [999] .... 999.999999: e: d\n");
	assert_string_equal(canon_ev(100000, 100000, 1000, 1000000001, 9),
			    "               t-100000 (100000) [1000] .... 1.000000001: e: d\n");
	assert_string_equal(canon_ev(INT32_MAX, INT32_MAX, INT32_MAX, INT64_MAX, 9),
			    "               t-2147483647 (2147483647) [2147483647] .... "
			    "9223372036.854775807: e: d\n");
	/* negative values (not from the reader; a moved pid could be): as printf */
	assert_string_equal(canon_ev(-1, -1, -5, -1500000000, 9),
			    "               t--1    (-----) [-05] .... -1.500000000: e: d\n");
	assert_string_equal(canon_ev(-12345, 1, -123, 5, 9),
			    "               t--12345 (    1) [-123] .... 0.000000005: e: d\n");
}

/* How json_line writes: in place, the whole line escaped, or with the
 * prefix made first (as the line feed's helper thread does). */
enum jmode { J_FAST, J_REF, J_PRE };

/* The TGID fill json_line_st writes with (the first pass's tgid_hint). */
static int32_t json_fill = -1;

/* TEXT's first event line through tm_canon_line_json(), on the written-in-
 * place path, (J_REF) the canonical line escaped as a whole, or (J_PRE)
 * tm_canon_prefix_json + tm_canon_line_json_pre where the prefix is made
 * that way; the escaped bytes are returned (malloc'd), the counts in *ST. */
static char *json_line_st(const char *text, enum jmode mode, struct tm_canon_stats *st)
{
	struct tm_ftrace_reader *r = tm_ftrace_reader_new(text, strlen(text));
	struct tm_fline fl;
	const struct tm_ftrace_line *l = &fl.line;
	struct tm_buf scratch = { 0 };
	char buf[TM_CANON_PREFIX_MAX];
	struct tm_canon_pre pre;
	struct tm_diag d;
	struct tm_out o;
	off_t n;
	char *out;

	memset(st, 0, sizeof(*st));
	tm_diag_init(&d);
	assert_int_equal(tm_out_open_scratch(&o, NULL, &d), 0);
	o.reference = mode == J_REF;
	while (tm_ftrace_next_fline(r, &fl) && l->kind != TM_LN_EVENT)
		;
	assert_int_equal(l->kind, TM_LN_EVENT);
	if (mode == J_PRE && tm_canon_prefix_json(buf, &fl, -1, &pre) &&
	    tm_canon_pre_fits(&pre, l->ev.tgid < 0 ? json_fill : -1))
		tm_canon_line_json_pre(&o, &scratch, l, &pre, l->ev.tgid < 0 ? json_fill : -1, st);
	else
		tm_canon_line_json(&o, &scratch, l, json_fill, st);
	tm_out_flush(&o);
	n = lseek(o.fd, 0, SEEK_CUR);
	assert_true(n >= 0);
	out = calloc(1, (size_t)n + 1);
	assert_int_equal(pread(o.fd, out, (size_t)n, 0), n);
	tm_out_abort(&o);
	tm_diag_free(&d);
	tm_buf_free(&scratch);
	tm_ftrace_reader_free(r);
	return out;
}

/* TEXT's first event line written with the TGID fill FILL (-1: none) is
 * WANT on every path (in place, the reference, with the prefix made
 * ahead), with the same normalisation counted on each. */
static void same_on_every_path(const char *text, const char *want, int32_t fill)
{
	struct tm_canon_stats sf, sr, sp;
	char *fast, *ref, *pre;

	json_fill = fill;
	fast = json_line_st(text, J_FAST, &sf);
	ref = json_line_st(text, J_REF, &sr);
	pre = json_line_st(text, J_PRE, &sp);
	json_fill = -1;
	assert_string_equal(fast, want);
	assert_string_equal(ref, want);
	assert_string_equal(pre, want);
	assert_memory_equal(&sf, &sr, sizeof(sf));
	assert_memory_equal(&sf, &sp, sizeof(sf));
	free(fast);
	free(ref);
	free(pre);
}

/* How TEXT's first event line gets its prefix from tm_canon_prefix_json:
 * 0 not, 1 made in the buffer, 2 as stretches of the line itself, 3 the
 * whole line as stretches of itself. */
static int prefix_kind(const char *text)
{
	struct tm_ftrace_reader *r = tm_ftrace_reader_new(text, strlen(text));
	struct tm_fline fl;
	const struct tm_ftrace_line *l = &fl.line;
	char buf[TM_CANON_PREFIX_MAX];
	struct tm_canon_pre pre;
	int kind = 0;

	while (tm_ftrace_next_fline(r, &fl) && l->kind != TM_LN_EVENT)
		;
	if (tm_canon_prefix_json(buf, &fl, -1, &pre))
		kind = pre.p[0] == buf ? 1 : 2;
	if (kind == 2)   /* the stretches are the line's */
		assert_true(pre.p[0] == l->raw.p && pre.p[1] > pre.p[0] &&
			    pre.p[1] + pre.n[1] == l->ev.details.p + (pre.line ? l->ev.details.n : 0));
	if (kind == 2 && pre.line)
		kind = 3;
	else if (kind != 1)   /* (a prefix made may end with the details) */
		assert_false(pre.line);
	tm_ftrace_reader_free(r);
	return kind;
}

static bool has_prefix_ahead(const char *text)
{
	return prefix_kind(text) != 0;
}

/* The canonical line written escaped in place equals the whole line
 * escaped; expected strings by hand (JSON escapes of the canonical text). */
static void test_json_in_place(void **state)
{
	static const struct {
		const char *in, *want;
	} c[] = {
		{ "a-1 ( 2) [003] d.h1 5.000001: e: x\"y\\z\n",
		  "               a-1     (    2) [003] d.h1 5.000001: e: x\\\"y\\\\z\\n" },
		/* comm and name that need escapes: the whole-line path */
		{ "a\"b-1 [000] .... 1.0: n\\m: d\n",
		  "             a\\\"b-1     (-----) [000] .... 1.000000: n\\\\m: d\\n" },
		{ "\xc3\xa9t\xc3\xa9-1 [000] .... 1.0: e: caf\xc3\xa9 \xff\n",
		  /* 16 columns count bytes, as the kernel's %16s; the bad byte
		   * becomes the escape \ufffd */
		  "           \xc3\xa9t\xc3\xa9-1     (-----) [000] .... 1.000000: e: caf\xc3\xa9 \\ufffd\\n" },
		/* a plugin-form detail rewritten into key=value form */
		{ "bash-22 [001] .... 1.0: sched_wakeup: rcu:15 [120] success=1 CPU:002\n",
		  "            bash-22    (-----) [001] .... 1.000000: sched_wakeup: comm=rcu pid=15 prio=120 success=1 target_cpu=002\\n" },
		/* a marker with a continuation line: "\\n" in the text, escaped */
		{ "m-5 [000] .... 1.0: tracing_mark_write: one\ntwo\n",
		  "               m-5     (-----) [000] .... 1.000000: tracing_mark_write: one\\\\ntwo\\n" },
		/* a tab in the details */
		{ "a-1 [000] .... 1.0: e: a\tb\n",
		  "               a-1     (-----) [000] .... 1.000000: e: a\\tb\\n" },
		/* the kernel's layout: the line itself but for the blanks before
		 * the seconds */
		{ "          worker-101   (   77) [002] d.h2   100.000100: foo: a=1\n",
		  "          worker-101   (   77) [002] d.h2 100.000100: foo: a=1\\n" },
		{ "          <idle>-0     (-----) [000] d..2   100.000100: cpu_idle: state=1\n",
		  "          <idle>-0     (-----) [000] d..2 100.000100: cpu_idle: state=1\\n" },
		{ "sixteen_chars_ab-5     (    5) [000] ....     1.000000: e: d\n",
		  "sixteen_chars_ab-5     (    5) [000] .... 1.000000: e: d\\n" },
		{ "seventeen_chars_x-123456 (123456) [000] .... 1.000000: e: d\n",
		  "seventeen_chars_x-123456 (123456) [000] .... 1.000000: e: d\\n" },
		{ "          worker-101   (   77) [002] d.h2   100.000100: foo:  a=1\n",
		  "          worker-101   (   77) [002] d.h2 100.000100: foo:  a=1\\n" },
		/* nearly the kernel's layout: what differs is written anew */
		{ "          worker-0101  (   77) [002] d.h2   100.000100: foo: a=1\n",
		  "          worker-101   (   77) [002] d.h2 100.000100: foo: a=1\\n" },
		{ "          worker-101   (00077) [002] d.h2   100.000100: foo: a=1\n",
		  "          worker-101   (   77) [002] d.h2 100.000100: foo: a=1\\n" },
		{ "          worker-101   (   77) [002] d.h2  0100.000100: foo: a=1\n",
		  "          worker-101   (   77) [002] d.h2 100.000100: foo: a=1\\n" },
		{ "          worker-101   (   77) [002] d.h2   100.000100: foo:\ta=1\n",
		  "          worker-101   (   77) [002] d.h2 100.000100: foo: a=1\\n" },
		{ "\t        worker-101   (   77) [002] d.h2   100.000100: foo: a=1\n",
		  "          worker-101   (   77) [002] d.h2 100.000100: foo: a=1\\n" },
		{ "          worker-101   (   77) [002] D.h2   100.000100: foo: a=1\n",
		  "          worker-101   (   77) [002] d.h2 100.000100: foo: a=1\\n" },
		{ "          worker-101   (   77) [002] d.h2   100.000100123: foo: a=1\n",
		  "          worker-101   (   77) [002] d.h2 100.000100123: foo: a=1\\n" },
		{ "          worker-101   (   77) [002] d.h2   100.000100:  foo: a=1\n",
		  "          worker-101   (   77) [002] d.h2 100.000100: foo: a=1\\n" },
		{ "  worker-101 (77) [2] d.h2 100.0001: foo: a=1\n",
		  "          worker-101   (   77) [002] d.h2 100.000100: foo: a=1\\n" },
		/* the field's layouts: a current kernel's (5 flags, no TGID
		 * column, the pid in 7), `trace-cmd report`'s (no flags, 9
		 * decimals, padded names), Android's with "(-----)" */
		{ "          <idle>-0       [001] d.h2.   100.000000: irq_handler_exit: irq=27 ret=handled\n",
		  "          <idle>-0     (-----) [001] d.h2 100.000000: irq_handler_exit: irq=27 ret=handled\\n" },
		{ "     Web Content-123456  [002] ...1.   100.000024: tracing_mark_write: B|123401|draw\n",
		  "     Web Content-123456 (-----) [002] ...1 100.000024: tracing_mark_write: B|123401|draw\\n" },
		{ "cpus=4\n          <idle>-0     [000]   100.000007742: cpu_idle:             state=-1 cpu_id=0\n",
		  "          <idle>-0     (-----) [000] .... 100.000007742: cpu_idle: state=-1 cpu_id=0\\n" },
		{ "cpus=4\n   kworker/u16:3-210   [001]   100.000008000: print:                0xffffffff8149895a: E|210\n",
		  "   kworker/u16:3-210   (-----) [001] .... 100.000008000: tracing_mark_write: E|210\\n" },
		{ "   binder:3990_2-4003  (-----) [003] ...1   100.000024: tracing_mark_write: B|3990|x\n",
		  "   binder:3990_2-4003  (-----) [003] ...1 100.000024: tracing_mark_write: B|3990|x\\n" },
		/* flags mapped and cut, a counter clock */
		{ "a-1 (   7) [000] Dn.1. 2.5: e: x\n",
		  "               a-1     (    7) [000] dn.1 2.500000: e: x\\n" },
		{ "a-1 [000] 123456789: e: x\n",
		  "               a-1     (-----) [000] .... 0.123456789: e: x\\n" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++)
		same_on_every_path(c[i].in, c[i].want, -1);
}

/* A line without a TGID gets the first pass's fill in its TGID column, on
 * every path: spliced into a prefix made ahead with "-----" (the line's
 * own stretches or a prefix made in the room), a fill wider than the
 * column's 5 too (what follows it moves on: not made again). */
static void test_prefix_fill(void **state)
{
	static const struct {
		const char *in, *want;
		int32_t fill;
	} c[] = {
		{ "   binder:3990_2-4003  (-----) [003] ...1   100.000024: tracing_mark_write: B|3990|x\n",
		  "   binder:3990_2-4003  ( 3990) [003] ...1 100.000024: tracing_mark_write: B|3990|x\\n", 3990 },
		{ "          <idle>-0       [001] d.h2.   100.000000: irq_handler_exit: irq=27 ret=handled\n",
		  "          <idle>-0     (    7) [001] d.h2 100.000000: irq_handler_exit: irq=27 ret=handled\\n", 7 },
		{ "     Web Content-123456  [002] ...1.   100.000024: tracing_mark_write: B|123401|draw\n",
		  "     Web Content-123456 (99999) [002] ...1 100.000024: tracing_mark_write: B|123401|draw\\n", 99999 },
		{ "     Web Content-123456  [002] ...1.   100.000024: tracing_mark_write: B|123401|draw\n",
		  "     Web Content-123456 (123401) [002] ...1 100.000024: tracing_mark_write: B|123401|draw\\n", 123401 },
		{ "cpus=4\n          <idle>-0     [000]   100.000007742: cpu_idle:             state=-1 cpu_id=0\n",
		  "          <idle>-0     (   12) [000] .... 100.000007742: cpu_idle: state=-1 cpu_id=0\\n", 12 },
		/* a TGID of its own: the fill is not used */
		{ "          worker-101   (   77) [002] d.h2   100.000100: foo: a=1\n",
		  "          worker-101   (   77) [002] d.h2 100.000100: foo: a=1\\n", 5 },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct tm_ftrace_reader *r = tm_ftrace_reader_new(c[i].in, strlen(c[i].in));
		struct tm_fline fl;
		char buf[TM_CANON_PREFIX_MAX];
		struct tm_canon_pre pre;

		same_on_every_path(c[i].in, c[i].want, c[i].fill);
		/* every one of these prefixes made ahead takes its fill, at the
		 * "-----" of a line without a TGID; one with a TGID of its own
		 * has no place for a fill (its column is not to be written
		 * over) */
		while (tm_ftrace_next_fline(r, &fl) && fl.line.kind != TM_LN_EVENT)
			;
		assert_true(tm_canon_prefix_json(buf, &fl, -1, &pre));
		if (i + 1 < sizeof(c) / sizeof(c[0])) {
			assert_true(fl.line.ev.tgid < 0);
			assert_true(pre.tgid_at > 0 && pre.tgid_at + (size_t)5 <= pre.n[0]);
			assert_memory_equal(pre.p[0] + pre.tgid_at, "-----", 5);
			assert_true(tm_canon_pre_fits(&pre, c[i].fill));
		} else {
			assert_int_equal(fl.line.ev.tgid, 77);
			assert_int_equal(pre.tgid_at, 0);
			assert_false(tm_canon_pre_fits(&pre, c[i].fill));
		}
		tm_ftrace_reader_free(r);
	}
}

/* trace-cmd's sched forms, rewritten into the kernel's key=value form,
 * are written unescaped after a prefix made ahead when the line is known
 * plain (pre.plain): every variant of task, form and the bytes in it, in
 * the kernel's layout and trace-cmd's, the same bytes and counts as the
 * whole line escaped, and the shortcut taken for the plain ones. */
static void test_rewrite_plain(void **state)
{
	static const char *heads[] = {
		"          <idle>-0     [001] d.h2   ", "cpus=4\n          <idle>-0     [001]   ",
		"  a-1 (   7) [002] ....   ", "cpus=4\n     Web Content-123456 [003]   ",
		/* the canonical columns: the prefix is the line's own */
		"               a-1     (    7) [002] ....   ",
	};
	static const char *events[] = {
		"sched_switch: %s:22 [120] R ==> rcu:15 [120]",
		"sched_switch: swapper:0 [120] S ==> %s:2390 [98]",
		"sched_switch: %s:1 [120] R+ ==> %s:2 [120]",
		"sched_wakeup: %s:15 [120] success=1 CPU:002",
		"sched_wakeup: %s:15 [120] CPU:002",
		"sched_waking: %s:4100 [120] CPU:000",
		"sched_wakeup_new: %s:7 [99] success=0 CPU:12345",
		/* not rewritten: the kernel's form, or not the plugin's */
		"sched_switch: prev_comm=%s prev_pid=1 ==> next_comm=b",
		"sched_wakeup: comm=%s pid=1 prio=120 target_cpu=001",
		"sched_switch: %s:22 [120] R => rcu:15 [120]",
		"sched_switch: %s:22 120 R ==> rcu:15 [120]",
		"sched_wakeup: %s [120] CPU:002",
		"sched_wakeup: %s:15 [120]",
	};
	static const char *comms[] = {
		"bash", "a", "kworker/u16:3", "Chrome_IOThread", "jbd2/nvme0n1p2-",
		"a name of more than sixteen bytes", "x\"y", "back\\slash", "t\tab",
		"caf\xc3\xa9", "bad\xff", "a:b", "[x]",
	};
	char details[200], text[320];
	size_t plain = 0, lines = 0;

	(void)state;
	for (size_t h = 0; h < sizeof(heads) / sizeof(heads[0]); h++)
		for (size_t e = 0; e < sizeof(events) / sizeof(events[0]); e++)
			for (size_t c = 0; c < sizeof(comms) / sizeof(comms[0]); c++) {
				struct tm_canon_stats sr, sp;
				struct tm_ftrace_reader *r;
				struct tm_fline fl;
				char buf[TM_CANON_PREFIX_MAX], *ref, *pre;
				struct tm_canon_pre pr;

				snprintf(details, sizeof(details), events[e], comms[c], comms[c]);
				snprintf(text, sizeof(text), "%s100.000100: %s\n", heads[h], details);
				ref = json_line_st(text, J_REF, &sr);
				pre = json_line_st(text, J_PRE, &sp);
				if (strcmp(ref, pre) != 0 || memcmp(&sr, &sp, sizeof(sr)) != 0)
					fail_msg("%s: %s against %s", text, pre, ref);
				free(ref);
				free(pre);
				r = tm_ftrace_reader_new(text, strlen(text));
				while (tm_ftrace_next_fline(r, &fl) && fl.line.kind != TM_LN_EVENT)
					;
				lines++;
				plain += fl.line.kind == TM_LN_EVENT &&
					 tm_canon_prefix_json(buf, &fl, -1, &pr) && pr.plain && !pr.line;
				tm_ftrace_reader_free(r);
			}
	/* the shortcut taken for many, not for those with bytes to escape */
	assert_int_equal(lines, 5 * 13 * 13);
	assert_true(plain > lines / 3 && plain < lines);
}

/* A line whose columns the parser found at the kernel's fixed places
 * (kernel_cols) gets the prefix that checking every column gives: each
 * variant of what follows the columns (times, flags, names, details) read
 * with kernel_cols as found and cleared. */
static void test_prefix_kernel_cols(void **state)
{
	static const char *cols[] = {
		"          worker-101   (   77) [002] ",
		"          <idle>-0     (-----) [000] ",
		"0123456789abcdef-99999 (99999) [999] ",
	};
	static const char *flags[] = { "d.h2", "D.h2", "dX..", "...Z", ".N.f", "....", "dnsA" };
	static const char *rest[] = {
		"  100.000100: foo: a=1", "100.000100: foo: a=1", " 0100.000100: foo: a=1",
		"  100.00010: foo: a=1", "  100.0001000: foo: a=1", "  0.000000: e: x\"y",
		"  100.000100: foo:  a=1", "  100.000100: foo:\ta=1", "  100.000100: foo: ",
		"  123456789.000001: sched_switch: bash:22 [120] R ==> rcu:15 [120]",
		"  1.000001: sched_wakeup: comm=a pid=1", "  1.000001: tracing_mark_write: B|1|x",
		"  1.000001: print: tracing_mark_write: B|1|x", "  99.999999: caf\xc3\xa9: x",
		"  100.000100:\tfoo: a=1", "  100.000100:  foo: a=1", "  100.000100: foo:",
	};
	char text[256];
	size_t found = 0, with_prefix = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(cols) / sizeof(cols[0]); i++)
		for (size_t j = 0; j < sizeof(flags) / sizeof(flags[0]); j++)
			for (size_t k = 0; k < sizeof(rest) / sizeof(rest[0]); k++) {
				struct tm_ftrace_reader *r;
				struct tm_fline l;
				bool made;

				snprintf(text, sizeof(text), "%s%s %s\n", cols[i], flags[j], rest[k]);
				r = tm_ftrace_reader_new(text, strlen(text));
				assert_true(tm_ftrace_next_fline(r, &l));
				assert_int_equal(l.line.kind, TM_LN_EVENT);
				if (!l.f.cols.kernel_cols)
					fail_msg("columns not found in place: %s", text);
				found++;
				if (!tm_t_same_prefix(&l, &made))
					fail_msg("another prefix: %s", text);
				with_prefix += made;
				tm_ftrace_reader_free(r);
			}
	assert_int_equal(found, 3 * 7 * 17);
	assert_true(with_prefix > 0 && with_prefix < found);   /* made for some, not all */
}

/* The field's other layouts (no TGID column or one not at the kernel's
 * fixed places, 5 flags or none, 9 decimals, trace-cmd's text), whose
 * time the parser read where ts_at says, get the prefix that checking the
 * line again gives: every variant of comm, pid, TGID column, flags and
 * what follows, read with the parser's facts as found and cleared, as the
 * kernel writes it or trace-cmd. */
static void test_prefix_kernel_layouts(void **state)
{
	static const char *tasks[] = {
		"          <idle>-0     ", "     Web Content-123456 ", "a-1 ",
		"0123456789abcdef-99999 ", "seventeen_chars_x-1234567 ", "   kworker/u16:3-210   ",
		"  a-b-c-7 ", "          worker-101   (   77) ", "  binder:3990_2-4003  (-----) ",
		"     Web Content-123456  (123401) ",
	};
	static const char *cpu_flags[] = {
		"[001] d.h2. ", "[000] ....  ", "[999] D.Z1. ", "[002] .b.f. ", "[010] dX..   ",
		"[003] ", "[003] d.h2 ", "[004] ...1.\t",
	};
	static const char *rest[] = {
		"  100.000100: foo: a=1", "100.000100: foo: a=1", " 0100.000100: foo: a=1",
		"  0.000000: e: x", "  100.00010: foo: a=1", "  100.0001000: foo: a=1",
		"  100.000000830: irq_handler_exit: irq=27 ret=handled",
		"  100.000000000: e: x", "  0100.000000830: e: x", "  100.000000830: cpu_idle:   state=1",
		"  100.000100: foo:  a=1", "  100.000100: foo:\ta=1", "  100.000100: foo: ",
		"  100.000100: foo:", "  100.000100:\tfoo: a=1", "  100.000100:  foo: a=1",
		"  123456789.000001: sched_switch: bash:22 [120] R ==> rcu:15 [120]",
		"  1.000001: sched_wakeup: comm=a pid=1", "  1.000001: tracing_mark_write: B|1|x",
		"  1.000001: print: tracing_mark_write: B|1|x", "  99.999999: caf\xc3\xa9: x",
		"  1.000001: e: x\"y", "  1234567890.000001: e: x",
		/* trace-cmd's print: the name not in the line, the time is */
		"  100.000097202: print:                0xffffffff8149895a: B|123401|x",
		"  100.000100: print: 0x1: E|1", "  0.000000000: print: 0xa: E|1",
		"  0100.000000830: print: 0x1: E|1", "  100.00010: print: 0x1: E|1",
		"  100.0000001: print: 0x1: E|1", "  1.000001: print: 0x1:",
	};
	char text[320];
	size_t found = 0, with_prefix = 0, lines = 0;

	(void)state;
	for (int tc = 0; tc < 2; tc++)
		for (size_t i = 0; i < sizeof(tasks) / sizeof(tasks[0]); i++)
			for (size_t j = 0; j < sizeof(cpu_flags) / sizeof(cpu_flags[0]); j++)
				for (size_t k = 0; k < sizeof(rest) / sizeof(rest[0]); k++) {
					struct tm_ftrace_reader *r;
					struct tm_fline l;
					bool made;

					snprintf(text, sizeof(text), "%s%s%s%s\n", tc ? "cpus=4\n" : "",
						 tasks[i], cpu_flags[j], rest[k]);
					r = tm_ftrace_reader_new(text, strlen(text));
					while (tm_ftrace_next_fline(r, &l) && l.line.kind != TM_LN_EVENT)
						;
					if (l.line.kind == TM_LN_EVENT) {
						lines++;
						found += l.f.cols.ts_at != 0;
						if (!tm_t_same_prefix(&l, &made))
							fail_msg("another prefix: %s", text);
						with_prefix += made;
					}
					tm_ftrace_reader_free(r);
				}
	/* all are events; ts_at for many, not all; prefixes for most */
	assert_int_equal(lines, 2 * 10 * 8 * 30);
	assert_true(found > lines / 4 && found < lines);
	assert_true(with_prefix > lines / 2 && with_prefix < lines);
}

/* Which lines get their prefix made ahead: event lines whose comm and name
 * need no escapes, without continuation lines, of at most
 * TM_CANON_PREFIX_MAX bytes. */
static void test_prefix_ahead(void **state)
{
	struct tm_canon_stats st;
	char long_comm[300], *s;

	(void)state;
	assert_true(has_prefix_ahead("a-1 ( 2) [003] d.h1 5.000001: e: x\"y\n"));
	assert_false(has_prefix_ahead("a\"b-1 [000] .... 1.0: n: d\n"));
	assert_false(has_prefix_ahead("a-1 [000] .... 1.0: n\\m: d\n"));
	assert_false(has_prefix_ahead("m-5 [000] .... 1.0: tracing_mark_write: one\ntwo\n"));
	/* the kernel's layout as put_prefix writes it: the line's own bytes */
	assert_int_equal(prefix_kind("          worker-101   (   77) [002] d.h2   100.000100: foo: a=1\n"), 3);
	assert_int_equal(prefix_kind("          <idle>-0     (-----) [000] d..2 100.000100: e: x\n"), 3);
	assert_int_equal(prefix_kind("seventeen_chars_x-123456 (123456) [000] .... 1.000000: e: d\n"), 3);
	/* details with an escape or a rewrite: the prefix only */
	assert_int_equal(prefix_kind("          worker-101   (   77) [002] d.h2   100.000100: foo: a=\"\n"), 2);
	assert_int_equal(prefix_kind("          worker-101   (   77) [002] d.h2   100.000100: foo: caf\xc3\xa9\n"), 2);
	assert_int_equal(prefix_kind("          worker-101   (   77) [002] d.h2   100.000100: sched_switch: "
				     "bash:22 [120] R ==> rcu:15 [120]\n"), 2);
	assert_int_equal(prefix_kind("          worker-101   (   77) [002] d.h2   100.000100: sched_switch: "
				     "prev_comm=bash prev_pid=22\n"), 3);
	/* anything put_prefix writes otherwise: made anew */
	assert_int_equal(prefix_kind("          worker-0101  (   77) [002] d.h2   100.000100: foo: a=1\n"), 1);
	assert_int_equal(prefix_kind("          worker-101   (00077) [002] d.h2   100.000100: foo: a=1\n"), 1);
	assert_int_equal(prefix_kind("          worker-101   (   77) [002] d.h2  0100.000100: foo: a=1\n"), 1);
	assert_int_equal(prefix_kind("          worker-101   (   77) [002] D.h2   100.000100: foo: a=1\n"), 1);
	assert_int_equal(prefix_kind("          worker-101   (   77) [002] d.h2   100.000100: foo:\ta=1\n"), 1);
	assert_int_equal(prefix_kind("           worker-101   (   77) [002] d.h2 100.000100: foo: a=1\n"), 1);
	/* 9 decimals are the canonical form's too (6 only where the line
	 * has at most 6): the line's own bytes; 3 or 7 are not */
	assert_int_equal(prefix_kind("          worker-101   (   77) [002] d.h2   100.000100123: foo: a=1\n"), 3);
	assert_int_equal(prefix_kind("          worker-101   (   77) [002] d.h2   100.000100000: foo: a=1\n"), 3);
	assert_int_equal(prefix_kind("          worker-101   (   77) [002] d.h2   100.000: foo: a=1\n"), 1);
	assert_int_equal(prefix_kind("          worker-101   (   77) [002] d.h2   100.0001001: foo: a=1\n"), 1);
	assert_int_equal(prefix_kind("a-1 [000] .... 1.000000001: e: x\n"), 1);
	/* a line of a Perfetto trace's text (parsers/perfetto-lines.c writes 9) */
	assert_int_equal(prefix_kind("          <idle>-0     (-----) [003] .... 100.000007904: cpu_idle: "
				     "state=1 cpu_id=3\n"), 3);
	same_on_every_path("          <idle>-0     (-----) [003] .... 100.000007904: cpu_idle: state=1 cpu_id=3\n",
			   "          <idle>-0     (-----) [003] .... 100.000007904: cpu_idle: state=1 cpu_id=3\\n", -1);
	same_on_every_path("          worker-101   (   77) [002] d.h2   100.000100000: foo: a=1\n",
			   "          worker-101   (   77) [002] d.h2 100.000100000: foo: a=1\\n", -1);
	/* a comm of 200 bytes: longer than the room, written the usual way */
	memset(long_comm, 'c', 200);
	strcpy(long_comm + 200, "-1 [000] .... 1.0: e: d\n");
	assert_false(has_prefix_ahead(long_comm));
	s = json_line_st(long_comm, J_PRE, &st);
	assert_int_equal(strlen(s), 200 + strlen("-1     (-----) [000] .... 1.000000: e: d\\n"));
	free(s);
}

/* ---- trace-cmd's plugin forms, against a reading of them by hand -------- */

/* The first start of LIT in [P, E), one start at a time; NULL: none. */
static const char *find_each(const char *p, const char *e, const char *lit)
{
	size_t kl = strlen(lit);

	for (; e - p >= (ptrdiff_t)kl; p++)
		if (memcmp(p, lit, kl) == 0)
			return p;
	return NULL;
}

/* The last C in [P, E), one byte at a time; NULL: none. */
static const char *last_each(const char *p, const char *e, char c)
{
	const char *f = NULL;

	for (; p < e; p++)
		if (*p == c)
			f = p;
	return f;
}

/* "comm:pid [prio]" in [P, E) as trace-cmd's sched plugin writes it: the
 * prio between the last '[' (a blank before it, not at P) and the ']' at
 * the end, the pid after the last ':' before that blank (not empty). */
static bool task_by_hand(const char *p, const char *e, struct tm_str *f)
{
	const char *lb = last_each(p, e, '['), *colon;

	if (!lb || e == p || e[-1] != ']' || lb == p || lb[-1] != ' ')
		return false;
	if (!(colon = last_each(p, lb - 1, ':')) || colon + 1 == lb - 1)
		return false;
	f[0] = (struct tm_str){ p, (size_t)(colon - p) };
	f[1] = (struct tm_str){ colon + 1, (size_t)(lb - 1 - colon - 1) };
	f[2] = (struct tm_str){ lb + 1, (size_t)(e - lb - 2) };
	return true;
}

/* The kernel's key=value form of trace-cmd's sched_switch (SWITCH) or
 * sched_wakeup details D (N bytes) into OUT, read by hand from the
 * plugins' format strings ("%s:%d [%d] %s ==> %s:%d [%d]", "%s:%d [%d]
 * success=%d CPU:%03d" with or without success=); false: not that form
 * (the kernel's own: details starting "prev_comm=" or "comm=", or with
 * the key of its kind anywhere). */
static bool rewrite_by_hand(bool sw, const char *d, size_t n, char *out, size_t cap)
{
	const char *e = d + n, *arrow, *sp, *cpu, *end;
	struct tm_str t[6];

	if ((n >= 10 && memcmp(d, "prev_comm=", 10) == 0) || (n >= 5 && memcmp(d, "comm=", 5) == 0))
		return false;
	if (sw) {
		if (!(arrow = find_each(d, e, " ==> ")) || find_each(d, e, "prev_comm=") ||
		    !(sp = last_each(d, arrow, ' ')) || !task_by_hand(d, sp, t) ||
		    !task_by_hand(arrow + 5, e, t + 3))
			return false;
		snprintf(out, cap, "prev_comm=%.*s prev_pid=%.*s prev_prio=%.*s prev_state=%.*s ==> "
			 "next_comm=%.*s next_pid=%.*s next_prio=%.*s",
			 (int)t[0].n, t[0].p, (int)t[1].n, t[1].p, (int)t[2].n, t[2].p,
			 (int)(arrow - sp - 1), sp + 1, (int)t[3].n, t[3].p, (int)t[4].n, t[4].p,
			 (int)t[5].n, t[5].p);
		return true;
	}
	if (!(cpu = find_each(d, e, " CPU:")) || find_each(d, e, "comm="))
		return false;
	end = cpu - d > 10 && memcmp(cpu - 10, " success=", 9) == 0 ? cpu - 10 : cpu;
	if (!task_by_hand(d, end, t))
		return false;
	snprintf(out, cap, "comm=%.*s pid=%.*s prio=%.*s%s%.*s target_cpu=%.*s", (int)t[0].n,
		 t[0].p, (int)t[1].n, t[1].p, (int)t[2].n, t[2].p, end != cpu ? " success=" : "",
		 end != cpu ? 1 : 0, cpu - 1, (int)(e - cpu - 5), cpu + 5);
	return true;
}

/* tm_canon_rewrite_details (one pass for " ==> " and "prev_comm=", the
 * searches from the right 16 bytes at once, the pieces copied 16 bytes at
 * a time) gives the form read by hand for every variant of the sched
 * plugins' details: comms of every length to 40 around the 16 bytes read
 * at once, holding the bytes the reading looks for (':', '[', ']', blanks,
 * '=', " ==> ", "prev_comm=", " CPU:"), pids, prios and states of every
 * kind, and broken forms; each in a buffer of its exact length (a read
 * past the details fails under ASan). */
static void test_rewrite_by_hand(void **state)
{
	static const char *comms[] = {
		"", "a", "bash", "kworker/0:1", "a:b", "[x]", "a [1]", "x ]", "Web Content",
		"a=b", "x ==> y", "prev_comm=a", "comm=a", "a CPU:1", "jbd2/nvme0n1p2-", ":",
		"0123456789abcdef", "0123456789abcde:", "0123456789abcdef0123456789abcdef01234567",
	};
	static const char *pids[] = { "0", "123456", "", "1:2", "12 [3]" };
	static const char *prios[] = { "120", "", "-1", "0123456789abcdef0", "[1", "1]" };
	static const char *states[] = { "R", "R+", "", "S ==> x", "D|K" };
	static const char *forms[] = {
		"%s:%s [%s] %s ==> %s:%s [%s]", "%s:%s [%s] %s ==> %s:%s [%s] ", "%s:%s [%s] %s => %s:%s [%s]",
		"%s:%s[%s] %s ==> %s:%s [%s]", "%s %s [%s] %s ==> %s:%s [%s]", "%s:%s [%s] %s ==> %s %s [%s]",
	};
	static const char *wforms[] = {
		"%s:%s [%s] CPU:%s", "%s:%s [%s] success=1 CPU:%s", "%s:%s [%s] success=0 CPU:%s",
		"%s:%s [%s]  CPU:%s", "%s:%s [%s]success=1 CPU:%s", "%s:%s %s CPU:%s", "%s:%s [%s] CPU%s",
	};
	static const char *cpus[] = { "002", "", "0123456789abcdefg", "1 CPU:2" };
	char d[512], want[1024];
	size_t done = 0, rewritten = 0;

	(void)state;
	for (size_t a = 0; a < sizeof(comms) / sizeof(comms[0]); a++)
		for (size_t b = 0; b < sizeof(comms) / sizeof(comms[0]); b++)
			for (size_t v = 0; v < 5; v++)
				for (size_t f = 0; f < sizeof(forms) / sizeof(forms[0]) + 1; f++) {
					/* (the last: the wakeup forms, with comm A) */
					bool sw = f < sizeof(forms) / sizeof(forms[0]);
					struct tm_ftrace_event ev = { 0 };
					struct tm_buf out = { 0 };
					bool got, exp;
					int n;
					char *exact;

					if (sw)
						n = snprintf(d, sizeof(d), forms[f], comms[a], pids[v],
							     prios[(a + v) % 6], states[(b + v) % 5], comms[b],
							     pids[(a + b) % 5], prios[(b + v) % 6]);
					else
						n = snprintf(d, sizeof(d), wforms[(b + v) % 7], comms[a],
							     pids[v], prios[b % 6], cpus[(a + v) % 4]);
					exact = malloc((size_t)n + 1);
					assert_non_null(exact);
					memcpy(exact, d, (size_t)n);
					ev.name = sw ? (struct tm_str){ "sched_switch", 12 }
						     : (struct tm_str){ "sched_waking", 12 };
					ev.details = (struct tm_str){ exact, (size_t)n };
					got = tm_canon_rewrite_details(&out, &ev, NULL);
					exp = rewrite_by_hand(sw, exact, (size_t)n, want, sizeof(want));
					if (got != exp || (got && (out.n != strlen(want) ||
								    memcmp(out.p, want, out.n) != 0)))
						fail_msg("%.*s: %d %.*s, by hand %d %s", n, exact, got,
							 (int)out.n, out.p ? out.p : "", exp, exp ? want : "");
					assert_int_equal(out.n, got ? strlen(want) : 0);
					done++;
					rewritten += got;
					tm_buf_free(&out);
					free(exact);
				}
	/* both kinds met many times */
	assert_true(rewritten > done / 10 && rewritten < done - done / 10);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_flags),
		cmocka_unit_test(test_flag_table),
		cmocka_unit_test(test_tracecmd_rewrite),
		cmocka_unit_test(test_continuation_joined),
		cmocka_unit_test(test_counter_clock),
		cmocka_unit_test(test_number_edges),
		cmocka_unit_test(test_json_in_place),
		cmocka_unit_test(test_prefix_ahead),
		cmocka_unit_test(test_prefix_kernel_cols),
		cmocka_unit_test(test_prefix_kernel_layouts),
		cmocka_unit_test(test_prefix_fill),
		cmocka_unit_test(test_rewrite_plain),
		cmocka_unit_test(test_rewrite_by_hand),
	};
	return cmocka_run_group_tests_name("canon", tests, NULL, NULL);
}
