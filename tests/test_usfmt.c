/* test_usfmt.c - the merge writer's µs formatter (src/usfmt.h): hand-worked
 * strings, then the same bytes as tm_ts_format_us() over many values. */
#include "testutil.h"
#include "tracemerge/ts.h"
#include "usfmt.h"

static void test_hand_worked(void **state)
{
	static const struct {
		int64_t ns;
		const char *text;
	} cases[] = {
		{ 0, "0" }, { 1, "0.001" }, { 5, "0.005" }, { 10, "0.01" }, { 50, "0.05" },
		{ 100, "0.1" }, { 999, "0.999" }, { 1000, "1" }, { 1500, "1.5" },
		{ 100000, "100" }, { 1000000, "1000" }, { 12345678901, "12345678.901" },
		{ 101502002480, "101502002.48" }, { -1, "-0.001" }, { -1500, "-1.5" },
		{ -1000, "-1" }, { INT64_MAX, "9223372036854775.807" },
		{ INT64_MIN, "-9223372036854775.808" },
	};
	char buf[TM_TS_BUFSZ];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t n = tm_usfmt(buf, cases[i].ns);

		assert_string_equal(buf, cases[i].text);
		assert_int_equal(n, strlen(cases[i].text));
	}
}

static void test_same_as_ts_format_us(void **state)
{
	char a[TM_TS_BUFSZ], b[TM_TS_BUFSZ];
	uint64_t x = 88172645463325252ull;

	(void)state;
	for (int i = 0; i < 200000; i++) {
		int64_t ns;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		/* every magnitude, and values around powers of ten */
		ns = (int64_t)(x >> (x % 64));
		if (i % 3 == 0)
			ns = -ns;
		if (i % 5 == 0)
			ns = (int64_t)(i % 40) * 1000 + (int64_t)(x % 3) * 10 - 10;
		assert_int_equal(tm_usfmt(a, ns), tm_ts_format_us(b, ns));
		assert_string_equal(a, b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hand_worked),
		cmocka_unit_test(test_same_as_ts_format_us),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
