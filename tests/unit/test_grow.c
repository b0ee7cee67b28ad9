/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_grow.c - a span that grows while it is read (src/base/grow.c): what
 * is published after each step of the writer, by hand from the bytes.
 */
#include "testutil.h"
#include "grow.h"

/* The bytes grow.c searched for a cut byte: its memrchr is this one (the
 * program's own definition is the one the library's call binds to). */
static size_t searched_bytes;

void *memrchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	searched_bytes += n;
	while (n--)
		if (p[n] == (unsigned char)c)
			return (void *)(p + n);
	return NULL;
}

/* Published up to just after the last '\n' of what is final. */
static void test_publish_cuts(void **state)
{
	static const char t[] = "ab\ncd\nef";
	struct tm_grow g;
	bool done;

	(void)state;
	tm_grow_init(&g, t);
	assert_int_equal(tm_grow_ready(&g, &done), 0);
	assert_false(done);
	tm_grow_publish(&g, 2);                 /* "ab": no '\n' yet */
	assert_int_equal(tm_grow_ready(&g, NULL), 0);
	tm_grow_publish(&g, 4);                 /* "ab\nc" */
	assert_int_equal(tm_grow_ready(&g, NULL), 3);
	tm_grow_publish(&g, 4);                 /* (the same again) */
	assert_int_equal(tm_grow_ready(&g, NULL), 3);
	tm_grow_publish(&g, 8);                 /* "ab\ncd\nef" */
	assert_int_equal(tm_grow_ready(&g, NULL), 6);
	tm_grow_end(&g, 8);
	assert_int_equal(tm_grow_ready(&g, &done), 8);
	assert_true(done);
	tm_grow_destroy(&g);
}

/* A long stretch with no cut byte (a JSON string of a kernel text: its
 * line ends are "\n" escapes), published in small steps: nothing is
 * published until a cut comes, and each step searches only its new bytes
 * (before, each searched from the last cut on: 16 MiB in 4 KiB steps was
 * 34 GB of searching, and a gzipped merged trace's `stats` took 4.4 times
 * its plain one's time). */
static void test_long_stretch(void **state)
{
	const size_t len = (size_t)16 << 20, step = 4096;
	char *t = malloc(len);
	struct tm_grow g;

	(void)state;
	assert_non_null(t);
	memset(t, 'x', len);
	t[10] = '\n';
	t[len - 5] = '}';
	t[len - 2] = '\n';
	tm_grow_init(&g, t);
	searched_bytes = 0;
	for (size_t n = step; n <= len - step; n += step) {
		tm_grow_publish(&g, n);
		assert_int_equal(tm_grow_ready(&g, NULL), 11);
		assert_int_equal(searched_bytes, n);    /* nothing searched twice */
	}
	tm_grow_publish(&g, len);
	assert_int_equal(tm_grow_ready(&g, NULL), len - 1);
	assert_int_equal(searched_bytes, len);
	tm_grow_destroy(&g);
	free(t);
}

/* A cut byte named later is looked for in the bytes searched for '\n'. */
static void test_set_cut(void **state)
{
	static const char t[] = "{\"a\":1}{\"b\":\"x";
	struct tm_grow g;

	(void)state;
	tm_grow_init(&g, t);
	tm_grow_publish(&g, sizeof(t) - 1);
	assert_int_equal(tm_grow_ready(&g, NULL), 0);   /* no '\n' */
	tm_grow_set_cut(&g, '}');
	assert_int_equal(tm_grow_ready(&g, NULL), 7);   /* after "{\"a\":1}" */
	tm_grow_stop(&g);
	assert_int_equal(tm_grow_ready(&g, NULL), 7);
	tm_grow_destroy(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_publish_cuts),
		cmocka_unit_test(test_long_stretch),
		cmocka_unit_test(test_set_cut),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
