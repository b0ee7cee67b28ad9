/*
 * cmd-merge.c - `tracemerge merge`: align every input on one clock and write
 * one Trace Event JSON trace (see merge.h for what it holds).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "merge.h"

static void print_counts(const struct tm_merge_counts *c)
{
	fprintf(stderr,
		"tracemerge merge: kernel events: %llu in, %llu written, %llu clock-sync markers moved\n"
		"tracemerge merge: JSON events: %llu in, %llu written, %llu clock-sync events moved, %llu dropped\n"
		"tracemerge merge: added %llu name events%s\n",
		(unsigned long long)c->kernel_in, (unsigned long long)c->kernel_out,
		(unsigned long long)c->kernel_sync, (unsigned long long)c->json_in,
		(unsigned long long)c->json_out, (unsigned long long)c->json_sync,
		(unsigned long long)c->json_rejected, (unsigned long long)c->names,
		c->link ? " and the clock link" : "");
}

int cmd_merge(int argc, char **argv)
{
	static const struct option opts[] = {
		TM_CLOCK_OPTIONS,
		{ "output", required_argument, NULL, 'o' },
		{ "verbatim", no_argument, NULL, 'V' },
		{ "report", no_argument, NULL, 'r' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct tm_merge_opts mo = { .command = "merge" };
	struct tm_merge_counts counts;
	struct tm_cli_clock cc;
	const char *outpath = NULL;
	struct tm_sync s;
	struct tm_diag d;
	int c, quiet = 0, report = 0, rc = TM_EXIT_OK;

	memset(&cc, 0, sizeof(cc));
	while ((c = getopt_long(argc, argv, "o:qh", opts, NULL)) != -1) {
		switch (c) {
		case 'o': outpath = optarg; break;
		case 'V': mo.verbatim = true; break;
		case 'r': report = 1; break;
		case 'q': quiet = 1; break;
		case 'h':
			tm_usage("merge", 0);
			tm_cli_clock_free(&cc);
			return TM_EXIT_OK;
		default:
			if (c >= TM_OPT_OFFSET && c <= TM_OPT_MAX_DRIFT &&
			    !tm_cli_clock_opt("merge", c, optarg, &cc))
				break;
			tm_cli_clock_free(&cc);
			return c >= TM_OPT_OFFSET && c <= TM_OPT_MAX_DRIFT ? TM_EXIT_USAGE :
			       tm_usage_error("merge", "bad option");
		}
	}
	if (optind >= argc) {
		tm_cli_clock_free(&cc);
		return tm_usage_error("merge", "no input given");
	}
	tm_diag_init(&d);
	if (tm_sync_load(&s, argv + optind, (size_t)(argc - optind), &d) ||
	    tm_sync_solve(&s, &cc.o) || tm_merge_write(&s, outpath, &mo, &counts)) {
		fprintf(stderr, "tracemerge merge: %s\n", d.error);
		rc = TM_EXIT_INPUT;
	} else {
		if (report)
			print_counts(&counts);
		if (!quiet)
			tm_cli_print_warnings("merge", &d);
	}
	tm_sync_free(&s);
	tm_diag_free(&d);
	tm_cli_clock_free(&cc);
	return rc;
}
