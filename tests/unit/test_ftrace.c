/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_ftrace.c - ftrace event lines, every variant of FORMATS.md section 1. */
#include "testutil.h"
#include "output.h"
#include "tracemerge/ftrace.h"
#include "ftrace_util.h"
#include "tuning.h"
#include "tracemerge/session.h"   /* tm_tuning_set */

static bool eq(struct tm_str s, const char *lit)
{
	return s.n == strlen(lit) && memcmp(s.p, lit, s.n) == 0;
}

#define assert_str(s, lit) do { \
	if (!eq((s), (lit))) \
		fail_msg("got [%.*s], want [%s]", (int)(s).n, (s).p, (lit)); \
} while (0)

static struct tm_ftrace_event parse(const char *line, int fw, bool tracecmd)
{
	struct tm_ftrace_event ev;
	if (tm_ftrace_parse_event(line, strlen(line), fw, tracecmd, &ev) != 0)
		fail_msg("did not parse: %s", line);
	return ev;
}

/* What the parser's shortcut learned of LINE's columns (it parses). */
static struct tm_ftrace_cols parse_cols(const char *line)
{
	struct tm_ftrace_event ev;
	struct tm_ftrace_cols cols;
	if (tm_ftrace_parse_event_cols(line, strlen(line), 0, false, &ev, &cols) != 0)
		fail_msg("did not parse: %s", line);
	return cols;
}

static void test_tgid_4flags(void **state)
{
	struct tm_ftrace_event ev = parse(
		"          atrace-14446  (-----) [000] ...2  1212.465062: sched_switch: "
		"prev_comm=atrace prev_pid=14446 prev_prio=120", 0, false);
	(void)state;
	assert_str(ev.comm, "atrace");
	assert_int_equal(ev.pid, 14446);
	assert_true(ev.has_tgid_col);
	assert_int_equal(ev.tgid, -1);
	assert_int_equal(ev.cpu, 0);
	assert_int_equal(ev.nflags, 4);
	assert_memory_equal(ev.flags, "...2", 4);
	assert_int_equal(ev.ts_ns, 1212465062000LL);
	assert_int_equal(ev.ts_digits, 6);
	assert_str(ev.name, "sched_switch");
	assert_str(ev.details, "prev_comm=atrace prev_pid=14446 prev_prio=120");
}

static void test_tgid_number_5flags_hex(void **state)
{
	struct tm_ftrace_event ev = parse(
		"chrome-10830 ( 10830) [000] dNsa. 4213.033572: tracing_mark_write: B|10830|hex_preempt",
		0, false);
	(void)state;
	assert_str(ev.comm, "chrome");
	assert_int_equal(ev.pid, 10830);
	assert_int_equal(ev.tgid, 10830);
	assert_int_equal(ev.nflags, 5);
	assert_memory_equal(ev.flags, "dNsa.", 5);
	assert_int_equal(ev.ts_ns, 4213033572000LL);
	assert_str(ev.name, "tracing_mark_write");
	assert_str(ev.details, "B|10830|hex_preempt");
	assert_true(tm_ftrace_is_marker(&ev));
}

static void test_no_tgid_no_flags(void **state)
{
	struct tm_ftrace_event ev = parse("<idle>-0     [000]  0.002188: tracing_mark_write: E|77",
					  0, false);
	(void)state;
	assert_str(ev.comm, "<idle>");
	assert_int_equal(ev.pid, 0);
	assert_false(ev.has_tgid_col);
	assert_int_equal(ev.tgid, -1);
	assert_int_equal(ev.nflags, 0);
	assert_int_equal(ev.ts_ns, 2188000);
	assert_str(ev.details, "E|77");
}

static void test_glued_flags_ts(void **state)
{
	struct tm_ftrace_event ev = parse(
		"kworker/u16:1-77    (   77) [004] ....316.196720: tracing_mark_write: B|77|x", 0, false);
	(void)state;
	assert_str(ev.comm, "kworker/u16:1");
	assert_int_equal(ev.tgid, 77);
	assert_int_equal(ev.cpu, 4);
	assert_int_equal(ev.nflags, 4);
	assert_memory_equal(ev.flags, "....", 4);
	assert_int_equal(ev.ts_ns, 316196720000LL);
	/* "d..2" glued: a width hint of 5 takes "d..23" as flags */
	ev = parse("a-1 [001] d..23316.1: x: y", 5, false);
	assert_memory_equal(ev.flags, "d..23", 5);
	assert_int_equal(ev.ts_ns, 316100000000LL);
	ev = parse("a-1 [001] d..23316.1: x: y", 4, false);
	assert_memory_equal(ev.flags, "d..2", 4);
	assert_int_equal(ev.ts_ns, 3316100000000LL);
}

static void test_comm_variants(void **state)
{
	struct tm_ftrace_event ev;
	(void)state;
	/* pid is the LAST -digits before the columns */
	ev = parse("task-1234-567    ( 567) [000] ....   100.000000: tracing_mark_write: E|567", 0, false);
	assert_str(ev.comm, "task-1234");
	assert_int_equal(ev.pid, 567);
	/* spaces, colons, slashes, parentheses in comm */
	ev = parse(" Binder Thread #-340   [000] d..3 50260.935656: x: y", 0, false);
	assert_str(ev.comm, "Binder Thread #");
	assert_int_equal(ev.pid, 340);
	ev = parse("   kworker/0:1H-(x)-12 [003] .... 1.000001: a: b", 0, false);
	assert_str(ev.comm, "kworker/0:1H-(x)");
	assert_int_equal(ev.pid, 12);
	ev = parse("           <...>-19161 (-----) [001] ...1 683201.354908: tracing_mark_write: "
		   "trace_event_clock_sync: parent_ts=683201.375000", 0, false);
	assert_str(ev.comm, "<...>");
	assert_int_equal(ev.pid, 19161);
	assert_str(ev.details, "trace_event_clock_sync: parent_ts=683201.375000");
}

static void test_timestamps(void **state)
{
	struct tm_ftrace_event ev;
	(void)state;
	ev = parse("a-1 [000] .... 12.123456789: e: d", 0, false);
	assert_int_equal(ev.ts_ns, 12123456789LL);
	assert_int_equal(ev.ts_digits, 9);
	ev = parse("dummy-0000  [000] 0.0: 0: trace_event_clock_sync: parent_ts=0.0", 0, false);
	assert_int_equal(ev.ts_ns, 0);
	assert_int_equal(ev.ts_digits, 1);
	assert_int_equal(ev.pid, 0);
	assert_str(ev.name, "0");
	assert_true(tm_ftrace_is_marker(&ev));
	/* counter-type clocks print raw integers */
	ev = parse("a-1 [000] .... 123456789012345: e: d", 0, false);
	assert_int_equal(ev.ts_digits, -1);
	assert_int_equal(ev.ts_ns, 123456789012345LL);
}

/* A timestamp is read the same whether 16 bytes follow it or fewer (the
 * reader looks at 16 bytes at once when it can).  Values by hand. */
static void test_timestamp_positions(void **state)
{
	static const struct {
		const char *ts;
		int64_t ns;
		int digits;
	} c[] = {
		{ "1.5", 1500000000LL, 1 },
		{ "0.000001", 1000LL, 6 },
		{ "123456789.123456789", 123456789123456789LL, 9 },
		{ "987654321.1", 987654321100000000LL, 1 },
		{ "1234567890.5", 1234567890500000000LL, 1 },   /* 10 digits of seconds */
		{ "12345.123456789", 12345123456789LL, 9 },     /* 15 bytes: fraction to the edge */
		{ "1234567.12345678", 1234567123456780LL, 8 },  /* 16 bytes */
		{ "7", 7, -1 },                                 /* counter clock */
		{ "12345678.12345678", 12345678123456780LL, 8 },
		{ "1234567.123456789", 1234567123456789LL, 9 },
		{ "100.000000", 100000000000LL, 6 },
		{ "0.1", 100000000LL, 1 },
	};
	char line[256];
	(void)state;
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		for (int tail = 0; tail < 2; tail++) {
			struct tm_ftrace_event ev;
			snprintf(line, sizeof(line), "a-1 [000] .... %s: %s", c[i].ts,
				 tail ? "a_long_event_name: and its details" : "e:");
			ev = parse(line, 0, false);
			if (ev.ts_ns != c[i].ns || ev.ts_digits != c[i].digits)
				fail_msg("%s: got %lld (%d digits)", line, (long long)ev.ts_ns,
					 ev.ts_digits);
			assert_str(ev.name, tail ? "a_long_event_name" : "e");
		}
	}
	/* odd forms: whatever is made of them, the same near the end and far */
	{
		static const char *odd[] = { "1.:", "1.5.5:", ".5:", "1:", "0001.0001:",
					     "123456789012.1:", "1.1234567890:" };
		for (size_t i = 0; i < sizeof(odd) / sizeof(odd[0]); i++) {
			struct tm_ftrace_event a, b;
			int ra, rb;
			snprintf(line, sizeof(line), "a-1 [000] .... %s e:", odd[i]);
			ra = tm_ftrace_parse_event(line, strlen(line), 0, false, &a);
			snprintf(line, sizeof(line), "a-1 [000] .... %s a_long_event_name: x", odd[i]);
			rb = tm_ftrace_parse_event(line, strlen(line), 0, false, &b);
			assert_int_equal(ra, rb);
			if (ra == 0) {
				assert_int_equal(a.ts_ns, b.ts_ns);
				assert_int_equal(a.ts_digits, b.ts_digits);
			}
		}
	}
	/* a timestamp must end in ':' and a blank */
	for (int tail = 0; tail < 2; tail++) {
		struct tm_ftrace_event ev;
		snprintf(line, sizeof(line), "a-1 [000] .... 1.5:x %s",
			 tail ? "a_long_event_name: and its details" : "e:");
		assert_int_equal(tm_ftrace_parse_event(line, strlen(line), 0, false, &ev), -1);
	}
}

/* Lines in the kernel's exact layout are read without the general search:
 * same fields, and nothing left over from the line read before into the
 * same struct (values by hand). */
static void test_kernel_layout(void **state)
{
	static const char padded[] = "          bash-1234  ( 1234) [002] d..1  5.000001: e:  x";
	static const char fn[] = "          bash-1234  (-----) [000] .... 1.000000: func <-parent";
	static const char pr[] = "  <...>-7     (    7) [001] ...1 2.5: print: tracing_mark_write: B|7|x";
	struct tm_ftrace_event ev;
	(void)state;
	assert_int_equal(tm_ftrace_parse_event(padded, strlen(padded), 0, false, &ev), 0);
	assert_true(ev.name_padded);
	assert_int_equal(ev.tgid, 1234);
	assert_int_equal(ev.cpu, 2);
	assert_int_equal(ev.ts_ns, 5000001000LL);
	assert_str(ev.details, " x");
	assert_int_equal(tm_ftrace_parse_event(fn, strlen(fn), 0, false, &ev), 0);
	assert_false(ev.name_padded);
	assert_false(ev.print_prefixed);
	assert_int_equal(ev.style, TM_EV_FUNCTION);
	assert_str(ev.details, "func <-parent");
	assert_int_equal(ev.tgid, -1);
	assert_true(ev.has_tgid_col);
	assert_int_equal(tm_ftrace_parse_event(pr, strlen(pr), 0, false, &ev), 0);
	assert_true(ev.print_prefixed);
	assert_str(ev.name, "tracing_mark_write");
	assert_str(ev.comm, "<...>");
	assert_int_equal(ev.pid, 7);
	assert_int_equal(ev.ts_digits, 1);
	assert_int_equal(tm_ftrace_parse_event(fn, strlen(fn), 0, false, &ev), 0);
	assert_false(ev.print_prefixed);
	assert_int_equal(ev.instance.n, 0);
	assert_int_equal(ev.nflags, 4);
	assert_int_equal(ev.flags[4], 0);
}

/* The columns found at the kernel's fixed places (kernel_cols): set for
 * lines written as printf writes them (by hand below), never for others;
 * and every byte of such a line changed to each of a few others reads the
 * same as by the general search. */
/* The layouts of the field read by the kernel-layout shortcut (a current
 * kernel's 5 flags and no TGID column, Android's "(-----)", `trace-cmd
 * report` without flags, 9 decimals and padded names) give what the
 * general parser gives, also with any byte of the first 60 replaced. */
static void test_field_layouts(void **state)
{
	static const struct {
		const char *line;
		bool tracecmd;
	} yes[] = {
		{ "          <idle>-0       [001] d.h2.   100.000000: irq_handler_exit: irq=27 ret=handled", false },
		{ "     Web Content-123456  [002] ...1.   100.000024: tracing_mark_write: B|123401|draw", false },
		{ "   binder:3990_2-4003  (-----) [003] ...1   100.000024: tracing_mark_write: B|3990|x", false },
		{ "    kworker/0:2H-557       (-----) [000] ...2  1212.732854: sched_switch: prev_comm=a", false },
		{ "          <idle>-0     [000]   100.000007742: cpu_idle:             state=-1 cpu_id=0", true },
		{ "   kworker/u16:3-210   [001]   100.000008934: print:                0xffffffff8149895a: B|1|x", true },
		{ "        bash-42 [001]  2913.348883: sched_switch: bash:42 [120] R ==> rcu:15 [120]", true },
		{ "myinst:  bash-42 [001]  2913.348883: sched_switch: bash:42 [120] R ==> rcu:15 [120]", true },
	};
	static const char repl[] = " \t-09[]():a.";
	char line[160];

	(void)state;
	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		for (int tc = 0; tc < 2; tc++) {
			bool tracecmd = tc ? !yes[i].tracecmd : yes[i].tracecmd;

			if (!tm_t_parsers_agree(yes[i].line, strlen(yes[i].line), 0, tracecmd))
				fail_msg("read differently: %s", yes[i].line);
			for (size_t at = 0; at < 60; at++) {
				for (size_t k = 0; k < sizeof(repl) - 1; k++) {
					snprintf(line, sizeof(line), "%s", yes[i].line);
					line[at] = repl[k];
					if (!tm_t_parsers_agree(line, strlen(line), 0, tracecmd))
						fail_msg("read differently (%d): %s", tracecmd, line);
				}
			}
		}
	}
}

/* LINE (N bytes, no NUL after it) read the same by the parser and by its
 * general search, in both trace-cmd modes (malloc'd to its exact length:
 * a shortcut that reads past the line fails under ASan). */
static void agree_exact(const char *line, size_t n)
{
	char *exact = malloc(n ? n : 1);

	assert_non_null(exact);
	memcpy(exact, line, n);
	for (int tc = 0; tc < 2; tc++) {
		if (!tm_t_parsers_agree(exact, n, 0, tc))
			fail_msg("read differently (trace-cmd %d): %.*s", tc, (int)n, line);
	}
	free(exact);
}

/* The pieces of the kernel-layout shortcut that read 16 bytes at a time
 * (the "COMM-PID" before the blanks, the time of 6 or 9 decimals, the
 * name) against the general search: comms, pids and blanks of every
 * length around the 16 bytes read before the CPU column, with and without
 * the TGID column; times of every form and length at the line's end; names
 * of every length with one or more blanks after them, and "print" with
 * the forms of a trace_marker write and others. */
static void test_kernel_layout_pieces(void **state)
{
	static const char *comms[] = { "", "a", "<idle>", "a-1", "x 1", "kworker/u16:3", "-", "1",
				       "0123456789abcdef", "Web Content", "a-", "\tb" };
	static const char *pids[] = { "", "0", "7", "00", "012", "123456", "1234567", "12345678",
				      "123456789", "1234567890", "99999999999", "1a", "-1" };
	static const char *tgids[] = { "", " (-----)", " ( 1234)", " (123456)" };
	static const char *stamps[] = {
		"100.000000:", "100.000097202:", "1.000001:", "1234567.000001:", "12345678.000001:",
		"12345.123456789:", "123456.123456789:", "0.000000000:", "1.12345678:", "1.1234567890:",
		"01.000001:", "1.000001x:", "1.000001", "1..000001:", "1.000001::", "1.00000a:",
		"99999.999999999:", "1.000000001 :", ".000001:",
	};
	static const char *tails[] = {
		"", " ", " e: x", " e:", " e:  x", " e:\tx",
		" sched_switch:         a:1 [120] S ==> b:2 [120]",
		" print:                0xffffffff8149895a: B|1|x", " f <-parent",
		/* print's forms, read by the name's shortcut as by the search */
		" print: 0xffffffff8149895a: B|1|x", " print: tracing_mark_write: B|1|x",
		" print:   tracing_mark_write:B|1|x", " print: x", " print: 0x: x", " print: 0xab:x",
		" print:", " print: ", " prin: 0xab: x", " printk: 0xab: x",
		" a_name_of_thirty_one_bytes_xx: d", " a_name_of_thirty_two_bytes_xxx: d",
	};
	char line[256];
	(void)state;
	for (size_t c = 0; c < sizeof(comms) / sizeof(comms[0]); c++) {
		for (size_t p = 0; p < sizeof(pids) / sizeof(pids[0]); p++) {
			for (size_t t = 0; t < sizeof(tgids) / sizeof(tgids[0]); t++) {
				for (int lead = 0; lead <= 18; lead += 3) {
					for (int gap = 0; gap <= 8; gap += 2) {
						int n = snprintf(line, sizeof(line),
								 "%*s%s-%s%*s%s [001] d.h2.   100.000000: e: x",
								 lead, "", comms[c], pids[p], gap, "",
								 tgids[t]);
						agree_exact(line, (size_t)n);
					}
				}
			}
		}
	}
	for (size_t i = 0; i < sizeof(stamps) / sizeof(stamps[0]); i++) {
		for (size_t k = 0; k < sizeof(tails) / sizeof(tails[0]); k++) {
			for (int form = 0; form < 3; form++) {
				static const char *heads[] = {
					"          <idle>-0       [001] d.h2.   ",
					"          <idle>-0     [000]   ",
					"   binder:3990_2-4003  (-----) [003] ...1 ",
				};
				int n = snprintf(line, sizeof(line), "%s%s%s", heads[form], stamps[i],
						 tails[k]);
				agree_exact(line, (size_t)n);
			}
		}
	}
	{
		/* by hand: 9 decimals, the pid before 6 blanks, a padded name */
		struct tm_ftrace_event ev = parse("     Web Content-123456      [001]   100.000097572: "
						  "sched_waking:         ksoftirqd/0:15 [120] CPU:003",
						  0, true);
		assert_int_equal(ev.ts_ns, 100000097572LL);
		assert_int_equal(ev.ts_digits, 9);
		assert_int_equal(ev.pid, 123456);
		assert_str(ev.comm, "Web Content");
		assert_str(ev.name, "sched_waking");
		assert_true(ev.name_padded);
		assert_str(ev.details, "ksoftirqd/0:15 [120] CPU:003");
		ev = parse("   kworker/u16:3-210     [001] ...1.   12.000008: wq: w", 0, false);
		assert_int_equal(ev.ts_ns, 12000008000LL);
		assert_int_equal(ev.pid, 210);
		assert_str(ev.comm, "kworker/u16:3");
		assert_int_equal(ev.nflags, 5);
		assert_int_equal(memcmp(ev.flags, "...1.\0\0", 8), 0);
	}
}

/* trace-cmd's print: "print: 0xHEX: TEXT" is a trace_marker write for
 * addresses of every length to 40 hex digits (read 16 at a time), the
 * line ending right after them or not; one byte that is not a lower-case
 * hex digit anywhere in them, and it is not (values by hand). */
static void test_print_address(void **state)
{
	static const char hex[] = "0123456789abcdef";
	static const char bad[] = "gA/:`G ";
	char line[160];
	(void)state;
	for (size_t n = 0; n <= 40; n++) {
		for (int tail = 0; tail < 3; tail++) {
			static const char *tails[] = { ": B|1|x", ": ", ":" };
			size_t at = 0;
			int len = snprintf(line, sizeof(line),
					   "            bash-1     [000]   1.000001000: print: 0x");
			char *exact;
			struct tm_ftrace_event ev;

			for (size_t i = 0; i < n; i++)
				line[len++] = hex[(i * 7 + n) % 16];
			len += snprintf(line + len, sizeof(line) - (size_t)len, "%s", tails[tail]);
			for (size_t k = 0; k <= n; k++) {
				/* k == n: as written; else byte k of the address changed */
				char saved = 0;

				at = (size_t)len - strlen(tails[tail]) - n + k;
				if (k < n) {
					saved = line[at];
					line[at] = bad[k % (sizeof(bad) - 1)];
				}
				exact = malloc((size_t)len);
				assert_non_null(exact);
				memcpy(exact, line, (size_t)len);
				assert_int_equal(tm_ftrace_parse_event(exact, (size_t)len, 0, true, &ev), 0);
				if (k == n && n > 0 && tail < 2) {
					assert_true(ev.print_prefixed);
					assert_str(ev.name, "tracing_mark_write");
					assert_int_equal(ev.details.n, tail == 0 ? 5 : 0);
				} else {
					assert_false(ev.print_prefixed);
					assert_str(ev.name, "print");
					assert_int_equal(ev.details.p - exact, at - (k < n ? k : n) - 2);
				}
				if (!tm_t_parsers_agree(exact, (size_t)len, 0, true))
					fail_msg("read differently: %.*s", len, line);
				free(exact);
				if (k < n)
					line[at] = saved;
			}
		}
	}
}

static void test_fixed_columns(void **state)
{
	static const char *yes[] = {
		"          <idle>-0     (-----) [003] d.h2   100.000002: irq_handler_exit: irq=29 ret=handled",
		"     kworker/1:2-210   (  210) [001] ...1   100.000008: workqueue_execute_start: w",
		"  surfaceflinger-12345 (12345) [000] .... 12345.000001: tracing_mark_write: B|12345|x",
		"               a-1     (    1) [999] dNh. 0.000001: e: ",
		"     foo-bar-1-2-3     (-----) [010] .... 1.000000: e: x",
		"0123456789abcdef-1     (-----) [003] d.h2   100.000002: e: x",  /* 16 bytes */
	};
	static const char *no[] = {
		"          <idle>-00    (-----) [003] d.h2   100.000002: e: x",  /* pid 00 */
		"            bash-1     (00012) [003] d.h2   100.000002: e: x",  /* tgid 00012 */
		"            bash-123456 (-----) [003] d.h2   100.000002: e: x", /* 6 digits */
		"  bash-1 (-----) [003] d.h2   100.000002: e: x",                /* short comm */
		"0123456789abcde-1     (-----) [003] d.h2   100.000002: e: x",   /* short */
		"         [bash]a-1     (-----) [003] d.h2   100.000002: e: x",  /* '[' in it */
		"\t              a-1     (-----) [003] d.h2   100.000002: e: x", /* a tab */
		"            bash-1     (-----) [003] d.h2.   100.000002: e: x", /* 5 flags */
		"            bash-1\t    (-----) [003] d.h2   100.000002: e: x",
	};
	static const char repl[] = " \t-09[]():a.";
	static const char *stamps[] = {
		"1.000001:", "1234567.000001:", "12345678.000001:", "0.000000:", "1.0000001:",
		"1.00001:", "1.000001x:", "1.000001:x", "1.000001", ".000001:", "1.00000a:",
		"01.000001:", "1.000001::", "1..000001:", "123456789.000001:", "1.000001 :",
		"9999999.999999:", "   5.000005:", "\t5.000005:",
	};
	char line[160];
	(void)state;
	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		struct tm_ftrace_event ev = parse(yes[i], 0, false);
		if (!parse_cols(yes[i]).kernel_cols ||
		    !tm_t_printf_columns(yes[i], strlen(yes[i]), &ev))
			fail_msg("not found in place: %s", yes[i]);
	}
	for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++) {
		if (parse_cols(no[i]).kernel_cols)
			fail_msg("found in place: %s", no[i]);
	}
	/* timestamps of every form after the fixed columns (the usual 6
	 * decimals read by their own shortcut), the line ending there or not */
	for (size_t i = 0; i < sizeof(stamps) / sizeof(stamps[0]); i++) {
		for (int tail = 0; tail < 3; tail++) {
			snprintf(line, sizeof(line), "            bash-1     (-----) [003] d.h2 %s%s",
				 stamps[i], tail == 0 ? "" : tail == 1 ? " e: x" : "\te:  a long detail");
			if (!tm_t_parsers_agree(line, strlen(line), 0, false))
				fail_msg("read differently: %s", line);
		}
	}
	/* names of every length to 40 after them, with details of every kind
	 * (none, blanks, a tab, long), across the 32 bytes the name is looked
	 * for in and the line's end; "print" and the function tracer's form */
	for (size_t n = 0; n <= 40; n++) {
		static const char *tails[] = { ":", ": ", ": x", ":  x", ":\tx", ": dddddddddddddddddddddddddddddddddddddddd", "",
					       " <-parent", ": tracing_mark_write: B|1|a longer slice name" };
		char name[48];

		memset(name, 'n', n);
		name[n] = '\0';
		if (n == 5)
			memcpy(name, "print", 5);
		for (size_t k = 0; k < sizeof(tails) / sizeof(tails[0]); k++) {
			size_t len = (size_t)snprintf(line, sizeof(line),
						      "            bash-1     (-----) [003] d.h2 1.000001: %s%s",
						      name, tails[k]);
			char *exact = malloc(len);   /* no byte after the line (ASan) */

			assert_non_null(exact);
			memcpy(exact, line, len);
			if (!tm_t_parsers_agree(exact, len, 0, false))
				fail_msg("read differently: %s", line);
			free(exact);
		}
	}
	{
		struct tm_ftrace_event ev = parse("            bash-1     (-----) [003] d.h2 "
						  "1234567.000042: e: x", 0, false);
		assert_int_equal(ev.ts_ns, 1234567000042000LL);
		assert_int_equal(ev.ts_digits, 6);
		ev = parse("            bash-1     (-----) [003] d.h2 0.999999: e: x", 0, false);
		assert_int_equal(ev.ts_ns, 999999000LL);
	}
	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		for (size_t at = 0; at < 48; at++) {
			for (size_t k = 0; k < sizeof(repl) - 1; k++) {
				snprintf(line, sizeof(line), "%s", yes[i]);
				line[at] = repl[k];
				if (!tm_t_parsers_agree(line, strlen(line), 0, false))
					fail_msg("read differently: %s", line);
			}
		}
	}
}

static void test_function_tracer(void **state)
{
	struct tm_ftrace_event ev = parse(
		"            bash-1977  [000] .... 17284.993652: sys_close <-system_call_fastpath",
		0, false);
	(void)state;
	assert_int_equal(ev.style, TM_EV_FUNCTION);
	assert_str(ev.name, "function");
	assert_str(ev.details, "sys_close <-system_call_fastpath");
	ev = parse("  bash-1977  [000] .... 17284.993653: graph_ent: func=sys_close", 0, false);
	assert_int_equal(ev.style, TM_EV_KERNEL);
	assert_str(ev.name, "graph_ent");
	assert_str(ev.details, "func=sys_close");
}

static void test_tracecmd_forms(void **state)
{
	struct tm_ftrace_event ev;
	(void)state;
	ev = parse("            bash-22551 [002]  2913.348883: print:                "
		   "tracing_mark_write: B|22551|work", 0, true);
	assert_str(ev.name, "tracing_mark_write");
	assert_true(ev.print_prefixed);
	assert_str(ev.details, "B|22551|work");
	ev = parse("            bash-22551 [002]  2913.348883: sched_switch:         "
		   "bash:22551 [120] R ==> rcu_preempt:15 [120]", 0, true);
	assert_str(ev.name, "sched_switch");
	assert_true(ev.name_padded);
	assert_str(ev.details, "bash:22551 [120] R ==> rcu_preempt:15 [120]");
	ev = parse("myinst:            bash-42    [001]  2913.348883: sched_waking: comm=x pid=1",
		   0, true);
	assert_str(ev.instance, "myinst");
	assert_str(ev.comm, "bash");
	assert_int_equal(ev.pid, 42);
	/* kernel form keeps the payload after exactly one blank */
	ev = parse("a-1 [000] .... 1.000000: tracing_mark_write:   spaced", 0, false);
	assert_str(ev.details, "  spaced");
}

static void test_not_events(void **state)
{
	static const char *bad[] = {
		"", "# tracer: nop", "cpus=8", "TRACE:", "some = 000, other = 0x4",
		" [000] 50265.647422: sched_switch: prev_comm=EventThread",  /* no comm-pid */
		"a-1 [000] .... notatime: e: d", "a-x [000] .... 1.0: e: d",
		"a-1 [abc] .... 1.0: e: d", "a-1[000] .... 1.0: e: d",
		"a-99999999999 [000] .... 1.0: e: d",
	};
	struct tm_ftrace_event ev;
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (tm_ftrace_parse_event(bad[i], strlen(bad[i]), 0, false, &ev) == 0)
			fail_msg("parsed but should not: %s", bad[i]);
}

/* Walk a block and return the kinds of its lines as a string. */
static void kinds(const char *text, char *out, struct tm_ftrace_header *hdr)
{
	static const char k[] = "bhnEgR";
	struct tm_ftrace_reader *r = tm_ftrace_reader_new(text, strlen(text));
	struct tm_ftrace_line l;
	while (tm_ftrace_next(r, &l)) {
		*out++ = k[l.kind];
		for (unsigned i = 0; i < l.ncont; i++)
			*out++ = '+';
	}
	*out = '\0';
	if (hdr)
		*hdr = *tm_ftrace_reader_header(r);
	tm_ftrace_reader_free(r);
}

static void test_reader_header(void **state)
{
	char k[64];
	struct tm_ftrace_header h;
	(void)state;
	kinds("# tracer: function_graph\r\n"
	      "#\r\n"
	      "# entries-in-buffer/entries-written: 1042/2000   #P:6\r\n"
	      "# clock_type=LINUX_CLOCK_MONOTONIC\r\n"
	      "#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\r\n"
	      "##### CPU 3 buffer started ####\r\n"
	      "a-1 [000] d..2. 1.000000: e: d\r\n"
	      "CPU:2 [LOST 17 EVENTS]\r\n"
	      "a-1 [000] d..2. 1.000001: e: d", k, &h);
	assert_string_equal(k, "hhhhhhEnE");
	assert_string_equal(h.tracer, "function_graph");
	assert_int_equal(h.entries, 1042);
	assert_int_equal(h.written, 2000);
	assert_int_equal(h.ncpus, 6);
	assert_string_equal(h.clock_type, "LINUX_CLOCK_MONOTONIC");
	assert_int_equal(h.legend_flags, 5);
	assert_false(h.legend_tgid);
	assert_int_equal(h.lost_events, 17);
}

static void test_reader_noise_and_rejects(void **state)
{
	char k[64];
	struct tm_ftrace_header h;
	(void)state;
	/* adb preamble before TRACE:, then data, a garbage line, a blank line */
	kinds("capturing trace... done\nTRACE:\n# tracer: nop\n"
	      "a-1 [000] .... 1.000000: sched_switch: x\n"
	      "garbage here\n\n   \n"
	      "a-1 [000] .... 1.000001: e: d\n", k, &h);
	assert_string_equal(k, "nnhERbbE");
	kinds("cpus=4\nversion = 6\na-1 [000]  1.000000: e: d\n", k, &h);
	assert_string_equal(k, "nnE");
	assert_true(h.tracecmd);
	assert_int_equal(h.ncpus, 4);
}

static void test_reader_continuations(void **state)
{
	const char *text =
		"a-1 [000] .... 1.000000: tracing_mark_write: first\n"
		"second line\n"
		"third line\n"
		"a-1 [000] .... 1.000001: sched_switch: x\n"
		"not a continuation\n";
	struct tm_ftrace_reader *r = tm_ftrace_reader_new(text, strlen(text));
	struct tm_ftrace_line l;
	(void)state;
	assert_int_equal(tm_ftrace_next(r, &l), 1);
	assert_int_equal(l.kind, TM_LN_EVENT);
	assert_int_equal(l.lineno, 1);
	assert_int_equal(l.ncont, 2);
	assert_str(l.cont, "second line\nthird line");
	assert_int_equal(tm_ftrace_next(r, &l), 1);
	assert_int_equal(l.kind, TM_LN_EVENT);
	assert_int_equal(l.lineno, 4);
	assert_int_equal(tm_ftrace_next(r, &l), 1);
	assert_int_equal(l.kind, TM_LN_REJECTED); /* only markers continue */
	assert_int_equal(l.lineno, 5);
	assert_int_equal(tm_ftrace_next(r, &l), 0);
	tm_ftrace_reader_free(r);
}

/* The line after a marker is cut once, when looking for continuation
 * lines, and that cut taken again: every kind of line after a marker reads
 * as by hand and as the reference reader (the tuning's reference path: each line cut anew)
 * reads it. */
static void test_reader_after_markers(void **state)
{
	static const char text[] =
		"m-1 [000] .... 1.000000: tracing_mark_write: B|1|a\n"
		"m-1 [000] .... 1.000001: tracing_mark_write: E|1\r\n"
		"\n"
		"m-1 [000] .... 1.000002: tracing_mark_write: x \"quoted\" text past 32 bytes\n"
		"# a header after a marker\n"
		"m-1 [000] .... 1.000003: tracing_mark_write: y\n"
		"a line with a NUL \0 byte that runs past thirty-two\n"
		"m-1 [000] .... 1.000004: tracing_mark_write: z\n"
		"continued\n"
		"m-1 [000] .... 1.000005: sched_switch: prev_comm=a\n"
		"m-1 [000] .... 1.000006: tracing_mark_write: last";
	static const struct {
		char kind;
		unsigned long lineno;
		const char *raw;   /* its start */
	} want[] = {
		{ 'E', 1, "m-1 [000] .... 1.000000: tracing_mark_write: B|1|a" },
		{ 'E', 2, "m-1 [000] .... 1.000001: tracing_mark_write: E|1" },
		{ 'b', 3, "" },
		{ 'E', 4, "m-1 [000] .... 1.000002: tracing_mark_write: x \"quoted\" text past 32 bytes" },
		{ 'h', 5, "# a header after a marker" },
		{ 'E', 6, "m-1 [000] .... 1.000003: tracing_mark_write: y" },
		{ 'R', 7, "a line with a NUL " },
		{ 'E', 8, "m-1 [000] .... 1.000004: tracing_mark_write: z" },   /* + "continued" */
		{ 'E', 10, "m-1 [000] .... 1.000005: sched_switch: prev_comm=a" },
		{ 'E', 11, "m-1 [000] .... 1.000006: tracing_mark_write: last" },
	};
	static const char kind[] = "bhnEgR";
	struct tm_ftrace_reader *r, *ref;
	struct tm_ftrace_line l, g;
	size_t i = 0;
	(void)state;
	r = tm_ftrace_reader_new(text, sizeof(text) - 1);
	tm_tuning_set(&(struct tm_tuning){ .reference = true });
	ref = tm_ftrace_reader_new(text, sizeof(text) - 1);
	tm_tuning_set(NULL);
	while (tm_ftrace_next(r, &l)) {
		assert_true(i < sizeof(want) / sizeof(want[0]));
		assert_int_equal(tm_ftrace_next(ref, &g), 1);
		if (kind[l.kind] != want[i].kind || l.lineno != want[i].lineno || l.ncont != (i == 7) ||
		    l.raw.n < strlen(want[i].raw) || memcmp(l.raw.p, want[i].raw, strlen(want[i].raw)))
			fail_msg("line %zu: kind %c line %lu [%.*s]", i, kind[l.kind], l.lineno,
				 (int)l.raw.n, l.raw.p);
		assert_true(tm_t_same_line(&l, &g));
		i++;
	}
	assert_int_equal(tm_ftrace_next(ref, &g), 0);
	assert_int_equal(i, sizeof(want) / sizeof(want[0]));
	tm_ftrace_reader_free(r);
	tm_ftrace_reader_free(ref);
}

static void test_reader_js_escaped_and_limits(void **state)
{
	char k[64];
	struct tm_ftrace_header h;
	char *big;
	(void)state;
	kinds("# tracer: nop\\n\\\n#\\n\\\na-1 [000] 1.000000: e: d\\n\\\n", k, &h);
	assert_string_equal(k, "hhE");
	assert_true(h.js_escaped);
	/* a 10 MB line is rejected without being parsed; NUL bytes too */
	big = malloc(10u << 20);
	memset(big, 'x', (10u << 20) - 1);
	big[(10u << 20) - 1] = '\0';
	memcpy(big, "a-1 [000] .... 1.0: e: ", 23);
	kinds(big, k, &h);
	assert_string_equal(k, "R");
	free(big);
	struct tm_ftrace_reader *r = tm_ftrace_reader_new("a-1 [000] .... 1.0: e: \0x\n", 26);
	struct tm_ftrace_line l;
	assert_int_equal(tm_ftrace_next(r, &l), 1);
	assert_int_equal(l.kind, TM_LN_REJECTED);
	tm_ftrace_reader_free(r);
}

/* Kinds of the lines of N bytes at TEXT (which may hold NUL bytes). */
static void kinds_n(const char *text, size_t n, char *out)
{
	static const char k[] = "bhnEgR";
	struct tm_ftrace_reader *r = tm_ftrace_reader_new(text, n);
	struct tm_ftrace_line l;
	while (tm_ftrace_next(r, &l)) {
		*out++ = k[l.kind];
		for (unsigned i = 0; i < l.ncont; i++)
			*out++ = '+';
	}
	*out = '\0';
	tm_ftrace_reader_free(r);
}

/* A NUL byte rejects its own line only, wherever it sits: in the first 16
 * bytes, after them, in a short last line, or in what would be a marker's
 * continuation line (which is then a line of its own). */
static void test_nul_positions(void **state)
{
	static const char ev[] = "a-1 [000] .... 1.000000: e: d\n";
	static const char mk[] = "a-1 [000] .... 1.000000: tracing_mark_write: x\n";
	char buf[512], k[16];
	size_t n;
	(void)state;
#define PUT(s) (memcpy(buf + n, s, sizeof(s) - 1), n += sizeof(s) - 1)
	n = 0; PUT(ev); PUT("a\0-1 [000] .... 1.000000: e: d\n"); PUT(ev);
	kinds_n(buf, n, k);
	assert_string_equal(k, "ERE");
	n = 0; PUT(ev); PUT("a-1 [000] .... 1.000000: e: long details \0 here\n"); PUT(ev);
	kinds_n(buf, n, k);
	assert_string_equal(k, "ERE");
	n = 0; PUT(ev); PUT("x\0y");
	kinds_n(buf, n, k);
	assert_string_equal(k, "ER");
	n = 0; PUT(ev); PUT("x\0y\n"); PUT(ev);
	kinds_n(buf, n, k);
	assert_string_equal(k, "ERE");
	/* a NUL just after the newline belongs to the next line */
	n = 0; PUT(ev); PUT("\0"); PUT(ev);
	kinds_n(buf, n, k);
	assert_string_equal(k, "ER");
	n = 0; PUT(mk); PUT("more\n"); PUT("mo\0re\n"); PUT(ev);
	kinds_n(buf, n, k);
	assert_string_equal(k, "E+RE");
#undef PUT
	/* NUL lines far apart (the text is searched ahead in 64 KiB pieces) */
	{
		size_t len = 0, cap = 4200 * sizeof(ev), nr = 0, ne = 0;
		char *big = malloc(cap);
		struct tm_ftrace_reader *r;
		struct tm_ftrace_line l;
		assert_non_null(big);
		for (int i = 0; i < 4100; i++) {
			const char *line = i == 2200 || i == 4050 ? "x\0\n" : ev;
			size_t ln = line == ev ? sizeof(ev) - 1 : 3;
			memcpy(big + len, line, ln);
			len += ln;
		}
		r = tm_ftrace_reader_new(big, len);
		while (tm_ftrace_next(r, &l)) {
			if (l.kind == TM_LN_REJECTED) {
				assert_true(l.lineno == 2201 || l.lineno == 4051);
				nr++;
			} else {
				assert_int_equal(l.kind, TM_LN_EVENT);
				ne++;
			}
		}
		assert_int_equal(nr, 2);
		assert_int_equal(ne, 4098);
		tm_ftrace_reader_free(r);
		free(big);
	}
}

/* The reader's facts of each line's columns are the parser's of that line
 * alone, also for a marker, after which the reader parses the next line
 * (looking for continuation lines) before it hands the marker out. */
static void test_line_cols(void **state)
{
	static const char *lines[] = {
		"          <idle>-0     (-----) [003] d.h2   100.000002: tracing_mark_write: B|1|x",
		"a-1 [000] .... 100.000003: e: x",
		"          <idle>-0     (-----) [003] d.h2   100.000004: tracing_mark_write: E|1",
		"          <idle>-0     (-----) [003] d.h2   100.000005: e: y",
		"b-2 [001] .... 100.000006: tracing_mark_write: E|1",
	};
	char text[512];
	size_t n = 0, i = 0;
	struct tm_ftrace_reader *r;
	struct tm_fline fl;
	(void)state;
	for (size_t k = 0; k < sizeof(lines) / sizeof(lines[0]); k++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%s\n", lines[k]);
	r = tm_ftrace_reader_new(text, n);
	while (tm_ftrace_next_fline(r, &fl)) {
		struct tm_ftrace_cols want = parse_cols(lines[i]);

		assert_int_equal(fl.line.kind, TM_LN_EVENT);
		assert_int_equal(fl.f.cols.kernel_cols, want.kernel_cols);
		assert_int_equal(fl.f.cols.kernel_ts, want.kernel_ts);
		assert_int_equal(fl.f.cols.ts_at, want.ts_at);
		i++;
	}
	assert_int_equal(i, 5);
	/* (the kernel's layout: the seconds after 16 + "-0     " 6 + " (-----)" 8 +
	 * " [003]" 6 + " d.h2" 5 + 3 blanks = 44 bytes) */
	assert_true(parse_cols(lines[0]).kernel_cols);
	assert_int_equal(parse_cols(lines[0]).kernel_ts, 44);
	assert_false(parse_cols(lines[1]).kernel_cols);
	tm_ftrace_reader_free(r);
}

/* A line is plain when no byte of it needs a JSON escape or check ('"',
 * '\\', controls, non-ASCII): each such byte at each place in a line of
 * 100 bytes, between plain lines.  The last line of a block may be told
 * not plain (not known); a NUL still rejects its line.  Lines are told
 * plain where the reader finds line ends with AVX2 (not on the reference
 * path): elsewhere "not known" is the answer. */
static void test_plain_lines(void **state)
{
	bool told = __builtin_cpu_supports("avx2") && !tm_tuning_reference();
	static const char filler[] = "a-1 [000] .... 1.000000: e: "
				     "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
	static const unsigned char stops[] = { '"', '\\', '\t', '\r', '\0', 0x01, 0x1f, 0x80, 0xff };
	char buf[400];
	(void)state;
	assert_int_equal(sizeof(filler) - 1, 100);
	for (size_t si = 0; si < sizeof(stops); si++) {
		for (size_t at = 0; at < 100; at++) {
			struct tm_ftrace_reader *r;
			struct tm_fline fl;
			const struct tm_ftrace_line *l = &fl.line;
			size_t n = 0;

			memcpy(buf, filler, 100);
			buf[100] = '\n';
			memcpy(buf + 101, filler, 100);
			buf[101 + at] = (char)stops[si];
			buf[201] = '\n';
			memcpy(buf + 202, filler, 100);
			buf[302] = '\n';
			r = tm_ftrace_reader_new(buf, 303);
			while (tm_ftrace_next_fline(r, &fl)) {
				n++;
				if (n == 2) {
					assert_false(fl.f.plain);
					/* "\r" at the end is taken off the line */
					if (stops[si] == '\0')
						assert_int_equal(l->kind, TM_LN_REJECTED);
				} else {
					if (n == 1)
						assert_int_equal(fl.f.plain, told);
					assert_int_equal(l->kind, TM_LN_EVENT);
					assert_int_equal(l->raw.n, 100);
				}
			}
			assert_int_equal(n, 3);
			tm_ftrace_reader_free(r);
		}
	}
	/* plain lines one after another, each told plain but the last */
	{
		size_t n = 0;
		struct tm_ftrace_reader *r;
		struct tm_fline fl;

		for (int i = 0; i < 3; i++) {
			memcpy(buf + 101 * i, filler, 100);
			buf[101 * i + 100] = '\n';
		}
		r = tm_ftrace_reader_new(buf, 303);
		while (tm_ftrace_next_fline(r, &fl)) {
			n++;
			if (n < 3)
				assert_int_equal(fl.f.plain, told);
		}
		assert_int_equal(n, 3);
		tm_ftrace_reader_free(r);
	}
	/* a marker with a '"', then plain lines: the reader looks at the line
	 * after a marker for continuation lines before it hands the marker
	 * out, yet the marker is told not plain, the plain line after it plain */
	{
		static const char marker[] = "a-1 [000] .... 1.000000: tracing_mark_write: "
					     "B|1|say \"hi\" xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
		size_t n = 0, m = sizeof(marker) - 1;
		struct tm_ftrace_reader *r;
		struct tm_fline fl;

		memcpy(buf, marker, m);
		buf[m] = '\n';
		for (int i = 0; i < 2; i++) {
			memcpy(buf + m + 1 + 101 * (size_t)i, filler, 100);
			buf[m + 1 + 101 * (size_t)i + 100] = '\n';
		}
		r = tm_ftrace_reader_new(buf, m + 1 + 202);
		while (tm_ftrace_next_fline(r, &fl)) {
			n++;
			assert_int_equal(fl.line.kind, TM_LN_EVENT);
			assert_int_equal(fl.line.ncont, 0);
			if (n == 1)
				assert_false(fl.f.plain);
			else if (n == 2)
				assert_int_equal(fl.f.plain, told);
		}
		assert_int_equal(n, 3);
		tm_ftrace_reader_free(r);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nul_positions),
		cmocka_unit_test(test_plain_lines),
		cmocka_unit_test(test_line_cols),
		cmocka_unit_test(test_timestamp_positions),
		cmocka_unit_test(test_kernel_layout),
		cmocka_unit_test(test_fixed_columns),
		cmocka_unit_test(test_field_layouts),
		cmocka_unit_test(test_kernel_layout_pieces),
		cmocka_unit_test(test_print_address),
		cmocka_unit_test(test_tgid_4flags),
		cmocka_unit_test(test_tgid_number_5flags_hex),
		cmocka_unit_test(test_no_tgid_no_flags),
		cmocka_unit_test(test_glued_flags_ts),
		cmocka_unit_test(test_comm_variants),
		cmocka_unit_test(test_timestamps),
		cmocka_unit_test(test_function_tracer),
		cmocka_unit_test(test_tracecmd_forms),
		cmocka_unit_test(test_not_events),
		cmocka_unit_test(test_reader_header),
		cmocka_unit_test(test_reader_noise_and_rejects),
		cmocka_unit_test(test_reader_continuations),
		cmocka_unit_test(test_reader_after_markers),
		cmocka_unit_test(test_reader_js_escaped_and_limits),
	};
	return cmocka_run_group_tests_name("ftrace", tests, NULL, NULL);
}
