/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_record_parts.c - the parts of `record` that need no tracefs: the
 * issuer records of the output header (written and read back), the output
 * file (reserved header room filled in, temp file renamed or removed), and
 * the public clock_sync JSON of the marker API.  Expected texts and values
 * are worked out by hand.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testutil.h"
#include "issuer.h"
#include "record.h"
#include "tracemerge/marker.h"

struct got {
	struct tm_issuer is[8];
	size_t n;
};

static int collect(const struct tm_issuer *is, void *arg)
{
	struct got *g = arg;

	if (g->n < 8)
		g->is[g->n++] = *is;
	return 0;
}

static void test_issuer_scan(void **state)
{
	const char *text =
		"# tracer: nop\n"
		"#\n"
		"# tracemerge_clock_sync: name=a-1 clock=CLOCK_REALTIME issue_ts=1700000000.000000001 ts=1700000000.000002500   \n"
		"# tracemerge_clock_sync: name=bad clock=CLOCK_REALTIME issue_ts=5.0 ts=4.0\n"
		"# tracemerge_clock_sync: name=nots clock=CLOCK_BOOTTIME\n"
		"#                                      \n"
		"# tracemerge_clock_sync: clock=CLOCK_BOOTTIME ts=2.5 issue_ts=2 name=b\r\n"
		"          <idle>-0     (-----) [000] d..2 1.000000000: sched_switch: x\n"
		"# tracemerge_clock_sync: name=late clock=CLOCK_REALTIME issue_ts=1 ts=2\n";
	struct got g = { .n = 0 };
	size_t bad = 0;
	unsigned long bad_line = 0;

	(void)state;
	assert_int_equal(tm_issuer_scan(text, strlen(text), collect, &g, &bad, &bad_line), 0);
	assert_int_equal(g.n, 2);
	assert_string_equal(g.is[0].id, "a-1");
	assert_string_equal(g.is[0].clock, "CLOCK_REALTIME");
	assert_int_equal(g.is[0].issue_ts, 1700000000000000001LL);
	assert_int_equal(g.is[0].ts, 1700000000000002500LL);
	assert_int_equal(g.is[0].line, 3);
	/* keys in any order, CRLF line end */
	assert_string_equal(g.is[1].id, "b");
	assert_string_equal(g.is[1].clock, "CLOCK_BOOTTIME");
	assert_int_equal(g.is[1].issue_ts, 2000000000LL);
	assert_int_equal(g.is[1].ts, 2500000000LL);
	assert_int_equal(g.is[1].line, 7);
	/* issue_ts after ts, and missing fields: counted, first at line 4;
	 * the line after the first event is not header */
	assert_int_equal(bad, 2);
	assert_int_equal(bad_line, 4);
}

struct snaps {
	struct tm_snapshot s[4];
	size_t n;
};

static int collect_snapshot(const struct tm_snapshot *sn, void *arg)
{
	struct snaps *g = arg;

	if (g->n < 4)
		g->s[g->n++] = *sn;
	return 0;
}

/* The trace clock and clock snapshot records of a header (issuer.h):
 * values read back exactly, malformed ones counted, nothing after the
 * first event line. */
static void test_snapshot_scan(void **state)
{
	const char *text =
		"# tracer: nop\n"
		"# tracemerge_trace_clock: two words\n"
		"# tracemerge_trace_clock: CLOCK_BOOTTIME  \n"
		"# tracemerge_clock_snapshot: byte=2 CLOCK_BOOTTIME=100.000000000 CLOCK_MONOTONIC=90.000000001\n"
		"# tracemerge_clock_snapshot: CLOCK_BOOTTIME=1.5\n"
		"# tracemerge_clock_snapshot: byte=x CLOCK_BOOTTIME=1 trace=2\n"
		"# tracemerge_clock_snapshot: CLOCK_BOOTTIME=1 trace=zz\n"
		"# tracemerge_clock_snapshot:   trace=50 CLOCK_BOOTTIME=100.000001\r\n"
		"          <idle>-0     (-----) [000] d..2 1.000000000: sched_switch: x\n"
		"# tracemerge_clock_snapshot: CLOCK_BOOTTIME=1 trace=2\n";
	struct tm_trace_clock tc;
	struct snaps g = { .n = 0 };
	size_t bad = 0;
	unsigned long bad_line = 0;

	(void)state;
	assert_int_equal(tm_trace_clock_find(text, strlen(text), &tc), 1);
	assert_string_equal(tc.clock, "CLOCK_BOOTTIME");
	assert_int_equal(tc.line, 3);
	assert_int_equal(tm_trace_clock_find("# tracer: nop\n", 14, &tc), 0);
	assert_int_equal(tm_snapshot_scan(text, strlen(text), collect_snapshot, &g, &bad,
					  &bad_line), 0);
	assert_int_equal(g.n, 2);
	assert_string_equal(g.s[0].byte, "2");
	assert_int_equal(g.s[0].n, 2);
	assert_string_equal(g.s[0].r[0].clock, "CLOCK_BOOTTIME");
	assert_int_equal(g.s[0].r[0].ns, 100000000000LL);
	assert_string_equal(g.s[0].r[1].clock, "CLOCK_MONOTONIC");
	assert_int_equal(g.s[0].r[1].ns, 90000000001LL);
	assert_int_equal(g.s[0].line, 4);
	assert_string_equal(g.s[1].byte, "");
	assert_string_equal(g.s[1].r[0].clock, "trace");
	assert_int_equal(g.s[1].r[0].ns, 50000000000LL);
	assert_int_equal(g.s[1].r[1].ns, 100000001000LL);
	assert_int_equal(g.s[1].line, 8);
	/* one reading, a bad byte=, a bad time: counted, the first at line 5 */
	assert_int_equal(bad, 3);
	assert_int_equal(bad_line, 5);
}

/* The boot id record: one rule for what record writes and what a reader
 * takes (1 to 63 hex digits, either case, and dashes). */
static void test_boot_id(void **state)
{
	const char *text = "# tracer: nop\n"
			   "# tracemerge_boot_id: not-hex!\n"
			   "# tracemerge_boot_id: 0F6E8D0C-3b1a-4d5e-9f3a-2b7c1e0d9a84  \n"
			   "#\n";
	char id[TM_BOOT_ID_MAX];
	char long_id[TM_BOOT_ID_MAX + 1];

	(void)state;
	assert_true(tm_boot_id_valid("0f6e8d0c-3b1a", 13));
	assert_true(tm_boot_id_valid("ABCDEF", 6));
	assert_false(tm_boot_id_valid("", 0));
	assert_false(tm_boot_id_valid("0f6e g", 6));
	assert_false(tm_boot_id_valid("ab\0cd", 5));
	memset(long_id, 'a', sizeof(long_id));
	assert_true(tm_boot_id_valid(long_id, TM_BOOT_ID_MAX - 1));
	assert_false(tm_boot_id_valid(long_id, TM_BOOT_ID_MAX));
	/* the first well-formed record, trailing blanks dropped, in lower
	 * case (one boot whatever the case it is written in) */
	assert_int_equal(tm_boot_id_find(text, strlen(text), id), 1);
	assert_string_equal(id, "0f6e8d0c-3b1a-4d5e-9f3a-2b7c1e0d9a84");
	assert_int_equal(tm_boot_id_find("# tracer: nop\n", 14, id), 0);
	assert_string_equal(id, "");
}

static void test_issuer_line(void **state)
{
	struct tm_clock_sync cs = { .clock = CLOCK_BOOTTIME, .issue_ts_ns = 894875670851LL,
				    .ts_ns = 894875671873LL };
	char buf[300];
	struct got g = { .n = 0 };

	(void)state;
	strcpy(cs.sync_id, "tracemerge-1-2-ab");
	tm_issuer_line(buf, sizeof(buf), &cs);
	assert_string_equal(buf, "# tracemerge_clock_sync: name=tracemerge-1-2-ab "
			    "clock=CLOCK_BOOTTIME issue_ts=894.875670851 ts=894.875671873");
	strcat(buf, "\n");
	assert_int_equal(tm_issuer_scan(buf, strlen(buf), collect, &g, NULL, NULL), 0);
	assert_int_equal(g.n, 1);
	assert_int_equal(g.is[0].issue_ts, 894875670851LL);
	assert_int_equal(g.is[0].ts, 894875671873LL);
}

static void test_clock_sync_json(void **state)
{
	struct tm_clock_sync cs = { .clock = CLOCK_REALTIME,
				    .issue_ts_ns = 1700000000123456789LL,
				    .ts_ns = 1700000000123460000LL };
	char buf[400];

	(void)state;
	strcpy(cs.sync_id, "app-42-1-f");
	tm_clock_sync_json(&cs, 42, buf, sizeof(buf));
	assert_string_equal(buf, "{\"name\":\"clock_sync\",\"ph\":\"c\",\"ts\":1700000000123460,"
			    "\"pid\":42,\"tid\":42,\"args\":{\"sync_id\":\"app-42-1-f\","
			    "\"issue_ts\":1700000000123456.789}}");
	assert_string_equal(tm_clock_domain_name(CLOCK_REALTIME), "CLOCK_REALTIME");
	assert_string_equal(tm_clock_domain_name(CLOCK_BOOTTIME), "CLOCK_BOOTTIME");
	assert_null(tm_clock_domain_name(CLOCK_PROCESS_CPUTIME_ID));
}

static void test_marker_file(void **state)
{
	char path[] = "/tmp/tm-marker-XXXXXX", buf[512];
	int fd = mkstemp(path);
	struct tm_marker *m;
	struct tm_clock_sync cs;
	ssize_t n;

	(void)state;
	assert_true(fd >= 0);
	m = tm_marker_open(path);
	assert_non_null(m);
	assert_string_equal(tm_marker_path(m), path);
	assert_int_equal(tm_marker_printf(m, "B|%d|%s", 7, "work"), 0);
	assert_int_equal(tm_marker_clock_sync(m, CLOCK_MONOTONIC, &cs), 0);
	assert_true(cs.issue_ts_ns <= cs.ts_ns);
	assert_true(strncmp(cs.sync_id, "app-", 4) == 0);
	tm_marker_close(m);
	n = read(fd, buf, sizeof(buf) - 1);
	assert_true(n > 0);
	buf[n] = 0;
	/* two writes, as the kernel's trace_marker would get them */
	assert_true(strncmp(buf, "B|7|work", 8) == 0);
	assert_non_null(strstr(buf + 8, "trace_event_clock_sync: name="));
	assert_non_null(strstr(buf, cs.sync_id));
	assert_non_null(strstr(buf, " source=app"));
	close(fd);
	unlink(path);
	errno = 0;
	assert_null(tm_marker_open("/nonexistent/trace_marker"));
	assert_int_equal(errno, ENOENT);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	static char buf[8192];
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = 0;
	fclose(f);
	return buf;
}

static void test_output_file(void **state)
{
	char dir[] = "/tmp/tm-recout-XXXXXX", path[300], err[300], line_path[340];
	struct tm_clock_sync start = { .clock = CLOCK_REALTIME, .issue_ts_ns = 1000000001,
				       .ts_ns = 1000000002 };
	struct tm_clock_sync end = { .clock = CLOCK_REALTIME, .issue_ts_ns = 3000000000LL,
				     .ts_ns = 3000000500LL };
	struct tm_rec_hdr h = { .ncpus = 2, .clock = "mono", .events = "sched/*",
				.instance = "inst", .start = &start, .nstart = 1, .nend = 1 };
	struct tm_rec_out *o;
	const char *line = "           x-1     (-----) [000] .... 1.000000000: a: b\n";
	char *text;
	struct stat st;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/out.txt", dir);
	strcpy(start.sync_id, "s-1");
	strcpy(end.sync_id, "e-1");
	o = tm_rec_out_open(path, err, sizeof(err));
	assert_non_null(o);
	assert_int_equal(tm_rec_out_start(o, &h, err, sizeof(err)), 0);
	assert_int_equal(stat(path, &st), -1);          /* not there until finished */
	assert_int_equal(stat(tm_rec_out_tmp(o), &st), 0);
	assert_int_equal(tm_rec_out_write(line, strlen(line), o), 0);
	assert_int_equal(tm_rec_out_finish(o, 1, 3, &end, 1, err, sizeof(err)), 0);
	tm_rec_out_abort(o);                              /* frees; keeps the file */
	text = slurp(path);
	assert_non_null(text);
	assert_non_null(strstr(text, "\n# entries-in-buffer/entries-written: 1/3   #P:2 "));
	assert_non_null(strstr(text, "\n# clock_type=LINUX_CLOCK_MONOTONIC\n"));
	assert_non_null(strstr(text, "\n# tracemerge_clock_sync: name=s-1 clock=CLOCK_REALTIME "
			       "issue_ts=1.000000001 ts=1.000000002\n"));
	assert_non_null(strstr(text, "\n# tracemerge_clock_sync: name=e-1 clock=CLOCK_REALTIME "
			       "issue_ts=3.000000000 ts=3.000000500 "));
	assert_true(strlen(text) > strlen(line));
	assert_string_equal(text + strlen(text) - strlen(line), line);
	unlink(path);

	/* abandoned: the temporary file goes, nothing at PATH */
	o = tm_rec_out_open(path, err, sizeof(err));
	assert_non_null(o);
	snprintf(err, sizeof(err), "%s", tm_rec_out_tmp(o));
	tm_rec_out_abort(o);
	assert_int_equal(stat(err, &st), -1);
	assert_int_equal(stat(path, &st), -1);

	/* a directory at PATH, or a symlink to one: an error when opened (the
	 * recording has not started), nothing created beside it */
	assert_int_equal(mkdir(path, 0700), 0);
	o = tm_rec_out_open(path, err, sizeof(err));
	assert_null(o);
	snprintf(line_path, sizeof(line_path), "%s: is a directory", path);
	assert_string_equal(err, line_path);
	snprintf(line_path, sizeof(line_path), "%s/link", dir);
	assert_int_equal(symlink("out.txt", line_path), 0);
	o = tm_rec_out_open(line_path, err, sizeof(err));
	assert_null(o);
	assert_non_null(strstr(err, "/link: is a directory"));
	assert_int_equal(unlink(line_path), 0);
	assert_int_equal(rmdir(path), 0);
	assert_int_equal(rmdir(dir), 0);     /* no temporary file was left */

	/* a directory that does not exist: an error, no file */
	o = tm_rec_out_open("/nonexistent/dir/out.txt", err, sizeof(err));
	assert_null(o);
	assert_non_null(strstr(err, "/nonexistent/dir/out.txt: cannot create"));
}

/* Reads FIFO PATH to its end into a malloc'd string (a thread). */
static void *read_fifo(void *arg)
{
	int fd = open((const char *)arg, O_RDONLY);
	char *got = calloc(1, 1 << 16);
	size_t n = 0;
	ssize_t k;

	while (fd >= 0 && got && n < (1 << 16) - 1 && (k = read(fd, got + n, (1 << 16) - 1 - n)) > 0)
		n += (size_t)k;
	if (fd >= 0)
		close(fd);
	return got;
}

/* A FIFO at the output's name (as /dev/null is a device) is written into
 * and stays a FIFO: a temporary file renamed over it would replace it. */
static void test_output_fifo(void **state)
{
	char dir[] = "/tmp/tm-recfifo-XXXXXX", path[300], err[300];
	struct tm_rec_hdr h = { .ncpus = 2, .clock = "mono", .events = "sched/*",
				.instance = "inst" };
	const char *line = "           x-1     (-----) [000] .... 1.000000000: a: b\n";
	struct tm_rec_out *o;
	struct stat st;
	pthread_t t;
	void *got;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/fifo", dir);
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_int_equal(pthread_create(&t, NULL, read_fifo, path), 0);
	o = tm_rec_out_open(path, err, sizeof(err));
	assert_non_null(o);
	assert_int_equal(tm_rec_out_start(o, &h, err, sizeof(err)), 0);
	assert_null(tm_rec_out_tmp(o));
	assert_int_equal(tm_rec_out_write(line, strlen(line), o), 0);
	assert_int_equal(tm_rec_out_finish(o, 1, 1, NULL, 0, err, sizeof(err)), 0);
	tm_rec_out_abort(o);
	assert_int_equal(pthread_join(t, &got), 0);
	assert_non_null(strstr(got, "# tracer: nop\n"));
	assert_true(strlen(got) > strlen(line));
	assert_string_equal((char *)got + strlen(got) - strlen(line), line);
	free(got);
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	assert_int_equal(unlink(path), 0);
	assert_int_equal(rmdir(dir), 0);   /* nothing else was left */
}

/* /dev/stdout and /dev/fd/1 name the file standard output is open on:
 * the recording is written through that descriptor, nothing replaces the
 * link (/dev/stdout stays a symlink) and the redirected file holds it. */
static void test_output_names_stdout(void **state)
{
	static const char *paths[] = { "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1" };
	struct tm_rec_hdr h = { .ncpus = 1, .clock = "mono", .events = "sched/*",
				.instance = "inst" };
	const char *line = "           x-1     (-----) [000] .... 1.000000000: a: b\n";
	char file[] = "/tmp/tm-recstdout-XXXXXX", err[300];
	struct stat st;

	(void)state;
	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		int fd = mkstemp(file), saved = dup(STDOUT_FILENO);
		struct tm_rec_out *o;
		char *text;

		assert_true(fd >= 0 && saved >= 0);
		fflush(stdout);
		assert_int_equal(dup2(fd, STDOUT_FILENO), STDOUT_FILENO);
		o = tm_rec_out_open(paths[i], err, sizeof(err));
		assert_non_null(o);
		assert_null(tm_rec_out_tmp(o));   /* no temporary file beside the link */
		assert_int_equal(tm_rec_out_start(o, &h, err, sizeof(err)), 0);
		assert_int_equal(tm_rec_out_write(line, strlen(line), o), 0);
		assert_int_equal(tm_rec_out_finish(o, 1, 1, NULL, 0, err, sizeof(err)), 0);
		tm_rec_out_abort(o);
		fflush(stdout);
		assert_int_equal(dup2(saved, STDOUT_FILENO), STDOUT_FILENO);
		close(saved);
		close(fd);
		text = slurp(file);
		assert_non_null(text);
		assert_non_null(strstr(text, "# tracer: nop\n"));
		assert_string_equal(text + strlen(text) - strlen(line), line);
		assert_int_equal(unlink(file), 0);
		strcpy(file, "/tmp/tm-recstdout-XXXXXX");
	}
	assert_int_equal(lstat("/dev/stdout", &st), 0);
	assert_true(S_ISLNK(st.st_mode));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_issuer_scan),
		cmocka_unit_test(test_snapshot_scan),
		cmocka_unit_test(test_boot_id),
		cmocka_unit_test(test_issuer_line),
		cmocka_unit_test(test_clock_sync_json),
		cmocka_unit_test(test_marker_file),
		cmocka_unit_test(test_output_file),
		cmocka_unit_test(test_output_fifo),
		cmocka_unit_test(test_output_names_stdout),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
