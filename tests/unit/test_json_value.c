/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_json_value.c - the value helpers of tracemerge/tejson.h: exact µs -> ns,
 * integers, unescaping, comparison, one-level look-up, repair.  Expected
 * values were worked out by hand from the decimal text. */
#include "testutil.h"

#include "json-lex.h"
#include "tracemerge/tejson.h"

static struct tm_jval num(const char *s)
{
	return (struct tm_jval){ TM_J_NUMBER, s, strlen(s) };
}

static struct tm_jval str(const char *s)      /* S with its quotes */
{
	return (struct tm_jval){ TM_J_STRING, s, strlen(s) };
}

static struct tm_jval obj(const char *s)
{
	return (struct tm_jval){ TM_J_OBJECT, s, strlen(s) };
}

static void test_us_to_ns(void **state)
{
	static const struct { const char *s; int64_t ns; } ok[] = {
		{ "0", 0 }, { "-0", 0 }, { "1", 1000 }, { "1.5", 1500 },
		{ "1.0005", 1001 }, { "1.0004999", 1000 }, { "-2.25", -2250 },
		{ "1.5e3", 1500000 }, { "1e-4", 0 }, { "5e-4", 1 }, { "-5e-4", -1 },
		{ "4.9999e-4", 0 }, { "1.23456789e2", 123457 }, { "0.0015", 2 },
		{ "0.0025", 3 }, { "-0.0025", -3 }, { "1E+2", 100000 },
		{ "2.5E-1", 250 }, { "12345678.9", 12345678900 },
		{ "9223372036854775.807", INT64_MAX }, { "-9223372036854775.807", -INT64_MAX },
		{ "9223372036854775.8074", INT64_MAX },     /* .4 ns rounds down */
		{ "1e15", 1000000000000000000 }, { "0e999999999999", 0 },
		{ "1e-99999999999999", 0 }, { "0.000000000000000000000000000001e30", 1000 },
		{ "100000000000000000000000e-23", 1000 }, { "0.00000000000000000000000000005e25", 1 },
	};
	static const char *const bad[] = {
		"9223372036854775.808", "9223372036854775.8075", "-9223372036854775.808",
		"1e16", "1e999999999999", "123456789012345678901234567890",
	};
	int64_t ns;

	(void)state;
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		struct tm_jval v = num(ok[i].s);
		char q[80];

		ns = 42;
		if (tm_json_us_to_ns(&v, &ns) || ns != ok[i].ns)
			fail_msg("%s: %lld, want %lld", ok[i].s, (long long)ns, (long long)ok[i].ns);
		snprintf(q, sizeof(q), "\"%s\"", ok[i].s);
		v = str(q);
		ns = 42;
		if (tm_json_us_to_ns(&v, &ns) || ns != ok[i].ns)
			fail_msg("string %s: %lld", q, (long long)ns);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct tm_jval v = num(bad[i]);
		assert_int_equal(tm_json_us_to_ns(&v, &ns), -1);
	}
}

static void test_us_to_ns_strings(void **state)
{
	static const char *const bad[] = {
		"\"\"", "\"abc\"", "\"100a\"", "\"1.2.3\"", "\".\"", "\"-\"", "\"1e\"",
		"\"1e+\"", "\" 1\"", "\"1 \"", "\"\\u0031\"", "\"0x10\"", "\"NaN\"",
	};
	struct tm_jval v;
	int64_t ns;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		v = str(bad[i]);
		if (tm_json_us_to_ns(&v, &ns) == 0)
			fail_msg("%s accepted", bad[i]);
	}
	/* strings are looser than JSON numbers: leading zeros, '+', "1.", ".5" */
	v = str("\"007\"");
	assert_int_equal(tm_json_us_to_ns(&v, &ns), 0);
	assert_int_equal(ns, 7000);
	v = str("\"+1.\"");
	assert_int_equal(tm_json_us_to_ns(&v, &ns), 0);
	assert_int_equal(ns, 1000);
	v = str("\".5\"");
	assert_int_equal(tm_json_us_to_ns(&v, &ns), 0);
	assert_int_equal(ns, 500);
	/* other types */
	v = (struct tm_jval){ TM_J_TRUE, "true", 4 };
	assert_int_equal(tm_json_us_to_ns(&v, &ns), -1);
	v = (struct tm_jval){ TM_J_NONE, NULL, 0 };
	assert_int_equal(tm_json_us_to_ns(&v, &ns), -1);
}

static void test_int(void **state)
{
	struct tm_jval v;
	int64_t x;

	(void)state;
	v = num("-9223372036854775808");
	assert_int_equal(tm_json_int(&v, &x), 0);
	assert_true(x == INT64_MIN);
	v = num("9223372036854775807");
	assert_int_equal(tm_json_int(&v, &x), 0);
	assert_true(x == INT64_MAX);
	v = num("9223372036854775808");
	assert_int_equal(tm_json_int(&v, &x), -1);
	v = num("1.0");
	assert_int_equal(tm_json_int(&v, &x), -1);
	v = num("1e3");
	assert_int_equal(tm_json_int(&v, &x), -1);
	v = str("\"4242\"");
	assert_int_equal(tm_json_int(&v, &x), 0);
	assert_int_equal(x, 4242);
	v = str("\"foo\"");
	assert_int_equal(tm_json_int(&v, &x), -1);
	v = str("\"\"");
	assert_int_equal(tm_json_int(&v, &x), -1);
}

static void check_strdup(const char *json, const char *want, size_t want_len)
{
	struct tm_jval v = str(json);
	size_t n = 12345;
	char *s = tm_json_strdup(&v, &n);

	assert_non_null(s);
	if (n != want_len || memcmp(s, want, n) != 0 || s[n] != '\0')
		fail_msg("%s: got %zu bytes \"%s\"", json, n, s);
	free(s);
}

static void test_strdup(void **state)
{
	struct tm_jval v;
	char *s;

	(void)state;
	check_strdup("\"plain\"", "plain", 5);
	check_strdup("\"\"", "", 0);
	check_strdup("\"a\\\"b\\\\c\\/d\\n\\t\\b\\f\\r\"", "a\"b\\c/d\n\t\b\f\r", 12);
	check_strdup("\"caf\\u00e9 \\u20AC\"", "caf\xc3\xa9 \xe2\x82\xac", 9);
	check_strdup("\"\\ud83d\\ude00!\"", "\xf0\x9f\x98\x80!", 5);      /* pair -> U+1F600 */
	check_strdup("\"\\ud800x\"", "\xef\xbf\xbdx", 4);                /* lone high */
	check_strdup("\"\\ude00\"", "\xef\xbf\xbd", 3);                  /* lone low */
	check_strdup("\"\\ud800\\u0041\"", "\xef\xbf\xbd" "A", 4);       /* high + not low */
	check_strdup("\"\\ud800\\ud800\\udc00\"", "\xef\xbf\xbd\xf0\x90\x80\x80", 7);
	check_strdup("\"\\q\"", "\xef\xbf\xbd", 3);                      /* invalid escape */
	check_strdup("\"\\u12g4\"", "\xef\xbf\xbd" "12g4", 7);
	check_strdup("\"\\u0000z\"", "\0z", 2);
	check_strdup("\"a\xff" "b\"", "a\xef\xbf\xbd" "b", 5);           /* invalid UTF-8 */
	check_strdup("\"\xc3\xa9\xe2\x82\"", "\xc3\xa9\xef\xbf\xbd\xef\xbf\xbd", 8);
	check_strdup("\"\\\"", "\xef\xbf\xbd", 3);                       /* body: one '\' */
	v = num("-1.5e3");
	s = tm_json_strdup(&v, NULL);
	assert_string_equal(s, "-1.5e3");
	free(s);
	v = obj("{}");
	assert_null(tm_json_strdup(&v, NULL));
}

static void test_str_eq(void **state)
{
	struct tm_jval v;

	(void)state;
	v = str("\"name\"");
	assert_true(tm_json_str_eq(&v, "name"));
	assert_false(tm_json_str_eq(&v, "nam"));
	assert_false(tm_json_str_eq(&v, "names"));
	assert_false(tm_json_str_eq(&v, ""));
	v = str("\"n\\u0061m\\u0065\"");
	assert_true(tm_json_str_eq(&v, "name"));
	assert_false(tm_json_str_eq(&v, "nam"));
	assert_false(tm_json_str_eq(&v, "namex"));
	v = str("\"a\\\"b\"");
	assert_true(tm_json_str_eq(&v, "a\"b"));
	v = str("\"\"");
	assert_true(tm_json_str_eq(&v, ""));
	v = num("1");
	assert_false(tm_json_str_eq(&v, "1"));
}

static void test_get(void **state)
{
	static const char o[] = "{ \"a\" : 1 , \"b\":{\"c\":[1,2,{\"d\":\"}\"}]},"
				"\"c d\":\"x\\\"}\",\"e\":true, \"k\\u0065y\":-5.5e1,\"z\":null}";
	struct tm_jval v = obj(o), r;

	(void)state;
	r = tm_json_get(&v, "a");
	assert_true(r.type == TM_J_NUMBER && r.n == 1 && r.p[0] == '1');
	r = tm_json_get(&v, "b");
	assert_int_equal(r.type, TM_J_OBJECT);
	assert_int_equal(r.n, strlen("{\"c\":[1,2,{\"d\":\"}\"}]}"));
	r = tm_json_get(&r, "c");
	assert_int_equal(r.type, TM_J_ARRAY);
	assert_int_equal(r.n, strlen("[1,2,{\"d\":\"}\"}]"));
	r = tm_json_get(&v, "c d");
	assert_true(r.type == TM_J_STRING && r.n == strlen("\"x\\\"}\""));
	r = tm_json_get(&v, "e");
	assert_true(r.type == TM_J_TRUE && r.n == 4);
	r = tm_json_get(&v, "key");
	assert_true(r.type == TM_J_NUMBER && r.n == 6);
	r = tm_json_get(&v, "z");
	assert_true(r.type == TM_J_NULL && r.n == 4);
	assert_int_equal(tm_json_get(&v, "d").type, TM_J_NONE);   /* not one level down */
	assert_int_equal(tm_json_get(&v, "zz").type, TM_J_NONE);
	/* not an object, cut objects: nothing, and nothing read beyond N */
	r = num("1");
	assert_int_equal(tm_json_get(&r, "a").type, TM_J_NONE);
	r = (struct tm_jval){ TM_J_OBJECT, o, 12 };          /* "{ "a" : 1 , " */
	assert_int_equal(tm_json_get(&r, "a").type, TM_J_NUMBER);
	assert_int_equal(tm_json_get(&r, "b").type, TM_J_NONE);
	for (size_t n = 0; n < sizeof(o) - 1; n++) {
		char *cut = malloc(n ? n : 1);
		memcpy(cut, o, n);
		r = (struct tm_jval){ TM_J_OBJECT, cut, n };
		r = tm_json_get(&r, "z");
		assert_int_equal(r.type, TM_J_NONE);
		free(cut);
	}
}

static void test_get_deep(void **state)
{
	const size_t deep = 100000;
	char *t = malloc(2 * deep + 64), *p = t;
	struct tm_jval v, r;

	(void)state;
	p += sprintf(p, "{\"a\":");
	memset(p, '[', deep);
	p += deep;
	memset(p, ']', deep);
	p += deep;
	p += sprintf(p, ",\"b\":2}");
	v = obj(t);
	r = tm_json_get(&v, "b");
	assert_true(r.type == TM_J_NUMBER && r.p[0] == '2');
	r = tm_json_get(&v, "a");
	assert_int_equal(r.n, 2 * deep);
	free(t);
}

static void test_repair_value(void **state)
{
	static const struct { const char *in, *out; } c[] = {
		{ "{\"a\":[1,2,],}", "{\"a\":[1,2]}" },
		{ "[ 1 , ]", "[ 1  ]" },
		{ "\"tab\there\"", "\"tab\\u0009here\"" },
		{ "\"\\x\"", "\"\\ufffd\"" },
		{ "\"ok \\u00e9 \\n\"", "\"ok \\u00e9 \\n\"" },
		{ "\"\xf4\x90\x80\x80\"", "\"\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\"" },
		{ "\",]\"", "\",]\"" },                   /* commas in strings stay */
		{ "{\"a\":\"\x1f\"}", "{\"a\":\"\\u001f\"}" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		struct tm_jval v = { c[i].in[0] == '"' ? TM_J_STRING : TM_J_OBJECT, c[i].in,
				     strlen(c[i].in) };
		size_t n;
		char *s = tm_json_repair(&v, &n);

		assert_non_null(s);
		if (strcmp(s, c[i].out) || n != strlen(c[i].out))
			fail_msg("%zu: %s -> %s, want %s", i, c[i].in, s, c[i].out);
		free(s);
	}
}

/* \u escapes: a surrogate pair is one character, a lone surrogate none: the
 * string is bad (flagged by the walker) and repaired to \ufffd. */
static void test_surrogates(void **state)
{
	static const struct {
		const char *in, *repaired;
		bool bad;
	} cases[] = {
		{ "\"a\\u00e9\\uD83D\\uDE00b\"", "\"a\\u00e9\\uD83D\\uDE00b\"", false },
		{ "\"a\\ud800b\"", "\"a\\ufffdb\"", true },
		{ "\"\\udfff\"", "\"\\ufffd\"", true },
		{ "\"\\udc00\\ud800\"", "\"\\ufffd\\ufffd\"", true },
		{ "\"\\ud800\\u0041\"", "\"\\ufffd\\u0041\"", true },
		{ "\"x\\ud83d\"", "\"x\\ufffd\"", true },
	};
	char out[64];
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *s = cases[i].in;
		struct tm_jl jl;
		size_t n;

		memset(&jl, 0, sizeof(jl));
		jl.end = s + strlen(s);
		assert_ptr_equal(tm_json_lex_string(&jl, s), s + strlen(s));
		assert_int_equal(!!(jl.flags & TM_JL_BAD_STRING), cases[i].bad);
		n = tm_json_repair_text(s, strlen(s), out);
		assert_int_equal(n, strlen(cases[i].repaired));
		out[n] = 0;
		assert_string_equal(out, cases[i].repaired);
	}
}

/* A string body unescaped a part at a time, in every room from 4 bytes to
 * more than the whole: the parts, one after the other, are the whole text
 * (worked out by hand), no part passes its room, each takes some of the
 * body and ends on a whole character. */
static void unescape_parts(const char *body, bool raw, const char *want, size_t want_len)
{
	size_t n = strlen(body);
	char out[256], part[64];

	assert_true(want_len < sizeof(out));
	for (size_t room = 4; room <= sizeof(part); room++) {
		size_t at = 0, len = 0, used, k;

		while (at < n) {
			k = tm_json_unescape_part(body + at, n - at, &used, part, room, raw);
			assert_true(k <= room);
			assert_true(used > 0);
			assert_true(len + k <= want_len);
			memcpy(out + len, part, k);
			len += k;
			at += used;
		}
		assert_int_equal(at, n);
		assert_int_equal(len, want_len);
		assert_memory_equal(out, want, want_len);
	}
	assert_int_equal(tm_json_unescape(body, n, out, raw), want_len);
	assert_memory_equal(out, want, want_len);
}

static void test_unescape_parts(void **state)
{
	/* every kind of escape: short, \u, a surrogate pair, a lone
	 * surrogate and a bad escape (U+FFFD), a run long enough to be cut */
	static const char body[] = "caf\\u00e9\\t\\\"x\\\" \\ud83d\\ude00\\/\\n"
				   "plain run of thirty-two bytes..\\ud800z\\qend";
	static const char want[] = "caf\xc3\xa9\t\"x\" \xf0\x9f\x98\x80/\n"
				   "plain run of thirty-two bytes..\xef\xbf\xbdz\xef\xbf\xbd" "end";
	/* bytes that are not UTF-8: kept (RAW) or U+FFFD */
	static const char bytes[] = "a\xff" "b\xc3\xa9\\n";

	(void)state;
	unescape_parts(body, true, want, sizeof(want) - 1);
	unescape_parts(body, false, want, sizeof(want) - 1);
	unescape_parts(bytes, true, "a\xff" "b\xc3\xa9\n", 6);
	unescape_parts(bytes, false, "a\xef\xbf\xbd" "b\xc3\xa9\n", 8);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_us_to_ns),
		cmocka_unit_test(test_us_to_ns_strings),
		cmocka_unit_test(test_int),
		cmocka_unit_test(test_strdup),
		cmocka_unit_test(test_str_eq),
		cmocka_unit_test(test_get),
		cmocka_unit_test(test_get_deep),
		cmocka_unit_test(test_repair_value),
		cmocka_unit_test(test_surrogates),
		cmocka_unit_test(test_unescape_parts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
