/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * record-out.c - the output file of `tracemerge record` (see record.h).
 *
 * Kernel text in the canonical form every viewer generation reads (the
 * kernel's `trace` lines with a "(-----)" TGID column, 4 irq-info flags and
 * 9 decimals: parsers/tep-line.h), streamed as events arrive (in time order), into PATH.tmp.XXXXXX beside PATH, renamed into place when the
 * recording ends well (removed otherwise), so PATH is never half written
 * (a device or FIFO at PATH, such as /dev/null, is written straight).
 * The header is written first, with fixed-width room for what is known only
 * at the end (the entries line and the issuer records of the closing clock
 * sync); tm_rec_out_finish() fills that room in with pwrite().  Header:
 *
 *   # tracer: nop
 *   #
 *   # entries-in-buffer/entries-written: EVENTS/WRITTEN   #P:CPUS      (padded)
 *   #
 *   # clock_type=LINUX_CLOCK_MONOTONIC                (trace_clock mono only)
 *   # tracemerge record: trace_clock=CLOCK instance=NAME
 *   # tracemerge record: events SYSTEM/EVENT ...
 *   # tracemerge_boot_id: UUID                        (this boot's, issuer.h)
 *   # tracemerge_clock_sync: name=ID clock=CLOCK_REALTIME issue_ts=S.N ts=S.N
 *   ...                                               (start, then end records)
 *   #           TASK-PID    TGID   CPU#  ||||    TIMESTAMP  FUNCTION
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "interrupt.h"
#include "issuer.h"
#include "output.h"

#include "record.h"
#include "tracemerge/ts.h"

#define ENTRIES_TAG "# entries-in-buffer/entries-written: "
#define ENTRIES_ROOM 48          /* "N/M   #P:C" fits with 20-digit counts */
#define ISSUER_ROOM 200          /* one reserved issuer line, without '\n' */

struct tm_rec_out {
	FILE *f;
	char *path, *tmp;            /* tmp NULL: stdout, or PATH written
				      * straight (tm_out_takes_back) */
	long entries_off;            /* where ENTRIES_ROOM starts, -1: none */
	long end_off;                /* where the reserved issuer lines start */
	size_t nend;
	int ncpus;
	int tmp_id;                  /* tmp's registration (interrupt.h), or -1 */
	bool failed, done;
};

size_t tm_issuer_line(char *buf, size_t size, const struct tm_clock_sync *cs)
{
	char a[TM_TS_BUFSZ], b[TM_TS_BUFSZ];
	const char *dom = tm_clock_domain_name(cs->clock);
	int n;

	tm_ts_format_secs(a, cs->issue_ts_ns, 9);
	tm_ts_format_secs(b, cs->ts_ns, 9);
	n = snprintf(buf, size, TM_ISSUER_TAG "name=%s clock=%s issue_ts=%s ts=%s",
		     cs->sync_id, dom ? dom : "?", a, b);
	return n < 0 ? 0 : (size_t)n;
}

static void reserve(FILE *f, size_t n)
{
	fputc('#', f);
	for (size_t i = 1; i < n; i++)
		fputc(' ', f);
	fputc('\n', f);
}

/* The boot id record (issuer.h) of the running kernel's boot, when it
 * says one: traces of two boots (two machines, or a reboot) are not on one
 * CLOCK_MONOTONIC. */
static void write_boot_id(FILE *f)
{
	char id[TM_BOOT_ID_MAX];
	FILE *b = fopen("/proc/sys/kernel/random/boot_id", "r");
	size_t n;

	if (!b)
		return;
	n = fread(id, 1, sizeof(id) - 1, b);
	fclose(b);
	while (n && (id[n - 1] == '\n' || id[n - 1] == ' '))
		n--;
	id[n] = 0;
	if (tm_boot_id_valid(id, n))
		fprintf(f, "# tracemerge_boot_id: %s\n", id);
}

static void write_header(struct tm_rec_out *o, const struct tm_rec_hdr *h)
{
	FILE *f = o->f;
	char line[ISSUER_ROOM + 64];

	fputs("# tracer: nop\n#\n", f);
	if (o->tmp) {
		fputs(ENTRIES_TAG, f);
		o->entries_off = ftell(f);
		for (size_t i = 0; i < ENTRIES_ROOM; i++)
			fputc(' ', f);
		fputc('\n', f);
		fputs("#\n", f);
	}
	if (!strcmp(h->clock, "mono"))
		fputs("# clock_type=LINUX_CLOCK_MONOTONIC\n", f);
	fprintf(f, "# tracemerge record: trace_clock=%s instance=%s\n", h->clock, h->instance);
	fprintf(f, "# tracemerge record: events %s\n", h->events);
	write_boot_id(f);
	for (size_t i = 0; i < h->nstart; i++) {
		tm_issuer_line(line, sizeof(line), &h->start[i]);
		fprintf(f, "%s\n", line);
	}
	if (o->tmp) {
		o->end_off = ftell(f);
		for (size_t i = 0; i < h->nend; i++)
			reserve(f, ISSUER_ROOM);
	}
	fputs("#\n"
	      "#           TASK-PID    TGID   CPU#  ||||    TIMESTAMP  FUNCTION\n"
	      "#              | |        |      |   ||||       |         |\n", f);
}

struct tm_rec_out *tm_rec_out_open(const char *path, char *err, size_t errlen)
{
	struct tm_rec_out *o = calloc(1, sizeof(*o));
	struct stat st;
	int fd;

	if (!o || !(o->path = strdup(path))) {
		free(o);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	o->tmp_id = -1;
	o->entries_off = -1;
	o->end_off = -1;
	if (!strcmp(path, "-") || tm_out_path_fd(path) == STDOUT_FILENO) {
		o->f = stdout;
	} else if (tm_out_path_fd(path) == STDERR_FILENO) {
		/* /dev/stderr: written through the same descriptor, not replaced */
		if ((fd = dup(STDERR_FILENO)) < 0 || !(o->f = fdopen(fd, "w"))) {
			snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
			if (fd >= 0)
				close(fd);
			tm_rec_out_abort(o);
			return NULL;
		}
	} else if (!tm_out_takes_back(path)) {
		/* a device or FIFO: written straight, as stdout is */
		if (!(o->f = fopen(path, "we"))) {
			snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
			tm_rec_out_abort(o);
			return NULL;
		}
	} else if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		/* (a symlink to one too): said before the recording, not after */
		snprintf(err, errlen, "%s: is a directory", path);
		tm_rec_out_abort(o);
		return NULL;
	} else {
		if (asprintf(&o->tmp, "%s.tmp.XXXXXX", path) < 0) {
			o->tmp = NULL;
			tm_rec_out_abort(o);
			snprintf(err, errlen, "out of memory");
			return NULL;
		}
		fd = mkostemp(o->tmp, O_CLOEXEC);
		if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
			snprintf(err, errlen, "%s: cannot create: %s", path, strerror(errno));
			if (fd >= 0) {
				close(fd);
				unlink(o->tmp);
			}
			free(o->tmp);
			o->tmp = NULL;
			o->done = true;
			tm_rec_out_abort(o);
			return NULL;
		}
		o->tmp_id = tm_interrupt_add(o->tmp);
		tm_out_set_mode(fd, path);
	}
	return o;
}

int tm_rec_out_start(struct tm_rec_out *o, const struct tm_rec_hdr *h, char *err,
		     size_t errlen)
{
	o->nend = h->nend;
	o->ncpus = h->ncpus;
	write_header(o, h);
	if (ferror(o->f)) {
		snprintf(err, errlen, "%s: write error: %s", o->path, strerror(errno));
		return -1;
	}
	return 0;
}

const char *tm_rec_out_tmp(const struct tm_rec_out *o)
{
	return o->tmp;
}

int tm_rec_out_write(const char *text, size_t len, void *arg)
{
	struct tm_rec_out *o = arg;

	if (fwrite(text, 1, len, o->f) != len) {
		o->failed = true;
		return -1;
	}
	return 0;
}

static int put_at(struct tm_rec_out *o, long off, const char *s, size_t room)
{
	char buf[ISSUER_ROOM + 1];
	size_t n = strlen(s);

	if (n > room)
		return -1;
	memset(buf, ' ', room);
	memcpy(buf, s, n);
	return pwrite(fileno(o->f), buf, room, off) == (ssize_t)room ? 0 : -1;
}

int tm_rec_out_finish(struct tm_rec_out *o, uint64_t events, uint64_t written,
		      const struct tm_clock_sync *end, size_t nend, char *err,
		      size_t errlen)
{
	char line[ISSUER_ROOM + 64];
	int bad = fflush(o->f) != 0 || ferror(o->f) || o->failed;

	if (!bad && o->tmp) {
		snprintf(line, sizeof(line), "%llu/%llu   #P:%d", (unsigned long long)events,
			 (unsigned long long)written, o->ncpus);
		bad |= put_at(o, o->entries_off, line, ENTRIES_ROOM);
		for (size_t i = 0; i < nend && i < o->nend && !bad; i++) {
			tm_issuer_line(line, sizeof(line), &end[i]);
			bad |= put_at(o, o->end_off + (long)(i * (ISSUER_ROOM + 1)), line,
				      ISSUER_ROOM);
		}
	}
	if (bad) {
		snprintf(err, errlen, "%s: write error: %s", o->path, strerror(errno));
		return -1;
	}
	if (o->tmp) {
		if (fclose(o->f)) {
			o->f = NULL;
			snprintf(err, errlen, "%s: write error: %s", o->path, strerror(errno));
			return -1;
		}
		o->f = NULL;
		if (rename(o->tmp, o->path)) {
			snprintf(err, errlen, "%s: cannot rename %s into place: %s", o->path,
				 o->tmp, strerror(errno));
			return -1;
		}
	}
	o->done = true;
	return 0;
}

void tm_rec_out_abort(struct tm_rec_out *o)
{
	if (!o)
		return;
	if (o->f && o->f != stdout)
		fclose(o->f);
	else if (o->f)
		fflush(o->f);
	if (o->tmp && !o->done)
		unlink(o->tmp);
	tm_interrupt_remove(o->tmp_id);
	free(o->tmp);
	free(o->path);
	free(o);
}
