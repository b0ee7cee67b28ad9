/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tool_live_record.c - record a kernel trace while a command runs, with
 * Android-style realtime sync markers, for the live browser test
 * (tests/live/live_browser.sh).
 *
 *   tool_live_record --kernel OUT.txt -- CMD [ARG...]
 *
 * A private tracefs instance (trace_clock "mono") records sched_switch (an
 * event every viewer generation reads; 8 MB per CPU holds a few seconds of
 * a busy machine, and an overflow is reported as a failure) while CMD runs.  Right before CMD starts and right after it
 * ends, CLOCK_REALTIME is read and "trace_event_clock_sync: realtime_ts=MS"
 * (whole ms, rounded down: the marker's instant lies in [MS, MS + 1 ms),
 * which is what tracemerge's sync assumes) is written to the instance's
 * trace_marker.  The instance's `trace` text goes to OUT.txt; one line of
 * facts on stdout: cmd_status, realtime_minus_mono_ns (CLOCK_REALTIME minus
 * CLOCK_MONOTONIC, read directly at the start, for the test to check the
 * alignment independently of the markers) and the kernel line count.
 *
 * Exit: 0 recorded (whatever CMD's status); 77 (one line on stderr) not
 * root or tracefs unavailable; 1 capture failed; 2 usage.  The instance is
 * removed on every path, also on SIGINT/SIGTERM/SIGHUP.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <tracefs.h>

#include "tracefs_guard.h"

#define EXIT_SKIP 77

static struct tracefs_instance *inst;
static int marker_fd = -1;
static char err[300];

static int fail(const char *what)
{
	if (!err[0])
		snprintf(err, sizeof(err), "%s: %s", what, strerror(errno));
	return -1;
}

static int64_t clock_ns(clockid_t c)
{
	struct timespec t;

	clock_gettime(c, &t);
	return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static const char *tracefs_unavailable(void)
{
	char path[PATH_MAX];
	const char *dir;
	struct stat sb;

	if (geteuid() != 0)
		return "not root: creating a tracefs instance needs root";
	if (stat("/sys/kernel/tracing/trace", &sb) != 0)
		mount("nodev", "/sys/kernel/tracing", "tracefs", 0, NULL);
	dir = tracefs_tracing_dir();
	snprintf(path, sizeof(path), "%s/instances", dir ? dir : "");
	if (!dir || stat(path, &sb) != 0 || !S_ISDIR(sb.st_mode))
		return "tracefs not available";
	return NULL;
}

static int setup(void)
{
	static const char *const evs[] = { "sched_switch" };
	char name[64];

	snprintf(name, sizeof(name), "tracemerge-rec-%d", (int)getpid());
	inst = tracefs_instance_create(name);
	if (!inst)
		return fail("creating the tracefs instance");
	if (!tracefs_instance_is_new(inst)) {
		tracefs_instance_free(inst);
		inst = NULL;
		snprintf(err, sizeof(err), "tracefs instance %s already exists", name);
		return -1;
	}
	arm_signals(inst);
	if (tracefs_trace_off(inst))
		return fail("tracing_on");
	if (tracefs_instance_file_write(inst, "trace_clock", "mono") <= 0)
		return fail("trace_clock mono");
	if (tracefs_instance_file_write(inst, "buffer_size_kb", "8192") <= 0)
		return fail("buffer_size_kb");
	if (tracefs_file_exists(inst, "options/copy_trace_marker") &&
	    tracefs_instance_file_write(inst, "options/copy_trace_marker", "0") <= 0)
		return fail("options/copy_trace_marker");
	if (tracefs_instance_file_clear(inst, "trace"))
		return fail("clearing trace");
	for (size_t i = 0; i < sizeof(evs) / sizeof(evs[0]); i++)
		if (tracefs_event_enable(inst, "sched", evs[i]))
			return fail(evs[i]);
	marker_fd = tracefs_instance_file_open(inst, "trace_marker", O_WRONLY);
	if (marker_fd < 0)
		return fail("opening trace_marker");
	g_marker_fd = marker_fd;
	if (tracefs_trace_on(inst))
		return fail("tracing_on");
	return 0;
}

static int realtime_marker(void)
{
	char msg[96];
	int64_t rt = clock_ns(CLOCK_REALTIME);
	int n = snprintf(msg, sizeof(msg), "trace_event_clock_sync: realtime_ts=%lld",
			 (long long)(rt / 1000000));

	if (write(marker_fd, msg, (size_t)n) != n)
		return fail("writing trace_marker");
	return 0;
}

static int save(const char *path, size_t *lines)
{
	long long entries = -1, written = -1;
	const char *h;
	char *text;
	int len = 0, rc = 0;
	FILE *f;

	if (tracefs_trace_off(inst))
		return fail("tracing_on");
	text = tracefs_instance_file_read(inst, "trace", &len);
	if (!text || len <= 0) {
		free(text);
		return fail("reading the instance's trace");
	}
	h = strstr(text, "# entries-in-buffer/entries-written:");
	if (h)
		sscanf(h, "# entries-in-buffer/entries-written: %lld/%lld", &entries, &written);
	if (entries < 0 || entries != written) {
		snprintf(err, sizeof(err), "ring buffer overflowed (entries %lld, written %lld)",
			 entries, written);
		free(text);
		return -1;
	}
	*lines = 0;
	for (int i = 0; i < len; i++)
		*lines += text[i] == '\n';
	f = fopen(path, "w");
	if (!f || fwrite(text, 1, (size_t)len, f) != (size_t)len)
		rc = fail(path);
	if (f && fclose(f) && !rc)
		rc = fail(path);
	free(text);
	return rc;
}

static int teardown(void)
{
	int rc = 0;

	if (marker_fd >= 0) {
		g_marker_fd = -1;
		close(marker_fd);
		marker_fd = -1;
	}
	if (inst) {
		tracefs_trace_off(inst);
		if (tracefs_instance_destroy(inst) != 0)
			rc = fail("removing the tracefs instance");
		tracefs_instance_free(inst);
		inst = NULL;
	}
	disarm_signals();
	return rc;
}

static int run(char **argv, int *status)
{
	pid_t pid = fork();

	if (pid < 0)
		return fail("fork");
	if (pid == 0) {
		execvp(argv[0], argv);
		fprintf(stderr, "tool_live_record: %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, status, 0) < 0)
		if (errno != EINTR)
			return fail("waitpid");
	return 0;
}

int main(int argc, char **argv)
{
	const char *kernel = NULL, *why;
	int64_t m1, r, m2, rt_minus_mono;
	size_t lines = 0;
	int status = 0, rc;

	if (argc < 5 || strcmp(argv[1], "--kernel") || strcmp(argv[3], "--")) {
		fprintf(stderr, "usage: tool_live_record --kernel OUT.txt -- CMD [ARG...]\n");
		return 2;
	}
	kernel = argv[2];
	if ((why = tracefs_unavailable())) {
		fprintf(stderr, "tool_live_record: %s\n", why);
		return EXIT_SKIP;
	}
	m1 = clock_ns(CLOCK_MONOTONIC);
	r = clock_ns(CLOCK_REALTIME);
	m2 = clock_ns(CLOCK_MONOTONIC);
	rt_minus_mono = r - (m1 + (m2 - m1) / 2);
	rc = setup();
	if (!rc)
		rc = realtime_marker();
	if (!rc)
		rc = run(argv + 4, &status);
	if (!rc)
		rc = realtime_marker();
	if (!rc)
		rc = save(kernel, &lines);
	if (teardown() && !rc)
		rc = -1;
	if (rc) {
		fprintf(stderr, "tool_live_record: %s\n", err);
		return 1;
	}
	printf("cmd_status=%d realtime_minus_mono_ns=%lld kernel_lines=%zu\n",
	       WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status),
	       (long long)rt_minus_mono, lines);
	return 0;
}
