/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_ts.c - exact timestamp parsing and printing. */
#include "testutil.h"
#include "tracemerge/ts.h"

static int64_t secs(const char *s)
{
	int64_t ns = -42;
	assert_int_equal(tm_ts_parse_secs(s, strlen(s), &ns, NULL), 0);
	return ns;
}

static void test_parse_secs(void **state)
{
	(void)state;
	assert_int_equal(secs("316.196720"), 316196720000LL);
	assert_int_equal(secs("0.002188"), 2188000LL);
	assert_int_equal(secs("0.0"), 0);
	assert_int_equal(secs("7"), 7000000000LL);
	assert_int_equal(secs("7."), 7000000000LL);
	assert_int_equal(secs("1212.465062123"), 1212465062123LL);
	/* values where (int64)(double * 1e9) goes wrong: exact here */
	assert_int_equal(secs("50260.647576"), 50260647576000LL);
	assert_int_equal(secs("4213.033572"), 4213033572000LL);
	assert_int_equal(secs("683201.354908"), 683201354908000LL);
	/* 10th digit rounds (ties away from zero) */
	assert_int_equal(secs("1.0000000004"), 1000000000LL);
	assert_int_equal(secs("1.0000000005"), 1000000001LL);
	assert_int_equal(secs("-1.5"), -1500000000LL);
	/* int64 ns holds 9223372036.854775807 s */
	assert_int_equal(secs("9223372036.854775807"), INT64_MAX);
}

static void test_parse_secs_bad(void **state)
{
	static const char *bad[] = { "", ".5", "-", "1.2.3", "1e9", "abc", " 1.0",
				     "1.0 ", "9223372036.854775808", "99999999999999999999" };
	int64_t ns;
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(tm_ts_parse_secs(bad[i], strlen(bad[i]), &ns, NULL), -1);
}

static void test_frac_digits(void **state)
{
	int64_t ns;
	int d = -1;
	(void)state;
	assert_int_equal(tm_ts_parse_secs("1.123456", 8, &ns, &d), 0);
	assert_int_equal(d, 6);
	assert_int_equal(tm_ts_parse_secs("1.123456789", 11, &ns, &d), 0);
	assert_int_equal(d, 9);
	assert_int_equal(tm_ts_parse_secs("12", 2, &ns, &d), 0);
	assert_int_equal(d, 0);
}

static void test_parse_us_and_i64(void **state)
{
	int64_t v;
	(void)state;
	assert_int_equal(tm_ts_parse_us("5.1", 3, &v), 0);
	assert_int_equal(v, 5100);
	assert_int_equal(tm_ts_parse_us("196489505302", 12, &v), 0);
	assert_int_equal(v, 196489505302000LL);
	assert_int_equal(tm_ts_parse_us("0.0005", 6, &v), 0);
	assert_int_equal(v, 1); /* rounded to the ns */
	assert_int_equal(tm_parse_i64("-9223372036854775808", 20, &v), 0);
	assert_true(v == INT64_MIN);
	assert_int_equal(tm_parse_i64("9223372036854775808", 19, &v), -1);
	assert_int_equal(tm_parse_i64("12a", 3, &v), -1);
	assert_int_equal(tm_parse_i64("", 0, &v), -1);
}

static void test_format(void **state)
{
	char b[TM_TS_BUFSZ];
	(void)state;
	tm_ts_format_secs(b, 316196720000LL, 6);
	assert_string_equal(b, "316.196720");
	tm_ts_format_secs(b, 2188000LL, 6);
	assert_string_equal(b, "0.002188");
	tm_ts_format_secs(b, 1212465062123LL, 9);
	assert_string_equal(b, "1212.465062123");
	tm_ts_format_secs(b, 0, 9);
	assert_string_equal(b, "0.000000000");
	tm_ts_format_secs(b, -1500000000LL, 6);
	assert_string_equal(b, "-1.500000");
	tm_ts_format_secs(b, INT64_MIN, 9);
	assert_string_equal(b, "-9223372036.854775808");
	tm_ts_format_us(b, 5100);
	assert_string_equal(b, "5.1");
	tm_ts_format_us(b, 196489505302000LL);
	assert_string_equal(b, "196489505302");
	tm_ts_format_us(b, 1);
	assert_string_equal(b, "0.001");
	tm_ts_format_us(b, 123456);
	assert_string_equal(b, "123.456");
}

/* Every µs value round-trips exactly through text (spot-check a range). */
static void test_roundtrip(void **state)
{
	char b[TM_TS_BUFSZ];
	int64_t ns;
	(void)state;
	for (int64_t us = 50260647000LL; us < 50260647000LL + 20000; us += 7) {
		size_t n = tm_ts_format_secs(b, us * 1000, 6);
		assert_int_equal(tm_ts_parse_secs(b, n, &ns, NULL), 0);
		assert_true(ns == us * 1000);
	}
}

/* Trace Event µs text of ns values, worked out by hand: the edges of the
 * two-digits-at-a-time writer (zeros of the fraction, sign, extremes). */
static void test_format_us_edges(void **state)
{
	static const struct {
		int64_t ns;
		const char *text;
	} cases[] = {
		{ 0, "0" }, { 1, "0.001" }, { 5, "0.005" }, { 10, "0.01" }, { 50, "0.05" },
		{ 100, "0.1" }, { 999, "0.999" }, { 1000, "1" }, { 1500, "1.5" },
		{ 100000, "100" }, { 1000000, "1000" }, { 12345678901, "12345678.901" },
		{ 101502002480, "101502002.48" }, { -1, "-0.001" }, { -1500, "-1.5" },
		{ -1000, "-1" }, { 4294967296000LL, "4294967296" },
		{ INT64_MAX, "9223372036854775.807" }, { INT64_MIN, "-9223372036854775.808" },
	};
	char buf[TM_TS_BUFSZ];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t n = tm_ts_format_us(buf, cases[i].ns);

		assert_string_equal(buf, cases[i].text);
		assert_int_equal(n, strlen(cases[i].text));
	}
	/* seconds beyond 32 bits, and 9 decimals of a negative time */
	assert_int_equal(tm_ts_format_secs(buf, 4294967296123456789LL, 9), 20);
	assert_string_equal(buf, "4294967296.123456789");
	tm_ts_format_secs(buf, -1000000001, 9);
	assert_string_equal(buf, "-1.000000001");
	tm_ts_format_secs(buf, 5000, 6);
	assert_string_equal(buf, "0.000005");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_secs),
		cmocka_unit_test(test_parse_secs_bad),
		cmocka_unit_test(test_frac_digits),
		cmocka_unit_test(test_parse_us_and_i64),
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_format_us_edges),
		cmocka_unit_test(test_roundtrip),
	};
	return cmocka_run_group_tests_name("ts", tests, NULL, NULL);
}
