/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* scratch-part.c - parts written on another thread into a scratch file
 * and appended to an output (output.h: tm_out_open_scratch,
 * tm_out_append*; scratch-part.h). */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output-int.h"
#include "output.h"
#include "page-cache.h"
#include "scratch-part.h"
#include "tuning.h"
#include "writer-thread.h"

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

int tm_out_open_scratch(struct tm_out *o, const char *near, struct tm_diag *d)
{
	const char *tmpdir = getenv("TMPDIR");
	char *path = NULL;
	const char *slash = near && strcmp(near, "-") ? strrchr(near, '/') : NULL;
	int rc;

	tm_out_reset(o);
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
	if (rc < 0 || !(o->buf = tm_out_buf_new()) || !(o->place = calloc(1, sizeof(*o->place)))) {
		if (rc >= 0)
			free(o->path);
		free(o->buf);
		close(o->fd);
		tm_out_reset(o);
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

void tm_out_check_place(struct tm_out *o)
{
	struct tm_out_place *pl = o->place;

	if (o->bg)
		tm_out_bg_wait(o);         /* o->pos is the writer's until then */
	pthread_mutex_lock(&pl->mu);
	if (pl->fd >= 0 && pl->moved_after < 0) {
		pl->moved_after = o->pos;
		o->fd = pl->fd;
		o->pos += pl->at;
		o->placed = true;
		tm_out_drop_start(&o->drop, o->pos);
		pthread_cond_broadcast(&pl->cv);
	}
	pthread_mutex_unlock(&pl->mu);
}

/* Copy N bytes from the start of SFD to O's file at AT, or (AT < 0) after
 * what O holds, through its buffer (a pipe, a file opened for appending,
 * a gzip output); O's buffer is empty.  0 or the errno. */
static int copy_part(struct tm_out *o, int sfd, off_t n, off_t at)
{
	off_t spos = 0, dpos = at;
	/* appending: O's own stream; at AT: a stream of its own */
	struct tm_out_drop placed, *drop = at < 0 ? &o->drop : &placed;
	const off_t *end = at < 0 ? &o->pos : &dpos;

	if (at >= 0)
		tm_out_drop_start(&placed, at);
	while (spos < n) {
		/* a window at a time: the copied stretch leaves the cache, and
		 * the scratch file's pages are freed behind it */
		uint64_t left = (uint64_t)(n - spos);
		size_t step = (size_t)(left < (uint64_t)TM_OUT_DROP_WINDOW ? left : (uint64_t)TM_OUT_DROP_WINDOW);
		off_t was = spos;
		/* (a gzip output takes the bytes through its stage, below) */
		ssize_t k = o->gz ? (errno = EXDEV, -1) :
			    copy_file_range(sfd, &spos, o->fd, at < 0 ? NULL : &dpos, step, 0);

		if (k > 0) {
			if (at < 0)
				o->pos += k;
			tm_out_drop_behind(o->fd, drop, *end);
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
		tm_out_flush_all(o);
		return o->err;
	}
	return 0;
}

void tm_out_part_done(struct tm_out *src)
{
	struct tm_out_place *pl = src->place;

	tm_out_flush(src);
	if (src->bg)
		tm_out_bg_wait(src);
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

	tm_out_flush_all(o);
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

int tm_out_scratch_fd(const struct tm_out *o)
{
	return o->place->scratch_fd;
}

void tm_out_place_free(struct tm_out_place *pl)
{
	pthread_mutex_destroy(&pl->mu);
	pthread_cond_destroy(&pl->cv);
	free(pl);
}
