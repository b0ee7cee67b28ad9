/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * archive.h - a TAR (POSIX ustar) or ZIP (stored, no compression) archive
 * written member by member to an output (output.h), for Perfetto merge
 * archives.  Each member's bytes come from memory or from a file
 * descriptor (read twice for ZIP: once for its CRC-32, once to copy).
 *
 * Limits, refused with an error rather than written wrong: member names of
 * 1 to 99 bytes without NUL (the ustar name field; the Perfetto UI's own
 * limit too), TAR members below 8 GiB (11 octal digits), ZIP members,
 * offsets and the central directory below 4 GiB and fewer than 65535
 * members (no ZIP64).
 */
#ifndef TM_ARCHIVE_H
#define TM_ARCHIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "output.h"
#include "tracemerge/diag.h"
#include "tracemerge/session.h"   /* enum tm_archive_kind */

struct tm_archive_member {
	char *name;
	uint32_t crc;
	uint64_t size;
	uint64_t offset;             /* of its header in the archive */
};

struct tm_archive {
	enum tm_archive_kind kind;
	struct tm_out *o;
	struct tm_diag *d;
	uint64_t pos;                /* bytes written to O so far */
	time_t mtime;                /* every member's modification time */
	struct tm_archive_member *m;
	size_t n, cap;
};

/* A archive of KIND written to O (opened, empty), errors in D, members
 * stamped MTIME. */
void tm_archive_init(struct tm_archive *a, enum tm_archive_kind kind, struct tm_out *o,
		     struct tm_diag *d, time_t mtime);
/* Add member NAME holding the LEN bytes at DATA.  0, or -1 with D's error set. */
int tm_archive_add_mem(struct tm_archive *a, const char *name, const void *data, size_t len);
/* Add member NAME holding what FD (a regular file) holds, read from its
 * start (pread: FD's offset is not moved).  0, or -1 with D's error set (a
 * read error; the file changed its size while read). */
int tm_archive_add_fd(struct tm_archive *a, const char *name, int fd);
/* Write the end of the archive (TAR: two zero blocks, padded to 10 KiB;
 * ZIP: the central directory).  0, or -1 with D's error set. */
int tm_archive_finish(struct tm_archive *a);
void tm_archive_free(struct tm_archive *a);

/* Is NAME usable as a member name (1 to 99 bytes)? */
bool tm_archive_name_ok(const char *name);

#endif
