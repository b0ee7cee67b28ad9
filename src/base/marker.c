/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * marker.c - the application side of a recording (include/tracemerge/marker.h):
 * open a trace_marker, write atrace markers, write clock-sync handshakes
 * and the Trace Event JSON issuer events that pair with them.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tracemerge/marker.h"
#include "tracemerge/ts.h"

#define MARKER_MAX 4096

struct tm_marker {
	int fd;
	char *path;
	unsigned long seq;
};

static const char *const default_markers[] = {
	"/sys/kernel/tracing/trace_marker",
	"/sys/kernel/debug/tracing/trace_marker",
};

struct tm_marker *tm_marker_open(const char *path)
{
	struct tm_marker *m;
	const char *env = getenv(TM_MARKER_ENV);
	int fd = -1, err;

	if (!path && env && *env)
		path = env;
	if (path) {
		fd = open(path, O_WRONLY | O_CLOEXEC);
	} else {
		for (size_t i = 0; fd < 0 && i < 2; i++)
			if ((fd = open(default_markers[i], O_WRONLY | O_CLOEXEC)) >= 0)
				path = default_markers[i];
		if (fd < 0)
			path = NULL;
	}
	if (fd < 0)
		return NULL;
	m = calloc(1, sizeof(*m));
	if (!m || !(m->path = strdup(path))) {
		err = errno;
		free(m);
		close(fd);
		errno = err;
		return NULL;
	}
	m->fd = fd;
	return m;
}

void tm_marker_close(struct tm_marker *m)
{
	if (!m)
		return;
	close(m->fd);
	free(m->path);
	free(m);
}

const char *tm_marker_path(const struct tm_marker *m)
{
	return m ? m->path : NULL;
}

int tm_marker_write(struct tm_marker *m, const char *text, size_t len)
{
	ssize_t w;

	if (!m || (!text && len)) {
		errno = EINVAL;
		return -1;
	}
	do
		w = write(m->fd, text, len);
	while (w < 0 && errno == EINTR);
	if (w < 0)
		return -1;
	return 0;
}

int tm_marker_printf(struct tm_marker *m, const char *fmt, ...)
{
	char buf[MARKER_MAX];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	return tm_marker_write(m, buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

static int clock_ns(int clock, int64_t *ns)
{
	struct timespec t;

	if (clock_gettime((clockid_t)clock, &t))
		return -1;
	*ns = (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
	return 0;
}

int tm_marker_clock_sync_id(struct tm_marker *m, int clock,
			    const char *id_prefix, struct tm_clock_sync *cs)
{
	char line[200];
	int64_t mono;
	int n;

	if (!m || !cs) {
		errno = EINVAL;
		return -1;
	}
	memset(cs, 0, sizeof(*cs));
	if (clock_ns(CLOCK_MONOTONIC, &mono))
		return -1;
	snprintf(cs->sync_id, sizeof(cs->sync_id), "%.24s-%ld-%lu-%" PRIx64,
		 id_prefix ? id_prefix : "app", (long)getpid(), ++m->seq,
		 (uint64_t)mono);
	cs->clock = clock;
	/* the extra field: old Catapult misreads a bare name=ID marker */
	n = snprintf(line, sizeof(line), "trace_event_clock_sync: name=%s source=%s",
		     cs->sync_id, id_prefix ? id_prefix : "app");
	if (clock_ns(clock, &cs->issue_ts_ns) ||
	    tm_marker_write(m, line, (size_t)n) ||
	    clock_ns(clock, &cs->ts_ns))
		return -1;
	return 0;
}

int tm_marker_clock_sync(struct tm_marker *m, int clock,
			 struct tm_clock_sync *cs)
{
	return tm_marker_clock_sync_id(m, clock, NULL, cs);
}

int tm_clock_sync_json(const struct tm_clock_sync *cs, int pid, char *buf,
		       size_t size)
{
	char ts[TM_TS_BUFSZ], issue[TM_TS_BUFSZ];

	tm_ts_format_us(ts, cs->ts_ns);
	tm_ts_format_us(issue, cs->issue_ts_ns);
	return snprintf(buf, size,
			"{\"name\":\"clock_sync\",\"ph\":\"c\",\"ts\":%s,\"pid\":%d,\"tid\":%d,"
			"\"args\":{\"sync_id\":\"%s\",\"issue_ts\":%s}}",
			ts, pid, pid, cs->sync_id, issue);
}

const char *tm_clock_domain_name(int clock)
{
	switch (clock) {
	case CLOCK_REALTIME:  return "CLOCK_REALTIME";
	case CLOCK_MONOTONIC: return "CLOCK_MONOTONIC";
	case CLOCK_BOOTTIME:  return "CLOCK_BOOTTIME";
	default:              return NULL;
	}
}
