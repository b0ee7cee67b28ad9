/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * input-open.c - opening an input (input.c): a path or stdin, an fd or
 * memory; a regular file mapped, a pipe read to its end (binary data
 * refused after its first KB); and the jobs that inflate a gzip input or a
 * compressed atrace, or write a Perfetto trace's text, beside the first
 * pass (tm_input_open_begin, tm_input_open_end, tm_input_settle).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tracemerge/input.h"
#include "browser.h"
#include "decode.h"
#include "input-int.h"
#include "perfetto.h"
#include "trace-dat.h"

#define READ_CHUNK  (1u << 30)

/* ---- opening ------------------------------------------------------------ */

/* Bytes that can only be binary: no gzip magic, and a NUL in the first KB
 * that no "TRACE:" line (a zlib stream follows it) stands before. */
static long binary_head(const char *p, size_t len)
{
	long nul = tm_text_nul_in_head(p, len);

	if (nul < 0 || tm_decode_is_gzip(p, len) || tm_is_tracedat(p, len) || tm_is_perfetto(p, len) ||
	    memmem(p, (size_t)nul, "TRACE:", 6))
		return -1;
	return nul;
}

/* Read FD to its end.  Binary data is refused after its first KB, so that
 * a device such as /dev/zero cannot make us read forever. */
static int read_all(struct tm_input *in, int fd, const char **data,
		    size_t *len)
{
	size_t n = 0, cap = 1u << 16;   /* (grown as needed: in $TMPDIR) */
	char *buf = tm_big_alloc(cap), *nb, what[64];
	ssize_t r;
	long nul;

	if (!buf) {
		tm_input_fail_big(in, "reading");
		return -1;
	}
	for (;;) {
		if (n == cap) {
			if (!(nb = tm_big_grow(buf, &cap, SIZE_MAX))) {
				int e = errno;

				tm_big_free(buf, cap);
				snprintf(what, sizeof(what), "reading past byte %zu", n);
				errno = e;
				tm_input_fail_big(in, what);
				return -1;
			}
			buf = nb;
		}
		r = read(fd, buf + n, cap - n < READ_CHUNK ? cap - n : READ_CHUNK);
		if (r == 0)
			break;
		if (r < 0) {
			if (errno == EINTR)
				continue;
			tm_big_free(buf, cap);
			tm_input_fail(in, "read error: %s", strerror(errno));
			return -1;
		}
		if (n < TM_NUL_HEAD && n + (size_t)r >= TM_NUL_HEAD &&
		    (nul = binary_head(buf, n + (size_t)r)) >= 0) {
			tm_big_free(buf, cap);
			tm_input_fail_byte(in, (size_t)nul,
					   "NUL byte: binary data, not a text trace");
			return -1;
		}
		n += (size_t)r;
	}
	*data = buf;
	*len = n;
	return tm_input_keep_big(in, buf, cap);
}

static int map_file(struct tm_input *in, int fd, size_t size,
		    const char **data, size_t *len)
{
	void *m = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);

	if (m == MAP_FAILED) {
		tm_input_fail(in, "cannot map: %s", strerror(errno));
		return -1;
	}
	madvise(m, size, MADV_SEQUENTIAL);
	in->map = m;
	in->map_len = size;
	*data = m;
	*len = size;
	return 0;
}

/* Load the bytes of FD: mmap a regular file with a size, else read(). */
static int load_fd(struct tm_input *in, int fd, const char **data,
		   size_t *len)
{
	struct stat st;

	if (fstat(fd, &st) < 0) {
		tm_input_fail(in, "cannot stat: %s", strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		tm_input_fail(in, "is a directory");
		return -1;
	}
	if (S_ISREG(st.st_mode) && st.st_size > 0) {
		if ((unsigned long long)st.st_size > SIZE_MAX) {
			tm_input_fail(in, "file too large to map");
			return -1;
		}
		return map_file(in, fd, (size_t)st.st_size, data, len);
	}
	return read_all(in, fd, data, len);
}

/* Open PATH into IN: its bytes in *DATA, *LEN. */
static int load_path(struct tm_input *in, const char *path, const char **data, size_t *len)
{
	int fd, ret;

	if (!strcmp(path, "-"))
		return load_fd(in, STDIN_FILENO, data, len);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		tm_input_fail(in, "cannot open: %s", strerror(errno));
		return -1;
	}
	ret = load_fd(in, fd, data, len);
	close(fd);
	return ret;
}

static struct tm_input *open_path(const char *path, struct tm_diag *d)
{
	if (!path) {
		tm_diag_error(d, "(null): no input path given");
		return NULL;
	}
	return tm_input_alloc(strcmp(path, "-") == 0 ? "<stdin>" : path, d);
}

/* ---- a gzip input inflated beside its first pass ------------------------
 * tm_input_open_begin() loads the file and, when it is gzip, hands back a
 * job that inflates it into a buffer that grows in place (grow.h); the
 * caller runs it (on a helper thread: src/exec/input-ahead.c) and calls
 * tm_input_open_end(), which waits for the first bytes only: when they
 * tell that the whole is one ftrace text block, or one Trace Event JSON
 * block (tm_input_split would say so whatever follows; whether the JSON holds
 * a systemTraceEvents string is told at the end), the input is handed out
 * with that block still growing, and the first pass reads it as it comes
 * (tm_input_block_grow); otherwise it waits for the end and goes on as
 * tm_input_open().  The inflate's error, the block's length, the
 * trailing-data warning and the JSON's systemTraceEvents block come at
 * tm_input_settle(), as they would have come at the open.
 *
 * A Perfetto trace is read the same way: tm_input_open_begin() reads its
 * packets (pass 1) and adds every block, its kernel text with its head
 * only, and the job writes the text's lines (pass 2, perfetto.h) into a
 * buffer that grows in place, while the first pass reads them; the text's
 * length and pass 2's error come at tm_input_settle().
 */
enum job_kind {
	JOB_GUNZIP,                 /* inflate a gzip file */
	JOB_ZLIB,                   /* inflate a compressed atrace's zlib stream */
	JOB_PERFETTO,               /* write a Perfetto trace's text (pass 2) */
};

struct tm_input_job {
	enum job_kind kind;
	const char *src;
	size_t len, limit;
	char *buf;                  /* tm_big_fixed_alloc(limit) */
	struct tm_grow grow;
	bool stop;                  /* the reader gave up (atomic) */
	/* the writer's, read once it ended (joined) */
	struct tm_inflated z;
	int ret;
	/* the thread that runs it (NULL: none, it ran before the end) */
	void (*join)(void *ctx);
	void *join_ctx;
	bool growing;               /* the input's block BLOCK grows */
	size_t block;
	bool settled;               /* the inflate's end was taken in */
	/* JOB_PERFETTO: the text its pass 2 writes into BUF (perfetto.h),
	 * NULL once settled; a gzipped trace's inflated packets, which pass 2
	 * reads (freed with the job, after its thread) */
	struct tm_pf_text *pf;
	char *proto;
	/* JOB_ZLIB: the zlib stream after the "TRACE:" of line LINE, at
	 * byte AT */
	size_t at;
	unsigned long line;
};

/* Enough of the text to judge it: the sniffers look at TM_SNIFF_BYTES. */
#define HEAD_BYTES (2 * (size_t)TM_SNIFF_BYTES)
/* Enough of a JSON text: the browser formats' sniff looks at its first
 * record, up to a MiB (tm_browser_head_unknown). */
#define JSON_HEAD_BYTES ((size_t)2 << 20)

void tm_input_job_run(struct tm_input_job *j)
{
	if (j->kind == JOB_PERFETTO)
		j->ret = tm_pf_text_run(j->pf, &j->grow, &j->stop);
	else
		j->ret = (j->kind == JOB_ZLIB ? tm_decode_zlib_grow : tm_decode_gunzip_grow)(
			j->src, j->len, j->limit, j->buf, &j->grow, &j->stop, &j->z);
}

void tm_input_job_started(struct tm_input *in, void (*join)(void *ctx), void *ctx)
{
	in->job->join = join;
	in->job->join_ctx = ctx;
}

/* Wait for the job's writer to end. */
static void job_join(struct tm_input_job *j)
{
	if (j->join)
		j->join(j->join_ctx);
	j->join = NULL;
}

void tm_input_job_free(struct tm_input_job *j)
{
	if (!j)
		return;
	__atomic_store_n(&j->stop, true, __ATOMIC_RELAXED);
	job_join(j);
	tm_pf_text_free(j->pf);
	tm_grow_destroy(&j->grow);
	tm_big_fixed_free(j->buf);
	tm_big_fixed_free(j->proto);
	free(j);
}

/* A job for the gzip bytes P, LEN of IN; NULL (and nothing done) when
 * there is no room for it: IN is then read as by tm_input_open(). */
static struct tm_input_job *job_new(struct tm_input *in, const char *p, size_t len)
{
	struct tm_input_job *j = calloc(1, sizeof(*j));

	if (!j)
		return NULL;
	j->kind = JOB_GUNZIP;
	j->src = p;
	j->len = len;
	j->limit = tm_input_inflate_limit(in, len);
	if (!(j->buf = tm_big_fixed_alloc(j->limit))) {
		free(j);
		return NULL;
	}
	tm_grow_init(&j->grow, j->buf);
	return j;
}

/* The end of IN's job, as read_gzip() takes an inflate's end: the job
 * joined, the budget charged, its error or warning set.  0 or -1. */
static int job_ended(struct tm_input *in)
{
	struct tm_input_job *j = in->job;

	job_join(j);
	j->settled = true;
	if (!j->ret)
		in->budget -= j->z.len;
	return j->kind == JOB_ZLIB ? tm_input_zlib_ended(in, j->ret, &j->z, j->at)
				   : tm_input_gzip_ended(in, j->ret, &j->z);
}

/* IN's bytes P, LEN, a compressed atrace trace ("TRACE:" line T and a
 * zlib stream) when that line ends in one '\n' (a mangled "\r\n" may need
 * the stream's line endings undone and the stream inflated again:
 * read_atrace_zlib): a job that inflates the stream set as IN's.  False
 * (nothing done) when they are not, or there is no room for the job. */
static bool atrace_zlib_job(struct tm_input *in, const char *p, size_t len,
			    const struct trace_line *t)
{
	if (t->eol_len != 1 || !tm_decode_is_zlib(p + t->data, len - t->data) ||
	    !(in->job = job_new(in, p + t->data, len - t->data)))
		return false;
	in->job->kind = JOB_ZLIB;
	in->job->at = t->data;
	in->job->line = t->line;
	return true;
}

/* A Perfetto trace P, LEN whose text is written by a job (its pass 2):
 * pass 1 now, and every block added, the text's with its head only.  0
 * with IN->job set, or (no room for the text to grow in place) the trace
 * read whole (IN->job NULL); -1 with the error set. */
static int perfetto_job(struct tm_input *in, const char *p, size_t len,
			struct tm_beside *beside)
{
	struct tm_input_job *j = calloc(1, sizeof(*j));
	size_t block = in->nblocks;

	if (j)
		j->buf = tm_pf_text_buffer(len, &j->limit);
	if (!j || !j->buf) {
		free(j);
		return tm_perfetto_read(in, p, len);
	}
	if (tm_perfetto_begin(in, p, len, j->buf, j->limit, beside, &j->pf)) {
		tm_big_fixed_free(j->buf);
		free(j);
		return -1;
	}
	j->kind = JOB_PERFETTO;
	tm_grow_init(&j->grow, j->buf);
	tm_grow_publish(&j->grow, in->blocks[block].len);   /* its head: whole lines */
	j->block = block;
	j->growing = true;
	in->job = j;
	return 0;
}

static struct tm_input *open_any(const char *path, struct tm_diag *d,
				 struct tm_input_job **job, struct tm_beside *beside)
{
	struct tm_input *in = open_path(path, d);
	const char *data = NULL;
	size_t len = 0;
	struct sniffed s;
	enum route r;
	int ret;

	if (!in)
		return NULL;
	if ((ret = load_path(in, path, &data, &len)))
		return tm_input_finish(in, ret);
	r = tm_input_route(data, len, &s);
	if (job && ((r == R_GZIP && (in->job = job_new(in, data, len))) ||
		    (r == R_ATRACE && atrace_zlib_job(in, data, len, &s.t)))) {
		*job = in->job;
		return in;
	}
	if (job && r == R_PERFETTO) {
		ret = perfetto_job(in, data, len, beside);
		if (!ret && in->job) {
			*job = in->job;
			return in;
		}
		return tm_input_finish(in, ret);
	}
	return tm_input_finish(in, tm_input_read_routed(in, data, len, r, &s));
}

struct tm_input *tm_input_open(const char *path, struct tm_diag *d)
{
	return open_any(path, d, NULL, NULL);
}

struct tm_input *tm_input_open_begin(const char *path, struct tm_diag *d,
				     struct tm_input_job **job, struct tm_beside *beside)
{
	*job = NULL;
	return open_any(path, d, job, beside);
}

/* The route of any text that starts with the N bytes at P (more to come)
 * when every look tm_input_route() takes ends within them, and it is one that
 * can be read as it grows (R_FTRACE, R_JSON); else R_UNKNOWN. */
static enum route head_route(const char *p, size_t n, struct sniffed *s)
{
	enum route r;

	if (n < TM_SNIFF_BYTES || p[0] == 0x0a)     /* (a Perfetto trace's first byte) */
		return R_UNKNOWN;
	r = tm_input_route(p, n, s);
	return r == R_JSON || (r == R_FTRACE && n - s->i >= TM_SNIFF_BYTES) ? r : R_UNKNOWN;
}

/* Is any text that starts with the N bytes at P (more to come) read by
 * tm_input_split() as one ftrace block, whatever follows?  Only when every
 * look it takes (and tm_input_ftrace_kind()'s) ends within them; false when that
 * cannot be told yet. */
static bool head_is_ftrace(const char *p, size_t n)
{
	struct sniffed s;
	const char *nl;

	if (head_route(p, n, &s) != R_FTRACE ||
	    tm_input_ftrace_kind(p + s.bom, n - s.bom) != TM_BLOCK_FTRACE)
		return false;
	/* the first two lines, which tm_text_classify() reads whole */
	nl = memchr(p + s.i, '\n', n - s.i);
	return nl && memchr(nl + 1, '\n', (size_t)(p + n - nl - 1));
}

/* Is any text that starts with the N bytes at P read by tm_input_split() as
 * Trace Event JSON (tm_input_json), whatever follows?  *BOM: its BOM's
 * length.  False when that cannot be told yet. */
static bool head_is_json(const char *p, size_t n, size_t *bom)
{
	struct sniffed s;

	if (head_route(p, n, &s) != R_JSON ||
	    !tm_browser_head_unknown(p + s.bom, n - s.bom))
		return false;
	*bom = s.bom;
	return true;
}

/* Hand IN out with its one block, of KIND, growing: what is published
 * after BOM for now (its length is set at tm_input_settle). */
static struct tm_input *open_growing(struct tm_input *in, enum tm_block_kind kind,
				     size_t bom)
{
	struct tm_input_job *j = in->job;
	size_t head = tm_grow_ready(&j->grow, NULL);

	bool zlib = j->kind == JOB_ZLIB;

	if (zlib) {                     /* (as tm_input_atrace_block) */
		in->format = TM_FMT_ATRACE_ZLIB;
	} else {
		in->format = kind == TM_BLOCK_JSON ? TM_FMT_JSON : TM_FMT_FTRACE;
		in->was_gzip = 1;
		in->unmapped = 1;
	}
	j->growing = true;
	j->block = in->nblocks;
	return tm_input_finish(in, tm_input_add_block(in, kind, j->buf + bom,
						   head > bom ? head - bom : 0, zlib ? 0 : 1,
						   zlib ? "zlib" : "gzip"));
}

/* The inflated Perfetto trace of IN's job, whose inflate has ended: its
 * text written beside the first pass as a plain trace's is (a new job,
 * perfetto_job, that keeps the packets), or read whole.  0, or -1 with
 * the error set. */
static int perfetto_inflated(struct tm_input *in, struct tm_beside *beside)
{
	struct tm_input_job *old = in->job;
	char *proto = old->buf;
	size_t len = old->z.len;
	int ret;

	old->buf = NULL;
	tm_input_job_free(old);                  /* (its thread joined: the inflate ended) */
	in->job = NULL;
	ret = perfetto_job(in, proto, len, beside);
	if (in->job)
		in->job->proto = proto;
	else if (tm_input_keep_fixed(in, proto))
		ret = -1;
	return ret;
}

/* The head is judged on the bytes final, wherever they end; the block is
 * handed out cut where its reader can cut: an ftrace text after a line
 * (the two lines of the head are published), a JSON text after a '}' (a
 * JSON written on one line is read as it comes too). */
struct tm_input *tm_input_open_end(struct tm_input *in, struct tm_beside *beside,
				   struct tm_input_job **next)
{
	struct tm_input_job *j = in->job;
	size_t head, bom = 0;
	bool done;
	struct tm_inflated *z = &j->z;
	int ret;

	*next = NULL;
	if (j->kind == JOB_PERFETTO)
		return tm_input_finish(in, 0);     /* (its blocks are there) */
	head = tm_grow_wait_final(&j->grow, HEAD_BYTES, &done);
	if (!done && head_is_ftrace(j->buf, head) &&
	    !(j->kind == JOB_ZLIB && tm_input_bom_len(j->buf, head)))
		return open_growing(in, TM_BLOCK_FTRACE, tm_input_bom_len(j->buf, head));
	if (j->kind == JOB_ZLIB) {      /* (read whole: read_atrace_zlib's end) */
		if (job_ended(in))
			return tm_input_finish(in, -1);
		return tm_input_finish(in, tm_input_atrace_block(in, z, j->line));
	}
	head = tm_grow_wait_final(&j->grow, JSON_HEAD_BYTES, &done);
	if (!done && head_is_json(j->buf, head, &bom)) {
		tm_grow_set_cut(&j->grow, '}');
		return open_growing(in, TM_BLOCK_JSON, bom);
	}
	if (job_ended(in))
		return tm_input_finish(in, -1);
	if (z->data && tm_is_perfetto(z->data, z->len)) {
		ret = perfetto_inflated(in, beside);
		*next = ret ? NULL : in->job;
		return tm_input_finish(in, ret);
	}
	return tm_input_finish(in, tm_input_split(in, z->data ? z->data : "", z->len));
}

struct tm_grow *tm_input_block_grow(const struct tm_input *in, size_t i)
{
	const struct tm_input_job *j = in ? in->job : NULL;

	return j && j->growing && !j->settled && i == j->block ? (struct tm_grow *)&j->grow
								: NULL;
}

size_t tm_input_block_cheap(const struct tm_input *in, size_t i, size_t *at)
{
	*at = 0;
	if (!in || !in->cheap_len || i != in->cheap_block)
		return 0;
	*at = in->cheap_at;
	return in->cheap_len;
}

int tm_input_settle(struct tm_input *in, struct tm_diag *d)
{
	struct tm_input_job *j = in ? in->job : NULL;
	struct tm_block *b;
	int ret;

	if (!j || j->settled)
		return 0;
	in->d = d;
	if (j->kind == JOB_PERFETTO) {
		/* a Perfetto trace's text: its pass 2's end, and its state
		 * (names, symbols, the index of bundles) freed */
		job_join(j);
		j->settled = true;
		ret = tm_pf_text_end(j->pf, in, &in->blocks[j->block].len);
		tm_pf_text_free(j->pf);
		j->pf = NULL;
		in->d = NULL;
		return ret;
	}
	ret = job_ended(in);
	if (!ret) {
		b = &in->blocks[j->block];
		b->len = j->z.len - (size_t)(b->data - j->buf);
		if (b->kind == TM_BLOCK_JSON)
			ret = tm_input_json_system(in, j->block);
	}
	in->d = NULL;
	return ret;
}

struct tm_input *tm_input_open_fd(const char *name, int fd, struct tm_diag *d)
{
	struct tm_input *in = tm_input_alloc(name ? name : "<fd>", d);
	const char *data = NULL;
	size_t len = 0;
	int ret;

	if (!in)
		return NULL;
	ret = load_fd(in, fd, &data, &len);
	if (!ret)
		ret = tm_input_split(in, data, len);
	return tm_input_finish(in, ret);
}

struct tm_input *tm_input_open_mem(const char *name, const void *data,
				   size_t len, struct tm_diag *d)
{
	struct tm_input *in = tm_input_alloc(name ? name : "<memory>", d);

	if (!in)
		return NULL;
	if (!data && len) {
		tm_input_fail(in, "no data");
		return tm_input_finish(in, -1);
	}
	return tm_input_finish(in, tm_input_split(in, data ? data : "", len));
}
