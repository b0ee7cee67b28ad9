/*
 * sync.c - clock domains, clock-sync markers and the solution for a set of
 * inputs (see sync.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "issuer.h"
#include "out.h"
#include "sync.h"
#include "tracemerge/ts.h"

/* Clock domains that traces name themselves and that are shared between
 * the inputs of one machine. */
#define DOM_MONO "CLOCK_MONOTONIC"
#define DOM_REALTIME "CLOCK_REALTIME"

static const char *shared_domain(const char *clock)
{
	if (!strcmp(clock, "LINUX_CLOCK_MONOTONIC"))
		return DOM_MONO;
	return clock;
}

static int add_marker(struct tm_sync *s, size_t src, int dom, const char *id,
		      size_t idlen, int64_t lo, int64_t hi, const char *where)
{
	struct tm_marker *m;

	if (s->nm == s->mcap) {
		size_t cap = s->mcap ? s->mcap * 2 : 32;
		struct tm_marker *nm = realloc(s->m, cap * sizeof(*nm));
		if (!nm)
			return -1;
		s->m = nm;
		s->mcap = cap;
	}
	m = &s->m[s->nm++];
	memset(m, 0, sizeof(*m));
	m->src = src;
	m->dom = dom;
	tm_utf8_copy(m->id, sizeof(m->id), id, idlen);
	m->lo = lo;
	m->hi = hi;
	snprintf(m->where, sizeof(m->where), "%s", where);
	return 0;
}

static struct tm_pair_fit *pair_fit(struct tm_sync *s, int a, int b)
{
	struct tm_pair_fit *pf;

	for (size_t i = 0; i < s->npf; i++)
		if (s->pf[i].a == a && s->pf[i].b == b)
			return &s->pf[i];
	pf = realloc(s->pf, (s->npf + 1) * sizeof(*pf));
	if (!pf)
		return NULL;
	s->pf = pf;
	pf = &s->pf[s->npf++];
	memset(pf, 0, sizeof(*pf));
	pf->a = a;
	pf->b = b;
	return pf;
}

/* One observation: the same instant in domain a and domain b. */
static int add_obs(struct tm_sync *s, int a, int64_t a_lo, int64_t a_hi,
		   int b, int64_t b_lo, int64_t b_hi, const char *label)
{
	struct tm_pair_fit *pf;
	struct tm_clock_obs *o;

	if (a > b) {
		int t = a; a = b; b = t;
		int64_t lo = a_lo, hi = a_hi;
		a_lo = b_lo; a_hi = b_hi; b_lo = lo; b_hi = hi;
	}
	if (!(pf = pair_fit(s, a, b)))
		return -1;
	if (pf->nobs == pf->cap) {
		size_t cap = pf->cap ? pf->cap * 2 : 8;
		struct tm_clock_obs *no = realloc(pf->obs, cap * sizeof(*no));
		char (*nl)[160];
		if (!no)
			return -1;
		pf->obs = no;
		if (!(nl = realloc(pf->labels, cap * sizeof(*nl))))
			return -1;
		pf->labels = nl;
		pf->cap = cap;
	}
	snprintf(pf->labels[pf->nobs], sizeof(pf->labels[0]), "%s", label);
	o = &pf->obs[pf->nobs++];
	o->a_lo = a_lo;
	o->a_hi = a_hi;
	o->b_lo = b_lo;
	o->b_hi = b_hi;
	o->label = NULL; /* set before fitting: labels may move while growing */
	return 0;
}

/* ---- first pass ------------------------------------------------------ */

static int kernel_domain(struct tm_sync *s, struct tm_src *src)
{
	char name[600];

	if (src->st.hdr.clock_type[0] &&
	    !strcmp(shared_domain(src->st.hdr.clock_type), DOM_MONO))
		return tm_clock_graph_domain(s->g, DOM_MONO);
	snprintf(name, sizeof(name), "%s (kernel)", src->path);
	return tm_clock_graph_domain(s->g, name);
}

static void tick_interval(int64_t ts, int digits, int64_t *lo, int64_t *hi)
{
	int64_t unit = 1;

	for (int d = digits; d >= 0 && d < 9; d++)
		unit *= 10;
	*lo = ts;
	*hi = ts;
	if (unit > 1 && ts >= INT64_MIN / 2 && ts <= INT64_MAX / 2) {
		*lo = ts - unit / 2;
		*hi = ts + unit / 2;
	}
}

/* Kernel marker lines: name= markers wait for their partner; parent_ts= and
 * realtime_ts= carry both sides. */
static int kernel_markers(struct tm_sync *s, size_t si)
{
	struct tm_src *src = &s->src[si];

	for (size_t i = 0; i < src->st.nmarkers; i++) {
		const struct tm_sync_marker *km = &src->st.markers[i];
		int other;
		int64_t v = km->value_ns, lo, hi;

		/* The kernel prints its ns clock rounded to the nearest unit of
		 * the last digit (µs with 6 decimals): the instant lies within
		 * half a unit of the printed time. */
		tick_interval(km->ts_ns, km->ts_digits, &lo, &hi);

		switch (km->kind) {
		case TM_SYNC_NAME:
			if (add_marker(s, si, src->kdom, km->id, strlen(km->id), lo, hi,
				       km->where))
				return -1;
			break;
		case TM_SYNC_PARENT_TS:
			/* parent_ts=0 says the trace clock is CLOCK_MONOTONIC */
			other = tm_clock_graph_domain(s->g, DOM_MONO);
			if (other < 0)
				return -1;
			if (other == src->kdom) {
				tm_diag_warn(s->d, "sync-same-domain", km->where,
					     "parent_ts marker in a trace already on CLOCK_MONOTONIC: ignored");
				break;
			}
			if (v == 0) /* the same clock: the same instant exactly */
				lo = hi = v = km->ts_ns;
			if (add_obs(s, src->kdom, lo, hi, other, v, v, km->where))
				return -1;
			break;
		case TM_SYNC_REALTIME_TS:
			/* whole milliseconds: the instant lies in [v, v + 1 ms) */
			other = tm_clock_graph_domain(s->g, DOM_REALTIME);
			if (other < 0)
				return -1;
			if (v > INT64_MAX - 999999) {
				tm_diag_warn(s->d, "sync-bad-value", km->where,
					     "realtime_ts out of range: ignored");
				break;
			}
			if (add_obs(s, src->kdom, lo, hi, other, v, v + 999999, km->where))
				return -1;
			break;
		}
	}
	return 0;
}

/* Issuer records in a kernel text header (`tracemerge record`, issuer.h):
 * the other side of its name= markers, on the clock they name. */
struct issuer_ctx {
	struct tm_sync *s;
	size_t si;
	const struct tm_block *b;
};

static int on_issuer(const struct tm_issuer *is, void *arg)
{
	struct issuer_ctx *c = arg;
	int dom = tm_clock_graph_domain(c->s->g, shared_domain(is->clock));
	char where[600];

	if (dom < 0)
		return -1;
	if (c->b->first_line)
		snprintf(where, sizeof(where), "%s:%lu", c->s->src[c->si].path,
			 c->b->first_line + is->line - 1);
	else
		snprintf(where, sizeof(where), "%s: header line %lu", c->s->src[c->si].path, is->line);
	return add_marker(c->s, c->si, dom, is->id, strlen(is->id), is->issue_ts, is->ts, where);
}

static int kernel_issuers(struct tm_sync *s, size_t si)
{
	struct issuer_ctx c = { s, si, NULL };
	struct tm_input *in = s->src[si].in;
	unsigned long bad_line = 0;
	size_t bad = 0;

	for (size_t bi = 0; bi < tm_input_nblocks(in); bi++) {
		c.b = tm_input_block(in, bi);
		if (c.b->kind == TM_BLOCK_FTRACE &&
		    tm_issuer_scan(c.b->data, c.b->len, on_issuer, &c, &bad, &bad_line))
			return -1;
	}
	if (bad)
		tm_diag_warn(s->d, "sync-bad-value", s->src[si].path,
			     "%zu malformed tracemerge_clock_sync header line(s) ignored (first: line %lu)",
			     bad, bad_line);
	return 0;
}

static void jblock_clock(struct tm_jblock *jb, const struct tm_te_top *top)
{
	const struct tm_te_key *k = tm_te_find_key(top, "metadata");
	struct tm_jval v;
	char *s;

	if (!k)
		return;
	v = tm_json_get(&k->val, "clock-domain");
	if (v.type != TM_J_STRING || !(s = tm_json_strdup(&v, NULL)))
		return;
	snprintf(jb->clock, sizeof(jb->clock), "%s", s);
	free(s);
}

static void note_json_name(struct tm_src *s, const struct tm_te_event *ev)
{
	if (tm_json_str_eq(&ev->name, "process_name") && ev->has_pid &&
	    ev->pid_v >= INT32_MIN && ev->pid_v <= INT32_MAX)
		tm_hmap_get_i32(s->json_procs, (int32_t)ev->pid_v, true);
	else if (tm_json_str_eq(&ev->name, "thread_name") && ev->has_tid &&
		 ev->tid_v >= INT32_MIN && ev->tid_v <= INT32_MAX)
		tm_hmap_get_i32(s->json_threads, (int32_t)ev->tid_v, true);
}

static int scan_json_block(struct tm_sync *s, size_t si, size_t bi, struct tm_jblock *jb)
{
	struct tm_src *src = &s->src[si];
	const struct tm_block *b = tm_input_block(src->in, bi);
	struct tm_te_reader *r;
	struct tm_te_event ev;
	char name[600], where[640];
	size_t first = s->nm;
	int rc;

	snprintf(name, sizeof(name), "%s%s%s%s", src->path, b->origin[0] ? "(" : "",
		 b->origin, b->origin[0] ? ")" : "");
	if (!(r = tm_te_reader_new(name, b->data, b->len, b->first_line ? b->first_line : 1, s->d)))
		return tm_diag_error(s->d, "out of memory");
	jb->block = bi;
	while ((rc = tm_te_reader_next(r, &ev)) == 1) {
		jb->events++;
		if (ev.has_ts && ev.phase != 'M') {
			if (!jb->have_ts || ev.ts_ns < jb->ts_min)
				jb->ts_min = ev.ts_ns;
			if (!jb->have_ts || ev.ts_ns > jb->ts_max)
				jb->ts_max = ev.ts_ns;
			jb->have_ts = true;
		}
		if (ev.phase == 'M')
			note_json_name(src, &ev);
		if (ev.phase != 'c')
			continue;
		snprintf(where, sizeof(where), "%s:%lu", name, ev.line);
		if (ev.sync_id.type != TM_J_STRING && ev.sync_id.type != TM_J_NUMBER) {
			tm_diag_warn(s->d, "sync-no-id", where, "clock_sync event without a sync_id");
			continue;
		}
		if (!ev.has_ts || (ev.issue_ts.type != TM_J_NONE && !ev.has_issue_ts)) {
			tm_diag_warn(s->d, "sync-bad-value", where,
				     "clock_sync event without a usable ts/issue_ts");
			continue;
		}
		if (ev.has_issue_ts && ev.issue_ts_ns > ev.ts_ns) {
			tm_diag_warn(s->d, "sync-bad-value", where,
				     "clock_sync issue_ts after its ts: ignored");
			continue;
		}
		char *id = tm_json_strdup(&ev.sync_id, NULL);
		if (!id || add_marker(s, si, -1, id, strlen(id),
				      ev.has_issue_ts ? ev.issue_ts_ns : ev.ts_ns, ev.ts_ns, where)) {
			free(id);
			tm_te_reader_free(r);
			return tm_diag_error(s->d, "out of memory");
		}
		free(id);
		jb->sync++;
	}
	if (rc < 0) {
		tm_te_reader_free(r);
		return -1;
	}
	jblock_clock(jb, tm_te_reader_top(r));
	tm_te_reader_free(r);
	if (jb->clock[0]) {
		jb->dom = tm_clock_graph_domain(s->g, shared_domain(jb->clock));
	} else {
		snprintf(name, sizeof(name), "%s (json%s%s)", src->path,
			 b->origin[0] ? " " : "", b->origin);
		jb->dom = tm_clock_graph_domain(s->g, name);
	}
	if (jb->dom < 0)
		return tm_diag_error(s->d, "out of memory");
	for (size_t i = first; i < s->nm; i++)
		s->m[i].dom = jb->dom;
	return 0;
}

static int load_one(struct tm_sync *s, size_t si)
{
	struct tm_src *src = &s->src[si];

	if (!(src->in = tm_input_open(src->path, s->d)))
		return -1;
	if (tm_kstats_init(&src->st, src->path, s->d) ||
	    tm_kscan_input(src->in, &src->st, NULL, NULL))
		return tm_diag_error(s->d, "%s: out of memory", src->path);
	src->kdom = -1;
	src->kernel = src->st.events > 0;
	if (src->kernel) {
		if ((src->kdom = kernel_domain(s, src)) < 0 || kernel_markers(s, si) ||
		    kernel_issuers(s, si))
			return tm_diag_error(s->d, "%s: out of memory", src->path);
	}
	for (size_t bi = 0; bi < tm_input_nblocks(src->in); bi++) {
		struct tm_jblock *jb;
		if (tm_input_block(src->in, bi)->kind != TM_BLOCK_JSON)
			continue;
		jb = realloc(src->jb, (src->njb + 1) * sizeof(*jb));
		if (!jb)
			return tm_diag_error(s->d, "%s: out of memory", src->path);
		src->jb = jb;
		jb = &src->jb[src->njb++];
		memset(jb, 0, sizeof(*jb));
		if (scan_json_block(s, si, bi, jb))
			return -1;
	}
	if (!src->kernel && !src->njb)
		return tm_diag_error(s->d, "%s: no kernel events and no Trace Event JSON in it",
				     src->path);
	return 0;
}

int tm_sync_load(struct tm_sync *s, char *const *paths, size_t n, struct tm_diag *d)
{
	memset(s, 0, sizeof(*s));
	s->d = d;
	s->target = -1;
	if (!(s->g = tm_clock_graph_new()) || !(s->src = calloc(n ? n : 1, sizeof(*s->src))))
		return tm_diag_error(d, "out of memory");
	for (size_t i = 0; i < n; i++) {
		s->src[i].path = strdup(paths[i]);
		s->src[i].kdom = -1;
		s->src[i].json_procs = tm_hmap_new(1);
		s->src[i].json_threads = tm_hmap_new(1);
		s->nsrc++;
		if (!s->src[i].path || !s->src[i].json_procs || !s->src[i].json_threads)
			return tm_diag_error(d, "out of memory");
		if (load_one(s, i))
			return -1;
	}
	return 0;
}

void tm_sync_free(struct tm_sync *s)
{
	for (size_t i = 0; i < s->nsrc; i++) {
		free(s->src[i].path);
		tm_input_free(s->src[i].in);
		if (s->src[i].st.names)
			tm_kstats_free(&s->src[i].st);
		free(s->src[i].jb);
		tm_hmap_free(s->src[i].json_procs);
		tm_hmap_free(s->src[i].json_threads);
	}
	for (size_t i = 0; i < s->npf; i++) {
		free(s->pf[i].obs);
		free(s->pf[i].labels);
		free(s->pf[i].state);
		free(s->pf[i].resid);
	}
	free(s->pf);
	free(s->src);
	free(s->m);
	free(s->routes);
	tm_clock_graph_free(s->g);

	memset(s, 0, sizeof(*s));
}

/* ---- pairing and solving ---------------------------------------------- */

static int cmp_marker_id(const void *a, const void *b)
{
	const struct tm_marker *x = a, *y = b;
	int c = strcmp(x->id, y->id);
	if (c)
		return c;
	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Group markers by sync id: two markers in two domains make an observation. */
static int pair_markers(struct tm_sync *s)
{
	size_t i = 0, j;
	char label[160];

	if (s->nm)
		qsort(s->m, s->nm, sizeof(*s->m), cmp_marker_id);
	for (; i < s->nm; i = j) {
		for (j = i + 1; j < s->nm && !strcmp(s->m[i].id, s->m[j].id); j++)
			;
		if (j - i == 1) {
			tm_diag_warn(s->d, "sync-unpaired", s->m[i].where,
				     "clock sync marker '%s' has no partner in the other inputs: unused",
				     s->m[i].id);
		} else if (j - i > 2) {
			for (size_t k = i; k < j; k++)
				tm_diag_warn(s->d, "sync-id-repeated", s->m[k].where,
					     "clock sync id '%s' seen %zu times: none of them used",
					     s->m[k].id, j - i);
		} else if (s->m[i].dom == s->m[i + 1].dom) {
			tm_diag_warn(s->d, "sync-same-domain", s->m[i + 1].where,
				     "clock sync '%s' seen twice on the same clock: unused",
				     s->m[i].id);
		} else {
			snprintf(label, sizeof(label), "'%.100s' (%.50s)", s->m[i].id, s->m[i].where);
			if (add_obs(s, s->m[i].dom, s->m[i].lo, s->m[i].hi, s->m[i + 1].dom,
				    s->m[i + 1].lo, s->m[i + 1].hi, label))
				return tm_diag_error(s->d, "out of memory");
			s->m[i].used = s->m[i + 1].used = true;
		}
	}
	return 0;
}

/* Is domain DOM covered by the user's --offset / --same-clock? */
static bool user_linked(const struct tm_sync *s, const struct tm_sync_opts *o, int dom)
{
	if (o->same_clock)
		return true;
	for (size_t i = 0; i < s->nsrc; i++) {
		const struct tm_src *src = &s->src[i];
		bool mine = src->kdom == dom;
		for (size_t k = 0; k < src->njb; k++)
			mine |= src->jb[k].dom == dom;
		if (!mine)
			continue;
		for (size_t k = 0; k < o->noffsets; k++)
			if (!strcmp(o->offsets[k].input, src->path))
				return true;
	}
	return false;
}

static int fit_pairs(struct tm_sync *s, const struct tm_sync_opts *o)
{
	struct tm_clock_fit_opts fo = { .max_rate_ppm = o->max_rate_ppm };
	struct tm_diag fd;

	for (size_t i = 0; i < s->npf; i++) {
		struct tm_pair_fit *pf = &s->pf[i];
		for (size_t k = 0; k < pf->nobs; k++)
			pf->obs[k].label = pf->labels[k];
		pf->state = calloc(pf->nobs, sizeof(*pf->state));
		pf->resid = calloc(pf->nobs, sizeof(*pf->resid));
		if (!pf->state || !pf->resid)
			return tm_diag_error(s->d, "out of memory");
		tm_diag_init(&fd);
		pf->ok = tm_clock_fit(pf->obs, pf->nobs, &fo, &pf->fit, pf->state, pf->resid,
				      &fd) == 0;
		snprintf(pf->error, sizeof(pf->error), "%s", fd.error);
		tm_diag_free(&fd);
		if (pf->ok) {
			if (tm_clock_graph_link(s->g, pf->a, pf->b, &pf->fit.map, pf->fit.err_ns,
						"markers"))
				return tm_diag_error(s->d, "out of memory");
			continue;
		}
		if (!user_linked(s, o, pf->a) && !user_linked(s, o, pf->b))
			return tm_diag_error(s->d, "cannot align %s with %s: %s",
					     tm_clock_graph_name(s->g, pf->a),
					     tm_clock_graph_name(s->g, pf->b), pf->error);
		tm_diag_warn(s->d, "sync-fit-failed", NULL, "%s and %s: %s (the --offset/--same-clock link is used)",
			     tm_clock_graph_name(s->g, pf->a), tm_clock_graph_name(s->g, pf->b),
			     pf->error);
	}
	return 0;
}

static int first_json_dom(const struct tm_src *src)
{
	for (size_t k = 0; k < src->njb; k++)
		if (src->jb[k].events > src->jb[k].sync)
			return src->jb[k].dom;
	return src->njb ? src->jb[0].dom : -1;
}

static int primary_dom(const struct tm_src *src)
{
	return src->kernel ? src->kdom : first_json_dom(src);
}

static int pick_target(struct tm_sync *s, const char *clock)
{
	if (!clock || !strcmp(clock, "kernel")) {
		for (size_t i = 0; i < s->nsrc; i++)
			if (s->src[i].kernel) {
				s->target_src = i;
				return s->src[i].kdom;
			}
		if (clock)
			return tm_diag_error(s->d, "--clock=kernel: no input holds a kernel trace");
		s->target_src = 0;
		return primary_dom(&s->src[0]);
	}
	if (!strcmp(clock, "app")) {
		for (size_t i = 0; i < s->nsrc; i++)
			for (size_t k = 0; k < s->src[i].njb; k++)
				if (s->src[i].jb[k].events > s->src[i].jb[k].sync) {
					s->target_src = i;
					return s->src[i].jb[k].dom;
				}
		return tm_diag_error(s->d, "--clock=app: no input holds application (JSON) events");
	}
	for (size_t i = 0; i < s->nsrc; i++)
		if (!strcmp(s->src[i].path, clock)) {
			s->target_src = i;
			return primary_dom(&s->src[i]);
		}
	return tm_diag_error(s->d, "--clock=%s: not one of the inputs (use kernel, app or an input as given)",
			     clock);
}

static int link_src(struct tm_sync *s, const struct tm_src *src, int64_t off, const char *how)
{
	struct tm_clock_map m = tm_clock_offset(off);

	if (src->kdom >= 0 && src->kdom != s->target &&
	    tm_clock_graph_link(s->g, src->kdom, s->target, &m, 0, how))
		return -1;
	for (size_t k = 0; k < src->njb; k++)
		if (src->jb[k].dom != s->target &&
		    tm_clock_graph_link(s->g, src->jb[k].dom, s->target, &m, 0, how))
			return -1;
	return 0;
}

static int user_links(struct tm_sync *s, const struct tm_sync_opts *o)
{
	for (size_t k = 0; k < o->noffsets; k++) {
		size_t i;
		for (i = 0; i < s->nsrc && strcmp(s->src[i].path, o->offsets[k].input); i++)
			;
		if (i == s->nsrc)
			return tm_diag_error(s->d, "--offset %s: not one of the inputs",
					     o->offsets[k].input);
		if (i == s->target_src)
			return tm_diag_error(s->d, "--offset %s: that input is the output clock; "
					     "give the offset of another input", o->offsets[k].input);
		if (link_src(s, &s->src[i], o->offsets[k].ns, "--offset"))
			return tm_diag_error(s->d, "out of memory");
	}
	if (o->same_clock)
		for (size_t i = 0; i < s->nsrc; i++)
			if (link_src(s, &s->src[i], 0, "--same-clock"))
				return tm_diag_error(s->d, "out of memory");
	return 0;
}

/* Every domain an input's events live in must reach the output clock. */
static int check_linked(struct tm_sync *s)
{
	char msg[1024];
	size_t n = 0;

	msg[0] = 0;
	for (size_t i = 0; i < s->nsrc; i++) {
		const struct tm_src *src = &s->src[i];
		bool bad = src->kdom >= 0 && !s->routes[src->kdom].linked;
		for (size_t k = 0; k < src->njb; k++)
			bad |= src->jb[k].events > src->jb[k].sync &&
			       !s->routes[src->jb[k].dom].linked;
		if (bad && strlen(msg) < sizeof(msg) - 200) {
			size_t l = strlen(msg);
			snprintf(msg + l, sizeof(msg) - l, "%s%s", n ? ", " : "", src->path);
			n++;
		}
	}
	if (!n)
		return 0;
	return tm_diag_error(s->d,
		"cannot align %s with the output clock (%s): no clock-sync markers link %s; "
		"give --offset INPUT=DURATION (e.g. --offset %s=+0ms) or --same-clock if they share a clock",
		msg, tm_clock_graph_name(s->g, s->target), n > 1 ? "them" : "it",
		s->src[s->target_src == 0 && s->nsrc > 1 ? 1 : 0].path);
}

/* Link every domain without a route to the output clock with identity. */
static int assume_unlinked(struct tm_sync *s)
{
	struct tm_clock_map id = tm_clock_identity();
	bool any = false;
	size_t nd = tm_clock_graph_ndomains(s->g);

	for (size_t dom = 0; dom < nd; dom++) {
		if (s->routes[dom].linked)
			continue;
		if (tm_clock_graph_link(s->g, (int)dom, s->target, &id, 0, "assumed (no markers)"))
			return tm_diag_error(s->d, "out of memory");
		tm_diag_warn(s->d, "sync-assumed-same-clock", NULL,
			     "%s: no clock-sync markers link it to %s: taken to be the same clock",
			     tm_clock_graph_name(s->g, (int)dom), tm_clock_graph_name(s->g, s->target));
		any = true;
	}
	return any ? tm_clock_graph_solve(s->g, s->target, s->routes, s->d) : 0;
}

int tm_sync_solve(struct tm_sync *s, const struct tm_sync_opts *o)
{
	static const struct tm_sync_opts none;
	size_t nd;

	if (!o)
		o = &none;
	if ((s->target = pick_target(s, o->clock)) < 0)
		return -1;
	if (pair_markers(s) || fit_pairs(s, o) || user_links(s, o))
		return -1;
	nd = tm_clock_graph_ndomains(s->g);
	free(s->routes);
	if (!(s->routes = calloc(nd ? nd : 1, sizeof(*s->routes))))
		return tm_diag_error(s->d, "out of memory");
	if (tm_clock_graph_solve(s->g, s->target, s->routes, s->d))
		return -1;
	if (o->assume_same_clock && assume_unlinked(s))
		return -1;
	return check_linked(s);
}

int tm_parse_duration(const char *s, int64_t *ns)
{
	/* the number is read as seconds (exact ns), then divided by the unit */
	static const struct { const char *unit; int64_t div; } units[] = {
		{ "ns", 1000000000 }, { "us", 1000000 }, { "\xc2\xb5s", 1000000 },
		{ "ms", 1000 }, { "s", 1 },
	};
	size_t n = strlen(s), num;
	bool plus = false;
	int64_t v;

	if (n && s[0] == '+') {
		plus = true;
		s++;
		n--;
	}
	for (num = 0; num < n && (s[num] == '-' || s[num] == '.' ||
				  (s[num] >= '0' && s[num] <= '9')); num++)
		;
	if (!num || (plus && s[0] == '-') || tm_ts_parse_secs(s, num, &v, NULL))
		return -1;
	for (size_t u = 0; u < sizeof(units) / sizeof(units[0]); u++) {
		if (strcmp(s + num, units[u].unit))
			continue;
		if (v % units[u].div)
			return -1; /* finer than 1 ns */
		*ns = v / units[u].div;
		return 0;
	}
	return -1;
}
