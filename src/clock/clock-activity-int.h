/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* clock-activity-int.h - what clock-activity.c (the search and the verdict)
 * and clock-activity-sweep.c (the coarse screen and the exact sweep) share. */
#ifndef TM_CLOCK_ACTIVITY_INT_H
#define TM_CLOCK_ACTIVITY_INT_H

#include "clock-activity.h"

#define ACT_BUCKETS ((size_t)1 << 18)        /* coarse buckets, when runs are long */
#define ACT_MAX_BUCKETS ((size_t)1 << 21)    /* coarse buckets at most (short runs) */
#define ACT_MAX_CELLS ((size_t)1024)         /* summary cells of a region */
#define ACT_BLOCK ((size_t)512)              /* buckets a block of the screen */
#define ACT_SCREEN_VISITS (UINT64_C(1) << 24) /* runs the screen visits, about */
#define ACT_MIN_SAMPLE 256                   /* the sample, however many visits */

/* One thread after preparation: its runs sorted by start, merged (disjoint,
 * not touching), and its first n_sample sampled timestamps' stride. */
struct act_thread {
	struct tm_clock_activity_run *runs;
	size_t n_runs;
	const int64_t *ts;
	size_t n_ts;
	size_t n_sample;                     /* timestamps of it in the coarse screen */
};

/* The best count in one cell of a region, and the first interval of the
 * cell where it is reached ([lo, end), inside the cell). */
struct act_cell {
	uint64_t max;
	int64_t lo, end;
};

/* A region of offsets [a, end) swept exactly: buckets b0..b1 of the screen. */
struct act_region {
	size_t b0, b1;
	int64_t a, end;
	uint64_t max;                        /* the best count in the region */
	int64_t hull_lo, hull_end;           /* hull of the offsets reaching max */
	size_t pieces;                       /* disjoint intervals reaching max */
	int64_t cell_w;
	size_t n_cells;
	struct act_cell *cells;
};

struct act_ctx {
	const struct tm_clock_activity_opts *o;
	struct act_thread *th;
	size_t n_th;
	uint64_t total, sampled;
	int64_t bucket;                      /* B, a power of two */
	unsigned shift;                      /* log2(B) */
	size_t nb;                           /* buckets */
	uint32_t *hist;                      /* upper bound of the sample's count per bucket */
	uint64_t *cover;                     /* sum of the sample's count over the bucket's offsets */
	unsigned char *refined;              /* 1: the bucket lies in a region */
	uint64_t *block_max;                 /* the best unrefined cover of each ACT_BLOCK buckets */
	size_t rb;                           /* a region's radius in buckets */
	struct act_region reg[TM_CLOCK_ACTIVITY_MAX_REGIONS];
	size_t n_reg;
	size_t sweeps;
	bool crowded;                        /* a region was not swept: the limits */
};

/* Sort and merge every used thread's runs into CTX->th and count the
 * timestamps (RES's thread and timestamp counts).  Returns 0, or -1 with
 * errno EINVAL (a value outside +-2^62) or ENOMEM. */
int act_prepare(struct act_ctx *ctx, const struct tm_clock_activity_thread *threads,
		size_t n, struct tm_clock_activity_result *res);
/* Choose the sample and fill the coarse screen of CTX (bucket width, the
 * upper bounds and the covers).  RUN_LEN, the median run length, sets the
 * bucket width: B is the smallest power of two that leaves at most
 * ACT_BUCKETS buckets, made smaller while it exceeds RUN_LEN / 2 down to
 * the one that leaves ACT_MAX_BUCKETS (a bucket wider than the runs has
 * every sampled timestamp touching it, and the screen sees no peak).  Returns 0 or -1 with errno ENOMEM. */
int act_coarse(struct act_ctx *ctx, int64_t run_len);
/* Count exactly, with every timestamp, on the offsets of buckets B0..B1
 * into R (whose cells it allocates).  Returns 0 or -1 with errno ENOMEM. */
int act_sweep(const struct act_ctx *ctx, size_t b0, size_t b1, struct act_region *r);
/* The number of timestamps (of the sample only when SAMPLE) satisfied at
 * offset D. */
uint64_t act_count_at(const struct act_ctx *ctx, int64_t d, bool sample);
/* The lower median length of the runs holding a timestamp at offset D (0
 * when none does).  Returns 0 or -1 with errno ENOMEM. */
int act_median_len_at(const struct act_ctx *ctx, int64_t d, int64_t *len);
/* The lower median length of all the used threads' merged runs.  Returns
 * 0 or -1 with errno ENOMEM. */
int act_median_run(const struct act_ctx *ctx, int64_t *len);
/* The first offset of bucket K and the end of its offsets. */
int64_t act_bucket_lo(const struct act_ctx *ctx, size_t k);
int64_t act_bucket_end(const struct act_ctx *ctx, size_t k);
/* Recompute the block maxima of the blocks holding buckets B0..B1 (after
 * they were marked refined). */
void act_blocks_update(struct act_ctx *ctx, size_t b0, size_t b1);
/* Free what act_prepare and act_coarse allocated, and the regions' cells. */
void act_release(struct act_ctx *ctx);

#endif
