/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * archive.c - TAR (ustar) and stored ZIP members written to an output
 * (archive.h).  Layouts: POSIX.1-1988 ustar headers of 512 bytes; PKWARE
 * APPNOTE local file headers, central directory and end record, method 0.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "archive.h"

#define TAR_BLOCK 512u
#define TAR_RECORD 10240u
#define TAR_MAX_SIZE 077777777777ULL         /* 11 octal digits */
#define ZIP_MAX 0xfffffffeULL                /* 0xffffffff means ZIP64 */
#define ZIP_MAX_MEMBERS 0xfffeu
#define COPY_CHUNK (256u * 1024u)

enum tm_archive_kind tm_archive_kind(const char *path)
{
	size_t n = path ? strlen(path) : 0;

	if (n > 4 && !strcasecmp(path + n - 4, ".tar"))
		return TM_ARCHIVE_TAR;
	if (n > 4 && !strcasecmp(path + n - 4, ".zip"))
		return TM_ARCHIVE_ZIP;
	return TM_ARCHIVE_NONE;
}

bool tm_archive_name_ok(const char *name)
{
	size_t n = strlen(name);

	return n >= 1 && n <= 99;
}

void tm_archive_init(struct tm_archive *a, enum tm_archive_kind kind, struct tm_out *o,
		     struct tm_diag *d, time_t mtime)
{
	memset(a, 0, sizeof(*a));
	a->kind = kind;
	a->o = o;
	a->d = d;
	a->mtime = mtime;
}

void tm_archive_free(struct tm_archive *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->m[i].name);
	free(a->m);
	a->m = NULL;
	a->n = a->cap = 0;
}

static void put(struct tm_archive *a, const void *p, size_t n)
{
	tm_out_write(a->o, p, n);
	a->pos += n;
}

static void put_zeros(struct tm_archive *a, size_t n)
{
	static const char zero[TAR_BLOCK];

	while (n) {
		size_t k = n < sizeof(zero) ? n : sizeof(zero);
		put(a, zero, k);
		n -= k;
	}
}

/* ---- TAR ---------------------------------------------------------------- */

/* VALUE as WIDTH-1 octal digits and a NUL in FIELD. */
static void octal(char *field, size_t width, uint64_t value)
{
	field[width - 1] = '\0';
	for (size_t i = width - 1; i-- > 0; value >>= 3)
		field[i] = (char)('0' + (value & 7));
}

/* The ustar header of a regular file NAME of SIZE bytes in H. */
static void tar_header(const struct tm_archive *a, char h[TAR_BLOCK], const char *name,
		       uint64_t size)
{
	unsigned sum = 0;

	memset(h, 0, TAR_BLOCK);
	memcpy(h, name, strlen(name));                 /* name[100] */
	octal(h + 100, 8, 0644);                       /* mode */
	octal(h + 108, 8, 0);                          /* uid */
	octal(h + 116, 8, 0);                          /* gid */
	octal(h + 124, 12, size);                      /* size */
	octal(h + 136, 12, a->mtime > 0 ? (uint64_t)a->mtime : 0); /* mtime */
	memset(h + 148, ' ', 8);                       /* chksum, as spaces */
	h[156] = '0';                                  /* typeflag: regular */
	memcpy(h + 257, "ustar", 6);                   /* magic "ustar\0" */
	memcpy(h + 263, "00", 2);                      /* version */
	memcpy(h + 265, "root", 4);                    /* uname */
	memcpy(h + 297, "root", 4);                    /* gname */
	for (size_t i = 0; i < TAR_BLOCK; i++)
		sum += (unsigned char)h[i];
	octal(h + 148, 7, sum);                        /* 6 digits, NUL, */
	h[155] = ' ';                                  /* then a space */
}

/* ---- ZIP ---------------------------------------------------------------- */

static void le16(unsigned char *p, unsigned v)
{
	p[0] = (unsigned char)(v & 0xff);
	p[1] = (unsigned char)((v >> 8) & 0xff);
}

static void le32(unsigned char *p, uint64_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)((v >> (8 * i)) & 0xff);
}

/* MS-DOS date and time of T (UTC; 1980-01-01 for earlier times). */
static void dos_time(time_t t, unsigned *date, unsigned *tod)
{
	struct tm tm;

	if (t < 315532800 || !gmtime_r(&t, &tm)) {
		*date = (0u << 9) | (1u << 5) | 1u;
		*tod = 0;
		return;
	}
	*date = ((unsigned)(tm.tm_year - 80) << 9) | ((unsigned)(tm.tm_mon + 1) << 5) |
		(unsigned)tm.tm_mday;
	*tod = ((unsigned)tm.tm_hour << 11) | ((unsigned)tm.tm_min << 5) |
	       (unsigned)(tm.tm_sec / 2);
}

/* The fields a local header and a central directory entry share, from
 * "version needed" on (26 bytes at P). */
static void zip_common(const struct tm_archive *a, unsigned char *p,
		       const struct tm_archive_member *m)
{
	unsigned date, tod;

	dos_time(a->mtime, &date, &tod);
	le16(p, 10);                 /* version needed: 1.0, stored */
	le16(p + 2, 0x0800);         /* flags: the name is UTF-8 */
	le16(p + 4, 0);              /* method: stored */
	le16(p + 6, tod);
	le16(p + 8, date);
	le32(p + 10, m->crc);
	le32(p + 14, m->size);       /* compressed size */
	le32(p + 18, m->size);       /* uncompressed size */
	le16(p + 22, (unsigned)strlen(m->name));
	le16(p + 24, 0);             /* extra field length */
}

static void zip_local_header(struct tm_archive *a, const struct tm_archive_member *m)
{
	unsigned char h[30];

	le32(h, 0x04034b50);
	zip_common(a, h + 4, m);
	put(a, h, sizeof(h));
	put(a, m->name, strlen(m->name));
}

static void zip_central_entry(struct tm_archive *a, const struct tm_archive_member *m)
{
	unsigned char h[46];

	le32(h, 0x02014b50);
	le16(h + 4, (3u << 8) | 20u);   /* made by: Unix, 2.0 */
	zip_common(a, h + 6, m);
	le16(h + 32, 0);                /* comment length */
	le16(h + 34, 0);                /* disk number */
	le16(h + 36, 0);                /* internal attributes */
	le32(h + 38, (uint64_t)0100644 << 16); /* external: a regular file, 0644 */
	le32(h + 42, m->offset);
	put(a, h, sizeof(h));
	put(a, m->name, strlen(m->name));
}

/* ---- members ------------------------------------------------------------ */

/* A new member NAME of SIZE bytes (CRC for ZIP) at the archive's end: its
 * header written.  The member, or NULL with D's error set. */
static struct tm_archive_member *begin(struct tm_archive *a, const char *name, uint64_t size,
				       uint32_t crc)
{
	struct tm_archive_member *m;

	if (!tm_archive_name_ok(name)) {
		tm_diag_error(a->d, "%s: an archive member's name must have 1 to 99 bytes", name);
		return NULL;
	}
	if (a->kind == TM_ARCHIVE_TAR && size > TAR_MAX_SIZE) {
		tm_diag_error(a->d, "%s: too large for a TAR member (8 GiB at most)", name);
		return NULL;
	}
	if (a->kind == TM_ARCHIVE_ZIP &&
	    (size > ZIP_MAX || a->pos > ZIP_MAX || a->n >= ZIP_MAX_MEMBERS)) {
		tm_diag_error(a->d, "%s: a ZIP archive holds less than 4 GiB and 65535 "
			      "members (write a .tar)", name);
		return NULL;
	}
	if (a->n == a->cap) {
		size_t cap = a->cap ? 2 * a->cap : 8;
		struct tm_archive_member *v = realloc(a->m, cap * sizeof(*v));
		if (!v) {
			tm_diag_error(a->d, "out of memory");
			return NULL;
		}
		a->m = v;
		a->cap = cap;
	}
	m = &a->m[a->n];
	if (!(m->name = strdup(name))) {
		tm_diag_error(a->d, "out of memory");
		return NULL;
	}
	a->n++;
	m->crc = crc;
	m->size = size;
	m->offset = a->pos;
	if (a->kind == TM_ARCHIVE_TAR) {
		char h[TAR_BLOCK];
		tar_header(a, h, name, size);
		put(a, h, sizeof(h));
	} else {
		zip_local_header(a, m);
	}
	return m;
}

/* After a member's SIZE bytes: TAR pads them to a whole block. */
static void end(struct tm_archive *a, uint64_t size)
{
	if (a->kind == TM_ARCHIVE_TAR && size % TAR_BLOCK)
		put_zeros(a, TAR_BLOCK - size % TAR_BLOCK);
}

int tm_archive_add_mem(struct tm_archive *a, const char *name, const void *data, size_t len)
{
	uint32_t crc = 0;

	if (a->kind == TM_ARCHIVE_ZIP) {
		uLong c = crc32(0L, Z_NULL, 0);
		const unsigned char *p = data;
		for (size_t off = 0; off < len;) {
			uInt k = len - off > COPY_CHUNK ? COPY_CHUNK : (uInt)(len - off);
			c = crc32(c, p + off, k);
			off += k;
		}
		crc = (uint32_t)c;
	}
	if (!begin(a, name, len, crc))
		return -1;
	put(a, data, len);
	end(a, len);
	return 0;
}

/* Read FD's SIZE bytes from its start in chunks into BUF, handing each to
 * FN (CTX).  0, or -1 with D's error set (NAME in it). */
static int read_all(struct tm_archive *a, const char *name, int fd, uint64_t size, char *buf,
		    void (*fn)(void *ctx, const char *p, size_t n), void *ctx)
{
	uint64_t off = 0;

	while (off < size) {
		size_t want = size - off > COPY_CHUNK ? COPY_CHUNK : (size_t)(size - off);
		ssize_t r = pread(fd, buf, want, (off_t)off);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return tm_diag_error(a->d, "%s: read error: %s", name, strerror(errno));
		if (r == 0)
			return tm_diag_error(a->d, "%s: the file got shorter while it was read",
					     name);
		fn(ctx, buf, (size_t)r);
		off += (uint64_t)r;
	}
	return 0;
}

static void crc_chunk(void *ctx, const char *p, size_t n)
{
	uLong *c = ctx;

	*c = crc32(*c, (const unsigned char *)p, (uInt)n);
}

static void copy_chunk(void *ctx, const char *p, size_t n)
{
	put(ctx, p, n);
}

int tm_archive_add_fd(struct tm_archive *a, const char *name, int fd)
{
	struct stat st;
	uLong crc = crc32(0L, Z_NULL, 0);
	uint64_t size;
	char *buf;
	int rc = -1;

	if (fstat(fd, &st) || !S_ISREG(st.st_mode))
		return tm_diag_error(a->d, "%s: not a regular file to put in the archive", name);
	size = (uint64_t)st.st_size;
	if (!(buf = malloc(COPY_CHUNK)))
		return tm_diag_error(a->d, "out of memory");
	if ((a->kind == TM_ARCHIVE_ZIP && read_all(a, name, fd, size, buf, crc_chunk, &crc)) ||
	    !begin(a, name, size, (uint32_t)crc))
		goto out;
	if (read_all(a, name, fd, size, buf, copy_chunk, a))
		goto out;
	end(a, size);
	rc = 0;
out:
	free(buf);
	return rc;
}

static int zip_finish(struct tm_archive *a)
{
	uint64_t cd = a->pos;
	unsigned char e[22];

	for (size_t i = 0; i < a->n; i++)
		zip_central_entry(a, &a->m[i]);
	if (cd > ZIP_MAX || a->pos - cd > ZIP_MAX)
		return tm_diag_error(a->d, "a ZIP archive holds less than 4 GiB (write a .tar)");
	le32(e, 0x06054b50);
	le16(e + 4, 0);                 /* this disk */
	le16(e + 6, 0);                 /* disk of the central directory */
	le16(e + 8, (unsigned)a->n);    /* entries on this disk */
	le16(e + 10, (unsigned)a->n);   /* entries */
	le32(e + 12, a->pos - cd);      /* central directory size */
	le32(e + 16, cd);               /* and offset */
	le16(e + 20, 0);                /* comment length */
	put(a, e, sizeof(e));
	return 0;
}

int tm_archive_finish(struct tm_archive *a)
{
	if (a->kind == TM_ARCHIVE_ZIP)
		return zip_finish(a);
	put_zeros(a, 2 * TAR_BLOCK);
	if (a->pos % TAR_RECORD)
		put_zeros(a, TAR_RECORD - a->pos % TAR_RECORD);
	return 0;
}
