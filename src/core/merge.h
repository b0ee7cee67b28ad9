/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * merge.h - write the solved inputs as one Trace Event JSON object.
 *
 *   "systemTraceEvents": every kernel input's event lines, timestamps on the
 *       output clock, several kernel inputs merged in time order, in the
 *       canonical form (canon.h) or verbatim;
 *   "traceEvents": every JSON input's events with ts (and dur, when the
 *       clocks drift) on the output clock, everything else byte for byte;
 *       process/thread names of the kernel inputs as M events;
 *   one clock link: a `trace_event_clock_sync: name=tracemerge_link ...`
 *       line and a matching clock_sync `c` event at the same instant, so
 *       Catapult joins the two (already aligned) domains with a zero
 *       offset.  The inputs' own sync markers are moved out of the event
 *       streams into "tracemergeClockSync" (a second path between the same
 *       domains makes Catapult refuse the trace; they are kept, not lost);
 *   "metadata": the first JSON input's metadata (without its clock-domain)
 *       and "tracemerge": inputs, formats, the clock solution, counts.
 */
#ifndef TM_MERGE_H
#define TM_MERGE_H

#include <stdio.h>
#include <json-c/json.h>

#include "kernel-events.h"
#include "sync.h"

struct tm_merge_early;

struct tm_merge_opts {
	const char *command;       /* "merge" or "import", for metadata */
	bool verbatim;             /* kernel lines exactly as read */
	enum tm_kernel_as kernel_as; /* text, events (kernel-events.h) or both */
	struct tm_merge_early *early; /* kernel text written during tm_sync_load, or NULL */
	bool to_fd;                /* write FD (the caller's, written straight), not OUTPATH */
	int fd;
	const bool *only;          /* write only the inputs i with only[i] (an
				    * archive's member: session-archive.c); NULL: all */
	bool gzip;                 /* the output gzip-compressed (tm_out_gzip) */
};

/* Does O write input I? */
static inline bool tm_merge_takes(const struct tm_merge_opts *o, size_t i)
{
	return !o->only || o->only[i];
}

struct tm_merge_counts {
	uint64_t kernel_in;        /* kernel event lines read */
	uint64_t kernel_out;       /* written to systemTraceEvents */
	uint64_t kernel_sync;      /* clock-sync marker lines moved out */
	uint64_t unconverted;      /* function_graph lines kept as text */
	uint64_t json_in, json_out, json_sync, json_rejected;
	uint64_t json_argv;        /* process_argv events moved out */
	uint64_t names;            /* M events written for kernel tasks */
	uint64_t kernel_events;    /* kernel events converted to traceEvents */
	uint64_t kernel_objects;   /* traceEvents objects they gave */
	bool link;                 /* the clock link was written */
};

int tm_merge_write(struct tm_sync *s, const char *outpath, const struct tm_merge_opts *o,
		   struct tm_merge_counts *c);

/*
 * One pass instead of two, for `import` and `merge` into a file: the kernel
 * text (or, for `import`, the JSON events) are written while
 * tm_sync_load_hooked() reads the inputs (with tm_merge_early_line, and for
 * `import` _event and _json_end, as its hooks); then tm_merge_write(), given
 * it in opts->early, goes on after that text when it is exactly what the
 * second pass would have written (one kernel input with one ftrace block,
 * no clock change, every TGID column fill and the tracer name as the whole
 * first pass knows them, the clock link and moved markers as guessed from
 * NINPUTS and the input's JSON blocks), or else throws it away and writes
 * as usual; JSON events after the kernel text (a systrace page's block)
 * are written after it by tm_merge_write.  The output is the
 * same either way.  Of several inputs, the text of the first whose ftrace
 * line comes is written (kline may be called from several threads).
 *
 * tm_merge_early_new() returns NULL where this is not done (stdout, which
 * cannot be taken back; --kernel-as other than text; the reference path; an
 * output that cannot be created, which tm_merge_write then reports).
 * Free it after tm_merge_write() (or instead: its output is removed).
 */
struct tm_merge_early *tm_merge_early_new(const char *outpath, const struct tm_merge_opts *o,
					  size_t ninputs);
void tm_merge_early_line(void *ctx, struct tm_kstats *st, const struct tm_fline *l,
			 const struct tm_canon_pre *pre, const struct tm_block *b,
			 size_t block_index);
/* The same for a Trace Event JSON input (struct tm_sync_hooks jevent and
 * jend). */
void tm_merge_early_event(void *ctx, const struct tm_te_event *ev, size_t block_index);
void tm_merge_early_json_end(void *ctx, const struct tm_te_top *top, const char *path,
			     size_t block_index);
void tm_merge_early_free(struct tm_merge_early *e);

/* The solution as a JSON object (for `sync --json` and the metadata);
 * RESIDUALS: each link with every marker's residual and uncertainty. */
struct json_object *tm_sync_report(const struct tm_sync *s, bool residuals);
/* A marker pair's instant in domain a (the midpoint of its interval) and
 * its uncertainty (the half-widths of both sides together). */
int64_t tm_sync_obs_mid(const struct tm_clock_obs *ob);
int64_t tm_sync_obs_unc(const struct tm_clock_obs *ob);
/* The marker fits as an SVG picture (sync-plot.c): one panel per link.
 * 0, or -1 (a write error: errno). */
int tm_sync_plot_svg(const struct tm_sync *s, FILE *f);
/* The solution as text (`sync`). */
void tm_sync_print(FILE *f, const struct tm_sync *s);

#endif
