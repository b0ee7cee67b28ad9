/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sync-report.c - the clock solution as JSON (metadata, `sync --json`) and
 * as text (`sync`).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "merge.h"
#include "safe-text.h"
#include "tracemerge/ts.h"

struct stream_view {
	const char *side;
	int dom;
	bool have_ts;
	int64_t first;               /* first event time, own clock */
};

static size_t streams_of(const struct tm_src *src, struct stream_view *v, size_t cap)
{
	size_t n = 0;

	if (src->kernel && n < cap)
		v[n++] = (struct stream_view){ "kernel", src->kdom, src->st.have_ts, src->st.ts_min };
	for (size_t k = 0; k < src->njb && n < cap; k++)
		v[n++] = (struct stream_view){ "json", src->jb[k].dom, src->jb[k].have_ts,
					       src->jb[k].ts_min };
	return n;
}

/* Offset output - input at the stream's first event (at the anchor if none). */
static int64_t offset_at(const struct tm_clock_route *r, const struct stream_view *v)
{
	int64_t y, x = v->have_ts ? v->first : r->to_target.x0;

	if (tm_clock_apply(&r->to_target, x, &y))
		return r->to_target.y0 - r->to_target.x0;
	return y - x;
}

static double rate_ppm(const struct tm_clock_map *m)
{
	return (double)m->rate_fs / (double)TM_CLOCK_PPM;
}

static struct json_object *route_path(const struct tm_sync *s, int dom)
{
	struct json_object *a = json_object_new_array();
	size_t guard = 0;

	while (dom >= 0 && s->routes[dom].linked && guard++ < 64) {
		json_object_array_add(a, json_object_new_string(tm_clock_graph_name(s->g, dom)));
		dom = s->routes[dom].via;
	}
	return a;
}

int64_t tm_sync_obs_mid(const struct tm_clock_obs *ob)
{
	return ob->a_lo + (ob->a_hi - ob->a_lo) / 2;
}

int64_t tm_sync_obs_unc(const struct tm_clock_obs *ob)
{
	/* the two half-widths, rounded up to a whole ns */
	return ((ob->a_hi - ob->a_lo) + (ob->b_hi - ob->b_lo) + 1) / 2;
}

/* Every marker of PF: its instant in domain a (midpoint), residual
 * (observed - fitted, in domain b), uncertainty (the half-widths of both
 * sides) and whether the fit used it. */
static struct json_object *residuals_json(const struct tm_pair_fit *pf)
{
	struct json_object *a = json_object_new_array();

	for (size_t i = 0; i < pf->nobs; i++) {
		const struct tm_clock_obs *ob = &pf->obs[i];
		struct json_object *r = json_object_new_object();

		json_object_object_add(r, "marker", json_object_new_string(pf->labels[i]));
		json_object_object_add(r, "at_ns", json_object_new_int64(tm_sync_obs_mid(ob)));
		json_object_object_add(r, "residual_ns", json_object_new_int64(pf->resid[i]));
		json_object_object_add(r, "uncertainty_ns", json_object_new_int64(tm_sync_obs_unc(ob)));
		json_object_object_add(r, "used", json_object_new_boolean(pf->state[i] == TM_OBS_USED));
		json_object_array_add(a, r);
	}
	return a;
}

static struct json_object *pair_json(const struct tm_sync *s, const struct tm_pair_fit *pf,
				     bool residuals)
{
	struct json_object *o = json_object_new_object(), *rej = json_object_new_array();
	const struct tm_clock_fit *f = &pf->fit;

	json_object_object_add(o, "a", json_object_new_string(tm_clock_graph_name(s->g, pf->a)));
	json_object_object_add(o, "b", json_object_new_string(tm_clock_graph_name(s->g, pf->b)));
	json_object_object_add(o, "kind", json_object_new_string(
				       pf->snapshots ? TM_SYNC_HOW_SNAPSHOTS : "markers"));
	json_object_object_add(o, "markers", json_object_new_int64((int64_t)pf->nobs));
	json_object_object_add(o, "ok", json_object_new_boolean(pf->ok));
	if (!pf->ok) {
		json_object_object_add(o, "error", json_object_new_string(pf->error));
		json_object_object_add(o, "rejected_markers", rej);
		return o;
	}
	json_object_object_add(o, "used", json_object_new_int64((int64_t)f->used));
	json_object_object_add(o, "rejected", json_object_new_int64((int64_t)f->rejected));
	json_object_object_add(o, "offset_ns", json_object_new_int64(f->map.y0 - f->map.x0));
	json_object_object_add(o, "anchor_ns", json_object_new_int64(f->map.x0));
	json_object_object_add(o, "rate_fitted", json_object_new_boolean(f->rate_fitted));
	json_object_object_add(o, "rate_ppm", json_object_new_double(f->rate_ppm));
	json_object_object_add(o, "rate_err_ppm", json_object_new_double(f->rate_err_ppm));
	json_object_object_add(o, "rms_ns", json_object_new_double(f->rms_ns));
	json_object_object_add(o, "error_ns", json_object_new_int64(f->err_ns));
	json_object_object_add(o, "span_ns", json_object_new_int64(f->span_ns));
	for (size_t i = 0; i < pf->nobs; i++) {
		struct json_object *r;
		if (pf->state[i] != TM_OBS_OUTLIER)
			continue;
		r = json_object_new_object();
		json_object_object_add(r, "marker", json_object_new_string(pf->labels[i]));
		json_object_object_add(r, "residual_ns", json_object_new_int64(pf->resid[i]));
		json_object_array_add(rej, r);
	}
	json_object_object_add(o, "rejected_markers", rej);
	if (residuals && pf->state && pf->resid)
		json_object_object_add(o, "residuals", residuals_json(pf));
	return o;
}

struct json_object *tm_sync_report(const struct tm_sync *s, bool residuals)
{
	struct json_object *o = json_object_new_object(), *ins = json_object_new_array();
	struct json_object *links = json_object_new_array(), *tgt = json_object_new_object();
	size_t paired = 0;

	json_object_object_add(tgt, "domain", json_object_new_string(
				       s->target >= 0 ? tm_clock_graph_name(s->g, s->target) : ""));
	json_object_object_add(tgt, "input", json_object_new_string(s->src[s->target_src].path));
	json_object_object_add(o, "output_clock", tgt);
	for (size_t i = 0; i < s->nsrc; i++) {
		struct json_object *in = json_object_new_object(), *st = json_object_new_array();
		struct stream_view v[16];
		size_t n = streams_of(&s->src[i], v, 16);
		json_object_object_add(in, "path", json_object_new_string(s->src[i].path));
		for (size_t k = 0; k < n; k++) {
			struct json_object *so = json_object_new_object();
			const struct tm_clock_route *r = s->routes ? &s->routes[v[k].dom] : NULL;
			json_object_object_add(so, "side", json_object_new_string(v[k].side));
			json_object_object_add(so, "domain", json_object_new_string(
						       tm_clock_graph_name(s->g, v[k].dom)));
			json_object_object_add(so, "linked", json_object_new_boolean(r && r->linked));
			if (r && r->linked) {
				json_object_object_add(so, "offset_ns", json_object_new_int64(offset_at(r, &v[k])));
				json_object_object_add(so, "at_ns", json_object_new_int64(
							       v[k].have_ts ? v[k].first : r->to_target.x0));
				json_object_object_add(so, "rate_ppm", json_object_new_double(rate_ppm(&r->to_target)));
				json_object_object_add(so, "error_ns", json_object_new_int64(r->err_ns));
				json_object_object_add(so, "how", json_object_new_string(
							       r->how && r->how[0] ? r->how : "output clock"));
				json_object_object_add(so, "path", route_path(s, v[k].dom));
			}
			json_object_array_add(st, so);
		}
		json_object_object_add(in, "streams", st);
		json_object_array_add(ins, in);
	}
	json_object_object_add(o, "inputs", ins);
	for (size_t i = 0; i < s->npf; i++)
		json_object_array_add(links, pair_json(s, &s->pf[i], residuals));
	json_object_object_add(o, "links", links);
	for (size_t i = 0; i < s->nm; i++)
		paired += s->m[i].used;
	json_object_object_add(o, "markers_found", json_object_new_int64((int64_t)s->nm));
	json_object_object_add(o, "markers_paired", json_object_new_int64((int64_t)paired));
	return o;
}

/* "+1.234567891 s" style, exact. */
static void fmt_signed_secs(char *buf, size_t cap, int64_t ns)
{
	char t[TM_TS_BUFSZ];

	tm_ts_format_secs(t, ns, 9);
	snprintf(buf, cap, "%s%s s", ns >= 0 ? "+" : "", t);
}

void tm_sync_fmt_err(char *buf, size_t cap, int64_t ns)
{
	if (ns < 1000)
		snprintf(buf, cap, "±%lld ns", (long long)ns);
	else if (ns < 1000000)
		snprintf(buf, cap, "±%.1f µs", (double)ns / 1e3);
	else
		snprintf(buf, cap, "±%.3f ms", (double)ns / 1e6);
}

/* The links fitted from markers, or (SNAPSHOTS) from clock snapshots. */
static void print_links(FILE *f, const struct tm_sync *s, bool snapshots)
{
	const char *what = snapshots ? "snapshots" : "markers";
	bool first = true;

	for (size_t i = 0; i < s->npf; i++) {
		const struct tm_pair_fit *pf = &s->pf[i];
		const struct tm_clock_fit *ft = &pf->fit;
		char off[64], err[32];
		if (pf->snapshots != snapshots)
			continue;
		if (first)
			fprintf(f, "\n%s links:\n", snapshots ? "clock snapshot" : "marker");
		first = false;
		fprintf(f, "  %s <-> %s: ", tm_clock_graph_name(s->g, pf->a),
			tm_clock_graph_name(s->g, pf->b));
		if (!pf->ok) {
			fprintf(f, "%zu %s, not usable: %s\n", pf->nobs, what, pf->error);
			continue;
		}
		fmt_signed_secs(off, sizeof(off), ft->map.y0 - ft->map.x0);
		tm_sync_fmt_err(err, sizeof(err), ft->err_ns);
		fprintf(f, "%zu %s used, %zu rejected; offset %s", ft->used, what, ft->rejected, off);
		if (ft->rate_fitted)
			fprintf(f, ", rate %+.3f ppm (±%.3f)", ft->rate_ppm, ft->rate_err_ppm);
		else
			fprintf(f, ", no drift fitted");
		fprintf(f, ", rms %.1f µs, error %s, span %.3f s\n", ft->rms_ns / 1e3, err,
			(double)ft->span_ns / 1e9);
		for (size_t k = 0; k < pf->nobs; k++)
			if (pf->state[k] == TM_OBS_OUTLIER)
				fprintf(f, "    rejected %s: residual %+.1f µs\n", pf->labels[k],
					(double)pf->resid[k] / 1e3);
	}
}

static void print_report(FILE *f, const struct tm_sync *s)
{
	fprintf(f, "output clock: %s (%s)\n\n", tm_clock_graph_name(s->g, s->target),
		s->src[s->target_src].path);
	for (size_t i = 0; i < s->nsrc; i++) {
		struct stream_view v[16];
		size_t n = streams_of(&s->src[i], v, 16);
		fprintf(f, "%s\n", s->src[i].path);
		for (size_t k = 0; k < n; k++) {
			const struct tm_clock_route *r = &s->routes[v[k].dom];
			char off[64], err[32];
			if (!r->linked) {
				fprintf(f, "  %-6s %-40s not linked\n", v[k].side,
					tm_clock_graph_name(s->g, v[k].dom));
				continue;
			}
			fmt_signed_secs(off, sizeof(off), offset_at(r, &v[k]));
			tm_sync_fmt_err(err, sizeof(err), r->err_ns);
			fprintf(f, "  %-6s %-40s offset %s  rate %+.3f ppm  error %s  (%s)\n",
				v[k].side, tm_clock_graph_name(s->g, v[k].dom), off,
				rate_ppm(&r->to_target), err, r->how && r->how[0] ? r->how : "output clock");
		}
	}
	print_links(f, s, false);
	print_links(f, s, true);
}

/* The report is made whole, then written with the control characters of
 * its input-derived names (paths, clock domains, marker labels) escaped. */
void tm_sync_print(FILE *f, const struct tm_sync *s)
{
	char *text = NULL;
	size_t n = 0;
	FILE *m = open_memstream(&text, &n);

	if (!m) {
		fputs("(out of memory)\n", f);
		return;
	}
	print_report(m, s);
	if (fclose(m) == 0)
		tm_safe_fputs(text, n, f);
	else
		fputs("(out of memory)\n", f);
	free(text);
}
