/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * input.h - load one input file and split it into blocks by content.
 *
 * An input is read whole (mmap for regular files, read() for pipes), its
 * container is recognised by content (never by name) and undone: gzip,
 * "TRACE:" + zlib (atrace -z), the three systrace HTML generations (legacy
 * `var linuxPerfData = "..."` with JS escaping, multi-block
 * `<script class="trace-data">`, trace2html base64+gzip `viewer-data`).
 * The result is a list of blocks, each a byte range holding one kind of
 * text: ftrace text, Trace Event JSON, a PROCESS DUMP, a CGROUP DUMP.
 * Block data either points into the mapped file or into a buffer the input
 * owns; it lives until tm_input_free().
 */
#ifndef TRACEMERGE_INPUT_H
#define TRACEMERGE_INPUT_H

#include "api.h"

#include <stddef.h>
#include <stdint.h>
#include "diag.h"

#ifdef __cplusplus
extern "C" {
#endif

enum tm_format {
	TM_FMT_UNKNOWN = 0,
	TM_FMT_FTRACE,          /* plain ftrace / atrace / trace-cmd report text */
	TM_FMT_ATRACE_ZLIB,     /* "TRACE:" line + zlib stream (atrace -z) */
	TM_FMT_SYSTRACE_LEGACY, /* HTML with var linuxPerfData = "..." */
	TM_FMT_SYSTRACE_MULTI,  /* HTML with <script class="trace-data"> blocks */
	TM_FMT_TRACE2HTML,      /* HTML with base64(gzip) viewer-data blocks */
	TM_FMT_JSON,            /* Trace Event JSON (array or object) */
	TM_FMT_SPEEDTRACER,     /* Speed Tracer data dump (JSON per line) */
	TM_FMT_SCOPE,           /* Opera Scope profiler Events (STP/1 JSON) */
	TM_FMT_PERFTIMELINE,    /* W3C Performance Timeline entries (JSON) */
	TM_FMT_TRACEDAT,        /* trace-cmd trace.dat (read by libtracecmd) */
	TM_FMT_PERFETTO,        /* Perfetto protobuf trace (its ftrace events) */
};

enum tm_block_kind {
	TM_BLOCK_FTRACE,
	TM_BLOCK_JSON,
	TM_BLOCK_PROCESS_DUMP,
	TM_BLOCK_CGROUP_DUMP,
	TM_BLOCK_OTHER,
};

struct tm_block {
	enum tm_block_kind kind;
	const char *data;
	size_t len;
	/* Line of the input file on which data's first line stands (1-based),
	 * so that line i of the block (0-based) is file line first_line + i;
	 * 0 when block lines do not map onto file lines (decompressed data). */
	unsigned long first_line;
	char origin[64];        /* e.g. "trace-data block 2", "gzip", "" */
};

struct tm_input;

/* Open PATH ("-" = stdin) and decode its container.  Returns NULL with
 * d->error set ("PATH: ...") on failure: missing file, directory, empty
 * file, truncated compressed stream, unrecognised content. */
TM_API struct tm_input *tm_input_open(const char *path, struct tm_diag *d);

/* Same, from bytes the caller owns (must outlive the input); NAME is used
 * in messages.  Used by tests and fuzz targets. */
TM_API struct tm_input *tm_input_open_mem(const char *name, const void *data,
					  size_t len, struct tm_diag *d);

/* Same, from the open file descriptor FD (a regular file is mapped, a pipe
 * read to its end; the caller closes FD); NAME is used in messages. */
TM_API struct tm_input *tm_input_open_fd(const char *name, int fd, struct tm_diag *d);

TM_API void tm_input_free(struct tm_input *in);
/* What the compressed data of an input may inflate to, in bytes, for the
 * inputs opened after the call (0: the default, 100 times the compressed
 * size but at least 1 GiB).  Past it, the input is refused as a
 * decompression bomb; a head of binary data is refused at once. */
TM_API void tm_input_set_decompress_limit(size_t bytes);

TM_API const char *tm_input_name(const struct tm_input *in);
TM_API enum tm_format tm_input_format(const struct tm_input *in);
/* True when the outer file was gzip-compressed (format describes the inside). */
TM_API int tm_input_was_gzip(const struct tm_input *in);
TM_API size_t tm_input_nblocks(const struct tm_input *in);
TM_API const struct tm_block *tm_input_block(const struct tm_input *in, size_t i);

TM_API const char *tm_format_name(enum tm_format f);     /* "ftrace", "systrace-html-legacy", ... */
TM_API const char *tm_block_kind_name(enum tm_block_kind k);

#ifdef __cplusplus
}
#endif

#endif
