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
 * frames made here with libzstd's own compressor.  A trace's text written
 * beside the first pass (tm_input_open_ahead) against the trace read whole.
 */
#include <dirent.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "testutil.h"
#include "input_util.h"
#include "tracemerge/input.h"
#include "decode.h"
#include "input-ahead.h"
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

/* V as a varint at B (7 bits a byte, low group first): its length. */
static size_t put_varint(uint8_t *b, uint64_t v)
{
	size_t n = 0;

	while (v >= 0x80) {
		b[n++] = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	b[n++] = (uint8_t)v;
	return n;
}

/* tm_pb_varint_fast, the reader inlined in tm_pb_next, against the
 * encoding rule: every length from 1 to 10 bytes, with bytes after it
 * that would go on (0xff) or end (0x00) a varint, or with the varint at
 * the end of the data; cut before its last byte it is not read; a
 * non-minimal encoding (0x80 0x80 0x00 is 0) too. */
static void test_varint_fast(void **state)
{
	static const uint64_t fixed[] = {
		0, 1, 127, 128, 150, 300, 16383, 16384, (1u << 21) - 1, 1u << 21,
		1u << 28, (1ull << 35) - 1, 1ull << 49, (1ull << 56) - 1, 1ull << 56,
		1ull << 63, UINT64_MAX,
	};
	static const uint8_t fill[] = { 0xff, 0x00 };
	static const uint8_t padded[] = { 0x80, 0x80, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	uint64_t x = 0x9e3779b97f4a7c15ull;

	(void)state;
	for (size_t k = 0; k < sizeof(fixed) / sizeof(fixed[0]) + 2000; k++) {
		uint64_t want, v;
		uint8_t b[32];
		size_t n;

		if (k < sizeof(fixed) / sizeof(fixed[0])) {
			want = fixed[k];
		} else {        /* (xorshift) values of every bit length */
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			want = x >> (x % 64);
		}
		for (size_t fi = 0; fi < 2; fi++) {
			const uint8_t *p = b;

			memset(b, fill[fi], sizeof(b));
			n = put_varint(b, want);
			/* with bytes after it */
			assert_true(tm_pb_varint_fast(&p, b + sizeof(b), &v));
			assert_true(v == want);
			assert_ptr_equal(p, b + n);
			/* ending where the data ends */
			p = b;
			assert_true(tm_pb_varint_fast(&p, b + n, &v));
			assert_true(v == want);
			assert_ptr_equal(p, b + n);
			/* cut before its last byte: not read, nothing moved */
			p = b;
			assert_false(tm_pb_varint_fast(&p, b + n - 1, &v));
			assert_ptr_equal(p, b);
		}
	}
	/* 0 in 3 bytes, with more bytes after it and without */
	{
		const uint8_t *p = padded;
		uint64_t v = 1;

		assert_true(tm_pb_varint_fast(&p, padded + sizeof(padded), &v));
		assert_true(v == 0);
		assert_ptr_equal(p, padded + 3);
		p = padded;
		v = 1;
		assert_true(tm_pb_varint_fast(&p, padded + 3, &v));
		assert_true(v == 0);
		assert_ptr_equal(p, padded + 3);
	}
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
	/* empty packets first, then a packet: a trace (its first packet's
	 * fields all cleared), also when the packet is cut by the head */
	assert_true(tm_is_perfetto("\x0a\x00\x0a\x02\x50\x01", 6));
	assert_true(tm_is_perfetto("\x0a\x00\x0a\x00\x0a\x02\x50\x01\x0a\x02\x50\x01", 12));
	assert_true(tm_is_perfetto("\x0a\x00\x0a\xc8\x01\x50\x01", 7));
	assert_false(tm_is_perfetto("\x0a\x00\x0a\x02\x50\x01{", 7));
	/* empty packets alone; a packet with a field 0 */
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

/* An error in an event's message that only pass 2 reads (a print's fields)
 * is said at its byte in the file: the fixed64 of field 1 (tag 0x09 at
 * byte 15) has 2 of its 8 bytes, from byte 16; it was said at byte 1, in
 * the message.  Worked out by hand:
 *   0a 12                      Trace.packet, 18 bytes
 *     0a 0e                    ftrace_events, 14 bytes (from byte 4)
 *       08 00                  cpu 0
 *       12 0a                  event, 10 bytes (from byte 8)
 *         08 e8 07  10 01      timestamp 1000, pid 1
 *         1a 03  09 01 02      print, 3 bytes: a fixed64 cut short
 *     50 01                    trusted_packet_sequence_id 1 */
static void test_pass2_error_at(void **state)
{
	static const uint8_t t[] = {
		0x0a, 0x12, 0x0a, 0x0e, 0x08, 0x00, 0x12, 0x0a, 0x08, 0xe8, 0x07, 0x10,
		0x01, 0x1a, 0x03, 0x09, 0x01, 0x02, 0x50, 0x01,
	};
	struct tm_diag d;

	uint8_t z[128], outer[160];
	uLongf zn = sizeof(z);

	(void)state;
	tm_diag_init(&d);
	assert_null(tm_input_open_mem("t.pb", t, sizeof(t), &d));
	assert_string_equal(d.error,
			    "t.pb: byte 16: truncated packet: the data ends inside a fixed-size field");
	tm_diag_free(&d);
	/* the same packets in compressed_packets (field 50: tag 0x92 0x03),
	 * zlib's data from byte 5: said in the inflated packets */
	assert_int_equal(compress2(z, &zn, t, sizeof(t), 6), Z_OK);
	assert_true(zn < 120);
	outer[0] = 0x0a;
	outer[1] = (uint8_t)(3 + zn);
	outer[2] = 0x92;
	outer[3] = 0x03;
	outer[4] = (uint8_t)zn;
	memcpy(outer + 5, z, zn);
	tm_diag_init(&d);
	assert_null(tm_input_open_mem("t.pb", outer, 5 + zn, &d));
	assert_string_equal(d.error, "t.pb: byte 5: compressed_packets: byte 16 of the inflated "
			    "packets: truncated packet: the data ends inside a fixed-size field");
	tm_diag_free(&d);
}

/* ---- the text written beside the first pass ------------------------------ */

struct pbuf {
	uint8_t *p;
	size_t n, cap;
};

static void pb_byte(struct pbuf *b, uint8_t c)
{
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 4096;
		b->p = realloc(b->p, b->cap);
		assert_non_null(b->p);
	}
	b->p[b->n++] = c;
}

static void pb_varint(struct pbuf *b, uint64_t v)
{
	for (; v >= 0x80; v >>= 7)
		pb_byte(b, (uint8_t)(v | 0x80));
	pb_byte(b, (uint8_t)v);
}

/* Field NUM, length-delimited, holding the N bytes at P. */
static void pb_bytes(struct pbuf *b, unsigned num, const void *p, size_t n)
{
	pb_varint(b, (uint64_t)num << 3 | 2);
	pb_varint(b, n);
	for (size_t i = 0; i < n; i++)
		pb_byte(b, ((const uint8_t *)p)[i]);
}

/* Field NUM, packed varints: N times V (the first FIRST). */
static void pb_packed(struct pbuf *b, unsigned num, uint64_t first, uint64_t v, size_t n)
{
	struct pbuf m = { 0 };

	for (size_t i = 0; i < n; i++)
		pb_varint(&m, i ? v : first);
	pb_bytes(b, num, m.p, m.n);
	free(m.p);
}

/* A trace of NP packets, each a bundle of CPU 0 with N compact
 * sched_switches 1 us apart to pid 100 ("worker"), written to a file in
 * $TMPDIR (or /tmp): its path, in PATH. */
/* BYTES (N of them) into a new temporary file, gzipped when GZ; its
 * name into PATH (SIZE bytes). */
static void temp_file(char *path, size_t size, const void *bytes, size_t n, bool gz)
{
	const char *dir = getenv("TMPDIR");
	int fd;

	snprintf(path, size, "%s/tm-pf-XXXXXX", dir && *dir ? dir : "/tmp");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	if (gz) {
		gzFile z = gzdopen(fd, "wb1");

		assert_non_null(z);
		assert_int_equal(gzwrite(z, bytes, (unsigned)n), (int)n);
		assert_int_equal(gzclose(z), Z_OK);
	} else {
		assert_int_equal(write(fd, bytes, n), (ssize_t)n);
		close(fd);
	}
}

static void big_trace_packed(char *path, size_t size, size_t np, size_t n, bool gz,
			     bool compressed);

static void big_trace(char *path, size_t size, size_t np, size_t n, bool gz)
{
	big_trace_packed(path, size, np, n, gz, false);
}

/* ... with (COMPRESSED) its packets in one TracePacket's
 * compressed_packets (zlib). */
static void big_trace_packed(char *path, size_t size, size_t np, size_t n, bool gz,
			     bool compressed)
{
	struct pbuf t = { 0 };

	for (size_t k = 0; k < np; k++) {
		struct pbuf cs = { 0 }, bun = { 0 }, pkt = { 0 };

		pb_packed(&cs, PF_CS_SWITCH_TIMESTAMP, 1000000000 + k * n * 1000, 1000, n);
		pb_packed(&cs, PF_CS_SWITCH_PREV_STATE, 1, 1, n);
		pb_packed(&cs, PF_CS_SWITCH_NEXT_PID, 100, 100, n);
		pb_packed(&cs, PF_CS_SWITCH_NEXT_PRIO, 120, 120, n);
		pb_bytes(&cs, PF_CS_INTERN_TABLE, "worker", 6);
		pb_packed(&cs, PF_CS_SWITCH_NEXT_COMM_INDEX, 0, 0, n);
		pb_varint(&bun, PF_BUNDLE_CPU << 3);
		pb_varint(&bun, 0);
		pb_bytes(&bun, PF_BUNDLE_COMPACT_SCHED, cs.p, cs.n);
		pb_bytes(&pkt, PF_PKT_FTRACE_EVENTS, bun.p, bun.n);
		pb_varint(&pkt, PF_PKT_SEQUENCE_ID << 3);
		pb_varint(&pkt, 1);
		pb_bytes(&t, PF_TRACE_PACKET, pkt.p, pkt.n);
		free(cs.p);
		free(bun.p);
		free(pkt.p);
	}
	if (compressed) {
		uLongf zn = compressBound((uLong)t.n);
		unsigned char *z = malloc(zn);
		struct pbuf pkt = { 0 }, w = { 0 };

		assert_non_null(z);
		assert_int_equal(compress2(z, &zn, t.p, (uLong)t.n, 1), Z_OK);
		pb_bytes(&pkt, PF_PKT_COMPRESSED, z, zn);
		pb_bytes(&w, PF_TRACE_PACKET, pkt.p, pkt.n);
		free(z);
		free(pkt.p);
		free(t.p);
		t = w;
	}
	temp_file(path, size, t.p, t.n, gz);
	free(t.p);
}

static int steps;
static bool seen;       /* the reader had the first step (atomic) */

/* (tm_decode_grow_hook) pass 2 parked after its first step until the
 * reader has it (10 s at most) */
static int park_first(const char *engine, size_t len)
{
	(void)len;
	if (strcmp(engine, "perfetto") == 0 && steps++ == 0)
		for (int i = 0; i < 50000 && !__atomic_load_n(&seen, __ATOMIC_ACQUIRE); i++)
			usleep(200);
	return 0;
}

/* 100 bundles of 1000 switches (gzipped when GZ: pass 2 once the packets
 * are inflated): about 14 MB of text, published a MiB at a time; the
 * reader has the text's head and first step, in whole lines, while pass 2
 * still runs (parked), and once settled the same input as
 * tm_input_open() makes. */
static void text_ahead(bool gz)
{
	char path[4096];
	struct tm_diag d1, d2;
	struct tm_input *a, *b;
	struct tm_grow *g;
	size_t head, have;
	bool done;

	big_trace(path, sizeof(path), 100, 1000, gz);
	tm_diag_init(&d1);
	tm_diag_init(&d2);
	a = tm_input_open(path, &d1);
	assert_non_null(a);
	steps = 0;
	seen = false;
	tm_decode_grow_hook = park_first;
	b = tm_input_open_ahead(path, &d2);
	assert_non_null(b);
	g = tm_input_block_grow(b, 0);
	assert_non_null(g);                     /* the text grows */
	assert_null(tm_input_block_grow(b, 1)); /* the process dump does not */
	head = tm_input_block(b, 0)->len;
	assert_true(head > 0 && tm_input_block(b, 0)->data[head - 1] == '\n');
	have = tm_grow_wait(g, head);
	tm_grow_ready(g, &done);
	if (done && steps == 0) {               /* (no thread: written at the open) */
		tm_decode_grow_hook = NULL;
		skip();
	}
	assert_false(done);
	assert_true(have > head + (1u << 20) - 4096);
	assert_int_equal(tm_input_block(b, 0)->data[have - 1], '\n');
	__atomic_store_n(&seen, true, __ATOMIC_RELEASE);
	assert_int_equal(tm_input_settle(b, &d2), 0);
	tm_decode_grow_hook = NULL;
	assert_null(tm_input_block_grow(b, 0));
	assert_true(steps > 10);
	assert_true(tm_input_block(b, 0)->len > 13u << 20);
	tm_test_same_input(a, &d1, b, &d2);
	tm_input_free(a);
	tm_input_free(b);
	tm_diag_free(&d1);
	tm_diag_free(&d2);
	unlink(path);
}

static bool parked, freeing;     /* (atomic) */

/* (tm_decode_grow_hook) pass 2 parked after its first step until the test
 * frees the input (10 s at most), then 100 ms more: the free has begun */
static int park_until_free(const char *engine, size_t len)
{
	(void)len;
	if (strcmp(engine, "perfetto") != 0 || steps++ != 0)
		return 0;
	__atomic_store_n(&parked, true, __ATOMIC_RELEASE);
	for (int i = 0; i < 50000 && !__atomic_load_n(&freeing, __ATOMIC_ACQUIRE); i++)
		usleep(200);
	usleep(100000);
	return 0;
}

/* A trace whose packets are in compressed_packets (inflated into buffers
 * the input keeps), freed while pass 2 still reads them: pass 2 is
 * stopped before they are given back (before, they were unmapped first,
 * and pass 2 read on into them: a crash). */
static void test_free_during_pass2(void **state)
{
	char path[4096];
	struct tm_diag d;
	struct tm_input *in;

	(void)state;
	big_trace_packed(path, sizeof(path), 100, 1000, false, true);
	tm_diag_init(&d);
	steps = 0;
	parked = freeing = false;
	tm_decode_grow_hook = park_until_free;
	in = tm_input_open_ahead(path, &d);
	assert_non_null(in);
	if (!tm_input_block_grow(in, 0)) {      /* (no thread: written at the open) */
		tm_decode_grow_hook = NULL;
		tm_input_free(in);
		tm_diag_free(&d);
		unlink(path);
		skip();
	}
	/* (pass 2 at its first step: 10 s at most) */
	for (int i = 0; i < 50000 && !__atomic_load_n(&parked, __ATOMIC_ACQUIRE); i++)
		usleep(200);
	assert_true(__atomic_load_n(&parked, __ATOMIC_ACQUIRE));
	__atomic_store_n(&freeing, true, __ATOMIC_RELEASE);
	tm_input_free(in);
	tm_decode_grow_hook = NULL;
	assert_int_equal(steps, 1);             /* stopped at its next step */
	tm_diag_free(&d);
	unlink(path);
}

static void test_text_ahead(void **state)
{
	(void)state;
	text_ahead(false);
}

/* (before, a gzipped trace's text was written whole after its inflate:
 * the block did not grow) */
static void test_text_ahead_gzip(void **state)
{
	(void)state;
	text_ahead(true);
}

/* Every trace of testdata/perfetto/, as it is and gzipped: the same input
 * (or error) read whole and with its text written beside the first
 * pass. */
static void test_text_ahead_testdata(void **state)
{
	char dir[4096], path[8192], gz[4096];
	struct dirent *e;
	DIR *dp;
	int n = 0;

	(void)state;
	snprintf(dir, sizeof(dir), "%s/testdata/perfetto", TM_SRCDIR);
	dp = opendir(dir);
	assert_non_null(dp);
	while ((e = readdir(dp))) {
		size_t l = strlen(e->d_name), len = 0;
		char rel[512], *bytes;

		if (l < 4 || strcmp(e->d_name + l - 3, ".pb") != 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		tm_test_same_both_ways(path);
		snprintf(rel, sizeof(rel), "testdata/perfetto/%.400s", e->d_name);
		bytes = tm_test_slurp(rel, &len);
		assert_non_null(bytes);
		temp_file(gz, sizeof(gz), bytes, len, true);
		free(bytes);
		tm_test_same_both_ways(gz);
		unlink(gz);
		n++;
	}
	closedir(dp);
	assert_true(n >= 25);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_varint),
		cmocka_unit_test(test_varint_fast),
		cmocka_unit_test(test_fields),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_sniff),
		cmocka_unit_test(test_clock_snapshot),
		cmocka_unit_test(test_clock_bundle),
		cmocka_unit_test(test_zstd),
		cmocka_unit_test(test_open_mem),
		cmocka_unit_test(test_pass2_error_at),
		cmocka_unit_test(test_text_ahead),
		cmocka_unit_test(test_text_ahead_gzip),
		cmocka_unit_test(test_free_during_pass2),
		cmocka_unit_test(test_text_ahead_testdata),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
