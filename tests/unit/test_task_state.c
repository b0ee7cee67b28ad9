/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * test_task_state.c - sched_switch prev_state numbers as the kernel of the
 * trace prints them (parsers/task-state.c), and a Perfetto trace's states
 * printed with the table of the kernel its system_info names.
 *
 * Expected letters worked out by hand from the sched_switch print formats
 * of each kernel (include/trace/events/sched.h):
 *   3.9-4.1:  mask 1023, { 1 S } { 2 D } { 4 T } { 8 t } { 16 Z } { 32 X }
 *             { 64 x } { 128 K } { 256 W } { 512 P }, "+" for 1024
 *   4.2-4.7:  the same and { 1024 N }, "+" for 2048
 *   4.8-4.13: the same letters, "+" for 4096 (2048, TASK_NEW, has none)
 *   4.14 on:  mask 255, { 1 S } { 2 D } { 4 T } { 8 t } { 16 X } { 32 Z }
 *             { 64 P } { 128 I }, "+" for 256
 *   3.2-3.8:  mask 511, ... { 64 x } { 128 W }, "+" for 512
 * __print_flags joins the letters with "|" and writes the bits left
 * without a letter as one hex number.
 */
#include "testutil.h"
#include "tracemerge/input.h"
#include "task-state.h"

static void test_release(void **state)
{
	static const struct {
		const char *release;
		enum tm_task_states want;
	} cases[] = {
		{ "3.18.71-perf-g5a4d2b1", TM_TASK_STATES_3_9 },
		{ "3.10.73", TM_TASK_STATES_3_9 },
		{ "3.9", TM_TASK_STATES_3_9 },
		{ "3.4.0-cyanogenmod", TM_TASK_STATES_3_0 },
		{ "2.6.32", TM_TASK_STATES_3_0 },
		{ "4.1.52", TM_TASK_STATES_3_9 },
		{ "4.4.302-g1", TM_TASK_STATES_4_2 },
		{ "4.9.337", TM_TASK_STATES_4_8 },
		{ "4.13.16", TM_TASK_STATES_4_8 },
		{ "4.14.0", TM_TASK_STATES_4_14 },
		{ "5.10.198-android12", TM_TASK_STATES_4_14 },
		{ "6.18.44-fc-v1252", TM_TASK_STATES_4_14 },
		{ "10.1", TM_TASK_STATES_4_14 },
		/* not a release: the current table */
		{ "", TM_TASK_STATES_4_14 },
		{ "4", TM_TASK_STATES_4_14 },
		{ "3.", TM_TASK_STATES_4_14 },
		{ "Linux", TM_TASK_STATES_4_14 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		assert_int_equal(tm_task_states_of_release(cases[i].release, strlen(cases[i].release)),
				 cases[i].want);
	/* only the N bytes given are read */
	assert_int_equal(tm_task_states_of_release("4.14", 3), TM_TASK_STATES_3_9);
	assert_int_equal(tm_task_states_of_release("4.8.1", 3), TM_TASK_STATES_4_8);
}

static void check(enum tm_task_states t, uint64_t v, const char *want)
{
	char out[TM_TASK_STATE_ROOM];

	assert_int_equal(tm_task_state_print(t, v, out), strlen(want));
	assert_string_equal(out, want);
}

static void test_print(void **state)
{
	(void)state;
	check(TM_TASK_STATES_3_9, 0, "R");
	check(TM_TASK_STATES_3_9, 1, "S");
	check(TM_TASK_STATES_3_9, 64, "x");
	check(TM_TASK_STATES_3_9, 130, "D|K");
	check(TM_TASK_STATES_3_9, 1024, "R+");
	check(TM_TASK_STATES_3_9, 16, "Z");
	check(TM_TASK_STATES_3_9, 32, "X");
	check(TM_TASK_STATES_3_9, 512, "P");
	check(TM_TASK_STATES_3_9, 2048, "R");           /* above "+": dropped */
	check(TM_TASK_STATES_3_9, 1025, "S+");
	check(TM_TASK_STATES_4_2, 1026, "D|N");
	check(TM_TASK_STATES_4_2, 2048, "R+");
	check(TM_TASK_STATES_4_2, 1024, "N");
	check(TM_TASK_STATES_4_8, 4096, "R+");
	check(TM_TASK_STATES_4_8, 2048, "0x800");
	check(TM_TASK_STATES_4_8, 2050, "D|0x800");
	check(TM_TASK_STATES_4_8, 1026, "D|N");
	check(TM_TASK_STATES_4_14, 64, "P");
	check(TM_TASK_STATES_4_14, 130, "D|I");
	check(TM_TASK_STATES_4_14, 1024, "R");
	check(TM_TASK_STATES_4_14, 256, "R+");
	check(TM_TASK_STATES_4_14, 16, "X");
	check(TM_TASK_STATES_4_14, 32, "Z");
	check(TM_TASK_STATES_4_14, 128, "I");
	check(TM_TASK_STATES_3_0, 128, "W");
	check(TM_TASK_STATES_3_0, 256, "0x100");
	check(TM_TASK_STATES_3_0, 512, "R+");
	check(TM_TASK_STATES_3_0, 64, "x");
	/* the longest: every letter, a bit without one, and "+" */
	check(TM_TASK_STATES_4_8, 0x1fff, "S|D|T|t|Z|X|x|K|W|P|N|0x800+");
	assert_int_equal(tm_task_states_known(TM_TASK_STATES_4_14), 0x1ff);
	assert_int_equal(tm_task_states_known(TM_TASK_STATES_4_8), 0x17ff);
	assert_int_equal(tm_task_states_known(TM_TASK_STATES_3_0), 0x2ff);
	assert_string_equal(tm_task_states_name(TM_TASK_STATES_4_8), "4.8-4.13");
}

/* The table of the numbers V (N of them), by tm_task_state_guess. */
static int guess(const uint64_t *v, size_t n)
{
	struct tm_task_state_guess g;

	tm_task_state_guess_init(&g);
	for (size_t i = 0; i < n; i++)
		tm_task_state_note(&g, v[i]);
	return tm_task_state_guess(&g);
}

#define GUESS(...) guess((const uint64_t[]){ __VA_ARGS__ }, \
			 sizeof((const uint64_t[]){ __VA_ARGS__ }) / sizeof(uint64_t))

/* Which table numbers fit (worked out by hand from the table above and
 * the states a kernel can switch out in). */
static void test_guess(void **state)
{
	struct tm_task_state_guess g;

	(void)state;
	/* 4096 is only 4.8-4.13's "+" (the issue's 64/4096/1: x, R+, S) */
	assert_int_equal(GUESS(64, 4096, 1), TM_TASK_STATES_4_8);
	/* this machine's 6.18: 128 and 256 alone only from 4.14 (K and W
	 * alone never switch out) */
	assert_int_equal(GUESS(0, 1, 2, 32, 128, 256), TM_TASK_STATES_4_14);
	/* 130 is two bits: before 4.14; 1024 alone is 3.9-4.1's "+" (N alone
	 * never switches out) */
	assert_int_equal(GUESS(130, 1024, 1), TM_TASK_STATES_3_9);
	/* 1026 (D|N) and 2048 alone: 4.2-4.7's "+" */
	assert_int_equal(GUESS(1026, 2048), TM_TASK_STATES_4_2);
	/* 512 alone: 3.0-3.8's "+" or 3.9's P, printed differently */
	assert_int_equal(GUESS(512, 1), -1);
	/* 0, 1, 2 print alike everywhere: the newest */
	assert_int_equal(GUESS(0, 1, 2), TM_TASK_STATES_4_14);
	/* 32: X before 4.14, Z from 4.14; nothing tells */
	assert_int_equal(GUESS(0, 1, 32), -1);
	/* 130 and 256 alone: no kernel writes both */
	assert_int_equal(GUESS(130, 256), -1);
	/* nothing noted: the current table */
	tm_task_state_guess_init(&g);
	assert_int_equal(tm_task_state_guess(&g), TM_TASK_STATES_CURRENT);
	/* what the tables left print alike: 0, 1 everywhere, not 32 */
	{
		char out[TM_TASK_STATE_ROOM];
		uint64_t kept;

		tm_task_state_guess_init(&g);
		tm_task_state_note(&g, 0);
		tm_task_state_note(&g, 32);
		tm_task_state_note(&g, 1);
		tm_task_state_note(&g, 32);
		assert_int_equal(tm_task_state_tables(&g), (1u << TM_TASK_STATES_N) - 1);
		assert_int_equal(tm_task_state_print_all(tm_task_state_tables(&g), 1, out), 1);
		assert_string_equal(out, "S");
		assert_int_equal(tm_task_state_print_all(tm_task_state_tables(&g), 32, out), 0);
		assert_string_equal(out, "");
		assert_int_equal(tm_task_state_print_all(0, 1, out), 0);
		assert_true(tm_task_state_unprinted(&g, tm_task_state_tables(&g), &kept));
		assert_int_equal(kept, 2);
		/* decided: one table */
		tm_task_state_note(&g, 256);
		assert_int_equal(tm_task_state_tables(&g), 1u << TM_TASK_STATES_4_14);
		assert_true(tm_task_state_unprinted(&g, tm_task_state_tables(&g), &kept));
		assert_int_equal(kept, 0);
	}
	tm_task_state_guess_init(&g);
	/* the raw form is noted, the kernel's is not */
	static const char raw[] = "prev_comm=a b prev_pid=1 prev_prio=120 prev_state=4096 "
				  "next_comm=c next_pid=2 next_prio=120";
	static const char text[] = "prev_comm=a prev_pid=1 prev_prio=120 prev_state=R+ ==> "
				   "next_comm=c next_pid=2 next_prio=120";
	assert_true(tm_task_state_note_raw(&g, raw, strlen(raw)));
	assert_false(tm_task_state_note_raw(&g, text, strlen(text)));
	assert_false(tm_task_state_note_raw(&g, raw, 53));   /* "... prev_state=40" */
	assert_false(tm_task_state_note_raw(&g, raw, 60));   /* "...=4096 next" */
	assert_int_equal(g.noted, 1);
	assert_int_equal(g.seen[0], 4096);
}

/* The ftrace text of the Perfetto trace at REL (testdata), '\0'-ended,
 * into BUF. */
static void perfetto_text(const char *rel, char *buf, size_t cap)
{
	char path[4096];
	struct tm_diag d;
	struct tm_input *in;
	bool found = false;

	snprintf(path, sizeof(path), "%s/%s", TM_SRCDIR, rel);
	tm_diag_init(&d);
	in = tm_input_open(path, &d);
	assert_non_null(in);
	for (size_t i = 0; i < tm_input_nblocks(in); i++) {
		const struct tm_block *b = tm_input_block(in, i);

		if (b->kind != TM_BLOCK_FTRACE)
			continue;
		assert_true(b->len < cap);
		memcpy(buf, b->data, b->len);
		buf[b->len] = '\0';
		found = true;
	}
	assert_true(found);
	tm_input_free(in);
	tm_diag_free(&d);
}

/* The states of the nine switches of the two traces, in order. */
static void check_states(const char *text, const char *const *want)
{
	const char *p = text;

	for (size_t i = 0; want[i]; i++) {
		char key[64];

		p = strstr(p, " prev_state=");
		assert_non_null(p);
		p += strlen(" prev_state=");
		snprintf(key, sizeof(key), "%s ==> ", want[i]);
		if (strncmp(p, key, strlen(key)))
			fail_msg("switch %zu: prev_state=%.12s, want %s", i, p, want[i]);
	}
	assert_null(strstr(p, " prev_state="));
}

static void test_perfetto_release(void **state)
{
	/* 64 100's exit, 130 killable disk sleep, 1024 preempted, 1, 0, 16,
	 * 32, 512 parked, 132 stopped|wakekill */
	static const char *const k318[] = { "x", "D|K", "R+", "S", "R", "Z", "X", "P", "T|K", NULL };
	static const char *const now[] = { "P", "D|I", "R", "S", "R", "X", "Z", "R", "T|I", NULL };
	static char text[1 << 16];

	(void)state;
	perfetto_text("testdata/perfetto/task_states_3_18.pb", text, sizeof(text));
	check_states(text, k318);
	perfetto_text("testdata/perfetto/task_states_none.pb", text, sizeof(text));
	check_states(text, now);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_release),
		cmocka_unit_test(test_print),
		cmocka_unit_test(test_guess),
		cmocka_unit_test(test_perfetto_release),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
