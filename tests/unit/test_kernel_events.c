/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_kernel_events.c - the kernel event converter's state stays bounded (open
 * slices, live tasks), tm_hmap_del, and conversions the shell suite does
 * not reach (idle task's events, trace-cmd plugin text, invalid payloads). */
#include "testutil.h"
#include "kernel-events-int.h"

struct conv {
	struct tm_diag d;
	struct tm_kstats st;
	struct tm_kev *kv;
	struct tm_kev_src src;
	struct tm_buf out;        /* objects, one per line */
	unsigned n;
};

static void collect(void *ctx, const char *json, size_t n)
{
	struct conv *c = ctx;
	tm_buf_add(&c->out, json, n);
	tm_buf_addc(&c->out, '\n');
	c->n++;
}

static void conv_init(struct conv *c)
{
	memset(c, 0, sizeof(*c));
	tm_diag_init(&c->d);
	assert_int_equal(tm_kstats_init(&c->st, "t", &c->d), 0);
	c->kv = tm_kev_new(collect, c, &c->d);
	assert_non_null(c->kv);
	c->src = (struct tm_kev_src){ "t", &c->st, 0 };
}

static void conv_free(struct conv *c)
{
	tm_kev_free(c->kv);
	tm_kstats_free(&c->st);
	tm_diag_free(&c->d);
	tm_buf_free(&c->out);
}

static void feed(struct conv *c, const char *line)
{
	struct tm_ftrace_event ev;

	if (tm_ftrace_parse_event(line, strlen(line), 0, false, &ev))
		fail_msg("not an event line: %s", line);
	assert_int_equal(tm_kev_feed(c->kv, &c->src, NULL, 1, &ev, ev.ts_ns), 0);
}

static bool has(struct conv *c, const char *frag)
{
	tm_buf_addc(&c->out, 0);
	c->out.n--;
	return strstr(c->out.p, frag) != NULL;
}

static void test_hmap_del(void **state)
{
	struct tm_hmap *m = tm_hmap_new(sizeof(int));
	(void)state;

	for (int i = 0; i < 5000; i++)
		*(int *)tm_hmap_get_i32(m, i, true) = i;
	for (int i = 0; i < 5000; i += 2)
		assert_true(tm_hmap_del(m, &i, sizeof(i)));
	assert_false(tm_hmap_del(m, &(int){ 0 }, sizeof(int)));
	assert_int_equal(tm_hmap_count(m), 2500);
	for (int i = 0; i < 5000; i++) {
		int *v = tm_hmap_get_i32(m, i, false);
		if (i % 2) {
			assert_non_null(v);
			assert_int_equal(*v, i);
		} else {
			assert_null(v);
		}
	}
	for (int i = 0; i < 5000; i += 2)
		*(int *)tm_hmap_get_i32(m, i, true) = -i;
	assert_int_equal(tm_hmap_count(m), 5000);
	assert_int_equal(*(int *)tm_hmap_get_i32(m, 4998, false), -4998);
	tm_hmap_free(m);
}

/* 20000 async pairs with new cookies and 20000 short-lived tasks: the
 * converter's maps do not keep them. */
static void test_state_bounded(void **state)
{
	struct conv c;
	char line[300];
	(void)state;

	conv_init(&c);
	for (int i = 0; i < 20000; i++) {
		snprintf(line, sizeof(line), " app-10 (10) [000] .... 1.%06d: tracing_mark_write: S|10|req|%d",
			 i, i);
		feed(&c, line);
		snprintf(line, sizeof(line), " app-10 (10) [000] .... 1.%06d: tracing_mark_write: F|10|req|%d",
			 i, i);
		feed(&c, line);
		assert_int_equal(tm_hmap_count(c.kv->async), 0);
		snprintf(line, sizeof(line), " app-10 (10) [000] d..3 2.%06d: sched_wakeup: comm=t pid=%d "
			 "prio=120 target_cpu=000", i, 100 + i);
		feed(&c, line);
		snprintf(line, sizeof(line), " rcu-9 (9) [000] .... 2.%06d: sched_process_free: comm=t "
			 "pid=%d prio=120", i, 100 + i);
		feed(&c, line);
	}
	/* app and rcu only */
	assert_int_equal(tm_hmap_count(c.kv->threads), 2);
	assert_int_equal(c.kv->async_b, 20000);
	assert_int_equal(c.kv->wake_instants, 20000);
	assert_int_equal(tm_kev_finish(c.kv), 0);
	conv_free(&c);
}

/* A thread's state is small (it was 1144 bytes: a million tasks took
 * 1.2 GB); what few threads hold at a time (workqueue items, wakeups
 * waiting for a slice's end, a blocked reason) is allocated apart and
 * freed when done with. */
static void test_thread_small(void **state)
{
	struct tm_kev_thread *t;
	struct conv c;
	(void)state;

	assert_true(sizeof(struct tm_kev_thread) <= 256);
	conv_init(&c);
	feed(&c, " kworker-30 (30) [000] .... 1.000000: workqueue_execute_start: "
		 "work struct 0000000071b1ca62: function vmstat_update");
	assert_non_null(t = tm_hmap_get_i32(c.kv->threads, 30, false));
	assert_non_null(t->more);
	assert_int_equal(t->more->nwq, 1);
	feed(&c, " kworker-30 (30) [000] .... 1.000010: workqueue_execute_end: "
		 "work struct 0000000071b1ca62");
	assert_int_equal(c.kv->wq_slices, 1);
	assert_true(has(&c, "\"ph\":\"X\",\"cat\":\"workqueue\",\"pid\":30,\"tid\":30,"
			"\"ts\":1000000,\"name\":\"vmstat_update\",\"dur\":10"));
	assert_non_null(t = tm_hmap_get_i32(c.kv->threads, 30, false));
	assert_null(t->more);
	assert_int_equal(tm_kev_finish(c.kv), 0);
	conv_free(&c);
}

static void test_odd_lines(void **state)
{
	struct conv c;
	(void)state;

	conv_init(&c);
	/* the idle task's own events go to its CPU's track */
	feed(&c, " <idle>-0 (-----) [002] d.s3 5.000000: timer_expire_entry: timer=x function=f");
	assert_true(has(&c, "\"ph\":\"i\",\"cat\":\"kernel\",\"pid\":2100000000,\"tid\":2100000005,"
			"\"ts\":5000000,\"name\":\"timer_expire_entry\""));
	/* trace-cmd plugin text is not guessed at: kept as an instant */
	feed(&c, " bash-22 (22) [000] d..3 5.000001: sched_switch: bash:22 [120] R ==> rcu:15 [120]");
	assert_int_equal(c.kv->unparsed, 1);
	assert_int_equal(c.kv->cpu_slices, 0);
	/* invalid payloads are instants with the reason */
	feed(&c, " app-10 (10) [000] .... 5.000002: tracing_mark_write: C|10||3");
	assert_int_equal(c.kv->atrace_invalid, 1);
	assert_true(has(&c, "\"cat\":\"atrace_invalid\""));
	/* float counter values become JSON numbers */
	feed(&c, " app-10 (10) [000] .... 5.000003: tracing_mark_write: C|10|f|.5");
	assert_true(has(&c, "\"args\":{\"value\":0.5}"));
	/* control characters and invalid UTF-8 are escaped / replaced */
	feed(&c, " app-10 (10) [000] .... 5.000004: tracing_mark_write: B|10|a\"b\x01\xff");
	assert_true(has(&c, "\"name\":\"a\\\"b\\u0001\\ufffd\""));
	/* an irq exit without entry and a workqueue end without start */
	feed(&c, " <idle>-0 (-----) [001] d.h3 5.000005: irq_handler_exit: irq=3 ret=handled");
	feed(&c, " kworker-7 (7) [001] .... 5.000006: workqueue_execute_end: work struct 00000000abcd");
	assert_int_equal(c.kv->irq_unmatched, 1);
	assert_int_equal(c.kv->wq_unmatched, 1);
	/* sched_blocked_reason with nothing blocked is kept */
	feed(&c, " <idle>-0 (-----) [001] d..3 5.000007: sched_blocked_reason: pid=77 iowait=0 caller=x");
	assert_true(has(&c, "\"name\":\"sched_blocked_reason\""));
	assert_int_equal(tm_kev_finish(c.kv), 0);
	/* the B above is open: reported */
	assert_int_equal(c.kv->b_unterminated, 1);
	conv_free(&c);
}

/* a trace stamped backwards gives no negative duration */
static void test_backwards(void **state)
{
	struct conv c;
	(void)state;

	conv_init(&c);
	feed(&c, " <idle>-0 (-----) [000] d..3 2.000000: sched_switch: prev_comm=swapper prev_pid=0 "
		 "prev_prio=120 prev_state=R ==> next_comm=a next_pid=5 next_prio=120");
	feed(&c, " a-5 (5) [000] d..3 1.000000: sched_switch: prev_comm=a prev_pid=5 "
		 "prev_prio=120 prev_state=S ==> next_comm=swapper next_pid=0 next_prio=120");
	assert_true(has(&c, "\"ts\":2000000,\"name\":\"a\",\"dur\":0,"));
	assert_int_equal(c.kv->backwards, 2); /* the CPU slice and the Running state */
	assert_int_equal(tm_kev_finish(c.kv), 0);
	conv_free(&c);
}

#define SW(cpu, ts, a, ap, st, b, bp) \
	" x-1 (-----) [00" #cpu "] d..3 " ts ": sched_switch: prev_comm=" a " prev_pid=" #ap \
	" prev_prio=120 prev_state=" st " ==> next_comm=" b " next_pid=" #bp " next_prio=120"

/* Viewers bind no flow to an unfinished slice: a flow waits until both
 * Running slices have ended; one of them open at the end -> an instant. */
static void test_flow_waits(void **state)
{
	struct conv c;
	(void)state;

	conv_init(&c);
	feed(&c, SW(0, "1.000000", "swapper", 0, "R", "w", 5));     /* waker runs */
	feed(&c, " w-5 (-----) [000] d..3 1.000100: sched_wakeup: comm=a pid=6 prio=120 target_cpu=001");
	feed(&c, SW(1, "1.000200", "swapper", 0, "R", "a", 6));     /* wakee runs */
	feed(&c, SW(1, "1.000300", "a", 6, "S", "swapper", 0));     /* ...and stops */
	assert_int_equal(c.kv->flows, 0);                            /* waker still running */
	feed(&c, SW(0, "1.000400", "w", 5, "S", "swapper", 0));     /* waker stops: flow */
	assert_int_equal(c.kv->flows, 1);
	assert_true(has(&c, "\"ph\":\"s\",\"cat\":\"sched\",\"pid\":5,\"tid\":1000000005,\"ts\":1000100"));
	assert_true(has(&c, "\"ph\":\"f\",\"cat\":\"sched\",\"pid\":6,\"tid\":1000000006,\"ts\":1000200"));
	/* a wakee that never stops running: an instant at the end */
	feed(&c, SW(0, "1.000500", "swapper", 0, "R", "w", 5));
	feed(&c, " w-5 (-----) [000] d..3 1.000600: sched_wakeup: comm=a pid=6 prio=120 target_cpu=001");
	feed(&c, SW(0, "1.000700", "w", 5, "S", "swapper", 0));
	feed(&c, SW(1, "1.000800", "swapper", 0, "R", "a", 6));
	assert_int_equal(tm_kev_finish(c.kv), 0);
	assert_int_equal(c.kv->flows, 1);
	assert_int_equal(c.kv->wake_instants, 1);
	assert_true(has(&c, "\"ph\":\"i\",\"cat\":\"sched\",\"pid\":6,\"tid\":1000000006,\"ts\":1000600"));
	conv_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hmap_del),
		cmocka_unit_test(test_state_bounded),
		cmocka_unit_test(test_odd_lines),
		cmocka_unit_test(test_thread_small),
		cmocka_unit_test(test_backwards),
		cmocka_unit_test(test_flow_waits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
