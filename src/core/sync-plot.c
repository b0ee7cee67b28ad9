/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * sync-plot.c - the marker fits as a picture (`sync --plot FILE.svg`).
 *
 * One panel per link between two clock domains a and b.  x: each marker's
 * instant on clock a, in seconds from the fit's anchor; y: the offset the
 * marker shows (b - a, at the midpoints) less the fitted offset at the
 * anchor, in microseconds.  So the fitted relation is the line y = drift *
 * x through the origin, a marker's residual is its height above that line,
 * and the error bound is a band around it.  Used markers are dots with
 * their uncertainty as a bar; rejected ones are red crosses.  A link that
 * was refused has no line: its markers are drawn against the first one.
 * The numbers (markers used and rejected, drift and its standard error,
 * the error bound) are in each panel's title; the same numbers are in
 * `sync --json` ("residuals").
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge.h"
#include "safe-text.h"

#define PANEL_W 760
#define PANEL_H 330
#define PLOT_X 90                 /* the plot area inside a panel */
#define PLOT_Y 70
#define PLOT_W 630
#define PLOT_H 210

struct frame {
	double x0, x1, y0, y1;        /* data ranges: seconds, microseconds */
	int top;                      /* the panel's top edge */
};

static double px(const struct frame *fr, double x)
{
	return PLOT_X + (x - fr->x0) / (fr->x1 - fr->x0) * PLOT_W;
}

static double py(const struct frame *fr, double y)
{
	return fr->top + PLOT_Y + PLOT_H - (y - fr->y0) / (fr->y1 - fr->y0) * PLOT_H;
}

/* S as XML text: valid UTF-8, markup characters as entities. */
static void put_text(FILE *f, const char *s)
{
	char *u = tm_utf8_valid_dup(s, strlen(s));

	for (const char *p = u ? u : "?"; *p; p++) {
		switch (*p) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		default:
			if ((unsigned char)*p >= 0x20 || *p == '\t')
				fputc(*p, f);
		}
	}
	free(u);
}

/* Marker I of PF as a point: x in seconds from X0, y in microseconds of
 * offset (b - a) above OFF0; its uncertainty in microseconds. */
static void point(const struct tm_pair_fit *pf, size_t i, int64_t x0, int64_t off0,
		  double *x, double *y, double *unc)
{
	const struct tm_clock_obs *ob = &pf->obs[i];
	int64_t a = tm_sync_obs_mid(ob);
	int64_t b = ob->b_lo + (ob->b_hi - ob->b_lo) / 2;

	*x = (double)((__int128)a - x0) / 1e9;
	*y = (double)((__int128)b - a - off0) / 1e3;
	*unc = (double)tm_sync_obs_unc(ob) / 1e3;
}

/* The ranges that hold every point with its bar and the band. */
static void fit_frame(const struct tm_pair_fit *pf, int64_t x0, int64_t off0, double slope,
		      double band, struct frame *fr)
{
	double xmin = 0, xmax = 0, ymin = 0, ymax = 0;

	for (size_t i = 0; i < pf->nobs; i++) {
		double x, y, u;
		point(pf, i, x0, off0, &x, &y, &u);
		if (i == 0 || x < xmin)
			xmin = x;
		if (i == 0 || x > xmax)
			xmax = x;
		if (i == 0 || y - u < ymin)
			ymin = y - u;
		if (i == 0 || y + u > ymax)
			ymax = y + u;
	}
	for (int k = 0; k < 2; k++) {
		double lx = k ? xmax : xmin, ly = slope * lx;
		ymin = ly - band < ymin ? ly - band : ymin;
		ymax = ly + band > ymax ? ly + band : ymax;
	}
	if (xmax - xmin < 1e-9) {
		xmin -= 0.5;
		xmax += 0.5;
	}
	if (ymax - ymin < 1e-3) {
		ymin -= 1;
		ymax += 1;
	}
	fr->x0 = xmin - (xmax - xmin) * 0.04;
	fr->x1 = xmax + (xmax - xmin) * 0.04;
	fr->y0 = ymin - (ymax - ymin) * 0.08;
	fr->y1 = ymax + (ymax - ymin) * 0.08;
}

static void axes(FILE *f, const struct frame *fr)
{
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
		"stroke=\"#444\"/>\n", PLOT_X, fr->top + PLOT_Y, PLOT_W, PLOT_H);
	for (int k = 0; k <= 4; k++) {
		double xv = fr->x0 + (fr->x1 - fr->x0) * k / 4;
		double yv = fr->y0 + (fr->y1 - fr->y0) * k / 4;
		fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%.4g"
			"</text>\n", px(fr, xv), fr->top + PLOT_Y + PLOT_H + 16, xv);
		fprintf(f, "<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.4g</text>\n",
			PLOT_X - 6, py(fr, yv) + 4, yv);
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">marker time on clock a, s "
		"from the anchor</text>\n", PLOT_X + PLOT_W / 2, fr->top + PLOT_Y + PLOT_H + 34);
	fprintf(f, "<text x=\"18\" y=\"%d\" transform=\"rotate(-90 18 %d)\" "
		"text-anchor=\"middle\">offset b - a, &#181;s from the anchor's</text>\n",
		fr->top + PLOT_Y + PLOT_H / 2, fr->top + PLOT_Y + PLOT_H / 2);
}

/* The title: the domains and the fit's numbers. */
static void title(FILE *f, const struct tm_sync *s, const struct tm_pair_fit *pf, int top)
{
	const struct tm_clock_fit *fit = &pf->fit;
	char err[32];

	fprintf(f, "<text class=\"title\" x=\"%d\" y=\"%d\">a: ", PLOT_X, top + 24);
	put_text(f, tm_clock_graph_name(s->g, pf->a));
	fputs(" &#8594; b: ", f);
	put_text(f, tm_clock_graph_name(s->g, pf->b));
	fputs("</text>\n", f);
	fprintf(f, "<text class=\"numbers\" x=\"%d\" y=\"%d\">", PLOT_X, top + 46);
	if (pf->ok) {
		tm_sync_fmt_err(err, sizeof(err), fit->err_ns);
		fprintf(f, "%zu markers used, %zu rejected; drift %.3f &#177; %.3f ppm%s; "
			"error bound %s", fit->used, fit->rejected, fit->rate_ppm,
			fit->rate_err_ppm, fit->rate_fitted ? "" : " (not significant: offset only)",
			err);
		fprintf(f, "</text>\n");
	} else {
		fprintf(f, "%zu markers; link refused: ", pf->nobs);
		put_text(f, pf->error);
		fprintf(f, "</text>\n");
	}
}

static void panel(FILE *f, const struct tm_sync *s, const struct tm_pair_fit *pf, int top)
{
	const struct tm_clock_fit *fit = &pf->fit;
	const struct tm_clock_obs *o0 = &pf->obs[0];
	/* a refused link has no map: its markers against the first one's */
	int64_t x0 = pf->ok ? fit->map.x0 : tm_sync_obs_mid(o0);
	int64_t off0 = pf->ok ? fit->map.y0 - fit->map.x0 :
		(o0->b_lo + (o0->b_hi - o0->b_lo) / 2) - tm_sync_obs_mid(o0);
	double slope = pf->ok ? (double)fit->map.rate_fs / TM_CLOCK_PPM : 0;  /* µs per s */
	double band = pf->ok ? (double)fit->err_ns / 1e3 : 0;
	struct frame fr = { .top = top };

	fit_frame(pf, x0, off0, slope, band, &fr);
	title(f, s, pf, top);
	axes(f, &fr);
	if (pf->ok) {
		fprintf(f, "<polygon class=\"band\" points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f %.1f,%.1f\" "
			"fill=\"#cfe3f7\" stroke=\"none\"/>\n",
			px(&fr, fr.x0), py(&fr, slope * fr.x0 + band),
			px(&fr, fr.x1), py(&fr, slope * fr.x1 + band),
			px(&fr, fr.x1), py(&fr, slope * fr.x1 - band),
			px(&fr, fr.x0), py(&fr, slope * fr.x0 - band));
		fprintf(f, "<line class=\"fit\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			"stroke=\"#1f5fa8\" stroke-width=\"2\"/>\n",
			px(&fr, fr.x0), py(&fr, slope * fr.x0), px(&fr, fr.x1), py(&fr, slope * fr.x1));
	}
	for (size_t i = 0; i < pf->nobs; i++) {
		bool used = pf->state && pf->state[i] == TM_OBS_USED;
		double x, y, u, cx, cy;

		point(pf, i, x0, off0, &x, &y, &u);
		cx = px(&fr, x);
		cy = py(&fr, y);
		fprintf(f, "<g class=\"%s\"><title>", used ? "used" : "rejected");
		put_text(f, pf->labels[i]);
		fprintf(f, ": %.3f us above the line, uncertainty %.3f us</title>\n",
			pf->resid ? (double)pf->resid[i] / 1e3 : 0.0, u);
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n",
			cx, py(&fr, y - u), cx, py(&fr, y + u), used ? "#222" : "#c00");
		if (used)
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#222\"/>", cx, cy);
		else
			fprintf(f, "<path d=\"M%.1f %.1fl10 10m0 -10l-10 10\" stroke=\"#c00\" "
				"stroke-width=\"2\"/>", cx - 5, cy - 5);
		fputs("</g>\n", f);
	}
}

int tm_sync_plot_svg(const struct tm_sync *s, FILE *f)
{
	size_t n = 0;
	int top = 0;

	for (size_t i = 0; i < s->npf; i++)
		n += s->pf[i].nobs > 0;
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
		"<style>.title{font-size:14px;font-weight:bold}.tick{font-size:11px;fill:#444}"
		"</style>\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
		PANEL_W, (int)(n ? n : 1) * PANEL_H, PANEL_W, (int)(n ? n : 1) * PANEL_H);
	if (!n)
		fprintf(f, "<text x=\"20\" y=\"40\">no link between clock domains was fitted "
			"from markers</text>\n");
	for (size_t i = 0; i < s->npf; i++) {
		if (!s->pf[i].nobs)
			continue;
		fprintf(f, "<g class=\"link\">\n");
		panel(f, s, &s->pf[i], top);
		fprintf(f, "</g>\n");
		top += PANEL_H;
	}
	fputs("</svg>\n", f);
	return ferror(f) ? -1 : 0;
}
