/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * task-state.h - a sched_switch prev_state number as the kernel prints it.
 *
 * The number is a bit field whose layout changed with the kernel (its
 * include/trace/events/sched.h and the task states of include/linux/sched.h):
 *
 *   table        kernels      letters of bits 1, 2, 4 ... in order     "+" (preempted)
 *   3.0-3.8      3.2 - 3.8    S D T t Z X x W (128); 256 has none       512
 *   3.9-4.1      3.9 - 4.1    S D T t Z X x K W P                      1024
 *   4.2-4.7      4.2 - 4.7    S D T t Z X x K W P N                    2048
 *   4.8-4.13     4.8 - 4.13   as 4.2 (2048, TASK_NEW, has none)        4096
 *   4.14+        4.14 on      S D T t X Z P I (one state reported)      256
 *
 * Before 4.14 the kernel prints __print_flags(state & (TASK_STATE_MAX-1))
 * or "R" when those bits are clear, then "+" when the TASK_STATE_MAX bit is
 * set; from 4.14 the same with TASK_REPORT_MAX (256).  __print_flags
 * writes the letters of the set bits in table order joined by "|", and
 * bits without a letter as one hex number ("|0x800") after them.  Bits
 * above the "+" bit are not printed.  (Before 4.14, 16 printed "Z" and 32
 * "X" even after 3.14 swapped EXIT_ZOMBIE and EXIT_DEAD in sched.h.)
 */
#ifndef TM_TASK_STATE_H
#define TM_TASK_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum tm_task_states {
	TM_TASK_STATES_3_0,
	TM_TASK_STATES_3_9,
	TM_TASK_STATES_4_2,
	TM_TASK_STATES_4_8,
	TM_TASK_STATES_4_14,
	TM_TASK_STATES_N
};

/* The table of kernels from 4.14 on, taken when a trace does not say. */
#define TM_TASK_STATES_CURRENT TM_TASK_STATES_4_14

/* Room tm_task_state_print needs, its '\0' included. */
#define TM_TASK_STATE_ROOM 64

/* The table of the kernel whose release (utsname, "3.18.71-perf-g1b2c")
 * is the N bytes at S: TM_TASK_STATES_CURRENT when it does not start with
 * "MAJOR.MINOR". */
enum tm_task_states tm_task_states_of_release(const char *s, size_t n);

/* The kernels a table is for, e.g. "4.8-4.13". */
const char *tm_task_states_name(enum tm_task_states t);

/* STATE as table T's kernel prints it ("R", "R+", "D|K", "S|0x800"),
 * '\0'-terminated, at OUT (TM_TASK_STATE_ROOM bytes): its length. */
size_t tm_task_state_print(enum tm_task_states t, uint64_t state, char *out);

/* The bits table T gives a letter or the "+" to: a STATE with any other
 * bit set (below the bits the kernel drops) is not one this table's
 * kernel writes. */
uint64_t tm_task_states_known(enum tm_task_states t);

/* The prev_state numbers of a text that gives no kernel release (trace-cmd
 * report -R), noted to find the one table they fit.  A table fits a number
 * its kernel could write at a switch: only bits it names (or its "+"), and
 * not a state no task switches out in (before 4.14: 128 K or 256 W alone,
 * N alone; from 4.14: more than one state bit). */
#define TM_TASK_STATE_SEEN 32
struct tm_task_state_guess {
	uint32_t fits;          /* bit per table: fits every number noted */
	uint64_t seen[TM_TASK_STATE_SEEN]; /* the distinct numbers noted */
	uint64_t seen_n[TM_TASK_STATE_SEEN]; /* how many times each */
	uint32_t nseen;
	bool more;              /* more distinct numbers than seen[] holds */
	uint64_t noted;         /* numbers noted */
};

void tm_task_state_guess_init(struct tm_task_state_guess *g);

/* Note the prev_state number V. */
void tm_task_state_note(struct tm_task_state_guess *g, uint64_t v);

/* The prev_state number of sched_switch DETAILS (N bytes) in the raw form
 * (" prev_state=NUMBER next_comm=", no " ==> "), noted in G; false
 * (nothing noted) for any other form. */
bool tm_task_state_note_raw(struct tm_task_state_guess *g, const char *details, size_t n);

/* The table for the numbers noted in G: the one that fits them all, or the
 * newest of several that print each of them alike (no number noted: the
 * current table); -1 when none fits or those that fit print one of them
 * differently (the numbers cannot be told). */
int tm_task_state_guess(const struct tm_task_state_guess *g);

/* The tables G's numbers leave, bit t for table t: the one
 * tm_task_state_guess finds; else every table that fits them all (none,
 * or several that print one of them differently). */
uint32_t tm_task_state_tables(const struct tm_task_state_guess *g);

/* STATE as every table of SET (bit t for table t) prints it, at OUT
 * (TM_TASK_STATE_ROOM bytes): its length; 0 (OUT "") when SET is empty or
 * two of its tables print STATE differently. */
size_t tm_task_state_print_all(uint32_t set, uint64_t state, char *out);

/* The numbers noted in G that SET cannot print (tm_task_state_print_all
 * gives 0), counted by how often each was noted, into *N; false when G
 * noted more distinct numbers than it keeps (then *N is a lower bound). */
bool tm_task_state_unprinted(const struct tm_task_state_guess *g, uint32_t set, uint64_t *n);

#endif
