/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_inflate_ahead.c - a gzip input inflated on a helper thread while its
 * first pass reads it (input-ahead.h, grow.h, tm_decode_gunzip_grow).
 *
 * The text is made here, line by line, so every count is known by
 * construction: LINES pairs of a marker event and its continuation line
 * after one header line.  It is gzipped in members of MEMBER bytes (each
 * member's end hands the inflate's output over early, so the text is
 * published in many pieces).  A test hook (tm_decode_grow_hook) makes the
 * inflate slower than the reader, so that the reader waits at the end of
 * what is published again and again, and makes ISA-L fail part way.
 */
#include <unistd.h>
#include <zlib.h>

#include "testutil.h"
#include "tracemerge/input.h"
#include "decode.h"
#include "input-ahead.h"
#include "kernel-scan.h"

#define LINES 60000             /* marker + continuation pairs */
#define MEMBER ((size_t)200000) /* text bytes per gzip member */

struct text {
	char *p;
	size_t len;
};

/* "# tracer: nop", then LINES times a marker event and a continuation
 * line (a line that is no event: it belongs to the marker before it). */
static struct text make_text(void)
{
	struct text t = { malloc((size_t)LINES * 160 + 64), 0 };

	assert_non_null(t.p);
	t.len = (size_t)sprintf(t.p, "# tracer: nop\n");
	for (unsigned i = 0; i < LINES; i++)
		t.len += (size_t)sprintf(t.p + t.len,
					 "          app-100   [001] ...1  %u.%06u: tracing_mark_write: "
					 "note %u\nmore of note %u\n", 1000 + i / 1000000, i % 1000000,
					 i, i);
	return t;
}

/* T gzipped, one member per MEMBER bytes, into a new file; its path. */
static char *write_gz(const struct text *t, size_t *gz_len)
{
	char *path = strdup("/tmp/test_inflate_ahead.XXXXXX");
	int fd = mkstemp(path);
	size_t cap = compressBound((uLong)t->len) + 64 * (t->len / MEMBER + 1), n = 0;
	unsigned char *out = malloc(cap);

	assert_true(fd >= 0);
	assert_non_null(out);
	for (size_t off = 0; off < t->len; off += MEMBER) {
		size_t in = t->len - off < MEMBER ? t->len - off : MEMBER;
		z_stream z = { 0 };

		assert_int_equal(deflateInit2(&z, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY),
				 Z_OK);
		z.next_in = (unsigned char *)t->p + off;
		z.avail_in = (uInt)in;
		z.next_out = out + n;
		z.avail_out = (uInt)(cap - n);
		assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
		n += z.total_out;
		deflateEnd(&z);
	}
	assert_int_equal(write(fd, out, n), (ssize_t)n);
	close(fd);
	free(out);
	*gz_len = n;
	return path;
}

/* ---- the hook ------------------------------------------------------------ */

static int hook_calls, isal_calls, zlib_calls;
static size_t isal_fail_at;     /* ISA-L's step fails from this output on (0: never) */
/* The block's text (atomic): where zlib's first step, after ISA-L failed,
 * marks a byte published long before; zlib must not write it again. */
static char *mark_at;

static int slow_hook(const char *engine, size_t len)
{
	bool isal = !strcmp(engine, "isa-l");

	hook_calls++;
	if (isal) {
		isal_calls++;
	} else if (zlib_calls++ == 0 && isal_calls) {
		char *p = __atomic_load_n(&mark_at, __ATOMIC_ACQUIRE);

		if (p)
			p[2] = 'T';     /* "# tracer: nop" -> "# Tracer: nop" */
	}
	usleep(500);                /* slower than the reader */
	return isal && isal_fail_at && len >= isal_fail_at;
}

static int setup(void **state)
{
	(void)state;
	hook_calls = isal_calls = zlib_calls = 0;
	isal_fail_at = 0;
	mark_at = NULL;
	tm_decode_grow_hook = slow_hook;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	tm_decode_grow_hook = NULL;
	return 0;
}

/* One test's input: the text, its gzip file, the diag, the first pass. */
struct fix {
	struct text t;
	char *path;
	size_t gz_len;
	struct tm_diag d;
	struct tm_kstats st;
	bool st_init;
	struct tm_input *in;
};

static void fix_new(struct fix *f)
{
	memset(f, 0, sizeof(*f));
	f->t = make_text();
	f->path = write_gz(&f->t, &f->gz_len);
	tm_diag_init(&f->d);
}

static void fix_free(struct fix *f)
{
	if (f->st_init)
		tm_kstats_free(&f->st);
	tm_input_free(f->in);
	tm_diag_free(&f->d);
	unlink(f->path);
	free(f->path);
	free(f->t.p);
}

/* Open F's file inflating ahead and read it as the first pass does: 0
 * and the counts in f->st, or -1 and the error in f->d. */
static int scan(struct fix *f)
{
	if (!(f->in = tm_input_open_ahead(f->path, &f->d)))
		return -1;
	/* the text is read as it comes, not after the inflate */
	assert_non_null(tm_input_block_grow(f->in, 0));
	__atomic_store_n(&mark_at, (char *)tm_input_block(f->in, 0)->data, __ATOMIC_RELEASE);
	assert_int_equal(tm_kstats_init(&f->st, f->path, &f->d), 0);
	f->st_init = true;
	return tm_kscan_input(f->in, &f->st, NULL, NULL);
}

/* Every line of F's text counted. */
static void assert_all_read(const struct fix *f)
{
	assert_int_equal(f->st.header, 1);
	assert_int_equal(f->st.events, LINES);
	assert_int_equal(f->st.continuation, LINES);
	assert_int_equal(f->st.rejected, 0);
	assert_int_equal(f->st.lines, 1 + 2 * (uint64_t)LINES);
}

/* The whole text read while the inflate, slower than the reader, still
 * runs: every line counted, the block whole, byte for byte. */
static void test_slow_inflate(void **state)
{
	struct fix f;
	const struct tm_block *b;

	(void)state;
	fix_new(&f);
	assert_int_equal(scan(&f), 0);
	assert_all_read(&f);
	assert_null(tm_input_block_grow(f.in, 0));   /* settled */
	b = tm_input_block(f.in, 0);
	assert_int_equal(b->len, f.t.len);
	assert_memory_equal(b->data, f.t.p, f.t.len);
	assert_true(hook_calls > 10);                 /* it came in many pieces */
	fix_free(&f);
}

/* The last member cut short: the reader has read the members before it,
 * and the open's error comes at the end, as tm_input_open() gives it: the
 * byte is the file's length. */
static void test_late_truncation(void **state)
{
	struct fix f;
	char want[4200];

	(void)state;
	fix_new(&f);
	assert_int_equal(truncate(f.path, (off_t)(f.gz_len - 1000)), 0);
	assert_int_equal(scan(&f), -1);
	snprintf(want, sizeof(want), "%s: byte %zu: truncated gzip stream", f.path,
		 f.gz_len - 1000);
	assert_string_equal(f.d.error, want);
	assert_true(f.st.events > 0 && f.st.events < LINES);  /* read up to there */
	fix_free(&f);
}

/* A bad checksum in the last member: the same error as tm_input_open's. */
static void test_late_corrupt(void **state)
{
	struct fix f;
	size_t n = 0;
	char *gz;
	struct tm_diag d2;
	FILE *o;

	(void)state;
	fix_new(&f);
	gz = tm_test_slurp(f.path, &n);
	gz[n - 5] ^= 1;                             /* the last member's CRC */
	assert_non_null(o = fopen(f.path, "wb"));
	assert_int_equal(fwrite(gz, 1, n, o), n);
	fclose(o);
	tm_diag_init(&d2);
	assert_int_equal(scan(&f), -1);
	assert_null(tm_input_open(f.path, &d2));
	assert_non_null(strstr(f.d.error, ": corrupt gzip stream (incorrect data check)"));
	assert_string_equal(f.d.error, d2.error);
	tm_diag_free(&d2);
	free(gz);
	fix_free(&f);
}

/* ISA-L fails after the reader has read part of its output: zlib inflates
 * from the start again, and the text read is the whole, unchanged; what
 * ISA-L published is not written again (the byte marked stays marked). */
static void test_isal_fallback(void **state)
{
	struct fix f;
	const struct tm_block *b;

	(void)state;
	fix_new(&f);
	isal_fail_at = f.t.len / 2;
	assert_int_equal(scan(&f), 0);
	assert_all_read(&f);
	b = tm_input_block(f.in, 0);
	assert_int_equal(b->len, f.t.len);
	if (!strcmp(tm_decode_engine(), "isa-l")) {
		assert_true(isal_calls > 0 && zlib_calls > 0);  /* it fell back */
		assert_int_equal(b->data[2], 'T');
		f.t.p[2] = 'T';
	} else {
		assert_int_equal(isal_calls, 0);
	}
	assert_memory_equal(b->data, f.t.p, f.t.len);
	fix_free(&f);
}

/* An input freed while its inflate still runs: the inflate stops. */
static void test_free_early(void **state)
{
	struct fix f;

	(void)state;
	fix_new(&f);
	f.in = tm_input_open_ahead(f.path, &f.d);
	assert_non_null(f.in);
	assert_non_null(tm_input_block_grow(f.in, 0));
	fix_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_slow_inflate, setup, teardown),
		cmocka_unit_test_setup_teardown(test_late_truncation, setup, teardown),
		cmocka_unit_test_setup_teardown(test_late_corrupt, setup, teardown),
		cmocka_unit_test_setup_teardown(test_isal_fallback, setup, teardown),
		cmocka_unit_test_setup_teardown(test_free_early, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
