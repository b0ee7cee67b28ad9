/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd-merge.c - `tracemerge merge`: align every input on one clock and write
 * one Trace Event JSON trace (see merge.h for what it holds).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct pid_offset {
	char *input;
	int64_t n;
};

/* "INPUT=N", N a non-negative integer below 2^31. */
static int parse_pid_offset(const char *arg, struct pid_offset **v, size_t *n)
{
	const char *eq = strrchr(arg, '=');
	struct pid_offset *nv;
	char *end;
	long long x;

	if (!eq || eq == arg || !eq[1])
		return -1;
	x = strtoll(eq + 1, &end, 10);
	if (*end || x < 0 || x > INT32_MAX || eq[1] == '-' || eq[1] == '+')
		return -1;
	if (!(nv = realloc(*v, (*n + 1) * sizeof(*nv))))
		return -1;
	*v = nv;
	nv[*n].input = strndup(arg, (size_t)(eq - arg));
	nv[*n].n = x;
	if (!nv[*n].input)
		return -1;
	(*n)++;
	return 0;
}

static void free_pids(struct pid_offset *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i].input);
	free(v);
}

/* The options together and the N INPUTS: 0, or TM_EXIT_USAGE after the error. */
static int check_args(const struct tm_session_opts *mo, const struct pid_offset *pids,
		      size_t npids, const struct tm_cli_clock *cc, char *const *inputs, size_t n)
{
	if (!n)
		return tm_usage_error("merge", "no input given");
	if (mo->verbatim && npids)
		return tm_usage_error("merge", "--pid-offset cannot keep lines verbatim");
	if (mo->verbatim && mo->kernel_as == TM_KERNEL_EVENTS)
		return tm_usage_error("merge", "--verbatim keeps kernel text: not with "
				      "--kernel-as=events");
	for (size_t k = 0; k < npids; k++) {
		if (!tm_cli_is_input(pids[k].input, inputs, n))
			return tm_usage_error("merge", "--pid-offset %s: not one of the inputs",
					      pids[k].input);
		for (size_t j = 0; j < k; j++)
			if (!strcmp(pids[k].input, pids[j].input))
				return tm_usage_error("merge", "--pid-offset %s: given twice",
						      pids[k].input);
	}
	return tm_cli_check_inputs("merge", cc, inputs, n);
}

/* --format=perfetto: OUT names a .tar or .zip, and neither REPORT (the
 * JSON output's counts) nor GZIP (the archive's members are read as they
 * are) is asked.  0, or TM_EXIT_USAGE after the error. */
static int check_archive(const char *out, int report, bool gzip)
{
	if (tm_archive_kind(out) == TM_ARCHIVE_NONE)
		return tm_usage_error("merge", "--format=perfetto writes -o OUT.tar or -o OUT.zip%s%s",
				      out ? ", not " : "", out ? out : "");
	if (report)
		return tm_usage_error("merge", "--report counts the events of the JSON output: "
				      "not with --format=perfetto");
	if (gzip)
		return tm_usage_error("merge", "--gzip compresses the JSON output: "
				      "not with --format=perfetto");
	return 0;
}

/* The counts as one JSON object on stderr (--report=json), the numbers of
 * print_counts under the names of struct tm_session_counts. */
static void print_counts_json(const struct tm_session_counts *c)
{
	fprintf(stderr, "{\"kernel_in\": %llu, \"kernel_out\": %llu, \"kernel_sync\": %llu, "
		"\"kernel_rejected\": %llu, \"unconverted\": %llu, \"json_in\": %llu, "
		"\"json_out\": %llu, \"json_sync\": %llu, \"json_rejected\": %llu, "
		"\"kernel_events\": %llu, \"kernel_objects\": %llu, \"names\": %llu, "
		"\"link\": %s}\n",
		(unsigned long long)c->kernel_in, (unsigned long long)c->kernel_out,
		(unsigned long long)c->kernel_sync, (unsigned long long)c->kernel_rejected,
		(unsigned long long)c->unconverted, (unsigned long long)c->json_in,
		(unsigned long long)c->json_out, (unsigned long long)c->json_sync,
		(unsigned long long)c->json_rejected, (unsigned long long)c->kernel_events,
		(unsigned long long)c->kernel_objects, (unsigned long long)c->names,
		c->link ? "true" : "false");
}

/* -v: how each part of each input was put on the output clock. */
static void print_parts(const struct tm_session *s)
{
	for (size_t i = 0; i < tm_session_ninputs(s); i++)
		for (size_t k = 0; k < tm_session_nparts(s, i); k++) {
			struct tm_session_part p;
			if (tm_session_part(s, i, k, &p))
				continue;
			fprintf(stderr, "tracemerge merge: %s, %s part, clock %s: ",
				tm_safe_str(tm_session_input_name(s, i)), p.kernel ? "kernel" : "json",
				tm_safe_str(p.domain));
			if (p.is_output_clock)
				fprintf(stderr, "the output clock\n");
			else
				fprintf(stderr, "%+lld ns at %lld, %+.3f ppm, error %lld ns, from %s\n",
					(long long)(p.to_output.y0 - p.to_output.x0),
					(long long)p.to_output.x0,
					(double)p.to_output.rate_fs / TM_CLOCK_PPM,
					(long long)p.err_ns, p.how);
		}
}

static void print_counts(const struct tm_session_counts *c)
{
	fprintf(stderr,
		"tracemerge merge: kernel events: %llu in, %llu written, %llu clock-sync markers moved\n"
		"tracemerge merge: JSON events: %llu in, %llu written, %llu clock-sync events moved, %llu dropped\n",
		(unsigned long long)c->kernel_in, (unsigned long long)c->kernel_out,
		(unsigned long long)c->kernel_sync, (unsigned long long)c->json_in,
		(unsigned long long)c->json_out, (unsigned long long)c->json_sync,
		(unsigned long long)c->json_rejected);
	if (c->kernel_events || c->kernel_objects)   /* --kernel-as=events|both */
		fprintf(stderr, "tracemerge merge: kernel events converted to trace events: %llu "
			"(%llu objects)\n", (unsigned long long)c->kernel_events,
			(unsigned long long)c->kernel_objects);
	fprintf(stderr, "tracemerge merge: added %llu name events%s\n",
		(unsigned long long)c->names, c->link ? " and the clock link" : "");
}

/* Each --pid-offset to the input it names (the first of that name). */
static int set_pid_offsets(struct tm_session *s, const struct pid_offset *v, size_t n)
{
	for (size_t k = 0; k < n; k++)
		for (size_t i = 0; i < tm_session_ninputs(s); i++)
			if (!strcmp(tm_session_input_name(s, i), v[k].input)) {
				if (tm_session_set_pid_offset(s, i, v[k].n))
					return -1;
				break;
			}
	return 0;
}

int cmd_merge(int argc, char **argv)
{
	static const struct option opts[] = {
		TM_CLOCK_OPTIONS,
		{ "output", required_argument, NULL, 'o' },
		{ "verbatim", no_argument, NULL, 'V' },
		{ "gzip", no_argument, NULL, 'z' },
		{ "kernel-as", required_argument, NULL, 'K' },
		{ "report", optional_argument, NULL, 'r' },
		{ "format", required_argument, NULL, 'F' },
		{ "pid-offset", required_argument, NULL, 'P' },
		TM_VERBOSITY_OPTIONS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct tm_session_opts mo = { .mode = TM_SESSION_MERGE };
	struct tm_session_counts counts;
	struct tm_cli_clock cc;
	const char *outpath = NULL;
	struct tm_session *s;
	struct tm_diag d;
	int c, report = 0, rc = TM_EXIT_OK;     /* report: 1 text, 2 json */
	bool perfetto = false;
	struct pid_offset *pids = NULL;
	size_t npids = 0;

	memset(&cc, 0, sizeof(cc));
	while ((c = tm_getopt("merge", argc, argv, "o:qvh", opts)) != -1) {
		if (tm_cli_verbosity_opt(c))
			continue;
		switch (c) {
		case 'o': outpath = optarg; break;
		case 'V': mo.verbatim = true; break;
		case 'z': mo.gzip = true; break;
		case 'K':
			if (!tm_kernel_as_parse(optarg, &mo.kernel_as))
				break;
			free_pids(pids, npids);
			tm_cli_clock_free(&cc);
			return tm_usage_error("merge", "--kernel-as wants text, events or both, "
					      "not '%s'", optarg);
		case 'r':
			if (!optarg || !strcmp(optarg, "text")) {
				report = 1;
				break;
			}
			if (!strcmp(optarg, "json")) {
				report = 2;
				break;
			}
			free_pids(pids, npids);
			tm_cli_clock_free(&cc);
			return tm_usage_error("merge", "--report wants text or json, not '%s'", optarg);
		case 'F':
			if (!strcmp(optarg, "json") || !strcmp(optarg, "perfetto")) {
				perfetto = !strcmp(optarg, "perfetto");
				break;
			}
			free_pids(pids, npids);
			tm_cli_clock_free(&cc);
			return tm_usage_error("merge", "--format wants json or perfetto, not '%s'",
					      optarg);
		case 'P':
			if (parse_pid_offset(optarg, &pids, &npids)) {
				free_pids(pids, npids);
				tm_cli_clock_free(&cc);
				return tm_usage_error("merge", "--pid-offset wants INPUT=N "
						      "(N from 0 to 2147483647), not '%s'", optarg);
			}
			break;
		case 'h':
			tm_usage("merge", 0);
			tm_cli_clock_free(&cc);
			return TM_EXIT_OK;
		default:    /* a clock option, or TM_OPT_BAD (told) */
			if (c != TM_OPT_BAD && !tm_cli_clock_opt("merge", c, optarg, &cc))
				break;
			free_pids(pids, npids);
			tm_cli_clock_free(&cc);
			return TM_EXIT_USAGE;
		}
	}
	if ((outpath && tm_usage_output("merge", outpath)) ||
	    tm_usage_gzip_tty("merge", outpath, mo.gzip) ||
	    (perfetto && check_archive(outpath, report, mo.gzip)) ||
	    check_args(&mo, pids, npids, &cc, argv + optind, (size_t)(argc - optind))) {
		free_pids(pids, npids);
		tm_cli_clock_free(&cc);
		return TM_EXIT_USAGE;
	}
	tm_diag_init(&d);
	s = tm_cli_session("merge", &mo, &cc, argv + optind, (size_t)(argc - optind), &d);
	if (s && !set_pid_offsets(s, pids, npids)) {
		tm_cli_progress_start("merge");
		if (perfetto)
			rc = tm_session_write_archive(s, outpath) ? -1 : TM_EXIT_OK;
		else
			rc = tm_session_write(s, outpath) || tm_session_counts(s, &counts)
			     ? -1 : TM_EXIT_OK;
		tm_cli_progress_end();
	} else if (s) {
		rc = -1;
	}
	if (!s) {
		rc = TM_EXIT_INPUT;
	} else if (rc < 0) {
		rc = tm_cli_session_error("merge", s, &d, tm_cli_verbosity != TM_QUIET);
	} else if (perfetto) {
		if (tm_cli_verbosity == TM_VERBOSE)
			print_parts(s);
		tm_cli_print_warnings("merge", &d);
	} else {
		if (report == 2)
			print_counts_json(&counts);
		else if (report || tm_cli_verbosity == TM_VERBOSE)
			print_counts(&counts);
		if (tm_cli_verbosity == TM_VERBOSE)
			print_parts(s);
		tm_cli_print_warnings("merge", &d);
	}
	tm_session_free(s);
	tm_diag_free(&d);
	tm_cli_clock_free(&cc);
	free_pids(pids, npids);
	return rc;
}
