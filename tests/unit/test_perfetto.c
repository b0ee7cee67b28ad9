/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_perfetto.c - the protobuf wire reader (parsers/perfetto-wire.c) and
 * the sniffing of Perfetto traces (parsers/perfetto.c).
 *
 * Expected values worked out by hand from the protobuf encoding rules
 * (varints are 7 bits a byte, low group first, at most 10 bytes; a tag is
 * field << 3 | wire type): e.g. 0x96 0x01 is 150, 0x08 is field 1 varint,
 * 0x12 field 2 length-delimited, 0x1d field 3 fixed32, 0x21 field 4 fixed64.
 * The clock records: perfetto-clock.h, times in seconds with 9 decimals.
 * The zstd decoder (parsers/decode.c, for zstd_compressed_packets) against
 * frames made here with libzstd's own compressor.
 */
#include <zstd.h>

#include "testutil.h"
#include "tracemerge/input.h"
#include "decode.h"
#include "perfetto.h"
#include "perfetto-clock.h"
#include "perfetto-wire.h"

static void test_varint(void **state)
{
	static const uint8_t v150[] = { 0x96, 0x01 };
	static const uint8_t max[] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01 };
	static const uint8_t eleven[] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01 };
	static const uint8_t cut[] = { 0x96 };
	const uint8_t *p;
	uint64_t v;

	(void)state;
	p = v150;
	assert_int_equal(tm_pb_varint(&p, v150 + 2, &v), 0);
	assert_int_equal(v, 150);
	assert_ptr_equal(p, v150 + 2);
	p = max;                        /* 10 bytes: 2^64 - 1 */
	assert_int_equal(tm_pb_varint(&p, max + 10, &v), 0);
	assert_true(v == UINT64_MAX);
	p = eleven;                     /* the 11th byte is the bad one */
	assert_int_equal(tm_pb_varint(&p, eleven + 11, &v), -1);
	assert_ptr_equal(p, eleven + 10);
	p = cut;
	assert_int_equal(tm_pb_varint(&p, cut + 1, &v), -1);
	assert_ptr_equal(p, cut + 1);
}

static void test_fields(void **state)
{
	/* field 1 = 150, field 2 = "ab", field 3 fixed32 = 0x04030201,
	 * field 4 fixed64 = 0x0807060504030201 */
	static const uint8_t m[] = { 0x08, 0x96, 0x01, 0x12, 0x02, 'a', 'b',
				     0x1d, 1, 2, 3, 4, 0x21, 1, 2, 3, 4, 5, 6, 7, 8 };
	struct tm_pb r = tm_pb_init(m, m, sizeof(m));
	struct tm_pb_field f;
	struct tm_pb_error e;

	(void)state;
	assert_int_equal(tm_pb_next(&r, &f, &e), 1);
	assert_int_equal(f.num, 1);
	assert_int_equal(f.type, TM_PB_VARINT);
	assert_int_equal(f.v, 150);
	assert_int_equal(tm_pb_next(&r, &f, &e), 1);
	assert_int_equal(f.num, 2);
	assert_int_equal(f.type, TM_PB_BYTES);
	assert_int_equal(f.len, 2);
	assert_memory_equal(f.data, "ab", 2);
	assert_int_equal(f.at, 3);
	assert_int_equal(tm_pb_next(&r, &f, &e), 1);
	assert_int_equal(f.num, 3);
	assert_int_equal(f.v, 0x04030201);
	assert_int_equal(tm_pb_next(&r, &f, &e), 1);
	assert_int_equal(f.num, 4);
	assert_true(f.v == 0x0807060504030201ull);
	assert_int_equal(tm_pb_next(&r, &f, &e), 0);
}

static void expect_error(const uint8_t *m, size_t n, size_t at, const char *what)
{
	struct tm_pb r = tm_pb_init(m, m, n);
	struct tm_pb_field f;
	struct tm_pb_error e;
	int rc;

	while ((rc = tm_pb_next(&r, &f, &e)) == 1)
		;
	assert_int_equal(rc, -1);
	assert_int_equal(e.at, at);
	assert_non_null(strstr(e.what, what));
}

static void test_errors(void **state)
{
	static const uint8_t past[] = { 0x08, 0x01, 0x12, 0x05, 'a' };     /* length 5, 1 there */
	static const uint8_t group[] = { 0x08, 0x01, 0x0b };               /* field 1, type 3 */
	static const uint8_t zero[] = { 0x00, 0x01 };                      /* field 0 */
	static const uint8_t fix[] = { 0x08, 0x01, 0x1d, 1, 2 };           /* fixed32, 2 bytes */
	static const uint8_t tag[] = { 0x08, 0x01, 0x80 };                 /* a tag cut */

	(void)state;
	expect_error(past, sizeof(past), 2, "past the end");
	expect_error(group, sizeof(group), 2, "wire type");
	expect_error(zero, sizeof(zero), 0, "field number 0");
	expect_error(fix, sizeof(fix), 3, "fixed-size");
	expect_error(tag, sizeof(tag), 3, "truncated");
}

static void test_sniff(void **state)
{
	/* packet { trusted_packet_sequence_id (10): 1 } twice */
	static const uint8_t two[] = { 0x0a, 0x02, 0x50, 0x01, 0x0a, 0x02, 0x50, 0x01 };
	/* a head: the packet's length (200) runs past what is there */
	static const uint8_t head[] = { 0x0a, 0xc8, 0x01, 0x50, 0x01, 0x0a, 0x10 };
	(void)state;
	assert_true(tm_is_perfetto(two, sizeof(two)));
	assert_true(tm_is_perfetto(two, 4));
	assert_true(tm_is_perfetto(head, sizeof(head)));
	/* text after a blank line: '#' (35) as a length, " tracer" as fields */
	assert_false(tm_is_perfetto("\n# tracer: nop\n#\n# entries-in-buffer/entries-written: 1/1   #P:4\n", 66));
	/* a packet followed by something that is no packet tag */
	assert_false(tm_is_perfetto("\x0a\x02\x50\x01{", 5));
	/* an empty packet; a packet with a field 0 */
	assert_false(tm_is_perfetto("\x0a\x00\x0a\x00", 4));
	assert_false(tm_is_perfetto("\x0a\x02\x00\x01", 4));
}

/* zstd: one frame, two frames back to back, a frame cut, bytes after the
 * last frame, the output limit. */
static void test_zstd(void **state)
{
	static const char text[] = "packet bytes, packet bytes, packet bytes";
	uint8_t f[256];
	size_t n, m, tl = sizeof(text) - 1;
	struct tm_inflated z;

	(void)state;
	n = ZSTD_compress(f, sizeof(f), text, tl, 3);
	assert_false(ZSTD_isError(n));
	assert_int_equal(tm_decode_zstd(f, n, 1 << 20, &z), TM_Z_OK);
	assert_int_equal(z.len, tl);
	assert_memory_equal(z.data, text, tl);
	tm_big_free(z.data, z.cap);
	/* two frames: their outputs one after the other */
	m = ZSTD_compress(f + n, sizeof(f) - n, "tail", 4, 3);
	assert_false(ZSTD_isError(m));
	assert_int_equal(tm_decode_zstd(f, n + m, 1 << 20, &z), TM_Z_OK);
	assert_int_equal(z.len, tl + 4);
	assert_memory_equal(z.data + tl, "tail", 4);
	tm_big_free(z.data, z.cap);
	/* the first frame without its last byte: truncated at the end (n - 1) */
	assert_int_equal(tm_decode_zstd(f, n - 1, 1 << 20, &z), TM_Z_TRUNCATED);
	assert_int_equal(z.err_off, n - 1);
	assert_null(z.data);
	/* an empty stream is a truncated one */
	assert_int_equal(tm_decode_zstd(f, 0, 1 << 20, &z), TM_Z_TRUNCATED);
	/* a frame then 4 bytes that are no frame (no zstd magic) */
	memcpy(f + n, "junk", 4);
	assert_int_equal(tm_decode_zstd(f, n + 4, 1 << 20, &z), TM_Z_CORRUPT);
	assert_non_null(z.msg);
	/* 41 bytes may not come out of a stream held to 10 */
	assert_int_equal(tm_decode_zstd(f, n, 10, &z), TM_Z_LIMIT);
}

/* The header text of C, NUL-terminated, into BUF (CAP bytes). */
static const char *clock_header(const struct tm_pf_clocks *c, char *buf, size_t cap)
{
	assert_true(tm_pf_clocks_header(c, NULL, 0) < cap);
	tm_pf_clocks_header(c, buf, cap);
	return buf;
}

/* ClockSnapshot.Clock: 0x08 clock_id, 0x10 timestamp, 0x18 is_incremental,
 * 0x20 unit_multiplier_ns (1000: 0xe8 0x07). */
static void test_clock_snapshot(void **state)
{
	static const uint8_t snap[] = {
		0x0a, 0x07, 0x08, 0x06, 0x10, 0x05, 0x20, 0xe8, 0x07,  /* BOOTTIME 5 us */
		0x0a, 0x07, 0x08, 0x03, 0x10, 0x02, 0x20, 0xe8, 0x07,  /* MONOTONIC 2 us */
		0x0a, 0x04, 0x08, 0x06, 0x10, 0x63,                    /* BOOTTIME again */
		0x0a, 0x06, 0x08, 0x01, 0x10, 0x07, 0x18, 0x01,        /* incremental */
		0x0a, 0x04, 0x08, 0x40, 0x10, 0x01,                    /* clock 64 */
		0x0a, 0x04, 0x08, 0x09, 0x10, 0x01,                    /* TSC */
		/* REALTIME_COARSE at 2^63 ns: past INT64_MAX */
		0x0a, 0x0d, 0x08, 0x02, 0x10, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01,
	};
	static const uint8_t boot_only[] = { 0x0a, 0x04, 0x08, 0x06, 0x10, 0x01 };
	static const uint8_t cut[] = { 0x0a, 0x07, 0x08, 0x06 };
	struct tm_pf_clocks c;
	struct tm_pb m = tm_pb_init(snap, snap, sizeof(snap));
	struct tm_pf_bundle_clock boot = { 0 }, global = { .clock = 2 };
	struct tm_pb_error e;
	char buf[512];

	(void)state;
	assert_string_equal(tm_perfetto_clock_domain(6), "CLOCK_BOOTTIME");
	assert_string_equal(tm_perfetto_clock_domain(5), "CLOCK_MONOTONIC_RAW");
	assert_string_equal(tm_perfetto_clock_domain(4), "CLOCK_MONOTONIC_COARSE");
	assert_null(tm_perfetto_clock_domain(9));
	assert_null(tm_perfetto_clock_domain(0));
	tm_pf_clocks_init(&c);
	assert_int_equal(tm_pf_clocks_snapshot(&c, &m, 7, &e), 0);
	m = tm_pb_init(boot_only, boot_only, sizeof(boot_only));
	assert_int_equal(tm_pf_clocks_snapshot(&c, &m, 40, &e), 0);
	assert_int_equal(c.snapshots, 2);
	assert_int_equal(c.unusable, 1);
	tm_pf_clocks_bundle(&c, &boot, 50);
	tm_pf_clocks_bundle(&c, &global, 60);
	assert_int_equal(c.mixed, 1);
	assert_string_equal(clock_header(&c, buf, sizeof(buf)),
			    "# tracemerge_trace_clock: CLOCK_BOOTTIME\n"
			    "# tracemerge_clock_snapshot: byte=7 CLOCK_BOOTTIME=0.000005000 "
			    "CLOCK_MONOTONIC=0.000002000\n");
	/* cut short: 8 bytes and the NUL */
	assert_int_equal(tm_pf_clocks_header(&c, buf, 9), 41 + 91);
	assert_string_equal(buf, "# tracem");
	m = tm_pb_init(cut, cut, sizeof(cut));
	assert_int_equal(tm_pf_clocks_snapshot(&c, &m, 0, &e), -1);
	tm_pf_clocks_free(&c);
}

/* A bundle on CLOCK_MONOTONIC_RAW: its pairs one a second at most. */
static void test_clock_bundle(void **state)
{
	struct tm_pf_bundle_clock b = { .clock = 4, .has_ftrace_ts = true, .has_boot_ts = true,
					.ftrace_ts = 1000000000, .boot_ts = 3000000000 };
	struct tm_pf_clocks c;
	char buf[512];

	(void)state;
	tm_pf_clocks_init(&c);
	tm_pf_clocks_bundle(&c, &b, 9);
	b.ftrace_ts += 500000000;      /* 0.5 s later: not written */
	tm_pf_clocks_bundle(&c, &b, 19);
	b.ftrace_ts += 500000000;      /* 1 s after the first: written */
	b.boot_ts += 1000000001;
	tm_pf_clocks_bundle(&c, &b, 29);
	b.has_boot_ts = false;          /* no pair */
	b.ftrace_ts += 5000000000;
	tm_pf_clocks_bundle(&c, &b, 39);
	assert_int_equal(c.pairs, 2);
	assert_string_equal(clock_header(&c, buf, sizeof(buf)),
			    "# tracemerge_trace_clock: CLOCK_MONOTONIC_RAW\n"
			    "# tracemerge_clock_snapshot: byte=9 trace=1.000000000 CLOCK_BOOTTIME=3.000000000\n"
			    "# tracemerge_clock_snapshot: byte=29 trace=2.000000000 CLOCK_BOOTTIME=4.000000001\n");
	tm_pf_clocks_free(&c);
	/* the global clock: no trace clock record */
	tm_pf_clocks_init(&c);
	b.clock = 2;
	tm_pf_clocks_bundle(&c, &b, 0);
	assert_null(tm_pf_clocks_trace_clock(&c));
	assert_int_equal(tm_pf_clocks_header(&c, buf, sizeof(buf)), 0);
	tm_pf_clocks_free(&c);
}

/* A whole trace from memory: format and the one-line error contract. */
static void test_open_mem(void **state)
{
	static const uint8_t bad[] = { 0x0a, 0x02, 0x50, 0x01, 0x0a, 0x03, 0x08, 0x01, 0x12 };
	struct tm_diag d;
	struct tm_input *in;

	(void)state;
	tm_diag_init(&d);
	in = tm_input_open_mem("t.pb", bad, sizeof(bad), &d);
	assert_null(in);
	/* the field 2 tag at byte 8 has no length: the data ends in it */
	assert_string_equal(d.error, "t.pb: byte 9: truncated packet: the data ends inside a varint");
	tm_diag_free(&d);
	tm_diag_init(&d);
	in = tm_input_open_mem("t.pb", bad, 4, &d);
	assert_non_null(in);
	assert_int_equal(tm_input_format(in), TM_FMT_PERFETTO);
	assert_string_equal(tm_format_name(TM_FMT_PERFETTO), "perfetto");
	tm_input_free(in);
	tm_diag_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_varint),
		cmocka_unit_test(test_fields),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_sniff),
		cmocka_unit_test(test_clock_snapshot),
		cmocka_unit_test(test_clock_bundle),
		cmocka_unit_test(test_zstd),
		cmocka_unit_test(test_open_mem),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
