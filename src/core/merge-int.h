/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* merge-int.h - state shared by the parts of the merge writer (merge.c,
 * merge-early.c, merge-json.c, merge-kevents.c). */
#ifndef TM_MERGE_INT_H
#define TM_MERGE_INT_H

#include <json-c/json.h>
#include <string.h>

#include "buf.h"
#include "canon.h"
#include "merge.h"
#include "output.h"
#include "progress.h"

#define TM_TGID_CACHE 64

struct tm_kstream {                 /* one ftrace block being written */
	size_t src;
	const struct tm_block *b;
	struct tm_line_feed *r;
	const struct tm_fline *fl;      /* current line (the feed's), with its facts */
	const struct tm_ftrace_line *l; /* &fl->line */
	const struct tm_canon_pre *pre;  /* its canonical prefix made ahead, or NULL */
	struct tm_progress_mark pm;     /* how far in b (progress.h) */
	bool have;
	int64_t ts;                     /* current event on the output clock */
	struct tm_clock_map map;
	bool identity, keep_digits;
	struct tm_kstats *st;           /* the input's first-pass facts */
	int64_t pid_off;                /* the input's --pid-offset */
	/* the table of its raw prev_state numbers (tm_task_state_guess of
	 * st's notes), and the notes it was found from */
	uint32_t tables;
	uint32_t states_fits, states_nseen;
	bool states_known;
	int32_t tc_pid[TM_TGID_CACHE];  /* tgid hints by pid % TM_TGID_CACHE */
	int32_t tc_tgid[TM_TGID_CACHE];
};

struct tm_mw {
	struct tm_progress_mark jpm;      /* the JSON block being written (progress.h) */
	struct tm_sync *s;
	const struct tm_merge_opts *o;
	struct tm_merge_counts *c;
	struct tm_out out;
	struct tm_out *jout;              /* where the JSON inputs' events go: &out,
					   * or a scratch file written on a second
					   * core while out gets the kernel text */
	struct tm_diag *jd;               /* the JSON side's warnings and errors */
	struct tm_kstream *ks;
	size_t nks;
	struct tm_buf line, details, unconverted, moved_json;
	struct tm_buf argv_json;          /* process_argv events moved out (move_argv) */
	struct tm_ftrace_line moved;      /* a line with its time or pids changed */
	struct tm_buf kev_details;        /* plugin-form sched details rewritten */
	struct json_object *moved_lines;  /* kernel clock-sync lines moved out */
	struct json_object *meta;         /* output "metadata" */
	struct tm_jkeep {                 /* other top-level keys, kept raw */
		struct tm_jval k, v;
		char *name;
		char *fixed;              /* repaired value (not_strict), or NULL */
	} *keys;
	size_t nkeys;
	struct tm_canon_stats canon;
	char pre_text[TM_CANON_PREFIX_MAX]; /* a prefix not made ahead (merge.c) */
	char tracer[32];
	bool legend_written, move_sync, want_link;
	bool move_argv;                   /* process_argv events leave traceEvents */
	int64_t link_ts;                  /* the clock link's instant (output clock) */
	size_t nevents;                   /* traceEvents written */
	struct tm_kev *kev;               /* --kernel-as=events|both: converter */
	struct tm_merge_early *early;     /* writing during the first pass (merge-early.c) */
	struct json_object *kev_report;
};

/* Text into the output's JSON string being written. */
static inline void text(struct tm_mw *w, const char *p, size_t n)
{
	tm_out_json_chars(&w->out, p, n);
}

static inline void text_s(struct tm_mw *w, const char *s)
{
	text(w, s, strlen(s));
}

/* merge.c */
/* The line of stream K (its current) as the output's kernel text. */
void tm_merge_text_line(struct tm_mw *w, struct tm_kstream *k);
/* Everything W holds freed (its streams closed). */
void tm_merge_mw_free(struct tm_mw *w);
/* Open OUT: O's fd, or OUTPATH; gzip-compressed when O asks.  0, or -1
 * with D's error (nothing left open). */
int tm_merge_open_output(struct tm_out *out, const char *outpath, const struct tm_merge_opts *o,
			 struct tm_diag *d);

/* merge-early.c (the kernel text written during the first pass) */
/* The tgid hint known so far for PID (of ST's input), noted. */
int32_t tm_merge_early_hint(struct tm_merge_early *e, struct tm_kstats *st, int32_t pid);
/* A line of PID written with "-----" at offset OFF of the output
 * (UINT64_MAX: not known where), noted to be filled in. */
void tm_merge_early_unknown(struct tm_merge_early *e, int32_t pid, uint64_t off);
/* The text E wrote, when it is what W (set up for the solved inputs) would
 * write, its late tgids filled in: E's writer set up as W to go on after
 * it (the counts taken into W's, *JSON whether its JSON events are
 * written too); else NULL, E dropped. */
struct tm_mw *tm_merge_early_adopt(struct tm_merge_early *e, struct tm_mw *w, bool *json);

/* merge-json.c */
int tm_merge_json_events(struct tm_mw *w);
/* Event EV copied as it is (an input on the output clock, no pid offset). */
void tm_merge_json_copy(struct tm_mw *w, const struct tm_te_event *ev);
/* A JSON block's other top-level keys and metadata kept for the tail;
 * -1 out of memory. */
int tm_merge_json_top(struct tm_mw *w, const struct tm_te_top *top, const char *path);
/* The separator before the next event of traceEvents into O. */
void tm_merge_sep(struct tm_mw *w, struct tm_out *o);
/* The names of the kernel inputs' processes and threads as metadata (M)
 * events (merge-names.c): 0, or -1 out of memory (said in w->s->d). */
int tm_merge_names(struct tm_mw *w);
void tm_merge_link_event(struct tm_mw *w);
int tm_merge_tail(struct tm_mw *w);

/* merge-kevents.c (--kernel-as=events|both) */
int tm_merge_kev_begin(struct tm_mw *w);
int tm_merge_kev_line(struct tm_mw *w, struct tm_kstream *k);
/* The tables of stream K's raw prev_state numbers (trace-cmd report -R
 * text; tm_task_state_tables), from its first pass's notes (those made so
 * far, while the first pass writes), found again only when they changed. */
uint32_t tm_merge_stream_states(struct tm_kstream *k);
int tm_merge_kev_end(struct tm_mw *w);

#endif
