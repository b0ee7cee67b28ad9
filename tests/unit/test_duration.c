/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_duration.c - tm_parse_duration: a duration read exactly in its own
 * unit, whatever the number of digits, and refused only when it is not a
 * duration (EINVAL) or does not fit in int64 ns (ERANGE). */
#include <errno.h>

#include "testutil.h"
#include "tracemerge/session.h"

static int64_t dur(const char *s)
{
	int64_t ns = -42;
	assert_int_equal(tm_parse_duration(s, &ns), 0);
	return ns;
}

/* The errno of a refused S. */
static int refused(const char *s)
{
	int64_t ns = -42;
	errno = 0;
	assert_int_equal(tm_parse_duration(s, &ns), -1);
	assert_int_equal(ns, -42);
	return errno;
}

static void test_units(void **state)
{
	(void)state;
	assert_int_equal(dur("250ns"), 250);
	assert_int_equal(dur("+1.5ms"), 1500000);
	assert_int_equal(dur("-20us"), -20000);
	assert_int_equal(dur("-20\xc2\xb5s"), -20000);
	assert_int_equal(dur("3s"), 3000000000LL);
	assert_int_equal(dur("7.s"), 7000000000LL);
	assert_int_equal(dur("0.000000001s"), 1);
	assert_int_equal(dur("1.000us"), 1000);
	assert_int_equal(dur("-0ns"), 0);
	/* trailing zeros of the fraction change nothing */
	assert_int_equal(dur("2.500000000000000000000000s"), 2500000000LL);
}

/* Durations that need more digits than int64 seconds would hold as ns: the
 * number is not read as seconds first (10^10 s would not fit, 10 s does). */
static void test_many_digits(void **state)
{
	(void)state;
	assert_int_equal(dur("+10000000000ns"), 10000000000LL);
	assert_int_equal(dur("+10000000000us"), 10000000000000LL);
	assert_int_equal(dur("-1699999900000000000ns"), -1699999900000000000LL);
	assert_int_equal(dur("9223372036854775807ns"), INT64_MAX);
	assert_int_equal(dur("-9223372036854775808ns"), INT64_MIN);
	assert_int_equal(dur("9223372036.854775807s"), INT64_MAX);
	assert_int_equal(dur("000000000000000000000000001ms"), 1000000);
}

static void test_refused(void **state)
{
	static const char *bad[] = { "", "ms", "+", "-", "+-1s", "1", "1.5", "1.5xs", ".5ms",
				     "1..5ms", "1.2.3s", "1e3ns", " 1s", "1s ", "1 s", "0x10ns",
				     "1.0000000001s", "0.5ns", "1.0001us" };
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(refused(bad[i]), EINVAL);
	assert_int_equal(refused("9223372036854775808ns"), ERANGE);
	assert_int_equal(refused("-9223372036854775809ns"), ERANGE);
	assert_int_equal(refused("9223372036.854775808s"), ERANGE);
	assert_int_equal(refused("10000000000s"), ERANGE);
	assert_int_equal(refused("99999999999999999999999999ns"), ERANGE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_units),
		cmocka_unit_test(test_many_digits),
		cmocka_unit_test(test_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
