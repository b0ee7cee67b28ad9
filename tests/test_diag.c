/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_diag.c - counted warnings and joining the diags of several inputs. */
#include "testutil.h"
#include "tracemerge/diag.h"

static void test_absorb(void **state)
{
	struct tm_diag a, b;
	char loc[32];

	(void)state;
	tm_diag_init(&a);
	tm_diag_init(&b);
	tm_diag_warn(&a, "x", "a:1", "first x %d", 1);
	tm_diag_warn(&a, "x", "a:2", "second x");
	tm_diag_warn(&b, "y", "b:1", "first y");
	for (int i = 3; i <= 12; i++) {
		snprintf(loc, sizeof(loc), "b:%d", i);
		tm_diag_warn(&b, "x", loc, "x in b");
	}
	tm_diag_warn(&b, "z", NULL, NULL);
	snprintf(b.error, sizeof(b.error), "not copied");
	tm_diag_absorb(&a, &b);

	assert_string_equal(a.error, "");
	assert_int_equal(a.nwarn, 3);
	/* kinds in order of first sight: x (a), then y and z (b) */
	assert_string_equal(a.warn[0].kind, "x");
	assert_string_equal(a.warn[1].kind, "y");
	assert_string_equal(a.warn[2].kind, "z");
	/* x: 2 + 10 occurrences; the first 8 locations, a's first */
	assert_int_equal(a.warn[0].count, 12);
	assert_string_equal(a.warn[0].first_message, "first x 1");
	assert_int_equal(a.warn[0].nlocs, TM_DIAG_KEEP);
	assert_string_equal(a.warn[0].locs[0], "a:1");
	assert_string_equal(a.warn[0].locs[1], "a:2");
	assert_string_equal(a.warn[0].locs[2], "b:3");
	assert_string_equal(a.warn[0].locs[7], "b:8");
	assert_int_equal(a.warn[1].count, 1);
	assert_string_equal(a.warn[1].first_message, "first y");
	assert_string_equal(a.warn[1].locs[0], "b:1");
	/* no message and no location stay so */
	assert_int_equal(a.warn[2].count, 1);
	assert_null(a.warn[2].first_message);
	assert_int_equal(a.warn[2].nlocs, 0);
	assert_int_equal(tm_diag_total(&a), 14);
	tm_diag_free(&a);
	tm_diag_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_absorb),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
