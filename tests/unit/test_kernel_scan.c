/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_kernel_scan.c - line accounting and the stats gathered in one pass. */
#include "testutil.h"
#include "kernel-scan.h"
#include "report.h"
#include "blank-run.h"
#include "str.h"

struct scan {
	struct tm_diag d;
	struct tm_kstats st;
	struct tm_input *in;
};

/* Scan TEXT with the names and tasks tables capped at MAX_NAMES and
 * MAX_TASKS (0: the default caps). */
static void scan_capped(struct scan *s, const char *name, const char *text, size_t len,
			size_t max_names, size_t max_tasks)
{
	tm_diag_init(&s->d);
	s->in = tm_input_open_mem(name, text, len, &s->d);
	if (!s->in)
		fail_msg("open: %s", s->d.error);
	assert_int_equal(tm_kstats_init(&s->st, name, &s->d), 0);
	if (max_names)
		s->st.max_names = max_names;
	if (max_tasks)
		s->st.max_tasks = max_tasks;
	assert_int_equal(tm_kscan_input(s->in, &s->st, NULL, NULL), 0);
}

static void scan_text(struct scan *s, const char *name, const char *text, size_t len)
{
	scan_capped(s, name, text, len, 0, 0);
}

/* The diag's warning of KIND, or NULL. */
static const struct tm_warning *warning(const struct scan *s, const char *kind)
{
	for (size_t i = 0; i < s->d.nwarn; i++)
		if (!strcmp(s->d.warn[i].kind, kind))
			return &s->d.warn[i];
	return NULL;
}

static void scan_free(struct scan *s)
{
	tm_kstats_free(&s->st);
	tm_input_free(s->in);
	tm_diag_free(&s->d);
}

static uint64_t name_count(struct scan *s, const char *name)
{
	uint64_t *n = tm_hmap_get(s->st.names, name, strlen(name), false);
	return n ? *n : 0;
}

static void test_atrace_accounting(void **state)
{
	static const char text[] =
		"# tracer: nop\n"
		"#           TASK-PID    TGID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
		"   app-10 (   10) [000] .... 1.000000: tracing_mark_write: B|10|outer\n"
		" <...>-11 (-----) [001] .... 1.000001: tracing_mark_write: B|10|worker\n"
		"   app-10 (   10) [000] .... 1.000002: tracing_mark_write: B|10|inner\n"
		"   app-10 (   10) [000] .... 1.000003: tracing_mark_write: E|10\n"
		"   app-10 (   10) [000] .... 1.000004: tracing_mark_write: E|10\n"
		"   app-10 (   10) [000] .... 1.000005: tracing_mark_write: E|10\n"
		"   app-10 (   10) [000] .... 1.000006: tracing_mark_write: S|10|load|7\n"
		"   app-10 (   10) [000] .... 1.000007: tracing_mark_write: F|10|load|8\n"
		"   app-10 (   10) [000] .... 1.000008: tracing_mark_write: F|10|load|7\n"
		"   app-10 (   10) [000] .... 1.000009: tracing_mark_write: C|10|queue|3\n"
		"   app-10 (   10) [000] .... 1.000010: tracing_mark_write: C|10||3\n"
		"   app-10 (   10) [000] .... 1.000011: tracing_mark_write: trace_event_clock_sync: name=s1 k=v\n"
		"   app-10 (   10) [000] .... 1.000012: tracing_mark_write: trace_event_clock_sync: parent_ts=0.5\n"
		"   app-10 (   10) [000] .... 1.000013: sched_switch: prev_comm=app prev_pid=10 prev_prio=120 "
		"prev_state=S ==> next_comm=my worker next_pid=11 next_prio=120\n"
		"garbage\n";
	struct scan s;
	(void)state;
	scan_text(&s, "t.txt", text, sizeof(text) - 1);
	/* 17 lines: 2 header, 14 events, 1 rejected */
	assert_int_equal(s.st.lines, 17);
	assert_int_equal(s.st.header, 2);
	assert_int_equal(s.st.events, 14);
	assert_int_equal(s.st.rejected, 1);
	assert_int_equal(name_count(&s, "tracing_mark_write"), 13);
	assert_int_equal(name_count(&s, "sched_switch"), 1);
	/* B x3 on two threads: app-10 closes 2 and has one E too many;
	 * worker-11's slice stays open */
	assert_int_equal(s.st.at.by_kind[TM_AT_BEGIN], 3);
	assert_int_equal(s.st.at.slices_closed, 2);
	assert_int_equal(s.st.at.end_unmatched, 1);
	assert_int_equal(s.st.at.async_closed, 1);
	assert_int_equal(s.st.at.async_end_unmatched, 1);  /* cookie 8 never started */
	assert_int_equal(s.st.at.by_kind[TM_AT_INVALID], 1); /* C|10||3 */
	assert_int_equal(tm_diag_count(&s.d, "invalid-atrace"), 1);
	assert_int_equal(tm_diag_count(&s.d, "rejected-line"), 1);
	/* lines 6 and 7 close inner and outer; line 8 is the E too many */
	assert_string_equal(s.d.warn[0].kind, "unmatched-end");
	assert_string_equal(s.d.warn[0].locs[0], "t.txt:8");
	/* clock sync markers, in order, with their ftrace times */
	assert_int_equal(s.st.nmarkers, 2);
	assert_int_equal(s.st.markers[0].kind, TM_SYNC_NAME);
	assert_string_equal(s.st.markers[0].id, "s1");
	assert_int_equal(s.st.markers[0].ts_ns, 1000011000LL);
	assert_int_equal(s.st.markers[1].kind, TM_SYNC_PARENT_TS);
	assert_int_equal(s.st.markers[1].value_ns, 500000000LL);
	assert_string_equal(s.st.markers[1].where, "t.txt:15");
	/* tid 11: tgid learned from its B|10 payload, name from next_comm */
	struct tm_task *t = tm_hmap_get_i32(s.st.tasks, 11, false);
	assert_non_null(t);
	assert_int_equal(t->tgid, 10);
	assert_string_equal(t->comm, "my worker");
	assert_int_equal(t->open_slices, 1);
	assert_int_equal(s.st.ts_min, 1000000000LL);
	assert_int_equal(s.st.ts_max, 1000013000LL);
	scan_free(&s);
}

/* The comm of PID's task, or NULL when the scan made no task for PID. */
static const char *task_comm(struct scan *s, int32_t pid)
{
	struct tm_task *t = tm_hmap_get_i32(s->st.tasks, pid, false);

	return t ? t->comm : NULL;
}

/* Names of other threads read from sched_switch and sched_wakeup details
 * in the kernel's layout: the comm runs up to the first " prev_pid=" (or
 * " next_pid=", " pid=") that a blank starts, the pid is the digits up to
 * the next blank (1 to 10 of them, at most INT32_MAX); a switch without
 * " prev_pid=" is not read any further. */
static void test_sched_names(void **state)
{
#define SW(d) "      x-1 (    1) [000] .... 1.000001: sched_switch: " d "\n"
#define WK(d) "      x-1 (    1) [000] .... 1.000002: sched_wakeup: " d "\n"
	static const char text[] =
		"#           TASK-PID    TGID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
		SW("prev_comm=a b prev_pid=21 prev_prio=120 prev_state=S ==> next_comm=c next_pid=22 next_prio=120")
		/* "prev_pid=" inside the comm, not after a blank; ten digits */
		SW("prev_comm=dxprev_pid=9 prev_pid=23 prev_prio=120 prev_state=S ==> next_comm=e next_pid=0000000024 next_prio=120")
		/* one above INT32_MAX; INT32_MAX itself */
		SW("prev_comm=f prev_pid=2147483648 prev_prio=120 prev_state=S ==> next_comm=g next_pid=2147483647 next_prio=120")
		/* eleven digits; a letter after the digits */
		SW("prev_comm=h prev_pid=00000000025 prev_prio=120 prev_state=S ==> next_comm=i next_pid=26x next_prio=120")
		/* empty comms */
		SW("prev_comm= prev_pid=27 prev_prio=120 prev_state=S ==> next_comm= next_pid=28 next_prio=120")
		/* no " prev_pid=": next_comm is not read either */
		SW("prev_comm=j prev_prio=120 prev_state=S ==> next_comm=k next_pid=29 next_prio=120")
		/* the details end right after "next_pid=" */
		SW("prev_comm=q prev_pid=32 prev_prio=120 prev_state=R ==> next_comm=p next_pid=")
		WK("comm=l m pid=30")
		WK("comm=n pid=31 prio=120 target_cpu=000")
		WK("comm=o pid=-33 prio=120 target_cpu=000")
		WK("comm=<...> pid=30 prio=120 target_cpu=000")
		/* a new name replaces the old one, "<...>" does not */
		SW("prev_comm=a2 prev_pid=21 prev_prio=120 prev_state=S ==> next_comm=<...> next_pid=21 next_prio=120")
		/* 2^32 + 21: not 21 cut to 32 bits */
		SW("prev_comm=r prev_pid=4294967317 prev_prio=120 prev_state=S ==> next_comm=s next_pid=34 next_prio=120")
		/* "<...>" for pids not seen before: no task made of them */
		SW("prev_comm=s prev_pid=34 prev_prio=120 prev_state=S ==> next_comm=<...> next_pid=77 next_prio=120")
		WK("comm=<...> pid=78 prio=120 target_cpu=000");
#undef SW
#undef WK
	struct scan s;

	(void)state;
	scan_text(&s, "s.txt", text, sizeof(text) - 1);
	assert_int_equal(s.st.events, 15);
	assert_int_equal(s.st.rejected, 0);
	assert_string_equal(task_comm(&s, 1), "x");
	assert_string_equal(task_comm(&s, 21), "a2");
	assert_string_equal(task_comm(&s, 22), "c");
	assert_string_equal(task_comm(&s, 23), "dxprev_pid=9");
	assert_string_equal(task_comm(&s, 24), "e");
	assert_string_equal(task_comm(&s, 2147483647), "g");
	assert_null(task_comm(&s, 25));
	assert_null(task_comm(&s, 26));
	assert_null(task_comm(&s, 27));
	assert_null(task_comm(&s, 28));
	assert_null(task_comm(&s, 29));
	assert_string_equal(task_comm(&s, 30), "l m");
	assert_string_equal(task_comm(&s, 31), "n");
	assert_string_equal(task_comm(&s, 32), "q");
	assert_null(task_comm(&s, 33));
	assert_null(task_comm(&s, 77));
	assert_null(task_comm(&s, 78));
	assert_string_equal(task_comm(&s, 34), "s");
	/* 1 (the lines' own task) and the nine named above: nothing else */
	assert_int_equal(tm_hmap_count(s.st.tasks), 10);
	scan_free(&s);
}

/* Events counted by name and by task through the caches: ev_a and eby
 * fall in name slot 7, ebx and ehz in slot 6, one pair of slots; pids 0,
 * 256 and 512 in pid slot 0, 1 and 257 in slot 1, one pair too; a name
 * longer than a slot is counted in the map alone. */
static void test_cache_pairs(void **state)
{
#define L(task, ts, name) task " [000] .... 1.0000" ts ": " name ": x\n"
	static const char text[] =
		"#           TASK-PID    TGID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
		L("      t0-0   (-----)", "01", "ev_a")
		L("  t256-256   (  256)", "02", "ebx")
		L("  t512-512   (  512)", "03", "eby")
		L("      t1-1   (    1)", "04", "ehz")
		L("  t257-257   (  256)", "05", "ev_a")
		L("      t0-0   (-----)", "06", "ebx")
		L("  t512-512   (  512)", "07", "ev_a")
		L("  t256-256   (  256)", "08", "a_name_longer_than_the_cache_slot")
		L("     t0b-0   (-----)", "09", "ehz")
		L("  t257-257   (  256)", "10", "eby")
		L("      t1-1   (    1)", "11", "ev_a")
		L("  t512-512   (  512)", "12", "ebx");
#undef L
	static const struct { int32_t pid; const char *comm; uint64_t events; int32_t tgid; } want[] = {
		{ 0, "t0b", 3, -1 }, { 256, "t256", 2, 256 }, { 512, "t512", 3, 512 },
		{ 1, "t1", 2, 1 }, { 257, "t257", 2, 256 },
	};
	struct scan s;

	(void)state;
	scan_text(&s, "c.txt", text, sizeof(text) - 1);
	assert_int_equal(s.st.events, 12);
	assert_int_equal(name_count(&s, "ev_a"), 4);
	assert_int_equal(name_count(&s, "ebx"), 3);
	assert_int_equal(name_count(&s, "eby"), 2);
	assert_int_equal(name_count(&s, "ehz"), 2);
	assert_int_equal(name_count(&s, "a_name_longer_than_the_cache_slot"), 1);
	assert_int_equal(tm_hmap_count(s.st.names), 5);
	assert_int_equal(tm_hmap_count(s.st.tasks), 5);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		struct tm_task *t = tm_hmap_get_i32(s.st.tasks, want[i].pid, false);

		assert_non_null(t);
		assert_string_equal(t->comm, want[i].comm);
		assert_int_equal(t->events, want[i].events);
		assert_int_equal(t->tgid, want[i].tgid);
		assert_int_equal(tm_kstats_tgid(&s.st, want[i].pid), want[i].tgid);
	}
	assert_int_equal(tm_kstats_tgid(&s.st, 2), -1);
	scan_free(&s);
}

/* tm_is_marker_name (the scan's inline test) takes the names
 * tm_ftrace_is_marker takes, and no others. */
static void test_marker_name(void **state)
{
	static const struct { const char *name; bool marker; } names[] = {
		{ "tracing_mark_write", true }, { "print", true }, { "0", true },
		{ "tracing_mark_writ", false }, { "tracing_mark_writeX", false },
		{ "tracing_mark_wrote", false }, { "Tracing_mark_write", false },
		{ "prin", false }, { "printk", false }, { "Print", false },
		{ "1", false }, { "00", false }, { "", false },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct tm_ftrace_event ev = { 0 };

		ev.name = (struct tm_str){ names[i].name, strlen(names[i].name) };
		assert_int_equal(tm_is_marker_name(ev.name), names[i].marker);
		assert_int_equal(tm_ftrace_is_marker(&ev), names[i].marker);
	}
}

/* Regression (found by fuzz_ftrace): a parent_ts marker has no sync id and
 * copying its empty id passed NULL to memcpy.  The corpus capture holds
 * parent_ts=683201.375000 at 683201.354908 and realtime_ts=3720325137 at
 * 683201.354926 (lines 12-13 of decompressed_atrace_data.txt). */
static void test_corpus_markers(void **state)
{
	size_t len = 0;
	char *text = tm_test_slurp(TM_CORPUS "/catapult/decompressed_atrace_data.txt", &len);
	struct scan s;
	(void)state;
	if (!text)
		skip();
	scan_text(&s, "d.txt", text, len);
	assert_int_equal(s.st.nmarkers, 2);
	assert_int_equal(s.st.markers[0].kind, TM_SYNC_PARENT_TS);
	assert_int_equal(s.st.markers[0].ts_ns, 683201354908000LL);
	assert_int_equal(s.st.markers[0].value_ns, 683201375000000LL);
	assert_string_equal(s.st.markers[0].where, "d.txt:12");
	assert_int_equal(s.st.markers[1].kind, TM_SYNC_REALTIME_TS);
	assert_int_equal(s.st.markers[1].ts_ns, 683201354926000LL);
	assert_int_equal(s.st.markers[1].value_ns, 3720325137LL * 1000000);
	assert_int_equal(s.st.events, 1042);
	scan_free(&s);
	free(text);
}

/* tm_mem_eq (the name and key comparisons of the scan) against memcmp for
 * every length up to 40 and a difference at every place, at odd offsets. */
static void test_mem_eq(void **state)
{
	char a[64], b[64];

	(void)state;
	for (size_t n = 0; n <= 40; n++) {
		for (size_t i = 0; i < n; i++) {
			a[1 + i] = b[3 + i] = (char)('a' + i % 26);
		}
		assert_true(tm_mem_eq(a + 1, b + 3, n));
		for (size_t i = 0; i < n; i++) {
			b[3 + i] ^= 0x20;
			assert_false(tm_mem_eq(a + 1, b + 3, n));
			assert_int_equal(tm_mem_eq(a + 1, b + 3, n), memcmp(a + 1, b + 3, n) == 0);
			b[3 + i] ^= 0x20;
		}
	}
}

/* The first start of KEY in [P, P+N), one start at a time. */
static const char *naive_find(const char *p, size_t n, const char *key, size_t kl)
{
	for (size_t i = 0; i + kl <= n; i++)
		if (memcmp(p + i, key, kl) == 0)
			return p + i;
	return NULL;
}

/* tm_find_lit and tm_find_byte against a search one start at a time, for
 * texts of every length up to 80 over a few letters (so that the keys' first
 * two bytes match often, and near the end), each in a heap block of exactly
 * its length: a read past the text's end is a heap overflow under ASan. */
static void test_find_lit(void **state)
{
	static const char *const keys[] = { "p", " p", " p=", " pi=", "  p", "p p p", " ==> n",
					    "x", "==", " prev_pid=" };
	static const char letters[] = " p=i>x";
	uint32_t seed = 12345;

	(void)state;
	for (size_t n = 0; n <= 80; n++) {
		for (int round = 0; round < 40; round++) {
			char *t = malloc(n ? n : 1);

			assert_non_null(t);
			for (size_t i = 0; i < n; i++) {
				seed = seed * 1103515245u + 12345u;
				t[i] = letters[(seed >> 16) % (sizeof(letters) - 1)];
			}
			for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
				size_t kl = strlen(keys[k]);

				for (size_t from = 0; from <= n; from += 7)
					assert_ptr_equal(tm_find_lit(t + from, t + n, keys[k], kl),
							 naive_find(t + from, n - from, keys[k], kl));
			}
			for (size_t from = 0; from <= n; from += 5) {
				const char *want = n > from ? memchr(t + from, '>', n - from) : NULL;

				assert_ptr_equal(tm_find_byte(t + from, t + n, '>'), want);
			}
			free(t);
		}
	}
}

/* The tgid of PID after scan S, and where it came from. */
static void assert_tgid(struct scan *s, int32_t pid, int32_t tgid, enum tm_tgid_source from)
{
	struct tm_task *t = tm_hmap_get_i32(s->st.tasks, pid, false);

	assert_non_null(t);
	if (t->tgid != tgid || t->tgid_from != from)
		fail_msg("pid %d: tgid %d from %d, want %d from %d", pid, t->tgid, t->tgid_from,
			 tgid, from);
	assert_int_equal(tm_kstats_tgid(&s->st, pid), tgid);
}

/* Which process a task is in (kernel-scan.h: enum tm_tgid_source): a number in
 * its TGID column, whatever came before or after it; then an atrace B, E
 * or I payload's tgid (> 0, not written by pid 0); C, S/F, N, G/H, T/U
 * payloads never, nor a malformed payload.  Kernel threads write counters
 * for other processes (C|1|...), the vdec-core and kworker. */
static void test_tgid_precedence(void **state)
{
#define M(task, tgid, ts, payload) \
	task " (" tgid ") [000] ...1 " ts ": tracing_mark_write: " payload "\n"
	static const char text[] =
		"#           TASK-PID    TGID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
		M("   vdec-core-306", "  306", "1.000001", "C|1||3")
		M("   vdec-core-306", "  306", "1.000002", "C|1|vdec_load|3")
		M("kworker/u9:4-18913", "18913", "1.000003", "C|1|[61,0] V4L_ES-write_secure|36712")
		/* payloads first, the column later: the column */
		M("  surfaceflinger-477", "-----", "1.000004", "B|1|x")
		M("  surfaceflinger-477", "  477", "1.000005", "C|1|HW_VSYNC_0|1")
		M("  surfaceflinger-477", "-----", "1.000006", "B|1|y")
		/* only process-scoped payloads: nothing */
		M("  binder-531", "-----", "1.000007", "C|1|c|4")
		M("  binder-531", "-----", "1.000008", "S|1|s|7")
		M("  binder-531", "-----", "1.000009", "F|1|s|7")
		M("  binder-531", "-----", "1.000010", "N|1|track|n")
		M("  binder-531", "-----", "1.000011", "G|1|track|g|3")
		M("  binder-531", "-----", "1.000012", "H|1|track|3")
		M("  binder-531", "-----", "1.000013", "T|1|track|t|4")
		M("  binder-531", "-----", "1.000014", "U|1|track|t|4")
		M("  binder-531", "-----", "1.000015", "B|1|")      /* malformed */
		/* a thread whose only evidence is its B payload; E and I alike */
		M("  RenderThread-620", "-----", "1.000016", "B|600|DrawFrame")
		M("  hwuiTask-621", "-----", "1.000017", "I|600|tick")
		M("  hwuiTask-622", "-----", "1.000018", "E|600")
		/* tgid 0 is "none"; the idle task is nobody's thread */
		M("  irq-623", "-----", "1.000019", "B|0|irq")
		M("  <idle>-0", "-----", "1.000020", "B|5|x")
		/* the column wins over a B payload of another process */
		M("  HwBinder-701", "  700", "1.000021", "B|1|poll");
#undef M
	struct scan s;

	(void)state;
	scan_text(&s, "p.txt", text, sizeof(text) - 1);
	assert_int_equal(s.st.events, 21);
	assert_tgid(&s, 306, 306, TM_TGID_COLUMN);
	assert_tgid(&s, 18913, 18913, TM_TGID_COLUMN);
	assert_tgid(&s, 477, 477, TM_TGID_COLUMN);
	assert_tgid(&s, 531, -1, TM_TGID_NONE);
	assert_tgid(&s, 620, 600, TM_TGID_PAYLOAD);
	assert_tgid(&s, 621, 600, TM_TGID_PAYLOAD);
	assert_tgid(&s, 622, 600, TM_TGID_PAYLOAD);
	assert_tgid(&s, 623, -1, TM_TGID_NONE);
	assert_tgid(&s, 0, -1, TM_TGID_NONE);
	assert_tgid(&s, 701, 700, TM_TGID_COLUMN);
	/* no task was made of the payloads' pid */
	assert_null(tm_hmap_get_i32(s.st.tasks, 1, false));
	scan_free(&s);
}

/* task_newtask, written by the creator: without CLONE_THREAD (0x10000) the
 * new task is its own process; with it, in the creator's, known then (from
 * the TGID column) or only at the end of the scan.  A TASK source beats a
 * B payload and loses to the TGID column. */
static void test_tgid_newtask(void **state)
{
#define N(task, tgid, ts, d) task " (" tgid ") [000] .... " ts ": task_newtask: " d "\n"
	static const char text[] =
		"#           TASK-PID    TGID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
		N("  app-800", "  800", "1.000001", "pid=801 comm=app clone_flags=3d0f00 oom_score_adj=0")
		N("  app-800", "  800", "1.000002", "pid=802 comm=app clone_flags=1200011 oom_score_adj=0")
		/* the creator's process told only later */
		N("  <...>-900", "-----", "1.000003", "pid=901 comm=w clone_flags=3D0F00 oom_score_adj=0")
		/* a thread of 901's: 900's too, up the chain */
		N("  w-901", "-----", "1.000004", "pid=902 comm=w clone_flags=10000 oom_score_adj=0")
		"  app-900 (  900) [000] .... 1.000005: sys_enter: NR 1\n"
		/* a B payload does not move 801; the column moves 802 */
		"  app-801 (-----) [000] ...1 1.000006: tracing_mark_write: B|5|x\n"
		"  app-802 (  803) [000] ...1 1.000007: sys_enter: NR 1\n"
		/* a creator known from a B payload only: not enough */
		"  r-950 (-----) [000] ...1 1.000008: tracing_mark_write: B|950|x\n"
		N("  r-950", "-----", "1.000009", "pid=951 comm=r clone_flags=3d0f00 oom_score_adj=0")
		/* flags not hexadecimal, no pid: nothing */
		N("  app-800", "  800", "1.000010", "pid=960 comm=app clone_flags=3x0f00 oom_score_adj=0")
		N("  app-800", "  800", "1.000011", "comm=app clone_flags=3d0f00 oom_score_adj=0");
#undef N
	struct scan s;

	(void)state;
	scan_text(&s, "n.txt", text, sizeof(text) - 1);
	assert_tgid(&s, 801, 800, TM_TGID_TASK);
	assert_tgid(&s, 802, 803, TM_TGID_COLUMN);
	assert_tgid(&s, 900, 900, TM_TGID_COLUMN);
	assert_tgid(&s, 901, 900, TM_TGID_TASK);
	assert_tgid(&s, 902, 900, TM_TGID_TASK);
	assert_tgid(&s, 951, -1, TM_TGID_NONE);
	assert_null(tm_hmap_get_i32(s.st.tasks, 960, false));
	scan_free(&s);
}

/* PROCESS DUMP (testdata/tgid/process_dump.html: after the ftrace data): a
 * thread row puts its tid in its process, over a B payload but not over the
 * TGID column; only process rows (and main-thread rows) name processes,
 * thread rows make none. */
/* Names and tasks past the caps (here 2 and 2): their events counted as
 * others, one warning each at the first line past the cap, the tasks past
 * the cap not followed (no task made from a sched_switch detail, an E of
 * theirs not "unmatched", no tgid). */
static void test_caps(void **state)
{
	static const char text[] =
		"# tracer: nop\n"
		"#           TASK-PID    TGID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
		"   a-10 (   10) [000] .... 1.000001: ev_a: x\n"
		"   b-11 (   11) [000] .... 1.000002: ev_b: x\n"
		"   c-12 (   12) [000] .... 1.000003: ev_c: x\n"
		"   c-12 (   12) [000] .... 1.000004: ev_a: x\n"
		"   c-12 (   12) [000] .... 1.000005: tracing_mark_write: E|12\n"
		"   a-10 (   10) [000] .... 1.000006: sched_switch: prev_comm=a prev_pid=10 "
		"prev_prio=120 prev_state=S ==> next_comm=d next_pid=13 next_prio=120\n";
	const struct tm_warning *w;
	struct scan s;
	(void)state;

	scan_capped(&s, "t.txt", text, sizeof(text) - 1, 2, 2);
	assert_int_equal(s.st.events, 6);
	/* ev_c, tracing_mark_write, sched_switch */
	assert_int_equal(s.st.names_other, 3);
	assert_int_equal(tm_hmap_count(s.st.names), 2);
	assert_int_equal(name_count(&s, "ev_a"), 2);
	assert_int_equal(name_count(&s, "ev_b"), 1);
	/* the three lines of c-12 */
	assert_int_equal(s.st.tasks_other, 3);
	assert_int_equal(tm_hmap_count(s.st.tasks), 2);
	assert_true(tm_kstats_untracked(&s.st, 12));
	assert_true(tm_kstats_untracked(&s.st, 13));
	assert_false(tm_kstats_untracked(&s.st, 10));
	assert_int_equal(tm_kstats_tgid(&s.st, 12), -1);
	assert_int_equal(tm_kstats_tgid(&s.st, 10), 10);
	assert_int_equal(s.st.at.end_unmatched, 0);
	assert_null(warning(&s, "unmatched-end"));
	assert_non_null(w = warning(&s, "too-many-names"));
	assert_int_equal(w->count, 1);
	assert_string_equal(w->locs[0], "t.txt:5");
	assert_string_equal(w->first_message, "more than 2 distinct event names (the cap): "
			    "the events of later names are counted as others");
	assert_non_null(w = warning(&s, "too-many-tasks"));
	assert_int_equal(w->count, 1);
	assert_string_equal(w->locs[0], "t.txt:5");
	assert_non_null(strstr(w->first_message, "more than 2 tasks (the cap): "));
	assert_non_null(strstr(w->first_message, "import and merge write no thread or process "
					      "names for them"));
	scan_free(&s);
}

/* A closed async slice leaves the table: it holds the open ones only. */
static void test_async_forgotten(void **state)
{
	static const char text[] =
		"# tracer: nop\n"
		"   app-10 (   10) [000] .... 1.000001: tracing_mark_write: S|10|load|1\n"
		"   app-10 (   10) [000] .... 1.000002: tracing_mark_write: S|10|load|2\n"
		"   app-10 (   10) [000] .... 1.000003: tracing_mark_write: F|10|load|1\n"
		"   app-10 (   10) [000] .... 1.000004: tracing_mark_write: S|10|load|3\n"
		"   app-10 (   10) [000] .... 1.000005: tracing_mark_write: F|10|load|3\n"
		"   app-10 (   10) [000] .... 1.000006: tracing_mark_write: F|10|load|3\n";
	uint64_t open;
	struct scan s;
	(void)state;

	scan_text(&s, "t.txt", text, sizeof(text) - 1);
	assert_int_equal(tm_hmap_count(s.st.async), 1);   /* cookie 2 */
	assert_int_equal(s.st.at.async_closed, 2);
	assert_int_equal(s.st.at.async_end_unmatched, 1);
	assert_int_equal(s.st.async_other, 0);
	tm_report_unterminated(&s.st, &open);
	assert_int_equal(open, 1);
	scan_free(&s);
}

/* An event name past TM_NAME_KEEP bytes is counted under its first 256
 * bytes and "…"; two that share those bytes share the entry. */
static void test_long_name(void **state)
{
	char text[2048], name[400];
	struct scan s;
	size_t n = 0;
	(void)state;

	memset(name, 'q', 300);
	name[300] = '\0';
	n += (size_t)snprintf(text + n, sizeof(text) - n, "# tracer: nop\n");
	for (int i = 0; i < 2; i++) {
		name[299] = (char)('0' + i);
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "   a-10 [000] .... 1.00000%d: %s: x\n", i, name);
	}
	scan_text(&s, "t.txt", text, n);
	memset(name, 'q', 256);
	memcpy(name + 256, "\xe2\x80\xa6", 4);
	assert_int_equal(tm_hmap_count(s.st.names), 1);
	assert_int_equal(name_count(&s, name), 2);
	assert_int_equal(s.st.names_other, 0);
	scan_free(&s);
}

static void test_tgid_process_dump(void **state)
{
	size_t len = 0;
	char *html = tm_test_slurp(TM_SRCDIR "/testdata/tgid/process_dump.html", &len);
	struct scan s;
	struct tm_proc *p;

	(void)state;
	assert_non_null(html);
	scan_text(&s, "d.html", html, len);
	assert_int_equal(s.st.events, 3);
	assert_tgid(&s, 598, 598, TM_TGID_COLUMN);
	assert_tgid(&s, 599, 571, TM_TGID_TASK);
	assert_tgid(&s, 1401, 1394, TM_TGID_TASK);
	/* no task made of rows the ftrace data has not */
	assert_int_equal(tm_hmap_count(s.st.tasks), 3);
	assert_int_equal(tm_hmap_count(s.st.procs), 2);
	assert_non_null(p = tm_hmap_get_i32(s.st.procs, 571, false));
	assert_string_equal(p->name, "power-service");
	assert_non_null(p = tm_hmap_get_i32(s.st.procs, 1394, false));
	assert_string_equal(p->name, "system_server");
	scan_free(&s);
	free(html);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_atrace_accounting),
		cmocka_unit_test(test_sched_names),
		cmocka_unit_test(test_cache_pairs),
		cmocka_unit_test(test_marker_name),
		cmocka_unit_test(test_corpus_markers),
		cmocka_unit_test(test_mem_eq),
		cmocka_unit_test(test_find_lit),
		cmocka_unit_test(test_tgid_precedence),
		cmocka_unit_test(test_tgid_newtask),
		cmocka_unit_test(test_tgid_process_dump),
		cmocka_unit_test(test_caps),
		cmocka_unit_test(test_long_name),
		cmocka_unit_test(test_async_forgotten),
	};
	return cmocka_run_group_tests_name("kscan", tests, NULL, NULL);
}
