/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_tracedat.c - how the trace.dat reader runs libtracecmd: in a child
 * with a time limit (a stub child that never ends is killed and named in
 * one line; one that crashes or fails maps to its message), and in this
 * process for the fuzz target, with the same text as through the child.
 *
 * Expected values: the limit's rule (30 s + 1 s per started MiB) worked
 * out by hand; the messages are the ones tracedat.c documents;
 * testdata/tracedat/small.dat holds 52 events (small.report, from
 * `trace-cmd report -t`).
 */
#include <signal.h>
#include <unistd.h>

#include "testutil.h"
#include "tracemerge/diag.h"
#include "tracemerge/input.h"
#include "trace-dat.h"

#define SMALL "testdata/tracedat/small.dat"

/* Stub children: each gets the memfds tm_tracedat_convert would. */
static int hang(int in_fd, int out_fd)
{
	(void)in_fd;
	(void)out_fd;
	for (;;)
		pause();
	return 0;
}

static int segv(int in_fd, int out_fd)
{
	(void)in_fd;
	(void)out_fd;
	raise(SIGSEGV);
	return 0;
}

static int empty(int in_fd, int out_fd)
{
	(void)in_fd;
	(void)out_fd;
	return TM_TRACEDAT_EMPTY;
}

/* Open small.dat as NAME; NULL or the input; D gets the error. */
static struct tm_input *open_small(const char *name, struct tm_diag *d, char **buf)
{
	size_t len = 0;

	*buf = tm_test_slurp(SMALL, &len);
	assert_non_null(*buf);
	return tm_input_open_mem(name, *buf, len, d);
}

/* With CONVERT as the child and LIMIT_MS, small.dat fails with EXPECT. */
static void expect_failure(int (*convert)(int, int), long limit_ms, const char *expect)
{
	struct tm_diag d;
	struct tm_input *in;
	char *buf;

	tm_diag_init(&d);
	tm_tracedat_test_child(convert, limit_ms);
	in = open_small("t.dat", &d, &buf);
	tm_tracedat_test_child(NULL, 0);
	assert_null(in);
	assert_string_equal(d.error, expect);
	tm_diag_free(&d);
	free(buf);
}

static void test_child_timed_out(void **state)
{
	(void)state;
	/* the stub never ends: killed at the limit, whenever that comes */
	expect_failure(hang, 1000, "t.dat: trace.dat: conversion timed out after 1 s");
}

static void test_child_crashed(void **state)
{
	(void)state;
	expect_failure(segv, 60000, "t.dat: trace.dat: libtracecmd crashed reading it "
		       "(signal 11): corrupt file");
}

static void test_child_status(void **state)
{
	(void)state;
	expect_failure(empty, 60000, "t.dat: trace.dat holds no events");
}

static void test_time_limit_rule(void **state)
{
	(void)state;
	assert_int_equal(tm_tracedat_time_limit_ms(0), 30000);
	assert_int_equal(tm_tracedat_time_limit_ms(1), 31000);
	assert_int_equal(tm_tracedat_time_limit_ms(1 << 20), 31000);
	assert_int_equal(tm_tracedat_time_limit_ms((1 << 20) + 1), 32000);
	assert_int_equal(tm_tracedat_time_limit_ms((size_t)100 << 20), 130000);
}

/* The text block of small.dat, read in a child or in this process. */
static char *small_text(bool in_process, size_t *len)
{
	struct tm_diag d;
	struct tm_input *in;
	const struct tm_block *b;
	char *buf, *text;

	tm_diag_init(&d);
	tm_tracedat_in_process(in_process);
	in = open_small("small.dat", &d, &buf);
	tm_tracedat_in_process(false);
	assert_non_null(in);
	assert_int_equal(tm_input_format(in), TM_FMT_TRACEDAT);
	assert_int_equal(tm_input_nblocks(in), 1);
	b = tm_input_block(in, 0);
	text = malloc(b->len + 1);
	memcpy(text, b->data, b->len);
	text[b->len] = '\0';
	*len = b->len;
	tm_input_free(in);
	tm_diag_free(&d);
	free(buf);
	return text;
}

static void test_in_process_same_text(void **state)
{
	size_t a_len, b_len;
	char *a = small_text(false, &a_len), *b = small_text(true, &b_len);

	(void)state;
	/* 52 events (small.report) in the header the conversion writes */
	assert_non_null(strstr(a, "# entries-in-buffer/entries-written: 52/52 "));
	assert_int_equal(a_len, b_len);
	assert_memory_equal(a, b, a_len);
	free(a);
	free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_child_timed_out),
		cmocka_unit_test(test_child_crashed),
		cmocka_unit_test(test_child_status),
		cmocka_unit_test(test_time_limit_rule),
		cmocka_unit_test(test_in_process_same_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
