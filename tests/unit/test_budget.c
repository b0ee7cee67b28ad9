/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_budget.c - table keys of bounded size (src/base/budget.c). */
#include "testutil.h"
#include "budget.h"

#define ELLIPSIS "\xe2\x80\xa6"

/* A string of N bytes C, then TAIL, in a static buffer. */
static const char *fill(char c, size_t n, const char *tail)
{
	static char buf[1024];

	memset(buf, c, n);
	snprintf(buf + n, sizeof(buf) - n, "%s", tail);
	return buf;
}

static void test_name_key(void **state)
{
	char key[TM_NAME_KEY_MAX], want[1100];
	const char *p, *out;
	size_t n;
	(void)state;

	/* 256 bytes: the name itself */
	p = fill('a', 256, "");
	assert_int_equal(tm_name_key(key, p, 256, &out), 256);
	assert_ptr_equal(out, p);
	/* 300 bytes: 256 and the ellipsis */
	p = fill('a', 300, "");
	n = tm_name_key(key, p, 300, &out);
	assert_ptr_equal(out, key);
	snprintf(want, sizeof(want), "%s", fill('a', 256, ELLIPSIS));
	assert_int_equal(n, 259);
	assert_memory_equal(key, want, n);
	/* an e-acute (2 bytes) across byte 256: cut before it, at 255 */
	p = fill('a', 255, "\xc3\xa9" "bbbbbbbb");
	n = tm_name_key(key, p, strlen(p), &out);
	snprintf(want, sizeof(want), "%s", fill('a', 255, ELLIPSIS));
	assert_int_equal(n, 258);
	assert_memory_equal(key, want, n);
}

/* The key of the JSON string '"', PRE bytes 'a', TAIL, '"' is '"', KEPT
 * bytes 'a', the ellipsis, '"' (KEPT < 0: the string itself). */
static void json_cut(size_t pre, const char *tail, int kept)
{
	char key[TM_NAME_KEY_MAX], want[1100], raw[1100];
	const char *out;
	size_t n;

	snprintf(raw, sizeof(raw), "\"%s\"", fill('a', pre, tail));
	n = tm_json_name_key(key, raw, strlen(raw), &out);
	if (kept < 0) {
		assert_int_equal(n, strlen(raw));
		assert_ptr_equal(out, raw);
		return;
	}
	snprintf(want, sizeof(want), "\"%s\"", fill('a', (size_t)kept, ELLIPSIS));
	assert_ptr_equal(out, key);
	assert_int_equal(n, 1 + (size_t)kept + 3 + 1);
	assert_memory_equal(key, want, n);
}

static void test_json_name_key(void **state)
{
	(void)state;
	/* a body of 256 bytes: the string itself */
	json_cut(256, "", -1);
	/* a body of 300 plain bytes: '"', 256 bytes, ellipsis, '"' */
	json_cut(300, "", 256);
	/* an escape \u00e9 at body bytes 254..259: cut before it */
	json_cut(254, "\\u00e9bbbbbbbbbb", 254);
	/* a surrogate pair at 246..257 stays whole or goes whole: cut at 246 */
	json_cut(246, "\\ud83d\\ude00bbbbbbbbbb", 246);
	/* an escaped backslash at 255..256 would be cut: before it */
	json_cut(255, "\\\\bbbbbbbbbb", 255);
	/* a 3-byte character at 255..257: cut at 255 */
	json_cut(255, ELLIPSIS "bbbbbbbbbb", 255);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_name_key),
		cmocka_unit_test(test_json_name_key),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
