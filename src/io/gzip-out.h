/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * gzip-out.h - an output's gzip stage (io's own): the bytes the writer
 * hands to the file are deflated on their way (one gzip member), with
 * ISA-L's level 1 where the library was built with it, zlib's level 1
 * otherwise (and on the tuning's reference path).  The stage sits where
 * the writer meets the file (page-cache.c, tm_out_write_file), so it runs
 * on the writer thread when there is one.
 */
#ifndef TM_GZIP_OUT_H
#define TM_GZIP_OUT_H

#include <stdbool.h>
#include <stddef.h>

struct tm_gz;

/* Where compressed bytes go: 0 or an errno. */
typedef int (*tm_gz_sink)(void *ctx, const char *p, size_t n);

/* A gzip stream writing to SINK(CTX, ...); NULL without memory. */
struct tm_gz *tm_gz_new(tm_gz_sink sink, void *ctx);
/* Deflate N bytes at P; full compressed buffers go to the sink.  0 or the
 * sink's errno (ENOMEM, EIO: the compressor failed). */
int tm_gz_write(struct tm_gz *z, const char *p, size_t n);
/* End the stream (its last block and the trailer: CRC-32, length) and
 * hand everything left to the sink.  0 or an errno. */
int tm_gz_finish(struct tm_gz *z);
void tm_gz_free(struct tm_gz *z);
/* Does PATH name a gzip file (ends in ".gz")? */
bool tm_gz_name(const char *path);

#endif
