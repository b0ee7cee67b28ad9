/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd-import.c - `tracemerge import`: one input -> Trace Event JSON.
 *
 * The merge writer with a single input: kernel text in canonical form (or
 * verbatim) in systemTraceEvents, the input's JSON events copied byte for
 * byte, process/thread names as M events, metadata naming the source.
 * Clock domains inside the one input (a systrace page's kernel and Chrome
 * blocks) are aligned by their markers; where the input has none, its
 * parts are taken to share one clock, as the viewers do, with a warning.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tracemerge/browser.h"

static void print_summary(const struct tm_session *s, const struct tm_diag *d)
{
	struct tm_browser_counts bc;
	struct tm_session_counts c;

	/* a summary when something is worth saying (warnings), or with -v */
	if ((!d->nwarn && tm_cli_verbosity != TM_VERBOSE) || tm_session_counts(s, &c))
		return;
	if (tm_input_browser_counts(tm_session_input(s, 0), &bc))
		fprintf(stderr, "tracemerge import: %s: %llu records, %llu rejected\n",
			tm_session_input_name(s, 0), (unsigned long long)bc.records,
			(unsigned long long)bc.rejected);
	else
		fprintf(stderr, "tracemerge import: %s: %llu events converted, %llu lines rejected\n",
			tm_session_input_name(s, 0),
			(unsigned long long)(c.kernel_out ? c.kernel_out : c.kernel_events),
			(unsigned long long)c.kernel_rejected);
	tm_cli_print_warnings("import", d);
}

int cmd_import(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "verbatim", no_argument, NULL, 'V' },
		{ "gzip", no_argument, NULL, 'z' },
		{ "kernel-as", required_argument, NULL, 'K' },
		TM_VERBOSITY_OPTIONS,
		TM_INPUT_OPTIONS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct tm_session_opts mo = { .mode = TM_SESSION_IMPORT };
	const char *outpath = NULL;
	struct tm_session *s;
	struct tm_diag d;
	int c, rc = TM_EXIT_OK;

	while ((c = tm_getopt("import", argc, argv, "o:qvh", opts)) != -1) {
		if (tm_cli_verbosity_opt(c))
			continue;
		switch (c) {
		case 'o':
			if (tm_usage_output("import", optarg))
				return TM_EXIT_USAGE;
			outpath = optarg;
			break;
		case 'V': mo.verbatim = true; break;
		case 'z': mo.gzip = true; break;
		case 'K':
			if (tm_kernel_as_parse(optarg, &mo.kernel_as))
				return tm_usage_error("import", "--kernel-as wants text, events or both, "
						      "not '%s'", optarg);
			break;
		case 'h': tm_usage("import", 0); return TM_EXIT_OK;
		case TM_OPT_MAX_DECOMPRESSED:
			if (tm_cli_decompress_opt("import", optarg))
				return TM_EXIT_USAGE;
			break;
		default: return TM_EXIT_USAGE;      /* TM_OPT_BAD: told */
		}
	}
	if (mo.verbatim && mo.kernel_as == TM_KERNEL_EVENTS)
		return tm_usage_error("import", "--verbatim keeps kernel text: not with --kernel-as=events");
	if (tm_usage_gzip_tty("import", outpath, mo.gzip))
		return TM_EXIT_USAGE;
	if (optind != argc - 1)
		return tm_usage_error("import", optind >= argc ? "no input given" :
				      "exactly one input (use merge for several)");
	tm_diag_init(&d);
	s = tm_cli_session("import", &mo, NULL, argv + optind, 1, &d);
	if (!s) {
		rc = TM_EXIT_INPUT;
	} else {
		tm_cli_progress_start("import");
		rc = tm_session_write(s, outpath) ? TM_EXIT_INPUT : TM_EXIT_OK;
		tm_cli_progress_end();
		if (rc)
			fprintf(stderr, "tracemerge import: %s\n", d.error);
		else if (tm_cli_verbosity != TM_QUIET)
			print_summary(s, &d);
	}
	tm_session_free(s);
	tm_diag_free(&d);
	return rc;
}
