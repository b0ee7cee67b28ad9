/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_big_buffer.c - a buffer that grows in place made ready ahead of its
 * writer (src/base/big-buffer.c: tm_big_fixed_prefill, tm_big_prefill_run),
 * and written without mapping its pages (tm_big_fixed_write).
 *
 * What is ready is seen with mincore(): a page of the scratch file in the
 * page cache.  Before it is made ready a page of the buffer lies past the
 * file's end (only the header page is in the file), so none is resident.
 */
#include <errno.h>
#include <pthread.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "testutil.h"
#include "big-buffer.h"

#define MB ((size_t)1 << 20)
#define ROOM (64 * MB)

/* How many of the pages of BUF's bytes [FROM, TO) (whole pages) are in
 * memory. */
static size_t resident(char *buf, size_t from, size_t to)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE), n = 0;
	unsigned char v[4096];

	assert_true((uintptr_t)buf % pg == 0);
	assert_true(from % pg == 0 && to % pg == 0 && (to - from) / pg <= sizeof(v));
	assert_int_equal(mincore(buf + from, to - from, v), 0);
	for (size_t i = 0; i < (to - from) / pg; i++)
		n += v[i] & 1;
	return n;
}

/* A buffer of N bytes made by ALLOC where TMPDIR says (NULL: as set;
 * where none can be made, the buffer is anonymous). */
static char *alloc_in(const char *tmpdir, void *(*alloc)(size_t), size_t n)
{
	const char *old = getenv("TMPDIR");
	char *keep = old ? strdup(old) : NULL, *buf;

	if (tmpdir)
		setenv("TMPDIR", tmpdir, 1);
	buf = alloc(n);
	if (keep)
		setenv("TMPDIR", keep, 1);
	else
		unsetenv("TMPDIR");
	free(keep);
	return buf;
}

static char *fixed_in(const char *tmpdir, size_t room)
{
	return alloc_in(tmpdir, tm_big_fixed_alloc, room);
}

#define NO_TMPDIR "/nonexistent/tracemerge-test"

/* The system has no MADV_POPULATE_WRITE (before Linux 5.14), or the
 * scratch file system no fallocate: nothing can be made ready. */
static bool cannot(char *buf)
{
	if (tm_big_fixed_prefill(buf, 0, 2 * MB) == 0)
		return false;
	return errno == EINVAL || errno == EOPNOTSUPP;
}

static void test_prefill_pages(void **state)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	char *buf = tm_big_fixed_alloc(ROOM);

	(void)state;
	assert_non_null(buf);
	assert_int_equal(resident(buf, 0, 8 * MB), 0);
	if (cannot(buf)) {
		tm_big_fixed_free(buf);
		skip();
	}
	/* [0, 2 MB) now (cannot() made it ready), then [2 MB, 4 MB): all of
	 * it in memory, nothing after it */
	assert_int_equal(tm_big_fixed_prefill(buf, 2 * MB, 4 * MB), 0);
	assert_int_equal(resident(buf, 0, 4 * MB), 4 * MB / pg);
	assert_int_equal(resident(buf, 4 * MB, 8 * MB), 0);
	/* only whole pages: part of one page is nothing */
	assert_int_equal(tm_big_fixed_prefill(buf, 4 * MB + 100, 4 * MB + pg + 100), 0);
	assert_int_equal(resident(buf, 4 * MB, 8 * MB), 0);
	/* the bytes are the writer's: written and read back */
	for (size_t i = 0; i < 4 * MB; i += 4093)
		buf[i] = (char)(i % 251);
	for (size_t i = 0; i < 4 * MB; i += 4093)
		assert_int_equal(buf[i], (char)(i % 251));
	/* past the room: nothing */
	assert_int_equal(tm_big_fixed_prefill(buf, ROOM - pg, ROOM + pg), -1);
	tm_big_fixed_free(buf);
}

/* The file is never shortened: a buffer grown to 8 MB stays writable to
 * its end after [0, 2 MB) is made ready (a shortened file would kill the
 * test with SIGBUS). */
static void test_prefill_keeps_file(void **state)
{
	char *buf = tm_big_fixed_alloc(ROOM);

	(void)state;
	assert_non_null(buf);
	assert_ptr_equal(tm_big_fixed_resize(buf, 0, 8 * MB), buf);
	if (cannot(buf)) {
		tm_big_fixed_free(buf);
		skip();
	}
	buf[8 * MB - 1] = 'x';
	assert_int_equal(buf[8 * MB - 1], 'x');
	tm_big_fixed_free(buf);
}

/* With no scratch file (TMPDIR where none can be made) the buffer is
 * anonymous: its pages would be process memory, and none is made ready. */
static void test_prefill_anonymous(void **state)
{
	char *buf = fixed_in(NO_TMPDIR, ROOM);

	(void)state;
	assert_non_null(buf);
	assert_int_equal(tm_big_fixed_prefill(buf, 0, 2 * MB), -1);
	assert_int_equal(resident(buf, 0, 2 * MB), 0);
	tm_big_fixed_free(buf);
}

/* The helper makes ready what it is told, no more, and stops when told. */
static void test_prefill_run(void **state)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	char *buf = tm_big_fixed_alloc(ROOM), *probe;
	struct tm_big_prefill f;
	pthread_t t;

	(void)state;
	assert_non_null(buf);
	/* (whether it can at all, on a buffer of its own) */
	probe = tm_big_fixed_alloc(ROOM);
	assert_non_null(probe);
	if (cannot(probe)) {
		tm_big_fixed_free(probe);
		tm_big_fixed_free(buf);
		skip();
	}
	tm_big_fixed_free(probe);
	f = (struct tm_big_prefill){ .buf = buf };
	assert_int_equal(pthread_create(&t, NULL, tm_big_prefill_run, &f), 0);
	tm_big_prefill_want(&f, 3 * MB);
	tm_big_prefill_want(&f, 1 * MB);        /* (less: no change) */
	/* wait for it: up to 30 s (a step takes milliseconds) */
	for (int i = 0; i < 3000 && resident(buf, 0, 3 * MB) < 3 * MB / pg; i++)
		nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
	assert_int_equal(resident(buf, 0, 3 * MB), 3 * MB / pg);
	tm_big_prefill_stop(&f);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_int_equal(resident(buf, 3 * MB, 8 * MB), 0);
	tm_big_fixed_free(buf);
}

/* The bytes written are read back through the buffer: at its start, at
 * odd offsets, across pages, after bytes written directly. */
static void write_read_back(char *buf)
{
	char *src = malloc(3 * MB);

	assert_non_null(src);
	for (size_t i = 0; i < 3 * MB; i++)
		src[i] = (char)(i * 7 % 253 + 1);
	assert_ptr_equal(tm_big_fixed_resize(buf, 0, 4 * MB), buf);
	memset(buf, 'x', 100);                          /* written directly */
	assert_int_equal(tm_big_fixed_write(buf, 100, src, 1), 0);
	assert_int_equal(tm_big_fixed_write(buf, 101, src + 1, 3 * MB - 1), 0);
	assert_int_equal(tm_big_fixed_write(buf, 4095, "ab", 2), 0);    /* across a page */
	assert_int_equal(tm_big_fixed_write(buf, 5000, src, 0), 0);     /* nothing */
	for (size_t i = 0; i < 100; i++)
		assert_int_equal(buf[i], 'x');
	assert_int_equal(buf[4095], 'a');
	assert_int_equal(buf[4096], 'b');
	for (size_t i = 100; i < 100 + 3 * MB; i++)
		if (i != 4095 && i != 4096 && buf[i] != src[i - 100])
			fail_msg("byte %zu: %d, not %d", i, buf[i], src[i - 100]);
	free(src);
}

static void test_write_file(void **state)
{
	char *buf = fixed_in(NULL, ROOM);

	(void)state;
	assert_non_null(buf);
	write_read_back(buf);
	tm_big_fixed_free(buf);
}

static void test_write_anonymous(void **state)
{
	char *buf = fixed_in(NO_TMPDIR, ROOM);

	(void)state;
	assert_non_null(buf);
	write_read_back(buf);
	tm_big_fixed_free(buf);
}

/* A buffer of tm_big_alloc(), written with tm_big_write() (in a scratch
 * file, anonymous, or under AddressSanitizer plain memory), after it grew:
 * read back. */
static void test_write_big(void **state)
{
	static const char *const dirs[] = { NULL, NO_TMPDIR };

	(void)state;
	for (size_t d = 0; d < 2; d++) {
		size_t cap = MB;
		char *buf = alloc_in(dirs[d], tm_big_alloc, cap);

		assert_non_null(buf);
		assert_int_equal(tm_big_write(buf, 10, "head", 4), 0);
		assert_non_null(buf = tm_big_grow(buf, &cap, 4 * MB));
		assert_int_equal(cap, 2 * MB);
		assert_int_equal(tm_big_write(buf, 2 * MB - 3, "tail", 3), 0);
		assert_memory_equal(buf + 10, "head", 4);
		assert_memory_equal(buf + 2 * MB - 3, "tai", 3);
		tm_big_free(buf, cap);
	}
}

/* The page faults this thread took so far. */
static long faults(void)
{
	struct rusage u;

	assert_int_equal(getrusage(RUSAGE_THREAD, &u), 0);
	return u.ru_minflt + u.ru_majflt;
}

/* Written into a scratch file, 8 MB (2048 pages) cost the writer no page
 * fault: the file's pages are filled, not mapped.  (Copied into the
 * mapping instead, each page would fault once.) */
static void test_write_no_fault(void **state)
{
	char *buf = fixed_in(NULL, ROOM), *src = malloc(MB);
	long before;

	(void)state;
	assert_non_null(buf);
	assert_non_null(src);
	memset(src, 'q', MB);
	assert_ptr_equal(tm_big_fixed_resize(buf, 0, 8 * MB), buf);
	before = faults();
	for (size_t off = 0; off < 8 * MB; off += MB)
		assert_int_equal(tm_big_fixed_write(buf, off, src, MB), 0);
	if (tm_test_counts_faults())
		assert_true(faults() - before < 64);
	assert_int_equal(buf[8 * MB - 1], 'q');
	free(src);
	tm_big_fixed_free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prefill_pages),
		cmocka_unit_test(test_prefill_keeps_file),
		cmocka_unit_test(test_prefill_anonymous),
		cmocka_unit_test(test_prefill_run),
		cmocka_unit_test(test_write_file),
		cmocka_unit_test(test_write_anonymous),
		cmocka_unit_test(test_write_no_fault),
		cmocka_unit_test(test_write_big),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
