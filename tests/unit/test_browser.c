/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_browser.c - recognising the browser-era formats by content, and the
 * exact millisecond conversion, on small inputs written here.
 */
#include "testutil.h"

#include <zlib.h>

#include "browser.h"
#include "tracemerge/browser.h"
#include "tracemerge/input.h"

static enum tm_format sniff(const char *text)
{
	struct tm_diag d;
	struct tm_input *in;
	enum tm_format f;

	tm_diag_init(&d);
	in = tm_input_open_mem("t", text, strlen(text), &d);
	f = in ? tm_input_format(in) : TM_FMT_UNKNOWN;
	tm_input_free(in);
	tm_diag_free(&d);
	return f;
}

static void test_sniff(void **state)
{
	(void)state;
	assert_int_equal(sniff("{\"type\":1,\"time\":2,\"duration\":1,\"data\":{}}\n"),
			 TM_FMT_SPEEDTRACER);
	assert_int_equal(sniff("\n  {\"time\":0.5, \"type\":2147483646, \"data\":{}}"),
			 TM_FMT_SPEEDTRACER);
	assert_int_equal(sniff("[[0,1],[[1,0,0,1,[0,1],1,0]]]"), TM_FMT_SCOPE);
	assert_int_equal(sniff("[ null, [] ]"), TM_FMT_SCOPE);
	assert_int_equal(sniff("[{\"name\":\"a\",\"entryType\":\"mark\",\"startTime\":1,"
			       "\"duration\":0}]"), TM_FMT_PERFTIMELINE);
	assert_int_equal(sniff("{\"timeOrigin\":1.5,\"entries\":[]}"), TM_FMT_PERFTIMELINE);
	assert_int_equal(sniff("{ \"entries\" : [] }"), TM_FMT_PERFTIMELINE);
	/* Trace Event JSON stays Trace Event JSON */
	assert_int_equal(sniff("{\"traceEvents\":[]}"), TM_FMT_JSON);
	assert_int_equal(sniff("[]"), TM_FMT_JSON);
	assert_int_equal(sniff("[{\"name\":\"a\",\"ph\":\"X\",\"ts\":1,\"dur\":1}]"), TM_FMT_JSON);
	assert_int_equal(sniff("[{\"name\":\"a\",\"entryType\":\"mark\",\"ph\":\"i\",\"ts\":1}]"),
			 TM_FMT_JSON);
	assert_int_equal(sniff("{\"metadata\":{},\"type\":1,\"time\":2,\"traceEvents\":[]}"),
			 TM_FMT_JSON);
	/* a first record spanning lines is not a Speed Tracer dump */
	assert_int_equal(sniff("{\"type\":1,\n\"time\":2}"), TM_FMT_JSON);
}

/* Convert TEXT and return the converted block (a copy) and the counts. */
static char *convert(const char *text, size_t len, struct tm_browser_counts *c,
		     struct tm_diag *d)
{
	struct tm_input *in = tm_input_open_mem("t", text, len, d);
	const struct tm_block *b;
	char *s = NULL;

	assert_non_null(in);
	assert_true(tm_input_browser_counts(in, c));
	assert_int_equal(tm_input_nblocks(in), 1);
	b = tm_input_block(in, 0);
	assert_int_equal(b->kind, TM_BLOCK_JSON);
	s = strndup(b->data, b->len);
	tm_input_free(in);
	return s;
}

static void test_exact_ms(void **state)
{
	/* 0.0000005 ms = 0.5 ns: ties away from zero -> 1 ns; 1e3 ms = 1 s */
	static const char st[] =
		"{\"type\":18,\"time\":0.0000005,\"data\":{}}\n"
		"{\"type\":19,\"time\":1e3,\"data\":{}}\n"
		"{\"type\":1,\"time\":123456789.123456,\"duration\":0.000001,\"data\":{}}\n";
	struct tm_browser_counts c;
	struct tm_diag d;
	char *s;

	(void)state;
	tm_diag_init(&d);
	s = convert(st, sizeof(st) - 1, &c, &d);
	assert_int_equal(c.records, 3);
	assert_int_equal(c.rejected, 0);
	assert_int_equal(c.events, 3);
	assert_false(c.realtime);
	assert_non_null(strstr(s, "\"name\":\"Mark DOM Content\",\"cat\":\"speedtracer\","
			       "\"ph\":\"i\",\"ts\":0.001,"));
	assert_non_null(strstr(s, "\"ph\":\"i\",\"ts\":1000000,"));
	assert_non_null(strstr(s, "\"ts\":123456789123.456,"));
	assert_non_null(strstr(s, "\"dur\":0.001,"));
	assert_null(strstr(s, "clock-domain"));
	free(s);
	tm_diag_free(&d);
}

static void test_time_origin(void **state)
{
	static const char pt[] =
		"{\"timeOrigin\":1700000000123.4565,\"entries\":[{\"name\":\"m\","
		"\"entryType\":\"mark\",\"startTime\":0.0005,\"duration\":0}]}";
	struct tm_browser_counts c;
	struct tm_diag d;
	char *s;

	(void)state;
	tm_diag_init(&d);
	s = convert(pt, sizeof(pt) - 1, &c, &d);
	assert_true(c.realtime);
	/* 1700000000123.4565 ms + 0.0005 ms = 1700000000123457000 ns */
	assert_non_null(strstr(s, "\"ts\":1700000000123457,"));
	assert_non_null(strstr(s, "\"clock-domain\":\"CLOCK_REALTIME\""));
	free(s);
	tm_diag_free(&d);
}

/* timeOrigin + startTime (+ duration) is summed as written and rounded once:
 * 1000.0000004 + 0.0000004 ms = 1000000000.8 ns -> 1000000001 ns (each part
 * rounded first would give 1000000000); the end 1000000001.2 ns -> ...001. */
static void test_time_origin_exact_sum(void **state)
{
	static const char pt[] =
		"{\"timeOrigin\":1000.0000004,\"entries\":[{\"name\":\"m2\","
		"\"entryType\":\"measure\",\"startTime\":0.0000004,\"duration\":0.0000004},"
		"{\"name\":\"m3\",\"entryType\":\"measure\",\"startTime\":4e-7,\"duration\":1.5e-6}]}";
	struct tm_browser_counts c;
	struct tm_diag d;
	char *s;

	(void)state;
	tm_diag_init(&d);
	s = convert(pt, sizeof(pt) - 1, &c, &d);
	assert_int_equal(c.rejected, 0);
	assert_non_null(strstr(s, "\"name\":\"m2\",\"cat\":\"measure\",\"ph\":\"b\",\"ts\":1000000.001,"));
	assert_non_null(strstr(s, "\"name\":\"m2\",\"cat\":\"measure\",\"ph\":\"e\",\"ts\":1000000.001,"));
	/* m3 ends at 1000.0000004 + 4e-7 + 1.5e-6 ms = 1000000002.3 ns -> ...002 */
	assert_non_null(strstr(s, "\"name\":\"m3\",\"cat\":\"measure\",\"ph\":\"e\",\"ts\":1000000.002,"));
	free(s);
	tm_diag_free(&d);
}

/* A gzip-compressed timeline is sniffed inside; locations are byte offsets. */
static void test_gzip(void **state)
{
	static const char pt[] = "[{\"name\":\"a\",\"entryType\":\"mark\",\"startTime\":1,"
				 "\"duration\":0},\n{\"name\":\"b\",\"entryType\":\"mark\"}]";
	unsigned char gz[512];
	z_stream z = { 0 };
	struct tm_diag d;
	struct tm_input *in;

	(void)state;
	assert_int_equal(deflateInit2(&z, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY), Z_OK);
	z.next_in = (unsigned char *)pt;
	z.avail_in = sizeof(pt) - 1;
	z.next_out = gz;
	z.avail_out = sizeof(gz);
	assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
	deflateEnd(&z);
	tm_diag_init(&d);
	in = tm_input_open_mem("t.gz", gz, sizeof(gz) - z.avail_out, &d);
	assert_non_null(in);
	assert_int_equal(tm_input_format(in), TM_FMT_PERFTIMELINE);
	assert_true(tm_input_was_gzip(in));
	assert_int_equal(tm_diag_count(&d, "performance-timeline-bad-entry"), 1);
	/* the second entry starts at byte 61 of the decompressed text */
	assert_string_equal(d.warn[0].locs[0], "t.gz: byte 61 of the decompressed data");
	tm_input_free(in);
	tm_diag_free(&d);
}

/* Regression (fuzz_browser): a reader handed a text whose top-level value
 * is not its container (sniffing never does this) must refuse it. */
static int read_as(enum tm_format f, const char *text, struct tm_diag *d)
{
	struct tm_input *in = calloc(1, sizeof(*in));
	int rc;

	assert_non_null(in);
	in->name = strdup("t");
	in->d = d;
	rc = tm_browser_read(in, f, text, strlen(text), 0);
	in->d = NULL;
	tm_input_free(in);
	return rc;
}

static void test_wrong_top_level(void **state)
{
	struct tm_diag d;

	(void)state;
	tm_diag_init(&d);
	assert_int_equal(read_as(TM_FMT_SCOPE, "\"ye\"", &d), -1);
	assert_string_equal(d.error, "t:1: not a Scope Events message ([interval, [event, ...]])");
	assert_int_equal(read_as(TM_FMT_PERFTIMELINE, " 5", &d), -1);
	assert_non_null(strstr(d.error, "t:1: not a list of PerformanceEntry objects"));
	tm_diag_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sniff),
		cmocka_unit_test(test_exact_ms),
		cmocka_unit_test(test_time_origin),
		cmocka_unit_test(test_time_origin_exact_sum),
		cmocka_unit_test(test_gzip),
		cmocka_unit_test(test_wrong_top_level),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
