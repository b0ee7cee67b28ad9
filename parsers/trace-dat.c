/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * trace-dat.c - trace.dat (trace-cmd record / extract output) as an input.
 *
 * libtracecmd reads the file (it needs a file descriptor: the bytes are
 * handed over in a memfd, so stdin, gzip'ed files and memory work too), in
 * a child process, since it trusts the file and a corrupt one can crash it
 * (killed after a time limit: tm_tracedat_time_limit_ms; the fuzz target
 * runs the same tm_tracedat_convert in its own process instead),
 * without libtraceevent's plugins, so that every event prints in the
 * kernel's own form (plugins reformat sched_switch and sched_wakeup).  The
 * records of every buffer (the top one and each instance) are merged by
 * time (tracecmd_iterate_events_multi, as `trace-cmd report` does) and
 * printed as kernel `trace` lines (tep-line.c: 9 decimals, nothing rounded)
 * into one ftrace text block with a kernel-like header:
 *
 *   # tracer: nop
 *   #
 *   # entries-in-buffer/entries-written: N/N   #P:CPUS
 *   #
 *   # tracemerge: from trace.dat (libtracecmd), buffers: top inst1 ...
 *
 * so that stats, import, sync and merge see the same event records as for
 * the kernel's text.  The trace clock is not named (libtracecmd does not
 * expose it): a trace.dat links to other traces by its clock-sync markers.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <trace-cmd.h>

#include "decode.h"
#include "tep-line.h"
#include "trace-dat.h"

#define MAGIC "\x17\x08\x44tracing"
#define MAGIC_LEN 10
#define HEADER_ROOM 4096

int tm_is_tracedat(const void *p, size_t len)
{
	return len >= MAGIC_LEN && memcmp(p, MAGIC, MAGIC_LEN) == 0;
}

struct dat {
	char *buf;                   /* tm_big_alloc()'ed, HEADER_ROOM first */
	size_t len, cap;
	uint64_t events;
	int cpus;
	struct tm_tepline *lines;    /* one per handle */
	struct tracecmd_input **h;
	int nh;
	bool nomem;
	int err;                     /* nomem: the errno */
};

static int put(struct dat *d, const char *s, size_t n)
{
	while (d->len + n > d->cap) {
		char *nb = tm_big_grow(d->buf, &d->cap, SIZE_MAX);

		if (!nb) {
			d->nomem = true;
			d->err = errno;
			return -1;
		}
		d->buf = nb;
	}
	memcpy(d->buf + d->len, s, n);
	d->len += n;
	return 0;
}

static int on_event(struct tracecmd_input *h, struct tep_record *rec, int cpu, void *arg)
{
	struct dat *d = arg;
	const char *text;
	size_t len;
	int i;

	(void)cpu;
	for (i = 0; i < d->nh && d->h[i] != h; i++)
		;
	if (i == d->nh)
		i = 0;
	if (!(text = tm_tepline_format(&d->lines[i], rec, &len)) || put(d, text, len)) {
		d->nomem = true;
		return -1;
	}
	d->events++;
	return 0;
}

/* A memfd holding P..P+LEN, positioned at 0; -1 on failure. */
static int mem_fd(const char *p, size_t len)
{
	int fd = memfd_create("tracemerge-trace.dat", MFD_CLOEXEC);
	size_t off = 0;

	if (fd < 0)
		return -1;
	while (off < len) {
		ssize_t w = write(fd, p + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			close(fd);
			return -1;
		}
		off += (size_t)w;
	}
	if (lseek(fd, 0, SEEK_SET) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static int open_buffers(struct dat *d, struct tracecmd_input *top)
{
	int n = tracecmd_buffer_instances(top);

	if (n < 0)
		n = 0;
	d->h = calloc((size_t)n + 1, sizeof(*d->h));
	d->lines = calloc((size_t)n + 1, sizeof(*d->lines));
	if (!d->h || !d->lines)
		return -1;
	d->h[d->nh++] = top;
	for (int i = 0; i < n; i++) {
		struct tracecmd_input *b = tracecmd_buffer_instance_handle(top, i);
		if (b)
			d->h[d->nh++] = b;
	}
	for (int i = 0; i < d->nh; i++)
		tm_tepline_init(&d->lines[i], tracecmd_get_tep(d->h[i]));
	return 0;
}

static void close_buffers(struct dat *d)
{
	for (int i = d->nh - 1; i >= 0; i--) {
		tm_tepline_done(&d->lines[i]);
		tracecmd_close(d->h[i]);
	}
	free(d->h);
	free(d->lines);
}

/* The header, right-aligned into the HEADER_ROOM bytes before the events. */
static size_t write_header(struct dat *d, struct tracecmd_input *top)
{
	char hdr[HEADER_ROOM];
	int n, cpus = 0;
	size_t used;

	for (int i = 0; i < d->nh; i++) {
		struct tep_handle *tep = tracecmd_get_tep(d->h[i]);
		if (tep && tep_get_cpus(tep) > cpus)
			cpus = tep_get_cpus(tep);
	}
	n = snprintf(hdr, sizeof(hdr),
		     "# tracer: nop\n#\n# entries-in-buffer/entries-written: %llu/%llu   #P:%d\n#\n"
		     "# tracemerge: from trace.dat (libtracecmd), buffers: top",
		     (unsigned long long)d->events, (unsigned long long)d->events, cpus);
	used = (size_t)n;
	for (int i = 0; i < tracecmd_buffer_instances(top) && used < sizeof(hdr) - 200; i++) {
		const char *name = tracecmd_buffer_instance_name(top, i);
		used += (size_t)snprintf(hdr + used, sizeof(hdr) - used, " %.100s",
					 name ? name : "?");
	}
	used += (size_t)snprintf(hdr + used, sizeof(hdr) - used, "\n");
	memcpy(d->buf + HEADER_ROOM - used, hdr, used);
	return HEADER_ROOM - used;
}

/* The status of a buffer that could not grow: errno ERR. */
static int status_nomem(int err)
{
	return err == ENOSPC ? TM_TRACEDAT_NOSPACE : TM_TRACEDAT_NOMEM;
}

/* Write D's text to OUT_FD behind the 8 bytes of START. */
static int write_text(const struct dat *d, uint64_t start, int out_fd)
{
	size_t off = 0;

	if (write(out_fd, &start, sizeof(start)) != (ssize_t)sizeof(start))
		return TM_TRACEDAT_WRITE;
	while (off < d->len) {
		ssize_t w = write(out_fd, d->buf + off, d->len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return TM_TRACEDAT_WRITE;
		off += (size_t)w;
	}
	return TM_TRACEDAT_OK;
}

int tm_tracedat_convert(int in_fd, int out_fd)
{
	struct dat d = { 0 };
	struct tracecmd_input *top;
	uint64_t start;
	int ret;

	tracecmd_set_loglevel(TEP_LOG_NONE);
	if (!(top = tracecmd_open_fd(in_fd, TRACECMD_FL_LOAD_NO_PLUGINS))) {
		/* libtracecmd closed IN_FD if it got as far as a handle */
		if (fcntl(in_fd, F_GETFD) != -1)
			close(in_fd);
		return TM_TRACEDAT_OPEN;
	}
	d.cap = 1 << 16;            /* (grown as needed: in $TMPDIR) */
	d.len = HEADER_ROOM;
	if (!(d.buf = tm_big_alloc(d.cap)) || open_buffers(&d, top)) {
		int e = d.buf ? ENOMEM : errno;

		if (d.h)
			close_buffers(&d);
		else
			tracecmd_close(top);
		if (d.buf)
			tm_big_free(d.buf, d.cap);
		return status_nomem(e);
	}
	/* a read error ends the events early: those read are kept */
	tracecmd_iterate_events_multi(d.h, d.nh, on_event, &d);
	start = d.nomem ? 0 : write_header(&d, top);
	close_buffers(&d);
	if (d.nomem)
		ret = status_nomem(d.err);
	else if (!d.events)
		ret = TM_TRACEDAT_EMPTY;
	else
		ret = write_text(&d, start, out_fd);
	tm_big_free(d.buf, d.cap);
	return ret;
}

/* Read the child's output back: the text block, owned by the input. */
static int take_text(struct tm_input *in, int fd)
{
	off_t size = lseek(fd, 0, SEEK_END);
	uint64_t start;
	size_t len, off = 0;
	char *buf;

	if (size < (off_t)sizeof(start) || (uint64_t)size > SIZE_MAX) {
		tm_input_fail(in, "trace.dat: conversion produced no text");
		return -1;
	}
	len = (size_t)size;
	if (!(buf = tm_big_alloc(len))) {
		tm_input_fail_big(in, "trace.dat: reading the conversion back");
		return -1;
	}
	while (off < len) {
		ssize_t r = pread(fd, buf + off, len - off, (off_t)off);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			tm_big_free(buf, len);
			tm_input_fail(in, "trace.dat: cannot read the conversion back");
			return -1;
		}
		off += (size_t)r;
	}
	memcpy(&start, buf, sizeof(start));
	if (tm_input_keep_big(in, buf, len))
		return -1;
	if (start > len - sizeof(start)) {
		tm_input_fail(in, "trace.dat: conversion produced no text");
		return -1;
	}
	in->format = TM_FMT_TRACEDAT;
	in->unmapped = 1;
	return tm_input_add_block(in, TM_BLOCK_FTRACE, buf + sizeof(start) + start,
				  len - sizeof(start) - (size_t)start, 0, "trace.dat");
}

/*
 * libtracecmd trusts the file: a corrupt trace.dat can make it dereference
 * NULL (found by fuzz_tracedat: tracecmd_buffer_instance_handle() failing
 * half way) or ask for exabytes.  So it runs in a child process that
 * writes the text into a memfd; a child that dies is a clean error here,
 * and one that runs past its time limit is killed.
 */
static bool convert_in_process;
static int (*child_convert)(int in_fd, int out_fd);
static long child_limit_ms;

void tm_tracedat_in_process(bool on)
{
	convert_in_process = on;
}

void tm_tracedat_test_child(int (*convert)(int in_fd, int out_fd), long limit_ms)
{
	child_convert = convert;
	child_limit_ms = limit_ms;
}

long tm_tracedat_time_limit_ms(size_t len)
{
	return 30000 + (long)(len / (1 << 20) + (len % (1 << 20) != 0)) * 1000;
}

/* Threads of this process (from /proc/self/task), or 0 if unknown. */
/* Threads that the runtime starts of its own: ThreadSanitizer's
 * background thread, which it starts with the program's first thread and
 * which holds none of the locks the child of a fork needs (TSan locks its
 * own state around fork). */
#if defined(__SANITIZE_THREAD__)
#define RUNTIME_THREADS 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define RUNTIME_THREADS 1
#endif
#endif
#ifndef RUNTIME_THREADS
#define RUNTIME_THREADS 0
#endif

static int threads_now(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	if (!d)
		return 0;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

/* Now on the monotonic clock, in ms. */
static int64_t now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* How a child ended (see wait_child). */
enum { CHILD_ENDED, CHILD_TIMED_OUT, CHILD_LOST };

/* Wait for PID, polling with naps of 1 to 50 ms; after LIMIT_MS kill it
 * (SIGKILL) and reap it.  CHILD_ENDED with *STATUS set, CHILD_TIMED_OUT,
 * or CHILD_LOST (waitpid failed). */
static int wait_child(pid_t pid, long limit_ms, int *status)
{
	int64_t deadline = now_ms() + limit_ms;
	long nap = 1;

	for (;;) {
		pid_t r = waitpid(pid, status, WNOHANG);
		int64_t left;

		if (r == pid)
			return CHILD_ENDED;
		if (r < 0 && errno != EINTR)
			return CHILD_LOST;
		left = deadline - now_ms();
		if (left <= 0) {
			kill(pid, SIGKILL);
			while (waitpid(pid, status, 0) < 0 && errno == EINTR)
				;
			return CHILD_TIMED_OUT;
		}
		nanosleep(&(struct timespec){ .tv_nsec = (left < nap ? left : nap) * 1000000 }, NULL);
		if (nap < 50)
			nap *= 2;
	}
}

/* Convert IN_FD (closed) into OUT_FD in a child killed after LIMIT_MS.
 * Returns a tm_tracedat_status, or -1 with errno (no fork), or sets
 * *SIGNAL (it died of one) or *TIMED_OUT. */
static int run_child(int in_fd, int out_fd, long limit_ms, int *signal_no, bool *timed_out)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		/* a crash is the kernel's default: the parent tells it apart
		 * (a sanitizer's handler would report it as an exit) */
		signal(SIGSEGV, SIG_DFL);
		signal(SIGBUS, SIG_DFL);
		signal(SIGFPE, SIG_DFL);
		signal(SIGILL, SIG_DFL);
		_exit((child_convert ? child_convert : tm_tracedat_convert)(in_fd, out_fd));
	}
	close(in_fd);
	if (pid < 0)
		return -1;
	switch (wait_child(pid, limit_ms, &status)) {
	case CHILD_TIMED_OUT:
		*timed_out = true;
		return TM_TRACEDAT_OPEN;
	case CHILD_LOST:
		return TM_TRACEDAT_OPEN;
	}
	if (WIFSIGNALED(status))
		*signal_no = WTERMSIG(status);
	return WIFEXITED(status) ? WEXITSTATUS(status) : TM_TRACEDAT_OPEN;
}

/* Set IN's error for a conversion that ended with STATUS (not OK). */
static void fail_status(struct tm_input *in, int status)
{
	switch (status) {
	case TM_TRACEDAT_EMPTY:
		tm_input_fail(in, "trace.dat holds no events");
		break;
	case TM_TRACEDAT_NOMEM:
		tm_input_fail(in, "out of memory");
		break;
	case TM_TRACEDAT_NOSPACE:
		errno = ENOSPC;
		tm_input_fail_big(in, "trace.dat: converting");
		break;
	default:
		tm_input_fail(in, "trace.dat: libtracecmd cannot read it (truncated or corrupt)");
	}
}

int tm_tracedat_read(struct tm_input *in, const char *p, size_t len)
{
	long limit_ms = child_limit_ms ? child_limit_ms : tm_tracedat_time_limit_ms(len);
	int in_fd, out_fd, status, signal_no = 0;
	bool timed_out = false;

	/* The child below uses malloc and stdio: forking while another thread
	 * holds one of their locks can leave it waiting forever.  Callers open
	 * inputs before they start threads; say so loudly if one does not. */
	if (!convert_in_process && threads_now() > 1 + RUNTIME_THREADS) {
		tm_input_fail(in, "trace.dat: internal error: read while other threads run");
		return -1;
	}

	if ((in_fd = mem_fd(p, len)) < 0 ||
	    (out_fd = memfd_create("tracemerge-trace.dat-text", MFD_CLOEXEC)) < 0) {
		if (in_fd >= 0)
			close(in_fd);
		tm_input_fail(in, "trace.dat: cannot make a memfd: %s", strerror(errno));
		return -1;
	}
	if (convert_in_process)
		status = tm_tracedat_convert(in_fd, out_fd);
	else if ((status = run_child(in_fd, out_fd, limit_ms, &signal_no, &timed_out)) < 0) {
		close(out_fd);
		tm_input_fail(in, "trace.dat: cannot fork: %s", strerror(errno));
		return -1;
	}
	if (status == TM_TRACEDAT_OK && !signal_no && !timed_out) {
		int ret = take_text(in, out_fd);
		close(out_fd);
		return ret;
	}
	close(out_fd);
	if (timed_out)
		tm_input_fail(in, "trace.dat: conversion timed out after %ld%s s", limit_ms / 1000,
			      limit_ms % 1000 ? "+" : "");
	else if (signal_no)
		tm_input_fail(in, "trace.dat: libtracecmd crashed reading it (signal %d): corrupt file",
			      signal_no);
	else
		fail_status(in, status);
	return -1;
}
