/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* clock-activity.c - activity alignment: the search over the coarse screen's
 * candidates, the winner, the runner-up and the verdict
 * (tm_clock_activity_solve, see clock-activity.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "clock-activity-int.h"

#define EXTEND_ROUNDS 64

void tm_clock_activity_defaults(struct tm_clock_activity_opts *opts, int64_t dmin, int64_t dmax)
{
	memset(opts, 0, sizeof(*opts));
	opts->dmin = dmin;
	opts->dmax = dmax;
	opts->min_timestamps = 16;
	opts->min_threads = 1;
	opts->min_share_permille = 500;
	opts->tie_permille = 800;
	opts->sample = 2048;
}

const char *tm_clock_activity_verdict_str(enum tm_clock_activity_verdict v)
{
	switch (v) {
	case TM_ACTIVITY_DECIDED:
		return "decided";
	case TM_ACTIVITY_FEW_THREADS:
		return "too few of the app's threads ran in the kernel trace";
	case TM_ACTIVITY_FEW_TIMESTAMPS:
		return "too few timestamps on threads the kernel trace saw";
	case TM_ACTIVITY_NO_OVERLAP:
		return "no offset in the search window puts any timestamp in its thread's running time";
	case TM_ACTIVITY_LOW_SHARE:
		return "the best offset puts too few timestamps in their threads' running time";
	case TM_ACTIVITY_TIE:
		return "another offset fits (nearly) as many timestamps";
	}
	return "unknown verdict";
}

/* ---- regions -------------------------------------------------------------- */

/* The index of the region holding the best count (the lowest offset among
 * equals), or n_reg when no region has a count. */
static size_t winner_region(const struct act_ctx *ctx)
{
	size_t w = ctx->n_reg;

	for (size_t i = 0; i < ctx->n_reg; i++) {
		const struct act_region *r = &ctx->reg[i];

		if (!r->max)
			continue;
		if (w == ctx->n_reg || r->max > ctx->reg[w].max ||
		    (r->max == ctx->reg[w].max && r->hull_lo < ctx->reg[w].hull_lo))
			w = i;
	}
	return w;
}

/* Sweep buckets B0..B1 as one region, merged with every region it
 * overlaps or touches (those are swept again with it).  Returns 0, 1 when
 * the limits leave no room (ctx->crowded is then set), or -1 (ENOMEM). */
static int refine(struct act_ctx *ctx, size_t b0, size_t b1)
{
	struct act_region nr;
	size_t k = 0, kept = 0;

	if (ctx->sweeps >= 2 * TM_CLOCK_ACTIVITY_MAX_REGIONS)
		return ctx->crowded = true, 1;
	/* regions are kept in no order: widen until nothing touches */
	for (bool grown = true; grown;) {
		grown = false;
		for (size_t i = 0; i < ctx->n_reg; i++) {
			const struct act_region *r = &ctx->reg[i];

			if (r->b1 + 1 >= b0 && b1 + 1 >= r->b0 && (r->b0 < b0 || r->b1 > b1)) {
				b0 = r->b0 < b0 ? r->b0 : b0;
				b1 = r->b1 > b1 ? r->b1 : b1;
				grown = true;
			}
		}
	}
	for (size_t i = 0; i < ctx->n_reg; i++)
		kept += !(ctx->reg[i].b0 >= b0 && ctx->reg[i].b1 <= b1);
	if (kept == TM_CLOCK_ACTIVITY_MAX_REGIONS)
		return ctx->crowded = true, 1;
	if (act_sweep(ctx, b0, b1, &nr) < 0)
		return -1;
	ctx->sweeps++;
	for (size_t i = 0; i < ctx->n_reg; i++) {
		if (ctx->reg[i].b0 >= b0 && ctx->reg[i].b1 <= b1)
			free(ctx->reg[i].cells);
		else
			ctx->reg[k++] = ctx->reg[i];
	}
	ctx->n_reg = k;
	ctx->reg[ctx->n_reg++] = nr;
	memset(ctx->refined + b0, 1, b1 - b0 + 1);
	act_blocks_update(ctx, b0, b1);
	return 0;
}

/* B0 - K, or 0 below it. */
static size_t sub_clip(size_t b, size_t k)
{
	return b > k ? b - k : 0;
}

/* B + K, or LAST above it. */
static size_t add_clip(size_t b, size_t k, size_t last)
{
	return last - b > k ? b + k : last;
}

/* Refine bucket C widened by the region radius.  When that reaches a
 * region within its own width of C (a wide peak, a shoulder of one), the
 * region grows toward C by its own width at least: a peak of any width is
 * covered in a number of sweeps logarithmic in it. */
static int refine_around(struct act_ctx *ctx, size_t c)
{
	size_t last = ctx->nb - 1;
	size_t b0 = sub_clip(c, ctx->rb), b1 = add_clip(c, ctx->rb, last);

	for (size_t i = 0; i < ctx->n_reg; i++) {
		const struct act_region *r = &ctx->reg[i];
		size_t w = r->b1 - r->b0 + 1;

		if (c > r->b1 && c - r->b1 <= w) {
			b1 = b1 > add_clip(r->b1, w, last) ? b1 : add_clip(r->b1, w, last);
			b0 = r->b0 < b0 ? r->b0 : b0;
		} else if (c < r->b0 && r->b0 - c <= w) {
			b0 = b0 < sub_clip(r->b0, w) ? b0 : sub_clip(r->b0, w);
			b1 = r->b1 > b1 ? r->b1 : b1;
		}
	}
	return refine(ctx, b0, b1);
}

/* The unrefined bucket of the highest score (the lowest among equals) whose
 * offsets all lie outside [zlo, zend), or nb when every such bucket scores 0. */
static size_t best_unrefined(const struct act_ctx *ctx, __int128 zlo, __int128 zend)
{
	size_t best = ctx->nb;
	uint64_t top = 0;

	/* a block whose best is not above the best found holds nothing better */
	for (size_t blk = 0; blk * ACT_BLOCK < ctx->nb; blk++) {
		size_t end = (blk + 1) * ACT_BLOCK < ctx->nb ? (blk + 1) * ACT_BLOCK : ctx->nb;

		if (ctx->block_max[blk] <= top)
			continue;
		for (size_t k = blk * ACT_BLOCK; k < end; k++) {
			if (ctx->refined[k] || ctx->cover[k] <= top)
				continue;
			if (zlo < zend && act_bucket_end(ctx, k) > zlo && act_bucket_lo(ctx, k) < zend)
				continue;
			top = ctx->cover[k];
			best = k;
		}
	}
	return best;
}

/* Widen the winner's region while its best offsets reach an edge that has
 * unrefined buckets beyond it, so that the winning interval is whole. */
static int extend_winner(struct act_ctx *ctx)
{
	for (int round = 0; round < EXTEND_ROUNDS; round++) {
		size_t w = winner_region(ctx), b0, b1;
		const struct act_region *r;
		int rc;

		if (w == ctx->n_reg)
			return 0;
		r = &ctx->reg[w];
		b0 = r->b0;
		b1 = r->b1;
		/* doubling: a plateau of any width in a few rounds */
		if (r->hull_lo == r->a && b0 > 0)
			b0 = sub_clip(b0, r->b1 - r->b0 + 1);
		if (r->hull_end == r->end && b1 + 1 < ctx->nb)
			b1 = add_clip(b1, r->b1 - r->b0 + 1, ctx->nb - 1);
		if (b0 == r->b0 && b1 == r->b1)
			return 0;
		rc = refine(ctx, b0, b1);
		if (rc)
			return rc < 0 ? -1 : 0;
	}
	return 0;
}

/* Refine candidates in decreasing cover until the next one's cover is
 * below the tie share of the first one's, or the limits stop it
 * (ctx->crowded).  The cover, the sample's count summed over the bucket's
 * offsets, tells a peak from a bucket that every sampled timestamp only
 * touches (busy threads, runs closer than a bucket).  Returns 0 or -1. */
static int search(struct act_ctx *ctx)
{
	uint64_t top = 0;

	while (!ctx->crowded) {
		size_t c = best_unrefined(ctx, 0, 0);

		if (c == ctx->nb)
			return 0;
		if (!top)
			top = ctx->cover[c];
		else if ((unsigned __int128)ctx->cover[c] * 1000 <
			 (unsigned __int128)top * ctx->o->tie_permille)
			return 0;
		if (refine_around(ctx, c) < 0 || extend_winner(ctx) < 0)
			return -1;
	}
	return 0;
}

/* True when no unrefined bucket's upper bound reaches the tie share of
 * the sample's count at the winner W: then, with every timestamp in the
 * sample, no offset left unswept ties or beats the winner. */
static bool unswept_below(const struct act_ctx *ctx, size_t w)
{
	uint64_t s = act_count_at(ctx, ctx->reg[w].hull_lo, true);

	for (size_t k = 0; k < ctx->nb; k++)
		if (!ctx->refined[k] &&
		    (unsigned __int128)ctx->hist[k] * 1000 >= (unsigned __int128)s * ctx->o->tie_permille)
			return false;
	return true;
}

/* ---- the judgement ------------------------------------------------------- */

/* The best count among the refined offsets outside [zlo, zend), into RUN:
 * a cell counts when its best interval lies outside; the interval is
 * followed into the next cells while the count stays. */
static void find_runner(const struct act_ctx *ctx, __int128 zlo, __int128 zend,
			struct tm_clock_activity_candidate *run)
{
	memset(run, 0, sizeof(*run));
	for (size_t i = 0; i < ctx->n_reg; i++) {
		const struct act_region *r = &ctx->reg[i];

		for (size_t k = 0; k < r->n_cells; k++) {
			const struct act_cell *c = &r->cells[k];

			if (!c->max || (c->end > zlo && c->lo < zend))
				continue;
			if (c->max < run->count || (c->max == run->count && c->lo >= run->lo))
				continue;
			run->count = c->max;
			run->lo = c->lo;
			run->end = c->end;
			for (size_t m = k + 1; m < r->n_cells && r->cells[m].max == c->max &&
			     r->cells[m].lo == run->end && !(r->cells[m].end > zlo && r->cells[m].lo < zend); m++)
				run->end = r->cells[m].end;
		}
	}
}

/* The exclusion zone around the winner W: [lo - s, end + s). */
static void zone(const struct act_region *w, int64_t s, __int128 *zlo, __int128 *zend)
{
	*zlo = (__int128)w->hull_lo - s;
	*zend = (__int128)w->hull_end + s;
}

/* The winner, the separation and the runner-up of the regions, into RES. */
static int judge(struct act_ctx *ctx, struct tm_clock_activity_result *res)
{
	size_t w = winner_region(ctx);
	__int128 zlo, zend;

	memset(&res->best, 0, sizeof(res->best));
	memset(&res->runner, 0, sizeof(res->runner));
	res->best_pieces = 0;
	if (w == ctx->n_reg)
		return 0;
	res->best.lo = ctx->reg[w].hull_lo;
	res->best.end = ctx->reg[w].hull_end;
	res->best.count = ctx->reg[w].max;
	res->best_pieces = ctx->reg[w].pieces;
	res->separation = ctx->o->separation;
	if (res->separation <= 0 && act_median_len_at(ctx, res->best.lo, &res->separation) < 0)
		return -1;
	zone(&ctx->reg[w], res->separation, &zlo, &zend);
	find_runner(ctx, zlo, zend, &res->runner);
	return 0;
}

/* Refine the best unrefined bucket outside the winner's zone, so that the
 * runner-up is counted exactly and not only screened; then judge again. */
static int refine_runner(struct act_ctx *ctx, struct tm_clock_activity_result *res)
{
	size_t w = winner_region(ctx), c;
	__int128 zlo, zend;
	bool crowded;
	int rc;

	if (w == ctx->n_reg || ctx->crowded)
		return 0;
	zone(&ctx->reg[w], res->separation, &zlo, &zend);
	c = best_unrefined(ctx, zlo, zend);
	if (c == ctx->nb)
		return 0;
	/* every unswept score is below the tie share here: not sweeping this
	 * one for the limits leaves the verdict as it is */
	crowded = ctx->crowded;
	rc = refine_around(ctx, c);
	ctx->crowded = crowded;
	if (rc < 0 || extend_winner(ctx) < 0)
		return -1;
	return judge(ctx, res);
}

static int cmp_cand(const void *pa, const void *pb)
{
	const struct tm_clock_activity_candidate *a = pa, *b = pb;

	if (a->count != b->count)
		return a->count > b->count ? -1 : 1;
	return (a->lo > b->lo) - (a->lo < b->lo);
}

/* The candidates for a message, into res->cand: the winner, the runner-up,
 * then the best of every other region outside the winner's zone, best
 * first. */
static void list_candidates(const struct act_ctx *ctx, struct tm_clock_activity_result *res)
{
	struct tm_clock_activity_candidate all[TM_CLOCK_ACTIVITY_MAX_REGIONS + 2];
	__int128 zlo = (__int128)res->best.lo - res->separation;
	__int128 zend = (__int128)res->best.end + res->separation;
	size_t n = 0;

	if (res->best.count)
		all[n++] = res->best;
	if (res->runner.count)
		all[n++] = res->runner;
	for (size_t i = 0; n && i < ctx->n_reg; i++) {
		const struct act_region *r = &ctx->reg[i];

		if (!r->max || (r->a <= res->runner.lo && res->runner.lo < r->end) ||
		    (r->hull_end > zlo && r->hull_lo < zend))
			continue;
		all[n].lo = r->hull_lo;
		all[n].end = r->hull_end;
		all[n].count = r->max;
		n++;
	}
	if (n > 2)
		qsort(all + 2, n - 2, sizeof(*all), cmp_cand);
	res->n_cand = n < TM_CLOCK_ACTIVITY_MAX_CANDIDATES ? n : TM_CLOCK_ACTIVITY_MAX_CANDIDATES;
	memcpy(res->cand, all, res->n_cand * sizeof(*all));
}

/* The verdict of RES's counts under OPTS (CROWDED: candidates were left). */
static enum tm_clock_activity_verdict verdict(const struct tm_clock_activity_opts *o,
					      const struct tm_clock_activity_result *res,
					      bool crowded)
{
	unsigned __int128 best = res->best.count;

	if (!res->threads_used || res->threads_used < o->min_threads)
		return TM_ACTIVITY_FEW_THREADS;
	if (res->total < o->min_timestamps || !res->total)
		return TM_ACTIVITY_FEW_TIMESTAMPS;
	if (!best)
		return TM_ACTIVITY_NO_OVERLAP;
	if (best * 1000 < (unsigned __int128)res->total * o->min_share_permille)
		return TM_ACTIVITY_LOW_SHARE;
	if (crowded || (unsigned __int128)res->runner.count * 1000 >= best * o->tie_permille)
		return TM_ACTIVITY_TIE;
	return TM_ACTIVITY_DECIDED;
}

/* The search proper, on a prepared CTX. */
static int solve_prepared(struct act_ctx *ctx, struct tm_clock_activity_result *res)
{
	int64_t rlen;

	if (ctx->n_th && ctx->total) {
		if (act_median_run(ctx, &rlen) < 0 || act_coarse(ctx, rlen) < 0)
			return -1;
		ctx->rb = (size_t)((uint64_t)rlen / (uint64_t)ctx->bucket) + 1;
		if (search(ctx) < 0 || extend_winner(ctx) < 0 || judge(ctx, res) < 0 ||
		    refine_runner(ctx, res) < 0)
			return -1;
	}
	res->exhaustive = !ctx->crowded && ctx->sampled == ctx->total &&
			  (winner_region(ctx) == ctx->n_reg || unswept_below(ctx, winner_region(ctx)));
	res->sampled = ctx->sampled;
	res->bucket_ns = ctx->bucket;
	res->regions = ctx->sweeps;
	list_candidates(ctx, res);
	res->verdict = verdict(ctx->o, res, ctx->crowded);
	return 0;
}

int tm_clock_activity_solve(const struct tm_clock_activity_thread *threads, size_t n,
			    const struct tm_clock_activity_opts *opts,
			    struct tm_clock_activity_result *res)
{
	struct act_ctx ctx;
	int rc, err;

	if (!opts || !res || opts->dmin > opts->dmax ||
	    opts->dmin <= -TM_CLOCK_ACTIVITY_LIMIT || opts->dmax >= TM_CLOCK_ACTIVITY_LIMIT)
		return errno = EINVAL, -1;
	memset(res, 0, sizeof(*res));
	memset(&ctx, 0, sizeof(ctx));
	ctx.o = opts;
	rc = act_prepare(&ctx, threads, n, res);
	if (rc == 0)
		rc = solve_prepared(&ctx, res);
	err = errno;
	act_release(&ctx);
	errno = err;
	return rc;
}
