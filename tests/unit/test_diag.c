/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_diag.c - counted warnings and joining the diags of several inputs. */
#include "testutil.h"
#include "safe-text.h"
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

/* Text made safe for a terminal: each case's expected text by hand. */
static void test_safe_text(void **state)
{
	static const struct {
		const char *in, *out, *out_lines;
	} cases[] = {
		{ "plain \xc3\xa9t\xc3\xa9\t|", "plain \xc3\xa9t\xc3\xa9\t|", NULL },
		{ "a\033[2Jb", "a\\x1b[2Jb", NULL },
		{ "l1\nl2\r", "l1\\x0al2\\x0d", "l1\nl2\\x0d" },
		{ "del\x7f bel\a", "del\\x7f bel\\x07", NULL },
		{ "c1 \xc2\x9b" "2J \xc2\xa0nbsp", "c1 \\xc2\\x9b2J \xc2\xa0nbsp", NULL },
		{ "bad \xff \xe2\x82 end", "bad \\xff \\xe2\\x82 end", NULL },
		{ "\xed\xa0\x80 surrogate", "\\xed\\xa0\\x80 surrogate", NULL },
	};
	char buf[128];
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *in = cases[i].in;
		assert_int_equal(tm_safe_text(buf, sizeof(buf), in, strlen(in), false),
				 strlen(cases[i].out));
		assert_string_equal(buf, cases[i].out);
		tm_safe_text(buf, sizeof(buf), in, strlen(in), true);
		assert_string_equal(buf, cases[i].out_lines ? cases[i].out_lines : cases[i].out);
		assert_int_equal(tm_safe_text_needed(in, strlen(in), false),
				 strcmp(in, cases[i].out) != 0);
	}
	/* an escape is never cut: "ab" and not half of "\x1b" */
	assert_int_equal(tm_safe_text(buf, 6, "ab\033cd", 5, false), 2);
	assert_string_equal(buf, "ab");
	assert_int_equal(tm_safe_text(buf, 7, "ab\033cd", 5, false), 6);
	assert_string_equal(buf, "ab\\x1b");
	/* printf arguments: the string itself when clean, else an escaped copy */
	assert_ptr_equal(tm_safe_str(cases[0].in), cases[0].in);
	assert_string_equal(tm_safe_str("x\033y"), "x\\x1by");
	assert_null(tm_safe_str(NULL));
}

/* A message that carries a control character stays one line. */
static void test_error_one_line(void **state)
{
	struct tm_diag d;
	(void)state;
	tm_diag_init(&d);
	tm_diag_error(&d, "%s: bad", "in\nput\033[2J");
	assert_string_equal(d.error, "in\\x0aput\\x1b[2J: bad");
	tm_diag_warn(&d, "k", "f\033.txt:3", "name '%s'", "a\ab");
	assert_string_equal(d.warn[0].first_message, "name 'a\\x07b'");
	assert_string_equal(d.warn[0].locs[0], "f\\x1b.txt:3");
	tm_diag_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_absorb),
		cmocka_unit_test(test_safe_text),
		cmocka_unit_test(test_error_one_line),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
