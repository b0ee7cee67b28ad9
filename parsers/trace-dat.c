/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * trace-dat.c - trace.dat (trace-cmd record / extract output) as an input.
 *
 * libtracecmd reads the file (it needs a file descriptor: the bytes are
 * handed over in a memfd, so stdin, gzip'ed files and memory work too), in
 * a child process, since it trusts the file and a corrupt one can crash it,
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
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/* The conversion, run in a child process (see tm_tracedat_read): writes
 * [uint64 start][text] to OUT, START being where the text's header begins
 * in it.  Exit status: 0 ok, CHILD_OPEN, CHILD_NOMEM, CHILD_EMPTY,
 * CHILD_NOSPACE ($TMPDIR is full). */
enum { CHILD_OPEN = 10, CHILD_NOMEM, CHILD_EMPTY, CHILD_WRITE, CHILD_NOSPACE };

/* The exit status of a buffer that could not grow: errno ERR. */
static int child_nomem(int err)
{
	return err == ENOSPC ? CHILD_NOSPACE : CHILD_NOMEM;
}

static int convert(int in_fd, int out_fd)
{
	struct dat d = { 0 };
	struct tracecmd_input *top;
	uint64_t start;
	size_t off = 0;
	int ret = 0;

	tracecmd_set_loglevel(TEP_LOG_NONE);
	if (!(top = tracecmd_open_fd(in_fd, TRACECMD_FL_LOAD_NO_PLUGINS)))
		return CHILD_OPEN;
	d.cap = 1 << 16;            /* (grown as needed: in $TMPDIR) */
	d.len = HEADER_ROOM;
	if (!(d.buf = tm_big_alloc(d.cap)) || open_buffers(&d, top)) {
		int e = d.buf ? ENOMEM : errno;

		if (d.h)
			close_buffers(&d);
		else
			tracecmd_close(top);
		return child_nomem(e);
	}
	/* a read error ends the events early: those read are kept */
	tracecmd_iterate_events_multi(d.h, d.nh, on_event, &d);
	start = d.nomem ? 0 : write_header(&d, top);
	close_buffers(&d);
	if (d.nomem)
		ret = child_nomem(d.err);
	else if (!d.events)
		ret = CHILD_EMPTY;
	else if (write(out_fd, &start, sizeof(start)) != (ssize_t)sizeof(start))
		ret = CHILD_WRITE;
	while (!ret && off < d.len) {
		ssize_t w = write(out_fd, d.buf + off, d.len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			ret = CHILD_WRITE;
		else
			off += (size_t)w;
	}
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
 * writes the text into a memfd; a child that dies is a clean error here.
 */
/* Threads of this process (from /proc/self/task), or 0 if unknown. */
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

int tm_tracedat_read(struct tm_input *in, const char *p, size_t len)
{
	int in_fd, out_fd, status;
	pid_t pid;

	/* The child below uses malloc and stdio: forking while another thread
	 * holds one of their locks can leave it waiting forever.  Callers open
	 * inputs before they start threads; say so loudly if one does not. */
	if (threads_now() > 1) {
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
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		int ret;
		/* a crash is the kernel's default: the parent tells it apart
		 * (a sanitizer's handler would report it as an exit) */
		signal(SIGSEGV, SIG_DFL);
		signal(SIGBUS, SIG_DFL);
		signal(SIGFPE, SIG_DFL);
		signal(SIGILL, SIG_DFL);
		ret = convert(in_fd, out_fd);   /* closes in_fd */
		close(out_fd);
		_exit(ret);
	}
	if (pid < 0) {
		close(in_fd);
		close(out_fd);
		tm_input_fail(in, "trace.dat: cannot fork: %s", strerror(errno));
		return -1;
	}
	close(in_fd);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			status = -1;
			break;
		}
	}
	if (status == 0) {
		int ret = take_text(in, out_fd);
		close(out_fd);
		return ret;
	}
	close(out_fd);
	if (status != -1 && WIFSIGNALED(status))
		tm_input_fail(in, "trace.dat: libtracecmd crashed reading it (signal %d): corrupt file",
			      WTERMSIG(status));
	else if (status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == CHILD_EMPTY)
		tm_input_fail(in, "trace.dat holds no events");
	else if (status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == CHILD_NOMEM)
		tm_input_fail(in, "out of memory");
	else if (status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == CHILD_NOSPACE) {
		errno = ENOSPC;
		tm_input_fail_big(in, "trace.dat: converting");
	}
	else
		tm_input_fail(in, "trace.dat: libtracecmd cannot read it (truncated or corrupt)");
	return -1;
}
