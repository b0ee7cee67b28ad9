/* SPDX-License-Identifier: GPL-2.0-or-later */
/* test_json_index.c - the first pass's notes of a JSON block's events give
 * back, event by event, what the streaming reader gave: the text (in the
 * block, or a repaired copy), line, offset, phase, the ts and dur ranges
 * and values, the sync_id's type; in memory and spilled to a file; and
 * in two indices, the second appended to the first.  And which blocks the
 * first pass notes (tm_sync_hooks.json_index): all, none, or those of an
 * input that also holds kernel text. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <zlib.h>

#include "testutil.h"
#include "json-index.h"
#include "sync.h"
#include "tracemerge/tejson.h"

/* The kept fields of A (from the reader) and B (from the notes) agree. */
static void same_event(const struct tm_te_event *a, const struct tm_te_event *b)
{
	assert_int_equal(a->raw_len, b->raw_len);
	assert_memory_equal(a->raw, b->raw, a->raw_len);
	assert_int_equal(a->line, b->line);
	assert_int_equal(a->offset, b->offset);
	assert_int_equal(a->phase, b->phase);
	assert_int_equal(a->repaired, b->repaired);
	assert_int_equal(a->sync_id.type, b->sync_id.type);
	assert_int_equal(a->ts.type, b->ts.type);
	if (a->ts.type != TM_J_NONE) {
		/* the same place in the text */
		assert_int_equal(a->ts.p - a->raw, b->ts.p - b->raw);
		assert_int_equal(a->ts.n, b->ts.n);
	}
	assert_int_equal(a->has_ts, b->has_ts);
	if (a->has_ts)
		assert_int_equal(a->ts_ns, b->ts_ns);
	assert_int_equal(a->dur.type, b->dur.type);
	if (a->dur.type != TM_J_NONE) {
		assert_int_equal(a->dur.p - a->raw, b->dur.p - b->raw);
		assert_int_equal(a->dur.n, b->dur.n);
	}
	assert_int_equal(a->has_dur, b->has_dur);
	if (a->has_dur)
		assert_int_equal(a->dur_ns, b->dur_ns);
}

/* Notes of every event of TEXT, read back twice and compared with a second
 * reading of the text; the events from the SPLIT-th on (if there are so
 * many) noted in a second index appended to the first (tm_jidx_append), as
 * a block read in two parts is.  Returns the number of events. */
static size_t round_trip_split(const char *text, size_t len, size_t split)
{
	struct tm_diag d1, d2;
	struct tm_te_reader *r = NULL;
	struct tm_jidx *x = tm_jidx_new(text), *y = tm_jidx_new(text);
	struct tm_te_event ev, back;
	size_t n = 0;

	assert_non_null(x);
	assert_non_null(y);
	tm_diag_init(&d1);
	r = tm_te_reader_new("t.json", text, len, 1, &d1);
	assert_non_null(r);
	while (tm_te_reader_next(r, &ev) == 1) {
		assert_int_equal(tm_jidx_add(n < split ? x : y, &ev), 0);
		n++;
	}
	tm_te_reader_free(r);
	tm_diag_free(&d1);
	assert_int_equal(tm_jidx_count(x), n < split ? n : split);
	tm_jidx_append(x, y);
	assert_int_equal(tm_jidx_count(x), n);
	for (int pass = 0; pass < 2; pass++) {
		size_t k = 0;

		assert_int_equal(tm_jidx_rewind(x), 0);
		tm_diag_init(&d2);
		r = tm_te_reader_new("t.json", text, len, 1, &d2);
		memset(&back, 0, sizeof(back));
		while (tm_te_reader_next(r, &ev) == 1) {
			assert_int_equal(tm_jidx_next(x, &back), 1);
			same_event(&ev, &back);
			k++;
		}
		assert_int_equal(k, n);
		assert_int_equal(tm_jidx_next(x, &back), 0);
		tm_te_reader_free(r);
		tm_diag_free(&d2);
	}
	tm_jidx_free(x);
	return n;
}

static size_t round_trip(const char *text, size_t len)
{
	return round_trip_split(text, len, SIZE_MAX);
}

/* Hand-checked values of a few events, and their agreement with the reader. */
static void test_small(void **state)
{
	static const char text[] =
		"{\"traceEvents\":[\n"
		"{\"name\":\"a\",\"ph\":\"X\",\"ts\":1.50,\"dur\":2,\"pid\":1,\"tid\":2},\n"
		"{\"ph\":\"c\",\"name\":\"clock_sync\",\"ts\":\"-3\",\"args\":{\"sync_id\":7}},\n"
		"{\"name\":\"m\",\"ph\":\"M\",\"pid\":1,\"args\":{\"name\":\"p\"}},\n"
		"{\"name\":\"bad\xff\",\"ph\":\"i\",\"ts\":9,\"pid\":7},\n"
		"{\"ph\":\"B\",\"ts\":1e3,\"dur\":\"x\"}]}";
	struct tm_jidx *x = tm_jidx_new(text);
	struct tm_diag d;
	struct tm_te_reader *r;
	struct tm_te_event ev, b;

	(void)state;
	assert_int_equal(round_trip(text, sizeof(text) - 1), 5);
	for (size_t k = 0; k <= 5; k++)    /* in two indices, split anywhere */
		assert_int_equal(round_trip_split(text, sizeof(text) - 1, k), 5);
	tm_diag_init(&d);
	r = tm_te_reader_new("t.json", text, sizeof(text) - 1, 1, &d);
	while (tm_te_reader_next(r, &ev) == 1)
		assert_int_equal(tm_jidx_add(x, &ev), 0);
	assert_int_equal(tm_jidx_rewind(x), 0);
	memset(&b, 0, sizeof(b));
	/* 1: in the block, ts "1.50" = 1500 ns, dur "2" = 2000 ns, line 2 */
	assert_int_equal(tm_jidx_next(x, &b), 1);
	assert_ptr_equal(b.raw, text + 17);
	assert_int_equal(b.line, 2);
	assert_int_equal(b.phase, 'X');
	assert_true(b.ts.n == 4 && !memcmp(b.ts.p, "1.50", 4) && b.has_ts && b.ts_ns == 1500);
	assert_true(b.dur.n == 1 && b.dur.p[0] == '2' && b.has_dur && b.dur_ns == 2000);
	/* 2: a numeric string ts below the one before it, a number sync_id */
	assert_int_equal(tm_jidx_next(x, &b), 1);
	assert_int_equal(b.phase, 'c');
	assert_int_equal(b.sync_id.type, TM_J_NUMBER);
	assert_true(b.ts.type == TM_J_STRING && b.ts.n == 4 && !memcmp(b.ts.p, "\"-3\"", 4));
	assert_true(b.has_ts && b.ts_ns == -3000 && !b.has_dur && b.dur.type == TM_J_NONE);
	/* 3: no ts */
	assert_int_equal(tm_jidx_next(x, &b), 1);
	assert_true(b.phase == 'M' && b.ts.type == TM_J_NONE && !b.has_ts);
	assert_int_equal(b.sync_id.type, TM_J_NONE);
	/* 4: repaired: its own copy, with U+FFFD for the bad byte */
	assert_int_equal(tm_jidx_next(x, &b), 1);
	assert_true(b.repaired);
	assert_true(b.raw < text || b.raw >= text + sizeof(text));
	assert_non_null(memmem(b.raw, b.raw_len, "bad\xef\xbf\xbd", 6));
	assert_true(b.ts.n == 1 && b.ts.p[0] == '9' && b.ts_ns == 9000);
	/* 5: an exponent, a dur of the wrong type (present, no value) */
	assert_int_equal(tm_jidx_next(x, &b), 1);
	assert_true(b.has_ts && b.ts_ns == 1000000 && b.dur.type == TM_J_STRING && !b.has_dur);
	assert_int_equal(tm_jidx_next(x, &b), 0);
	assert_int_equal(tm_jidx_next(x, &b), 0);
	tm_te_reader_free(r);
	tm_diag_free(&d);
	tm_jidx_free(x);
}

/* Enough events for several MiB of notes (a temporary file), repaired
 * events past the first MiB, one of them longer than the buffer. */
static void test_spilled(void **state)
{
	size_t cap = 64u << 20, n = 0, big = (3u << 20) / 2;
	char *t = malloc(cap);

	(void)state;
	assert_non_null(t);
	n += (size_t)snprintf(t + n, cap - n, "[\n");
	for (size_t i = 0; i < 300000; i++) {
		if (i == 200000 || i == 250001) {
			/* invalid UTF-8 in a long name */
			size_t len = i == 200000 ? big : 10;
			n += (size_t)snprintf(t + n, cap - n, "{\"ph\":\"i\",\"name\":\"");
			memset(t + n, 'x', len);
			n += len;
			t[n++] = (char)0xfe;
			n += (size_t)snprintf(t + n, cap - n, "\",\"ts\":%zu.5,\"dur\":3},\n", i);
			continue;
		}
		n += (size_t)snprintf(t + n, cap - n,
				      "{\"name\":\"e%zu\",\"ph\":\"X\",\"ts\":%zu.%03zu,\"dur\":%zu,\"pid\":1}%s",
				      i, 1000000 + (i * 7919) % 100000, i % 1000, i % 50,
				      i % 3 ? ",\n" : ", ");
	}
	n += (size_t)snprintf(t + n, cap - n, "{\"ph\":\"E\",\"ts\":0}]");
	assert_true(n < cap);
	assert_int_equal(round_trip(t, n), 300001);
	/* in two indices, the first in a file, the second in memory; its
	 * first event is a repaired one */
	assert_int_equal(round_trip_split(t, n, 250001), 300001);
	free(t);
}

/* A TMPDIR that cannot hold the file: the notes say so; nothing read back. */
static void test_no_tmpdir(void **state)
{
	char *old = getenv("TMPDIR") ? strdup(getenv("TMPDIR")) : NULL;
	size_t cap = 16u << 20, n = 0;
	char *t = malloc(cap);
	struct tm_jidx *x = tm_jidx_new(t);
	struct tm_diag d;
	struct tm_te_reader *r;
	struct tm_te_event ev;
	int failed = 0;

	(void)state;
	n += (size_t)snprintf(t + n, cap - n, "[");
	for (size_t i = 0; i < 200000; i++)
		n += (size_t)snprintf(t + n, cap - n, "{\"ph\":\"i\",\"ts\":%zu},", i * 1000);
	t[n - 1] = ']';
	setenv("TMPDIR", "/nonexistent/tracemerge-test", 1);
	tm_diag_init(&d);
	r = tm_te_reader_new("t.json", t, n, 1, &d);
	while (tm_te_reader_next(r, &ev) == 1)
		failed |= tm_jidx_add(x, &ev) != 0;
	assert_true(failed);
	assert_int_equal(tm_jidx_rewind(x), -1);
	assert_int_equal(tm_jidx_next(x, &ev), -1);
	if (old)
		setenv("TMPDIR", old, 1);
	else
		unsetenv("TMPDIR");
	free(old);
	tm_te_reader_free(r);
	tm_diag_free(&d);
	tm_jidx_free(x);
	free(t);
}

/* TEXT written to a temporary file (gzipped with GZ), loaded with hooks
 * asking NOTES: its JSON block's notes counted (-1: none kept); the kernel
 * events read into *KERNEL. */
static long notes_kept_gz(const char *text, bool gz, enum tm_json_notes notes, uint64_t *kernel)
{
	char path[] = "/tmp/tm-test-notes-XXXXXX";
	char *paths[1] = { path };
	struct tm_sync_hooks h = { .json_index = notes };
	struct tm_sync s;
	struct tm_diag d;
	long n = -1;
	int fd = mkstemp(path);
	gzFile z;

	assert_true(fd >= 0);
	if (gz) {
		assert_non_null(z = gzdopen(fd, "wb"));
		assert_int_equal(gzwrite(z, text, (unsigned)strlen(text)), (int)strlen(text));
		assert_int_equal(gzclose(z), Z_OK);
	} else {
		assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
		close(fd);
	}
	memset(&s, 0, sizeof(s));
	tm_diag_init(&d);
	assert_int_equal(tm_sync_load_hooked(&s, paths, 1, &d, &h), 0);
	assert_int_equal(s.nsrc, 1);
	assert_int_equal(s.src[0].njb, 1);
	assert_int_equal(s.src[0].jb[0].events, 2);
	if (s.src[0].jb[0].idx)
		n = (long)tm_jidx_count(s.src[0].jb[0].idx);
	*kernel = s.src[0].st.events;
	tm_sync_free(&s);
	tm_diag_free(&d);
	unlink(path);
	return n;
}

static long notes_kept(const char *text, enum tm_json_notes notes, uint64_t *kernel)
{
	return notes_kept_gz(text, false, notes, kernel);
}

/* The notes the first pass keeps: an import writes a JSON's events as it
 * reads them, except those of a JSON that holds kernel text (Catapult's,
 * Chrome's, tracemerge's own output), written after that text: only
 * those are noted then; also gzipped (a JSON inflated as it is read
 * tells its kernel text only at its end: its notes are kept from the
 * start; one this small is inflated whole at its open). */
static void test_notes_kept(void **state)
{
	static const char with_kernel[] =
		"{\"systemTraceEvents\":\"# tracer: nop\\n"
		"            bash-1234  [000] ....   100.000000: tracing_mark_write: hello\\n\",\n"
		"\"traceEvents\":[{\"name\":\"a\",\"ph\":\"X\",\"ts\":1,\"dur\":2,\"pid\":1,\"tid\":1},\n"
		"{\"name\":\"b\",\"ph\":\"i\",\"ts\":3,\"pid\":1,\"tid\":1}]}\n";
	static const char json_only[] =
		"{\"traceEvents\":[{\"name\":\"a\",\"ph\":\"X\",\"ts\":1,\"dur\":2,\"pid\":1,\"tid\":1},\n"
		"{\"name\":\"b\",\"ph\":\"i\",\"ts\":3,\"pid\":1,\"tid\":1}]}\n";
	uint64_t kernel;

	(void)state;
	assert_int_equal(notes_kept(with_kernel, TM_NOTES_BESIDE_KERNEL, &kernel), 2);
	assert_int_equal(kernel, 1);
	assert_int_equal(notes_kept(with_kernel, TM_NOTES_ALL, &kernel), 2);
	assert_int_equal(notes_kept(with_kernel, TM_NOTES_NONE, &kernel), -1);
	assert_int_equal(notes_kept(json_only, TM_NOTES_BESIDE_KERNEL, &kernel), -1);
	assert_int_equal(kernel, 0);
	assert_int_equal(notes_kept(json_only, TM_NOTES_ALL, &kernel), 2);
	assert_int_equal(notes_kept(json_only, TM_NOTES_NONE, &kernel), -1);
	assert_int_equal(notes_kept_gz(with_kernel, true, TM_NOTES_BESIDE_KERNEL, &kernel), 2);
	assert_int_equal(kernel, 1);
	assert_int_equal(notes_kept_gz(with_kernel, true, TM_NOTES_NONE, &kernel), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_small),
		cmocka_unit_test(test_spilled),
		cmocka_unit_test(test_no_tmpdir),
		cmocka_unit_test(test_notes_kept),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
