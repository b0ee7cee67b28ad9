/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* clock-graph.c - clock domains linked by maps, routed to one target
 * (see tracemerge/clock.h). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "hash-map.h"
#include "tracemerge/clock.h"

struct link {
	int a, b;
	struct tm_clock_map a_to_b;
	int64_t err_ns;
	char *how;
};

struct tm_clock_graph {
	char **names;
	size_t n, cap;
	struct tm_hmap *index;       /* name -> domain (int) */
	struct link *links;
	size_t nlinks, lcap;
};

struct tm_clock_graph *tm_clock_graph_new(void)
{
	return calloc(1, sizeof(struct tm_clock_graph));
}

void tm_clock_graph_free(struct tm_clock_graph *g)
{
	if (!g)
		return;
	for (size_t i = 0; i < g->n; i++)
		free(g->names[i]);
	for (size_t i = 0; i < g->nlinks; i++)
		free(g->links[i].how);
	free(g->names);
	free(g->links);
	tm_hmap_free(g->index);
	free(g);
}

int tm_clock_graph_domain(struct tm_clock_graph *g, const char *name)
{
	char *copy;
	int *slot;

	if (!g->index && !(g->index = tm_hmap_new(sizeof(int))))
		return -1;
	if ((slot = tm_hmap_get(g->index, name, strlen(name), false)))
		return *slot;
	if (g->n >= INT_MAX)
		return -1;
	if (g->n == g->cap) {
		size_t cap = g->cap ? g->cap * 2 : 8;
		char **nn = realloc(g->names, cap * sizeof(*nn));
		if (!nn)
			return -1;
		g->names = nn;
		g->cap = cap;
	}
	if (!(copy = strdup(name)))
		return -1;
	if (!(slot = tm_hmap_get(g->index, name, strlen(name), true))) {
		free(copy);
		return -1;
	}
	*slot = (int)g->n;
	g->names[g->n] = copy;
	return (int)g->n++;
}

size_t tm_clock_graph_ndomains(const struct tm_clock_graph *g)
{
	return g->n;
}

const char *tm_clock_graph_name(const struct tm_clock_graph *g, int dom)
{
	if (dom < 0 || (size_t)dom >= g->n)
		return NULL;
	return g->names[dom];
}

int tm_clock_graph_link(struct tm_clock_graph *g, int a, int b,
			const struct tm_clock_map *a_to_b, int64_t err_ns,
			const char *how)
{
	struct link *l;

	if (a < 0 || b < 0 || (size_t)a >= g->n || (size_t)b >= g->n || err_ns < 0) {
		errno = EINVAL;
		return -1;
	}
	if (g->nlinks == g->lcap) {
		size_t cap = g->lcap ? g->lcap * 2 : 8;
		struct link *nl = realloc(g->links, cap * sizeof(*nl));
		if (!nl)
			return -1;
		g->links = nl;
		g->lcap = cap;
	}
	l = &g->links[g->nlinks];
	if (!(l->how = strdup(how ? how : "")))
		return -1;
	l->a = a;
	l->b = b;
	l->a_to_b = *a_to_b;
	l->err_ns = err_ns;
	g->nlinks++;
	return 0;
}

/* The map of link L read from domain FROM to the other end. */
static int link_map(const struct link *l, int from, struct tm_clock_map *out)
{
	if (l->a == from) {
		*out = l->a_to_b;
		return 0;
	}
	return tm_clock_invert(&l->a_to_b, out);
}

static int64_t add_sat(int64_t a, int64_t b)
{
	int64_t s;
	return __builtin_add_overflow(a, b, &s) ? INT64_MAX : s;
}

/* Settle domain V: its map to the target through link L and domain VIA. */
static int settle(const struct tm_clock_graph *g, int v, const struct link *l,
		  struct tm_clock_route *routes, struct tm_diag *d)
{
	struct tm_clock_route *r = &routes[v];
	struct tm_clock_map step;

	if (link_map(l, v, &step) ||
	    tm_clock_compose(&step, &routes[r->via].to_target, &r->to_target))
		return tm_diag_error(d, "clock %s cannot be mapped to %s through %s: "
				     "the relation overflows", g->names[v],
				     g->names[l->a == v ? l->b : l->a], l->how);
	r->how = l->how;
	return 0;
}

/* The links at each domain, in the order they were added: those of domain
 * V are LINK[AT[V]] .. LINK[AT[V + 1] - 1] (indices into g->links). */
struct adjacency {
	size_t *at, *link;
};

static int adjacency_make(const struct tm_clock_graph *g, struct adjacency *adj)
{
	adj->at = calloc(g->n + 1, sizeof(*adj->at));
	adj->link = malloc((2 * g->nlinks + 1) * sizeof(*adj->link));
	if (!adj->at || !adj->link)
		return -1;
	for (size_t k = 0; k < g->nlinks; k++) {
		adj->at[g->links[k].a + 1]++;
		if (g->links[k].b != g->links[k].a)
			adj->at[g->links[k].b + 1]++;
	}
	for (size_t v = 0; v < g->n; v++)
		adj->at[v + 1] += adj->at[v];
	/* filled in link order, AT[V] moving to the end of V's run ... */
	for (size_t k = 0; k < g->nlinks; k++) {
		adj->link[adj->at[g->links[k].a]++] = k;
		if (g->links[k].b != g->links[k].a)
			adj->link[adj->at[g->links[k].b]++] = k;
	}
	/* ... and back to its start */
	for (size_t v = g->n; v > 0; v--)
		adj->at[v] = adj->at[v - 1];
	adj->at[0] = 0;
	return 0;
}

/* A binary heap of domains keyed by (error, index): the next one to settle
 * first.  A domain is pushed again when its error falls; the older entry is
 * passed over when popped. */
struct heap_entry {
	int64_t err;
	int dom;
};
struct heap {
	struct heap_entry *e;
	size_t n, cap;
};

static bool heap_less(const struct heap_entry *x, const struct heap_entry *y)
{
	return x->err < y->err || (x->err == y->err && x->dom < y->dom);
}

static int heap_push(struct heap *h, int64_t err, int dom)
{
	size_t i;

	if (h->n == h->cap) {
		size_t cap = h->cap ? h->cap * 2 : 16;
		struct heap_entry *ne = realloc(h->e, cap * sizeof(*ne));
		if (!ne)
			return -1;
		h->e = ne;
		h->cap = cap;
	}
	for (i = h->n++; i > 0 && heap_less(&(struct heap_entry){ err, dom }, &h->e[(i - 1) / 2]);
	     i = (i - 1) / 2)
		h->e[i] = h->e[(i - 1) / 2];
	h->e[i] = (struct heap_entry){ err, dom };
	return 0;
}

static struct heap_entry heap_pop(struct heap *h)
{
	struct heap_entry top = h->e[0], last = h->e[--h->n];
	size_t i = 0;

	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= h->n)
			break;
		if (c + 1 < h->n && heap_less(&h->e[c + 1], &h->e[c]))
			c++;
		if (!heap_less(&h->e[c], &last))
			break;
		h->e[i] = h->e[c];
		i = c;
	}
	if (h->n)
		h->e[i] = last;
	return top;
}

/*
 * Dijkstra from the target outward, distances = summed err_ns.  Ties: the
 * unsettled domain with the lowest index is settled first, and a route
 * through a lower-index neighbour wins over an equal one (equal links
 * between the same two domains: the first added wins).  O((D + L) log D)
 * for D domains and L links.
 */
int tm_clock_graph_solve(const struct tm_clock_graph *g, int target,
			 struct tm_clock_route *routes, struct tm_diag *d)
{
	const struct link **via_link = NULL;
	struct adjacency adj = { 0 };
	struct heap h = { 0 };
	bool *done = NULL;
	int ret = -1;

	if (target < 0 || (size_t)target >= g->n)
		return tm_diag_error(d, "clock graph: no target domain %d", target);
	via_link = calloc(g->n, sizeof(*via_link));
	done = calloc(g->n, sizeof(*done));
	if (!via_link || !done || adjacency_make(g, &adj) || heap_push(&h, 0, target)) {
		tm_diag_error(d, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < g->n; i++) {
		routes[i].linked = false;
		routes[i].to_target = tm_clock_identity();
		routes[i].err_ns = 0;
		routes[i].via = -1;
		routes[i].how = "";
	}
	routes[target].linked = true;
	while (h.n) {
		struct heap_entry top = heap_pop(&h);
		int u = top.dom;
		if (done[u] || top.err != routes[u].err_ns)
			continue;            /* settled, or pushed again since */
		if (u != target && settle(g, u, via_link[u], routes, d))
			goto out;
		done[u] = true;
		for (size_t j = adj.at[u]; j < adj.at[u + 1]; j++) {
			const struct link *l = &g->links[adj.link[j]];
			int v = l->a == u ? l->b : l->a;
			if (done[v])
				continue;
			int64_t dist = add_sat(routes[u].err_ns, l->err_ns);
			struct tm_clock_route *r = &routes[v];
			bool nearer = !r->linked || dist < r->err_ns;
			if (nearer || (dist == r->err_ns && u < r->via)) {
				r->linked = true;
				r->err_ns = dist;
				r->via = u;
				via_link[v] = l;
				if (nearer && heap_push(&h, dist, v)) {
					tm_diag_error(d, "out of memory");
					goto out;
				}
			}
		}
	}
	ret = 0;
out:
	free(via_link);
	free(done);
	free(adj.at);
	free(adj.link);
	free(h.e);
	return ret;
}
