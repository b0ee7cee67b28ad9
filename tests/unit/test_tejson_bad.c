/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_tejson_bad.c - the streaming Trace Event JSON reader on bad and
 * real input: truncation at every point, fatal syntax errors with their
 * line:col, BOM/CRLF/line numbers, deep nesting, repair of what strict
 * parsers refuse, the catapult corpus. */
#include "tejson_util.h"
#include "tracemerge/input.h"

/* ---- truncation ------------------------------------------------------------ */

static void test_truncated_points(void **state)
{
	struct res x;

	(void)state;
	res_read(&x, "[{\"ts\":1},\n{\"name\":\"ab");
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.n, 1);
	assert_true(x.top->truncated && x.top->missing_close);
	assert_int_equal(x.top->skipped, 1);
	assert_int_equal(tm_diag_count(&x.d, "json-truncated"), 1);
	assert_string_equal(first_loc(&x.d, "json-truncated"), "t.json:2");
	res_free(&x);
	/* object form: the text must close the array and the object */
	res_read(&x, "{\"traceEvents\":[{\"ts\":1}");
	assert_true(x.rc == 0 && x.n == 1 && x.top->truncated);
	assert_int_equal(x.top->skipped, 0);
	assert_int_equal(tm_diag_count(&x.d, "json-truncated"), 1);
	res_free(&x);
	res_read(&x, "{\"traceEvents\":[{\"ts\":1}]");
	assert_true(x.rc == 0 && x.n == 1 && x.top->truncated);
	assert_false(x.top->missing_close);
	res_free(&x);
	res_read(&x, "{\"traceEvents\":[{\"ts\":1}],\"metadata\":{\"a\":");
	assert_true(x.rc == 0 && x.n == 1 && x.top->truncated);
	assert_int_equal(x.top->nkeys, 0);
	res_free(&x);
	/* inside a string escape, a \u escape, a literal, a number, nested */
	static const char *const cut[] = {
		"[{\"a\":\"x\\", "[{\"a\":\"\\u00", "[{\"a\":tr", "[{\"a\":-", "[{\"a\":1.",
		"[{\"a\":1e", "[{\"a\":1e+", "[{\"a\":[[{\"b\":", "[{\"a\"", "[{\"a\":",
		"[{\"a\":1,", "[{", "[{\"args\":{\"sync_id\":\"x\"", "[\"abc", "[[1,",
		"[{\"a\":\"\xe2\x82",
	};
	for (size_t i = 0; i < sizeof(cut) / sizeof(cut[0]); i++) {
		res_read(&x, cut[i]);
		if (x.rc != 0 || x.n != 0 || !x.top->truncated || x.top->skipped != 1 ||
		    tm_diag_count(&x.d, "json-truncated") != 1 || tm_diag_total(&x.d) != 1)
			fail_msg("cut %zu (%s): rc %d n %zu error %s", i, cut[i], x.rc, x.n,
				 x.d.error);
		res_free(&x);
	}
}

/* Every prefix of a text: the complete events before the cut, never an error. */
static void test_truncated_every_prefix(void **state)
{
	static const char arr[] = "[{\"a\":\"x\\\"y\",\"ts\":1},{\"b\":[1,{\"c\":null}],\"ts\":2},"
				  "\n{\"ts\":3,\"s\":\"}\"}]";
	static const char *const evs[] = { "{\"a\":\"x\\\"y\",\"ts\":1}",
		"{\"b\":[1,{\"c\":null}],\"ts\":2}", "{\"ts\":3,\"s\":\"}\"}" };
	static const char obj[] = "{\"k\":[1,{\"x\":\"}\"}],\"traceEvents\":[{\"ts\":1},{\"ts\":2}],"
				  "\"z\":\"w\"}";
	size_t start[3], end[3];
	struct res x;

	(void)state;
	for (int i = 0; i < 3; i++) {
		start[i] = (size_t)(strstr(arr, evs[i]) - arr);
		end[i] = start[i] + strlen(evs[i]);
	}
	for (size_t len = 1; len <= strlen(arr); len++) {
		size_t want = 0;
		bool partial = false;

		for (int i = 0; i < 3; i++) {
			want += end[i] <= len;
			partial |= start[i] < len && len < end[i];
		}
		res_read_at(&x, arr, len, 1);
		assert_int_equal(x.rc, 0);
		assert_int_equal(x.n, want);
		assert_int_equal(x.top->truncated, partial);
		assert_int_equal(x.top->skipped, partial);
		assert_int_equal(x.top->missing_close, len < strlen(arr));
		assert_int_equal(tm_diag_total(&x.d), partial);
		res_free(&x);
	}
	for (size_t len = 1; len <= strlen(obj); len++) {
		const char *e1 = strstr(obj, "{\"ts\":1}") + 8, *e2 = strstr(obj, "{\"ts\":2}") + 8;
		const char *kend = strstr(obj, "],") + 1;
		const char *zend = obj + strlen(obj) - 1;

		res_read_at(&x, obj, len, 1);
		assert_int_equal(x.rc, 0);
		assert_int_equal(x.n, (obj + len >= e1) + (obj + len >= e2));
		assert_int_equal(x.top->nkeys, (obj + len >= kend) + (obj + len >= zend));
		assert_int_equal(x.top->truncated, len < strlen(obj));
		res_free(&x);
	}
}

/* ---- fatal errors ---------------------------------------------------------- */

static void test_fatal(void **state)
{
	static const struct { const char *text, *error; size_t events; } c[] = {
		{ "", "t.json:1:1: no JSON value (empty text)", 0 },
		{ "hello", "t.json:1:1: not Trace Event JSON: expected '{' or '['", 0 },
		{ "  \n  x", "t.json:2:3: not Trace Event JSON", 0 },
		{ "[{} x {}]", "t.json:1:5: expected ',' or ']' after an element", 1 },
		{ "[{} {}]", "t.json:1:5: expected ',' or ']'", 1 },
		{ "{\"traceEvents\":{}}", "t.json:1:16: traceEvents is not an array", 0 },
		{ "{\"traceEvents\":\"x\"}", "t.json:1:16: traceEvents is not an array", 0 },
		{ "[{\"a\" 1}]", "t.json:1:7: expected ':' after an object key", 0 },
		{ "[\n{\"ts\":1},\n{\"a\":1 \"b\":2}]", "t.json:3:8: expected ',' or '}' in an object", 1 },
		{ "[{\"a\":tru }]", "t.json:1:7: expected a value", 0 },
		{ "[{\"a\":01}]", "t.json:1:8: expected ',' or '}'", 0 },
		{ "[{\"a\":-}]", "t.json:1:8: invalid number", 0 },
		{ "[{\"a\":1.}]", "t.json:1:9: invalid number: no digit after '.'", 0 },
		{ "[{\"a\":1e}]", "t.json:1:9: invalid number: no digit in the exponent", 0 },
		{ "[{\"a\":[1 2]}]", "t.json:1:10: expected ',' or ']' in an array", 0 },
		{ "[{\"a\":{\"b\":1]}]", "t.json:1:13: expected ',' or '}' in an object", 0 },
		{ "[{\"a\":NaN}]", "t.json:1:7: expected a value", 0 },
		{ "[{1:2}]", "t.json:1:3: expected a string (an object key)", 0 },
		{ "[{\"a\":1,,\"b\":2}]", "t.json:1:9: expected a string", 0 },
		{ "[,{}]", "t.json:1:2: expected a value", 0 },
		{ "[{},,{}]", "t.json:1:5: expected a value", 1 },
		{ "[1 2]", "t.json:1:4: expected ',' or ']'", 0 },
		{ "{\"a\":1 \"b\":2}", "t.json:1:8: expected ',' or '}' after a top-level value", 0 },
		{ "{1:2}", "t.json:1:2: expected a string (a top-level key)", 0 },
		{ "{\"a\" 1}", "t.json:1:6: expected ':' after a top-level key", 0 },
		{ "{\"a\":[1 2]}", "t.json:1:9: expected ',' or ']' in an array", 0 },
		{ "{\"traceEvents\":[{}]]", "t.json:1:20: expected ',' or '}' after a top-level", 1 },
		{ "\xef\xbb\xbfx", "t.json:1:1: not Trace Event JSON", 0 },
	};
	struct res x;

	(void)state;
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		res_read(&x, c[i].text);
		if (x.rc != -1 || x.n != c[i].events ||
		    strncmp(x.d.error, c[i].error, strlen(c[i].error)) != 0)
			fail_msg("case %zu (%s): rc %d, %zu events, error \"%s\"", i, c[i].text,
				 x.rc, x.n, x.d.error);
		res_free(&x);
	}
}

/* ---- text details ---------------------------------------------------------- */

static void test_bom_crlf_lines(void **state)
{
	static const char t[] = "\xef\xbb\xbf[\r\n{\"ts\":1},\r\n  {\"ts\":2}\r\n]\r\n";
	struct res x;

	(void)state;
	res_read(&x, t);
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.n, 2);
	assert_int_equal(x.ev[0].offset, 6);
	assert_int_equal(x.ev[0].line, 2);
	assert_int_equal(x.ev[1].line, 3);
	assert_int_equal(x.ev[1].offset, 19);
	assert_int_equal(tm_diag_total(&x.d), 0);
	res_free(&x);
	/* lines count from FIRST_LINE (a block inside a bigger file) */
	res_read_at(&x, t, strlen(t), 41);
	assert_int_equal(x.ev[1].line, 43);
	res_free(&x);
	res_read_at(&x, "[\n\n{}, x]", 9, 10);
	assert_int_equal(x.rc, -1);
	assert_string_equal(x.d.error, "t.json:12:5: expected a value");
	res_free(&x);
	/* a pretty-printed event: its line is the one of its '{' */
	res_read(&x, "{\"traceEvents\": [\n  {\n    \"ts\": 1\n  },\n  {\n    \"ts\": 2\n  }\n]}\n");
	assert_int_equal(x.n, 2);
	assert_int_equal(x.ev[0].line, 2);
	assert_int_equal(x.ev[1].line, 5);
	res_free(&x);
}

static char *repeat(char *o, const char *s, size_t times)
{
	size_t n = strlen(s);

	for (size_t i = 0; i < times; i++, o += n)
		memcpy(o, s, n);
	return o;
}

static void test_deep_nesting(void **state)
{
	const size_t deep = 100000;
	char *t = malloc(16 * deep + 64), *o;
	struct res x;

	(void)state;
	/* balanced: one event */
	o = t + sprintf(t, "[{\"ts\":1,\"args\":{\"a\":");
	o = repeat(o, "[", deep);
	o = repeat(o, "]", deep);
	strcpy(o, "}},{}]");
	res_read(&x, t);
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.n, 2);
	assert_int_equal(x.ev[0].ts_ns, 1000);
	assert_int_equal(x.ev[0].args.n, 2 * deep + 6);
	res_free(&x);
	/* only '[': truncated, not a crash */
	o = t + sprintf(t, "[{\"args\":");
	o = repeat(o, "[", deep);
	*o = '\0';
	res_read(&x, t);
	assert_true(x.rc == 0 && x.n == 0 && x.top->truncated);
	res_free(&x);
	/* '[' closed by '}': a syntax error at that byte */
	strcpy(o, "}");
	res_read(&x, t);
	assert_int_equal(x.rc, -1);
	assert_non_null(strstr(x.d.error, ":1:100010: expected a value"));
	res_free(&x);
	/* objects and arrays alternating: the container kinds are remembered */
	o = t + sprintf(t, "[{\"args\":");
	o = repeat(o, "{\"a\":[", deep);
	*o++ = '1';
	o = repeat(o, "]}", deep);
	strcpy(o, "}]");
	res_read(&x, t);
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.n, 1);
	res_free(&x);
	o[-1] = ']';    /* the args object closed by ']' */
	res_read(&x, t);
	assert_int_equal(x.rc, -1);
	assert_non_null(strstr(x.d.error, "expected ',' or '}' in an object"));
	res_free(&x);
	/* a deep element that is not an object, and deep top-level key values */
	o = t + sprintf(t, "{\"k\":");
	o = repeat(o, "[", deep);
	o = repeat(o, "]", deep);
	o += sprintf(o, ",\"traceEvents\":[");
	o = repeat(o, "[", deep);
	o = repeat(o, "]", deep);
	strcpy(o, ",{}]}");
	res_read(&x, t);
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.n, 1);
	assert_int_equal(x.top->skipped, 1);
	assert_int_equal(x.top->nkeys, 1);
	assert_int_equal(x.top->keys[0].val.n, 2 * deep);
	res_free(&x);
	free(t);
}

static void test_repair(void **state)
{
	static const char t[] = "[{\"name\":\"a\xff" "b\",\"args\":{\"s\":\"x\ty\",\"e\":\"\\q\","
				"\"l\":[1,2,],},\"ts\":1,}]";
	static const char want[] = "{\"name\":\"a\xef\xbf\xbd" "b\",\"args\":{\"s\":\"x\\u0009y\","
				   "\"e\":\"\\ufffd\",\"l\":[1,2]},\"ts\":1}";
	struct tm_diag d;
	struct tm_te_reader *r;
	struct tm_te_event ev;
	struct res x;

	(void)state;
	tm_diag_init(&d);
	r = tm_te_reader_new("t.json", t, strlen(t), 1, &d);
	assert_int_equal(tm_te_reader_next(r, &ev), 1);
	assert_true(ev.repaired);
	assert_int_equal(ev.raw_len, strlen(want));
	assert_memory_equal(ev.raw, want, strlen(want));
	assert_int_equal(ev.offset, 1);
	assert_int_equal(ev.ts_ns, 1000);
	assert_true(ev.name.p >= ev.raw && ev.name.p + ev.name.n <= ev.raw + ev.raw_len);
	assert_true(jv_is(ev.name, TM_J_STRING, "\"a\xef\xbf\xbd" "b\""));
	assert_int_equal(tm_diag_count(&d, "json-bad-string"), 1);
	assert_int_equal(tm_diag_count(&d, "json-trailing-comma"), 1);
	assert_int_equal(tm_te_reader_next(r, &ev), 0);
	tm_te_reader_free(r);
	tm_diag_free(&d);
	/* the repaired event reads as strict JSON without any warning */
	char arr[256];
	snprintf(arr, sizeof(arr), "[%s]", want);
	res_read(&x, arr);
	assert_int_equal(x.n, 1);
	assert_false(x.ev[0].repaired);
	assert_int_equal(tm_diag_total(&x.d), 0);
	res_free(&x);
	/* overlong and surrogate UTF-8 encodings, NUL and DEL, a lone backslash pair */
	res_read(&x, "[{\"a\":\"\xc0\xaf\xed\xa0\x80\x7f\"},{\"b\":\"\\\\\",\"c\":\"\\u12\"}]");
	assert_int_equal(x.n, 2);
	assert_int_equal(tm_diag_count(&x.d, "json-bad-string"), 2);
	res_free(&x);
}

static void test_key_not_strict(void **state)
{
	static const char t[] = "{\"x\":[\"\xff\",1,],\"traceEvents\":[]}";
	struct res x;
	char *s;
	size_t n;

	(void)state;
	res_read(&x, t);
	assert_int_equal(x.rc, 0);
	assert_int_equal(x.top->nkeys, 1);
	assert_true(x.top->keys[0].not_strict);
	s = tm_json_repair(&x.top->keys[0].val, &n);
	assert_string_equal(s, "[\"\xef\xbf\xbd\",1]");
	assert_int_equal(n, strlen(s));
	free(s);
	res_free(&x);
}

/* ---- real traces ----------------------------------------------------------- */

/*
 * Event counts and the sum of all ts in ns, obtained independently with
 *   python3 -c 'import json,sys,gzip; from decimal import Decimal, ROUND_HALF_UP;
 *     d = json.loads(raw, parse_float=Decimal, parse_int=Decimal); ev = d if list
 *     else d["traceEvents"]; count dicts; sum int((Decimal(ts)*1000).quantize(
 *     Decimal(1), rounding=ROUND_HALF_UP)) over events with a ts'
 * (simple_trace_gz.gz read through gzip.open).
 */
static void test_corpus(void **state)
{
	static const struct {
		const char *file;
		uint64_t events, with_ts;
		int64_t ts_sum;
		size_t nkeys;
	} c[] = {
		{ "async_begin_end.json", 35, 35, 10150000, 0 },
		{ "chromeos_system_trace.json", 36, 36, 65323939665913000, 1 },
		{ "instant_events.json", 5, 5, 2550379682172000, 0 },
		{ "nanoseconds.json", 16, 16, 34302, 1 },
		{ "simple_trace.json", 37, 37, 28713000, 1 },
		{ "trace-with-bad-world-bounds.json", 10, 10, 520451593556000, 2 },
		{ "trivial_trace.json", 4, 4, 38344000, 0 },
		{ "v8_runtime_call_stats.json", 2316, 2316, 2751402132178222000, 1 },
		{ "profile-chrome_systrace_perf_chrome_data", 10, 10, 1964895054389000, 3 },
		{ "simple_trace_gz.gz", 35, 35, 27000000, 0 },
	};
	char path[512];

	(void)state;
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct tm_diag d;
		struct tm_input *in;
		const struct tm_block *b;
		struct tm_te_reader *r;
		struct tm_te_event ev;
		uint64_t n = 0, nts = 0;
		int64_t sum = 0;
		int rc;

		snprintf(path, sizeof(path), "%s/catapult/%s", TM_CORPUS, c[i].file);
		tm_diag_init(&d);
		in = tm_input_open(path, &d);
		if (!in) {
			tm_diag_free(&d);
			skip();
		}
		b = tm_input_block(in, 0);
		assert_int_equal(b->kind, TM_BLOCK_JSON);
		r = tm_te_reader_new(c[i].file, b->data, b->len, 1, &d);
		while ((rc = tm_te_reader_next(r, &ev)) == 1) {
			n++;
			if (ev.has_ts) {
				nts++;
				sum += ev.ts_ns;
			}
		}
		if (rc != 0 || n != c[i].events || nts != c[i].with_ts || sum != c[i].ts_sum ||
		    tm_te_reader_top(r)->nkeys != c[i].nkeys)
			fail_msg("%s: rc %d, %llu events, %llu with ts, sum %lld, %zu keys (%s)",
				 c[i].file, rc, (unsigned long long)n, (unsigned long long)nts,
				 (long long)sum, tm_te_reader_top(r)->nkeys, d.error);
		assert_false(tm_te_reader_top(r)->truncated);
		tm_te_reader_free(r);
		tm_input_free(in);
		tm_diag_free(&d);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_truncated_points),
		cmocka_unit_test(test_truncated_every_prefix),
		cmocka_unit_test(test_fatal),
		cmocka_unit_test(test_bom_crlf_lines),
		cmocka_unit_test(test_deep_nesting),
		cmocka_unit_test(test_repair),
		cmocka_unit_test(test_key_not_strict),
		cmocka_unit_test(test_corpus),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
