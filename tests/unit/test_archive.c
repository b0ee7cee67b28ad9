/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_archive.c - the TAR and ZIP writers (src/write/archive.c): header
 * bytes worked out by hand from the ustar and ZIP layouts, and the
 * archives read back by GNU tar, unzip and Python's zipfile. */
#include "testutil.h"
#include "archive.h"
#include "manifest.h"
#include "output.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* 2026-11-25 12:34:56 UTC */
#define MTIME ((time_t)1795610096)

struct fixture {
	char dir[64];
	char path[128];
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	snprintf(f->dir, sizeof(f->dir), "/tmp/tm-archive-XXXXXX");
	if (!mkdtemp(f->dir))
		return -1;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	char cmd[200];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", f->dir);
	if (system(cmd) != 0)
		return -1;
	free(f);
	return 0;
}

/* Write PATH (in F's dir) as an archive of KIND: "hello" as hello.txt,
 * 600 bytes of 'x' from a file as big.bin.  0, or -1. */
static int write_two(struct fixture *f, const char *name, enum tm_archive_kind kind)
{
	char src[160], big[600];
	struct tm_archive a;
	struct tm_out o;
	struct tm_diag d;
	int fd, rc;

	snprintf(f->path, sizeof(f->path), "%s/%s", f->dir, name);
	snprintf(src, sizeof(src), "%s/big.src", f->dir);
	memset(big, 'x', sizeof(big));
	fd = open(src, O_RDWR | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, big, sizeof(big)), (ssize_t)sizeof(big));
	tm_diag_init(&d);
	assert_int_equal(tm_out_open(&o, f->path, &d), 0);
	tm_archive_init(&a, kind, &o, &d, MTIME);
	rc = tm_archive_add_mem(&a, "hello.txt", "hello", 5) || tm_archive_add_fd(&a, "big.bin", fd) ||
	     tm_archive_finish(&a);
	if (!rc)
		rc = tm_out_close(&o, &d);
	else
		tm_out_abort(&o);
	tm_archive_free(&a);
	tm_diag_free(&d);
	close(fd);
	return rc;
}

static int sh(const char *fmt, const char *arg)
{
	char cmd[512];
	int st;

	snprintf(cmd, sizeof(cmd), fmt, arg);
	st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_kind_of(void **state)
{
	(void)state;
	assert_int_equal(tm_archive_kind("a/b.tar"), TM_ARCHIVE_TAR);
	assert_int_equal(tm_archive_kind("OUT.ZIP"), TM_ARCHIVE_ZIP);
	assert_int_equal(tm_archive_kind("out.tar.gz"), TM_ARCHIVE_NONE);
	assert_int_equal(tm_archive_kind(".tar"), TM_ARCHIVE_NONE);
	assert_int_equal(tm_archive_kind("out.json"), TM_ARCHIVE_NONE);
	assert_int_equal(tm_archive_kind(NULL), TM_ARCHIVE_NONE);
}

/* ustar: 512-byte header, "hello" padded to 512, the 600 bytes to 1024,
 * two zero blocks, padded to the 10240-byte record: 10240 bytes in all. */
static void test_tar_bytes(void **state)
{
	struct fixture *f = *state;
	unsigned sum = 0;
	size_t len;
	char *t;

	assert_int_equal(write_two(f, "a.tar", TM_ARCHIVE_TAR), 0);
	t = tm_test_slurp(f->path, &len);
	assert_non_null(t);
	assert_int_equal(len, 10240);
	assert_string_equal(t, "hello.txt");
	assert_string_equal(t + 124, "00000000005");       /* size, octal */
	assert_string_equal(t + 136, "15301552760");       /* 1795610096 in octal */
	assert_int_equal(t[156], '0');
	assert_memory_equal(t + 257, "ustar\0" "00", 8);
	for (size_t i = 0; i < 512; i++)
		sum += (unsigned char)(i >= 148 && i < 156 ? ' ' : t[i]);
	assert_int_equal(strtoul(t + 148, NULL, 8), sum);
	assert_memory_equal(t + 512, "hello\0\0\0", 8);
	assert_string_equal(t + 1024, "big.bin");
	assert_string_equal(t + 1024 + 124, "00000001130"); /* 600 */
	assert_int_equal(t[1536], 'x');
	assert_int_equal(t[1536 + 599], 'x');
	assert_int_equal(t[1536 + 600], 0);
	for (size_t i = 2560; i < len; i++)
		assert_int_equal(t[i], 0);
	free(t);
	if (sh("command -v tar >/dev/null", "") == 0) {
		assert_int_equal(sh("test \"$(tar tf '%1$s' | tr '\\n' ' ')\" = 'hello.txt big.bin '",
				    f->path), 0);
		assert_int_equal(sh("test \"$(tar xOf '%s' hello.txt)\" = hello", f->path), 0);
		assert_int_equal(sh("tar tvf '%s' | grep -q '2026-11-25 12:34'",
				    f->path), 0);
	}
}

static uint32_t rd32(const char *p)
{
	const unsigned char *u = (const unsigned char *)p;
	return (uint32_t)u[0] | (uint32_t)u[1] << 8 | (uint32_t)u[2] << 16 | (uint32_t)u[3] << 24;
}

static unsigned rd16(const char *p)
{
	const unsigned char *u = (const unsigned char *)p;
	return u[0] | (unsigned)u[1] << 8;
}

/* ZIP: local header (30 + name) and data per member, then a central entry
 * (46 + name) per member, then the 22-byte end record.  CRC-32 of "hello"
 * is 0x3610a686 (the standard check value of the IEEE polynomial). */
static void test_zip_bytes(void **state)
{
	struct fixture *f = *state;
	size_t len, cd = 30 + 9 + 5 + 30 + 7 + 600;
	char *z;

	assert_int_equal(write_two(f, "a.zip", TM_ARCHIVE_ZIP), 0);
	z = tm_test_slurp(f->path, &len);
	assert_non_null(z);
	assert_int_equal(len, cd + 46 + 9 + 46 + 7 + 22);
	assert_int_equal(rd32(z), 0x04034b50);
	assert_int_equal(rd16(z + 8), 0);                   /* stored */
	assert_int_equal(rd16(z + 10), (12u << 11) | (34u << 5) | 28u); /* 12:34:56 */
	assert_int_equal(rd16(z + 12), (46u << 9) | (11u << 5) | 25u);  /* 2026-11-25 */
	assert_int_equal(rd32(z + 14), 0x3610a686);
	assert_int_equal(rd32(z + 18), 5);
	assert_int_equal(rd32(z + 22), 5);
	assert_memory_equal(z + 30, "hello.txthello", 14);
	assert_int_equal(rd32(z + 44), 0x04034b50);
	assert_int_equal(rd32(z + 44 + 18), 600);
	assert_int_equal(rd32(z + cd), 0x02014b50);
	assert_int_equal(rd32(z + cd + 42), 0);             /* hello.txt's header */
	assert_int_equal(rd32(z + cd + 46 + 9 + 42), 44);   /* big.bin's */
	assert_int_equal(rd32(z + len - 22), 0x06054b50);
	assert_int_equal(rd16(z + len - 22 + 10), 2);
	assert_int_equal(rd32(z + len - 22 + 12), 46 + 9 + 46 + 7);
	assert_int_equal(rd32(z + len - 22 + 16), cd);
	free(z);
	if (sh("command -v unzip >/dev/null", "") == 0)
		assert_int_equal(sh("unzip -tq '%s' >/dev/null && test \"$(unzip -p '%1$s' hello.txt)\" = hello",
				    f->path), 0);
	if (sh("command -v python3 >/dev/null", "") == 0)
		assert_int_equal(sh("python3 -c 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); "
				    "assert z.testzip() is None; "
				    "assert [(i.filename, i.file_size, i.compress_type) for i in z.infolist()] == "
				    "[(\"hello.txt\", 5, 0), (\"big.bin\", 600, 0)]; "
				    "assert z.read(\"big.bin\") == b\"x\" * 600' '%s'", f->path), 0);
}

/* A name of 100 bytes does not fit ustar's field: an error, and the output
 * is not left behind. */
static void test_long_name(void **state)
{
	struct fixture *f = *state;
	char name[101];
	struct tm_archive a;
	struct tm_out o;
	struct tm_diag d;
	struct stat st;

	memset(name, 'n', 100);
	name[100] = '\0';
	snprintf(f->path, sizeof(f->path), "%s/long.tar", f->dir);
	tm_diag_init(&d);
	assert_int_equal(tm_out_open(&o, f->path, &d), 0);
	tm_archive_init(&a, TM_ARCHIVE_TAR, &o, &d, MTIME);
	assert_int_equal(tm_archive_add_mem(&a, name, "x", 1), -1);
	assert_non_null(strstr(d.error, "1 to 99 bytes"));
	name[99] = '\0';
	assert_int_equal(tm_archive_add_mem(&a, name, "x", 1), 0);
	tm_out_abort(&o);
	tm_archive_free(&a);
	tm_diag_free(&d);
	assert_int_equal(stat(f->path, &st), -1);
}

/* The manifest: the reference without clocks, a RELATEd file (its own
 * clock named), a PINned one (no clock) to a clockless reference (no
 * sync_to clock); attributes per file; the text starts as Perfetto looks
 * for it. */
static void test_manifest(void **state)
{
	const struct tm_manifest_file f[] = {
		{ .path = "k.txt", .stored = "as-is" },
		{ .path = "p.pb", .machine = "m2", .related = true, .clock = "BOOTTIME",
		  .sync_file = "k.txt", .sync_clock = "MONOTONIC", .offset_ns = -7, .err_ns = 3,
		  .how = "markers", .stored = "as-is" },
		{ .path = "a.json", .related = true, .sync_file = "k.txt", .offset_ns = 0,
		  .err_ns = 10500, .how = "--offset" },
	};
	const struct tm_manifest m = { .trace_time_clock = "MONOTONIC", .trace_time_file = "k.txt",
				       .version = "9.9",
				       .files = f, .nfiles = 3 };
	char *t = tm_manifest_json(&m);

	(void)state;
	assert_non_null(t);
	assert_string_equal(t,
		"{\"perfetto_manifest\":{\"version\":1,\"trace_time\":{\"clock\":\"MONOTONIC\","
		"\"file\":\"k.txt\"},\"files\":[{\"path\":\"k.txt\"},"
		"{\"path\":\"p.pb\",\"machine\":{\"name\":\"m2\"},\"clocks\":{\"clock\":\"BOOTTIME\","
		"\"sync_to\":{\"file\":\"k.txt\",\"clock\":\"MONOTONIC\"},\"offset_ns\":-7}},"
		"{\"path\":\"a.json\",\"clocks\":{\"sync_to\":{\"file\":\"k.txt\"},\"offset_ns\":0}}],"
		"\"attributes\":{\"tracemerge.version\":\"9.9\",\"tracemerge.stored.k.txt\":\"as-is\","
		"\"tracemerge.stored.p.pb\":\"as-is\",\"tracemerge.error_ns.p.pb\":3,"
		"\"tracemerge.how.p.pb\":\"markers\",\"tracemerge.error_ns.a.json\":10500,"
		"\"tracemerge.how.a.json\":\"--offset\"}}}\n");
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kind_of),
		cmocka_unit_test(test_manifest),
		cmocka_unit_test_setup_teardown(test_tar_bytes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_zip_bytes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_long_name, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
