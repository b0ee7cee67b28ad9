/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * clock-activity.h - activity alignment: the offset between an application's
 * clock and the kernel's, found from when the app's threads ran.
 *
 * An application stamps an event while its thread is on a CPU, and the kernel
 * trace says when each thread was on a CPU.  So an app timestamp t of thread
 * T constrains the offset d (kernel = app + d): t + d must lie in one of T's
 * running intervals.  tm_clock_activity_solve() finds the offsets d in a
 * search window [dmin, dmax] that satisfy the most timestamps, counted
 * exactly, and says whether that evidence singles out one offset.
 *
 * The count.  Each thread's running intervals [start, end) (kernel ns) may
 * be given in any order and may overlap or touch: the module takes their
 * union.  A timestamp t is satisfied at d when t + d lies in that union, so
 * it is counted at most once whatever the overlaps.  count(d) is the number
 * of satisfied timestamps; it is a step function of d, and the winning
 * interval [lo, end) is the hull of the offsets where it reaches its maximum
 * in the stretch searched around the best candidate (every offset of it is
 * allowed by the evidence or lies between two that are).  Its width,
 * end - lo, is the bound: an exact integer, with no rounding.
 *
 * The runner-up.  Offsets next to the winner satisfy many of the same
 * timestamps in the same intervals (the shoulders of one peak).  The
 * separation s is the median length of the intervals that hold a timestamp
 * at the winner's lo (each timestamp counts its interval once; the lower
 * median), unless the options give it.  Beyond s, at least half of the
 * winner's timestamps have left the interval that held them, so a count
 * there is another alignment, not the winner's shoulder.  The runner-up is
 * the best count at an offset outside [lo - s, end + s), counted exactly,
 * among the regions swept (below); each region is summed in at most 1024
 * cells, and a cell that straddles the zone's edge is left out, so an
 * offset within a cell's width of the zone may be missed.
 *
 * The search (T timestamps, I intervals, W = dmax - dmin + 1 offsets):
 *   1. Each thread's intervals are sorted and merged: O(I log I).
 *   2. Coarse screen: a sample of at most opts.sample timestamps (S, spread
 *      over the threads by stride; fewer, down to 256, when they would
 *      visit more than 2^24 runs), a histogram of d in buckets of width
 *      B, a power of two (a shift, not a division, in the inner loop): the
 *      smallest leaving at most 2^18 buckets, made smaller while it is
 *      over half the median run, down to 2^21 buckets (a bucket wider than
 *      the runs is touched by every timestamp: no peak shows).  Each bucket
 *      has an upper bound, the number of sampled timestamps that some
 *      offset in it satisfies, and a cover, the sample's count summed over
 *      its offsets (what tells a peak from a flat stretch).
 *      O(S * (log I + k)), k the intervals a thread has in a window of W,
 *      plus O(W / B).
 *   3. Exact refinement: the best unrefined bucket, widened by R (the
 *      median merged interval length) on each side, is swept with every
 *      timestamp: each (timestamp, interval) pair that reaches the region
 *      adds +1 on [s - t, e - t) clipped to it; the sorted starts and ends
 *      (radix-sorted) give count(d) exactly on the region.  O(T log I + E)
 *      for the E pairs reaching the region (about 2 or 3 per timestamp
 *      when the region is as wide as a few intervals).  Candidates are refined in
 *      decreasing cover until the next one's is below the tie fraction of
 *      the first one's, at most TM_CLOCK_ACTIVITY_MAX_REGIONS of them (more
 *      is a tie: no single peak stands out).
 *   So the cost is O(I log I + S k + W/B + N (T log I + E)) for N
 *   regions, instead of the O(T * k) pairs of a sweep over the whole window.
 *   When the sample holds every timestamp, the limits did not stop the
 *   search, and no unswept bucket's upper bound reaches the tie fraction
 *   of the best (result.exhaustive), the winner's count is the maximum over
 *   the whole window and no unswept offset can tie: the verdict is proven,
 *   not sampled.
 *
 * Use (the next step, not built here): for each app clock domain, one
 * tm_clock_activity_thread per tid the kernel trace scheduled, with the
 * timestamps the thread itself wrote (B, E, X start and end, i, C, b and
 * e of its own thread; not metadata, nor events written for another
 * thread), and the runs from tm_clock_activity_runs_build() over the
 * kernel's sched_switch (prev out, next in) and sched_waking/sched_wakeup
 * records; the window from the two traces' time spans (every offset that
 * makes them overlap).  A decided result is a link of error
 * (end - lo) / 2 around the middle of [lo, end).
 *
 * Drift (not built here): over long captures the offset moves.  The same
 * solver runs per time window of the app's timestamps (each window's
 * timestamps and the intervals they can reach); each window gives an
 * interval [lo_w, end_w) of d at the window's middle time x_w, and a rate
 * is fitted through the windows as the marker fit does through markers'
 * intervals (tm_clock_fit with a_lo = a_hi = x_w, b = x_w + [lo_w, end_w - 1]),
 * every window's interval met.
 */
#ifndef TM_CLOCK_ACTIVITY_H
#define TM_CLOCK_ACTIVITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Every time and offset given must lie strictly within +-2^62 ns (146
 * years): sums of a timestamp and an offset then fit int64. */
#define TM_CLOCK_ACTIVITY_LIMIT (INT64_C(1) << 62)
#define TM_CLOCK_ACTIVITY_MAX_REGIONS 16
#define TM_CLOCK_ACTIVITY_MAX_CANDIDATES 8

/* One running interval of a thread in the kernel trace: [start, end) in
 * kernel ns.  An interval with end <= start is empty and ignored. */
struct tm_clock_activity_run {
	int64_t start, end;
};

/* One thread's evidence.  runs: its running intervals in any order, which
 * may overlap; ts: the app timestamps (app ns) taken on it, in any order.
 * A thread with timestamps and no non-empty run is not used (the kernel did
 * not see it): its timestamps are counted in result.ts_unseen. */
struct tm_clock_activity_thread {
	int64_t tid;                         /* for the caller's messages; not read */
	const struct tm_clock_activity_run *runs;
	size_t n_runs;
	const int64_t *ts;
	size_t n_ts;
};

struct tm_clock_activity_opts {
	int64_t dmin, dmax;                  /* search window of d, inclusive */
	uint64_t min_timestamps;             /* fewer used: refused (default 16) */
	size_t min_threads;                  /* fewer threads used: refused (default 1) */
	uint32_t min_share_permille;         /* best below this share of the total: refused (default 500) */
	uint32_t tie_permille;               /* runner-up at or above this share of best: refused (default 800) */
	int64_t separation;                  /* > 0: the runner-up separation; 0: the median (see above) */
	uint64_t sample;                     /* timestamps in the coarse screen (default 2048) */
};

enum tm_clock_activity_verdict {
	TM_ACTIVITY_DECIDED = 0,
	TM_ACTIVITY_FEW_THREADS,             /* fewer than min_threads threads the kernel saw */
	TM_ACTIVITY_FEW_TIMESTAMPS,          /* fewer than min_timestamps timestamps on them */
	TM_ACTIVITY_NO_OVERLAP,              /* no offset of the window satisfies any timestamp */
	TM_ACTIVITY_LOW_SHARE,               /* the best offset satisfies too few of them */
	TM_ACTIVITY_TIE,                     /* another offset is (nearly) as good */
};

/* An interval [lo, end) of offsets and the timestamps satisfied there. */
struct tm_clock_activity_candidate {
	int64_t lo, end;
	uint64_t count;
};

struct tm_clock_activity_result {
	enum tm_clock_activity_verdict verdict;
	struct tm_clock_activity_candidate best;   /* the winning interval; count 0: none */
	struct tm_clock_activity_candidate runner; /* the runner-up; count 0: none found */
	size_t best_pieces;                  /* disjoint intervals reaching best.count in best */
	uint64_t total;                      /* timestamps used (on threads the kernel saw) */
	size_t threads_used;                 /* threads with timestamps and runs */
	size_t threads_unseen;               /* threads with timestamps and no runs */
	uint64_t ts_unseen;                  /* their timestamps, left out of total */
	int64_t separation;                  /* the runner-up separation used */
	/* for messages: the winner, the runner-up, then the best of each other
	 * region swept outside the winner's zone, best first */
	struct tm_clock_activity_candidate cand[TM_CLOCK_ACTIVITY_MAX_CANDIDATES];
	size_t n_cand;
	/* how the search went */
	uint64_t sampled;                    /* timestamps in the coarse screen */
	int64_t bucket_ns;                   /* coarse bucket width B */
	size_t regions;                      /* regions swept exactly */
	bool exhaustive;                     /* the verdict is proven for the whole window */
};

/* Fill OPTS with the defaults above for the window [DMIN, DMAX]. */
void tm_clock_activity_defaults(struct tm_clock_activity_opts *opts, int64_t dmin, int64_t dmax);

/* Find the offsets d in [opts->dmin, opts->dmax] under which the most of
 * the N threads' timestamps fall in their runs, and judge the evidence
 * (see the top of this file).  RES is filled in whatever the verdict; a
 * refusal keeps the best candidates found, for the message.  Returns 0, or
 * -1 with errno EINVAL (dmin > dmax, a value outside +-2^62, opts or res
 * NULL) or ENOMEM. */
int tm_clock_activity_solve(const struct tm_clock_activity_thread *threads, size_t n,
			    const struct tm_clock_activity_opts *opts,
			    struct tm_clock_activity_result *res);

/* ---- running intervals from scheduler records ----------------------------
 *
 * What the kernel trace says about one thread, for
 * tm_clock_activity_runs_build(): a sched_switch is a SWITCH_OUT of its
 * prev and a SWITCH_IN of its next (the caller leaves out the idle task),
 * a sched_waking or sched_wakeup a WAKEUP of its pid. */
enum tm_clock_activity_kind {
	TM_ACTIVITY_SWITCH_IN,
	TM_ACTIVITY_SWITCH_OUT,
	TM_ACTIVITY_WAKEUP,
};

struct tm_clock_activity_record {
	int64_t ts;                          /* kernel ns */
	int64_t tid;
	enum tm_clock_activity_kind kind;
};

/* One thread's running intervals, built from records. */
struct tm_clock_activity_runs {
	int64_t tid;
	struct tm_clock_activity_run *runs;  /* in time order */
	size_t n_runs;
};

/* Build each thread's running intervals from the N records REC (any
 * order; records of one thread at one time keep their order in REC).
 * Per thread, in time order:
 *   - a window opens at a SWITCH_IN, or at a WAKEUP when no SWITCH_IN
 *     follows it before the SWITCH_OUT (kernels that write no sched_switch
 *     when a CPU leaves idle for the thread); a SWITCH_IN after a WAKEUP
 *     moves the start to the SWITCH_IN;
 *   - a SWITCH_OUT closes the window at its time; one with no open
 *     window closes [first record's time, its time): the thread ran from
 *     before the trace;
 *   - a window still open at the end closes one ns after the last
 *     record's time: the thread ran until the trace's end;
 *   - a WAKEUP or a second SWITCH_IN while the thread runs changes
 *     nothing (the window stays the wider one).
 * *OUT receives one entry per thread, by tid (free it with
 * tm_clock_activity_runs_free), *N_OUT their number.  Windows may be
 * empty (a switch in and out at one time): tm_clock_activity_solve
 * ignores those.  Returns 0, or -1 with errno EINVAL (REC NULL with N > 0,
 * a time at INT64_MAX) or ENOMEM. */
int tm_clock_activity_runs_build(const struct tm_clock_activity_record *rec, size_t n,
				 struct tm_clock_activity_runs **out, size_t *n_out);

/* Free what tm_clock_activity_runs_build returned (N entries). */
void tm_clock_activity_runs_free(struct tm_clock_activity_runs *runs, size_t n);

/* A short phrase saying what V means ("decided", "tie with another
 * offset", ...); never NULL. */
const char *tm_clock_activity_verdict_str(enum tm_clock_activity_verdict v);

#endif
