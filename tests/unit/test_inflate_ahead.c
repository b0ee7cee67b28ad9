/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_inflate_ahead.c - a gzip input inflated on a helper thread while its
 * first pass reads it (input-ahead.h, grow.h, tm_decode_gunzip_grow), and
 * a compressed atrace trace's zlib stream (tm_decode_zlib_grow).
 *
 * The text is made here, line by line, so every count is known by
 * construction: LINES pairs of a marker event and its continuation line
 * after one header line.  It is gzipped in members of MEMBER bytes (each
 * member's end hands the inflate's output over early, so the text is
 * published in many pieces).  A test hook (tm_decode_grow_hook) makes the
 * inflate slower than the reader, so that the reader waits at the end of
 * what is published again and again, and makes ISA-L fail part way.
 *
 * A Trace Event JSON text is read the same way (the JSON tests below):
 * EVENTS events, and a systemTraceEvents string of KLINES marker lines
 * after or before its traceEvents, known only at the end.
 */
#include <pthread.h>
#include <sys/resource.h>
#include <unistd.h>
#include <zlib.h>

#include "testutil.h"
#include "input_util.h"
#include "tracemerge/input.h"
#include "decode.h"
#include "input-ahead.h"
#include "json-scan.h"
#include "json-split.h"
#include "kernel-scan.h"

#define LINES 60000             /* marker + continuation pairs */
#define MEMBER ((size_t)200000) /* text bytes per gzip member */

struct text {
	char *p;
	size_t len;
};

/* "# tracer: nop", then LINES times a marker event and a continuation
 * line (a line that is no event: it belongs to the marker before it). */
static struct text make_text(void)
{
	struct text t = { malloc((size_t)LINES * 160 + 64), 0 };

	assert_non_null(t.p);
	t.len = (size_t)sprintf(t.p, "# tracer: nop\n");
	for (unsigned i = 0; i < LINES; i++)
		t.len += (size_t)sprintf(t.p + t.len,
					 "          app-100   [001] ...1  %u.%06u: tracing_mark_write: "
					 "note %u\nmore of note %u\n", 1000 + i / 1000000, i % 1000000,
					 i, i);
	return t;
}

#define EVENTS 100000           /* JSON events (about 50 bytes each: 5 MB) */
#define KLINES 500              /* ftrace lines in systemTraceEvents */

/* Trace Event JSON: EVENTS instants and a systemTraceEvents string of
 * KLINES marker events (escaped: "\n"), after traceEvents or (BEFORE)
 * ahead of it; each event on a line of its own, or (ONE_LINE) the whole
 * text on one line. */
static struct text make_json(bool before, bool one_line)
{
	const char *nl = one_line ? "" : "\n";
	struct text t = { malloc((size_t)EVENTS * 64 + (size_t)KLINES * 100 + 256), 0 };
	char *sys = malloc((size_t)KLINES * 100 + 64);
	size_t n = 0;

	assert_non_null(t.p);
	assert_non_null(sys);
	n = (size_t)sprintf(sys, "\"systemTraceEvents\":\"# tracer: nop\\n");
	for (unsigned i = 0; i < KLINES; i++)
		n += (size_t)sprintf(sys + n, "  app-100   [001] ...1  1000.%06u: "
				     "tracing_mark_write: k %u\\n", i, i);
	n += (size_t)sprintf(sys + n, "\"");
	t.len = (size_t)sprintf(t.p, "{%s%s\"traceEvents\":[%s", before ? sys : "",
				before ? "," : "", nl);
	for (unsigned i = 0; i < EVENTS; i++)
		t.len += (size_t)sprintf(t.p + t.len, "{\"name\":\"e\",\"ph\":\"i\",\"ts\":%u,"
					 "\"pid\":1,\"tid\":1}%s%s", i, i + 1 < EVENTS ? "," : "", nl);
	t.len += (size_t)sprintf(t.p + t.len, "]%s%s}%s", before ? "" : ",", before ? "" : sys, nl);
	free(sys);
	return t;
}

/* T gzipped, one member per MEMBER bytes, into a new file; its path. */
static char *write_gz(const struct text *t, size_t *gz_len)
{
	char *path = strdup("/tmp/test_inflate_ahead.XXXXXX");
	int fd = mkstemp(path);
	size_t cap = compressBound((uLong)t->len) + 64 * (t->len / MEMBER + 1), n = 0;
	unsigned char *out = malloc(cap);

	assert_true(fd >= 0);
	assert_non_null(out);
	for (size_t off = 0; off < t->len; off += MEMBER) {
		size_t in = t->len - off < MEMBER ? t->len - off : MEMBER;
		z_stream z = { 0 };

		assert_int_equal(deflateInit2(&z, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY),
				 Z_OK);
		z.next_in = (unsigned char *)t->p + off;
		z.avail_in = (uInt)in;
		z.next_out = out + n;
		z.avail_out = (uInt)(cap - n);
		assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
		n += z.total_out;
		deflateEnd(&z);
	}
	assert_int_equal(write(fd, out, n), (ssize_t)n);
	close(fd);
	free(out);
	*gz_len = n;
	return path;
}

/* ---- the hook ------------------------------------------------------------ */

static int hook_calls, isal_calls, zlib_calls;
static size_t isal_fail_at;     /* ISA-L's step fails from this output on (0: never) */
/* The block's text (atomic): where zlib's first step, after ISA-L failed,
 * marks a byte published long before; zlib must not write it again. */
static char *mark_at;
/* From HOLD_AT bytes of output on (0: never) the inflate waits until the
 * reader has been handed its block (RELEASED, atomic), or 5 s: so the
 * opener surely sees a text that still grows, however late it runs. */
static size_t hold_at;
static bool released;
/* And (HOLD_FOR_EVENT) until the reader has counted a JSON event before
 * the inflate's end (EARLY_EVENT, atomic), or 5 s: so a reader that reads
 * as the text comes surely does, however the threads run. */
static bool hold_for_event, early_event;
static pthread_t main_thread;   /* the reader's (the test's) */

static int slow_hook(const char *engine, size_t len)
{
	bool isal = !strcmp(engine, "isa-l");

	hook_calls++;
	if (isal) {
		isal_calls++;
	} else if (zlib_calls++ == 0 && isal_calls) {
		char *p = __atomic_load_n(&mark_at, __ATOMIC_ACQUIRE);

		if (p)
			p[2] = 'T';     /* "# tracer: nop" -> "# Tracer: nop" */
	}
	/* (5 s at most: an opener that waits for the end gets it) */
	for (int i = 0; hold_at && len >= hold_at && i < 25000 &&
	     !__atomic_load_n(&released, __ATOMIC_ACQUIRE); i++)
		usleep(200);
	for (int i = 0; hold_for_event && len >= hold_at && i < 25000 &&
	     !__atomic_load_n(&early_event, __ATOMIC_ACQUIRE); i++)
		usleep(200);
	/* test_isal_fallback: two members in (the first published: the hook
	 * comes before a step's publish), wait for scan() to have the input
	 * open and the byte to mark (mark_at; 10 s at most), so that ISA-L
	 * fails after that however loaded the machine (not on the reader's
	 * thread: no helper thread, nothing to wait for) */
	if (isal_fail_at && !pthread_equal(pthread_self(), main_thread))
		for (int i = 0; len >= 2 * MEMBER && i < 50000 &&
				!__atomic_load_n(&mark_at, __ATOMIC_ACQUIRE); i++)
			usleep(200);
	usleep(500);                /* slower than the reader */
	return isal && isal_fail_at && len >= isal_fail_at;
}

static int setup(void **state)
{
	(void)state;
	hook_calls = isal_calls = zlib_calls = 0;
	isal_fail_at = 0;
	mark_at = NULL;
	hold_at = 0;
	released = false;
	hold_for_event = early_event = false;
	tm_decode_grow_hook = slow_hook;
	main_thread = pthread_self();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	tm_decode_grow_hook = NULL;
	return 0;
}

/* One test's input: the text, its gzip file, the diag, the first pass. */
struct fix {
	struct text t;
	char *path;
	size_t gz_len;
	struct tm_diag d;
	struct tm_kstats st;
	bool st_init;
	struct tm_input *in;
};

static void fix_new(struct fix *f)
{
	memset(f, 0, sizeof(*f));
	f->t = make_text();
	f->path = write_gz(&f->t, &f->gz_len);
	tm_diag_init(&f->d);
}

static void fix_free(struct fix *f)
{
	if (f->st_init)
		tm_kstats_free(&f->st);
	tm_input_free(f->in);
	tm_diag_free(&f->d);
	unlink(f->path);
	free(f->path);
	free(f->t.p);
}

/* F with the text T (F's own now), gzipped. */
static void fix_new_with(struct fix *f, struct text t)
{
	memset(f, 0, sizeof(*f));
	f->t = t;
	f->path = write_gz(&f->t, &f->gz_len);
	tm_diag_init(&f->d);
}

/* Open F's file inflating ahead (f->in), the inflate held at HOLD_AT
 * until the opener is done: whether its last block still grows then. */
static bool open_held(struct fix *f)
{
	bool grows;

	/* (the opener waits for 2 MiB of text at most; the inflate's steps
	 * are 1 MiB at most: it has published 2.5 MiB when it holds) */
	hold_at = (size_t)7 << 19;
	f->in = tm_input_open_ahead(f->path, &f->d);
	grows = f->in && tm_input_block_grow(f->in, tm_input_nblocks(f->in) - 1);
	__atomic_store_n(&released, true, __ATOMIC_RELEASE);
	return grows;
}

/* Open F's file inflating ahead and read it as the first pass does: 0
 * and the counts in f->st, or -1 and the error in f->d. */
static int scan(struct fix *f)
{
	bool grows = open_held(f);

	if (!f->in)
		return -1;
	assert_true(grows);         /* read as it comes, not after the inflate */
	__atomic_store_n(&mark_at, (char *)tm_input_block(f->in, 0)->data, __ATOMIC_RELEASE);
	assert_int_equal(tm_kstats_init(&f->st, f->path, &f->d), 0);
	f->st_init = true;
	return tm_kscan_input(f->in, &f->st, NULL, NULL);
}

/* Every line of F's text counted. */
static void assert_all_read(const struct fix *f)
{
	assert_int_equal(f->st.header, 1);
	assert_int_equal(f->st.events, LINES);
	assert_int_equal(f->st.continuation, LINES);
	assert_int_equal(f->st.rejected, 0);
	assert_int_equal(f->st.lines, 1 + 2 * (uint64_t)LINES);
}

/* The whole text read while the inflate, slower than the reader, still
 * runs: every line counted, the block whole, byte for byte. */
static void test_slow_inflate(void **state)
{
	struct fix f;
	const struct tm_block *b;

	(void)state;
	fix_new(&f);
	assert_int_equal(scan(&f), 0);
	assert_all_read(&f);
	assert_null(tm_input_block_grow(f.in, 0));   /* settled */
	b = tm_input_block(f.in, 0);
	assert_int_equal(b->len, f.t.len);
	assert_memory_equal(b->data, f.t.p, f.t.len);
	assert_true(hook_calls > 10);                 /* it came in many pieces */
	fix_free(&f);
}

/* The last member cut short: the reader has read the members before it,
 * and the open's error comes at the end, as tm_input_open() gives it: the
 * byte is the file's length. */
static void test_late_truncation(void **state)
{
	struct fix f;
	char want[4200];

	(void)state;
	fix_new(&f);
	assert_int_equal(truncate(f.path, (off_t)(f.gz_len - 1000)), 0);
	assert_int_equal(scan(&f), -1);
	snprintf(want, sizeof(want), "%s: byte %zu: truncated gzip stream", f.path,
		 f.gz_len - 1000);
	assert_string_equal(f.d.error, want);
	assert_true(f.st.events > 0 && f.st.events < LINES);  /* read up to there */
	fix_free(&f);
}

/* A bad checksum in the last member: the same error as tm_input_open's. */
static void test_late_corrupt(void **state)
{
	struct fix f;
	size_t n = 0;
	char *gz;
	struct tm_diag d2;
	FILE *o;

	(void)state;
	fix_new(&f);
	gz = tm_test_slurp(f.path, &n);
	gz[n - 5] ^= 1;                             /* the last member's CRC */
	assert_non_null(o = fopen(f.path, "wb"));
	assert_int_equal(fwrite(gz, 1, n, o), n);
	fclose(o);
	tm_diag_init(&d2);
	assert_int_equal(scan(&f), -1);
	assert_null(tm_input_open(f.path, &d2));
	assert_non_null(strstr(f.d.error, ": corrupt gzip stream (incorrect data check)"));
	assert_string_equal(f.d.error, d2.error);
	tm_diag_free(&d2);
	free(gz);
	fix_free(&f);
}

/* ISA-L fails after the reader has read part of its output: zlib inflates
 * from the start again, and the text read is the whole, unchanged; what
 * ISA-L published is not written again (the byte marked stays marked). */
static void test_isal_fallback(void **state)
{
	struct fix f;
	const struct tm_block *b;

	(void)state;
	fix_new(&f);
	isal_fail_at = f.t.len / 2;
	assert_int_equal(scan(&f), 0);
	assert_all_read(&f);
	b = tm_input_block(f.in, 0);
	assert_int_equal(b->len, f.t.len);
	if (!strcmp(tm_decode_engine(), "isa-l")) {
		assert_true(isal_calls > 0 && zlib_calls > 0);  /* it fell back */
		assert_int_equal(b->data[2], 'T');
		f.t.p[2] = 'T';
	} else {
		assert_int_equal(isal_calls, 0);
	}
	assert_memory_equal(b->data, f.t.p, f.t.len);
	fix_free(&f);
}

/* test_free_early's hook: once the inflate has made two members (the
 * first published: the hook comes before a step's publish, so the reader
 * has its head) it waits for the test to start freeing the input (10 s at
 * most: a failure, not a hang); after that each step takes 100 ms, so
 * that the inflate, not stopped, would take seconds to its end.  LATE_MAX:
 * the most it had made at a step. */
static bool freeing, on_main;   /* (atomic) */
static size_t late_max;

static int park_hook(const char *engine, size_t len)
{
	(void)engine;
	if (pthread_equal(pthread_self(), main_thread)) {
		on_main = true;         /* no helper thread: the inflate is all at the open */
		return 0;
	}
	for (int i = 0; len >= 2 * MEMBER && i < 50000 &&
			!__atomic_load_n(&freeing, __ATOMIC_ACQUIRE); i++)
		usleep(200);
	if (len > __atomic_load_n(&late_max, __ATOMIC_RELAXED))
		__atomic_store_n(&late_max, len, __ATOMIC_RELAXED);
	if (__atomic_load_n(&freeing, __ATOMIC_ACQUIRE))
		usleep(100000);
	return 0;
}

/* Mappings of big-buffer scratch files (tracemerge-buf.*) in this process. */
static int scratch_maps(void)
{
	FILE *m = fopen("/proc/self/maps", "r");
	char line[4096];
	int n = 0;

	assert_non_null(m);
	while (fgets(line, sizeof(line), m))
		n += strstr(line, "/tracemerge-buf.") != NULL;
	fclose(m);
	return n;
}

/* An input freed while its inflate still runs (parked two members in): the
 * inflate stops there, long before its end, and the buffer it inflated
 * into (a mapping of a scratch file, the whole text's room) is given back
 * by the free, not kept until the inflate would have ended. */
static void test_free_early(void **state)
{
	struct fix f;
	int before;

	(void)state;
	fix_new(&f);
	freeing = on_main = false;
	late_max = 0;
	tm_decode_grow_hook = park_hook;
	before = scratch_maps();
	f.in = tm_input_open_ahead(f.path, &f.d);
	assert_non_null(f.in);
	if (on_main) {
		fix_free(&f);
		skip();
	}
	assert_non_null(tm_input_block_grow(f.in, 0));   /* still inflating */
	assert_int_equal(scratch_maps(), before + 1);     /* into its buffer */
	__atomic_store_n(&freeing, true, __ATOMIC_RELEASE);
	tm_input_free(f.in);
	f.in = NULL;
	assert_int_equal(scratch_maps(), before);         /* given back */
	/* it stopped at the step after the free began (the one parked, or
	 * the one after the first member when the free came first): 2
	 * members made, 6 leave 400 ms to a loaded machine (not stopped: 28
	 * of them at its last step) */
	assert_true(f.t.len > 20 * MEMBER);
	assert_in_range(late_max, MEMBER, 6 * MEMBER);
	fix_free(&f);
}

/* The page faults the inflating thread took at its second step and at its
 * last, and the bytes made by then. */
static long fault_second, fault_last;
static size_t len_second, len_last;
static int fault_steps;

static long thread_faults(void)
{
	struct rusage u;

	getrusage(RUSAGE_THREAD, &u);
	return u.ru_minflt + u.ru_majflt;
}

static int fault_hook(const char *engine, size_t len)
{
	(void)engine;
	if (pthread_equal(pthread_self(), main_thread))
		return 0;
	if (++fault_steps == 2) {
		fault_second = thread_faults();
		len_second = len;
	}
	fault_last = thread_faults();
	len_last = len;
	return 0;
}

/* The inflate writes its output into the scratch file without mapping its
 * pages (tm_big_fixed_write): after its first step (which first touches
 * its own memory), the pages it makes cost it no fault, where inflating
 * into the mapping took one a page (about 1200 here).  (Where faults can
 * be counted: tm_test_counts_faults.) */
static void test_inflate_no_fault(void **state)
{
	struct fix f;
	size_t pages;

	(void)state;
	if (!tm_test_counts_faults())
		skip();
	fix_new(&f);
	fault_steps = 0;
	tm_decode_grow_hook = fault_hook;
	f.in = tm_input_open_ahead(f.path, &f.d);
	assert_non_null(f.in);
	assert_int_equal(tm_input_settle(f.in, &f.d), 0);
	if (fault_steps < 3) {          /* no helper thread */
		fix_free(&f);
		skip();
	}
	pages = (len_last - len_second) / 4096;
	assert_true(pages > 1000);
	assert_true(fault_last - fault_second < (long)pages / 8);
	assert_memory_equal(tm_input_block(f.in, 0)->data, f.t.p, f.t.len);
	fix_free(&f);
}

/* ---- Trace Event JSON ---------------------------------------------------- */

struct jcount {
	struct tm_input *in;
	size_t events;
	size_t early;           /* events counted before the inflate's end */
	int64_t ts_sum;
};

/* (a tm_jscan_fn) */
static void count_event(void *ctx, const struct tm_te_event *ev, struct tm_diag *d)
{
	struct jcount *c = ctx;
	struct tm_grow *g = tm_input_block_grow(c->in, 0);
	bool done = true;

	(void)d;
	c->events++;
	c->ts_sum += ev->ts_ns;
	if (g)
		tm_grow_ready(g, &done);
	if (!done) {
		c->early++;
		__atomic_store_n(&early_event, true, __ATOMIC_RELEASE);
	}
}

/* The JSON block (block 0) of the input of CTX read, as it grows (a
 * tm_kscan_json_fn). */
static int json_blocks(void *ctx, struct tm_diag *d)
{
	struct jcount *c = ctx;
	const struct tm_block *b = tm_input_block(c->in, 0);
	void *cx[2] = { c, c };
	bool split;

	return tm_jscan_at("t.json", b->data, b->len, tm_input_block_grow(c->in, 0), 1, d,
			   count_event, cx, 0, &split, NULL);
}

/* Open F's JSON file inflating ahead: handed out with its one JSON block
 * still growing, the systemTraceEvents block not yet there; then read as
 * the first pass reads it (tm_kscan_first_pass).  0 or -1 (f->d). */
static int scan_json(struct fix *f, struct jcount *c)
{
	memset(c, 0, sizeof(*c));
	assert_true(open_held(f));
	c->in = f->in;
	assert_int_equal(tm_input_nblocks(f->in), 1);
	assert_int_equal(tm_input_block(f->in, 0)->kind, TM_BLOCK_JSON);
	assert_true(tm_input_block(f->in, 0)->len < f->t.len);
	assert_int_equal(tm_kstats_init(&f->st, f->path, &f->d), 0);
	f->st_init = true;
	return tm_kscan_first_pass(f->in, &f->st, NULL, NULL, json_blocks, c);
}

/* Every event, and every line of the systemTraceEvents string, read; the
 * blocks those of tm_input_open(). */
static void assert_json_read(struct fix *f, const struct jcount *c)
{
	const struct tm_block *b;

	assert_int_equal(c->events, EVENTS);
	assert_int_equal(c->ts_sum, (int64_t)EVENTS * (EVENTS - 1) / 2 * 1000);
	assert_int_equal(f->st.events, KLINES);
	assert_int_equal(f->st.header, 1);
	assert_int_equal(tm_input_nblocks(f->in), 2);
	assert_null(tm_input_block_grow(f->in, 0));   /* settled */
	b = tm_input_block(f->in, 0);
	assert_int_equal(b->len, f->t.len);
	assert_memory_equal(b->data, f->t.p, f->t.len);
	b = tm_input_block(f->in, 1);
	assert_int_equal(b->kind, TM_BLOCK_FTRACE);
	assert_string_equal(b->origin, "systemTraceEvents");
	assert_true(hook_calls > 10);                 /* it came in many pieces */
}

/* A JSON text with systemTraceEvents (BEFORE: ahead of traceEvents) read
 * as it grows: every event and every kernel line of it. */
static void json_system(bool before, bool one_line)
{
	struct fix f;
	struct jcount c;

	fix_new_with(&f, make_json(before, one_line));
	hold_for_event = true;
	assert_int_equal(scan_json(&f, &c), 0);
	assert_json_read(&f, &c);
	assert_true(c.early > 0);   /* events read before the inflate ended */
	fix_free(&f);
}

/* systemTraceEvents after traceEvents: its block is made at the end. */
static void test_json_system_after(void **state)
{
	(void)state;
	json_system(false, false);
}

/* systemTraceEvents before traceEvents: the same. */
static void test_json_system_before(void **state)
{
	(void)state;
	json_system(true, false);
}

/* The text on one line (no '\n' in it, as Catapult saves a trace): read
 * as it grows all the same, cut after a '}' (grow.h). */
static void test_json_one_line(void **state)
{
	(void)state;
	json_system(false, true);
}

/* The gzip file cut at 3/4: the events before the cut were read, and the
 * error is tm_input_open()'s (the byte: the file's length), not the JSON
 * reader's about the text's end. */
static void test_json_truncated(void **state)
{
	struct fix f;
	struct jcount c;
	struct tm_diag d2;

	(void)state;
	fix_new_with(&f, make_json(false, false));
	assert_int_equal(truncate(f.path, (off_t)(f.gz_len / 4 * 3)), 0);
	tm_diag_init(&d2);
	assert_null(tm_input_open(f.path, &d2));
	assert_int_equal(scan_json(&f, &c), -1);
	assert_string_equal(f.d.error, d2.error);
	assert_non_null(strstr(d2.error, ": truncated gzip stream"));
	assert_true(c.events > 0 && c.events < EVENTS);
	assert_int_equal(f.st.events, 0);           /* no systemTraceEvents block */
	tm_diag_free(&d2);
	fix_free(&f);
}

/* A syntax error three quarters in ("pid";1): the same error, the same
 * events before it, as the whole text read after its inflate; and the
 * systemTraceEvents block read, as the whole text's first pass reads it
 * before its JSON. */
static void json_syntax_error(bool one_line)
{
	struct fix f;
	struct jcount c, c2;
	struct text t = make_json(false, one_line);
	struct tm_diag d2;
	struct tm_input *in2;
	char *bad = strstr(t.p + t.len / 4 * 3, "\"pid\":");

	assert_non_null(bad);
	bad[5] = ';';
	fix_new_with(&f, t);
	tm_diag_init(&d2);
	assert_non_null(in2 = tm_input_open(f.path, &d2));
	c2 = (struct jcount){ .in = in2 };
	assert_int_equal(json_blocks(&c2, &d2), -1);
	assert_int_equal(scan_json(&f, &c), -1);
	assert_non_null(strstr(d2.error, "t.json:"));
	assert_non_null(strstr(d2.error, ": expected ':' after an object key"));
	if (one_line) {         /* line 1, the ';' its column */
		char where[64];

		snprintf(where, sizeof(where), "t.json:1:%zu: ", (size_t)(bad + 5 - t.p) + 1);
		assert_non_null(strstr(d2.error, where));
	}
	assert_string_equal(f.d.error, d2.error);
	assert_int_equal(c.events, c2.events);
	assert_true(c.events > EVENTS / 2 && c.events < EVENTS);
	assert_int_equal(f.st.events, KLINES);
	tm_input_free(in2);
	tm_diag_free(&d2);
	fix_free(&f);
}

static void test_json_syntax_error(void **state)
{
	(void)state;
	json_syntax_error(false);
}

/* The same on one line: the error's column is the byte's in the text. */
static void test_json_one_line_syntax_error(void **state)
{
	(void)state;
	json_syntax_error(true);
}

/* JSON that is not Trace Event JSON (a Speed Tracer dump: its first
 * record says so): read whole, as before. */
static void test_json_other_format(void **state)
{
	struct fix f;
	struct text t = { malloc((size_t)EVENTS * 64 + 64), 0 };

	(void)state;
	assert_non_null(t.p);
	for (unsigned i = 0; i < EVENTS; i++)
		t.len += (size_t)sprintf(t.p + t.len, "{\"type\":18,\"time\":%u,\"data\":{}}\n", i);
	fix_new_with(&f, t);
	f.in = tm_input_open_ahead(f.path, &f.d);
	assert_non_null(f.in);
	assert_null(tm_input_block_grow(f.in, 0));
	assert_int_equal(tm_input_format(f.in), TM_FMT_SPEEDTRACER);
	fix_free(&f);
}

/* ---- compressed atrace ("TRACE:" and a zlib stream) ----------------------- */

/* T as atrace -z writes it (a line before "TRACE:" ending in EOL, then
 * one zlib stream, then TAIL, N bytes) into a new file; its path, the
 * file's length in *LEN. */
static char *write_atz(const struct text *t, const char *eol, const char *tail, size_t n,
		       size_t *len)
{
	char *path = strdup("/tmp/test_inflate_ahead.XXXXXX");
	int fd = mkstemp(path);
	uLongf cap = compressBound((uLong)t->len);
	unsigned char *z = malloc(cap);
	char head[64];
	size_t h = (size_t)snprintf(head, sizeof(head), "capturing trace... done\nTRACE:%s", eol);

	assert_true(fd >= 0);
	assert_non_null(z);
	assert_int_equal(compress2(z, &cap, (const Bytef *)t->p, (uLong)t->len, 1), Z_OK);
	assert_int_equal(write(fd, head, h), (ssize_t)h);
	assert_int_equal(write(fd, z, cap), (ssize_t)cap);
	if (n)
		assert_int_equal(write(fd, tail, n), (ssize_t)n);
	close(fd);
	free(z);
	*len = h + cap + n;
	return path;
}

/* A compressed atrace trace is read as it is inflated (before, it was
 * inflated whole at the open): every line counted, the block the text,
 * as tm_input_open() gives it. */
static void test_atrace_zlib(void **state)
{
	struct fix f;
	const struct tm_block *b;

	(void)state;
	memset(&f, 0, sizeof(f));
	f.t = make_text();
	f.path = write_atz(&f.t, "\n", NULL, 0, &f.gz_len);
	tm_diag_init(&f.d);
	assert_int_equal(scan(&f), 0);
	assert_all_read(&f);
	assert_int_equal(tm_input_format(f.in), TM_FMT_ATRACE_ZLIB);
	b = tm_input_block(f.in, 0);
	assert_int_equal(b->len, f.t.len);
	assert_memory_equal(b->data, f.t.p, f.t.len);
	assert_string_equal(b->origin, "zlib");
	assert_int_equal(b->first_line, 0);
	tm_decode_grow_hook = NULL;
	tm_test_same_both_ways(f.path);
	fix_free(&f);
}

/* The ways a compressed atrace trace ends, each as tm_input_open() reads
 * it: cut short, a bad checksum, bytes after the stream, "TRACE:\r\n"
 * (read whole: its stream's line endings may need undoing), an empty
 * stream. */
static void test_atrace_zlib_ends(void **state)
{
	struct text t = make_text(), empty = { "", 0 };
	size_t len = 0, n = 0;
	char *path, *bytes;
	FILE *o;

	(void)state;
	tm_decode_grow_hook = NULL;
	/* cut short */
	path = write_atz(&t, "\n", NULL, 0, &len);
	assert_int_equal(truncate(path, (off_t)(len - 1000)), 0);
	tm_test_same_both_ways(path);
	unlink(path);
	free(path);
	/* the Adler-32 at the stream's end wrong */
	path = write_atz(&t, "\n", NULL, 0, &len);
	bytes = tm_test_slurp(path, &n);
	assert_non_null(bytes);
	bytes[n - 1] ^= 1;
	assert_non_null(o = fopen(path, "wb"));
	assert_int_equal(fwrite(bytes, 1, n, o), n);
	fclose(o);
	free(bytes);
	tm_test_same_both_ways(path);
	unlink(path);
	free(path);
	/* bytes after it */
	path = write_atz(&t, "\n", "garbage", 7, &len);
	tm_test_same_both_ways(path);
	unlink(path);
	free(path);
	/* "TRACE:\r\n" */
	path = write_atz(&t, "\r\n", NULL, 0, &len);
	tm_test_same_both_ways(path);
	unlink(path);
	free(path);
	/* empty */
	path = write_atz(&empty, "\n", NULL, 0, &len);
	tm_test_same_both_ways(path);
	unlink(path);
	free(path);
	free(t.p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_slow_inflate, setup, teardown),
		cmocka_unit_test_setup_teardown(test_late_truncation, setup, teardown),
		cmocka_unit_test_setup_teardown(test_late_corrupt, setup, teardown),
		cmocka_unit_test_setup_teardown(test_isal_fallback, setup, teardown),
		cmocka_unit_test_setup_teardown(test_free_early, setup, teardown),
		cmocka_unit_test_setup_teardown(test_inflate_no_fault, setup, teardown),
		cmocka_unit_test_setup_teardown(test_json_system_after, setup, teardown),
		cmocka_unit_test_setup_teardown(test_json_system_before, setup, teardown),
		cmocka_unit_test_setup_teardown(test_json_truncated, setup, teardown),
		cmocka_unit_test_setup_teardown(test_json_one_line, setup, teardown),
		cmocka_unit_test_setup_teardown(test_json_syntax_error, setup, teardown),
		cmocka_unit_test_setup_teardown(test_json_one_line_syntax_error, setup, teardown),
		cmocka_unit_test_setup_teardown(test_json_other_format, setup, teardown),
		cmocka_unit_test_setup_teardown(test_atrace_zlib, setup, teardown),
		cmocka_unit_test_setup_teardown(test_atrace_zlib_ends, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
