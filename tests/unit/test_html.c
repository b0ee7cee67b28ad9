/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_html.c - where the systrace HTML containers are recognised: only
 * where the format puts them (a <script class="trace-data"> or <script
 * id="viewer-data"> element, a <!-- BEGIN TRACE --> comment, the legacy
 * string at the start of a line of a plain script), never in the text of
 * another script, a style, a comment.
 *
 * Expected values were worked out outside the code under test: line
 * numbers with `grep -n`, block texts from the pages as written here.
 */
#include "testutil.h"
#include "tracemerge/input.h"
#include "decode.h"

#define TD "testdata/input/"

/* The JavaScript of a trace viewer: the legacy importer's regular
 * expression, a trace-data tag and both trace markers as text, a "</"
 * that ends nothing.  4 lines. */
#define VIEWER_CODE \
	"<script>\n" \
	"'use strict';function f(r){if(!r.advanceToLineMatching(/^  var linuxPerfData = \"\\\\$/))\n" \
	"return 1;var t='<script class=\"trace-data\" type=\"application/text\">';/* <!-- BEGIN TRACE --> */" \
	"var e='<\\/script><!-- END TRACE -->';return a</b;}\n" \
	"</script>\n"

static struct tm_diag d;
static struct tm_input *in;

static int reset(void **state)
{
	(void)state;
	tm_input_free(in);
	in = NULL;
	tm_diag_free(&d);
	tm_diag_init(&d);
	return 0;
}

/* Open the page TEXT (a string) as NAME. */
static struct tm_input *open_page(const char *name, const char *text)
{
	reset(NULL);
	in = tm_input_open_mem(name, text, strlen(text), &d);
	return in;
}

static const struct tm_block *block(size_t i)
{
	assert_non_null(in);
	assert_true(i < tm_input_nblocks(in));
	return tm_input_block(in, i);
}

static void assert_block(size_t i, enum tm_block_kind kind, unsigned long line,
			 const char *text)
{
	const struct tm_block *b = block(i);

	assert_int_equal(b->kind, kind);
	assert_int_equal(b->first_line, line);
	assert_int_equal(b->len, strlen(text));
	assert_memory_equal(b->data, text, b->len);
}

/* The open failed with an error that holds SUB. */
static void assert_error_has(const char *sub)
{
	assert_null(in);
	if (!strstr(d.error, sub))
		fail_msg("error \"%s\" does not say \"%s\"", d.error, sub);
	assert_null(strchr(d.error, '\n'));
}

/* A whole page as systrace.py writes it: a polyfill and a viewer whose
 * code holds every marker, then three trace-data blocks (see README). */
static void test_full_page(void **state)
{
	char path[4096];
	const struct tm_block *b;

	(void)state;
	snprintf(path, sizeof(path), "%s/%s", TM_SRCDIR, TD "systrace_full.html");
	reset(NULL);
	in = tm_input_open(path, &d);
	if (!in)
		fail_msg("%s", d.error);
	assert_int_equal(tm_input_format(in), TM_FMT_SYSTRACE_MULTI);
	assert_int_equal(tm_input_nblocks(in), 3);
	/* grep -n: the blocks' tags on lines 53, 125 and 127 */
	b = block(0);
	assert_int_equal(b->kind, TM_BLOCK_FTRACE);
	assert_int_equal(b->first_line, 54);
	assert_memory_equal(b->data, "# tracer: nop\n", 14);
	assert_string_equal(b->origin, "trace-data block 1");
	b = block(1);
	assert_int_equal(b->kind, TM_BLOCK_JSON);
	assert_int_equal(b->first_line, 126);
	assert_memory_equal(b->data, "{\"traceEvents\": [", 17);
	assert_int_equal(b->data[b->len - 1], '}');
	b = block(2);
	assert_int_equal(b->kind, TM_BLOCK_PROCESS_DUMP);
	assert_int_equal(b->first_line, 128);
}

/* The viewer's code before the real blocks is only code. */
static void test_markers_in_viewer_code(void **state)
{
	static const char page[] = "<!DOCTYPE html>\n<html><head>\n" VIEWER_CODE
		"</head><body>\n<!-- BEGIN TRACE -->\n"
		"  <script class=\"trace-data\" type=\"application/text\">\n"
		"# tracer: nop\n  </script>\n<!-- END TRACE -->\n</body></html>\n";

	(void)state;
	open_page("v.html", page);
	assert_non_null(in);
	assert_int_equal(tm_input_format(in), TM_FMT_SYSTRACE_MULTI);
	assert_int_equal(tm_input_nblocks(in), 1);
	assert_block(0, TM_BLOCK_FTRACE, 10, "# tracer: nop\n");
}

/* A legacy page whose earlier script holds the legacy string as code. */
static void test_legacy_after_viewer_code(void **state)
{
	static const char page[] = "<!DOCTYPE html>\n<html><head>\n" VIEWER_CODE
		"</head><body>\n  <script>\n  'use strict';\n  var linuxPerfData = \"\\\n"
		"# tracer: nop\\n\\\n  x-1 [000] 1.0: tracing_mark_write: B|1|a\\n\";\n"
		"  </script>\n</body>\n</html>\n";

	(void)state;
	open_page("l.html", page);
	assert_non_null(in);
	assert_int_equal(tm_input_format(in), TM_FMT_SYSTRACE_LEGACY);
	assert_int_equal(tm_input_nblocks(in), 1);
	assert_block(0, TM_BLOCK_FTRACE, 11,
		     "# tracer: nop\n  x-1 [000] 1.0: tracing_mark_write: B|1|a\n");
}

/* Only the viewer: no container, and the message says where the legacy
 * name stood and why it is not the string. */
static void test_viewer_code_alone(void **state)
{
	static const char page[] = "<!DOCTYPE html>\n<html><head>\n" VIEWER_CODE
		"</head><body></body></html>\n";

	(void)state;
	open_page("o.html", page);
	assert_error_has("o.html: HTML without trace data: 1 <script> element, ");
	assert_error_has("the \"linuxPerfData\" of line 4 is script code, not the legacy "
			 "string (which starts its line)");
}

/* The legacy string starts its line or its script; after code it is code. */
static void test_legacy_line_start(void **state)
{
	(void)state;
	open_page("a.html", "<html>\n<script>\t var  linuxPerfData\t=  'x-1 [000] 1.0: a\\n';"
		  "</script>\n");
	assert_int_equal(tm_input_format(in), TM_FMT_SYSTRACE_LEGACY);
	assert_block(0, TM_BLOCK_FTRACE, 2, "x-1 [000] 1.0: a\n");
	open_page("b.html", "<html>\n<script>x = 1; var linuxPerfData = \"\\\n# tracer: nop\\n\";"
		  "</script>\n");
	assert_error_has("b.html: HTML without trace data: 1 <script> element");
	assert_error_has("\"linuxPerfData\" of line 2 is script code");
	/* "var" must be a word of its own */
	open_page("c.html", "<html>\n<script>\nmyvar linuxPerfData = \"# tracer: nop\\n\";"
		  "</script>\n");
	assert_error_has("\"linuxPerfData\" of line 3 is script code");
}

/* Markers in a style, a comment, a textarea, another element's attribute:
 * text; the block after them is the page's only one. */
static void test_markers_in_other_text(void **state)
{
	static const char page[] = "<html>\n"
		"<style>a::after { content: '<script class=\"trace-data\">'; }</style>\n"
		"<!-- <script class=\"trace-data\">old</script> -->\n"
		"<textarea><script id=\"viewer-data\">x</script></textarea>\n"
		"<div title='<!-- BEGIN TRACE -->' class=\"trace-data\">text</div>\n"
		"<script class=\"trace-data-old\">not this</script>\n"
		"<SCRIPT data-x=\"a>b\" TYPE=application/text Class='agent trace-data'>\n"
		"PROCESS DUMP\n</Script >\n</html>\n";

	(void)state;
	open_page("m.html", page);
	assert_non_null(in);
	assert_int_equal(tm_input_format(in), TM_FMT_SYSTRACE_MULTI);
	assert_int_equal(tm_input_nblocks(in), 1);
	assert_block(0, TM_BLOCK_PROCESS_DUMP, 8, "PROCESS DUMP\n");
}

/* Damaged pages: where the page ends inside an element, the message says
 * which, and on which line. */
static void test_damaged(void **state)
{
	(void)state;
	open_page("s.html", "<html>\n<head>\n<script>\nvar x = '</scrip';\n");
	assert_error_has("s.html: HTML without trace data: 1 <script> element, ");
	assert_error_has("; the page ends inside the <script> element (no </script>) of line 3");
	open_page("t.html", "<html>\n<script type=\"text/javascript");
	assert_error_has("; the page ends inside the <script> tag (no >) of line 2");
	open_page("c.html", "<html>\n\n<!-- BEGIN TRACE\n<script class=\"trace-data\">x</script>\n");
	assert_error_has("; the page ends inside the comment (no -->) of line 3");
	open_page("y.html", "<html>\n<head>\n<style>\nbody { }\n");
	assert_error_has("0 <script> elements, ");
	assert_error_has("; the page ends inside the <style> element of line 3");
	open_page("d.html", "<html>\n<body>\n<div class=\"a\"\n");
	assert_error_has("; the page ends inside the <div> tag of line 3");
	/* a trace-data block cut short: the page is 68 bytes (wc -c), its 4
	 * lines ended: the end stands on line 5 */
	open_page("k.html", "<html>\n<script class=\"trace-data\">\n# tracer: nop\n"
		  "  x-1 [000] 1.0: a\n");
	assert_null(in);
	assert_string_equal(d.error, "k.html:2: trace-data block 1: no </script> before the "
			    "end (the file ends inside it, at byte 68, line 5)");
	/* inside the markers: a style that does not end */
	open_page("e.html", "<html>\n<!-- BEGIN TRACE -->\n"
		  "<script class=\"trace-data\">\n# tracer: nop\n</script>\n<style>\n");
	assert_null(in);
	assert_string_equal(d.error, "e.html:2: <!-- BEGIN TRACE --> without <!-- END TRACE -->: "
			    "the page ends inside the <style> element of line 6");
	/* inside the markers: a plain script that does not end */
	open_page("p.html", "<html>\n<!-- BEGIN TRACE -->\n"
		  "<script class=\"trace-data\">\n# tracer: nop\n</script>\n"
		  "<script>var x;\n<!-- END TRACE -->\n");
	assert_null(in);
	assert_string_equal(d.error, "p.html:6: <script> element without </script>: "
			    "the page ends inside it");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_full_page, reset),
		cmocka_unit_test_teardown(test_markers_in_viewer_code, reset),
		cmocka_unit_test_teardown(test_legacy_after_viewer_code, reset),
		cmocka_unit_test_teardown(test_viewer_code_alone, reset),
		cmocka_unit_test_teardown(test_legacy_line_start, reset),
		cmocka_unit_test_teardown(test_markers_in_other_text, reset),
		cmocka_unit_test_teardown(test_damaged, reset),
	};

	tm_diag_init(&d);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
