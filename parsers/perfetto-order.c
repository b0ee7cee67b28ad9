/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-order.c - the index of a Perfetto trace's ftrace bundles and
 * their merge by time (perfetto.c).  Pass 1 notes each bundle on a chain of
 * its CPU (bundles each starting no earlier than the one before ends);
 * pass 2 merges the chains with a heap, each decoding one bundle at a time
 * (its records sorted by time, stably), and writes every record as a line
 * (perfetto-lines.c), published a step at a time to a reader beside it.
 */
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "perfetto-int.h"

/* The chain of CPU that bundle B (on that CPU, starting at B->min_ts) goes
 * on: of the CPU's chains that end by then, the one that ends last, or a
 * new one.  Its index, or -1 out of memory. */
static int64_t chain_for(struct pf *pf, const struct bundle *b)
{
	struct cpu_chains *cc = &pf->cch[b->cpu];
	struct chain *chains;
	uint32_t *ids;
	int64_t best = -1;

	for (size_t k = 0; k < cc->n; k++) {
		const struct chain *c = &pf->chains[cc->id[k]];

		if (pf->bun[c->tail].max_ts <= b->min_ts &&
		    (best < 0 || pf->bun[c->tail].max_ts > pf->bun[pf->chains[best].tail].max_ts))
			best = cc->id[k];
	}
	if (best >= 0)
		return best;
	if (cc->n)
		pf->out_of_order++;
	if (!(chains = tm_pf_read_room(pf->chains, pf->nchain, &pf->chcap, sizeof(*chains), 16)))
		return -1;
	pf->chains = chains;
	if (!(ids = tm_pf_read_room(cc->id, cc->n, &cc->cap, sizeof(*ids), 2)))
		return -1;
	cc->id = ids;
	cc->id[cc->n++] = (uint32_t)pf->nchain;
	pf->chains[pf->nchain] = (struct chain){ NO_NEXT, NO_NEXT, -1, 0 };
	return (int64_t)pf->nchain++;
}

/* Note the bundle M on CPU whose records pass 1 just read (pf->one),
 * its CPU's compact sched state before it being *BEFORE: in the index of
 * bundles, at the end of a chain. */
int tm_pf_order_note(struct pf *pf, const struct tm_pb *m, uint32_t cpu,
		     const struct cpu_state *before)
{
	struct bundle *b;
	struct chain *c;
	int64_t ch;

	if (pf->nbun >= NO_NEXT - 1 ||
	    !(b = tm_pf_read_room(pf->bun, pf->nbun, &pf->bcap, sizeof(*b), 256)))
		return nomem(pf);
	pf->bun = b;
	b = &pf->bun[pf->nbun];
	*b = (struct bundle){ m->base, m->p, (size_t)(m->end - m->p), pf->zat, pf->depth,
			      pf->one.min_ts, pf->one.max_ts, pf->packets, *before, pf->seq, cpu,
			      NO_NEXT };
	if ((ch = chain_for(pf, b)) < 0)
		return nomem(pf);
	c = &pf->chains[ch];
	if (c->tail == NO_NEXT)
		c->head = (uint32_t)pf->nbun;
	else
		pf->bun[c->tail].next = (uint32_t)pf->nbun;
	c->tail = (uint32_t)pf->nbun++;
	return 0;
}

/* IX[0, H) and IX[H, N), each sorted by the time of records R, merged
 * into IX[0, N), stably (TMP: room for N). */
static void merge_ix(const struct rec *r, uint32_t *ix, uint32_t *tmp, size_t h, size_t n)
{
	size_t i = 0, j = h, k = 0;

	if (r[ix[h - 1]].ts <= r[ix[h]].ts)
		return;
	while (i < h && j < n)
		tmp[k++] = r[ix[j]].ts < r[ix[i]].ts ? ix[j++] : ix[i++];
	while (i < h)
		tmp[k++] = ix[i++];
	memcpy(ix, tmp, k * sizeof(*ix));       /* (the rest of IX[H, N) is in place) */
}

/* IX[0, N) of records R sorted by time, stably (TMP: room for N). */
static void sort_ix(const struct rec *r, uint32_t *ix, uint32_t *tmp, size_t n)
{
	size_t h = n / 2;

	if (n < 2)
		return;
	sort_ix(r, ix, tmp, h);
	sort_ix(r, ix + h, tmp, n - h);
	merge_ix(r, ix, tmp, h, n);
}

/* RB's ix: its records by time, stably.  A bundle's events and its compact
 * sched are each in time order (two runs): merged in one pass. */
static void order_records(struct recbuf *rb)
{
	const struct rec *r = rb->r;
	size_t n = rb->n, h, j, i;

	for (h = 1; h < n && r[h - 1].ts <= r[h].ts; h++)
		;
	for (j = h + 1; j < n && r[j - 1].ts <= r[j].ts; j++)
		;
	for (i = 0; i < n; i++)
		rb->ix[i] = (uint32_t)i;
	if (h >= n)
		return;
	if (j < n)              /* more than two runs */
		sort_ix(r, rb->ix, rb->tmp, n);
	else
		merge_ix(r, rb->ix, rb->tmp, h, n);
}

/* Pass 2: the errors in what comes from bundle B said where B is (the
 * file, or compressed_packets), its events' messages read with its
 * offsets. */
static void at_bundle(struct pf *pf, const struct bundle *b)
{
	pf->depth = b->depth;
	pf->zat = b->zat;
	pf->body_base = b->base;
}

/* Bundle B's records again, into buffer RB, in the order pass 1 made
 * them and then by time: 0, or -1 with the input's error set. */
static int decode_bundle(struct pf *pf, const struct bundle *b, struct recbuf *rb)
{
	struct tm_pb m = { b->p, b->p + b->n, b->base };
	struct cpu_state *cs = tm_pf_read_cpu(pf, b->cpu);

	if (!cs)
		return nomem(pf);
	*cs = b->cs;
	at_bundle(pf, b);
	pf->seq = b->seq;
	pf->cur_pkt = b->pkt;
	pf->cpu = b->cpu;
	pf->rb = rb;
	rb->n = 0;
	if (tm_pf_read_each(pf, &m, 0, tm_pf_read_bundle_part))
		return -1;
	order_records(rb);
	return 0;
}

/* A free buffer of the pool, or -1 out of memory. */
static int32_t pool_take(struct pf *pf)
{
	struct recbuf *n;
	int32_t *f;

	if (pf->nfree)
		return pf->freebuf[--pf->nfree];
	if (pf->npool >= INT32_MAX)
		return -1;
	if (!(n = reallocarray(pf->pool, pf->npool + 1, sizeof(*n))))
		return -1;
	pf->pool = n;
	if (!(f = reallocarray(pf->freebuf, pf->npool + 1, sizeof(*f))))
		return -1;
	pf->freebuf = f;
	memset(&n[pf->npool], 0, sizeof(*n));
	return (int32_t)pf->npool++;
}

/* Buffer I back to the pool (freebuf has room for every buffer: it grows
 * with the pool in pool_take). */
static void pool_give(struct pf *pf, int32_t i)
{
	pf->freebuf[pf->nfree++] = i;
}

static bool heap_less(const struct heap_ent *a, const struct heap_ent *b)
{
	return a->ts < b->ts || (a->ts == b->ts && a->ord < b->ord);
}

/* The heap's entry I moved down to its place among those below it. */
static void heap_down(struct pf *pf, size_t i)
{
	struct heap_ent *h = pf->heap, e = h[i];
	size_t n = pf->nheap;

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= n)
			break;
		if (c + 1 < n && heap_less(&h[c + 1], &h[c]))
			c++;
		if (!heap_less(&h[c], &e))
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = e;
}

/* The key of chain C's next: its record, or (not decoded yet) its head
 * bundle's start, which no record of the bundle comes before. */
static struct heap_ent chain_key(const struct pf *pf, uint32_t c)
{
	const struct chain *ch = &pf->chains[c];
	const struct recbuf *rb;
	const struct rec *r;

	if (ch->buf < 0)
		return (struct heap_ent){ pf->bun[ch->head].min_ts, (uint64_t)ch->head << 32, c };
	rb = &pf->pool[ch->buf];
	r = &rb->r[rb->ix[ch->i]];
	return (struct heap_ent){ r->ts, (uint64_t)ch->head << 32 | r->order, c };
}

/* Written beside the first pass: the text's lines published a step at a
 * time (each ends a line); -1 when the reader gave up. */
#define PUBLISH_STEP ((size_t)1 << 20)

static int publish(struct pf *pf)
{
	if (__atomic_load_n(pf->stop, __ATOMIC_RELAXED))
		return -1;
	tm_grow_publish(pf->grow, pf->len);
	pf->published = pf->len;
	if (tm_decode_grow_hook)
		tm_decode_grow_hook("perfetto", pf->len);
	return 0;
}

/* Every record of every bundle, in time order (file order among equal
 * times: a bundle's records by the order pass 1 made them, bundles in
 * file order): a merge of the chains, each decoding one bundle at a
 * time.  0, or -1 with the input's error set. */
int tm_pf_order_write(struct pf *pf)
{
	pf->pass2 = true;
	pf->depth = 0;
	if (!(pf->tcache = calloc(TASK_CACHE, sizeof(*pf->tcache))))
		return nomem(pf);
	if (pf->nchain && !(pf->heap = calloc(pf->nchain, sizeof(*pf->heap))))
		return nomem(pf);
	for (uint32_t c = 0; c < pf->nchain; c++)
		pf->heap[pf->nheap++] = chain_key(pf, c);
	for (size_t i = pf->nheap / 2; i-- > 0;)        /* heapify */
		heap_down(pf, i);
	while (pf->nheap) {
		uint32_t c = pf->heap[0].chain;
		struct chain *ch = &pf->chains[c];
		struct recbuf *rb;

		if (ch->buf < 0) {
			if ((ch->buf = pool_take(pf)) < 0)
				return nomem(pf);
			ch->i = 0;
			if (decode_bundle(pf, &pf->bun[ch->head], &pf->pool[ch->buf]))
				return -1;
			if (!pf->pool[ch->buf].n) {     /* cannot be: pass 1 made some */
				tm_input_fail(pf->in, "internal error: a bundle's records changed");
				return -1;
			}
		} else {
			rb = &pf->pool[ch->buf];
			at_bundle(pf, &pf->bun[ch->head]);
			if (tm_pf_lines_write(pf, &rb->r[rb->ix[ch->i]]))
				return -1;
			if (pf->grow && pf->len - pf->published >= PUBLISH_STEP && publish(pf))
				return -1;
			if (++ch->i == rb->n) {
				pool_give(pf, ch->buf);
				ch->buf = -1;
				ch->head = pf->bun[ch->head].next;
				if (ch->head == NO_NEXT) {
					pf->heap[0] = pf->heap[--pf->nheap];
					if (pf->nheap)
						heap_down(pf, 0);
					continue;
				}
			}
		}
		pf->heap[0] = chain_key(pf, c);
		heap_down(pf, 0);
	}
	return 0;
}
