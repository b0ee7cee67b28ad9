/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_output.c - the output file: large outputs, scratch parts appended
 * (also while they are being written), an existing output replaced as
 * rename(2) replaces it. */
#include "testutil.h"
#include "output.h"
#include "tracemerge/session.h"   /* tm_tuning_set */

#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>
#include <zlib.h>

/* Byte I of the test pattern (period 251, prime: no alignment hides a
 * misplaced block). */
static char pat(uint64_t i)
{
	return (char)('!' + i % 251 % 90);
}

static void fill(struct tm_out *o, uint64_t from, uint64_t n)
{
	char chunk[100003];   /* odd size: writes straddle the buffers (not static: two threads fill) */

	while (n) {
		size_t k = n < sizeof(chunk) ? (size_t)n : sizeof(chunk);
		for (size_t i = 0; i < k; i++)
			chunk[i] = pat(from + i);
		tm_out_write(o, chunk, k);
		from += k;
		n -= k;
	}
}

/* FD's bytes from offset AT are the pattern from FROM on, N of them. */
static void check_pattern(int fd, off_t at, uint64_t from, uint64_t n)
{
	static char got[1 << 16];

	while (n) {
		size_t k = n < sizeof(got) ? (size_t)n : sizeof(got);
		assert_int_equal(pread(fd, got, k, at), (ssize_t)k);
		for (size_t i = 0; i < k; i++)
			if (got[i] != pat(from + i))
				fail_msg("byte %llu: %d, expected %d", (unsigned long long)(at + i),
					 got[i], pat(from + i));
		at += (off_t)k;
		from += k;
		n -= k;
	}
}

static char dir[] = "/tmp/tm-test-out.XXXXXX";

static char *path_in(const char *name)
{
	static char p[2][256];
	static int i;

	i ^= 1;
	snprintf(p[i], sizeof(p[i]), "%s/%s", dir, name);
	return p[i];
}

static void put_file(const char *name, const char *text)
{
	FILE *f = fopen(path_in(name), "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static char *get_file(const char *name)
{
	size_t n;
	char *s = tm_test_slurp(path_in(name), &n);
	assert_non_null(s);
	return s;
}

/* The names in the test directory, sorted, joined by spaces. */
static const char *listing(void)
{
	static char out[1024];
	char names[16][64];
	int n = 0;
	DIR *d = opendir(dir);
	struct dirent *e;

	assert_non_null(d);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && n < 16 && strlen(e->d_name) < sizeof(names[0]))
			memcpy(names[n++], e->d_name, strlen(e->d_name) + 1);
	closedir(d);
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
			char t[64];
			memcpy(t, names[j], sizeof(t));
			memcpy(names[j], names[j - 1], sizeof(t));
			memcpy(names[j - 1], t, sizeof(t));
		}
	out[0] = '\0';
	for (int i = 0; i < n; i++) {
		strcat(out, i ? " " : "");
		strcat(out, names[i]);
	}
	return out;
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[300];
	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Standard output to NAME in the test directory, a file holding "abc"
 * opened for appending; returns the old standard output. */
static int stdout_to_appended(const char *name)
{
	int saved = dup(STDOUT_FILENO), fd;

	put_file(name, "abc");
	fd = open(path_in(name), O_WRONLY | O_APPEND);
	assert_true(fd >= 0 && saved >= 0);
	fflush(stdout);
	assert_int_equal(dup2(fd, STDOUT_FILENO), STDOUT_FILENO);
	close(fd);
	return saved;
}

static void stdout_back(int saved)
{
	assert_int_equal(dup2(saved, STDOUT_FILENO), STDOUT_FILENO);
	close(saved);
}

/* NAME holds N bytes: "abc" when ABC, then the pattern from FROM on; the
 * file is removed. */
static void check_file(const char *name, bool abc, uint64_t from, uint64_t n)
{
	int fd = open(path_in(name), O_RDONLY);
	struct stat st;
	char head[3];

	assert_true(fd >= 0);
	assert_int_equal(fstat(fd, &st), 0);
	assert_int_equal(st.st_size, n);
	if (abc) {
		assert_int_equal(pread(fd, head, 3, 0), 3);
		assert_memory_equal(head, "abc", 3);
	}
	check_pattern(fd, abc ? 3 : 0, from, n - (abc ? 3 : 0));
	close(fd);
	unlink(path_in(name));
}

/* 70 MiB + 5 bytes: many buffers, and a partial one. */
#define BIG ((uint64_t)70 * 1024 * 1024 + 5)

/* A large output, with and without the background writer, and a large
 * scratch part appended: every byte where it belongs. */
static void test_large_in_steps(void **state)
{
	(void)state;
	for (int bg = 0; bg < 2; bg++) {
		struct tm_out o, s;
		struct tm_diag d;

		tm_diag_init(&d);
		assert_int_equal(tm_out_open(&o, path_in("big.json"), &d), 0);
		if (bg)
			tm_out_background(&o);
		fill(&o, 0, BIG);
		assert_int_equal(tm_out_open_scratch(&s, path_in("big.json"), &d), 0);
		fill(&s, BIG, BIG);
		assert_int_equal(tm_out_append(&o, &s), 0);
		fill(&o, 2 * BIG, 3);
		assert_int_equal(tm_out_close(&o, &d), 0);
		/* the scratch file was unlinked at once: only the output is left */
		assert_string_equal(listing(), "big.json");
		check_file("big.json", false, 0, 2 * BIG + 3);
		tm_diag_free(&d);
	}
}

/* Standard output that is a file opened for appending, 3 bytes in: the
 * output goes after them. */
static void test_stdout_file_appended(void **state)
{
	int saved = stdout_to_appended("stdout.json");
	struct tm_out o;
	struct tm_diag d;

	(void)state;
	tm_diag_init(&d);
	assert_int_equal(tm_out_open(&o, NULL, &d), 0);
	tm_out_background(&o);
	fill(&o, 3, BIG);
	assert_int_equal(tm_out_close(&o, &d), 0);
	stdout_back(saved);
	check_file("stdout.json", true, 3, 3 + BIG);
	tm_diag_free(&d);
}

/* A part written on another thread: the pattern from FROM on, N bytes;
 * after the first half it tells the test (a byte on SIGNAL) and, when
 * PAUSE, gives it time to call tm_out_append_begin before going on. */
struct part_writer {
	struct tm_out *src;
	uint64_t from, n;
	int signal;
	bool pause;
};

static void *write_part(void *arg)
{
	struct part_writer *pw = arg;
	uint64_t half = pw->n / 2;

	fill(pw->src, pw->from, half);
	tm_out_flush(pw->src);
	if (write(pw->signal, "h", 1) != 1)
		abort();
	if (pw->pause)
		usleep(100 * 1000);
	fill(pw->src, pw->from + half, pw->n - half);
	tm_out_part_done(pw->src);
	return NULL;
}

/* Output O gets A bytes of its own (pattern from 0), then a part of B bytes
 * written on another thread (pattern from A), then 3 bytes: appended while
 * the writer is half-way (PAUSE) or whenever the test gets there. */
static void append_concurrently(struct tm_out *o, uint64_t a, uint64_t b, bool pause)
{
	struct tm_out s;
	struct tm_diag d;
	struct part_writer pw;
	pthread_t t;
	int sig[2];
	char c;

	tm_diag_init(&d);
	assert_int_equal(pipe(sig), 0);
	assert_int_equal(tm_out_open_scratch(&s, path_in("x"), &d), 0);
	pw = (struct part_writer){ &s, a, b, sig[1], pause };
	assert_int_equal(pthread_create(&t, NULL, write_part, &pw), 0);
	fill(o, 0, a);
	assert_int_equal(read(sig[0], &c, 1), 1);
	assert_int_equal(tm_out_append_begin(o, &s), 0);
	pthread_join(t, NULL);
	assert_int_equal(tm_out_append_end(o, &s), 0);
	fill(o, a + b, 3);
	close(sig[0]);
	close(sig[1]);
	tm_diag_free(&d);
}

/* The part is copied in while its writer goes on in place: every byte where
 * it belongs, with and without the output's background writer, and when the
 * writer is ahead (it finished before the append began). */
static void test_append_while_written(void **state)
{
	(void)state;
	for (int mode = 0; mode < 3; mode++) {
		struct tm_out o;
		struct tm_diag d;

		tm_diag_init(&d);
		assert_int_equal(tm_out_open(&o, path_in("out.json"), &d), 0);
		if (mode == 1)
			tm_out_background(&o);
		append_concurrently(&o, 5 * 1024 * 1024 + 7, BIG, mode != 2);
		assert_int_equal(tm_out_close(&o, &d), 0);
		assert_string_equal(listing(), "out.json");
		check_file("out.json", false, 0, 5 * 1024 * 1024 + 7 + BIG + 3);
		tm_diag_free(&d);
	}
}

/* Standard output opened for appending cannot take writes at an offset:
 * the part is copied after its writer is done, behind what was there. */
static void test_append_to_appending_stdout(void **state)
{
	int saved = stdout_to_appended("stdout.json");
	struct tm_out o;
	struct tm_diag d;

	(void)state;
	tm_diag_init(&d);
	assert_int_equal(tm_out_open(&o, NULL, &d), 0);
	append_concurrently(&o, 1000, 3 * 1024 * 1024, true);
	assert_int_equal(tm_out_close(&o, &d), 0);
	stdout_back(saved);
	check_file("stdout.json", true, 0, 3 + 1000 + 3 * 1024 * 1024 + 3);
	tm_diag_free(&d);
}

static int write_small(const char *name, const char *text, struct tm_diag *d)
{
	struct tm_out o;

	if (tm_out_open(&o, path_in(name), d))
		return -1;
	tm_out_puts(&o, text);
	return tm_out_close(&o, d);
}

/* An existing output is replaced as rename(2) replaces it: the name gets
 * the new file, another hard link keeps the old one, nothing else is left
 * in the directory. */
static void test_replace_file(void **state)
{
	struct tm_diag d;
	struct stat st;
	char *s;

	(void)state;
	tm_diag_init(&d);
	put_file("out.json", "old output");
	assert_int_equal(link(path_in("out.json"), path_in("other-name")), 0);
	assert_int_equal(chmod(path_in("out.json"), 0600), 0);
	assert_int_equal(write_small("out.json", "new output", &d), 0);
	assert_string_equal(s = get_file("out.json"), "new output");
	free(s);
	assert_string_equal(s = get_file("other-name"), "old output");
	free(s);
	assert_int_equal(lstat(path_in("other-name"), &st), 0);
	assert_int_equal(st.st_nlink, 1);
	assert_string_equal(listing(), "other-name out.json");
	assert_int_equal(tm_diag_total(&d), 0);
	/* a second time over the first's output */
	assert_int_equal(write_small("out.json", "newer", &d), 0);
	assert_string_equal(s = get_file("out.json"), "newer");
	free(s);
	assert_string_equal(listing(), "other-name out.json");
	unlink(path_in("out.json"));
	unlink(path_in("other-name"));
	tm_diag_free(&d);
}

/* A symbolic link at the output's name is replaced by the file; what it
 * pointed to is untouched. */
static void test_replace_symlink(void **state)
{
	struct tm_diag d;
	struct stat st;
	char *s;

	(void)state;
	tm_diag_init(&d);
	put_file("target", "kept");
	assert_int_equal(symlink("target", path_in("out.json")), 0);
	assert_int_equal(write_small("out.json", "new output", &d), 0);
	assert_int_equal(lstat(path_in("out.json"), &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_string_equal(s = get_file("out.json"), "new output");
	free(s);
	assert_string_equal(s = get_file("target"), "kept");
	free(s);
	assert_string_equal(listing(), "out.json target");
	unlink(path_in("out.json"));
	unlink(path_in("target"));
	tm_diag_free(&d);
}

/* Reads FIFO NAME to its end into a malloc'd string (a thread: opening a
 * FIFO for writing waits for its reader). */
static void *fifo_reader(void *arg)
{
	int fd = open((const char *)arg, O_RDONLY);
	char *got = calloc(1, 4096);
	size_t n = 0;
	ssize_t k;

	while (fd >= 0 && got && n < 4095 && (k = read(fd, got + n, 4095 - n)) > 0)
		n += (size_t)k;
	if (fd >= 0)
		close(fd);
	return got;
}

/* A FIFO at the output's name (or a symlink to one, as /dev/stdout is): the
 * output is written into it, and it stays a FIFO (a temporary file renamed
 * over it would have replaced it: `-o /dev/null` once replaced /dev/null
 * with a regular file); nothing else is left in the directory.  Neither is
 * taken back (tm_out_takes_back); a regular file, a new name and a symlink
 * to a file are. */
static void test_fifo_written_straight(void **state)
{
	static const char *names[] = { "fifo", "link" };
	struct tm_diag d;
	struct stat st;

	(void)state;
	tm_diag_init(&d);
	assert_int_equal(mkfifo(path_in("fifo"), 0600), 0);
	assert_int_equal(symlink("fifo", path_in("link")), 0);
	for (size_t i = 0; i < 2; i++) {
		char fifo[256];
		pthread_t t;
		void *got;

		snprintf(fifo, sizeof(fifo), "%s", path_in("fifo"));
		assert_false(tm_out_takes_back(path_in(names[i])));
		assert_int_equal(pthread_create(&t, NULL, fifo_reader, fifo), 0);
		assert_int_equal(write_small(names[i], "into the fifo", &d), 0);
		assert_int_equal(pthread_join(t, &got), 0);
		assert_string_equal(got, "into the fifo");
		free(got);
		assert_int_equal(stat(path_in(names[i]), &st), 0);
		assert_true(S_ISFIFO(st.st_mode));
		assert_string_equal(listing(), "fifo link");
	}
	assert_int_equal(tm_diag_total(&d), 0);
	assert_false(tm_out_takes_back("-"));
	assert_false(tm_out_takes_back(NULL));
	assert_true(tm_out_takes_back(path_in("new-name")));
	put_file("file", "x");
	assert_int_equal(symlink("file", path_in("file-link")), 0);
	assert_true(tm_out_takes_back(path_in("file")));
	assert_true(tm_out_takes_back(path_in("file-link")));
	unlink(path_in("fifo"));
	unlink(path_in("link"));
	unlink(path_in("file"));
	unlink(path_in("file-link"));
	tm_diag_free(&d);
}

/* A directory at the output's name, or a symlink to one: an error when the
 * output is opened (before any work), the directory (and what is in it)
 * and the symlink untouched, no temporary file left. */
static void test_replace_directory(void **state)
{
	struct tm_diag d;
	struct stat st;
	char *s;

	(void)state;
	tm_diag_init(&d);
	assert_int_equal(mkdir(path_in("out.json"), 0755), 0);
	put_file("out.json/inside", "x");
	assert_int_equal(write_small("out.json", "new output", &d), -1);
	assert_non_null(strstr(d.error, "out.json: is a directory"));
	assert_int_equal(lstat(path_in("out.json"), &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_string_equal(s = get_file("out.json/inside"), "x");
	free(s);
	assert_string_equal(listing(), "out.json");
	/* a symlink to a directory is not replaced either (regression: it
	 * was, like a symlink to a file) */
	assert_int_equal(symlink("out.json", path_in("link.json")), 0);
	tm_diag_free(&d);
	tm_diag_init(&d);
	assert_int_equal(write_small("link.json", "new output", &d), -1);
	assert_non_null(strstr(d.error, "link.json: is a directory"));
	assert_int_equal(lstat(path_in("link.json"), &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_string_equal(listing(), "link.json out.json");
	unlink(path_in("link.json"));
	unlink(path_in("out.json/inside"));
	rmdir(path_in("out.json"));
	tm_diag_free(&d);
}

/* Bytes of file NAME in the page cache from offset FROM to TO (mincore of
 * a mapping that is never read, so nothing is brought in). */
static uint64_t cached_bytes(const char *name, uint64_t from, uint64_t to)
{
	long page = sysconf(_SC_PAGESIZE);
	int fd = open(path_in(name), O_RDONLY);
	struct stat st;
	unsigned char *vec;
	uint64_t n = 0;
	void *m;

	assert_true(fd >= 0);
	assert_int_equal(fstat(fd, &st), 0);
	m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
	assert_true(m != MAP_FAILED);
	vec = malloc((size_t)(st.st_size + page - 1) / (size_t)page);
	assert_non_null(vec);
	assert_int_equal(mincore(m, (size_t)st.st_size, vec), 0);
	for (uint64_t i = from / (uint64_t)page; i < (to + (uint64_t)page - 1) / (uint64_t)page; i++)
		n += vec[i] & 1;
	free(vec);
	munmap(m, (size_t)st.st_size);
	close(fd);
	return n * (uint64_t)page;
}

/* Skips the test where the test directory is tmpfs, whose pages cannot be
 * dropped from the page cache (nor written with direct I/O). */
static void skip_on_tmpfs(void)
{
	struct statfs fs;

	assert_int_equal(statfs(dir, &fs), 0);
	if (fs.f_type == 0x01021994 /* TMPFS_MAGIC */) {
		print_message("skipped: %s is tmpfs, whose pages stay in memory\n", dir);
		skip();
	}
}

/* An output of 2 x 70 MiB (its own bytes, then a scratch part copied in
 * from 70 MiB on), kept out of the page cache from 16 MiB on, leaves it
 * behind its writers in windows of 16 MiB on multiples of 16 MiB, two in
 * flight (page-cache.c): at the end the first 16 MiB are cached, [16, 32 MiB) and
 * [80, 96 MiB) are gone and at most 3 windows of each stream are left,
 * where the tuning's keep_cache keeps it all.  Not on a file system whose pages
 * cannot be dropped (tmpfs). */
static void test_large_output_leaves_cache(void **state)
{
	const uint64_t mib = 1024 * 1024;

	(void)state;
	skip_on_tmpfs();
	tm_out_set_drop_after(16 * mib);
	for (int keep = 0; keep < 2; keep++) {
		struct tm_out o, s;
		struct tm_diag d;

		if (keep)
			tm_tuning_set(&(struct tm_tuning){ .keep_cache = true });
		tm_diag_init(&d);
		assert_int_equal(tm_out_open(&o, path_in("big.json"), &d), 0);
		tm_out_background(&o);
		fill(&o, 0, BIG);
		assert_int_equal(tm_out_open_scratch(&s, path_in("big.json"), &d), 0);
		fill(&s, BIG, BIG);
		assert_int_equal(tm_out_append(&o, &s), 0);
		assert_int_equal(tm_out_close(&o, &d), 0);
		tm_tuning_set(NULL);
		if (keep) {
			assert_true(cached_bytes("big.json", 0, 2 * BIG) > 2 * BIG - 2 * BIG / 20);
		} else {
			assert_int_equal(cached_bytes("big.json", 0, 16 * mib), 16 * mib);
			assert_int_equal(cached_bytes("big.json", 16 * mib, 32 * mib), 0);
			assert_int_equal(cached_bytes("big.json", 80 * mib, 96 * mib), 0);
			assert_true(cached_bytes("big.json", 16 * mib, BIG) <= 48 * mib);
			assert_true(cached_bytes("big.json", BIG, 2 * BIG) <= 48 * mib);
		}
		check_file("big.json", false, 0, 2 * BIG);
		unlink(path_in("big.json"));
		tm_diag_free(&d);
	}
	tm_out_set_drop_after(256 * mib);
}

/* Does the test directory's file system take O_DIRECT? */
static bool direct_io_here(void)
{
	int fd = open(path_in("probe"), O_WRONLY | O_CREAT | O_DIRECT, 0600);

	if (fd >= 0)
		close(fd);
	unlink(path_in("probe"));
	return fd >= 0;
}

/* Past the cached part, whole pages are written with direct I/O (page-cache.c)
 * and the bytes after a buffer's last page boundary wait for the next
 * buffer: with odd-sized writes, room asked for right after a flush that
 * kept some (tm_out_room of nearly a whole buffer), a write larger than
 * the buffer in the middle (everything before it in the file first, then
 * it and the next buffer through the page cache: unaligned) and a scratch
 * part appended, every byte is where it belongs, with and without the
 * background writer; and where the file system takes direct I/O, the
 * bytes written after 32 MiB are not in the page cache (the windows of
 * test_large_output_leaves_cache would keep 32 MiB or more of them). */
static void test_direct_writes(void **state)
{
	const uint64_t mib = 1024 * 1024, room = TM_OUT_BUFSZ - 10;
	const uint64_t big = 2 * mib + 3;
	bool direct = direct_io_here();

	(void)state;
	skip_on_tmpfs();
	if (!direct)
		print_message("no direct I/O in %s: only the bytes are checked\n", dir);
	tm_out_set_drop_after(16 * mib);
	for (int bg = 0; bg < 2; bg++) {
		struct tm_out o, s;
		struct tm_diag d;
		uint64_t at = 0;
		char *r, *b;

		tm_diag_init(&d);
		assert_int_equal(tm_out_open(&o, path_in("big.json"), &d), 0);
		if (bg)
			tm_out_background(&o);
		fill(&o, at, 40 * mib + 1);
		at += 40 * mib + 1;
		for (int k = 0; k < 3; k++) {
			r = tm_out_room(&o, room);
			for (uint64_t i = 0; i < room; i++)
				r[i] = pat(at + i);
			tm_out_used(&o, room);
			at += room;
		}
		assert_non_null(b = malloc(big));
		for (uint64_t i = 0; i < big; i++)
			b[i] = pat(at + i);
		tm_out_write(&o, b, big);
		free(b);
		at += big;
		fill(&o, at, BIG - at);
		assert_int_equal(tm_out_open_scratch(&s, path_in("big.json"), &d), 0);
		fill(&s, BIG, 5 * mib + 7);
		assert_int_equal(tm_out_append(&o, &s), 0);
		fill(&o, BIG + 5 * mib + 7, 4099);
		assert_int_equal(tm_out_close(&o, &d), 0);
		assert_string_equal(listing(), "big.json");
		if (direct)
			assert_true(cached_bytes("big.json", 32 * mib, BIG) <= 8 * mib);
		check_file("big.json", false, 0, BIG + 5 * mib + 7 + 4099);
		tm_diag_free(&d);
	}
	tm_out_set_drop_after(256 * mib);
}

/* Inflate gzip file NAME (zlib's gzread: every member) into file PLAIN. */
static void gunzip_to(const char *name, const char *plain)
{
	static char buf[1 << 16];
	gzFile in = gzopen(path_in(name), "rb");
	FILE *out = fopen(path_in(plain), "w");
	int n;

	assert_non_null(in);
	assert_non_null(out);
	while ((n = gzread(in, buf, sizeof(buf))) > 0)
		assert_int_equal(fwrite(buf, 1, (size_t)n, out), (size_t)n);
	assert_int_equal(n, 0);
	assert_int_equal(gzclose(in), Z_OK);
	fclose(out);
}

/* A gzip output (tm_out_gzip): its bytes, a write larger than the buffer
 * and a scratch part appended while it is written (through the stage, not
 * in place) inflate to the pattern, with ISA-L's deflate and zlib's (the
 * reference path), with and without the background writer; and the file
 * is less than a quarter of the 21 MiB written. */
static void test_gzip_output(void **state)
{
	const uint64_t mib = 1024 * 1024, a = 5 * mib + 7, b = 12 * mib + 1, c = 3 * mib + 11;
	static char large[3 * 1024 * 1024 + 11];

	(void)state;
	for (uint64_t i = 0; i < c; i++)
		large[i] = pat(a + b + 3 + i);
	for (int mode = 0; mode < 4; mode++) {
		struct tm_out o;
		struct tm_diag d;
		struct stat st;

		tm_tuning_set(&(struct tm_tuning){ .reference = mode >= 2 });
		tm_diag_init(&d);
		assert_int_equal(tm_out_open(&o, path_in("out.json.gz"), &d), 0);
		assert_int_equal(tm_out_gzip(&o, &d), 0);
		if (mode % 2)
			tm_out_background(&o);
		append_concurrently(&o, a, b, true);
		tm_out_write(&o, large, c);
		assert_int_equal(tm_out_close(&o, &d), 0);
		assert_string_equal(listing(), "out.json.gz");
		assert_int_equal(stat(path_in("out.json.gz"), &st), 0);
		assert_true(st.st_size > 0 && (uint64_t)st.st_size < (a + b + 3 + c) / 4);
		gunzip_to("out.json.gz", "out.plain");
		check_file("out.plain", false, 0, a + b + 3 + c);
		unlink(path_in("out.plain"));
		unlink(path_in("out.json.gz"));
		tm_diag_free(&d);
	}
	tm_tuning_set(NULL);
}

/* tm_out_rewrite: edits longer than what they replace move what follows
 * on (through the file, and in the buffer not yet written), edits of the
 * same length are written over; what is written next comes after it all.
 * The expected bytes: the pattern with each edit's bytes put in place of
 * the 5 it replaces, then the pattern again from where it stopped. */
/* The pattern's first N + MORE bytes with the NE edits ED made in them
 * (the edits growing it by GROW), into a new buffer. */
static char *edited(const struct tm_out_edit *ed, size_t ne, uint64_t n, uint64_t more,
		    uint64_t grow)
{
	char *want = malloc(n + grow + more);
	size_t w = 0;
	uint64_t at = 0;

	assert_non_null(want);
	for (size_t i = 0; i < ne; i++) {
		for (; at < ed[i].offset; at++)
			want[w++] = pat(at);
		memcpy(want + w, ed[i].p, ed[i].n);
		w += ed[i].n;
		at += ed[i].old_n;
	}
	for (; at < n + more; at++)
		want[w++] = pat(at);
	assert_int_equal(w, n + grow + more);
	return want;
}

static void test_rewrite(void **state)
{
	const uint64_t mib = 1024 * 1024, n = 20 * mib + 3, more = 1000;
	const struct tm_out_edit ed[] = {
		{ 0, "AAAAAA", 5, 6 },                 /* first byte, 1 longer */
		{ 2 * mib + 1, "BBBBB", 5, 5 },        /* same length */
		{ 3 * mib + 17, "CCCCCCC", 5, 7 },     /* 2 longer */
		{ 18 * mib + 1, "EEEEEEE", 5, 7 },     /* (mode 2: written directly) */
		{ n - 10, "DDDDDD", 5, 6 },            /* still in the buffer */
	};
	const uint64_t grow = 1 + 2 + 2 + 1;

	(void)state;
	/* modes: in the caller's thread, with the background writer, and with
	 * the bytes past 16 MiB written with direct I/O (where it is had) */
	for (int bg = 0; bg < 3; bg++) {
		struct tm_out o;
		struct tm_diag d;
		char *got, *want = edited(ed, sizeof(ed) / sizeof(ed[0]), n, more, grow);
		size_t len;

		tm_diag_init(&d);
		assert_int_equal(tm_out_open(&o, path_in("out.json"), &d), 0);
		if (bg == 2)
			tm_out_set_drop_after(16 * mib);
		if (bg)
			tm_out_background(&o);
		fill(&o, 0, n);
		/* out of order, overlapping: refused, nothing done */
		assert_int_equal(tm_out_rewrite(&o, (struct tm_out_edit[]){ ed[2], ed[1] }, 2), -1);
		assert_int_equal(tm_out_rewrite(&o, (struct tm_out_edit[]){
			{ 10, "xxxxx", 5, 5 }, { 12, "yyyyy", 5, 5 } }, 2), -1);
		assert_int_equal(tm_out_rewrite(&o, ed, sizeof(ed) / sizeof(ed[0])), 0);
		assert_int_equal(tm_out_offset(&o), n + grow);
		fill(&o, n, more);
		assert_int_equal(tm_out_close(&o, &d), 0);
		got = tm_test_slurp(path_in("out.json"), &len);
		assert_non_null(got);
		assert_int_equal(len, n + grow + more);
		assert_memory_equal(got, want, len);
		free(got);
		free(want);
		unlink(path_in("out.json"));
		tm_diag_free(&d);
		tm_out_set_drop_after(256 * mib);
	}
	/* a gzip output's offsets are not the file's: refused */
	{
		struct tm_out o;
		struct tm_diag d;

		tm_diag_init(&d);
		assert_int_equal(tm_out_open(&o, path_in("out.json.gz"), &d), 0);
		assert_int_equal(tm_out_gzip(&o, &d), 0);
		fill(&o, 0, 100);
		assert_int_equal(tm_out_rewrite(&o, ed, 1), -1);
		tm_out_abort(&o);
		tm_diag_free(&d);
	}
}

/* tm_out_rewrite_buffered: edits in the buffer not yet handed to the file
 * made there (the bytes after them moved on in memory); one in what the
 * file was given, or one that does not fit in the buffer: not done (1),
 * tm_out_rewrite makes it in the file then; a gzip output: refused. */
static void test_rewrite_buffered(void **state)
{
	const uint64_t mib = 1024 * 1024, more = 1000;
	const struct tm_out_edit ed[] = {
		{ 2, "QQQQQ", 5, 5 },   /* same length, nothing moved after it */
		{ 10, "AAAAAA", 5, 6 }, { 50, "BBBBBBB", 5, 7 }, { 95, "CCCCC", 5, 5 },
	};
	const struct tm_out_edit first = { 0, "ZZZZZZ", 5, 6 };
	struct tm_out o;
	struct tm_diag d;
	char *got, *want;
	size_t len;

	(void)state;
	for (int bg = 0; bg < 2; bg++) {
		/* in the buffer: done there, the file's bytes after it as if
		 * written so */
		want = edited(ed, 4, 100, more, 3);
		tm_diag_init(&d);
		assert_int_equal(tm_out_open(&o, path_in("out.json"), &d), 0);
		if (bg)
			tm_out_background(&o);
		fill(&o, 0, 100);
		assert_int_equal(tm_out_rewrite_buffered(&o, ed, 4), 0);
		assert_int_equal(tm_out_offset(&o), 103);
		fill(&o, 100, more);
		assert_int_equal(tm_out_close(&o, &d), 0);
		got = tm_test_slurp(path_in("out.json"), &len);
		assert_non_null(got);
		assert_int_equal(len, 103 + more);
		assert_memory_equal(got, want, len);
		free(got);
		free(want);
		tm_diag_free(&d);

		/* the first byte handed to the file (2 MiB written), and a full
		 * buffer with no room for the byte added: not done; in the file */
		for (int full = 0; full < 2; full++) {
			uint64_t n = full ? TM_OUT_BUFSZ : 2 * mib;

			want = edited(&first, 1, n, more, 1);
			tm_diag_init(&d);
			assert_int_equal(tm_out_open(&o, path_in("out.json"), &d), 0);
			if (bg)
				tm_out_background(&o);
			fill(&o, 0, n);
			assert_int_equal(tm_out_rewrite_buffered(&o, &first, 1), 1);
			assert_int_equal(tm_out_offset(&o), n);
			assert_int_equal(tm_out_rewrite(&o, &first, 1), 0);
			assert_int_equal(tm_out_offset(&o), n + 1);
			fill(&o, n, more);
			assert_int_equal(tm_out_close(&o, &d), 0);
			got = tm_test_slurp(path_in("out.json"), &len);
			assert_non_null(got);
			assert_int_equal(len, n + 1 + more);
			assert_memory_equal(got, want, len);
			free(got);
			free(want);
			tm_diag_free(&d);
		}
	}
	unlink(path_in("out.json"));
	tm_diag_init(&d);
	assert_int_equal(tm_out_open(&o, path_in("out.json.gz"), &d), 0);
	assert_int_equal(tm_out_gzip(&o, &d), 0);
	fill(&o, 0, 100);
	assert_int_equal(tm_out_rewrite_buffered(&o, ed, 1), -1);
	tm_out_abort(&o);
	tm_diag_free(&d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_large_in_steps),
		cmocka_unit_test(test_stdout_file_appended),
		cmocka_unit_test(test_append_while_written),
		cmocka_unit_test(test_large_output_leaves_cache),
		cmocka_unit_test(test_direct_writes),
		cmocka_unit_test(test_append_to_appending_stdout),
		cmocka_unit_test(test_replace_file),
		cmocka_unit_test(test_replace_symlink),
		cmocka_unit_test(test_replace_directory),
		cmocka_unit_test(test_fifo_written_straight),
		cmocka_unit_test(test_gzip_output),
		cmocka_unit_test(test_rewrite),
		cmocka_unit_test(test_rewrite_buffered),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
