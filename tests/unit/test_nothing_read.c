/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_nothing_read.c - an input that was read but holds no trace (no
 * kernel event, no Trace Event JSON block): its stats report says so in
 * "nothing_read", with what it holds instead; an input with a trace has no
 * such key.  The expected sentences were written from the inputs by hand:
 * their format, container, first line and lines by kind.
 */
#include <unistd.h>

#include <json-c/json.h>

#include "testutil.h"
#include "tracemerge/stats.h"

/* The "nothing_read" of the stats report of TEXT (written to a file), or
 * NULL when the report has none; the report must exist. */
static char *nothing_read(const char *text)
{
	char path[] = "/tmp/tm-nothing-XXXXXX";
	struct json_object *r, *v;
	struct tm_diag d;
	char *json, *out = NULL;
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	tm_diag_init(&d);
	json = tm_stats_json(path, -1, -1, &d);
	unlink(path);
	if (!json)
		fail_msg("%s", d.error);
	r = json_tokener_parse(json);
	assert_non_null(r);
	if (json_object_object_get_ex(r, "nothing_read", &v))
		out = strdup(json_object_get_string(v));
	json_object_put(r);
	free(json);
	tm_diag_free(&d);
	return out;
}

static void assert_nothing_read(const char *text, const char *want)
{
	char *got = nothing_read(text);

	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
}

static void test_legacy_noise(void **state)
{
	(void)state;
	/* the string's first line is line 4; two lines, neither an event */
	assert_nothing_read("<html>\n<script>\nvar linuxPerfData = \"\\\n"
			    "capturing trace...\\n\\\ndone\\n\";\n</script>\n",
			    "no kernel events and no Trace Event JSON in it: read as "
			    "systrace-html-legacy: the linuxPerfData string (from line 4) "
			    "holds text read as ftrace; 2 ftrace lines read: 2 noise (lines "
			    "that are not ftrace events)");
}

static void test_multi_without_events(void **state)
{
	(void)state;
	/* blocks from lines 4 and 8 (after the tags of lines 3 and 7): a
	 * header and a blank line; a ps dump */
	assert_nothing_read("<html>\n<!-- BEGIN TRACE -->\n"
			    "<script class=\"trace-data\" type=\"application/text\">\n"
			    "# tracer: nop\n\n</script>\n"
			    "<script class=\"trace-data\" type=\"application/text\">\n"
			    "PROCESS DUMP\nUSER PID PPID VSZ RSS WCHAN ADDR S NAME\n</script>\n"
			    "<!-- END TRACE -->\n</html>\n",
			    "no kernel events and no Trace Event JSON in it: read as "
			    "systrace-html-multi: trace-data block 1 (from line 4) holds text "
			    "read as ftrace; trace-data block 2 (from line 8) holds a PROCESS "
			    "DUMP (names, no events); 2 ftrace lines read: 1 header, 1 blank");
}

static void test_with_trace(void **state)
{
	char *got;

	(void)state;
	got = nothing_read("# tracer: nop\n  x-1 [000] .... 1.000000: tracing_mark_write: B|1|a\n");
	assert_null(got);
	got = nothing_read("{\"traceEvents\":[]}");     /* JSON, if no event */
	assert_null(got);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_legacy_noise),
		cmocka_unit_test(test_multi_without_events),
		cmocka_unit_test(test_with_trace),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
