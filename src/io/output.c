/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* output.c - an output's buffer: opening, writing, flushing, closing
 * (output.h).  The file replacement, the writer thread, the page-cache
 * policy, scratch parts and JSON escaping are beside it (file-replace.c,
 * writer-thread.c, page-cache.c, scratch-part.c, json-escape.c). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file-replace.h"
#include "gzip-out.h"
#include "interrupt.h"
#include "output-int.h"
#include "output.h"
#include "page-cache.h"
#include "scratch-part.h"
#include "tuning.h"
#include "writer-thread.h"

void tm_out_reset(struct tm_out *o)
{
	memset(o, 0, sizeof(*o));
	o->fd = o->dfd = o->tmp_id = -1;
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
		tm_out_reset(o);
		return tm_diag_error(d, "%s: out of memory", path);
	}
	return 0;   /* not seekable */
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
			tm_out_drop_start(&o->drop, at);
	}
}

int tm_out_open_fd(struct tm_out *o, int fd, struct tm_diag *d)
{
	tm_out_reset(o);
	o->reference = tm_tuning_reference();
	if (!(o->buf = tm_out_buf_new()))
		return tm_diag_error(d, "output: out of memory");
	straight_fd(o, fd);
	return 0;
}

int tm_out_open(struct tm_out *o, const char *path, struct tm_diag *d)
{
	int fd = STDOUT_FILENO;

	tm_out_reset(o);
	o->reference = tm_tuning_reference();
	if (!(o->buf = tm_out_buf_new()))
		return tm_diag_error(d, "%s: out of memory", path ? path : "stdout");
	if (!path || strcmp(path, "-") == 0 || (fd = tm_out_path_fd(path)) >= 0) {
		fflush(fd == STDERR_FILENO ? stderr : stdout);
		straight_fd(o, fd);
		return 0;
	}
	if (!tm_out_takes_back(path))
		return open_straight(o, path, d);
	if (tm_out_replace_open(o, path, d)) {
		free(o->buf);
		o->buf = NULL;
		return -1;
	}
	return 0;
}

/* The gzip stage's sink: compressed bytes to the file. */
static int gz_sink(void *ctx, const char *p, size_t n)
{
	return tm_out_write_raw(ctx, p, n);
}

int tm_out_gzip(struct tm_out *o, struct tm_diag *d)
{
	if (!(o->gz = tm_gz_new(gz_sink, o)))
		return tm_diag_error(d, "%s: out of memory", o->path ? o->path : "stdout");
	o->seekable = false;        /* its offsets are the compressed stream's */
	return 0;
}

void tm_out_flush(struct tm_out *o)
{
	struct tm_out_bg *bg = o->bg;
	size_t k;

	if (o->place && !o->placed)
		tm_out_check_place(o);
	if (!o->n)
		return;
	if (bg) {
		/* the other buffer is free, and o->pos ours, once the writer is idle */
		tm_out_bg_wait(o);
		if (o->err) {
			o->n = 0;
			return;
		}
	}
	tm_out_direct_start(o);
	k = tm_out_flush_cut(o);
	o->given += k;
	if (!bg) {
		if (!o->err)
			o->err = tm_out_write_file(o, o->buf, k);
		o->n -= k;
		memmove(o->buf, o->buf + k, o->n);
		return;
	}
	tm_out_bg_hand(o, k);
}

void tm_out_make_room(struct tm_out *o, size_t n)
{
	tm_out_flush(o);
	if (n > TM_OUT_BUFSZ - o->n) {
		/* the bytes carried are written through the page cache */
		if (o->bg)
			tm_out_bg_wait(o);
		if (!o->err)
			o->err = tm_out_write_file(o, o->buf, o->n);
		o->given += o->n;
		o->n = 0;
	}
}

void tm_out_flush_all(struct tm_out *o)
{
	tm_out_make_room(o, TM_OUT_BUFSZ);
	if (o->bg)
		tm_out_bg_wait(o);
	if (o->dfd >= 0 && !o->err && lseek(o->fd, o->pos, SEEK_SET) < 0)
		o->err = errno;
}

void tm_out_abort(struct tm_out *o)
{
	int fd = o->place ? tm_out_scratch_fd(o) : o->fd; /* (a moved part's fd is not its own) */

	tm_out_bg_stop(o);
	if (fd >= 0 && !(fd == o->fd && o->keep_fd))
		close(fd);
	if (o->dfd >= 0)
		close(o->dfd);
	if (o->place)
		tm_out_place_free(o->place);
	tm_gz_free(o->gz);
	if (o->tmp)
		unlink(o->tmp);
	tm_interrupt_remove(o->tmp_id);
	free(o->tmp);
	free(o->path);
	free(o->err_file);
	free(o->buf);
	tm_out_reset(o);
}

int tm_out_report(const struct tm_out *o, struct tm_diag *d)
{
	const char *name = o->err_file ? o->err_file : o->path ? o->path : "stdout";

	return tm_diag_error(d, "%s: write error: %s", name, strerror(o->err ? o->err : EIO));
}

int tm_out_close(struct tm_out *o, struct tm_diag *d)
{
	int rc = 0;

	tm_out_flush_all(o);
	tm_out_bg_stop(o);
	if (o->gz && !o->err)
		o->err = tm_gz_finish(o->gz);
	tm_gz_free(o->gz);
	o->gz = NULL;
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
		rc = tm_out_replace_finish(o, d);
	if (rc && o->tmp)
		unlink(o->tmp);
	tm_interrupt_remove(o->tmp_id);   /* (in place, or removed) */
	free(o->tmp);
	free(o->path);
	free(o->err_file);
	tm_out_reset(o);
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
	tm_out_flush_all(o);
	if (!o->err)
		o->err = tm_out_write_file(o, p, n);
	o->given += n;
}

int tm_out_patch(struct tm_out *o, uint64_t offset, const void *p, size_t n)
{
	ssize_t w;

	if (!o->tmp || !o->seekable || o->place || offset > tm_out_offset(o) ||
	    n > tm_out_offset(o) - offset)
		return -1;
	if (offset >= o->given) {
		memcpy(o->buf + (offset - o->given), p, n);   /* still buffered */
		return 0;
	}
	/* the file made from offset 0 on: a byte's offset is its place */
	tm_out_flush_all(o);
	if (o->err)
		return -1;
	w = pwrite(o->fd, p, n, (off_t)offset);
	if (w != (ssize_t)n) {
		o->err = w < 0 ? errno : EIO;
		return -1;
	}
	return 0;
}

/* Move the file's bytes [FROM, TO) on by SHIFT bytes, the last ones
 * first (the place they go overlaps them), through O's free buffer. */
static int move_on(struct tm_out *o, uint64_t from, uint64_t to, uint64_t shift)
{
	if (!shift)
		return 0;      /* before the first wider edit: in place already */
	while (to > from) {
		size_t k = to - from < TM_OUT_BUFSZ ? (size_t)(to - from) : TM_OUT_BUFSZ;
		ssize_t r;

		to -= k;
		r = pread(o->fd, o->buf, k, (off_t)to);
		if (r != (ssize_t)k)
			return r < 0 ? errno : EIO;
		r = pwrite(o->fd, o->buf, k, (off_t)(to + shift));
		if (r != (ssize_t)k)
			return r < 0 ? errno : EIO;
	}
	return 0;
}

/* tm_out_rewrite of EDITS that make the file longer by GROW bytes: with
 * everything in the file, each stretch between two edits is moved on by
 * what the edits before it add, from the last stretch down. */
static int rewrite_longer(struct tm_out *o, const struct tm_out_edit *edits, size_t ne,
			  uint64_t grow)
{
	uint64_t end, shift = grow;

	tm_out_flush_all(o);   /* (the buffer is free after it, the writer idle) */
	if (o->err)
		return -1;
	end = o->given;
	for (size_t i = ne; i-- > 0;) {
		const struct tm_out_edit *e = &edits[i];
		ssize_t w;

		if (!o->err)
			o->err = move_on(o, e->offset + e->old_n, end, shift);
		shift -= e->n - e->old_n;
		w = o->err ? 0 : pwrite(o->fd, e->p, e->n, (off_t)(e->offset + shift));
		if (!o->err && w != (ssize_t)e->n)
			o->err = w < 0 ? errno : EIO;
		end = e->offset;
	}
	o->given += grow;
	o->pos += (off_t)grow;
	if (!o->err && lseek(o->fd, o->pos, SEEK_SET) < 0)
		o->err = errno;
	return o->err ? -1 : 0;
}

/* Are EDITS (NE) a rewrite O can make (tm_out_rewrite)?  *GROW: what they
 * add. */
static bool rewrite_ok(const struct tm_out *o, const struct tm_out_edit *edits, size_t ne,
		       uint64_t *grow)
{
	uint64_t at = 0;

	*grow = 0;
	if (!o->tmp || !o->seekable || o->place)
		return false;
	for (size_t i = 0; i < ne; i++) {
		const struct tm_out_edit *e = &edits[i];

		if (e->offset < at || e->n < e->old_n ||
		    e->offset > tm_out_offset(o) || e->old_n > tm_out_offset(o) - e->offset)
			return false;
		at = e->offset + e->old_n;
		*grow += e->n - e->old_n;
	}
	return true;
}

int tm_out_rewrite_buffered(struct tm_out *o, const struct tm_out_edit *edits, size_t ne)
{
	uint64_t grow;
	size_t end;

	if (!rewrite_ok(o, edits, ne, &grow))
		return -1;
	if (!ne)
		return 0;
	if (edits[0].offset < o->given || grow > TM_OUT_BUFSZ - o->n)
		return 1;
	/* from the last edit down, each stretch after an edit moved on by what
	 * the edits before it and the edit itself add (where they add
	 * anything) */
	end = o->n;
	o->n += (size_t)grow;
	for (size_t i = ne; i-- > 0;) {
		const struct tm_out_edit *e = &edits[i];
		size_t at = (size_t)(e->offset - o->given);

		grow -= e->n - e->old_n;
		if (grow + e->n > e->old_n)
			memmove(o->buf + at + grow + e->n, o->buf + at + e->old_n,
				end - (at + e->old_n));
		memcpy(o->buf + at + grow, e->p, e->n);
		end = at;
	}
	return 0;
}

int tm_out_rewrite(struct tm_out *o, const struct tm_out_edit *edits, size_t ne)
{
	uint64_t grow;
	int rc = tm_out_rewrite_buffered(o, edits, ne);

	if (rc <= 0)
		return rc;
	rewrite_ok(o, edits, ne, &grow);
	if (grow)
		return rewrite_longer(o, edits, ne, grow);
	for (size_t i = 0; i < ne; i++)
		if (tm_out_patch(o, edits[i].offset, edits[i].p, edits[i].n))
			return -1;
	return 0;
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
