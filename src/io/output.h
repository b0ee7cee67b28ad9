/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * output.h - buffered output with JSON string escaping.
 *
 * Output goes to stdout or to a temporary file beside the destination that
 * is renamed into place only when everything was written (never a partial
 * output file).  JSON strings are escaped per RFC 8259; invalid UTF-8 is
 * replaced by U+FFFD and counted, so the output is always valid UTF-8.
 *
 * The pieces behind it, each in a file of its own: the buffer (output.c),
 * JSON escaping (json-escape.c), the temporary file and its rename
 * (file-replace.h), the background writer (writer-thread.h), the
 * page-cache window and direct I/O (page-cache.h), scratch parts
 * (scratch-part.h), the gzip stage (gzip-out.h).
 */
#ifndef TM_OUT_H
#define TM_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "tracemerge/diag.h"

/* 1 MiB: each full buffer is handed to the background writer (a wakeup and
 * a write(2)); 128 KiB buffers made 8 times as many, and `import` of 100 MB
 * of ftrace text took 0.311 s (median of 10) against 0.279 */
#define TM_OUT_BUFSZ (1u << 20)

/* Keeping a large output out of the page cache (page-cache.h): what of a stream
 * of writes was handed to writeback (before wb) and dropped from the cache
 * (before dropped). */
struct tm_out_drop {
	bool on;
	off_t wb, dropped;
};

struct tm_out {
	int fd;
	char *buf;         /* TM_OUT_BUFSZ bytes, flushed with write(2) */
	size_t n;
	char *path;        /* destination, NULL for stdout */
	char *tmp;         /* temporary file being written (NULL: written
			    * straight, tm_out_takes_back) */
	int tmp_id;        /* its registration for signals (interrupt.h), or -1 */
	uint64_t bad_utf8; /* invalid sequences replaced */
	int err;           /* first write errno */
	char *err_file;    /* the file ERR is about when not this one's (a
			    * scratch part's, tm_out_append_end), or NULL */
	struct tm_out_place *place; /* a scratch part: where it goes on (tm_out_append_begin) */
	bool placed;       /* writing in place (pwrite at pos), no longer the scratch file */
	bool keep_fd;      /* fd is the caller's (stdout, tm_out_open_fd): not closed */
	bool seekable;     /* a regular file written at known offsets (not appending) */
	off_t pos;         /* file offset after what was written */
	bool reference;    /* the reference path (tuning.h): the plain escaping loop (make bench
			    * checks that both give the same bytes) */
	struct tm_out_drop drop; /* of the writes at pos (not for scratch files) */
	struct tm_out_bg *bg; /* background writer (tm_out_background), or NULL */
	int dfd;           /* the temporary file opened for direct I/O past the
			    * first 256 MiB (page-cache.h), or -1 */
	bool direct_tried; /* dfd was opened, or could not be */
	struct tm_gz *gz;  /* the gzip stage (tm_out_gzip), or NULL */
	uint64_t given;    /* bytes that left buf for the file (tm_out_offset) */
};

/* PATH NULL or "-" writes stdout.  A regular file (or none yet) is written
 * as a temporary file beside it, renamed over PATH by tm_out_close (nothing
 * reaches PATH before, and tm_out_abort leaves it as it was; a symlink at
 * PATH is replaced, its file untouched; a directory, or a symlink to one,
 * is an error here); a device or FIFO (/dev/null,
 * /dev/stdout), which the rename would replace, is written straight, as
 * stdout is. */
int tm_out_open(struct tm_out *o, const char *path, struct tm_diag *d);
/* O writes the caller's open FD straight (as stdout is written), from its
 * offset on; FD is not closed.  0, or -1 (no memory). */
int tm_out_open_fd(struct tm_out *o, int fd, struct tm_diag *d);
/* Give FD, a temporary file made (mode 0600) to be renamed over PATH, the
 * permission bits of the regular file at PATH and, where this process may
 * set them, its owner and group; or (none there: nothing, a symlink) what
 * creat() would give, 0666 & ~umask. */
void tm_out_set_mode(int fd, const char *path);
/* From its first byte on, O's file gets what is written gzip-compressed
 * (gzip-out.h): one gzip member, ended by tm_out_close.  Call it after
 * opening, before writing.  The stage runs where the bytes reach the file
 * (on the writer thread of tm_out_background); such an output is written
 * in sequence: no direct I/O, and a scratch part appended goes through the
 * stage (tm_out_append_end), not in place.  0, or -1 (no memory: D's
 * error). */
int tm_out_gzip(struct tm_out *o, struct tm_diag *d);
/* Would tm_out_open(PATH) write a temporary file put in place at close?
 * Not for "-", a device, a FIFO or a path that names standard output or
 * standard error (tm_out_path_fd): those are written through. */
bool tm_out_takes_back(const char *path);
/* The descriptor, STDOUT_FILENO or STDERR_FILENO, open on the file that
 * PATH names (/dev/stdout, /dev/fd/1, /proc/self/fd/1, or the very file
 * standard output was redirected to), or -1.  Such a path is written
 * through that descriptor, from its offset and with its flags (O_APPEND),
 * never replaced. */
int tm_out_path_fd(const char *path);
/* From now on full buffers are written by a helper thread while the next
 * one fills (two buffers); the output is the same.  Without a thread (it
 * cannot start, or the tuning allows none: thread.h) writing stays in the
 * caller.  Undone by close or abort. */
void tm_out_background(struct tm_out *o);
/* A scratch output: an unlinked temporary file in the directory of NEAR
 * (the final output's path; NULL or "-": $TMPDIR or /tmp), for a part
 * written on another thread and appended later with tm_out_append(). */
int tm_out_open_scratch(struct tm_out *o, const char *near, struct tm_diag *d);
/* Append everything written to scratch output SRC to O, and close SRC.
 * Returns 0, or -1 with O's error set. */
int tm_out_append(struct tm_out *o, struct tm_out *src);
/* The same while SRC is still being written by another thread, which calls
 * tm_out_part_done(SRC) when it has written everything.  _begin copies what
 * SRC holds so far to the end of O, and the writer's next flushes go
 * straight to their place after it (pwrite), so the copy overlaps the rest
 * of its work; once the writer has ended, _end closes SRC and moves O's end
 * past the part.  (An output that is not a regular file, or is opened for
 * appending, gets the part copied after the writer is done, by _end.)  Both
 * return 0, or -1 with O's error set; after a failed _begin, still call
 * _end.  Without _begin, tm_out_abort(SRC) after the writer ended. */
void tm_out_part_done(struct tm_out *src);
int tm_out_append_begin(struct tm_out *o, struct tm_out *src);
int tm_out_append_end(struct tm_out *o, struct tm_out *src);
/* Outputs are kept out of the page cache from this offset on (page-cache.c:
 * 256 MiB, rounded down to the window; the tests set less). */
void tm_out_set_drop_after(off_t bytes);
/* Flush and rename into place; on failure remove the temporary file. */
int tm_out_close(struct tm_out *o, struct tm_diag *d);
/* Remove the temporary file (after an error). */
void tm_out_abort(struct tm_out *o);
/* Set D's error to O's write error: "FILE: write error: strerror(err)",
 * FILE the one that failed (O's path, "stdout", or a scratch part's
 * "NAME (a scratch file, TMPDIR)").  Returns -1. */
int tm_out_report(const struct tm_out *o, struct tm_diag *d);

/* Hand the buffer's bytes to the file (or its writer thread).  Written
 * with direct I/O, less than a page of them can stay in the buffer, for
 * the next flush: they are in the file at tm_out_close, before a part is
 * appended and before a write larger than the buffer. */
void tm_out_flush(struct tm_out *o);

/* The offset in the output of the next byte written: how many bytes O was
 * given so far (written or still buffered). */
static inline uint64_t tm_out_offset(const struct tm_out *o)
{
	return o->given + o->n;
}
/* Write the N bytes at P again over those at OFFSET of what O was given
 * (OFFSET + N at most tm_out_offset), for an output that is a file being
 * made (tm_out_open of a path it takes back) whose bytes are the ones
 * given, at their offsets: what was handed to the file is written first,
 * then rewritten in place.  -1 (nothing done) where O is not such a file
 * (a gzip output, tm_out_gzip, is not: its offsets are not the file's) or
 * a write failed. */
int tm_out_patch(struct tm_out *o, uint64_t offset, const void *p, size_t n);
/* One change of what O was given: the OLD_N bytes at OFFSET become the N
 * (at least OLD_N) bytes at P. */
struct tm_out_edit {
	uint64_t offset;
	const char *p;
	uint32_t old_n, n;
};
/* Make the NE EDITS (by increasing offset, none overlapping another) in
 * what O was given, for an output tm_out_patch writes over: where an edit
 * is longer than what it replaces, everything after it moves on by the
 * difference (read back and written again from the file's end down:
 * bytes, not the work that made them), and what is written next comes
 * after all that.  0, or -1 where O is not such a file (nothing done) or a
 * read or write failed (O's error). */
int tm_out_rewrite(struct tm_out *o, const struct tm_out_edit *edits, size_t ne);
/* tm_out_rewrite where every edit is in O's buffer still (not yet handed
 * to the file) and what they add fits in it: done there, the bytes after
 * each moved on in memory.  0 done, 1 not so (nothing done; a later
 * tm_out_rewrite moves the file's bytes instead), -1 as tm_out_rewrite. */
int tm_out_rewrite_buffered(struct tm_out *o, const struct tm_out_edit *edits, size_t ne);
/* Flush so that N (at most TM_OUT_BUFSZ) bytes fit in the buffer. */
void tm_out_make_room(struct tm_out *o, size_t n);

/* Room for N (at most TM_OUT_BUFSZ) bytes written in place, then
 * tm_out_used() with how many were. */
static inline char *tm_out_room(struct tm_out *o, size_t n)
{
	if (n > TM_OUT_BUFSZ - o->n)
		tm_out_make_room(o, n);
	return o->buf + o->n;
}

static inline void tm_out_used(struct tm_out *o, size_t n)
{
	o->n += n;
}

void tm_out_write(struct tm_out *o, const void *p, size_t n);
void tm_out_puts(struct tm_out *o, const char *s);
void tm_out_printf(struct tm_out *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Escaped string body (no quotes). */
void tm_out_json_chars(struct tm_out *o, const char *p, size_t n);
/* Quoted, escaped string. */
void tm_out_json_str(struct tm_out *o, const char *p, size_t n);

/* Copy N bytes of SRC into DST (NUL-terminated, at most CAP-1 bytes), with
 * invalid UTF-8 and control characters replaced by U+FFFD; never cuts a
 * sequence in half.  Returns the number of replacements. */
size_t tm_utf8_copy(char *dst, size_t cap, const char *src, size_t n);


#endif
