/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_tejson.c - the streaming Trace Event JSON reader (parsers/trace-event-json.c):
 * both forms, the fields of an event, elements that are not events.  Bad
 * input (truncation, syntax errors, nesting, repair) and the real traces are
 * in test_tejson_bad.c, the value helpers in test_json_value.c, the input
 * module's systemTraceEvents block in test_input.c. */
#include "tejson_util.h"

/* ---- forms ---------------------------------------------------------------- */

static void test_array_form(void **state)
{
	static const char t[] =
		"[{\"name\":\"a\",\"cat\":\"c\",\"ph\":\"B\",\"ts\":1,\"pid\":2,\"tid\":3,\"id\":\"0x1\"},\n"
		" {\"ph\":\"E\", \"ts\" : 2.5 , \"args\":{\"x\":[1,{}]} }\n]\n";
	struct res x;

	(void)state;
	res_read(&x, t);
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.n, 2);
	assert_false(x.top->object_form);
	assert_true(x.top->found_events);
	assert_false(x.top->truncated);
	assert_false(x.top->missing_close);
	assert_int_equal(x.top->nkeys, 0);
	assert_int_equal(tm_diag_total(&x.d), 0);

	assert_ptr_equal(x.ev[0].raw, t + 1);
	assert_int_equal(x.ev[0].offset, 1);
	assert_int_equal(x.ev[0].line, 1);
	assert_int_equal(x.ev[0].raw_len, strlen("{\"name\":\"a\",\"cat\":\"c\",\"ph\":\"B\",\"ts\":1,"
						 "\"pid\":2,\"tid\":3,\"id\":\"0x1\"}"));
	assert_true(jv_is(x.ev[0].name, TM_J_STRING, "\"a\""));
	assert_true(jv_is(x.ev[0].cat, TM_J_STRING, "\"c\""));
	assert_true(jv_is(x.ev[0].ph, TM_J_STRING, "\"B\""));
	assert_true(jv_is(x.ev[0].ts, TM_J_NUMBER, "1"));
	assert_true(jv_is(x.ev[0].pid, TM_J_NUMBER, "2"));
	assert_true(jv_is(x.ev[0].tid, TM_J_NUMBER, "3"));
	assert_true(jv_is(x.ev[0].id, TM_J_STRING, "\"0x1\""));
	assert_int_equal(x.ev[0].dur.type, TM_J_NONE);
	assert_int_equal(x.ev[0].args.type, TM_J_NONE);
	assert_int_equal(x.ev[0].phase, 'B');
	assert_true(x.ev[0].has_ts && x.ev[0].has_pid && x.ev[0].has_tid);
	assert_false(x.ev[0].has_dur || x.ev[0].has_issue_ts || x.ev[0].repaired);
	assert_int_equal(x.ev[0].ts_ns, 1000);
	assert_int_equal(x.ev[0].pid_v, 2);
	assert_int_equal(x.ev[0].tid_v, 3);

	assert_int_equal(x.ev[1].line, 2);
	assert_int_equal(x.ev[1].offset, (size_t)(strchr(t + 2, '\n') + 2 - t));
	assert_int_equal(x.ev[1].phase, 'E');
	assert_int_equal(x.ev[1].ts_ns, 2500);
	assert_true(jv_is(x.ev[1].args, TM_J_OBJECT, "{\"x\":[1,{}]}"));
	assert_true(jv_is(x.ev[1].ts, TM_J_NUMBER, "2.5"));
	assert_false(x.ev[1].has_pid);
	assert_memory_equal(x.ev[1].raw + x.ev[1].raw_len - 2, " }", 2);
	res_free(&x);
}

static void test_object_form_keys(void **state)
{
	static const char t[] =
		"{\"metadata\": {\"clock-domain\": \"LINUX_CLOCK_MONOTONIC\"},\n"
		" \"traceEvents\": [{\"ts\": 1}, {\"ts\": 2}],\n"
		" \"displayTimeUnit\": \"ns\",\n"
		" \"systemTraceEvents\": \"# tracer: nop\\n\",\n"
		" \"other\": [1, {\"a\": null}], \"n\": -1.5e3}";
	struct tm_diag d;
	struct tm_te_reader *r;
	struct tm_te_event ev;
	const struct tm_te_top *top;
	const struct tm_te_key *k;
	struct tm_jval v;

	(void)state;
	tm_diag_init(&d);
	r = tm_te_reader_new("t.json", t, strlen(t), 1, &d);
	top = tm_te_reader_top(r);
	assert_int_equal(tm_te_reader_next(r, &ev), 1);
	/* keys before traceEvents are there with the first event */
	assert_true(top->object_form && top->found_events);
	assert_int_equal(top->nkeys, 1);
	assert_int_equal(tm_te_reader_next(r, &ev), 1);
	assert_int_equal(ev.ts_ns, 2000);
	assert_int_equal(ev.line, 2);
	assert_int_equal(tm_te_reader_next(r, &ev), 0);
	/* the ones after it by the time next() returned 0 */
	assert_int_equal(top->nkeys, 5);
	assert_true(jv_is(top->keys[0].key, TM_J_STRING, "\"metadata\""));
	assert_true(jv_is(top->keys[1].key, TM_J_STRING, "\"displayTimeUnit\""));
	assert_true(jv_is(top->keys[1].val, TM_J_STRING, "\"ns\""));
	assert_int_equal(top->keys[1].line, 3);
	assert_true(jv_is(top->keys[2].val, TM_J_STRING, "\"# tracer: nop\\n\""));
	assert_true(jv_is(top->keys[3].val, TM_J_ARRAY, "[1, {\"a\": null}]"));
	assert_true(jv_is(top->keys[4].val, TM_J_NUMBER, "-1.5e3"));
	assert_int_equal(top->keys[4].line, 5);
	assert_false(top->keys[3].not_strict);

	k = tm_te_find_key(top, "metadata");
	assert_ptr_equal(k, &top->keys[0]);
	v = tm_json_get(&k->val, "clock-domain");
	assert_true(jv_is(v, TM_J_STRING, "\"LINUX_CLOCK_MONOTONIC\""));
	assert_ptr_equal(tm_te_find_key(top, "n"), &top->keys[4]);
	assert_null(tm_te_find_key(top, "traceEvents"));
	assert_null(tm_te_find_key(top, "nope"));
	assert_false(top->truncated || top->missing_close);
	assert_int_equal(top->events, 2);
	assert_int_equal(tm_diag_total(&d), 0);
	tm_te_reader_free(r);
	tm_diag_free(&d);
}

static void test_object_form_variants(void **state)
{
	struct res x;

	(void)state;
	/* traceEvents last; trailing commas at the top level are allowed */
	res_read(&x, "{\"a\":1,\"traceEvents\":[{},],}");
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.n, 1);
	assert_int_equal(x.top->nkeys, 1);
	assert_int_equal(tm_diag_total(&x.d), 0);
	res_free(&x);
	/* no traceEvents at all */
	res_read(&x, "{\"metadata\":{}}");
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.n, 0);
	assert_true(x.top->object_form);
	assert_false(x.top->found_events);
	res_free(&x);
	res_read(&x, " {} ");
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.top->nkeys, 0);
	res_free(&x);
	/* empty arrays */
	res_read(&x, "[]");
	assert_true(x.rc == 0 && x.n == 0 && x.top->found_events && !x.top->missing_close);
	res_free(&x);
	res_read(&x, "{\"traceEvents\":[ ]}");
	assert_true(x.rc == 0 && x.n == 0 && x.top->found_events);
	res_free(&x);
}

static void test_missing_close(void **state)
{
	struct res x;

	(void)state;
	res_read(&x, "[{\"ts\":1},\n{\"ts\":2}");
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.n, 2);
	assert_true(x.top->missing_close);
	assert_false(x.top->truncated);
	assert_int_equal(tm_diag_total(&x.d), 0);
	res_free(&x);
	/* what crashed writers leave: a trailing comma and no ']' */
	res_read(&x, "[\n{\"ts\":1},\n{\"ts\":2},\n");
	assert_int_equal(x.n, 2);
	assert_true(x.top->missing_close && !x.top->truncated);
	assert_int_equal(tm_diag_total(&x.d), 0);
	res_free(&x);
	res_read(&x, "[{\"ts\":1},]");
	assert_int_equal(x.n, 1);
	assert_false(x.top->missing_close);
	assert_int_equal(tm_diag_total(&x.d), 0);
	res_free(&x);
	res_read(&x, "[");
	assert_true(x.rc == 0 && x.n == 0 && x.top->missing_close);
	res_free(&x);
}

static void test_empty_event(void **state)
{
	struct res x;

	(void)state;
	res_read(&x, "[{}, { } ,{\"ts\":1}]");
	assert_int_equal(x.n, 3);
	assert_int_equal(x.ev[0].raw_len, 2);
	assert_int_equal(x.ev[1].raw_len, 3);
	assert_int_equal(x.ev[0].name.type, TM_J_NONE);
	assert_int_equal(x.ev[0].ts.type, TM_J_NONE);
	assert_int_equal(x.ev[0].phase, 0);
	assert_false(x.ev[0].has_ts || x.ev[0].has_pid);
	assert_int_equal(x.top->skipped, 0);
	assert_int_equal(tm_diag_total(&x.d), 0);
	res_free(&x);
}

/* ---- fields --------------------------------------------------------------- */

static void test_string_fields(void **state)
{
	struct res x;

	(void)state;
	res_read(&x, "[{\"ts\":\"123.5\",\"dur\":\"0.25\",\"pid\":\"42\",\"tid\":\"-7\"},\n"
		     " {\"ts\":\"1.5e3\",\"pid\":\"foo\",\"tid\":\"12a\"},\n"
		     " {\"ts\":\"abc\",\"dur\":\"\",\"pid\":\"\"}]");
	assert_int_equal(x.n, 3);
	assert_true(x.ev[0].has_ts && x.ev[0].has_dur && x.ev[0].has_pid && x.ev[0].has_tid);
	assert_int_equal(x.ev[0].ts_ns, 123500);
	assert_int_equal(x.ev[0].dur_ns, 250);
	assert_int_equal(x.ev[0].pid_v, 42);
	assert_int_equal(x.ev[0].tid_v, -7);
	assert_int_equal(x.ev[1].ts_ns, 1500000);
	/* arbitrary string pids are names (Catapult accepts them): no warning */
	assert_false(x.ev[1].has_pid || x.ev[1].has_tid);
	assert_true(jv_is(x.ev[1].pid, TM_J_STRING, "\"foo\""));
	/* a ts string that is not a number is a bad value */
	assert_false(x.ev[2].has_ts || x.ev[2].has_dur || x.ev[2].has_pid);
	assert_int_equal(tm_diag_count(&x.d, "json-bad-value"), 2);
	assert_string_equal(first_loc(&x.d, "json-bad-value"), "t.json:3");
	assert_int_equal(tm_diag_total(&x.d), 2);
	res_free(&x);
}

static void test_fraction_exponent_rounding(void **state)
{
	static const struct { const char *ts; int64_t ns; } c[] = {
		{ "1.0005", 1001 },             /* 1000.5 ns: tie, away from zero */
		{ "1.5e3", 1500000 },
		{ "-2.25", -2250 },
		{ "1e-4", 0 },                  /* 0.1 ns */
		{ "1.23456789e2", 123457 },     /* 123456.789 ns */
		{ "-0.0005", -1 },              /* -0.5 ns: tie, away from zero */
		{ "0.0004999", 0 },
		{ "2.0015", 2002 },             /* 2001.5 */
		{ "123.4567", 123457 },         /* 123456.7 */
		{ "0.000001e6", 1000 },
		{ "12E-1", 1200 },
		{ "196489505302", 196489505302000 },
		{ "9223372036854775.807", INT64_MAX },
		{ "-9223372036854775.807", -INT64_MAX },
	};
	char buf[128];
	struct res x;

	(void)state;
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		snprintf(buf, sizeof(buf), "[{\"ts\":%s},{\"ts\":\"%s\"}]", c[i].ts, c[i].ts);
		res_read(&x, buf);
		assert_int_equal(x.n, 2);
		assert_true(x.ev[0].has_ts && x.ev[1].has_ts);
		if (x.ev[0].ts_ns != c[i].ns || x.ev[1].ts_ns != c[i].ns)
			fail_msg("%s: %lld / %lld, want %lld", c[i].ts, (long long)x.ev[0].ts_ns,
				 (long long)x.ev[1].ts_ns, (long long)c[i].ns);
		assert_int_equal(tm_diag_total(&x.d), 0);
		res_free(&x);
	}
}

static void test_overflow(void **state)
{
	struct res x;

	(void)state;
	res_read(&x, "[{\"ts\":1},\n{\"ts\":9223372036854775.808,\"dur\":1e300,"
		     "\"args\":{\"issue_ts\":\"-1e17\"}},\n{\"ts\":\"1e16\"}]");
	assert_int_equal(x.n, 3);
	assert_true(x.ev[0].has_ts);
	assert_false(x.ev[1].has_ts || x.ev[1].has_dur || x.ev[1].has_issue_ts);
	assert_false(x.ev[2].has_ts);   /* 1e19 ns > INT64_MAX */
	assert_int_equal(tm_diag_count(&x.d, "json-bad-value"), 4);
	assert_string_equal(first_loc(&x.d, "json-bad-value"), "t.json:2");
	res_free(&x);
}

static void test_wrong_types(void **state)
{
	struct res x;

	(void)state;
	res_read(&x, "[\n{\"ts\":{\"a\":1},\"ph\":1,\"pid\":[1],\"dur\":true},\n"
		     "{\"ts\":[],\"tid\":false,\"ph\":null,\"args\":{\"issue_ts\":{}}},\n"
		     "{\"ts\":null,\"name\":5}]");
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.n, 3);
	for (size_t i = 0; i < 3; i++) {
		assert_false(x.ev[i].has_ts || x.ev[i].has_dur || x.ev[i].has_pid ||
			     x.ev[i].has_tid || x.ev[i].has_issue_ts);
		assert_int_equal(x.ev[i].phase, 0);
	}
	assert_int_equal(x.ev[0].ts.type, TM_J_OBJECT);
	assert_int_equal(x.ev[0].ph.type, TM_J_NUMBER);
	assert_int_equal(x.ev[1].issue_ts.type, TM_J_OBJECT);
	/* ts, ph, pid, dur; ts, tid, ph, issue_ts; ts (name may be anything) */
	assert_int_equal(tm_diag_count(&x.d, "json-bad-type"), 9);
	assert_string_equal(first_loc(&x.d, "json-bad-type"), "t.json:2");
	assert_int_equal(tm_diag_total(&x.d), 9);
	res_free(&x);
}

static void test_pid_tid_values(void **state)
{
	struct res x;

	(void)state;
	res_read(&x, "[{\"pid\":-1,\"tid\":0},{\"pid\":12.5,\"tid\":1e3},"
		     "{\"pid\":99999999999999999999,\"tid\":\"99999999999999999999\"}]");
	assert_int_equal(x.n, 3);
	assert_true(x.ev[0].has_pid && x.ev[0].has_tid);
	assert_int_equal(x.ev[0].pid_v, -1);
	assert_int_equal(x.ev[0].tid_v, 0);
	assert_false(x.ev[1].has_pid || x.ev[1].has_tid || x.ev[2].has_pid || x.ev[2].has_tid);
	/* numbers that are not int64 integers warn; strings never do */
	assert_int_equal(tm_diag_count(&x.d, "json-bad-value"), 3);
	res_free(&x);
}

static void test_sync_args(void **state)
{
	struct res x;

	(void)state;
	res_read(&x, "[{\"name\":\"clock_sync\",\"ph\":\"c\",\"ts\":10.5,"
		     "\"args\":{\"sync_id\":\"ID\",\"issue_ts\":9.25}},"
		     "{\"ph\":\"c\",\"args\":{\"x\":{\"sync_id\":\"deep\"},\"issue_ts\":\"7\"}},"
		     "{\"args\":[{\"sync_id\":\"in an array\"}],\"sync_id\":\"top\"}]");
	assert_int_equal(x.n, 3);
	assert_int_equal(x.ev[0].phase, 'c');
	assert_true(jv_is(x.ev[0].sync_id, TM_J_STRING, "\"ID\""));
	assert_true(x.ev[0].has_issue_ts);
	assert_int_equal(x.ev[0].issue_ts_ns, 9250);
	assert_int_equal(x.ev[0].ts_ns, 10500);
	assert_true(jv_is(x.ev[0].args, TM_J_OBJECT,
			  "{\"sync_id\":\"ID\",\"issue_ts\":9.25}"));
	/* one level inside args only */
	assert_int_equal(x.ev[1].sync_id.type, TM_J_NONE);
	assert_int_equal(x.ev[1].issue_ts_ns, 7000);
	assert_int_equal(x.ev[2].sync_id.type, TM_J_NONE);
	assert_int_equal(x.ev[2].args.type, TM_J_ARRAY);
	res_free(&x);
}

static void test_duplicate_keys(void **state)
{
	struct res x;

	(void)state;
	res_read(&x, "[{\"ts\":1,\"ph\":\"B\",\"ts\":2,\"ph\":\"E\","
		     "\"args\":{\"sync_id\":\"a\",\"sync_id\":\"b\"},\"args\":{\"sync_id\":\"c\"}}]");
	assert_int_equal(x.n, 1);
	assert_int_equal(x.ev[0].ts_ns, 1000);
	assert_int_equal(x.ev[0].phase, 'B');
	assert_true(jv_is(x.ev[0].args, TM_J_OBJECT, "{\"sync_id\":\"a\",\"sync_id\":\"b\"}"));
	assert_true(jv_is(x.ev[0].sync_id, TM_J_STRING, "\"a\""));
	assert_int_equal(tm_diag_total(&x.d), 0);
	res_free(&x);
}

static void test_escaped_keys_and_ph(void **state)
{
	struct res x;

	(void)state;
	res_read(&x, "[{\"n\\u0061me\":\"x\",\"\\u0074s\":5,\"ph\":\"\\u0042\","
		     "\"\\u0070id\":3,\"na\\\"me\":\"no\"}]");
	assert_int_equal(x.n, 1);
	assert_true(jv_is(x.ev[0].name, TM_J_STRING, "\"x\""));
	assert_int_equal(x.ev[0].ts_ns, 5000);
	assert_int_equal(x.ev[0].phase, 'B');
	assert_int_equal(x.ev[0].pid_v, 3);
	res_free(&x);
}

/* ---- elements that are not events ---------------------------------------- */

static void test_not_objects(void **state)
{
	struct res x;

	(void)state;
	res_read(&x, "[1, \"s\",\n [1, [2], {\"a\":[]}], null,\n {\"ts\":1}, true, -2.5e1, {}]");
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.n, 2);
	assert_int_equal(x.ev[0].line, 3);
	assert_int_equal(x.top->skipped, 6);
	assert_int_equal(tm_diag_count(&x.d, "json-not-object"), 6);
	assert_string_equal(first_loc(&x.d, "json-not-object"), "t.json:1");
	assert_string_equal(x.d.warn[0].locs[2], "t.json:2");
	assert_false(x.top->truncated);
	res_free(&x);
}

static void test_trailing_data(void **state)
{
	struct res x;

	(void)state;
	res_read(&x, "[{}]\n\n x");
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.n, 1);
	assert_int_equal(tm_diag_count(&x.d, "json-trailing-data"), 1);
	assert_string_equal(first_loc(&x.d, "json-trailing-data"), "t.json:3");
	res_free(&x);
	res_read(&x, "{\"traceEvents\":[]} \r\n");
	assert_int_equal(tm_diag_total(&x.d), 0);
	res_free(&x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_array_form),
		cmocka_unit_test(test_object_form_keys),
		cmocka_unit_test(test_object_form_variants),
		cmocka_unit_test(test_missing_close),
		cmocka_unit_test(test_empty_event),
		cmocka_unit_test(test_string_fields),
		cmocka_unit_test(test_fraction_exponent_rounding),
		cmocka_unit_test(test_overflow),
		cmocka_unit_test(test_wrong_types),
		cmocka_unit_test(test_pid_tid_values),
		cmocka_unit_test(test_sync_args),
		cmocka_unit_test(test_duplicate_keys),
		cmocka_unit_test(test_escaped_keys_and_ph),
		cmocka_unit_test(test_not_objects),
		cmocka_unit_test(test_trailing_data),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
