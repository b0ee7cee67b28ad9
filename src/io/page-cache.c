/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* page-cache.c - how an output's bytes reach its file: the page-cache
 * window and direct I/O of large outputs (page-cache.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "gzip-out.h"
#include "output.h"
#include "page-cache.h"
#include "tuning.h"

/*
 * A large output is written back and dropped from the page cache behind its
 * writer, TM_OUT_DROP_WINDOW bytes at a time, two windows kept in flight:
 * the same few megabytes of page cache hold the whole output in turn, where
 * it would otherwise take as much fresh memory as it is long (and push out
 * other files' cached pages, the inputs' among them).  Memory not touched
 * for a while costs far more to write into than memory just freed on a
 * virtual machine whose host takes back free pages (as here): writing 2 GB
 * took 4.5 s of system time against 0.7 s with the window.  The price is
 * the wait for the disk when it is slower than the writer, and an output
 * read back from the disk rather than from memory.  So the first 256 MiB
 * of the file stay cached as ever (smaller outputs are not slowed down:
 * `import` of 100 MB took 10% longer with the window), and the tuning's keep_cache
 * keeps every output there.
 */
static off_t drop_after = (off_t)256 << 20;

void tm_out_set_drop_after(off_t bytes)
{
	drop_after = bytes - bytes % TM_OUT_DROP_WINDOW;
}

static bool keep_cache(void)
{
	return tm_tuning_keep_cache();
}

void tm_out_drop_start(struct tm_out_drop *d, off_t at)
{
	d->on = !keep_cache();
	d->wb = d->dropped = at < drop_after ? drop_after : at - at % TM_OUT_DROP_WINDOW;
}

void tm_out_drop_behind(int fd, struct tm_out_drop *d, off_t upto)
{
	if (!d->on)
		return;
	while (upto - d->wb >= TM_OUT_DROP_WINDOW) {
		(void)sync_file_range(fd, d->wb, TM_OUT_DROP_WINDOW, SYNC_FILE_RANGE_WRITE);
		d->wb += TM_OUT_DROP_WINDOW;
		while (d->wb - d->dropped > 2 * TM_OUT_DROP_WINDOW) {
			(void)sync_file_range(fd, d->dropped, TM_OUT_DROP_WINDOW,
					      SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE |
					      SYNC_FILE_RANGE_WAIT_AFTER);
			(void)posix_fadvise(fd, d->dropped, TM_OUT_DROP_WINDOW, POSIX_FADV_DONTNEED);
			d->dropped += TM_OUT_DROP_WINDOW;
		}
	}
}

/*
 * Past the first 256 MiB, the temporary file is also written with direct
 * I/O (O_DIRECT, through a second descriptor): whole pages from the
 * buffers straight to the disk, with no page cache to fill, write back and
 * drop.  On this machine's virtual disk, 1 GB written by dd took 0.15-0.20
 * s of system time that way against 0.41-0.51 s through the windows above
 * (and 0.9-2.9 s through fresh page cache).  A buffer's bytes after its
 * last page boundary in the file are carried to the next buffer; writes
 * that do not start on a page boundary (the first past 256 MiB, the carried
 * bytes at the end) go through the page cache.  A file system without
 * direct I/O, or one that refuses a write, gets page-cache writes.
 */
#define DIO_ALIGN TM_OUT_DIO_ALIGN

char *tm_out_buf_new(void)
{
	void *p;

	return posix_memalign(&p, DIO_ALIGN, TM_OUT_BUFSZ) ? NULL : p;
}

void tm_out_direct_start(struct tm_out *o)
{
	char path[40];

	if (o->direct_tried || !o->tmp || o->place || o->gz || !o->drop.on ||
	    o->pos + (off_t)o->n < drop_after)
		return;
	o->direct_tried = true;
	snprintf(path, sizeof(path), "/proc/self/fd/%d", o->fd);
	o->dfd = open(path, O_WRONLY | O_DIRECT | O_CLOEXEC);
}

static bool aligned(off_t at, const char *p, size_t n)
{
	return at % DIO_ALIGN == 0 && n % DIO_ALIGN == 0 && (uintptr_t)p % DIO_ALIGN == 0;
}

size_t tm_out_flush_cut(const struct tm_out *o)
{
	size_t tail = (size_t)((o->pos + (off_t)o->n) % DIO_ALIGN);

	return o->dfd >= 0 && tail < o->n ? o->n - tail : o->n;
}

int tm_out_write_file(struct tm_out *o, const char *p, size_t n)
{
	return o->gz ? tm_gz_write(o->gz, p, n) : tm_out_write_raw(o, p, n);
}

int tm_out_write_raw(struct tm_out *o, const char *p, size_t n)
{
	while (n) {
		bool direct = o->dfd >= 0 && o->pos >= drop_after && aligned(o->pos, p, n);
		/* (with a direct descriptor, O's file offset is not kept) */
		ssize_t w = direct ? pwrite(o->dfd, p, n, o->pos)
			    : o->placed || o->dfd >= 0 ? pwrite(o->fd, p, n, o->pos)
			    : write(o->fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0 && direct && errno == EINVAL) {
			close(o->dfd);   /* not for this file: through the page cache */
			o->dfd = -1;
			continue;
		}
		if (w <= 0)
			return w < 0 ? errno : EIO;
		p += w;
		n -= (size_t)w;
		o->pos += w;
	}
	tm_out_drop_behind(o->fd, &o->drop, o->pos);
	return 0;
}
