/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* file-replace.c - an output written as a temporary file renamed over
 * its destination (file-replace.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file-replace.h"
#include "interrupt.h"
#include "output.h"
#include "page-cache.h"

int tm_out_path_fd(const char *path)
{
	struct stat st, fst;

	if (!path || stat(path, &st) != 0)
		return -1;
	for (int fd = STDOUT_FILENO; fd <= STDERR_FILENO; fd++)
		if (fstat(fd, &fst) == 0 && fst.st_dev == st.st_dev && fst.st_ino == st.st_ino)
			return fd;
	return -1;
}

bool tm_out_takes_back(const char *path)
{
	struct stat st;

	if (!path || strcmp(path, "-") == 0 || tm_out_path_fd(path) >= 0)
		return false;
	/* (a directory: the rename says it cannot) */
	return stat(path, &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode);
}

void tm_out_set_mode(int fd, const char *path)
{
	struct stat st;
	mode_t mode, mask;

	if (lstat(path, &st) == 0 && S_ISREG(st.st_mode)) {
		mode = st.st_mode & 0777;
		/* the owner and group of the file replaced, where this process
		 * may give them (root; a group it is in), as cp -p does; first,
		 * since a change of owner clears set-id bits */
		if (fchown(fd, st.st_uid, st.st_gid) != 0)
			(void)fchown(fd, (uid_t)-1, st.st_gid);
	} else {
		mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	(void)fchmod(fd, mode);  /* failing, mkstemp's 0600 stays: still usable */
}

int tm_out_replace_open(struct tm_out *o, const char *path, struct tm_diag *d)
{
	struct stat st;

	/* a directory, or a symlink to one: said now, not after the work */
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return tm_diag_error(d, "%s: is a directory", path);
	o->path = strdup(path);
	if (!o->path || asprintf(&o->tmp, "%s.tmpXXXXXX", path) < 0) {
		free(o->path);
		o->path = NULL;
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
		o->tmp = o->path = NULL;
		return tm_diag_error(d, "%s: cannot create: %s", path, strerror(e));
	}
	tm_out_drop_start(&o->drop, 0);
	return 0;
}

/* rename(2) over an existing file makes ext4 (auto_da_alloc) write the new
 * file out and free the old one inside the call (0.1 s for 200 MB);
 * swapping the two names (RENAME_EXCHANGE, as atomic for readers of PATH)
 * and removing the old file after costs only the removal.  Anything but a
 * regular file at PATH, or no exchange on this file system: rename(2). */
int tm_out_replace_finish(struct tm_out *o, struct tm_diag *d)
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
