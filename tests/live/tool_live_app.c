/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tool_live_app.c - make a real kernel + application trace pair on this
 * machine, for the end-to-end merge test (tests/live/live_merge.sh).
 *
 *   tool_live_app --clock realtime|boottime|monotonic|legacy --kernel OUT.txt
 *                 --json OUT.json [--slices N] [--drift PPM]
 *
 * A private tracefs instance (trace_clock "mono") records sched_switch,
 * sched_wakeup and sched_waking while this program plays an application
 * that stamps its own Trace Event JSON with another clock (CLOCK_REALTIME,
 * CLOCK_BOOTTIME or CLOCK_MONOTONIC, ts in µs with 3 decimals = exact ns;
 * with --drift PPM that clock made to run PPM parts per million fast from
 * the start of the run, an app clock drifting against the kernel's):
 *  - clock-sync handshakes spread over the ~1.5 s run: app clock t1, one
 *    write of "trace_event_clock_sync: name=ID" to the instance's
 *    trace_marker, app clock t2, and the JSON issuer event
 *    {"ph":"c","ts":t2,"args":{"sync_id":ID,"issue_ts":t1}};
 *  - N slices, some nested, each stamped twice: the JSON B/E event with the
 *    app clock and, right after the clock read, the atrace B|pid|name / E|pid
 *    marker (kernel clock); busy loops, sleeps and a ping-pong with a
 *    worker thread pinned to the same CPU inside make scheduling (the
 *    ping-pong gives task-to-task switches: this kernel does not always
 *    record the switch from idle to a task, and Catapult draws CPU slices
 *    from switches only).
 *    A B event's args.marker_write_ns is the app clock's time across the
 *    marker write: the kernel stamp lies in [ts, ts + marker_write_ns].
 *    (On the 2-CPU test VMs, the first marker write after a gap of a few ms
 *    takes 8-18 µs and later ones ~1 µs, so that window matters.)
 *  - M process_name/thread_name, one X event and one C counter event.
 * The instance's `trace` text is then written to OUT.txt, and one line of
 * facts is printed on stdout (key=value), among them the true clock relation
 * read directly at the start and the end: app_minus_mono_ns (app clock minus
 * CLOCK_MONOTONIC = the kernel trace's clock), app_minus_mono_end_ns,
 * truth_mono_ns and truth_mono_end_ns (the CLOCK_MONOTONIC time of those
 * reads) and mono_bracket_ns, the uncertainty of those reads.
 *
 * --clock legacy makes the pair systrace recorded with Chrome for years: the
 * instance's trace_clock is "global" (not CLOCK_MONOTONIC), the JSON is
 * stamped with CLOCK_MONOTONIC and names no clock domain, and there are no
 * handshakes: instead, at the start and at the end of the run, the legacy
 * marker "trace_event_clock_sync: parent_ts=SECS", SECS the CLOCK_MONOTONIC
 * read just before the write, cut to the µs with 6 decimals (as Chrome
 * wrote it).  Each is written right after a counter marker (C|pid|
 * live_warm|N) so that the write is quick; parent_write_ns (facts) is the
 * longest CLOCK_MONOTONIC time across a parent_ts write.
 *
 * Exit: 0 done; 77 (one line on stderr) not root or tracefs unavailable;
 * 1 capture failed; 2 usage.  The instance is removed on every path, also
 * on SIGINT/SIGTERM/SIGHUP.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <tracefs.h>

#include "tracefs_guard.h"

#define EXIT_SKIP 77
#define BUFFER_KB "16384"       /* per CPU; ~6 s of sched events, room for a
				 * loaded machine (one run of 4096 overflowed) */
#define RUN_NS 1500000000LL     /* length of the application's run */
#define NSYNC 7                 /* handshakes: start, 5 in between, end */
#define MAX_SLICES 1000

/* signal-time cleanup: tracefs_guard.h (the normal paths clean up in main) */

/* ---- state --------------------------------------------------------------- */

struct app {
	clockid_t clock;
	const char *clock_name;
	bool legacy;               /* parent_ts markers, trace_clock global */
	int64_t drift_ppm;         /* the app clock runs this much fast ... */
	int64_t drift_base;        /* ... from this reading of its clock on */
	const char *kernel_path, *json_path;
	int nslices;

	struct tracefs_instance *inst;
	char iname[64];
	int marker_fd;
	pid_t pid, tid;

	char *json;                /* the traceEvents, comma separated */
	size_t len, cap;
	bool oom;

	int64_t t0;                /* app clock at the start of the run */
	int nsync, nbegin, nend, nested, maxdepth;
	/* the true relation: app clock minus CLOCK_MONOTONIC (the kernel
	 * trace's clock), read directly at the start and at the end, the
	 * CLOCK_MONOTONIC time of each read, and the widest bracket of the
	 * reads (its uncertainty) */
	int64_t app_minus_mono[2], truth_mono[2], mono_bracket_ns;
	int64_t max_handshake_ns;  /* widest t2 - t1 */
	int64_t parent_write_ns;   /* widest parent_ts write (legacy) */
	int to_worker[2], to_main[2];   /* ping-pong pipes */
	pthread_t worker;
	bool worker_started;
	int npong;
	char err[256];             /* first failure */
};

static int fail(struct app *A, const char *fmt, ...)
{
	va_list ap;

	if (!A->err[0]) {
		va_start(ap, fmt);
		vsnprintf(A->err, sizeof(A->err), fmt, ap);
		va_end(ap);
	}
	return -1;
}

static int64_t clock_ns(clockid_t c)
{
	struct timespec t;
	clock_gettime(c, &t);
	return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static int64_t app_ns(const struct app *A)
{
	int64_t raw = clock_ns(A->clock);

	return raw + (raw - A->drift_base) * A->drift_ppm / 1000000;
}

static void sleep_ns(int64_t ns)
{
	struct timespec t;

	if (ns <= 0)
		return;
	t.tv_sec = (time_t)(ns / 1000000000);
	t.tv_nsec = (long)(ns % 1000000000);
	while (nanosleep(&t, &t) != 0 && errno == EINTR)
		;
}

static void busy_ns(const struct app *A, int64_t ns)
{
	int64_t end = app_ns(A) + ns;
	volatile unsigned x = 1;

	while (app_ns(A) < end)
		for (int i = 0; i < 1000; i++)
			x = x * 1103515245u + 12345u;
}

/* µs with 3 decimals: the exact ns (app clocks are positive here) */
static const char *us_text(int64_t ns, char *buf, size_t n)
{
	snprintf(buf, n, "%lld.%03lld", (long long)(ns / 1000), (long long)(ns % 1000));
	return buf;
}

/* ---- the JSON side -------------------------------------------------------- */

static void add_event(struct app *A, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (A->oom)
		return;
	for (;;) {
		size_t room = A->cap - A->len;
		va_start(ap, fmt);
		n = A->cap ? vsnprintf(A->json + A->len, room, fmt, ap) : -1;
		va_end(ap);
		if (n >= 0 && (size_t)n + 3 < room) {
			A->len += (size_t)n;
			memcpy(A->json + A->len, ",\n", 3);
			A->len += 2;
			return;
		}
		size_t cap = A->cap ? A->cap * 2 : 1 << 16;
		char *nj = realloc(A->json, cap);
		if (!nj) {
			A->oom = true;
			return;
		}
		A->json = nj;
		A->cap = cap;
	}
}

static int write_file(struct app *A, const char *path, const char *parts[], const size_t lens[],
		      int nparts)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return fail(A, "%s: %s", path, strerror(errno));
	for (int i = 0; i < nparts; i++)
		if (lens[i] && fwrite(parts[i], 1, lens[i], f) != lens[i])
			break;
	if (ferror(f) | fclose(f))
		return fail(A, "%s: write failed: %s", path, strerror(errno));
	return 0;
}

static int write_json(struct app *A)
{
	static const char head[] = "{\"traceEvents\":[\n";
	static const char tail[] = "\n],\"displayTimeUnit\":\"ms\"}\n";
	const char *parts[3] = { head, A->json, tail };
	size_t lens[3] = { sizeof(head) - 1, A->len, sizeof(tail) - 1 };

	if (A->oom)
		return fail(A, "out of memory");
	if (lens[1] >= 2)
		lens[1] -= 2; /* the last ",\n" */
	return write_file(A, A->json_path, parts, lens, 3);
}

/* ---- the kernel side ------------------------------------------------------ */

static int write_marker(struct app *A, const char *s)
{
	size_t n = strlen(s);
	ssize_t w = write(A->marker_fd, s, n);

	if (w != (ssize_t)n)
		return fail(A, "write(trace_marker, \"%s\"): %s", s,
			    w < 0 ? strerror(errno) : "short write");
	return 0;
}

/* NULL when tracefs is usable, else the reason to skip. */
static const char *tracefs_unavailable(void)
{
	static char why[512];
	char path[PATH_MAX];
	const char *dir;
	struct stat sb;
	int merr = 0;

	if (geteuid() != 0)
		return "not root: creating a tracefs instance needs root";
	if (stat("/sys/kernel/tracing/trace", &sb) != 0 &&
	    mount("nodev", "/sys/kernel/tracing", "tracefs", 0, NULL) != 0)
		merr = errno;
	dir = tracefs_tracing_dir();
	snprintf(path, sizeof(path), "%s/instances", dir ? dir : "");
	if (!dir || stat(path, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		snprintf(why, sizeof(why), "tracefs not available%s%s%s",
			 merr ? " (mount on /sys/kernel/tracing: " : "",
			 merr ? strerror(merr) : "", merr ? ")" : "");
		return why;
	}
	return NULL;
}

/* 0 ok, -1 failed (A->err), 1 skip (A->err says why) */
static int setup_instance(struct app *A)
{
	static const char *const evs[] = { "sched_switch", "sched_wakeup", "sched_waking" };
	const char *trace_clock = A->legacy ? "global" : "mono";
	char *clk;

	snprintf(A->iname, sizeof(A->iname), "tracemerge-live-%d-%llx", (int)getpid(),
		 (unsigned long long)(clock_ns(CLOCK_MONOTONIC) & 0xffffff));
	A->inst = tracefs_instance_create(A->iname);
	if (!A->inst) {
		fail(A, "cannot create tracefs instance %s: %s", A->iname, strerror(errno));
		return 1;
	}
	if (!tracefs_instance_is_new(A->inst)) {
		/* not ours: forget it without removing it */
		tracefs_instance_free(A->inst);
		A->inst = NULL;
		return fail(A, "tracefs instance %s already exists", A->iname);
	}
	arm_signals(A->inst);

	/* a new instance starts with tracing on: stop it before configuring */
	if (tracefs_trace_off(A->inst))
		return fail(A, "tracing_on: %s", strerror(errno));
	if (tracefs_instance_file_write(A->inst, "trace_clock", trace_clock) <= 0)
		return fail(A, "trace_clock %s: %s", trace_clock, strerror(errno));
	clk = tracefs_get_clock(A->inst);
	if (!clk || strcmp(clk, trace_clock)) {
		free(clk);
		return fail(A, "trace_clock is not %s after setting it", trace_clock);
	}
	free(clk);
	if (tracefs_instance_file_write(A->inst, "buffer_size_kb", BUFFER_KB) <= 0)
		return fail(A, "buffer_size_kb: %s", strerror(errno));
	/* writes to the top-level trace_marker are not ours */
	if (tracefs_file_exists(A->inst, "options/copy_trace_marker") &&
	    tracefs_instance_file_write(A->inst, "options/copy_trace_marker", "0") <= 0)
		return fail(A, "options/copy_trace_marker: %s", strerror(errno));
	if (tracefs_instance_file_clear(A->inst, "trace"))
		return fail(A, "clearing trace: %s", strerror(errno));
	for (size_t i = 0; i < sizeof(evs) / sizeof(evs[0]); i++)
		if (tracefs_event_enable(A->inst, "sched", evs[i]))
			return fail(A, "enabling sched:%s: %s", evs[i], strerror(errno));
	A->marker_fd = tracefs_instance_file_open(A->inst, "trace_marker", O_WRONLY);
	if (A->marker_fd < 0)
		return fail(A, "opening trace_marker: %s", strerror(errno));
	g_marker_fd = A->marker_fd;
	if (tracefs_trace_on(A->inst))
		return fail(A, "tracing_on: %s", strerror(errno));
	return 0;
}

static int remove_instance(struct app *A)
{
	int rc = 0;

	if (A->marker_fd >= 0) {
		g_marker_fd = -1;
		close(A->marker_fd);
		A->marker_fd = -1;
	}
	if (A->inst) {
		tracefs_trace_off(A->inst);
		if (tracefs_instance_destroy(A->inst) != 0) {
			fprintf(stderr, "tool_live_app: could not remove tracefs instance %s: %s\n",
				A->iname, strerror(errno));
			rc = -1;
		}
		tracefs_instance_free(A->inst);
		A->inst = NULL;
	}
	disarm_signals();
	return rc;
}

/* ---- the application's run ----------------------------------------------- */

/* The legacy clock sync (see the top): a quick write of parent_ts=. */
static int parent_ts(struct app *A)
{
	char msg[96];
	int64_t m, m_after, us;

	snprintf(msg, sizeof(msg), "C|%d|live_warm|%d", (int)A->pid, A->nsync);
	if (write_marker(A, msg))
		return -1;
	m = clock_ns(CLOCK_MONOTONIC);
	us = m / 1000;
	snprintf(msg, sizeof(msg), "trace_event_clock_sync: parent_ts=%lld.%06lld",
		 (long long)(us / 1000000), (long long)(us % 1000000));
	if (write_marker(A, msg))
		return -1;
	m_after = clock_ns(CLOCK_MONOTONIC);
	if (m_after - m > A->parent_write_ns)
		A->parent_write_ns = m_after - m;
	return 0;
}

static int handshake(struct app *A)
{
	char id[64], msg[128], b1[32], b2[32];
	int64_t t1, t2;

	if (A->legacy) {
		/* parent_ts= at the start and at the end only */
		if ((A->nsync == 0 || A->nsync == NSYNC - 1) && parent_ts(A))
			return -1;
		A->nsync++;
		return 0;
	}
	snprintf(id, sizeof(id), "tmlive_%d_%d", (int)A->pid, A->nsync);
	snprintf(msg, sizeof(msg), "trace_event_clock_sync: name=%s", id);
	t1 = app_ns(A);
	if (write_marker(A, msg))
		return -1;
	t2 = app_ns(A);
	if (t2 - t1 > A->max_handshake_ns)
		A->max_handshake_ns = t2 - t1;
	add_event(A, "{\"name\":\"clock_sync\",\"ph\":\"c\",\"ts\":%s,\"pid\":%d,\"tid\":%d,"
		  "\"args\":{\"sync_id\":\"%s\",\"issue_ts\":%s}}",
		  us_text(t2, b2, sizeof(b2)), (int)A->pid, (int)A->tid, id,
		  us_text(t1, b1, sizeof(b1)));
	A->nsync++;
	return 0;
}

static int64_t sync_due(const struct app *A, int k)
{
	return A->t0 + RUN_NS * k / (NSYNC - 1);
}

/* Sleep until app time T, doing the handshakes that fall due meanwhile. */
static int wait_until(struct app *A, int64_t t)
{
	for (;;) {
		int64_t now = app_ns(A);
		if (A->nsync < NSYNC && sync_due(A, A->nsync) <= t) {
			sleep_ns(sync_due(A, A->nsync) - now);
			if (handshake(A))
				return -1;
			continue;
		}
		sleep_ns(t - now);
		return 0;
	}
}

static int slice_begin(struct app *A, int i, int depth)
{
	char name[32], msg[96], b[32];
	int64_t t, t_after;

	snprintf(name, sizeof(name), "live_slice_%02d", i);
	snprintf(msg, sizeof(msg), "B|%d|%s", (int)A->pid, name);
	t = app_ns(A);
	if (write_marker(A, msg))
		return -1;
	t_after = app_ns(A);
	/* marker_write_ns: the kernel stamped the B marker somewhere in
	 * [ts, ts + marker_write_ns] of the app clock */
	add_event(A, "{\"name\":\"%s\",\"cat\":\"app\",\"ph\":\"B\",\"ts\":%s,\"pid\":%d,"
		  "\"tid\":%d,\"args\":{\"index\":%d,\"depth\":%d,\"marker_write_ns\":%lld}}",
		  name, us_text(t, b, sizeof(b)), (int)A->pid, (int)A->tid, i, depth,
		  (long long)(t_after - t));
	A->nbegin++;
	if (depth > 0)
		A->nested++;
	if (depth + 1 > A->maxdepth)
		A->maxdepth = depth + 1;
	return 0;
}

static int slice_end(struct app *A)
{
	char msg[32], b[32];
	int64_t t;

	snprintf(msg, sizeof(msg), "E|%d", (int)A->pid);
	t = app_ns(A);
	if (write_marker(A, msg))
		return -1;
	add_event(A, "{\"ph\":\"E\",\"ts\":%s,\"pid\":%d,\"tid\":%d}",
		  us_text(t, b, sizeof(b)), (int)A->pid, (int)A->tid);
	A->nend++;
	return 0;
}

/* The worker: wakes on a byte from main, runs a little, answers; 'q' or
 * a closed pipe ends it. */
static void *worker_main(void *arg)
{
	struct app *A = arg;
	char c;

	while (read(A->to_worker[0], &c, 1) == 1 && c != 'q') {
		int64_t end = clock_ns(CLOCK_MONOTONIC) + 30000;
		while (clock_ns(CLOCK_MONOTONIC) < end)
			;
		if (write(A->to_main[1], "x", 1) != 1)
			break;
	}
	return NULL;
}

/* Pin this thread to its CPU and start the worker there too. */
static int start_worker(struct app *A)
{
	cpu_set_t set;
	int cpu = sched_getcpu(), e;

	if (cpu < 0)
		return fail(A, "sched_getcpu: %s", strerror(errno));
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		return fail(A, "sched_setaffinity: %s", strerror(errno));
	if (pipe(A->to_worker) || pipe(A->to_main))
		return fail(A, "pipe: %s", strerror(errno));
	if ((e = pthread_create(&A->worker, NULL, worker_main, A)))
		return fail(A, "pthread_create: %s", strerror(e));
	A->worker_started = true;
	if ((e = pthread_setaffinity_np(A->worker, sizeof(set), &set)))
		return fail(A, "pthread_setaffinity_np: %s", strerror(e));
	return 0;
}

static void stop_worker(struct app *A)
{
	if (A->worker_started) {
		if (write(A->to_worker[1], "q", 1) != 1)
			close(A->to_worker[1]);
		pthread_join(A->worker, NULL);
		A->worker_started = false;
	}
	for (int i = 0; i < 2; i++) {
		if (A->to_worker[i] >= 0)
			close(A->to_worker[i]);
		if (A->to_main[i] >= 0)
			close(A->to_main[i]);
		A->to_worker[i] = A->to_main[i] = -1;
	}
}

/* Work inside a slice: some CPU, a ping-pong with the worker (we block, it
 * runs on our CPU: switches between the two tasks), then a sleep (a switch
 * to idle and a wakeup back). */
static int work(struct app *A, int i)
{
	char c;

	busy_ns(A, 100000 + 20000 * (i % 5));
	for (int k = 0; k < 2; k++) {
		if (write(A->to_worker[1], "p", 1) != 1 || read(A->to_main[0], &c, 1) != 1)
			return fail(A, "ping-pong with the worker thread: %s", strerror(errno));
		A->npong++;
	}
	sleep_ns(200000 + 50000 * (i % 3));
	return 0;
}

/* App clock minus CLOCK_MONOTONIC, read directly: an app clock read between
 * two mono reads, the tightest of a few tries. */
static void measure_truth(struct app *A, int k)
{
	int64_t best = INT64_MAX;

	for (int i = 0; i < 5; i++) {
		int64_t m1 = clock_ns(CLOCK_MONOTONIC), a = app_ns(A);
		int64_t m2 = clock_ns(CLOCK_MONOTONIC);
		if (m2 - m1 < best) {
			best = m2 - m1;
			A->truth_mono[k] = m1 + (m2 - m1) / 2;
			A->app_minus_mono[k] = a - A->truth_mono[k];
		}
	}
	if (best > A->mono_bracket_ns)
		A->mono_bracket_ns = best;
}

/*
 * Slices come in groups of four: 4k and 4k+2 stay open, 4k+1 closes at
 * once, 4k+3 closes and then closes 4k+2 and 4k: [a [b] [c [d]]].
 * Slice i starts at its slot in the run; handshakes happen when due.
 */
static int run_app(struct app *A)
{
	int nopen = 0; /* slices left open, innermost last */
	int64_t span = RUN_NS - 100000000; /* slots lie 50 ms inside the run */
	char b[32], b2[32];

	A->pid = getpid();
	A->tid = gettid();
	if (start_worker(A))
		return -1;
	measure_truth(A, 0);
	add_event(A, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,"
		  "\"args\":{\"name\":\"tmlive_app\"}}", (int)A->pid, (int)A->tid);
	add_event(A, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":%d,\"tid\":%d,"
		  "\"args\":{\"name\":\"tmlive_main\"}}", (int)A->pid, (int)A->tid);

	A->t0 = app_ns(A);
	for (int i = 0; i < A->nslices; i++) {
		if (wait_until(A, A->t0 + 50000000 + span * i / A->nslices))
			return -1;
		if (slice_begin(A, i, nopen))
			return -1;
		if (work(A, i))
			return -1;
		if (i % 4 == 0 || i % 4 == 2) {
			nopen++;
			continue;
		}
		if (slice_end(A))
			return -1;
		while (i % 4 == 3 && nopen > 0) {
			nopen--;
			if (slice_end(A))
				return -1;
		}
		if (i == A->nslices / 2) {
			/* one complete event and one counter sample, mid-run */
			int64_t x0 = app_ns(A), x1;
			busy_ns(A, 50000);
			x1 = app_ns(A);
			add_event(A, "{\"name\":\"live_x_work\",\"cat\":\"app\",\"ph\":\"X\",\"ts\":%s,"
				  "\"dur\":%s,\"pid\":%d,\"tid\":%d}", us_text(x0, b, sizeof(b)),
				  us_text(x1 - x0, b2, sizeof(b2)), (int)A->pid, (int)A->tid);
			add_event(A, "{\"name\":\"live_counter\",\"ph\":\"C\",\"ts\":%s,\"pid\":%d,"
				  "\"args\":{\"value\":%d}}", us_text(x1, b, sizeof(b)),
				  (int)A->pid, i);
		}
	}
	while (nopen > 0) {
		nopen--;
		if (slice_end(A))
			return -1;
	}
	/* the handshakes still due, the last at the end of the run */
	if (wait_until(A, A->t0 + RUN_NS))
		return -1;
	while (A->nsync < NSYNC)
		if (handshake(A))
			return -1;
	measure_truth(A, 1);
	return 0;
}

/* ---- reading the capture back ----------------------------------------------- */

static size_t count_str(const char *p, const char *s)
{
	size_t n = 0, k = strlen(s);

	while ((p = strstr(p, s))) {
		n++;
		p += k;
	}
	return n;
}

static int save_kernel(struct app *A, size_t *lines, size_t *sched, size_t *markers)
{
	const char *parts[1];
	size_t lens[1];
	long long entries = -1, written = -1;
	const char *h;
	char *text;
	int len = 0, rc;

	if (tracefs_trace_off(A->inst))
		return fail(A, "tracing_on: %s", strerror(errno));
	text = tracefs_instance_file_read(A->inst, "trace", &len);
	if (!text || len <= 0) {
		free(text);
		return fail(A, "reading the instance's trace: %s", strerror(errno));
	}
	h = strstr(text, "# entries-in-buffer/entries-written:");
	if (h)
		sscanf(h, "# entries-in-buffer/entries-written: %lld/%lld", &entries, &written);
	if (entries < 0 || entries != written) {
		free(text);
		return fail(A, "ring buffer overflowed or no header (entries %lld, written %lld): "
			    "buffer_size_kb %s per CPU is too small for this machine",
			    entries, written, BUFFER_KB);
	}
	*lines = count_str(text, "\n");
	*sched = count_str(text, " sched_switch: ");
	*markers = count_str(text, " tracing_mark_write: ");
	parts[0] = text;
	lens[0] = (size_t)len;
	rc = write_file(A, A->kernel_path, parts, lens, 1);
	free(text);
	return rc;
}

/* ---- main -------------------------------------------------------------------- */

static int usage(const char *msg)
{
	if (msg)
		fprintf(stderr, "tool_live_app: %s\n", msg);
	fprintf(stderr, "usage: tool_live_app --clock realtime|boottime|monotonic|legacy "
		"--kernel OUT.txt --json OUT.json [--slices N] [--drift PPM]\n");
	return 2;
}

int main(int argc, char **argv)
{
	struct app A = { .marker_fd = -1, .nslices = 20, .to_worker = { -1, -1 },
			 .to_main = { -1, -1 } };
	size_t lines = 0, sched = 0, markers = 0;
	const char *why;
	int64_t m0, m1;
	int rc;

	/* every option takes a value: OPTION VALUE pairs */
	for (int i = 1; i < argc; i += 2) {
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(argv[i], "--clock") && v) {
			A.clock_name = v;
			if (!strcmp(v, "realtime"))
				A.clock = CLOCK_REALTIME;
			else if (!strcmp(v, "boottime"))
				A.clock = CLOCK_BOOTTIME;
			else if (!strcmp(v, "monotonic"))
				A.clock = CLOCK_MONOTONIC;
			else if (!strcmp(v, "legacy"))
				A.clock = CLOCK_MONOTONIC, A.legacy = true;
			else
				return usage("--clock is realtime, boottime, monotonic or legacy");
		} else if (!strcmp(argv[i], "--drift") && v) {
			char *end;
			long n = strtol(v, &end, 10);
			if (*end || n < -1000 || n > 1000)
				return usage("--drift wants -1000..1000 (ppm)");
			A.drift_ppm = n;
		} else if (!strcmp(argv[i], "--kernel") && v) {
			A.kernel_path = v;
		} else if (!strcmp(argv[i], "--json") && v) {
			A.json_path = v;
		} else if (!strcmp(argv[i], "--slices") && v) {
			char *end;
			long n = strtol(v, &end, 10);
			if (*end || n < 1 || n > MAX_SLICES)
				return usage("--slices wants 1..1000");
			A.nslices = (int)n;
		} else {
			return usage(NULL);
		}
	}
	if (!A.clock_name || !A.kernel_path || !A.json_path)
		return usage("--clock, --kernel and --json are required");

	why = tracefs_unavailable();
	if (why) {
		fprintf(stderr, "tool_live_app: %s\n", why);
		return EXIT_SKIP;
	}
	m0 = clock_ns(CLOCK_MONOTONIC);
	A.drift_base = clock_ns(A.clock);
	rc = setup_instance(&A);
	if (rc == 0)
		rc = run_app(&A);
	stop_worker(&A);
	if (rc == 0)
		rc = save_kernel(&A, &lines, &sched, &markers);
	if (remove_instance(&A) && rc == 0)
		rc = fail(&A, "the instance was not removed");
	if (rc == 0)
		rc = write_json(&A);
	free(A.json);
	m1 = clock_ns(CLOCK_MONOTONIC);
	if (rc) {
		fprintf(stderr, "tool_live_app: %s\n", A.err);
		return rc > 0 ? EXIT_SKIP : 1;
	}
	printf("clock=%s drift_ppm=%lld slices=%d nested=%d depth=%d pongs=%d sync_markers=%d kernel_lines=%zu "
	       "sched_switch=%zu marker_lines=%zu max_handshake_ns=%lld app_minus_mono_ns=%lld "
	       "app_minus_mono_end_ns=%lld truth_mono_ns=%lld truth_mono_end_ns=%lld "
	       "mono_bracket_ns=%lld parent_write_ns=%lld run_ms=%.1f\n",
	       A.clock_name, (long long)A.drift_ppm,
	       A.nbegin, A.nested, A.maxdepth, A.npong, A.nsync, lines, sched, markers,
	       (long long)A.max_handshake_ns, (long long)A.app_minus_mono[0],
	       (long long)A.app_minus_mono[1], (long long)A.truth_mono[0],
	       (long long)A.truth_mono[1], (long long)A.mono_bracket_ns,
	       (long long)A.parent_write_ns, (m1 - m0) / 1e6);
	return 0;
}
