/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* clock-activity-sweep.c - activity alignment's counting: the threads'
 * merged runs, the coarse screen on a sample, the exact sweep of a region
 * (see clock-activity.h for the method and its cost). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "clock-activity-int.h"

/* ---- preparation --------------------------------------------------------- */

/* True when V lies strictly within +-2^62. */
static bool in_limit(int64_t v)
{
	return v > -TM_CLOCK_ACTIVITY_LIMIT && v < TM_CLOCK_ACTIVITY_LIMIT;
}

static int cmp_run(const void *pa, const void *pb)
{
	const struct tm_clock_activity_run *a = pa, *b = pb;

	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return (a->end > b->end) - (a->end < b->end);
}

/* Copy the non-empty runs of T into OUT, sorted and merged where they
 * overlap or touch; *N receives their number.  Returns 0, or -1 with errno
 * EINVAL or ENOMEM. */
static int merge_runs(const struct tm_clock_activity_thread *t,
		      struct tm_clock_activity_run **out, size_t *n)
{
	struct tm_clock_activity_run *r;
	size_t k = 0, m = 0;

	*out = NULL;
	*n = 0;
	if (!t->n_runs)
		return 0;
	if (!t->runs || t->n_runs > SIZE_MAX / sizeof(*r))
		return errno = EINVAL, -1;
	r = malloc(t->n_runs * sizeof(*r));
	if (!r)
		return -1;
	for (size_t i = 0; i < t->n_runs; i++) {
		if (!in_limit(t->runs[i].start) || !in_limit(t->runs[i].end)) {
			free(r);
			return errno = EINVAL, -1;
		}
		if (t->runs[i].end > t->runs[i].start)
			r[k++] = t->runs[i];
	}
	qsort(r, k, sizeof(*r), cmp_run);
	for (size_t i = 0; i < k; i++) {
		if (m && r[i].start <= r[m - 1].end) {
			if (r[i].end > r[m - 1].end)
				r[m - 1].end = r[i].end;
		} else {
			r[m++] = r[i];
		}
	}
	if (!m) {
		free(r);
		r = NULL;
	}
	*out = r;
	*n = m;
	return 0;
}

int act_prepare(struct act_ctx *ctx, const struct tm_clock_activity_thread *threads,
		size_t n, struct tm_clock_activity_result *res)
{
	if (n && !threads)
		return errno = EINVAL, -1;
	ctx->th = calloc(n ? n : 1, sizeof(*ctx->th));
	if (!ctx->th)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const struct tm_clock_activity_thread *t = &threads[i];
		struct act_thread *a = &ctx->th[ctx->n_th];

		if (t->n_ts && !t->ts)
			return errno = EINVAL, -1;
		for (size_t j = 0; j < t->n_ts; j++)
			if (!in_limit(t->ts[j]))
				return errno = EINVAL, -1;
		if (merge_runs(t, &a->runs, &a->n_runs) < 0)
			return -1;
		if (!t->n_ts) {
			free(a->runs);
			a->runs = NULL;
			continue;
		}
		if (!a->n_runs) {
			res->threads_unseen++;
			res->ts_unseen += t->n_ts;
			continue;
		}
		a->ts = t->ts;
		a->n_ts = t->n_ts;
		ctx->total += t->n_ts;
		ctx->n_th++;
	}
	res->threads_used = ctx->n_th;
	res->total = ctx->total;
	return 0;
}

void act_release(struct act_ctx *ctx)
{
	for (size_t i = 0; ctx->th && i < ctx->n_th; i++)
		free(ctx->th[i].runs);
	free(ctx->th);
	free(ctx->hist);
	free(ctx->cover);
	free(ctx->refined);
	free(ctx->block_max);
	for (size_t i = 0; i < ctx->n_reg; i++)
		free(ctx->reg[i].cells);
	memset(ctx, 0, sizeof(*ctx));
}

/* ---- lookups ------------------------------------------------------------- */

/* The index of the first of T's runs whose end is past X (n_runs: none). */
static size_t first_run_after(const struct act_thread *t, int64_t x)
{
	size_t lo = 0, hi = t->n_runs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->runs[mid].end > x)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* The run of T holding X, or NULL. */
static const struct tm_clock_activity_run *run_at(const struct act_thread *t, int64_t x)
{
	size_t i = first_run_after(t, x);

	return i < t->n_runs && t->runs[i].start <= x ? &t->runs[i] : NULL;
}

/* The J-th sampled timestamp of T. */
static int64_t sample_ts(const struct act_thread *t, size_t j)
{
	return t->ts[(size_t)((unsigned __int128)j * t->n_ts / t->n_sample)];
}

uint64_t act_count_at(const struct act_ctx *ctx, int64_t d, bool sample)
{
	uint64_t c = 0;

	for (size_t i = 0; i < ctx->n_th; i++) {
		const struct act_thread *t = &ctx->th[i];
		size_t n = sample ? t->n_sample : t->n_ts;

		for (size_t j = 0; j < n; j++)
			c += run_at(t, (sample ? sample_ts(t, j) : t->ts[j]) + d) != NULL;
	}
	return c;
}

static int cmp_i64(const void *pa, const void *pb)
{
	int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;

	return (a > b) - (a < b);
}

/* The K-th smallest of the N values of V (K < N), reordering V:
 * quickselect with the middle of three as the pivot, O(N) expected. */
static int64_t select_kth(int64_t *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n - 1;

	while (lo < hi) {
		int64_t a = v[lo], b = v[lo + (hi - lo) / 2], c = v[hi];
		int64_t p = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b));
		size_t i = lo, j = hi;

		while (i <= j) {
			while (v[i] < p)
				i++;
			while (v[j] > p)
				j--;
			if (i <= j) {
				int64_t t = v[i];

				v[i] = v[j];
				v[j] = t;
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			return v[k];
	}
	return v[k];
}

/* The lower median of the N values of V (0 when N is 0), reordering V. */
static int64_t lower_median(int64_t *v, size_t n)
{
	return n ? select_kth(v, n, (n - 1) / 2) : 0;
}

int act_median_len_at(const struct act_ctx *ctx, int64_t d, int64_t *len)
{
	int64_t *l = malloc((ctx->total ? ctx->total : 1) * sizeof(*l));
	size_t k = 0;

	if (!l)
		return -1;
	for (size_t i = 0; i < ctx->n_th; i++) {
		for (size_t j = 0; j < ctx->th[i].n_ts; j++) {
			const struct tm_clock_activity_run *r = run_at(&ctx->th[i], ctx->th[i].ts[j] + d);

			if (r)
				l[k++] = r->end - r->start;
		}
	}
	*len = lower_median(l, k);
	free(l);
	return 0;
}

int act_median_run(const struct act_ctx *ctx, int64_t *len)
{
	size_t n = 0, k = 0;
	int64_t *l;

	for (size_t i = 0; i < ctx->n_th; i++)
		n += ctx->th[i].n_runs;
	l = malloc((n ? n : 1) * sizeof(*l));
	if (!l)
		return -1;
	for (size_t i = 0; i < ctx->n_th; i++)
		for (size_t j = 0; j < ctx->th[i].n_runs; j++)
			l[k++] = ctx->th[i].runs[j].end - ctx->th[i].runs[j].start;
	*len = lower_median(l, k);
	free(l);
	return 0;
}

int64_t act_bucket_lo(const struct act_ctx *ctx, size_t k)
{
	return ctx->o->dmin + (int64_t)k * ctx->bucket;
}

int64_t act_bucket_end(const struct act_ctx *ctx, size_t k)
{
	return k + 1 >= ctx->nb ? ctx->o->dmax + 1 : act_bucket_lo(ctx, k + 1);
}

/* ---- the coarse screen --------------------------------------------------- */

/* The runs a sampled timestamp visits in the screen, on average: each
 * thread's runs in a window of W offsets (its runs times W over its span,
 * at most all of them), weighted by the thread's share of the timestamps. */
static uint64_t visits_per_sample(const struct act_ctx *ctx, uint64_t w)
{
	unsigned __int128 v = 0;

	for (size_t i = 0; i < ctx->n_th; i++) {
		const struct act_thread *t = &ctx->th[i];
		uint64_t span = (uint64_t)(t->runs[t->n_runs - 1].end - t->runs[0].start);
		unsigned __int128 k = span > w ? (unsigned __int128)t->n_runs * w / span : t->n_runs;

		v += k * t->n_ts;
	}
	return (uint64_t)(v / ctx->total) + 1;
}

/* Spread the sample over the threads by their share: opts->sample
 * timestamps, fewer when they would visit more than ACT_SCREEN_VISITS runs
 * (a wide window over dense runs), never fewer than ACT_MIN_SAMPLE. */
static void choose_sample(struct act_ctx *ctx, uint64_t w)
{
	uint64_t s = ctx->o->sample ? ctx->o->sample : 1;
	uint64_t fit = ACT_SCREEN_VISITS / visits_per_sample(ctx, w);

	if (s > fit)
		s = fit > ACT_MIN_SAMPLE ? fit : (s < ACT_MIN_SAMPLE ? s : ACT_MIN_SAMPLE);

	ctx->sampled = 0;
	for (size_t i = 0; i < ctx->n_th; i++) {
		struct act_thread *t = &ctx->th[i];

		if (ctx->total <= s)
			t->n_sample = t->n_ts;
		else
			t->n_sample = (size_t)((unsigned __int128)t->n_ts * s / ctx->total);
		if (!t->n_sample)
			t->n_sample = 1;
		ctx->sampled += t->n_sample;
	}
}

/* Add one sampled timestamp X of T to the screen: +1 in the difference
 * array DIFF on every bucket holding an offset that puts X in a run, once
 * per bucket; the number of such offsets to the bucket's cover (the
 * buckets a run's offsets fill whole, as +1 in FULL, times B later). */
static void screen_one(const struct act_ctx *ctx, const struct act_thread *t, int64_t x,
		       int32_t *diff, int32_t *full)
{
	int64_t dmin = ctx->o->dmin, dmax = ctx->o->dmax;
	size_t last = SIZE_MAX;

	for (size_t i = first_run_after(t, x + dmin); i < t->n_runs && t->runs[i].start <= x + dmax; i++) {
		int64_t lo = t->runs[i].start - x, hi = t->runs[i].end - 1 - x;
		size_t b0, b1;

		lo = lo < dmin ? dmin : lo;
		hi = hi > dmax ? dmax : hi;
		b0 = (size_t)((uint64_t)(lo - dmin) >> ctx->shift);
		b1 = (size_t)((uint64_t)(hi - dmin) >> ctx->shift);
		if (b0 == b1) {
			ctx->cover[b0] += (uint64_t)(hi - lo) + 1;
		} else {
			ctx->cover[b0] += (uint64_t)(act_bucket_end(ctx, b0) - lo);
			ctx->cover[b1] += (uint64_t)(hi - act_bucket_lo(ctx, b1)) + 1;
			full[b0 + 1]++;
			full[b1]--;
		}
		if (last != SIZE_MAX && b0 <= last)
			b0 = last + 1;
		if (b0 <= b1) {
			diff[b0]++;
			diff[b1 + 1]--;
		}
		last = b1;
	}
}

/* The bucket width's log2 for a window of W offsets (see act_coarse). */
static unsigned bucket_shift(uint64_t w, int64_t run_len)
{
	unsigned sh = 0, least = 0;

	while ((w - 1) >> sh >= ACT_BUCKETS)
		sh++;
	while ((w - 1) >> least >= ACT_MAX_BUCKETS)
		least++;
	while (sh > least && (INT64_C(1) << sh) > run_len / 2)
		sh--;
	return sh;
}

int act_coarse(struct act_ctx *ctx, int64_t run_len)
{
	uint64_t w = (uint64_t)(ctx->o->dmax - ctx->o->dmin) + 1;
	int32_t *diff, *full;
	int64_t run = 0, whole = 0;

	ctx->shift = bucket_shift(w, run_len);
	ctx->bucket = INT64_C(1) << ctx->shift;
	ctx->nb = (size_t)(((w - 1) >> ctx->shift) + 1);
	choose_sample(ctx, w);
	diff = calloc(ctx->nb + 1, sizeof(*diff));
	full = calloc(ctx->nb + 1, sizeof(*full));
	ctx->hist = malloc(ctx->nb * sizeof(*ctx->hist));
	ctx->cover = calloc(ctx->nb, sizeof(*ctx->cover));
	ctx->refined = calloc(ctx->nb, 1);
	ctx->block_max = malloc((ctx->nb / ACT_BLOCK + 1) * sizeof(*ctx->block_max));
	if (!diff || !full || !ctx->hist || !ctx->cover || !ctx->refined || !ctx->block_max) {
		free(diff);
		free(full);
		return -1;
	}
	for (size_t i = 0; i < ctx->n_th; i++)
		for (size_t j = 0; j < ctx->th[i].n_sample; j++)
			screen_one(ctx, &ctx->th[i], sample_ts(&ctx->th[i], j), diff, full);
	for (size_t k = 0; k < ctx->nb; k++) {
		run += diff[k];
		whole += full[k];
		ctx->hist[k] = (uint32_t)run;
		ctx->cover[k] += (uint64_t)whole * (uint64_t)ctx->bucket;
	}
	free(diff);
	free(full);
	act_blocks_update(ctx, 0, ctx->nb - 1);
	return 0;
}

void act_blocks_update(struct act_ctx *ctx, size_t b0, size_t b1)
{
	for (size_t blk = b0 / ACT_BLOCK; blk <= b1 / ACT_BLOCK; blk++) {
		size_t end = (blk + 1) * ACT_BLOCK < ctx->nb ? (blk + 1) * ACT_BLOCK : ctx->nb;
		uint64_t m = 0;

		for (size_t k = blk * ACT_BLOCK; k < end; k++)
			if (!ctx->refined[k] && ctx->cover[k] > m)
				m = ctx->cover[k];
		ctx->block_max[blk] = m;
	}
}

/* ---- the exact sweep ----------------------------------------------------- */

struct i64_vec {
	int64_t *v;
	size_t n, cap;
};

/* Append X to V. Returns 0 or -1 (ENOMEM). */
static int vec_push(struct i64_vec *v, int64_t x)
{
	if (v->n == v->cap) {
		size_t cap = v->cap ? v->cap * 2 : 1024;
		int64_t *nv = cap < SIZE_MAX / sizeof(*nv) ? realloc(v->v, cap * sizeof(*nv)) : NULL;

		if (!nv)
			return errno = ENOMEM, -1;
		v->v = nv;
		v->cap = cap;
	}
	v->v[v->n++] = x;
	return 0;
}

/* Sort the N values of V, all in [base, base + span), in place (LSD radix
 * sort on 16-bit digits of v - base; TMP holds N values, COUNT 2^16 + 1).
 * O(N + 2^16) a pass, one pass for each 16 bits of the span. */
static void radix_sort(int64_t *v, int64_t *tmp, size_t *count, size_t n, int64_t base,
		       uint64_t span)
{
	static const unsigned digit = 16;

	for (unsigned sh = 0; sh < 64 && (sh == 0 || (span - 1) >> sh); sh += digit) {
		memset(count, 0, ((1 << 16) + 1) * sizeof(*count));
		for (size_t i = 0; i < n; i++)
			count[(((uint64_t)(v[i] - base) >> sh) & 0xffff) + 1]++;
		for (size_t k = 1; k <= 0xffff; k++)
			count[k] += count[k - 1];
		for (size_t i = 0; i < n; i++)
			tmp[count[((uint64_t)(v[i] - base) >> sh) & 0xffff]++] = v[i];
		memcpy(v, tmp, n * sizeof(*v));
	}
}

/* Sort V's values, all in [base, base + span]. Returns 0 or -1 (ENOMEM). */
static int sort_offsets(struct i64_vec *v, int64_t base, uint64_t span)
{
	int64_t *tmp;
	size_t *count;

	if (v->n < ((size_t)1 << 16) || span >= (UINT64_C(1) << 48)) {
		qsort(v->v, v->n, sizeof(*v->v), cmp_i64);
		return 0;
	}
	tmp = malloc(v->n * sizeof(*tmp));
	count = malloc(((1 << 16) + 1) * sizeof(*count));
	if (tmp && count)
		radix_sort(v->v, tmp, count, v->n, base, span + 1);
	free(tmp);
	free(count);
	return tmp && count ? 0 : (errno = ENOMEM, -1);
}

/* Collect, for every timestamp and every run it reaches from R's offsets,
 * the start and end of the offsets [s - t, e - t) clipped to R. */
static int collect(const struct act_ctx *ctx, const struct act_region *r,
		   struct i64_vec *st, struct i64_vec *en)
{
	for (size_t i = 0; i < ctx->n_th; i++) {
		const struct act_thread *t = &ctx->th[i];

		for (size_t j = 0; j < t->n_ts; j++) {
			int64_t x = t->ts[j];

			for (size_t k = first_run_after(t, x + r->a);
			     k < t->n_runs && t->runs[k].start < x + r->end; k++) {
				int64_t lo = t->runs[k].start - x, hi = t->runs[k].end - x;

				if (vec_push(st, lo < r->a ? r->a : lo) < 0 ||
				    vec_push(en, hi > r->end ? r->end : hi) < 0)
					return -1;
			}
		}
	}
	return 0;
}

/* Record that COUNT timestamps are satisfied on [p, q) of R. */
static void note_segment(struct act_region *r, int64_t p, int64_t q, uint64_t count)
{
	size_t k0, k1;

	if (!count)
		return;
	if (count > r->max) {
		r->max = count;
		r->hull_lo = p;
		r->hull_end = q;
		r->pieces = 1;
	} else if (count == r->max) {
		r->pieces += p != r->hull_end;
		r->hull_end = q;
	}
	k0 = (size_t)((uint64_t)(p - r->a) / (uint64_t)r->cell_w);
	k1 = (size_t)((uint64_t)(q - 1 - r->a) / (uint64_t)r->cell_w);
	for (size_t k = k0; k <= k1; k++) {
		struct act_cell *c = &r->cells[k];
		int64_t cl = r->a + (int64_t)k * r->cell_w, ce = cl + r->cell_w;

		cl = cl > p ? cl : p;
		ce = ce < q ? ce : q;
		if (count > c->max) {
			c->max = count;
			c->lo = cl;
			c->end = ce;
		} else if (count == c->max && c->end == cl) {
			c->end = ce;
		}
	}
}

int act_sweep(const struct act_ctx *ctx, size_t b0, size_t b1, struct act_region *r)
{
	struct i64_vec st = { 0 }, en = { 0 };
	uint64_t width, count = 0;
	size_t i = 0, j = 0;
	int64_t p;

	memset(r, 0, sizeof(*r));
	r->b0 = b0;
	r->b1 = b1;
	r->a = act_bucket_lo(ctx, b0);
	r->end = act_bucket_end(ctx, b1);
	width = (uint64_t)(r->end - r->a);
	r->n_cells = width < ACT_MAX_CELLS ? (size_t)width : ACT_MAX_CELLS;
	r->cell_w = (int64_t)((width + r->n_cells - 1) / r->n_cells);
	r->n_cells = (size_t)((width + (uint64_t)r->cell_w - 1) / (uint64_t)r->cell_w);
	r->cells = calloc(r->n_cells, sizeof(*r->cells));
	if (!r->cells || collect(ctx, r, &st, &en) < 0 || sort_offsets(&st, r->a, width) < 0 ||
	    sort_offsets(&en, r->a, width) < 0) {
		free(st.v);
		free(en.v);
		free(r->cells);
		r->cells = NULL;
		return -1;
	}
	/* every start is in [a, end), every end in (a, end] */
	for (p = r->a; p < r->end;) {
		int64_t q = r->end;

		while (i < st.n && st.v[i] == p)
			count++, i++;
		while (j < en.n && en.v[j] == p)
			count--, j++;
		if (i < st.n && st.v[i] < q)
			q = st.v[i];
		if (j < en.n && en.v[j] < q)
			q = en.v[j];
		note_segment(r, p, q, count);
		p = q;
	}
	free(st.v);
	free(en.v);
	return 0;
}
