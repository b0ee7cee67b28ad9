/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_input.c - the input module: container sniffing and decoding.
 *
 * Expected values were worked out outside the code under test: line numbers
 * with `grep -n`, line counts and lengths with sed/wc, inflated data against
 * the files it was made from (testdata/input/parts, see README there).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include "testutil.h"
#include "tracemerge/input.h"
#include "tracemerge/session.h"
#include "decode.h"

#define TD "testdata/input/"
#define CAT TM_CORPUS "/catapult/"
#define PF TM_CORPUS "/perfetto/"

struct ctx {
	struct tm_diag d;
	struct tm_input *in;
	char *buf;              /* bytes given to tm_input_open_mem */
};

static int setup(void **state)
{
	struct ctx *c = calloc(1, sizeof(*c));

	tm_diag_init(&c->d);
	*state = c;
	return 0;
}

static int teardown(void **state)
{
	struct ctx *c = *state;

	tm_input_free(c->in);
	tm_diag_free(&c->d);
	free(c->buf);
	free(c);
	return 0;
}

/* Reset C between two inputs of one test. */
static void reset(struct ctx *c)
{
	tm_input_free(c->in);
	c->in = NULL;
	free(c->buf);
	c->buf = NULL;
	tm_diag_free(&c->d);
	tm_diag_init(&c->d);
}

static char *src_path(const char *rel)
{
	static char path[4096];

	if (rel[0] == '/')
		snprintf(path, sizeof(path), "%s", rel);
	else
		snprintf(path, sizeof(path), "%s/%s", TM_SRCDIR, rel);
	return path;
}

static struct tm_input *open_ok(struct ctx *c, const char *rel)
{
	c->in = tm_input_open(src_path(rel), &c->d);
	if (!c->in)
		fail_msg("%s: %s", rel, c->d.error);
	assert_string_equal(c->d.error, "");
	return c->in;
}

/* Open bytes of LEN from memory (copied into c->buf). */
static struct tm_input *open_mem(struct ctx *c, const char *name,
				 const void *data, size_t len)
{
	c->buf = malloc(len ? len : 1);
	memcpy(c->buf, data, len);
	c->in = tm_input_open_mem(name, c->buf, len, &c->d);
	return c->in;
}

/* The open failed with exactly EXPECT as its one-line error. */
static void assert_error(struct ctx *c, const char *expect)
{
	assert_null(c->in);
	assert_string_equal(c->d.error, expect);
}

/* The open failed with an error starting with PREFIX and containing SUB. */
static void assert_error_like(struct ctx *c, const char *prefix, const char *sub)
{
	assert_null(c->in);
	if (strncmp(c->d.error, prefix, strlen(prefix)) || !strstr(c->d.error, sub))
		fail_msg("error \"%s\" is not \"%s...%s...\"", c->d.error, prefix, sub);
	assert_null(strchr(c->d.error, '\n'));
}

static void assert_block_is(const struct tm_block *b, const char *data,
			    size_t len)
{
	assert_non_null(b);
	assert_int_equal(b->len, len);
	assert_memory_equal(b->data, data, len);
}

static void assert_block_is_file(const struct tm_block *b, const char *rel)
{
	size_t len;
	char *want = tm_test_slurp(rel, &len);

	assert_non_null(want);
	assert_block_is(b, want, len);
	free(want);
}

static const struct tm_block *only_block(struct ctx *c, enum tm_format fmt)
{
	assert_non_null(c->in);
	assert_int_equal(tm_input_format(c->in), fmt);
	assert_int_equal(tm_input_nblocks(c->in), 1);
	return tm_input_block(c->in, 0);
}

/* ---- names ---------------------------------------------------------------- */

static void test_names(void **state)
{
	(void)state;
	assert_string_equal(tm_format_name(TM_FMT_UNKNOWN), "unknown");
	assert_string_equal(tm_format_name(TM_FMT_FTRACE), "ftrace");
	assert_string_equal(tm_format_name(TM_FMT_ATRACE_ZLIB), "atrace-zlib");
	assert_string_equal(tm_format_name(TM_FMT_SYSTRACE_LEGACY), "systrace-html-legacy");
	assert_string_equal(tm_format_name(TM_FMT_SYSTRACE_MULTI), "systrace-html-multi");
	assert_string_equal(tm_format_name(TM_FMT_TRACE2HTML), "trace2html");
	assert_string_equal(tm_format_name(TM_FMT_JSON), "json");
	assert_string_equal(tm_format_name((enum tm_format)99), "unknown");
	assert_string_equal(tm_block_kind_name(TM_BLOCK_FTRACE), "ftrace");
	assert_string_equal(tm_block_kind_name(TM_BLOCK_JSON), "json");
	assert_string_equal(tm_block_kind_name(TM_BLOCK_PROCESS_DUMP), "process-dump");
	assert_string_equal(tm_block_kind_name(TM_BLOCK_CGROUP_DUMP), "cgroup-dump");
	assert_string_equal(tm_block_kind_name(TM_BLOCK_OTHER), "other");
	assert_null(tm_input_name(NULL));
	assert_int_equal(tm_input_nblocks(NULL), 0);
	assert_null(tm_input_block(NULL, 0));
	tm_input_free(NULL);
}

/* ---- plain ftrace text ---------------------------------------------------- */

static void test_ftrace_plain(void **state)
{
	struct ctx *c = *state;
	const struct tm_block *b;

	open_ok(c, CAT "atrace_data");
	b = only_block(c, TM_FMT_FTRACE);
	assert_int_equal(b->kind, TM_BLOCK_FTRACE);
	assert_int_equal(b->first_line, 1);
	assert_string_equal(b->origin, "");
	assert_false(tm_input_was_gzip(c->in));
	assert_string_equal(tm_input_name(c->in), src_path(CAT "atrace_data"));
	assert_block_is_file(b, CAT "atrace_data");
	assert_null(tm_input_block(c->in, 1));

	/* raw atrace stdout starts with a blank line: kept in the block */
	reset(c);
	open_ok(c, CAT "atrace_data_raw");
	b = only_block(c, TM_FMT_FTRACE);
	assert_int_equal(b->first_line, 1);
	assert_block_is_file(b, CAT "atrace_data_raw");

	/* the standalone cgroup dump is "# tracer:" text of its own kind */
	reset(c);
	open_ok(c, CAT "cgroup_dump");
	b = only_block(c, TM_FMT_FTRACE);
	assert_int_equal(b->kind, TM_BLOCK_CGROUP_DUMP);
}

/* Headerless variants: trace-cmd report's cpus=N, "# tracer" without a
 * colon, event lines first (also "<idle>", "<...>" comms), \r\n endings. */
static void test_ftrace_sniff_variants(void **state)
{
	static const char *files[] = {
		PF "difftests/parser_atrace/Atrace__cpus_header_removal.input.systrace",
		PF "difftests/parser_atrace/AtraceErrorHandling__bad_print_systrace_list_slices.input.systrace",
		PF "difftests/parser_parsing/Parsing__sched_blocked_systrace_sched_blocked_reason.input.systrace",
		PF "extra/shell_integrationtest_simple.systrace",
		PF "extra/traceconv_systrace_header.txt",
	};
	static const char *mem[] = {
		"version = 6\nCPU 0 is empty\ncpus=2\n  bash-42 [001]  2913.348883: sched_switch: x\n",
		"\n\n  bash-42 [001]  2913.348883: print: tracing_mark_write: B|42|x\n",
		"myinst:  bash-42 [001] 1.000000000: sched_waking: comm=a pid=1 prio=120 target_cpu=000\n",
		"task-1234-567 ( 567) [000] ....   100.000000: tracing_mark_write: B|567|w\r\n",
		"<idle>-0 [000]  0.002188: cpu_idle: state=1 cpu_id=0",
		"kworker/u16:1-77    (   77) [004] ....316.196720: tracing_mark_write: B|77|x\n",
		"# tracer: nop\n#\n",
		"x86-42 [003] d..2 123456789012: sched_switch: prev_comm=a\n",
	};
	struct ctx *c = *state;
	const struct tm_block *b;

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		reset(c);
		open_ok(c, files[i]);
		b = only_block(c, TM_FMT_FTRACE);
		assert_int_equal(b->kind, TM_BLOCK_FTRACE);
		assert_block_is_file(b, files[i]);
	}
	for (size_t i = 0; i < sizeof(mem) / sizeof(mem[0]); i++) {
		reset(c);
		if (!open_mem(c, "v.txt", mem[i], strlen(mem[i])))
			fail_msg("variant %zu: %s", i, c->d.error);
		b = only_block(c, TM_FMT_FTRACE);
		assert_int_equal(b->first_line, 1);
		assert_block_is(b, mem[i], strlen(mem[i]));
	}
}

static void test_unrecognised_text(void **state)
{
	static const char *mem[] = {
		"hello world\n",
		"just some notes\n  bash-42 [001]  2913.348883: sched_switch: x\n",
		"bash [001] 1.0: x\n",          /* no -pid */
		"bash-42 [x] 1.0: x\n",         /* no cpu number */
		"bash-42 [001] sched_switch\n", /* no timestamp */
		"PROCESS DUMP\nroot 1 0 init\n",
	};
	struct ctx *c = *state;

	for (size_t i = 0; i < sizeof(mem) / sizeof(mem[0]); i++) {
		reset(c);
		open_mem(c, "u.txt", mem[i], strlen(mem[i]));
		assert_error(c, "u.txt: unrecognised content (not ftrace text, systrace "
			     "HTML, compressed atrace, trace-cmd trace.dat, a Perfetto "
			     "protobuf trace, Trace Event JSON, "
			     "a Speed Tracer dump, Opera Scope profiler events or W3C "
			     "Performance Timeline JSON; plain or gzip-compressed)");
	}
	reset(c);
	c->in = tm_input_open(src_path(CAT "SOURCES.txt"), &c->d);
	assert_error_like(c, src_path(CAT "SOURCES.txt"), ": unrecognised content");
}

/* ---- adb shell atrace: noise, TRACE:, text or zlib ------------------------ */

static void test_atrace_noise_text(void **state)
{
	struct ctx *c = *state;
	const struct tm_block *b;
	static const char head[] = "capturing trace... done\r\nTRACE:\r\n";
	size_t len;
	char *file;

	open_ok(c, TD "atrace_noise.txt");
	b = only_block(c, TM_FMT_FTRACE);
	assert_int_equal(b->kind, TM_BLOCK_FTRACE);
	assert_int_equal(b->first_line, 3);     /* grep -n '# tracer' */
	file = tm_test_slurp(TD "atrace_noise.txt", &len);
	assert_block_is(b, file + strlen(head), len - strlen(head));
	free(file);

	reset(c);
	open_mem(c, "t.txt", "noise\nTRACE:\n", 13);
	assert_error(c, "t.txt:2: no trace data after TRACE:");
	reset(c);
	open_mem(c, "t.txt", "TRACE:\n\0\0\0\0", 11);
	assert_error(c, "t.txt: byte 7: NUL byte after TRACE: (binary data that is not zlib)");
}

static void test_atrace_zlib_corpus(void **state)
{
	struct ctx *c = *state;
	const struct tm_block *b;

	open_ok(c, CAT "compressed_atrace_data.txt");
	b = only_block(c, TM_FMT_ATRACE_ZLIB);
	assert_int_equal(b->kind, TM_BLOCK_FTRACE);
	assert_int_equal(b->first_line, 0);
	assert_string_equal(b->origin, "zlib");
	assert_false(tm_input_was_gzip(c->in));
	assert_block_is_file(b, CAT "decompressed_atrace_data.txt");
	/* 17600 bytes follow the stream's end (python: unused_data) */
	assert_int_equal(tm_diag_count(&c->d, "trailing-data"), 1);
	assert_non_null(strstr(c->d.warn[0].first_message,
			       "byte 7599: 17600 bytes after the end of the zlib stream"));
}

static void test_atrace_zlib_line_endings(void **state)
{
	static const char *files[] = {
		TD "atrace_z.ctrace", TD "atrace_crlf.ctrace", TD "atrace_crcrlf.ctrace",
	};
	struct ctx *c = *state;
	const struct tm_block *b;

	for (size_t i = 0; i < 3; i++) {
		reset(c);
		open_ok(c, files[i]);
		b = only_block(c, TM_FMT_ATRACE_ZLIB);
		assert_block_is_file(b, TD "parts/ftrace.txt");
		assert_int_equal(tm_diag_total(&c->d), 0);
	}
}

static void test_atrace_zlib_errors(void **state)
{
	struct ctx *c = *state;
	size_t len;
	char *z = tm_test_slurp(CAT "compressed_atrace_data.txt", &len);

	assert_non_null(z);
	/* the stream is bytes 7..7599: cut it at 3007 */
	open_mem(c, "cut.txt", z, 3007);
	assert_error(c, "cut.txt: byte 3007: truncated zlib stream");
	reset(c);
	open_mem(c, "cut.txt", z, 9);
	assert_error(c, "cut.txt: byte 9: truncated zlib stream");
	/* a stored block whose length check fails */
	reset(c);
	memcpy(z + 9, "\x00\x05\x00\x05\x00", 5);
	open_mem(c, "bad.txt", z, len);
	assert_error_like(c, "bad.txt: byte ", ": corrupt zlib stream (invalid stored block lengths)");
	/* zlib.compress(b"") and a header asking for a preset dictionary */
	reset(c);
	open_mem(c, "e.txt", "noise\nTRACE:\n\x78\x9c\x03\x00\x00\x00\x00\x01", 21);
	assert_error(c, "e.txt:2: empty zlib stream after TRACE:");
	reset(c);
	open_mem(c, "d.txt", "TRACE:\n\x78\xbb\x00\x00\x00\x01\x03\x00", 15);
	assert_error(c, "d.txt: byte 13: corrupt zlib stream (needs a preset dictionary)");
	/* right header, wrong checksum */
	reset(c);
	free(z);
	z = tm_test_slurp(TD "atrace_z.ctrace", &len);
	z[len - 1] ^= 0x55;
	open_mem(c, "sum.txt", z, len);
	assert_error_like(c, "sum.txt: byte ", ": corrupt zlib stream (incorrect data check)");
	free(z);
}

/* ---- gzip ----------------------------------------------------------------- */

static void test_gzip_corpus(void **state)
{
	struct ctx *c = *state;
	const struct tm_block *b;
	static const char tail[] = "\"name\": \"threadC\"}}\n]\n";

	open_ok(c, CAT "simple_trace_gz.gz");
	b = only_block(c, TM_FMT_JSON);
	assert_true(tm_input_was_gzip(c->in));
	assert_int_equal(b->kind, TM_BLOCK_JSON);
	assert_int_equal(b->first_line, 0);
	assert_string_equal(b->origin, "gzip");
	assert_int_equal(b->len, 4016);         /* gzip -dc | wc -c */
	assert_memory_equal(b->data, "[\n  {\"cat\": \"PERF\", \"pid\": 22630,", 33);
	assert_memory_equal(b->data + b->len - strlen(tail), tail, strlen(tail));
}

static void test_gzip_multimember(void **state)
{
	struct ctx *c = *state;
	const struct tm_block *b;
	size_t l1, l2;
	char *p1 = tm_test_slurp(TD "parts/ftrace.txt", &l1);
	char *p2 = tm_test_slurp(TD "parts/ps.txt", &l2);

	/* members: ftrace.txt, an empty one, ps.txt */
	open_ok(c, TD "multimember.gz");
	b = only_block(c, TM_FMT_FTRACE);
	assert_true(tm_input_was_gzip(c->in));
	assert_int_equal(b->len, l1 + l2);
	assert_memory_equal(b->data, p1, l1);
	assert_memory_equal(b->data + l1, p2, l2);
	free(p1);
	free(p2);
}

/* 7 KB that inflate to 2 MB: the output buffer has to grow. */
static void test_gzip_growth(void **state)
{
	static const char line[] = "  surfaceflinger-598   (  598) [000] ...1  "
		"5127.120001: tracing_mark_write: B|598|onMessageReceived\n";
	struct ctx *c = *state;
	const struct tm_block *b;
	size_t plen;
	char *part = tm_test_slurp(TD "parts/ftrace.txt", &plen);

	open_ok(c, TD "repeat.gz");
	b = only_block(c, TM_FMT_FTRACE);
	assert_int_equal(b->len, 2001273);
	assert_int_equal(strlen(line), 100);
	assert_memory_equal(b->data, part, plen);
	for (size_t off = plen; off < b->len; off += 100)
		assert_memory_equal(b->data + off, line, 100);
	free(part);
}

static void test_gzip_inside(void **state)
{
	struct ctx *c = *state;

	open_ok(c, TD "multi.html.gz");
	assert_int_equal(tm_input_format(c->in), TM_FMT_SYSTRACE_MULTI);
	assert_true(tm_input_was_gzip(c->in));
	assert_int_equal(tm_input_nblocks(c->in), 4);
	for (size_t i = 0; i < 4; i++)
		assert_int_equal(tm_input_block(c->in, i)->first_line, 0);
	assert_block_is_file(tm_input_block(c->in, 0), TD "parts/ftrace.txt");
	assert_block_is_file(tm_input_block(c->in, 3), TD "parts/cgroup.txt");

	reset(c);
	open_ok(c, TD "atrace_z.ctrace.gz");
	assert_true(tm_input_was_gzip(c->in));
	assert_block_is_file(only_block(c, TM_FMT_ATRACE_ZLIB), TD "parts/ftrace.txt");
}

static void test_gzip_errors(void **state)
{
	struct ctx *c = *state;
	size_t len;
	char *gz = tm_test_slurp(TD "multi.html.gz", &len);
	char *big;

	assert_non_null(gz);
	open_mem(c, "x.gz", gz, 700);
	assert_error(c, "x.gz: byte 700: truncated gzip stream");
	reset(c);
	open_mem(c, "x.gz", gz, len - 1);       /* inside the size trailer */
	assert_error(c, "x.gz: byte 1402: truncated gzip stream");
	reset(c);
	open_mem(c, "x.gz", gz, 2);
	assert_error(c, "x.gz: byte 2: truncated gzip stream");
	reset(c);
	gz[2] = 7;                              /* compression method */
	open_mem(c, "x.gz", gz, len);
	assert_error_like(c, "x.gz: byte ", ": corrupt gzip stream (unknown compression method)");
	reset(c);
	gz[2] = 8;
	gz[len - 5] ^= 1;                       /* CRC */
	open_mem(c, "x.gz", gz, len);
	assert_error_like(c, "x.gz: byte ", ": corrupt gzip stream (incorrect data check)");
	gz[len - 5] ^= 1;

	/* zero padding after the last member is fine, other bytes warned */
	reset(c);
	big = calloc(1, len + 512);
	memcpy(big, gz, len);
	assert_non_null(open_mem(c, "pad.gz", big, len + 512));
	assert_int_equal(tm_diag_total(&c->d), 0);
	reset(c);
	memcpy(big + len, "garbage", 7);
	assert_non_null(open_mem(c, "junk.gz", big, len + 512));
	assert_int_equal(tm_diag_count(&c->d, "trailing-data"), 1);
	reset(c);
	big[len] = 0x1f;                        /* half a gzip magic */
	open_mem(c, "half.gz", big, len + 1);
	assert_error(c, "half.gz: byte 1404: truncated gzip stream");
	free(big);
	free(gz);

	reset(c);
	c->in = tm_input_open(src_path(TD "nested.gz"), &c->d);
	assert_error_like(c, src_path(TD "nested.gz"),
			  ": gzip data inside gzip data is not supported");
	reset(c);
	c->in = tm_input_open(src_path(TD "empty.gz"), &c->d);
	assert_error_like(c, src_path(TD "empty.gz"), ": empty after decompression");
	reset(c);
	c->in = tm_input_open(src_path(TD "multi_noend.html.gz"), &c->d);
	assert_error_like(c, src_path(TD "multi_noend.html.gz"),
			  ": line 21 of the decompressed data: <!-- BEGIN TRACE --> "
			  "without <!-- END TRACE -->");
	reset(c);
	/* gzip of "\0\1\2...": binary inside */
	open_mem(c, "bin.gz", "\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\x63\x60"
		 "\x64\x62\x06\x00\x13\x86\xb9\x8b\x04\x00\x00\x00", 24);
	assert_error(c, "bin.gz: byte 24: gzip data is binary (a NUL byte at byte 0 of it), "
		     "not a trace: the rest was not inflated");
}

/* ---- JSON ----------------------------------------------------------------- */

static void test_json(void **state)
{
	static const char *files[] = {
		CAT "simple_trace.json", CAT "trivial_trace.json",
		CAT "v8_runtime_call_stats.json",
		PF "difftests/parser_json/JsonParser__json_incomplete.input.json",
	};
	struct ctx *c = *state;
	const struct tm_block *b;
	static const char bom[] = "\xef\xbb\xbf  \n[{\"ph\":\"B\"}";

	for (size_t i = 0; i < 4; i++) {
		reset(c);
		open_ok(c, files[i]);
		b = only_block(c, TM_FMT_JSON);
		assert_int_equal(b->kind, TM_BLOCK_JSON);
		assert_int_equal(b->first_line, 1);
		assert_block_is_file(b, files[i]);
	}
	reset(c);
	open_mem(c, "bom.json", bom, strlen(bom));
	b = only_block(c, TM_FMT_JSON);
	assert_block_is(b, bom + 3, strlen(bom) - 3);
}

/* ---- JSON with systemTraceEvents ---------------------------------------- */

static size_t gzip_bytes(const char *src, size_t n, unsigned char *out, size_t cap)
{
	z_stream z;
	size_t len;

	memset(&z, 0, sizeof(z));
	assert_int_equal(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
	z.next_in = (Bytef *)(uintptr_t)src;
	z.avail_in = (uInt)n;
	z.next_out = out;
	z.avail_out = (uInt)cap;
	assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
	len = z.total_out;
	deflateEnd(&z);
	return len;
}

/* The two blocks of a JSON input whose systemTraceEvents is a string. */
static void assert_json_sys(struct ctx *c, const char *json, size_t jlen,
			    const char *ftrace)
{
	const struct tm_block *b;

	assert_non_null(c->in);
	assert_int_equal(tm_input_format(c->in), TM_FMT_JSON);
	assert_int_equal(tm_input_nblocks(c->in), 2);
	b = tm_input_block(c->in, 0);
	assert_int_equal(b->kind, TM_BLOCK_JSON);
	assert_block_is(b, json, jlen);
	b = tm_input_block(c->in, 1);
	assert_int_equal(b->kind, TM_BLOCK_FTRACE);
	assert_string_equal(b->origin, "systemTraceEvents");
	assert_int_equal(b->first_line, 0);
	assert_block_is(b, ftrace, strlen(ftrace));
	assert_int_equal(tm_diag_total(&c->d), 0);
}

static void test_json_system_trace_events(void **state)
{
	static const char json[] =
		"{\"traceEvents\":[{\"ph\":\"B\",\"args\":{\"systemTraceEvents\":1}}],\n"
		"\"systemTraceEvents\":\"# tracer: nop\\n  app-1 [000] ...1 1.000000: "
		"tracing_mark_write: B|1|caf\\u00e9\\t\\\"x\\\" \\ud83d\\ude00\\/\\n\"}\n";
	static const char ftrace[] =
		"# tracer: nop\n  app-1 [000] ...1 1.000000: tracing_mark_write: "
		"B|1|caf\xc3\xa9\t\"x\" \xf0\x9f\x98\x80/\n";
	static const char first[] = "\xef\xbb\xbf { \"systemTraceEvents\" : \"# tracer: nop\\n\","
				    " \"traceEvents\": [] }";
	static const char odd[] = "{\"systemTraceEvents\":\"a\\qb\xff\\u12\"}";
	static const char grow[] = "{\"systemTraceEvents\":\"\\q\\q\\q\\q\\u{\\u{\\u{\\u{\"}";
	static const char perfetto[] =
		"# tracer: nop\n  app-100 (  100) [001] ...1  1.000000: tracing_mark_write: "
		"B|100|sys_in_json\n  app-100 (  100) [001] ...1  1.500000: "
		"tracing_mark_write: E|100\n";
	unsigned char gz[1024];
	size_t gzlen, at;
	struct ctx *c = *state;

	open_mem(c, "x.json", json, strlen(json));
	assert_json_sys(c, json, strlen(json), ftrace);
	/* the string is the JSON block's cheap bytes: from its opening quote
	 * to its closing one (the byte before "}\n"); the kernel block has
	 * none */
	at = 1;
	assert_int_equal(tm_input_block_cheap(c->in, 0, &at),
			 strlen(json) - 3 - (size_t)(strstr(json, "\"# tracer") - json) + 1);
	assert_int_equal(at, (size_t)(strstr(json, "\"# tracer") - json));
	assert_int_equal(tm_input_block_cheap(c->in, 1, &at), 0);
	assert_int_equal(at, 0);
	/* gzip-compressed: the same blocks from the decompressed text */
	reset(c);
	gzlen = gzip_bytes(json, strlen(json), gz, sizeof(gz));
	open_mem(c, "x.json.gz", gz, gzlen);
	assert_true(tm_input_was_gzip(c->in));
	assert_json_sys(c, json, strlen(json), ftrace);
	/* before traceEvents, BOM and blanks */
	reset(c);
	open_mem(c, "x.json", first, strlen(first));
	assert_json_sys(c, first + 3, strlen(first) - 3, "# tracer: nop\n");
	/* (the block starts after the BOM: "\"# tracer: nop\\n\"", 17 bytes) */
	assert_int_equal(tm_input_block_cheap(c->in, 0, &at), 17);
	assert_int_equal(at, (size_t)(strstr(first, "\"# tracer") - first) - 3);
	/* bad escapes become U+FFFD, other bytes stay as they are */
	reset(c);
	open_mem(c, "x.json", odd, strlen(odd));
	assert_json_sys(c, odd, strlen(odd), "a\xef\xbf\xbd" "b\xff\xef\xbf\xbd" "12");
	/* ... so the text can grow by half (found by fuzz_tejson: not a bug) */
	reset(c);
	open_mem(c, "x.json", grow, strlen(grow));
	assert_json_sys(c, grow, strlen(grow), "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"
			"\xef\xbf\xbd{\xef\xbf\xbd{\xef\xbf\xbd{\xef\xbf\xbd{");
	/* Perfetto's own example */
	reset(c);
	open_ok(c, PF "extra/manifest_helper_json_with_systemTraceEvents.json");
	assert_int_equal(tm_input_nblocks(c->in), 2);
	assert_block_is(tm_input_block(c->in, 1), perfetto, strlen(perfetto));
}

/* A systemTraceEvents of 6 MB, unescaped a part at a time (1 MiB, its
 * cuts anywhere among the escapes: the lines' lengths vary): the kernel
 * block is the text, byte for byte; the parts are written into the
 * block's scratch file, not through its mapping, so the open takes far
 * fewer page faults than the block's 1500 pages (where they can be
 * counted: tm_test_counts_faults). */
static void test_json_system_trace_events_parts(void **state)
{
	static const char esc[] = "tracing_mark_write: B|1|caf\\u00e9\\t\\\"x\\\" \\ud83d\\ude00\\/";
	static const char raw[] = "tracing_mark_write: B|1|caf\xc3\xa9\t\"x\" \xf0\x9f\x98\x80/";
	size_t cap = (size_t)8 << 20, jn = 0, tn = 0;
	char *json = malloc(cap), *text = malloc(cap);
	struct ctx *c = *state;
	struct rusage u0, u1;
	long faults;

	assert_non_null(json);
	assert_non_null(text);
	jn = (size_t)sprintf(json, "{\"systemTraceEvents\":\"# tracer: nop\\n");
	tn = (size_t)sprintf(text, "# tracer: nop\n");
	for (unsigned i = 0; tn < ((size_t)6 << 20); i++) {
		jn += (size_t)sprintf(json + jn, "  app-1 [000] ...1 %u.%06u: %s %*u\\n",
				      1 + i / 1000000, i % 1000000, esc, (int)(i % 7), i);
		tn += (size_t)sprintf(text + tn, "  app-1 [000] ...1 %u.%06u: %s %*u\n",
				      1 + i / 1000000, i % 1000000, raw, (int)(i % 7), i);
	}
	jn += (size_t)sprintf(json + jn, "\",\"traceEvents\":[]}");
	text[tn] = 0;
	assert_int_equal(getrusage(RUSAGE_SELF, &u0), 0);
	c->in = tm_input_open_mem("x.json", json, jn, &c->d);
	assert_int_equal(getrusage(RUSAGE_SELF, &u1), 0);
	assert_json_sys(c, json, jn, text);
	faults = u1.ru_minflt - u0.ru_minflt;
	if (tm_test_counts_faults())
		assert_true(faults < (long)(tn / 4096 / 2));
	c->buf = json;          /* (freed by the teardown) */
	free(text);
}

/* The key is found wherever it sits against the 16-byte steps of the
 * search, after near misses ("TraceEvents\"" after other words); and not
 * found where only its tail is. */
static void test_json_system_trace_events_placed(void **state)
{
	struct ctx *c = *state;
	char text[256];

	for (int pad = 0; pad < 40; pad++) {
		int n = snprintf(text, sizeof(text),
				 "{\"otherTraceEvents\":1,\"TraceEvents\":2,%*s"
				 "\"systemTraceEvents\":\"# tracer: nop\\n\"}", pad, "");

		reset(c);
		open_mem(c, "x.json", text, (size_t)n);
		assert_json_sys(c, text, (size_t)n, "# tracer: nop\n");
		n = snprintf(text, sizeof(text),
			     "{\"traceEvents\":[],%*s\"systemTraceEvent\":\"x\","
			     "\"SystemTraceEvents\":\"y\",\"ystemTraceEvents\":\"z\"}", pad, "");
		reset(c);
		open_mem(c, "x.json", text, (size_t)n);
		assert_int_equal(only_block(c, TM_FMT_JSON)->kind, TM_BLOCK_JSON);
	}
}

static void test_json_system_trace_events_other(void **state)
{
	static const char *const one_block[] = {
		"[{\"name\":\"x\",\"args\":{\"systemTraceEvents\":\"# tracer: nop\\n\"}}]",
		"{\"a\":{\"systemTraceEvents\":\"# tracer: nop\\n\"},\"traceEvents\":[]}",
		"{\"traceEvents\":[],\"systemTraceEvents\":\"\"}",
		"{\"traceEvents\":[],\"systemTraceEvents\":\"# tracer: nop\\n",   /* cut */
		"{\"traceEvents\":[{\"ph\":\"B\"}], \"x\": \"\\\"systemTraceEvents\\\"\"}",
	};
	static const char arr[] = "{\"traceEvents\":[],\n \"systemTraceEvents\":[]}";
	struct ctx *c = *state;
	const struct tm_block *b;
	unsigned char gz[256];
	size_t gzlen, at;

	for (size_t i = 0; i < sizeof(one_block) / sizeof(one_block[0]); i++) {
		reset(c);
		open_mem(c, "x.json", one_block[i], strlen(one_block[i]));
		b = only_block(c, TM_FMT_JSON);
		assert_int_equal(b->kind, TM_BLOCK_JSON);
		assert_int_equal(tm_diag_total(&c->d), 0);
		assert_int_equal(tm_input_block_cheap(c->in, 0, &at), 0);   /* no kernel text */
	}
	/* not a string: Perfetto refuses it; a counted warning, no kernel block */
	reset(c);
	open_mem(c, "x.json", arr, strlen(arr));
	only_block(c, TM_FMT_JSON);
	assert_int_equal(tm_diag_count(&c->d, "json-bad-type"), 1);
	assert_string_equal(c->d.warn[0].locs[0], "x.json:2");
	reset(c);
	gzlen = gzip_bytes(arr, strlen(arr), gz, sizeof(gz));
	open_mem(c, "x.json.gz", gz, gzlen);
	only_block(c, TM_FMT_JSON);
	assert_int_equal(tm_diag_count(&c->d, "json-bad-type"), 1);
	assert_string_equal(c->d.warn[0].locs[0], "x.json.gz");
	reset(c);
	open_ok(c, CAT "trace-with-bad-world-bounds.json");
	only_block(c, TM_FMT_JSON);
	assert_int_equal(tm_diag_count(&c->d, "json-bad-type"), 1);
}

/* ---- legacy systrace HTML ------------------------------------------------- */

/* Compare the block with the file's lines FIRST..LAST with their JS line
 * endings (\n\ or \n";) cut off: one data line per file line. */
static void assert_legacy_lines(const struct tm_block *b, const char *rel,
				unsigned long first, unsigned long last)
{
	size_t flen;
	char *f = tm_test_slurp(rel, &flen);
	const char *p = f, *e, *bp = b->data, *be = b->data + b->len;
	unsigned long line = 1;

	assert_non_null(f);
	for (; line < first; line++)
		p = strchr(p, '\n') + 1;
	for (; line <= last; line++) {
		size_t n;

		e = strchr(p, '\n');
		assert_true(e - p >= 3);
		n = (size_t)(e - p) - 3;
		assert_true(!memcmp(e - 3, "\\n\\", 3) || !memcmp(e - 4, "\\n\";", 4));
		if (e[-1] == ';')
			n--;
		assert_true((size_t)(be - bp) > n);
		if (memcmp(bp, p, n) || bp[n] != '\n')
			fail_msg("%s:%lu differs from block line %lu", rel, line,
				 line - first);
		bp += n + 1;
		p = e + 1;
	}
	assert_ptr_equal(bp, be);
	free(f);
}

static size_t count_lines(const char *p, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += p[i] == '\n';
	return k;
}

static void check_legacy(struct ctx *c, const char *rel, unsigned long first,
			 unsigned long last, size_t len, const char *last_line)
{
	const struct tm_block *b;
	size_t ll = strlen(last_line);

	reset(c);
	open_ok(c, rel);
	b = only_block(c, TM_FMT_SYSTRACE_LEGACY);
	assert_int_equal(b->kind, TM_BLOCK_FTRACE);
	assert_string_equal(b->origin, "linuxPerfData");
	assert_int_equal(b->first_line, first);
	assert_int_equal(b->len, len);
	assert_int_equal(count_lines(b->data, b->len), last - first + 1);
	assert_memory_equal(b->data, "# tracer: nop\n", 14);
	assert_memory_equal(b->data + b->len - ll - 1, last_line, ll);
	assert_int_equal(b->data[b->len - 1], '\n');
	assert_int_equal(b->data[b->len - ll - 2], '\n');
	assert_legacy_lines(b, rel, first, last);
}

static void test_legacy_corpus(void **state)
{
	struct ctx *c = *state;

	/* grep -n 'var linuxPerfData' gives 185/186/25; the last data line is
	 * the one ending \n";  lengths from sed | wc -c */
	check_legacy(c, CAT "android_systrace.html", 186, 31668, 3574392,
		     "           dummy-0000  [000] 0.0: 0: trace_event_clock_sync: parent_ts=0.0");
	check_legacy(c, CAT "counter_tracks.html", 187, 1801, 136278,
		     "    hwc_eventmon-336   [001] 50265.647128: 0: C|124|VSYNC|0");
	check_legacy(c, CAT "trivial_systrace.html", 26, 34, 373, "         ");
}

static void test_legacy_escapes(void **state)
{
	static const char page[] =
		"<html><body>\n<script>\n  var linuxPerfData = \"\\\n"
		"# tracer: nop\\n\\\n"
		"a\\tb\\\\c\\\"d\\'e\\/f\\x41\\x7e\\xe9\\n\\\n"
		"\\u00e9\\u20ac\\ud83d\\ude00\\u{1F600}\\ud800x\\q\\0\\r\\b\\f\\v\\n\\\r\n"
		"</script>\\n\";\n</script></body></html>\n";
	static const char want[] =
		"# tracer: nop\n"
		"a\tb\\c\"d'e/fA~\xc3\xa9\n"
		"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\xf0\x9f\x98\x80\xef\xbf\xbdxq\0\r\b\f\v\n"
		"</script>\n";
	static const char single[] =
		"<html>\n<script>var linuxPerfData='# tracer: nop\\n\"quoted\"\\n';</script>";
	struct ctx *c = *state;
	const struct tm_block *b;

	open_mem(c, "esc.html", page, strlen(page));
	b = only_block(c, TM_FMT_SYSTRACE_LEGACY);
	assert_int_equal(b->first_line, 4);
	assert_block_is(b, want, sizeof(want) - 1);

	reset(c);
	open_mem(c, "single.html", single, strlen(single));
	b = only_block(c, TM_FMT_SYSTRACE_LEGACY);
	assert_int_equal(b->first_line, 2);
	assert_block_is(b, "# tracer: nop\n\"quoted\"\n", 23);
}

/* A page whose marker stands after 3 MB of viewer code. */
static void test_html_late_marker(void **state)
{
	static const char head[] = "<!DOCTYPE html>\n<html><script>\n";
	static const char tail[] = "</script><script>\nvar linuxPerfData = \"\\\n"
		"# tracer: nop\\n\";\n</script></html>\n";
	size_t fill = 3u << 20, n = strlen(head) + fill + strlen(tail);
	struct ctx *c = *state;
	const struct tm_block *b;
	char *page = malloc(n);

	memcpy(page, head, strlen(head));
	for (size_t i = 0; i < fill; i++)
		page[strlen(head) + i] = (i + 1) % 64 ? 'x' : '\n';
	memcpy(page + strlen(head) + fill, tail, strlen(tail));
	open_mem(c, "late.html", page, n);
	free(page);
	b = only_block(c, TM_FMT_SYSTRACE_LEGACY);
	/* 2 head lines, fill/64 filler lines, "</script><script>", the var
	 * line; the data starts on the next one */
	assert_int_equal(b->first_line, 2 + (3u << 20) / 64 + 3);
	assert_block_is(b, "# tracer: nop\n", 14);
}

static void test_legacy_errors(void **state)
{
	struct ctx *c = *state;
	static const char empty[] = "<html>\n\n<script>var linuxPerfData = \"\\\n \\n\";";
	static const char bs_end[] = "<html>\n<script>var linuxPerfData = \"abc\\";

	c->in = tm_input_open(src_path(TD "legacy_unterminated.html"), &c->d);
	assert_error_like(c, src_path(TD "legacy_unterminated.html"),
			  ":25: unterminated linuxPerfData string");
	reset(c);
	open_mem(c, "e.html", empty, strlen(empty));
	assert_error(c, "e.html:3: empty linuxPerfData string");
	reset(c);
	open_mem(c, "b.html", bs_end, strlen(bs_end));
	assert_error(c, "b.html:2: unterminated linuxPerfData string");
}

/* ---- multi-block systrace HTML -------------------------------------------- */

static void test_multi(void **state)
{
	static const struct {
		enum tm_block_kind kind;
		unsigned long line;     /* grep -n of the block's first line */
		const char *part;
	} want[] = {
		{ TM_BLOCK_FTRACE, 23, TD "parts/ftrace.txt" },
		{ TM_BLOCK_JSON, 42, TD "parts/chrome.json" },
		{ TM_BLOCK_PROCESS_DUMP, 44, TD "parts/ps.txt" },
		{ TM_BLOCK_CGROUP_DUMP, 52, TD "parts/cgroup.txt" },
	};
	struct ctx *c = *state;
	char origin[64];

	open_ok(c, TD "multi.html");
	assert_int_equal(tm_input_format(c->in), TM_FMT_SYSTRACE_MULTI);
	assert_false(tm_input_was_gzip(c->in));
	assert_int_equal(tm_input_nblocks(c->in), 4);
	for (size_t i = 0; i < 4; i++) {
		const struct tm_block *b = tm_input_block(c->in, i);

		assert_int_equal(b->kind, want[i].kind);
		assert_int_equal(b->first_line, want[i].line);
		snprintf(origin, sizeof(origin), "trace-data block %zu", i + 1);
		assert_string_equal(b->origin, origin);
		assert_block_is_file(b, want[i].part);
	}
}

static void test_multi_other_block(void **state)
{
	static const char page[] =
		"<html>\n<!-- BEGIN TRACE -->\n"
		"  <script class=\"trace-data\" type=\"application/text\">\n"
		"some agent's free text\n  </script>\n"
		"  <script type=\"text/javascript\">var x = 1;</script>\n"
		"  <script class=\"trace-data\" type=\"application/text\">\r\n"
		"  [{\"ph\":\"M\"}]\r\n  </script>\n"
		"<!-- END TRACE -->\n"
		"  <script class=\"trace-data\" type=\"application/text\">\n"
		"# tracer: nop\n  </script>\n</html>\n";
	struct ctx *c = *state;
	const struct tm_block *b;

	open_mem(c, "o.html", page, strlen(page));
	assert_int_equal(tm_input_nblocks(c->in), 2);  /* after END: ignored */
	b = tm_input_block(c->in, 0);
	assert_int_equal(b->kind, TM_BLOCK_OTHER);
	assert_int_equal(b->first_line, 4);
	assert_block_is(b, "some agent's free text\n", 23);
	b = tm_input_block(c->in, 1);
	assert_int_equal(b->kind, TM_BLOCK_JSON);
	assert_int_equal(b->first_line, 8);
	assert_string_equal(b->origin, "trace-data block 2");
	assert_block_is(b, "  [{\"ph\":\"M\"}]\r\n", 16);
}

/* The END TRACE marker is the page's last: one written inside a block's
 * text (here a marker's payload) is the block's text, as it is to the
 * browser, which ends a script only at "</script>". */
static void test_multi_end_in_text(void **state)
{
	static const char page[] =
		"<html>\n<!-- BEGIN TRACE -->\n"
		"  <script class=\"trace-data\" type=\"application/text\">\n"
		"# tracer: nop\n"
		"  app-1 [000] .... 1.000000: tracing_mark_write: <!-- END TRACE -->\n"
		"  </script>\n"
		"  <script class=\"trace-data\" type=\"application/text\">\n"
		"[]\n  </script>\n"
		"<!-- END TRACE -->\n</html>\n";
	struct ctx *c = *state;
	const struct tm_block *b;

	open_mem(c, "e.html", page, strlen(page));
	assert_int_equal(tm_input_nblocks(c->in), 2);
	b = tm_input_block(c->in, 0);
	assert_int_equal(b->kind, TM_BLOCK_FTRACE);
	assert_int_equal(b->first_line, 4);
	assert_block_is(b, "# tracer: nop\n"
			"  app-1 [000] .... 1.000000: tracing_mark_write: <!-- END TRACE -->\n",
			82);
	b = tm_input_block(c->in, 1);
	assert_int_equal(b->first_line, 8);
	assert_block_is(b, "[]\n", 3);
}

static void test_multi_errors(void **state)
{
	struct ctx *c = *state;
	static const char none[] = "<html>\n<!-- BEGIN TRACE -->\n<!-- END TRACE -->\n";
	static const char tag[] = "<html>\n<!-- BEGIN TRACE -->\n"
		"<script class=\"trace-data\"";

	c->in = tm_input_open(src_path(TD "multi_noend.html"), &c->d);
	assert_error_like(c, src_path(TD "multi_noend.html"),
			  ":21: <!-- BEGIN TRACE --> without <!-- END TRACE -->");
	reset(c);
	c->in = tm_input_open(src_path(TD "multi_noclose.html"), &c->d);
	assert_error_like(c, src_path(TD "multi_noclose.html"),
			  ":51: trace-data block 4: no </script> before the end");
	reset(c);
	open_mem(c, "n.html", none, strlen(none));
	assert_error(c, "n.html:2: no <script class=\"trace-data\"> block between "
		     "the trace markers");
	reset(c);
	/* the page ends inside the block's tag: that, not the missing END */
	open_mem(c, "t.html", tag, strlen(tag));
	assert_error(c, "t.html:3: trace-data block 1: unterminated <script> tag "
		     "(the file ends inside it, at byte 54, line 3)");
	reset(c);
	open_mem(c, "t.html", tag + 28, strlen(tag + 28));
	/* the page: the 26 bytes of the tag */
	assert_error(c, "t.html:1: trace-data block 1: unterminated <script> tag "
		     "(the file ends inside it, at byte 26, line 1)");
}

/* ---- trace2html ----------------------------------------------------------- */

static void test_trace2html(void **state)
{
	struct ctx *c = *state;
	const struct tm_block *b;

	open_ok(c, TD "trace2html.html");
	assert_int_equal(tm_input_format(c->in), TM_FMT_TRACE2HTML);
	assert_int_equal(tm_input_nblocks(c->in), 3);
	b = tm_input_block(c->in, 0);           /* base64(gzip), text/plain */
	assert_int_equal(b->kind, TM_BLOCK_FTRACE);
	assert_int_equal(b->first_line, 0);
	assert_string_equal(b->origin, "viewer-data block 1");
	assert_block_is_file(b, TD "parts/ftrace.txt");
	b = tm_input_block(c->in, 1);           /* wrapped base64, JSON */
	assert_int_equal(b->kind, TM_BLOCK_JSON);
	assert_int_equal(b->first_line, 0);
	assert_block_is_file(b, TD "parts/chrome.json");
	b = tm_input_block(c->in, 2);           /* raw JSON, not base64 */
	assert_int_equal(b->kind, TM_BLOCK_JSON);
	assert_int_equal(b->first_line, 18);
	assert_string_equal(b->origin, "viewer-data block 3");
	assert_block_is_file(b, TD "parts/chrome.json");
}

static void test_trace2html_errors(void **state)
{
	struct ctx *c = *state;
	static const char plain_b64[] = "<html>\n<script id=\"viewer-data\" "
		"type=\"text/plain\">IyB0cmFjZXI6IG5vcAo=</script>\n";
	static const char empty[] = "<html>\n<script id=\"viewer-data\" "
		"type=\"text/plain\">\n  </script>\n";
	static const char zeros[] = "<html>\n<script id=\"viewer-data\" "
		"type=\"text/plain\">AAAA</script>\n";

	c->in = tm_input_open(src_path(TD "trace2html_badb64.html"), &c->d);
	assert_error_like(c, src_path(TD "trace2html_badb64.html"),
			  ":12: viewer-data block 1: invalid base64 at byte 4 of the block");
	reset(c);
	c->in = tm_input_open(src_path(TD "trace2html_truncgz.html"), &c->d);
	assert_error_like(c, src_path(TD "trace2html_truncgz.html"),
			  ":12: viewer-data block 1: truncated gzip stream");
	reset(c);
	c->in = tm_input_open(src_path(TD "trace2html_noclose.html"), &c->d);
	assert_error_like(c, src_path(TD "trace2html_noclose.html"),
			  ":12: viewer-data block 1: no </script> before the end");
	/* base64 of uncompressed text is accepted */
	reset(c);
	open_mem(c, "p.html", plain_b64, strlen(plain_b64));
	assert_block_is(only_block(c, TM_FMT_TRACE2HTML), "# tracer: nop\n", 14);
	reset(c);
	open_mem(c, "e.html", empty, strlen(empty));
	assert_error(c, "e.html: viewer-data blocks hold no trace");
	reset(c);
	open_mem(c, "z.html", zeros, strlen(zeros));
	assert_error(c, "z.html:2: viewer-data block 1: binary payload (NUL at byte 0)");
}

static void test_html_without_trace(void **state)
{
	struct ctx *c = *state;

	c->in = tm_input_open(src_path(TD "notrace.html"), &c->d);
	assert_error_like(c, src_path(TD "notrace.html"),
			  ": HTML without trace data: 0 <script> elements, none a "
			  "<script class=\"trace-data\"> or <script id=\"viewer-data\"> "
			  "block or holding a line \"var linuxPerfData = ...\", and no "
			  "<!-- BEGIN TRACE --> comment");
}

/* ---- empty, blank, binary ------------------------------------------------- */

static void test_empty_and_blank(void **state)
{
	struct ctx *c = *state;

	c->in = tm_input_open(src_path(TD "empty.txt"), &c->d);
	assert_error_like(c, src_path(TD "empty.txt"), ": empty file");
	reset(c);
	c->in = tm_input_open(src_path(TD "blank.txt"), &c->d);
	assert_error_like(c, src_path(TD "blank.txt"), ": holds only whitespace, no trace");
	reset(c);
	c->in = tm_input_open_mem("m", NULL, 0, &c->d);
	assert_error(c, "m: empty file");
	reset(c);
	c->in = tm_input_open_mem("m", NULL, 5, &c->d);
	assert_error(c, "m: no data");
	reset(c);
	c->in = tm_input_open_mem(NULL, "", 0, &c->d);
	assert_error(c, "<memory>: empty file");
	reset(c);
	c->in = tm_input_open(NULL, &c->d);
	assert_null(c->in);
	assert_string_not_equal(c->d.error, "");
}

static void test_binary(void **state)
{
	struct ctx *c = *state;
	unsigned char junk[4096];
	unsigned x = 12345;

	c->in = tm_input_open(src_path(TD "nul.txt"), &c->d);
	assert_error_like(c, src_path(TD "nul.txt"),
			  ": byte 16: NUL byte: binary data, not a text trace");
	/* pseudo-random bytes without NUL, then with */
	for (size_t i = 0; i < sizeof(junk); i++) {
		x = x * 1103515245 + 12345;
		junk[i] = (unsigned char)((x >> 16) | 1);
	}
	reset(c);
	open_mem(c, "junk", junk, sizeof(junk));
	assert_error_like(c, "junk: ", "unrecognised content");
	junk[700] = 0;
	reset(c);
	open_mem(c, "junk", junk, sizeof(junk));
	assert_error(c, "junk: byte 700: NUL byte: binary data, not a text trace");
	/* a NUL after the first KB is the readers' business */
	reset(c);
	junk[700] = 1;
	memcpy(junk, "# tracer: nop\n", 14);
	junk[2000] = 0;
	assert_non_null(open_mem(c, "late", junk, sizeof(junk)));
}

/* ---- paths, pipes, stdin --------------------------------------------------- */

static void test_open_paths(void **state)
{
	struct ctx *c = *state;
	char path[4200];

	snprintf(path, sizeof(path), "%s/no/such/file.json", TM_SRCDIR);
	c->in = tm_input_open(path, &c->d);
	assert_error_like(c, path, ": cannot open: No such file or directory");
	reset(c);
	snprintf(path, sizeof(path), "%s/testdata/input", TM_SRCDIR);
	c->in = tm_input_open(path, &c->d);
	assert_error_like(c, path, ": is a directory");
	/* /proc files say size 0 but have content: read, not "empty" */
	reset(c);
	c->in = tm_input_open("/proc/version", &c->d);
	assert_error_like(c, "/proc/version: ", "unrecognised content");
	/* an endless binary device is refused, not read forever */
	reset(c);
	c->in = tm_input_open("/dev/zero", &c->d);
	assert_error(c, "/dev/zero: byte 0: NUL byte: binary data, not a text trace");
}

/* Child process: write file REL to FD and exit. */
static void write_file_to(int fd, const char *rel)
{
	size_t len, off = 0;
	char *data = tm_test_slurp(rel, &len);
	int ok;

	signal(SIGPIPE, SIG_DFL);
	while (data && off < len) {
		ssize_t w = write(fd, data + off, len - off);
		if (w <= 0)
			break;
		off += (size_t)w;
	}
	ok = data && off == len;
	free(data);             /* valgrind checks the child's leaks too */
	_exit(ok ? 0 : 1);
}

static void check_streamed_legacy(struct ctx *c, const char *name)
{
	const struct tm_block *b = only_block(c, TM_FMT_SYSTRACE_LEGACY);

	assert_string_equal(tm_input_name(c->in), name);
	assert_int_equal(b->first_line, 186);
	assert_int_equal(b->len, 3574392);
}

/* 3.7 MB through a pipe on stdin: the read path and its buffer growth. */
static void test_stdin_pipe(void **state)
{
	struct ctx *c = *state;
	int fds[2], saved = dup(STDIN_FILENO), status;
	pid_t pid;

	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(fds[0]);
		write_file_to(fds[1], CAT "android_systrace.html");
	}
	close(fds[1]);
	assert_int_equal(dup2(fds[0], STDIN_FILENO), STDIN_FILENO);
	close(fds[0]);
	c->in = tm_input_open("-", &c->d);
	dup2(saved, STDIN_FILENO);
	close(saved);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	if (!c->in)
		fail_msg("%s", c->d.error);
	check_streamed_legacy(c, "<stdin>");
}

static void test_fifo(void **state)
{
	struct ctx *c = *state;
	char dir[] = "/tmp/tm_test_input.XXXXXX", path[64];
	int status, fd;
	pid_t pid;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/fifo", dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		fd = open(path, O_WRONLY);
		write_file_to(fd, CAT "android_systrace.html");
	}
	c->in = tm_input_open(path, &c->d);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	unlink(path);
	rmdir(dir);
	if (!c->in)
		fail_msg("%s", c->d.error);
	check_streamed_legacy(c, path);
}

/* ---- decoders (decode.h) ---------------------------------------------------- */

static void check_b64(const char *in, const char *want, size_t want_len)
{
	char *out = NULL;
	size_t len = 0, bad = 99;

	assert_int_equal(tm_decode_base64(in, strlen(in), &out, &len, &bad), 0);
	assert_int_equal(len, want_len);
	assert_memory_equal(out, want, want_len);
	free(out);
}

static void check_b64_bad(const char *in, size_t want_off)
{
	char *out = NULL;
	size_t len, bad = 99;

	assert_int_equal(tm_decode_base64(in, strlen(in), &out, &len, &bad), -1);
	assert_int_equal(bad, want_off);
	assert_null(out);
}

static void test_base64(void **state)
{
	(void)state;
	check_b64("", "", 0);
	check_b64("TWFu", "Man", 3);
	check_b64("TWE=", "Ma", 2);
	check_b64("TQ==", "M", 1);
	check_b64("TWE", "Ma", 2);              /* padding left out */
	check_b64(" TW\nFu\r\n\tTQ == ", "ManM", 4);
	check_b64("+/8=", "\xfb\xff", 2);
	check_b64("-_8=", "\xfb\xff", 2);       /* URL-safe alphabet */
	check_b64_bad("T", 1);
	check_b64_bad("TWFuT", 5);
	check_b64_bad("T===", 1);
	check_b64_bad("TQ=x", 3);
	check_b64_bad("TQ===", 4);
	check_b64_bad("TQ=", 2);
	check_b64_bad("TW!u", 2);
	assert_true(tm_decode_base64_alphabet_only("H4sI AA==\n", 10));
	assert_false(tm_decode_base64_alphabet_only("# tracer", 8));
	assert_false(tm_decode_base64_alphabet_only("{\"a\":1}", 7));
}

static void check_js(const char *lit, const char *want, size_t want_len,
		     size_t want_used)
{
	size_t len = strlen(lit), used = 0, olen = 0;
	char *dst = malloc(len + 1);

	assert_int_equal(tm_js_unescape(lit, len, '"', dst, &used, &olen), 0);
	assert_int_equal(used, want_used);
	assert_int_equal(olen, want_len);
	assert_memory_equal(dst, want, want_len);
	free(dst);
}

static void test_js_unescape(void **state)
{
	size_t used, olen;
	char dst[16];

	(void)state;
	check_js("\"", "", 0, 0);
	check_js("abc\" tail", "abc", 3, 3);
	check_js("a\\\"b\"", "a\"b", 3, 4);
	check_js("\\\\\"", "\\", 1, 2);
	check_js("l1\\n\\\nl2\\n\\\r\nl3\"", "l1\nl2\nl3", 8, 15);
	check_js("\\x4a\\x4g\"", "Jx4g", 4, 8);
	check_js("\\u00\"", "u00", 3, 4);
	check_js("\\u{110000}\"", "u{110000}", 9, 10);
	check_js("\\udc00\"", "\xef\xbf\xbd", 3, 6);
	check_js("\\ud83d\\u0041\"", "\xef\xbf\xbd" "A", 4, 12);
	assert_int_equal(tm_js_unescape("abc", 3, '"', dst, &used, &olen), -1);
	assert_int_equal(tm_js_unescape("ab\\", 3, '"', dst, &used, &olen), -1);
	assert_int_equal(tm_js_unescape("ab\\\"", 4, '"', dst, &used, &olen), -1);
	assert_int_equal(tm_js_unescape("", 0, '"', dst, &used, &olen), -1);
}

static void test_classify(void **state)
{
	static const struct {
		const char *text;
		enum tm_block_kind kind;
	} t[] = {
		{ "# tracer: nop\n", TM_BLOCK_FTRACE },
		{ "\n# tracer: \r\nCGROUP DUMP\r\n", TM_BLOCK_CGROUP_DUMP },
		{ "# tracer: \nCGROUP DUMPS\n", TM_BLOCK_FTRACE },
		{ "PROCESS DUMP\nUSER PID\n", TM_BLOCK_PROCESS_DUMP },
		{ "PROCESS DUMP", TM_BLOCK_PROCESS_DUMP },
		{ "  \n {\"traceEvents\":[]}", TM_BLOCK_JSON },
		{ "[]", TM_BLOCK_JSON },
		{ "bash-1 [000] 1.5: x\n", TM_BLOCK_FTRACE },
		{ "hello\n", TM_BLOCK_OTHER },
		{ "", TM_BLOCK_OTHER },
		{ " \n ", TM_BLOCK_OTHER },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (tm_text_classify(t[i].text, strlen(t[i].text)) != t[i].kind)
			fail_msg("classify \"%s\" is not %s", t[i].text,
				 tm_block_kind_name(t[i].kind));
}

/* ---- inflate engines: ISA-L (where built with it) and zlib ------------------ */

static void set_reference(bool on)
{
	tm_tuning_set(&(struct tm_tuning){ .reference = on });
}

/* Open NAME's LEN bytes with zlib (the reference path) and with the
 * default engine: the same error, or the same blocks and warnings. */
static void assert_engines_agree(const char *name, const char *data, size_t len)
{
	struct tm_diag dz, di;
	struct tm_input *z, *i;

	tm_diag_init(&dz);
	tm_diag_init(&di);
	set_reference(true);
	z = tm_input_open_mem(name, data, len, &dz);
	set_reference(false);
	i = tm_input_open_mem(name, data, len, &di);
	assert_string_equal(di.error, dz.error);
	assert_int_equal(!i, !z);
	assert_int_equal(tm_diag_total(&di), tm_diag_total(&dz));
	for (size_t w = 0; w < dz.nwarn && w < di.nwarn; w++)
		assert_string_equal(di.warn[w].first_message, dz.warn[w].first_message);
	if (z) {
		assert_int_equal(tm_input_format(i), tm_input_format(z));
		assert_int_equal(tm_input_nblocks(i), tm_input_nblocks(z));
		for (size_t b = 0; b < tm_input_nblocks(z); b++) {
			const struct tm_block *bz = tm_input_block(z, b), *bi = tm_input_block(i, b);

			assert_int_equal(bi->kind, bz->kind);
			assert_block_is(bi, bz->data, bz->len);
		}
	}
	tm_input_free(z);
	tm_input_free(i);
	tm_diag_free(&dz);
	tm_diag_free(&di);
}

static void assert_engines_agree_file(const char *rel)
{
	size_t len;
	char *p = tm_test_slurp(rel, &len);

	assert_non_null(p);
	assert_engines_agree(rel, p, len);
	free(p);
}

/* Every gzip and zlib stream of testdata, whole, cut, padded and damaged:
 * ISA-L's output is zlib's, byte for byte, and so is every error (ISA-L
 * hands bad data to zlib, which says what and where). */
static void test_inflate_engines_agree(void **state)
{
	static const char *files[] = {
		TD "multimember.gz", TD "repeat.gz", TD "multi.html.gz", TD "multi_noend.html.gz",
		TD "atrace_z.ctrace.gz", TD "atrace_z.ctrace", TD "atrace_crlf.ctrace",
		TD "empty.gz", TD "nested.gz", "testdata/demo/android_systrace.html.gz",
		"testdata/perfetto/sched_blocked_reason_symbolized.pb.gz",
		CAT "simple_trace_gz.gz", CAT "compressed_atrace_data.txt",
	};
	size_t len, cuts[] = { 1, 2, 9, 10, 11, 700, 1400, 1402, 1403 };
	char *gz = tm_test_slurp(TD "multi.html.gz", &len), *big;

	(void)state;
#ifdef TM_HAVE_ISAL
	assert_string_equal(tm_decode_engine(), "isa-l");
#else
	assert_string_equal(tm_decode_engine(), "zlib");
#endif
	set_reference(true);
	assert_string_equal(tm_decode_engine(), "zlib");
	set_reference(false);
	for (size_t f = 0; f < sizeof(files) / sizeof(files[0]); f++)
		assert_engines_agree_file(files[f]);
	assert_int_equal(len, 1403);    /* ls -l */
	for (size_t k = 0; k < sizeof(cuts) / sizeof(cuts[0]); k++)
		assert_engines_agree("cut.gz", gz, cuts[k]);
	for (size_t at = 0; at < len; at += 37) {      /* each byte damaged in turn */
		gz[at] ^= 0x41;
		assert_engines_agree("bad.gz", gz, len);
		gz[at] ^= 0x41;
	}
	big = calloc(1, 2 * len + 9);
	memcpy(big, gz, len);                   /* zero padding, then two members */
	assert_engines_agree("pad.gz", big, len + 9);
	memcpy(big + len + 9, gz, len);
	assert_engines_agree("pad2.gz", big, 2 * len + 9);
	memcpy(big + len, gz, len);             /* two members, then garbage */
	memcpy(big + 2 * len, "garbage!!", 9);
	assert_engines_agree("two.gz", big, 2 * len + 9);
	tm_decode_set_limit(3000);              /* a limit inside the first member */
	assert_engines_agree("two.gz", big, 2 * len);
	tm_decode_set_limit(0);
	free(big);
	free(gz);
}

/* Headers ISA-L would read and zlib refuses, after reading their first
 * bytes: a gzip header whose reserved flag bits (0xe0 of byte 3, RFC 1952
 * 2.3.1) are set; a zlib header declaring a window over 32 KiB (CINFO 8,
 * RFC 1950 2.2; 0x88 0x1c: 0x881c is a multiple of 31).  Either engine
 * gives zlib's error. */
static void test_inflate_headers_zlib_refuses(void **state)
{
	static const unsigned char wide[] = {   /* zlib.compress(b"a"), CINFO 8 */
		0x88, 0x1c, 0x4b, 0x04, 0x00, 0x00, 0x62, 0x00, 0x62,
	};
	struct ctx *c = *state;
	struct tm_inflated z;
	size_t len;
	char *gz = tm_test_slurp(TD "multimember.gz", &len);

	gz[3] |= 0x20;
	open_mem(c, "flags.gz", gz, len);
	assert_error(c, "flags.gz: byte 4: corrupt gzip stream (unknown header flags set)");
	free(gz);
	for (int ref = 0; ref < 2; ref++) {
		set_reference(ref);
		assert_int_equal(tm_decode_zlib(wide, sizeof(wide), 1000, &z), TM_Z_CORRUPT);
		assert_string_equal(z.msg, "invalid window size");
		assert_int_equal(z.err_off, 2);
	}
	set_reference(false);
}

/* A cap on decompressed bytes turns a bomb into a clean error. */
static void test_decode_limit(void **state)
{
	struct ctx *c = *state;

	tm_decode_set_limit(1000);
	c->in = tm_input_open(src_path(CAT "compressed_atrace_data.txt"), &c->d);
	tm_decode_set_limit(0);
	assert_error_like(c, src_path(CAT "compressed_atrace_data.txt"),
			  ": zlib data inflates past 1000 bytes, the limit set "
			  "(--max-decompressed)");
	assert_int_equal(tm_decode_limit(), SIZE_MAX);
}

/* The default cap: 100 times the compressed size, at least 1 GiB (worked
 * out by hand); a limit set replaces it whatever the size. */
static void test_decode_cap(void **state)
{
	(void)state;
	assert_int_equal(tm_decode_cap(0), (size_t)1 << 30);
	assert_int_equal(tm_decode_cap(1000), (size_t)1 << 30);
	assert_int_equal(tm_decode_cap(((size_t)1 << 30) / 100), (size_t)1 << 30);
	assert_int_equal(tm_decode_cap(20u << 20), (size_t)2000 << 20);
	assert_int_equal(tm_decode_cap(SIZE_MAX / 50), SIZE_MAX);
	tm_decode_set_limit(5000);
	assert_int_equal(tm_decode_cap(20u << 20), 5000);
	assert_int_equal(tm_decode_cap(10), 5000);
	tm_decode_set_limit(0);
	assert_int_equal(tm_decode_cap(20u << 20), (size_t)2000 << 20);
}

/* Binary data behind gzip is refused on its first bytes: 64 MiB of zeros in
 * two members is not inflated whole (the error comes from the first 1 KiB:
 * at a NUL byte at 0, before the first member's end). */
static void test_decode_binary_head(void **state)
{
	struct ctx *c = *state;
	size_t n = 32u << 20, cap = n / 100, clen;
	char *zeros = calloc(1, n);
	unsigned char *two = malloc(2 * cap);

	assert_non_null(zeros);
	assert_non_null(two);
	clen = gzip_bytes(zeros, n, two, cap);
	memcpy(two + clen, two, clen);
	c->in = tm_input_open_mem("zeros.gz", two, 2 * clen, &c->d);
	assert_null(c->in);
	assert_non_null(strstr(c->d.error, "gzip data is binary (a NUL byte at byte 0 of it), "
			       "not a trace: the rest was not inflated"));
	free(zeros);
	free(two);
}

/* ---- fuzz regressions ------------------------------------------------------- */

/* Inputs the fuzzer found problems with; each must load or fail cleanly. */
static void test_fuzz_regressions(void **state)
{
	static const struct {
		const char *data;
		size_t len;
	} t[] = {
		{ "<", 1 },
		{ "TRACE:", 6 },
		{ "TRACE:\r", 7 },
		{ "\x1f\x8b", 2 },
		{ "<script id=\"viewer-data\">", 25 },
		{ "var linuxPerfData=\"", 19 },
		{ "<x>var linuxPerfData=\"\\", 23 },
		{ "<x>var linuxPerfData=\"\\u{", 25 },
		{ "<x>var linuxPerfData=\"\\ud800\\u", 31 },
		{ "<x>id=\"viewer-data\"", 19 },
		{ "a-1 [1] 1:", 10 },
		{ "a-1 (", 5 },
	};
	struct ctx *c = *state;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		reset(c);
		open_mem(c, "fz", t[i].data, t[i].len);
		if (!c->in)
			assert_null(strchr(c->d.error, '\n'));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
		T(test_names),
		T(test_ftrace_plain),
		T(test_ftrace_sniff_variants),
		T(test_unrecognised_text),
		T(test_atrace_noise_text),
		T(test_atrace_zlib_corpus),
		T(test_atrace_zlib_line_endings),
		T(test_atrace_zlib_errors),
		T(test_gzip_corpus),
		T(test_gzip_multimember),
		T(test_gzip_growth),
		T(test_gzip_inside),
		T(test_gzip_errors),
		T(test_json),
		T(test_json_system_trace_events),
		T(test_json_system_trace_events_other),
		T(test_json_system_trace_events_placed),
		T(test_json_system_trace_events_parts),
		T(test_legacy_corpus),
		T(test_legacy_escapes),
		T(test_html_late_marker),
		T(test_legacy_errors),
		T(test_multi),
		T(test_multi_other_block),
		T(test_multi_end_in_text),
		T(test_multi_errors),
		T(test_trace2html),
		T(test_trace2html_errors),
		T(test_html_without_trace),
		T(test_empty_and_blank),
		T(test_binary),
		T(test_open_paths),
		T(test_stdin_pipe),
		T(test_fifo),
		T(test_base64),
		T(test_js_unescape),
		T(test_classify),
		T(test_decode_limit),
		T(test_inflate_engines_agree),
		T(test_inflate_headers_zlib_refuses),
		T(test_decode_cap),
		T(test_decode_binary_head),
		T(test_fuzz_regressions),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
