/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* big-buffer.c - buffers backed by a scratch file (big-buffer.h). */
#include <errno.h>
#include <stdint.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sys/mman.h>
#include <unistd.h>

#include "big-buffer.h"

/* ---- big buffers --------------------------------------------------------
 * Output that may reach gigabytes (inflated data, unescaped JS strings,
 * stdin) lives in anonymous mappings: they grow with mremap (no copy), ask
 * for transparent huge pages (a fault per 2 MB instead of per 4 KB) and go
 * back with munmap.  Under AddressSanitizer plain malloc is used instead so
 * that an overflow past the end is still caught.
 */
#if defined(__SANITIZE_ADDRESS__)
#define BIG_USE_MALLOC 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BIG_USE_MALLOC 1
#endif
#endif

const char *tm_big_scratch_dir(void)
{
	const char *dir = getenv("TMPDIR");

	return dir && *dir ? dir : "/tmp";
}

int tm_big_scratch_fd(void)
{
	char path[4096];
	int fd;

	snprintf(path, sizeof(path), "%s/tracemerge-buf.XXXXXX", tm_big_scratch_dir());
	fd = mkstemp(path);
	if (fd >= 0)
		unlink(path);
	return fd;
}

const char *tm_big_why(int err, char *buf, size_t size)
{
	if (!err || err == ENOMEM)
		snprintf(buf, size, "out of memory");
	else
		snprintf(buf, size, "%s (TMPDIR): %s", tm_big_scratch_dir(), strerror(err));
	return buf;
}

/* Growth by doubling, or (the scratch file system having no room for
 * that) by half as much, and so on down to GROW_MIN. */
#define GROW_MIN ((size_t)64 << 10)

/* Grow P from *CAP to at most LIMIT with RESIZE (tm_big_resize or
 * tm_big_fixed_resize): tm_big_grow's contract. */
static void *grow_with(void *p, size_t *cap, size_t limit,
		       void *(*resize)(void *p, size_t old, size_t len))
{
	size_t step = *cap ? *cap : GROW_MIN;

	if (*cap >= limit) {
		errno = ENOMEM;
		return NULL;
	}
	for (;;) {
		size_t ncap = step < limit - *cap ? *cap + step : limit;
		void *nb = resize(p, *cap, ncap);

		if (nb) {
			*cap = ncap;
			return nb;
		}
		if (errno != ENOSPC && errno != EDQUOT)
			return NULL;
		if (step <= GROW_MIN)
			return NULL;
		step = step / 2 > GROW_MIN ? step / 2 : GROW_MIN;
	}
}

void *tm_big_grow(void *p, size_t *cap, size_t limit)
{
	return grow_with(p, cap, limit, tm_big_resize);
}

/* The header page before the data of a scratch-file mapping: the fd of
 * the file (-1: anonymous), and for a buffer that grows in place its room
 * (0 for the others). */
#define BIG_HDR 4096
struct big_hdr {
	int fd;
	size_t room;
};

/* Blocks for bytes [FROM, TO) of scratch file FD; 0 or -1 with errno (the
 * file is cut back to FROM bytes then). */
static int big_reserve(int fd, size_t from, size_t to)
{
	int e;

	do
		e = posix_fallocate(fd, (off_t)from, (off_t)(to - from));
	while (e == EINTR);
	if (!e)
		return 0;
	(void)ftruncate(fd, (off_t)from);
	errno = e;
	return -1;
}

/* A new mapping of TOTAL bytes (mmap FLAGS added), its header page set
 * (struct big_hdr, ROOM): of a scratch file with its first RESERVE bytes
 * allocated, or (no scratch file can be made or mapped) anonymous.  Its
 * data (after the header), or NULL with errno: a full $TMPDIR is an error,
 * not a reason to map anonymously. */
static void *big_new(size_t reserve, size_t total, int flags, size_t room)
{
	struct big_hdr h = { .fd = tm_big_scratch_fd(), .room = room };
	char *p = MAP_FAILED;

	if (h.fd >= 0 && big_reserve(h.fd, 0, reserve)) {
		int e = errno;

		close(h.fd);
		errno = e;
		return NULL;
	}
	if (h.fd >= 0)
		p = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_SHARED | flags, h.fd, 0);
	if (p == MAP_FAILED) {
		if (h.fd >= 0)
			close(h.fd);
		h.fd = -1;
		p = mmap(NULL, total, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | flags, -1, 0);
	}
	if (p == MAP_FAILED) {
		errno = ENOMEM;
		return NULL;
	}
	memcpy(p, &h, sizeof(h));
	return p + BIG_HDR;
}

/* Write N bytes SRC at byte OFF of the data P of a mapping made by
 * big_new(): into its file with pwrite, or copied when it has none. */
static int hdr_write(void *p, size_t off, const void *src, size_t n)
{
	const char *s = src;
	struct big_hdr h;

	memcpy(&h, (char *)p - BIG_HDR, sizeof(h));
	if (h.fd < 0) {
		memcpy((char *)p + off, src, n);
		return 0;
	}
	while (n) {
		ssize_t k = pwrite(h.fd, s, n, (off_t)(BIG_HDR + off));

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			if (k == 0)
				errno = EIO;
			return -1;
		}
		s += k;
		off += (size_t)k;
		n -= (size_t)k;
	}
	return 0;
}

/* ---- buffers that grow in place -----------------------------------------
 * The whole room is mapped at once (MAP_NORESERVE: address space only) and
 * only the file behind it grows, by whole pages (no page is ever half in
 * the file), so the address never changes: another thread may read the
 * bytes already written while the buffer grows.  (Always a mapping, also
 * under AddressSanitizer.)
 */
static size_t page_up(size_t n)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);

	return (n + pg - 1) / pg * pg;
}

void *tm_big_fixed_alloc(size_t room)
{
	if (room > SIZE_MAX / 2) {
		errno = ENOMEM;
		return NULL;
	}
	/* (only the header page in the file: the room is address space) */
	return big_new(page_up(BIG_HDR), page_up(BIG_HDR + room), MAP_NORESERVE, room);
}

void *tm_big_fixed_resize(void *p, size_t old, size_t len)
{
	struct big_hdr h;
	size_t from = page_up(BIG_HDR + old), to = page_up(BIG_HDR + len);

	memcpy(&h, (char *)p - BIG_HDR, sizeof(h));
	if (len > h.room) {
		errno = ENOMEM;
		return NULL;
	}
	if (h.fd >= 0 && to != from &&
	    (to > from ? big_reserve(h.fd, from, to) : ftruncate(h.fd, (off_t)to)) != 0)
		return NULL;
	return p;
}

void *tm_big_fixed_grow(void *p, size_t *cap, size_t limit)
{
	return grow_with(p, cap, limit, tm_big_fixed_resize);
}

int tm_big_fixed_write(void *p, size_t off, const void *src, size_t n)
{
	return hdr_write(p, off, src, n);
}

int tm_big_fixed_prefill(void *p, size_t from, size_t to)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	struct big_hdr h;
	size_t a, b;
	int e;

	memcpy(&h, (char *)p - BIG_HDR, sizeof(h));
	if (h.fd < 0 || to > h.room)
		return -1;
	a = page_up(BIG_HDR + from);                    /* offsets in the file */
	b = (BIG_HDR + to) / pg * pg;
	if (a >= b)
		return 0;
	do
		e = fallocate(h.fd, 0, (off_t)a, (off_t)(b - a));
	while (e && errno == EINTR);
	if (e)
		return -1;
	return madvise((char *)p - BIG_HDR + a, b - a, MADV_POPULATE_WRITE);
}

/* A step of tm_big_prefill_run at most this much (the stop waits for it)
 * and at least this much but at the room's end (each costs two system
 * calls); a want already met waits NAP_NS for more. */
#define PREFILL_MAX ((size_t)8 << 20)
#define PREFILL_MIN ((size_t)256 << 10)
#define PREFILL_ALIGN ((size_t)2 << 20)
#define NAP_NS 200000

void *tm_big_prefill_run(void *arg)
{
	struct tm_big_prefill *f = arg;
	const struct timespec nap = { 0, NAP_NS };
	struct big_hdr h;
	size_t done = 0;

	memcpy(&h, (char *)f->buf - BIG_HDR, sizeof(h));
	while (!__atomic_load_n(&f->stop, __ATOMIC_ACQUIRE)) {
		size_t want = __atomic_load_n(&f->want, __ATOMIC_RELAXED), end;

		if (want > h.room)
			want = h.room;
		if (want <= done || (want - done < PREFILL_MIN && want < h.room)) {
			nanosleep(&nap, NULL);
			continue;
		}
		end = want - done < PREFILL_MAX ? want : done + PREFILL_MAX;
		/* (ending on a 2 MB boundary of the file: its large pages) */
		if ((BIG_HDR + end) % PREFILL_ALIGN < end - done)
			end -= (BIG_HDR + end) % PREFILL_ALIGN;
		if (tm_big_fixed_prefill(f->buf, done, end))
			break;
		done = end;
	}
	return NULL;
}

void tm_big_prefill_want(struct tm_big_prefill *f, size_t n)
{
	if (n > __atomic_load_n(&f->want, __ATOMIC_RELAXED))
		__atomic_store_n(&f->want, n, __ATOMIC_RELAXED);
}

void tm_big_prefill_stop(struct tm_big_prefill *f)
{
	__atomic_store_n(&f->stop, true, __ATOMIC_RELEASE);
}

void tm_big_fixed_free(void *p)
{
	struct big_hdr h;
	char *base;

	if (!p)
		return;
	base = (char *)p - BIG_HDR;
	memcpy(&h, base, sizeof(h));
	munmap(base, page_up(BIG_HDR + h.room));
	if (h.fd >= 0)
		close(h.fd);
}

#ifdef BIG_USE_MALLOC
void *tm_big_alloc(size_t len)
{
	return malloc(len ? len : 1);
}

void *tm_big_resize(void *p, size_t old, size_t len)
{
	(void)old;
	return realloc(p, len ? len : 1);
}

void tm_big_free(void *p, size_t len)
{
	(void)len;
	free(p);
}

int tm_big_write(void *p, size_t off, const void *src, size_t n)
{
	memcpy((char *)p + off, src, n);
	return 0;
}
#else
/* A big buffer is a shared mapping of an unlinked scratch file in $TMPDIR
 * (or /tmp): its pages belong to the page cache, which the kernel writes
 * back and reclaims under memory pressure, so decompressing a 4 GB trace
 * does not need 4 GB of process memory.  Its blocks are allocated before
 * they are mapped (posix_fallocate): a full file system is an error
 * (ENOSPC) here, where writing into a sparse mapping would have killed the
 * process with SIGBUS.  Where no scratch file can be made, an anonymous
 * mapping is used.  The fd of each buffer is kept in a small header page
 * before the data (struct big_hdr). */
void *tm_big_alloc(size_t len)
{
	if (len > SIZE_MAX - BIG_HDR) {
		errno = ENOMEM;
		return NULL;
	}
	return big_new(len + BIG_HDR, len + BIG_HDR, 0, 0);
}

void *tm_big_resize(void *p, size_t old, size_t len)
{
	char *base = (char *)p - BIG_HDR, *nb;
	int fd;

	memcpy(&fd, base, sizeof(fd));
	if (len > SIZE_MAX - BIG_HDR) {
		errno = ENOMEM;
		return NULL;
	}
	if (fd >= 0 && (len > old ? big_reserve(fd, old + BIG_HDR, len + BIG_HDR)
				  : ftruncate(fd, (off_t)(len + BIG_HDR))) != 0)
		return NULL;
	nb = mremap(base, old + BIG_HDR, len + BIG_HDR, MREMAP_MAYMOVE);
	if (nb == MAP_FAILED) {
		if (fd >= 0 && len > old)
			(void)ftruncate(fd, (off_t)(old + BIG_HDR));
		errno = ENOMEM;
		return NULL;
	}
	return nb + BIG_HDR;
}

int tm_big_write(void *p, size_t off, const void *src, size_t n)
{
	return hdr_write(p, off, src, n);
}

void tm_big_free(void *p, size_t len)
{
	char *base;
	int fd;

	if (!p)
		return;
	base = (char *)p - BIG_HDR;
	memcpy(&fd, base, sizeof(fd));
	munmap(base, len + BIG_HDR);
	if (fd >= 0)
		close(fd);
}
#endif

