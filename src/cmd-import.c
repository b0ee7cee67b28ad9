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
#include "merge.h"
#include "tracemerge/browser.h"

static void print_summary(const struct tm_sync *s, const struct tm_merge_counts *c,
			  const struct tm_diag *d)
{
	const struct tm_kstats *st = &s->src[0].st;

	struct tm_browser_counts bc;

	if (!d->nwarn)
		return;
	if (tm_input_browser_counts(s->src[0].in, &bc))
		fprintf(stderr, "tracemerge import: %s: %llu records, %llu rejected\n",
			s->src[0].path, (unsigned long long)bc.records,
			(unsigned long long)bc.rejected);
	else
		fprintf(stderr, "tracemerge import: %s: %llu events converted, %llu lines rejected\n",
			s->src[0].path, (unsigned long long)(c->kernel_out ? c->kernel_out : c->kernel_events),
			(unsigned long long)st->rejected);
	tm_cli_print_warnings("import", d);
}

int cmd_import(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "verbatim", no_argument, NULL, 'V' },
		{ "kernel-as", required_argument, NULL, 'K' },
		{ "quiet", no_argument, NULL, 'q' },
		TM_INPUT_OPTIONS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct tm_merge_opts mo = { .command = "import" };
	/* what the viewers do: every marker link taken, whatever its error */
	struct tm_sync_opts so = { .assume_same_clock = true, .max_error_ns = INT64_MAX };
	struct tm_merge_counts counts;
	struct tm_sync_hooks hooks;
	const char *outpath = NULL;
	struct tm_sync s;
	struct tm_diag d;
	int c, quiet = 0, rc = TM_EXIT_OK;

	while ((c = tm_getopt("import", argc, argv, "o:qh", opts)) != -1) {
		switch (c) {
		case 'o':
			if (tm_usage_output("import", optarg))
				return TM_EXIT_USAGE;
			outpath = optarg;
			break;
		case 'V': mo.verbatim = true; break;
		case 'K':
			if (tm_kernel_as_parse(optarg, &mo.kernel_as))
				return tm_usage_error("import", "--kernel-as wants text, events or both, "
						      "not '%s'", optarg);
			break;
		case 'q': quiet = 1; break;
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
	if (optind != argc - 1)
		return tm_usage_error("import", optind >= argc ? "no input given" :
				      "exactly one input (use merge for several)");
	tm_diag_init(&d);
	if ((mo.early = tm_merge_early_new(outpath, &mo, 1)))
		hooks = (struct tm_sync_hooks){ .kline = tm_merge_early_line,
						.jevent = tm_merge_early_event,
						.jend = tm_merge_early_json_end, .ctx = mo.early };
	if (tm_sync_load_hooked(&s, argv + optind, 1, &d, mo.early ? &hooks : NULL) ||
	    tm_sync_solve(&s, &so) || tm_merge_write(&s, outpath, &mo, &counts)) {
		fprintf(stderr, "tracemerge import: %s\n", d.error);
		rc = TM_EXIT_INPUT;
	} else if (!quiet) {
		print_summary(&s, &counts, &d);
	}
	tm_merge_early_free(mo.early);
	tm_sync_free(&s);
	tm_diag_free(&d);
	return rc;
}
