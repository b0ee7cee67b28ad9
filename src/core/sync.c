/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sync.c - markers paired, domains fitted and routed to the output clock
 * (see sync.h; the first pass over the inputs is sync-load.c).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json-index.h"
#include "output.h"
#include "sync.h"
#include "sync-int.h"
#include "tracemerge/ts.h"

void tm_sync_clock_domain_name(const struct tm_sync *s, size_t si, const char *clock,
			       char *buf, size_t cap)
{
	const char *m = s->src[si].machine;

	snprintf(buf, cap, "%s%s%s", tm_sync_shared_domain(clock), m ? " @" : "", m ? m : "");
}

int tm_sync_clock_domain(struct tm_sync *s, size_t si, const char *clock)
{
	char name[600];

	tm_sync_clock_domain_name(s, si, clock, name, sizeof(name));
	return tm_clock_graph_domain(s->g, name);
}

const char *tm_sync_shared_domain(const char *clock)
{
	/* the clock_gettime clocks, as Catapult spells them */
	static const char *const linux_names[][2] = {
		{ "LINUX_CLOCK_MONOTONIC", DOM_MONO },
		{ "LINUX_CLOCK_REALTIME", DOM_REALTIME },
		{ "LINUX_CLOCK_BOOTTIME", "CLOCK_BOOTTIME" },
		{ "LINUX_CLOCK_MONOTONIC_RAW", "CLOCK_MONOTONIC_RAW" },
		{ "LINUX_CLOCK_MONOTONIC_COARSE", "CLOCK_MONOTONIC_COARSE" },
		{ "LINUX_CLOCK_REALTIME_COARSE", "CLOCK_REALTIME_COARSE" },
	};

	for (size_t i = 0; i < sizeof(linux_names) / sizeof(linux_names[0]); i++)
		if (!strcmp(clock, linux_names[i][0]))
			return linux_names[i][1];
	return clock;
}

int tm_sync_add_marker(struct tm_sync *s, size_t src, int dom, const char *id,
		       size_t idlen, int64_t lo, int64_t hi, const char *where)
{
	struct tm_sync_mark *m;

	if (s->nm == s->mcap) {
		size_t cap = s->mcap ? s->mcap * 2 : 32;
		struct tm_sync_mark *nm = realloc(s->m, cap * sizeof(*nm));
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

static struct tm_pair_fit *pair_fit(struct tm_sync *s, int a, int b, bool snapshots)
{
	struct tm_pair_fit *pf;

	for (size_t i = 0; i < s->npf; i++)
		if (s->pf[i].a == a && s->pf[i].b == b && s->pf[i].snapshots == snapshots)
			return &s->pf[i];
	pf = realloc(s->pf, (s->npf + 1) * sizeof(*pf));
	if (!pf)
		return NULL;
	s->pf = pf;
	pf = &s->pf[s->npf++];
	memset(pf, 0, sizeof(*pf));
	pf->a = a;
	pf->b = b;
	pf->snapshots = snapshots;
	return pf;
}

int tm_sync_add_obs(struct tm_sync *s, int a, int64_t a_lo, int64_t a_hi,
		    int b, int64_t b_lo, int64_t b_hi, const char *label, bool snapshot)
{
	struct tm_pair_fit *pf;
	struct tm_clock_obs *o;

	if (a > b) {
		int t = a; a = b; b = t;
		int64_t lo = a_lo, hi = a_hi;
		a_lo = b_lo; a_hi = b_hi; b_lo = lo; b_hi = hi;
	}
	if (!(pf = pair_fit(s, a, b, snapshot)))
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

void tm_sync_free(struct tm_sync *s)
{
	for (size_t i = 0; i < s->nsrc; i++) {
		free(s->src[i].path);
		tm_input_free(s->src[i].in);
		if (s->src[i].st.names)
			tm_kstats_free(&s->src[i].st);
		for (size_t k = 0; k < s->src[i].njb; k++) {
			tm_jidx_free(s->src[i].jb[k].idx);
			free((void *)s->src[i].jb[k].top.keys);
		}
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
	const struct tm_sync_mark *x = a, *y = b;
	int c = strcmp(x->id, y->id);
	if (c)
		return c;
	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Is DOM the domain *ONE holds (or the first, when *ONE is -1)? */
static bool same_domain(int *one, int dom)
{
	if (*one < 0)
		*one = dom;
	return dom < 0 || dom == *one;
}

/* Do every marker and every input's events live on one clock?  Then no
 * marker has a partner to wait for (import of one kernel trace). */
static bool one_domain(const struct tm_sync *s)
{
	int one = -1;

	for (size_t i = 0; i < s->nm; i++)
		if (!same_domain(&one, s->m[i].dom))
			return false;
	for (size_t i = 0; i < s->nsrc; i++) {
		if (!same_domain(&one, s->src[i].kdom))
			return false;
		for (size_t k = 0; k < s->src[i].njb; k++)
			if (!same_domain(&one, s->src[i].jb[k].dom))
				return false;
	}
	return true;
}

void tm_sync_label(char *buf, size_t cap, const char *what, const char *at)
{
	char where[49];
	size_t n = strlen(at);
	const char *tail = at;

	if (n > 48) {
		tail += n - 45;
		while ((*tail & 0xc0) == 0x80)      /* not inside a character */
			tail++;
	}
	tm_utf8_copy(where, sizeof(where), tail, strlen(tail));
	snprintf(buf, cap, "%s (%s%s)", what, tail == at ? "" : "...", where);
}

/* A marker's label: "'ID' (WHERE)", ID of at most 60 bytes. */
static void marker_label(char *buf, size_t cap, const struct tm_sync_mark *m)
{
	char id[61], what[64];

	tm_utf8_copy(id, sizeof(id), m->id, strlen(m->id));
	snprintf(what, sizeof(what), "'%s'", id);
	tm_sync_label(buf, cap, what, m->where);
}

/* Group markers by sync id: two markers in two domains make an observation. */
static int pair_markers(struct tm_sync *s)
{
	size_t i = 0, j;
	char label[160];
	bool alone = one_domain(s);

	if (s->nm)
		qsort(s->m, s->nm, sizeof(*s->m), cmp_marker_id);
	for (; i < s->nm; i = j) {
		for (j = i + 1; j < s->nm && !strcmp(s->m[i].id, s->m[j].id); j++)
			;
		if (j - i == 1) {
			if (!alone)
				tm_diag_warn(s->d, "sync-unpaired", s->m[i].where,
					     "clock sync marker '%s' has no partner in the other "
					     "inputs: unused", s->m[i].id);
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
			marker_label(label, sizeof(label), &s->m[i]);
			if (tm_sync_add_obs(s, s->m[i].dom, s->m[i].lo, s->m[i].hi, s->m[i + 1].dom,
				    s->m[i + 1].lo, s->m[i + 1].hi, label, false))
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
	for (size_t k = 0; k < o->noffsets; k++) {
		const struct tm_src *src;
		bool mine;
		if (o->offsets[k].input >= s->nsrc)
			continue;
		src = &s->src[o->offsets[k].input];
		mine = src->kdom == dom;
		for (size_t j = 0; j < src->njb; j++)
			mine |= src->jb[j].dom == dom;
		if (mine)
			return true;
	}
	return false;
}

/* A fitted link whose error bound is above MAX is refused (PF's error). */
static void check_bound(struct tm_pair_fit *pf, int64_t max)
{
	char err[32], lim[32];

	if (!pf->ok || pf->fit.err_ns <= max)
		return;
	tm_sync_fmt_err(err, sizeof(err), pf->fit.err_ns);
	tm_sync_fmt_err(lim, sizeof(lim), max);
	/* (the limit without its "±") */
	snprintf(pf->error, sizeof(pf->error), "the %s' error bound %s is above "
		 "--max-error %s (a larger --max-error accepts it)",
		 pf->snapshots ? "clock snapshots" : "markers", err, lim + strlen("±"));
	pf->ok = false;
}

static int fit_pairs(struct tm_sync *s, const struct tm_sync_opts *o)
{
	struct tm_clock_fit_opts fo = { .max_rate_ppm = o->max_rate_ppm };
	int64_t max_err = o->max_error_ns > 0 ? o->max_error_ns : TM_SYNC_MAX_ERROR_NS;
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
		check_bound(pf, max_err);
		if (pf->ok) {
			if (tm_clock_graph_link(s->g, pf->a, pf->b, &pf->fit.map, pf->fit.err_ns,
						pf->snapshots ? TM_SYNC_HOW_SNAPSHOTS : "markers"))
				return tm_diag_error(s->d, "out of memory");
			continue;
		}
		if (pf->snapshots) {
			/* a trace's own relation, needed or not: a link the
			 * inputs may not need (check_linked says when they do) */
			tm_diag_warn(s->d, "sync-snapshot-unusable", pf->nobs ? pf->labels[0] : NULL,
				     "clock snapshots of %s and %s: %s: not linked",
				     tm_clock_graph_name(s->g, pf->a), tm_clock_graph_name(s->g, pf->b),
				     pf->error);
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
		if (tm_jblock_needs_link(&src->jb[k]))
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
				if (tm_jblock_needs_link(&s->src[i].jb[k])) {
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
		size_t i = o->offsets[k].input;
		s->option_error = i >= s->nsrc || i == s->target_src;
		if (i >= s->nsrc)
			return tm_diag_error(s->d, "--offset: no input %zu", i);
		if (i == s->target_src)
			return tm_diag_error(s->d, "--offset %s: that input is the output clock; "
					     "give the offset of another input", s->src[i].path);
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
	size_t n = 0, hint = s->nsrc;   /* the input the --offset example names */

	msg[0] = 0;
	for (size_t i = 0; i < s->nsrc; i++) {
		const struct tm_src *src = &s->src[i];
		bool bad = src->kdom >= 0 && !s->routes[src->kdom].linked;
		for (size_t k = 0; k < src->njb; k++)
			bad |= tm_jblock_needs_link(&src->jb[k]) &&
			       !s->routes[src->jb[k].dom].linked;
		if (bad && i != s->target_src && hint == s->nsrc)
			hint = i;   /* the output clock's input takes no --offset */
		if (bad && strlen(msg) < sizeof(msg) - 200) {
			size_t l = strlen(msg);
			snprintf(msg + l, sizeof(msg) - l, "%s%s", n ? ", " : "", src->path);
			n++;
		}
	}
	if (!n)
		return 0;
	if (hint == s->nsrc)
		return tm_diag_error(s->d,
			"cannot align %s with the output clock (%s): no clock-sync markers link %s; "
			"give --same-clock if they share a clock", msg,
			tm_clock_graph_name(s->g, s->target), n > 1 ? "them" : "it");
	return tm_diag_error(s->d,
		"cannot align %s with the output clock (%s): no clock-sync markers link %s; "
		"give --offset INPUT=DURATION (e.g. --offset %s=+0ms) or --same-clock if they share a clock",
		msg, tm_clock_graph_name(s->g, s->target), n > 1 ? "them" : "it",
		s->src[hint].path);
}

/* Is DOM the domain of an input's kernel text or of a JSON block? */
static bool stream_domain(const struct tm_sync *s, int dom)
{
	for (size_t i = 0; i < s->nsrc; i++) {
		if (s->src[i].kdom == dom)
			return true;
		for (size_t k = 0; k < s->src[i].njb; k++)
			if (s->src[i].jb[k].dom == dom)
				return true;
	}
	return false;
}

/* Link every domain of a kernel text or JSON block that has no route to
 * the output clock with identity (a clock only named, by an issuer record
 * or a snapshot, is left unlinked: nothing of the inputs is on it). */
static int assume_unlinked(struct tm_sync *s)
{
	struct tm_clock_map id = tm_clock_identity();
	bool any = false;
	size_t nd = tm_clock_graph_ndomains(s->g);

	for (size_t dom = 0; dom < nd; dom++) {
		if (s->routes[dom].linked || !stream_domain(s, (int)dom))
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

/* Index of the domain named NAME, or -1 when nothing made it. */
static int find_domain(const struct tm_sync *s, const char *name)
{
	size_t nd = tm_clock_graph_ndomains(s->g);

	for (size_t dom = 0; dom < nd; dom++)
		if (!strcmp(tm_clock_graph_name(s->g, (int)dom), name))
			return (int)dom;
	return -1;
}

/* Link the JSON domain DOM of input SI to CLOCK_MONOTONIC (domain MONO)
 * with identity, and say so, with the options that would say otherwise (an
 * --offset cannot move a part of the input that holds the output clock). */
static int legacy_link(struct tm_sync *s, size_t si, int dom, int mono)
{
	struct tm_clock_map id = tm_clock_identity();
	const char *path = s->src[si].path;
	char how[700];

	if (tm_clock_graph_link(s->g, dom, mono, &id, 0, TM_SYNC_HOW_LEGACY))
		return tm_diag_error(s->d, "out of memory");
	if (si != s->target_src)
		snprintf(how, sizeof(how), "give --offset %s=DURATION (or --same-clock if it is "
			 "on the output clock)", path);
	else if (s->src[si].kernel || s->src[si].njb > 1)
		snprintf(how, sizeof(how), "`tracemerge merge --same-clock %s` puts its parts "
			 "on one clock", path);
	else
		snprintf(how, sizeof(how), "give the other inputs' --offset INPUT=DURATION "
			 "(or --same-clock)");
	tm_diag_warn(s->d, "sync-json-clock-assumed", path,
		     "the Trace Event JSON names no clock domain (metadata.clock-domain): "
		     "taken to be CLOCK_MONOTONIC, Chrome's clock on Linux and Android, as "
		     "Catapult does; if it is not, %s", how);
	return 0;
}

/*
 * Legacy Chrome JSON: a block that names no clock domain is on Chrome's
 * clock, which on Linux and Android is CLOCK_MONOTONIC (Catapult collapses
 * its UNKNOWN_CHROME_LEGACY domain with LINUX_CLOCK_MONOTONIC).  When
 * something puts CLOCK_MONOTONIC in the graph (parent_ts=, `# clock_type=
 * LINUX_CLOCK_MONOTONIC`, a tracemerge_clock_sync record, a JSON naming it),
 * each such block with events that is not already connected to it by
 * markers, and whose input the user's --offset / --same-clock do not
 * place, is taken to be on it.  Blocks are taken in
 * input order, each seeing the links the ones before it added.
 */
static int assume_legacy_json(struct tm_sync *s, const struct tm_sync_opts *o)
{
	size_t nd = tm_clock_graph_ndomains(s->g);
	struct tm_clock_route *to_mono;
	int rc = 0;

	if (!(to_mono = calloc(nd, sizeof(*to_mono))))
		return tm_diag_error(s->d, "out of memory");
	for (size_t i = 0; i < s->nsrc && !rc; i++) {
		const struct tm_src *src = &s->src[i];
		char name[600];
		int mono;

		/* the input's machine's CLOCK_MONOTONIC */
		tm_sync_clock_domain_name(s, i, DOM_MONO, name, sizeof(name));
		if ((mono = find_domain(s, name)) < 0)
			continue;
		for (size_t k = 0; k < src->njb && !rc; k++) {
			const struct tm_jblock *jb = &src->jb[k];
			if (jb->clock[0] || !tm_jblock_needs_link(jb) || user_linked(s, o, jb->dom))
				continue;
			rc = tm_clock_graph_solve(s->g, mono, to_mono, s->d);
			if (!rc && !to_mono[jb->dom].linked)
				rc = legacy_link(s, i, jb->dom, mono);
		}
	}
	free(to_mono);
	return rc;
}

int tm_sync_solve(struct tm_sync *s, const struct tm_sync_opts *o)
{
	static const struct tm_sync_opts none;
	size_t nd;

	if (!o)
		o = &none;
	if ((s->target = pick_target(s, o->clock)) < 0) {
		s->option_error = true;
		return -1;
	}
	if (pair_markers(s) || fit_pairs(s, o) || user_links(s, o) ||
	    assume_legacy_json(s, o))
		return -1;
	nd = tm_clock_graph_ndomains(s->g);
	free(s->routes);
	if (!(s->routes = calloc(nd ? nd : 1, sizeof(*s->routes))))
		return tm_diag_error(s->d, "out of memory");
	if (tm_clock_graph_solve(s->g, s->target, s->routes, s->d))
		return -1;
	if (o->assume_same_clock && assume_unlinked(s))
		return -1;
	if (check_linked(s))
		return -1;
	tm_sync_check_apart(s);
	return 0;
}

/* The unit that S starts with (ns, us, µs, ms, s), as a power of ten of ns,
 * when S is exactly that unit; -1 otherwise. */
static int unit_exponent(const char *s)
{
	static const struct { const char *unit; int exp; } units[] = {
		{ "ns", 0 }, { "us", 3 }, { "\xc2\xb5s", 3 }, { "ms", 6 }, { "s", 9 },
	};
	for (size_t u = 0; u < sizeof(units) / sizeof(units[0]); u++)
		if (!strcmp(s, units[u].unit))
			return units[u].exp;
	return -1;
}

int tm_parse_duration(const char *s, int64_t *ns)
{
	/* The number is read in the unit given, digit by digit, into the
	 * magnitude in ns: "10000000000ns" is 10 s, however many digits the
	 * same duration takes in seconds.  Trailing zeros of the fraction
	 * change nothing; another fraction digit past the ns is refused. */
	const char *p = s, *dot, *end;
	uint64_t mag = 0;
	bool neg = false;
	int exp, frac;

	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	for (end = p; (*end >= '0' && *end <= '9') || *end == '.'; end++)
		;
	dot = memchr(p, '.', (size_t)(end - p));
	if (end == p || *p == '.' || (dot && memchr(dot + 1, '.', (size_t)(end - dot - 1))) ||
	    (exp = unit_exponent(end)) < 0) {
		errno = EINVAL;
		return -1;
	}
	frac = 0;
	if (dot)
		for (const char *z = end; z > dot + 1 && z[-1] == '0'; z--)
			end = z - 1;
	for (const char *d = p; d < end; d++) {
		if (*d == '.')
			continue;
		if (dot && d > dot && ++frac > exp) {
			errno = EINVAL;
			return -1; /* finer than 1 ns */
		}
		if (__builtin_mul_overflow(mag, 10, &mag) ||
		    __builtin_add_overflow(mag, (uint64_t)(*d - '0'), &mag))
			goto range;
	}
	for (int k = frac; k < exp; k++)
		if (__builtin_mul_overflow(mag, 10, &mag))
			goto range;
	if (mag > (uint64_t)INT64_MAX + neg)
		goto range;
	*ns = neg && mag ? -(int64_t)(mag - 1) - 1 : (int64_t)mag;
	return 0;
range:
	errno = ERANGE;
	return -1;
}
