/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * page-cache.h - how an output's bytes reach its file (io's own): a large
 * output kept out of the page cache a window at a time, and past the first
 * 256 MiB written with direct I/O (page-cache.c says why and what it cost).
 */
#ifndef TM_PAGE_CACHE_H
#define TM_PAGE_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "output.h"

/* Bytes written back and dropped at a time. */
#define TM_OUT_DROP_WINDOW ((off_t)16 << 20)
/* Direct I/O's alignment of offsets, lengths and buffers. */
#define TM_OUT_DIO_ALIGN 4096

/* A stream D of writes to a regular file from offset AT on.  Its windows
 * lie on multiples of TM_OUT_DROP_WINDOW (whole pages: a page that
 * straddles two windows would stay); the first may hold another stream's
 * bytes, which is harmless: pages still dirty are not dropped, clean ones
 * are on disk.  Off with the tuning's keep_cache. */
void tm_out_drop_start(struct tm_out_drop *d, off_t at);
/* The stream D of FD holds everything before UPTO: hand each full window
 * to writeback, and drop those two windows behind once written. */
void tm_out_drop_behind(int fd, struct tm_out_drop *d, off_t upto);
/* A buffer of TM_OUT_BUFSZ bytes aligned for direct I/O; NULL without
 * memory.  free() it. */
char *tm_out_buf_new(void);
/* O's next flush reaches past the cached part: open the direct descriptor
 * once (its temporary file only: not stdout, not a scratch part), as the
 * file O->fd has open (/proc/self/fd: not by its name, which another
 * process could have moved); without /proc, no direct I/O. */
void tm_out_direct_start(struct tm_out *o);
/* How many of the buffer's bytes to write now: with direct I/O, those
 * before its last page boundary in the file, unless all of them are in one
 * page (o->pos is the file offset of the buffer's first byte). */
size_t tm_out_flush_cut(const struct tm_out *o);
/* Write N bytes at P to O's file at o->pos (direct where they are
 * aligned), and drop what is behind; 0 or the errno.  With a gzip stage
 * (tm_out_gzip) the bytes are deflated first; tm_out_write_raw writes
 * what it gives. */
int tm_out_write_file(struct tm_out *o, const char *p, size_t n);
int tm_out_write_raw(struct tm_out *o, const char *p, size_t n);

#endif
