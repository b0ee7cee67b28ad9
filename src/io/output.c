/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* output.c - buffered output, atomic file replacement, JSON escaping (output.h). */
#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "interrupt.h"
#include "output.h"
#include "safe-text.h"
#include "plain-run.h"
#include "thread.h"
#include "tuning.h"

/* Where a scratch part goes on (tm_out_append_begin): shared by the thread
 * writing the part and the one appending it. */
struct tm_out_place {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int fd;            /* the destination, -1 until it is ready */
	off_t at;          /* the part's offset in it */
	int scratch_fd;    /* the scratch file (the part's fd until it moves) */
	off_t moved_after; /* bytes left in the scratch file when it moved; -1 before */
	bool done;         /* the writer flushed for the last time */
};

/*
 * A large output is written back and dropped from the page cache behind its
 * writer, DROP_WINDOW bytes at a time, two windows kept in flight: the same
 * few megabytes of page cache hold the whole output in turn, where it
 * would otherwise take as much fresh memory as it is long (and push out
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
#define DROP_WINDOW ((off_t)16 << 20)
static off_t drop_after = (off_t)256 << 20;

void tm_out_set_drop_after(off_t bytes)
{
	drop_after = bytes - bytes % DROP_WINDOW;
}

static bool keep_cache(void)
{
	return tm_tuning_keep_cache();
}

/* A stream of writes to a regular file from offset AT on.  Its windows
 * lie on multiples of DROP_WINDOW (whole pages: a page that straddles two
 * windows would stay); the first may hold another stream's bytes, which
 * is harmless: pages still dirty are not dropped, clean ones are on disk. */
static void drop_start(struct tm_out_drop *d, off_t at)
{
	d->on = !keep_cache();
	d->wb = d->dropped = at < drop_after ? drop_after : at - at % DROP_WINDOW;
}

/* The stream D of FD holds everything before UPTO: hand each full window
 * to writeback, and drop those two windows behind once written. */
static void drop_behind(int fd, struct tm_out_drop *d, off_t upto)
{
	if (!d->on)
		return;
	while (upto - d->wb >= DROP_WINDOW) {
		(void)sync_file_range(fd, d->wb, DROP_WINDOW, SYNC_FILE_RANGE_WRITE);
		d->wb += DROP_WINDOW;
		while (d->wb - d->dropped > 2 * DROP_WINDOW) {
			(void)sync_file_range(fd, d->dropped, DROP_WINDOW,
					      SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE |
					      SYNC_FILE_RANGE_WAIT_AFTER);
			(void)posix_fadvise(fd, d->dropped, DROP_WINDOW, POSIX_FADV_DONTNEED);
			d->dropped += DROP_WINDOW;
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
#define DIO_ALIGN 4096

static char *buf_new(void)
{
	void *p;

	return posix_memalign(&p, DIO_ALIGN, TM_OUT_BUFSZ) ? NULL : p;
}

static void out_reset(struct tm_out *o)
{
	memset(o, 0, sizeof(*o));
	o->fd = o->dfd = o->tmp_id = -1;
}

/* O's next flush reaches past the cached part: open the direct descriptor
 * once (its temporary file only: not stdout, not a scratch part), as the
 * file O->fd has open (/proc/self/fd: not by its name, which another
 * process could have moved); without /proc, no direct I/O. */
static void direct_start(struct tm_out *o)
{
	char path[40];

	if (o->direct_tried || !o->tmp || o->place || !o->drop.on ||
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

bool tm_out_takes_back(const char *path)
{
	struct stat st;

	if (!path || strcmp(path, "-") == 0)
		return false;
	/* (a directory: the rename says it cannot) */
	return stat(path, &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode);
}

/* PATH written straight, as stdout is: a device or FIFO, or a symlink to
 * one (/dev/stdout), which renaming a temporary file over it would replace
 * with a regular file. */
static int open_straight(struct tm_out *o, const char *path, struct tm_diag *d)
{
	o->fd = open(path, O_WRONLY | O_CLOEXEC);
	if (o->fd < 0) {
		int e = errno;
		free(o->buf);
		o->buf = NULL;
		return tm_diag_error(d, "%s: cannot open: %s", path, strerror(e));
	}
	if (!(o->path = strdup(path))) {
		close(o->fd);
		free(o->buf);
		out_reset(o);
		return tm_diag_error(d, "%s: out of memory", path);
	}
	return 0;   /* not seekable */
}

void tm_out_set_mode(int fd, const char *path)
{
	struct stat st;
	mode_t mode, mask;

	if (lstat(path, &st) == 0 && S_ISREG(st.st_mode)) {
		mode = st.st_mode & 0777;
	} else {
		mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	(void)fchmod(fd, mode);  /* failing, mkstemp's 0600 stays: still usable */
}

/* O writes FD straight, from its current offset on. */
static void straight_fd(struct tm_out *o, int fd)
{
	struct stat st;
	off_t at;

	o->fd = fd;
	o->keep_fd = true;
	if (fstat(o->fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (at = lseek(o->fd, 0, SEEK_CUR)) >= 0) {
		o->pos = at;
		o->seekable = !(fcntl(o->fd, F_GETFL) & O_APPEND);
		if (o->seekable)
			drop_start(&o->drop, at);
	}
}

int tm_out_open_fd(struct tm_out *o, int fd, struct tm_diag *d)
{
	out_reset(o);
	o->reference = tm_tuning_reference();
	if (!(o->buf = buf_new()))
		return tm_diag_error(d, "output: out of memory");
	straight_fd(o, fd);
	return 0;
}

int tm_out_open(struct tm_out *o, const char *path, struct tm_diag *d)
{
	struct stat st;

	out_reset(o);
	o->reference = tm_tuning_reference();
	if (!(o->buf = buf_new()))
		return tm_diag_error(d, "%s: out of memory", path ? path : "stdout");
	if (!path || strcmp(path, "-") == 0) {
		fflush(stdout);
		straight_fd(o, STDOUT_FILENO);
		return 0;
	}
	if (!tm_out_takes_back(path))
		return open_straight(o, path, d);
	/* a directory, or a symlink to one: said now, not after the work */
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		free(o->buf);
		o->buf = NULL;
		return tm_diag_error(d, "%s: is a directory", path);
	}
	o->path = strdup(path);
	if (!o->path || asprintf(&o->tmp, "%s.tmpXXXXXX", path) < 0) {
		free(o->path);
		free(o->buf);
		return tm_diag_error(d, "%s: out of memory", path);
	}
	o->fd = mkstemp(o->tmp);
	o->seekable = true;
	if (o->fd >= 0) {
		o->tmp_id = tm_interrupt_add(o->tmp);   /* removed if a signal comes */
		tm_out_set_mode(o->fd, path);
	}
	if (o->fd < 0) {
		int e = errno;
		free(o->tmp);
		free(o->path);
		free(o->buf);
		o->tmp = o->path = o->buf = NULL;
		return tm_diag_error(d, "%s: cannot create: %s", path, strerror(e));
	}
	drop_start(&o->drop, 0);
	return 0;
}

int tm_out_open_scratch(struct tm_out *o, const char *near, struct tm_diag *d)
{
	const char *tmpdir = getenv("TMPDIR");
	char *path = NULL;
	const char *slash = near && strcmp(near, "-") ? strrchr(near, '/') : NULL;
	int rc;

	out_reset(o);
	if (near && strcmp(near, "-"))
		rc = slash ? asprintf(&path, "%.*s/.tracemerge.XXXXXX", (int)(slash - near), near)
			   : asprintf(&path, ".tracemerge.XXXXXX");
	else
		rc = asprintf(&path, "%s/tracemerge.XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
	if (rc < 0)
		return tm_diag_error(d, "out of memory");
	o->fd = mkstemp(path);
	if (o->fd < 0) {
		int e = errno;
		tm_diag_error(d, "%s: cannot create a scratch file: %s", path, strerror(e));
		free(path);
		return -1;
	}
	unlink(path);               /* gone from the directory; ours until closed */
	/* its name in messages (tm_out_report) */
	rc = asprintf(&o->path, "%s (a scratch file%s)", path,
		      near && strcmp(near, "-") ? "" : ", TMPDIR");
	free(path);
	if (rc < 0 || !(o->buf = buf_new()) || !(o->place = calloc(1, sizeof(*o->place)))) {
		if (rc >= 0)
			free(o->path);
		free(o->buf);
		close(o->fd);
		out_reset(o);
		return tm_diag_error(d, "out of memory");
	}
	pthread_mutex_init(&o->place->mu, NULL);
	pthread_cond_init(&o->place->cv, NULL);
	o->place->fd = -1;
	o->place->scratch_fd = o->fd;
	o->place->moved_after = -1;
	o->reference = tm_tuning_reference();
	return 0;
}

/* ---- writing ----------------------------------------------------------- */

/* Write N bytes at P to O's file; 0 or the errno. */
static int write_all(struct tm_out *o, const char *p, size_t n)
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
	drop_behind(o->fd, &o->drop, o->pos);
	return 0;
}

struct tm_out_bg {
	struct tm_thread thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct tm_out *o;   /* the owner: its file is ours while the writer runs */
	char *spare;        /* the buffer that is not being filled */
	const char *job;    /* handed to the writer; NULL when it is idle */
	size_t job_n;
	bool stop;
	int err;            /* the writer's first error */
};

static void *bg_run(void *arg)
{
	struct tm_out_bg *bg = arg;

	pthread_mutex_lock(&bg->mu);
	for (;;) {
		const char *p;
		size_t n;
		int e = 0;

		while (!bg->job && !bg->stop)
			pthread_cond_wait(&bg->cv, &bg->mu);
		if (!bg->job)
			break;
		p = bg->job;
		n = bg->job_n;
		if (!bg->err) {
			pthread_mutex_unlock(&bg->mu);
			e = write_all(bg->o, p, n);
			pthread_mutex_lock(&bg->mu);
		}
		if (e && !bg->err)
			bg->err = e;
		bg->job = NULL;
		pthread_cond_broadcast(&bg->cv);
	}
	pthread_mutex_unlock(&bg->mu);
	return NULL;
}

/* Wait until everything handed over is written; take over its error. */
static void bg_wait(struct tm_out *o)
{
	struct tm_out_bg *bg = o->bg;

	pthread_mutex_lock(&bg->mu);
	while (bg->job)
		pthread_cond_wait(&bg->cv, &bg->mu);
	if (bg->err && !o->err)
		o->err = bg->err;
	pthread_mutex_unlock(&bg->mu);
}

/* Back to writing in the caller: the writer finishes and ends. */
static void bg_stop(struct tm_out *o)
{
	struct tm_out_bg *bg = o->bg;

	if (!bg)
		return;
	bg_wait(o);
	pthread_mutex_lock(&bg->mu);
	bg->stop = true;
	pthread_cond_signal(&bg->cv);
	pthread_mutex_unlock(&bg->mu);
	tm_thread_join(&bg->thread);
	pthread_mutex_destroy(&bg->mu);
	pthread_cond_destroy(&bg->cv);
	free(bg->spare);
	free(bg);
	o->bg = NULL;
}

void tm_out_background(struct tm_out *o)
{
	struct tm_out_bg *bg;

	if (o->bg || o->fd < 0 || !(bg = calloc(1, sizeof(*bg))))
		return;
	if (!(bg->spare = buf_new())) {
		free(bg);
		return;
	}
	bg->o = o;
	pthread_mutex_init(&bg->mu, NULL);
	pthread_cond_init(&bg->cv, NULL);
	if (!tm_thread_start(&bg->thread, bg_run, bg)) {
		pthread_mutex_destroy(&bg->mu);
		pthread_cond_destroy(&bg->cv);
		free(bg->spare);
		free(bg);
		return;             /* still correct, written in the caller */
	}
	o->bg = bg;
}

/* Scratch part O: once its place in the destination is ready, go on
 * there (what the scratch file holds is copied by the appending thread). */
static void check_place(struct tm_out *o)
{
	struct tm_out_place *pl = o->place;

	if (o->bg)
		bg_wait(o);         /* o->pos is the writer's until then */
	pthread_mutex_lock(&pl->mu);
	if (pl->fd >= 0 && pl->moved_after < 0) {
		pl->moved_after = o->pos;
		o->fd = pl->fd;
		o->pos += pl->at;
		o->placed = true;
		drop_start(&o->drop, o->pos);
		pthread_cond_broadcast(&pl->cv);
	}
	pthread_mutex_unlock(&pl->mu);
}

/* How many of the buffer's bytes to write now: with direct I/O, those
 * before its last page boundary in the file, unless all of them are in one
 * page (o->pos is the file offset of the buffer's first byte). */
static size_t flush_cut(const struct tm_out *o)
{
	size_t tail = (size_t)((o->pos + (off_t)o->n) % DIO_ALIGN);

	return o->dfd >= 0 && tail < o->n ? o->n - tail : o->n;
}

void tm_out_flush(struct tm_out *o)
{
	struct tm_out_bg *bg = o->bg;
	char *full;
	size_t k;

	if (o->place && !o->placed)
		check_place(o);
	if (!o->n)
		return;
	if (bg) {
		/* the other buffer is free, and o->pos ours, once the writer is idle */
		bg_wait(o);
		if (o->err) {
			o->n = 0;
			return;
		}
	}
	direct_start(o);
	k = flush_cut(o);
	if (!bg) {
		if (!o->err)
			o->err = write_all(o, o->buf, k);
		o->n -= k;
		memmove(o->buf, o->buf + k, o->n);
		return;
	}
	full = o->buf;
	pthread_mutex_lock(&bg->mu);
	bg->job = full;
	bg->job_n = k;
	pthread_cond_signal(&bg->cv);
	pthread_mutex_unlock(&bg->mu);
	o->buf = bg->spare;
	bg->spare = full;
	o->n -= k;
	memcpy(o->buf, full + k, o->n);   /* (the writer reads only before K) */
}

void tm_out_make_room(struct tm_out *o, size_t n)
{
	tm_out_flush(o);
	if (n > TM_OUT_BUFSZ - o->n) {
		/* the bytes carried are written through the page cache */
		if (o->bg)
			bg_wait(o);
		if (!o->err)
			o->err = write_all(o, o->buf, o->n);
		o->n = 0;
	}
}

/* Everything given so far is in the file (or failed), and O's file offset
 * is after it. */
static void flush_all(struct tm_out *o)
{
	tm_out_make_room(o, TM_OUT_BUFSZ);
	if (o->bg)
		bg_wait(o);
	if (o->dfd >= 0 && !o->err && lseek(o->fd, o->pos, SEEK_SET) < 0)
		o->err = errno;
}

/* Copy N bytes from the start of SFD to O's file at AT, or (AT < 0) after
 * what O holds, through its buffer (a pipe, a file opened for appending);
 * O's buffer is empty.  0 or the errno. */
static int copy_part(struct tm_out *o, int sfd, off_t n, off_t at)
{
	off_t spos = 0, dpos = at;
	/* appending: O's own stream; at AT: a stream of its own */
	struct tm_out_drop placed, *drop = at < 0 ? &o->drop : &placed;
	const off_t *end = at < 0 ? &o->pos : &dpos;

	if (at >= 0)
		drop_start(&placed, at);
	while (spos < n) {
		/* a window at a time: the copied stretch leaves the cache, and
		 * the scratch file's pages are freed behind it */
		uint64_t left = (uint64_t)(n - spos);
		size_t step = (size_t)(left < (uint64_t)DROP_WINDOW ? left : (uint64_t)DROP_WINDOW);
		off_t was = spos;
		ssize_t k = copy_file_range(sfd, &spos, o->fd, at < 0 ? NULL : &dpos, step, 0);

		if (k > 0) {
			if (at < 0)
				o->pos += k;
			drop_behind(o->fd, drop, *end);
			(void)fallocate(sfd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, was, k);
			continue;
		}
		if (k == 0)
			return EIO;     /* the scratch file is shorter than written */
		if (errno == EINTR)
			continue;
		/* not between these files (a pipe, another file system): copy */
		while (spos < n && !o->err) {
			uint64_t rest = (uint64_t)(n - spos);
			ssize_t r = pread(sfd, o->buf, rest < TM_OUT_BUFSZ ? (size_t)rest : TM_OUT_BUFSZ,
					  spos);
			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0)
				return r < 0 ? errno : EIO;
			spos += r;
			if (at < 0) {
				o->n = (size_t)r;
				tm_out_flush(o);
				continue;
			}
			for (ssize_t done = 0; done < r;) {
				ssize_t w = pwrite(o->fd, o->buf + done, (size_t)(r - done), dpos);
				if (w < 0 && errno == EINTR)
					continue;
				if (w <= 0)
					return w < 0 ? errno : EIO;
				done += w;
				dpos += w;
			}
		}
		flush_all(o);
		return o->err;
	}
	return 0;
}

void tm_out_part_done(struct tm_out *src)
{
	struct tm_out_place *pl = src->place;

	tm_out_flush(src);
	if (src->bg)
		bg_wait(src);
	pthread_mutex_lock(&pl->mu);
	pl->done = true;
	pthread_cond_broadcast(&pl->cv);
	pthread_mutex_unlock(&pl->mu);
}

int tm_out_append_begin(struct tm_out *o, struct tm_out *src)
{
	struct tm_out_place *pl = src->place;
	off_t n;
	int e;

	flush_all(o);
	pthread_mutex_lock(&pl->mu);
	if (!o->err && o->seekable) {
		/* the part goes on in place from the writer's next flush */
		pl->fd = o->fd;
		pl->at = o->pos;
		pthread_cond_broadcast(&pl->cv);
	}
	while (pl->moved_after < 0 && !pl->done)
		pthread_cond_wait(&pl->cv, &pl->mu);
	n = pl->moved_after >= 0 ? pl->moved_after : src->pos;
	pthread_mutex_unlock(&pl->mu);
	if (o->err)
		return -1;
	if (!o->seekable)
		return 0;           /* (a pipe, or appending) copied by append_end */
	if ((e = copy_part(o, pl->scratch_fd, n, o->pos)) != 0)
		o->err = e;
	return o->err ? -1 : 0;
}

int tm_out_append_end(struct tm_out *o, struct tm_out *src)
{
	struct tm_out_place *pl = src->place;

	if (src->err && !o->err) {
		o->err = src->err;
		o->err_file = src->path;   /* the part's file failed, not O's */
		src->path = NULL;
	}
	if (o->err) {
		/* nothing more */
	} else if (pl->fd >= 0) {
		/* the part ends where its writer stopped (in place or not) */
		off_t end = pl->moved_after >= 0 ? src->pos : pl->at + src->pos;

		if (lseek(o->fd, end, SEEK_SET) < 0)
			o->err = errno;
		o->pos = end;
	} else {
		/* sequential output: the scratch file's bytes after O's */
		int e = copy_part(o, pl->scratch_fd, src->pos, -1);

		if (e && !o->err)
			o->err = e;
	}
	tm_out_abort(src);
	return o->err ? -1 : 0;
}

int tm_out_append(struct tm_out *o, struct tm_out *src)
{
	tm_out_part_done(src);
	tm_out_append_begin(o, src);
	return tm_out_append_end(o, src);
}

void tm_out_abort(struct tm_out *o)
{
	int fd = o->place ? o->place->scratch_fd : o->fd; /* (a moved part's fd is not its own) */

	bg_stop(o);
	if (fd >= 0 && !(fd == o->fd && o->keep_fd))
		close(fd);
	if (o->dfd >= 0)
		close(o->dfd);
	if (o->place) {
		pthread_mutex_destroy(&o->place->mu);
		pthread_cond_destroy(&o->place->cv);
		free(o->place);
	}
	if (o->tmp)
		unlink(o->tmp);
	tm_interrupt_remove(o->tmp_id);
	free(o->tmp);
	free(o->path);
	free(o->err_file);
	free(o->buf);
	out_reset(o);
}

int tm_out_report(const struct tm_out *o, struct tm_diag *d)
{
	const char *name = o->err_file ? o->err_file : o->path ? o->path : "stdout";

	return tm_diag_error(d, "%s: write error: %s", name, strerror(o->err ? o->err : EIO));
}

/* Put finished temporary file O->tmp in place of O->path.  rename(2) over
 * an existing file makes ext4 (auto_da_alloc) write the new file out and
 * free the old one inside the call (0.1 s for 200 MB); swapping the two
 * names (RENAME_EXCHANGE, as atomic for readers of PATH) and removing the
 * old file after costs only the removal.  Anything but a regular file at
 * PATH, or no exchange on this file system: rename(2). */
static int put_in_place(struct tm_out *o, struct tm_diag *d)
{
	struct stat st;

	if (lstat(o->path, &st) == 0 && S_ISREG(st.st_mode) &&
	    renameat2(AT_FDCWD, o->tmp, AT_FDCWD, o->path, RENAME_EXCHANGE) == 0) {
		if (unlink(o->tmp) != 0)
			tm_diag_warn(d, "old-output-kept", NULL,
				     "%s: the file it replaced is left at %s: %s", o->path,
				     o->tmp, strerror(errno));
		return 0;
	}
	if (rename(o->tmp, o->path) != 0)
		return tm_diag_error(d, "%s: cannot rename %s into place: %s", o->path, o->tmp,
				     strerror(errno));
	return 0;
}

int tm_out_close(struct tm_out *o, struct tm_diag *d)
{
	int rc = 0;

	flush_all(o);
	bg_stop(o);
	if (o->dfd >= 0 && close(o->dfd) != 0 && !o->err)
		o->err = errno;
	o->dfd = -1;
	free(o->buf);
	o->buf = NULL;
	if (!o->keep_fd && close(o->fd) != 0 && !o->err)
		o->err = errno;
	o->fd = -1;
	if (o->err)
		rc = tm_out_report(o, d);
	else if (o->tmp)
		rc = put_in_place(o, d);
	if (rc && o->tmp)
		unlink(o->tmp);
	tm_interrupt_remove(o->tmp_id);   /* (in place, or removed) */
	free(o->tmp);
	free(o->path);
	free(o->err_file);
	out_reset(o);
	return rc;
}

void tm_out_write(struct tm_out *o, const void *p, size_t n)
{
	if (n == 0)
		return; /* p may be NULL */
	if (n <= TM_OUT_BUFSZ - o->n) {
		memcpy(o->buf + o->n, p, n);
		o->n += n;
		return;
	}
	if (n <= TM_OUT_BUFSZ) {
		tm_out_make_room(o, n);
		memcpy(o->buf + o->n, p, n);
		o->n += n;
		return;
	}
	/* larger than the buffer: written directly, after what came before */
	flush_all(o);
	if (!o->err)
		o->err = write_all(o, p, n);
}

void tm_out_puts(struct tm_out *o, const char *s)
{
	tm_out_write(o, s, strlen(s));
}

void tm_out_printf(struct tm_out *o, const char *fmt, ...)
{
	va_list ap;
	char small[256], *big = NULL;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0) {
		if (!o->err)
			o->err = EIO;
		return;
	}
	if ((size_t)n < sizeof(small)) {
		tm_out_write(o, small, (size_t)n);
		return;
	}
	va_start(ap, fmt);
	n = vasprintf(&big, fmt, ap);
	va_end(ap);
	if (n < 0) {
		if (!o->err)
			o->err = ENOMEM;
		return;
	}
	tm_out_write(o, big, (size_t)n);
	free(big);
}

/* Escape one byte sequence at P (tm_json_stop[*p]); returns bytes consumed. */
static size_t escape_one(struct tm_out *o, const unsigned char *p, const unsigned char *e)
{
	static const char hex[] = "0123456789abcdef";
	unsigned char c = *p;
	size_t len = c >= 0x80 ? tm_utf8_seq_len(p, (size_t)(e - p)) : 0;

	if (len) {
		tm_out_write(o, p, len);
		return len;
	}
	switch (c) {
	case '"': tm_out_write(o, "\\\"", 2); break;
	case '\\': tm_out_write(o, "\\\\", 2); break;
	case '\n': tm_out_write(o, "\\n", 2); break;
	case '\t': tm_out_write(o, "\\t", 2); break;
	case '\r': tm_out_write(o, "\\r", 2); break;
	default:
		if (c < 0x20) {
			char u[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
			tm_out_write(o, u, 6);
		} else {
			tm_out_write(o, "\\ufffd", 6);
			o->bad_utf8++;
		}
	}
	return 1;
}

/* The reference loop (the tuning's reference path): one byte at a time. */
static void json_chars_ref(struct tm_out *o, const unsigned char *p, const unsigned char *e)
{
	while (p < e) {
		if (tm_json_stop[*p]) {
			p += escape_one(o, p, e);
		} else {
			tm_out_write(o, p, 1);
			p++;
		}
	}
}

/* Escaped string body: runs of plain bytes are copied straight into the
 * output buffer. */
void tm_out_json_chars(struct tm_out *o, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *e = p + n;

	if (o->reference) {
		json_chars_ref(o, p, e);
		return;
	}
	while (p < e) {
		size_t k = tm_json_plain_len(p, e);

		tm_out_write(o, p, k);
		p += k;
		if (p < e)
			p += escape_one(o, p, e);
	}
}

void tm_out_json_str(struct tm_out *o, const char *p, size_t n)
{
	tm_out_write(o, "\"", 1);
	tm_out_json_chars(o, p, n);
	tm_out_write(o, "\"", 1);
}

size_t tm_utf8_copy(char *dst, size_t cap, const char *src, size_t n)
{
	const unsigned char *p = (const unsigned char *)src, *e;
	size_t o = 0, bad = 0;

	if (cap)
		dst[0] = '\0';
	if (!n)
		return 0; /* src may be NULL: no pointer arithmetic on it */
	e = p + n;

	while (p < e) {
		size_t len = *p >= 0x20 ? tm_utf8_seq_len(p, (size_t)(e - p)) : 0;
		const char *rep = len ? (const char *)p : "\xef\xbf\xbd";
		size_t rlen = len ? len : 3;
		if (o + rlen >= cap)
			break;
		memcpy(dst + o, rep, rlen);
		o += rlen;
		p += len ? len : 1;
		bad += !len;
	}
	if (cap)
		dst[o] = '\0';
	return bad;
}
