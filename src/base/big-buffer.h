/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * big-buffer.h - buffers for data that may reach GBs (decompressed inputs,
 * the notes of a JSON first pass), backed by an unlinked scratch file in
 * $TMPDIR where one can be made, so that they grow without copying and a
 * full file system is an error when the bytes are reserved, not a fault
 * when they are written.
 */
#ifndef TM_BIG_BUFFER_H
#define TM_BIG_BUFFER_H

#include <stdbool.h>
#include <stddef.h>

/* The directory of scratch files: $TMPDIR, or /tmp when it is unset. */
const char *tm_big_scratch_dir(void);
/* An unlinked temporary file in tm_big_scratch_dir(), open for reading and
 * writing; -1 when none can be made. */
int tm_big_scratch_fd(void);

/* Buffers for output that may reach GBs: grow without copying.  Free with
 * tm_big_free() and the length last given.  Their bytes are allocated in
 * a scratch file (when one can be made) before they are handed out, so a
 * full file system is a NULL return with errno ENOSPC (or EDQUOT, EIO,
 * EFBIG), never a fault when the bytes are written; ENOMEM: no memory. */
void *tm_big_alloc(size_t len);
void *tm_big_resize(void *p, size_t old, size_t len);   /* NULL: p kept */
void tm_big_free(void *p, size_t len);
/* Write N bytes SRC at byte OFF of P (within its length), as
 * tm_big_fixed_write() does.  0, or -1 with errno. */
int tm_big_write(void *p, size_t off, const void *src, size_t n);
/* Grow P from *CAP bytes (not 0) to at most LIMIT: double, or by less
 * when the scratch file system has no room for that.  NULL with errno
 * (P and *CAP kept), else the buffer, *CAP its new size. */
void *tm_big_grow(void *p, size_t *cap, size_t limit);
/* Buffers that grow in place, for a reader on another thread (grow.h):
 * ROOM bytes of address space, of which none is usable yet; grown with
 * tm_big_fixed_grow() (tm_big_grow's contract, within ROOM) or resized
 * with tm_big_fixed_resize() (returns P, or NULL with errno), the address
 * never changes.  NULL with errno when no room can be had.  Free with
 * tm_big_fixed_free(), never tm_big_free(). */
void *tm_big_fixed_alloc(size_t room);
void *tm_big_fixed_resize(void *p, size_t old, size_t len);
void *tm_big_fixed_grow(void *p, size_t *cap, size_t limit);
void tm_big_fixed_free(void *p);
/* Write N bytes SRC at byte OFF of the buffer that grows in place P
 * (within what it has grown to): with pwrite(2) into its scratch file,
 * which fills the file's pages without mapping them (no fault, no zeroing
 * of a new page, and less to undo when the buffer is freed), or copied
 * into an anonymous one.  Its readers read the bytes through P as ever.
 * 0, or -1 with errno. */
int tm_big_fixed_write(void *p, size_t off, const void *src, size_t n);
/* Bytes [FROM, TO) of the buffer that grows in place P (within its room)
 * made ready ahead of its writer, from any thread: their blocks reserved
 * in the scratch file (which is never shortened here) and their pages
 * faulted in writable, so that the writer takes no fault there.  Only
 * pages wholly within [FROM, TO).  0, or -1 (P is as it was; an anonymous
 * buffer is never made ready: its pages would be process memory). */
int tm_big_fixed_prefill(void *p, size_t from, size_t to);
/* A buffer that grows in place made ready ahead of a writer that comes
 * later (tm_big_fixed_prefill, a step at a time), on a thread of its own:
 * tm_big_prefill_run(F) makes ready the bytes up to F->want (raised by
 * tm_big_prefill_want, from any thread), until F->stop is set (with
 * tm_big_prefill_stop) or a step fails (the writer then takes the faults
 * itself: the bytes written are the same). */
struct tm_big_prefill {
	void *buf;              /* a tm_big_fixed_alloc() buffer */
	size_t want;            /* (atomic; past the buffer's room: its room) */
	bool stop;              /* (atomic) */
};
void *tm_big_prefill_run(void *f);
void tm_big_prefill_want(struct tm_big_prefill *f, size_t n);
void tm_big_prefill_stop(struct tm_big_prefill *f);
/* The reason of a big-buffer failure ERR (errno), in BUF: "out of memory"
 * (ENOMEM or 0) or "DIR (TMPDIR): strerror(ERR)".  Returns BUF. */
const char *tm_big_why(int err, char *buf, size_t size);

#endif
