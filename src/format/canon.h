/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * canon.h - write an ftrace event in the canonical form every viewer reads.
 *
 *   "<comm>-<pid> (<tgid>|-----) [<cpu>] <4 flags> <secs>: <name>: <details>"
 *
 * One layout for every line (old Catapult picks its line pattern from the
 * first event line), the TGID column always present, irq-info flags as the
 * 4 characters old Catapult accepts ([dX.][Nnp.][Hhs.][0-9a-f.]), seconds
 * with 6 decimals (9 when the input had sub-microsecond digits), trace-cmd
 * plugin output rewritten to the kernel's key=value form, instance prefixes
 * and name padding dropped, marker continuation lines joined with a literal
 * "\n".  What normalisation changed is counted in struct tm_canon_stats.
 */
#ifndef TM_CANON_H
#define TM_CANON_H

#include "buf.h"
#include "ftrace-internal.h"
#include "output.h"
#include "task-state.h"
#include "tracemerge/ftrace.h"

struct tm_canon_stats {
	uint64_t flags_5th_dropped;   /* 5-char irq-info cut to 4 */
	uint64_t flags_letter_mapped; /* a flag letter old Catapult rejects */
	uint64_t flags_added;         /* no irq-info column: "...." written */
	uint64_t plugin_rewritten;    /* trace-cmd plugin text -> key=value */
	uint64_t continuations_joined;
	uint64_t counter_clock;       /* integer timestamps written as ns */
	uint64_t raw_rewritten;       /* trace-cmd report -R raw fields -> the
				       * kernel's text (canon-raw.c) */
	uint64_t raw_kept;            /* raw fields that could not be (a field
				       * missing or not a number) */
	uint64_t raw_states_kept;     /* raw sched_switch lines kept: their
				       * prev_state fits no one table */
	/* in: the tables raw prev_state numbers are printed with, as
	 * tm_canon_task_states sets them (0, as zeroed: the current one) */
	uint32_t task_tables;
	uint32_t task_tables_used;    /* the tables of the raw switches written
				       * (TM_CANON_TABLES_SET: any written) */
	bool task_tables_mixed;       /* some written with other tables */
};

#define TM_CANON_TABLES_SET (1u << 31)

/* The tables of raw prev_state numbers for the lines ST writes next
 * (tm_task_state_tables: bit t for table t): a number is printed when
 * every one of them prints it alike, else kept and counted. */
void tm_canon_task_states(struct tm_canon_stats *st, uint32_t tables);

/* Append the canonical text of event line L (with its continuations) and a
 * '\n' to B.  tgid_hint (>= 0) fills an unknown TGID column. */
void tm_canon_line(struct tm_buf *b, const struct tm_ftrace_line *l,
		   int32_t tgid_hint, struct tm_canon_stats *st);

/* The same line JSON-escaped (as in a JSON string) into O; SCRATCH is
 * working space.  Returns where in the line (bytes from its start in O) the
 * "-----" of an unknown TGID was written, or -1: none written, or not known
 * where (the line escaped as a whole). */
int tm_canon_line_json(struct tm_out *o, struct tm_buf *scratch,
		       const struct tm_ftrace_line *l, int32_t tgid_hint,
		       struct tm_canon_stats *st);

/* The canonical prefix of event line L (the reader's line with its facts,
 * ftrace-internal.h), everything before its details
 * ("COMM-PID (TGID) [CPU] FLAGS SECS: NAME: "), as tm_canon_line_json
 * writes it: PRE->p[0] (n[0] bytes) then PRE->p[1] (n[1], maybe 0).  For a
 * line in the kernel's layout whose columns are already written that way,
 * two stretches of the line itself (all but the blanks before the
 * seconds); else made at D (TM_CANON_PREFIX_MAX bytes).  False when it is
 * not made this way (not an event, continuation lines, a comm or name that
 * needs escaping, or longer).  PRE->counts: the tm_canon_stats counts the
 * prefix makes (TM_CANON_* bits).  (Made ahead on another thread by the
 * line feed, line-feed.h.) */
#define TM_CANON_PREFIX_MAX 192
#define TM_CANON_FLAGS_ADDED   1u
#define TM_CANON_FLAGS_5TH     2u
#define TM_CANON_FLAGS_MAPPED  4u
#define TM_CANON_COUNTER_CLOCK 8u
struct tm_canon_pre {
	const char *p[2];
	size_t n[2];
	unsigned counts;
	uint8_t tgid_at; /* p[0][tgid_at..+5] is the "-----" of an unknown
			  * TGID, where a fill goes (0: none) */
	bool line;     /* p[1] ends with the details, which need no escape
			* and no rewrite: the whole line but its "\\n"
			* (with plain, false only for details that
			* tm_canon_may_rewrite) */
	bool plain;    /* the details need no escape (nor their rewritten
			* form, made of keys and pieces of them) */
};
bool tm_canon_prefix_json(char *d, const struct tm_fline *l, int32_t tgid_hint,
			  struct tm_canon_pre *pre);
/* The line feed's work (line-feed.h) that makes the prefixes ahead on its
 * helper thread: tm_canon_prefix_json with TGID_HINT -1 (the TGID column as
 * the line has it, "-----" where it has none); each result a struct
 * tm_canon_pre (tm_line_feed_result). */
struct tm_line_work;
extern const struct tm_line_work tm_canon_prefix_work;
/* Can PRE (made with the TGID column as the line has it) be written with
 * TGID_FILL (>= 0: a fill for a line without a TGID; -1: none)? */
bool tm_canon_pre_fits(const struct tm_canon_pre *pre, int32_t tgid_fill);
/* tm_canon_line_json of L with TGID_FILL as its tgid_hint (-1 for a line
 * with a TGID of its own), given its prefix PRE, which it must fit; the
 * same return. */
int tm_canon_line_json_pre(struct tm_out *o, struct tm_buf *scratch,
			   const struct tm_ftrace_line *l, const struct tm_canon_pre *pre,
			   int32_t tgid_fill, struct tm_canon_stats *st);

/* Could tm_canon_rewrite_details rewrite EV's details?  (False: they are
 * written as they are.) */
bool tm_canon_may_rewrite(const struct tm_ftrace_event *ev);

/* trace-cmd's plugin text of sched_switch / sched_wakeup* ("bash:22 [120] R
 * ==> rcu:15 [120]"), or its raw fields (report -R, tm_canon_raw_form), in
 * the kernel's text, appended to B; false (B untouched) when EV is not
 * such an event, already in kernel form, or raw fields that cannot be
 * rewritten.  ST gives the table of raw prev_state numbers
 * (tm_canon_task_states) and counts raw_rewritten, raw_kept,
 * raw_states_kept, task_tables_used (NULL: the current table, nothing
 * counted).  The form
 * takes at most TM_CANON_REWRITE_ROOM(ev->details.n) bytes while it is
 * made (its keys, 79 bytes at most, pieces of the details, a task state,
 * and 16 bytes of a copy past its end). */
#define TM_CANON_REWRITE_ROOM(n) ((n) + 96 + TM_TASK_STATE_ROOM)
bool tm_canon_rewrite_details(struct tm_buf *b, const struct tm_ftrace_event *ev,
			      struct tm_canon_stats *st);

/* Are EV's details `trace-cmd report -R`'s raw fields of an event the
 * viewers read, which differ from its kernel text (canon-raw.c)? */
bool tm_canon_raw_form(const struct tm_ftrace_event *ev);

/* The kernel's text of EV's raw fields (tm_canon_raw_form) at D (room:
 * TM_CANON_REWRITE_ROOM(ev->details.n)); TABLES: those a sched_switch's
 * prev_state is printed with (bit t for table t: a number two of them
 * print differently, or no table, leaves the switch as it is).  The end,
 * or NULL: not rewritten (a field missing or not a number, or such a
 * prev_state). */
char *tm_canon_raw_rewrite(char *d, const struct tm_ftrace_event *ev, uint32_t tables);

/* tm_canon_raw_rewrite of EV (tm_canon_raw_form) at D with the table ST
 * gives (NULL: the current one), counted in ST (or not, NULL): the length
 * of the text written, 0 when not rewritten. */
size_t tm_canon_raw_at(char *d, const struct tm_ftrace_event *ev, struct tm_canon_stats *st);

/* Canonical column legend (a '#' line ending in '\n'). */
extern const char tm_canon_legend[];

#endif
