/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd-sync.c - `tracemerge sync`: print the clock solution of the inputs;
 * also the clock options shared with `merge`.
 */
#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <limits.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The index of NAME among the N INPUTS (the first), or -1. */
static long input_index(const char *name, char *const *inputs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(name, inputs[i]))
			return (long)i;
	return -1;
}

int tm_cli_clock_opt(const char *cmd, int c, const char *arg, struct tm_cli_clock *cc)
{
	switch (c) {
	case TM_OPT_OFFSET: {
		const char *eq = strrchr(arg, '=');
		struct tm_cli_offset *no;
		char *name;
		int64_t ns;
		errno = 0;
		if (!eq || eq == arg || tm_parse_duration(eq + 1, &ns))
			return errno == ERANGE ?
			       tm_usage_error(cmd, "--offset %s: the duration does not fit in "
					      "64-bit nanoseconds (at most about 292 years)", arg) :
			       tm_usage_error(cmd, "--offset wants INPUT=DURATION "
					      "(e.g. app.json=+1.5ms; units ns, us, ms, s), not '%s'", arg);
		if (!(name = strndup(arg, (size_t)(eq - arg))) ||
		    !(no = realloc(cc->offsets, (cc->noffsets + 1) * sizeof(*no)))) {
			free(name);
			return tm_usage_error(cmd, "out of memory");
		}
		cc->offsets = no;
		no[cc->noffsets++] = (struct tm_cli_offset){ name, ns, NULL };
		return 0;
	}
	case TM_OPT_MACHINE: {
		const char *eq = strchr(arg, '=');
		struct tm_cli_offset *nm;
		char *name, *machine;
		if (!eq || eq == arg || !eq[1] || strlen(eq + 1) > 255)
			return tm_usage_error(cmd, "--machine wants INPUT=NAME (a name of 1 to "
					      "255 bytes), not '%s'", arg);
		name = strndup(arg, (size_t)(eq - arg));
		machine = strdup(eq + 1);
		if (!name || !machine ||
		    !(nm = realloc(cc->machines, (cc->nmachines + 1) * sizeof(*nm)))) {
			free(name);
			free(machine);
			return tm_usage_error(cmd, "out of memory");
		}
		cc->machines = nm;
		nm[cc->nmachines++] = (struct tm_cli_offset){ name, 0, machine };
		return 0;
	}
	case TM_OPT_SAME_CLOCK:
		cc->o.same_clock = true;
		return 0;
	case TM_OPT_CLOCK:
		cc->o.clock = arg;
		return 0;
	case TM_OPT_MAX_DRIFT: {
		char *end;
		double v = strtod(arg, &end);
		if (end == arg || *end || !(v > 0) || v > 1e6)
			return tm_usage_error(cmd, "--max-drift wants a positive number of ppm, not '%s'", arg);
		cc->o.max_drift_ppm = v;
		return 0;
	}
	case TM_OPT_MAX_DECOMPRESSED:
		return tm_cli_decompress_opt(cmd, arg);
	case TM_OPT_ALLOW_SAME_INPUT:
		cc->allow_same_input = true;
		return 0;
	case TM_OPT_MAX_ERROR: {
		int64_t ns;
		errno = 0;
		if (tm_parse_duration(arg, &ns) || ns <= 0)
			return errno == ERANGE ?
			       tm_usage_error(cmd, "--max-error %s: the duration does not fit in "
					      "64-bit nanoseconds (at most about 292 years)", arg) :
			       tm_usage_error(cmd, "--max-error wants a positive DURATION "
					      "(e.g. 500us; units ns, us, ms, s), not '%s'", arg);
		cc->o.max_error_ns = ns;
		return 0;
	}
	}
	return tm_usage_error(cmd, "bad option");
}

int tm_cli_decompress_opt(const char *cmd, const char *arg)
{
	static const char units[] = "KMGT";
	unsigned long long v = 0;
	const char *p = arg, *u;
	int shift = 0;

	while (*p >= '0' && *p <= '9' && v <= (ULLONG_MAX - 9) / 10)
		v = v * 10 + (unsigned long long)(*p++ - '0');
	if (*p && (u = strchr(units, *p)) && !p[1]) {
		shift = 10 * (int)(u - units + 1);
		p++;
	}
	if (p == arg || *p || !v || (*arg < '0' || *arg > '9') || v > (SIZE_MAX >> shift))
		return tm_usage_error(cmd, "--max-decompressed wants a size in bytes (e.g. "
				      "4G; units K, M, G, T), not '%s'", arg);
	tm_input_set_decompress_limit((size_t)(v << shift));
	return 0;
}

bool tm_cli_is_input(const char *name, char *const *inputs, size_t n)
{
	return input_index(name, inputs, n) >= 0;
}

/* Is INPUTS[I] a file given earlier in INPUTS (the same device and inode,
 * whatever the name), or a second '-'?  The earlier one's index, or -1. */
static long given_before(char *const *inputs, size_t i)
{
	struct stat a, b;

	if (!strcmp(inputs[i], "-")) {
		for (size_t j = 0; j < i; j++)
			if (!strcmp(inputs[j], "-"))
				return (long)j;
		return -1;
	}
	if (stat(inputs[i], &a))
		return -1;               /* said when it is opened */
	for (size_t j = 0; j < i; j++)
		if (strcmp(inputs[j], "-") && !stat(inputs[j], &b) && a.st_dev == b.st_dev &&
		    a.st_ino == b.st_ino)
			return (long)j;
	return -1;
}

/* The N options V of OPT each name one of the N INPUTS, none twice: 0, or
 * TM_EXIT_USAGE after the error. */
static int check_named(const char *cmd, const char *opt, const struct tm_cli_offset *v,
		       size_t nv, char *const *inputs, size_t n)
{
	for (size_t k = 0; k < nv; k++) {
		if (!tm_cli_is_input(v[k].input, inputs, n))
			return tm_usage_error(cmd, "%s %s: not one of the inputs", opt, v[k].input);
		for (size_t j = 0; j < k; j++)
			if (!strcmp(v[k].input, v[j].input))
				return tm_usage_error(cmd, "%s %s: given twice", opt, v[k].input);
	}
	return 0;
}

int tm_cli_check_inputs(const char *cmd, const struct tm_cli_clock *cc, char *const *inputs,
			size_t n)
{
	const char *clock = cc->o.clock;

	if (clock && strcmp(clock, "kernel") && strcmp(clock, "app") &&
	    !tm_cli_is_input(clock, inputs, n))
		return tm_usage_error(cmd, "--clock wants kernel, app or one of the inputs "
				      "as given, not '%s'", clock);
	if (check_named(cmd, "--offset", cc->offsets, cc->noffsets, inputs, n) ||
	    check_named(cmd, "--machine", cc->machines, cc->nmachines, inputs, n))
		return TM_EXIT_USAGE;
	for (size_t i = 1; i < n; i++) {
		long j = given_before(inputs, i);
		if (j < 0)
			continue;
		if (!strcmp(inputs[i], "-"))
			return tm_usage_error(cmd, "'-' (standard input) given twice: it can be "
					      "read only once");
		if (!cc->allow_same_input)
			return tm_usage_error(cmd, "%s and %s are the same file: each of its events "
					      "would be there twice (--allow-same-input merges a "
					      "file with itself)", inputs[j], inputs[i]);
	}
	return 0;
}

void tm_cli_clock_free(struct tm_cli_clock *cc)
{
	for (size_t i = 0; i < cc->noffsets; i++)
		free(cc->offsets[i].input);
	free(cc->offsets);
	for (size_t i = 0; i < cc->nmachines; i++) {
		free(cc->machines[i].input);
		free(cc->machines[i].name);
	}
	free(cc->machines);
}

struct tm_session *tm_cli_session(const char *cmd, const struct tm_session_opts *o,
				  const struct tm_cli_clock *cc, char *const *inputs, size_t n,
				  struct tm_diag *d)
{
	struct tm_session_opts so = cc ? cc->o : (struct tm_session_opts){ 0 };
	struct tm_session *s;

	so.mode = o->mode;
	so.verbatim = o->verbatim;
	so.kernel_as = o->kernel_as;
	so.gzip = o->gzip;
	so.tuning = tm_tuning_get();
	if (!(s = tm_session_new(&so, d))) {
		fprintf(stderr, "tracemerge %s: out of memory\n", cmd);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		if (tm_session_add_input(s, inputs[i]) < 0)
			goto fail;
	for (size_t k = 0; cc && k < cc->noffsets; k++)
		if (tm_session_set_offset(s, (size_t)input_index(cc->offsets[k].input, inputs, n),
					  cc->offsets[k].ns))
			goto fail;
	for (size_t k = 0; cc && k < cc->nmachines; k++)
		if (tm_session_set_machine(s, (size_t)input_index(cc->machines[k].input, inputs, n),
					   cc->machines[k].name))
			goto fail;
	return s;
fail:
	fprintf(stderr, "tracemerge %s: %s\n", cmd, d->error);
	tm_session_free(s);
	return NULL;
}

int tm_cli_session_error(const char *cmd, const struct tm_session *s, const struct tm_diag *d,
			 bool warnings)
{
	if (s && tm_session_failed_on_options(s))
		return tm_usage_error(cmd, "%s", d->error);
	/* the warnings often say why (markers ignored, ids repeated) */
	if (warnings)
		tm_cli_print_warnings(cmd, d);
	fprintf(stderr, "tracemerge %s: %s\n", cmd, d->error);
	return TM_EXIT_INPUT;
}

enum tm_verbosity tm_cli_verbosity = TM_NORMAL;

bool tm_cli_verbosity_opt(int c)
{
	if (c == TM_OPT_PROGRESS) {
		tm_cli_progress_force();
		return true;
	}
	if (c == 'q')
		tm_cli_verbosity = TM_QUIET;
	else if (c == 'v')
		tm_cli_verbosity = TM_VERBOSE;
	return c == 'q' || c == 'v';
}

void tm_cli_print_warnings(const char *cmd, const struct tm_diag *d)
{
	if (tm_cli_verbosity == TM_QUIET)
		return;
	for (size_t i = 0; i < d->nwarn; i++) {
		const struct tm_warning *w = &d->warn[i];

		fprintf(stderr, "tracemerge %s: warning: %s: %llu (%s; first at %s)\n", cmd,
			w->kind, (unsigned long long)w->count,
			w->first_message ? w->first_message : "", w->nlocs ? w->locs[0] : "?");
		for (size_t k = 1; tm_cli_verbosity == TM_VERBOSE && k < w->nlocs; k++)
			fprintf(stderr, "tracemerge %s:   also at %s\n", cmd, w->locs[k]);
	}
}

/* sync --plot PATH: the SVG picture of the fits, written as every output
 * is (tm_session_plot_svg_to).  0, or -1 after the error. */
static int write_plot(const struct tm_session *s, const struct tm_diag *d, const char *path)
{
	if (tm_session_plot_svg_to(s, path) == 0)
		return 0;
	fprintf(stderr, "tracemerge sync: %s\n", d->error);
	return -1;
}

/* sync --manifest: the manifest on stdout, a warning when inputs cannot be
 * placed as they are (tm_session_manifest).  An exit code. */
static int print_manifest(struct tm_session *s, struct tm_diag *d)
{
	size_t misplaced = 0;
	char *text = tm_session_manifest(s, &misplaced);

	if (!text) {
		fprintf(stderr, "tracemerge sync: %s\n", d->error);
		return TM_EXIT_INPUT;
	}
	fputs(text, stdout);
	tm_free(text);
	if (misplaced && tm_cli_verbosity != TM_QUIET)
		fprintf(stderr, "tracemerge sync: warning: %zu input(s) Perfetto cannot place within "
			"the bound as they are (a drift, a negative offset for a JSON, a format it "
			"reads badly): 'merge --format=perfetto' converts them\n", misplaced);
	tm_cli_print_warnings("sync", d);
	return TM_EXIT_OK;
}

int cmd_sync(int argc, char **argv)
{
	static const struct option opts[] = {
		TM_CLOCK_OPTIONS,
		{ "json", no_argument, NULL, 'j' },
		{ "manifest", no_argument, NULL, 'm' },
		{ "plot", required_argument, NULL, 'p' },
		TM_VERBOSITY_OPTIONS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const struct tm_session_opts mode = { .mode = TM_SESSION_MERGE };
	struct tm_cli_clock cc;
	struct tm_session *s;
	struct tm_diag d;
	int c, json = 0, manifest = 0, rc = TM_EXIT_OK;
	const char *plot = NULL;

	memset(&cc, 0, sizeof(cc));
	while ((c = tm_getopt("sync", argc, argv, "qvh", opts)) != -1) {
		if (tm_cli_verbosity_opt(c)) {
			continue;
		} else if (c == 'p') {
			if (tm_usage_output("sync", optarg)) {
				tm_cli_clock_free(&cc);
				return TM_EXIT_USAGE;
			}
			plot = optarg;
		} else if (c == 'j') {
			json = 1;
		} else if (c == 'm') {
			manifest = 1;
		} else if (c == 'h') {
			tm_usage("sync", 0);
			tm_cli_clock_free(&cc);
			return TM_EXIT_OK;
		} else if (c == TM_OPT_BAD || tm_cli_clock_opt("sync", c, optarg, &cc)) {
			tm_cli_clock_free(&cc);
			return TM_EXIT_USAGE;
		}
	}
	if (json && manifest) {
		tm_cli_clock_free(&cc);
		return tm_usage_error("sync", "--json and --manifest print different things: one of them");
	}

	if (optind >= argc || tm_cli_check_inputs("sync", &cc, argv + optind,
						    (size_t)(argc - optind))) {
		tm_cli_clock_free(&cc);
		return optind >= argc ? tm_usage_error("sync", "no input given") : TM_EXIT_USAGE;
	}
	tm_diag_init(&d);
	s = tm_cli_session("sync", &mode, &cc, argv + optind, (size_t)(argc - optind), &d);
	if (s) {
		tm_cli_progress_start("sync");
		rc = tm_session_sync(s) ? -1 : TM_EXIT_OK;
		tm_cli_progress_end();
	}
	if (!s) {
		rc = TM_EXIT_INPUT;
	} else if (rc < 0) {
		rc = tm_cli_session_error("sync", s, &d, tm_cli_verbosity != TM_QUIET);
		/* a refused link is worth seeing too */
		if (plot && rc == TM_EXIT_INPUT)
			write_plot(s, &d, plot);
	} else if (plot && write_plot(s, &d, plot)) {
		rc = TM_EXIT_INPUT;
	} else if (manifest) {
		rc = print_manifest(s, &d);
	} else if (json) {
		char *text = tm_session_report_json(s);
		puts(text ? text : "{\"error\": \"out of memory\"}");
		free(text);
	} else {
		tm_session_print_report(s, stdout);
		tm_cli_print_warnings("sync", &d);
	}
	tm_session_free(s);
	tm_diag_free(&d);
	tm_cli_clock_free(&cc);
	return rc;
}
