/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_sync_apart.c - the gap between inputs that the clock relation puts
 * apart, as the inputs-apart warning says it (src/core/sync-apart.c):
 * values worked out by hand.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdint.h>

#include "sync-int.h"

#define S 1000000000LL

static void gap_is(int64_t ns, const char *want)
{
	char buf[64];

	tm_sync_format_gap(buf, sizeof(buf), ns);
	assert_string_equal(buf, want);
}

static void test_gap_units(void **state)
{
	(void)state;
	/* 267000 s = 3 * 86400 + 2 * 3600 + 600: days and hours only */
	gap_is(267000 * S, "3 days 2 h");
	gap_is(86400 * S, "1 day 0 h");
	gap_is(86400 * S - 1, "23 h 59 min");
	/* 99.9 s = 1 min 39.9 s: whole seconds */
	gap_is(99900000000LL, "1 min 39 s");
	gap_is(60 * S, "1 min 0 s");
	gap_is(59999999999LL, "59.999 s");   /* (59.999999999 s: cut, not 60.000) */
	gap_is(4250000000LL, "4.250 s");
	gap_is(900000000, "900.000 ms");
	gap_is(1500000, "1.500 ms");
	gap_is(1000, "1.000 µs");
	gap_is(999, "999 ns");
	gap_is(0, "0 ns");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gap_units),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
