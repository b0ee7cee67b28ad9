/* SPDX-License-Identifier: GPL-2.0-or-later */
/* usage.c - every command's usage text, in one place. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define KERNEL_AS_TEXT \
	"  --kernel-as=text|events|both  kernel activity as systemTraceEvents text\n" \
	"                    (default), as trace events in traceEvents (for viewers\n" \
	"                    and scripts that read only traceEvents), or both (viewers\n" \
	"                    that read the text then show kernel activity twice)\n"

#define GZIP_TEXT \
	"  --gzip            write the output gzip-compressed (also stdout, not a\n" \
	"                    terminal); an OUT ending in .gz is written so without it\n"

#define MAX_DECOMPRESSED_TEXT \
	"  --max-decompressed SIZE  refuse compressed data that inflates past\n" \
	"                    SIZE (4G; K, M, G, T); default 100 times its size,\n" \
	"                    at least 1G\n"
#define CLOCK_OPTIONS_TEXT \
	"clock options:\n" \
	"  --clock=kernel|app|INPUT  the output clock: the first kernel trace's\n" \
	"                    (default), the first application trace's, or INPUT's\n" \
	"  --offset INPUT=DURATION   add DURATION (+1.5ms, -20us, 3s, 250ns) to\n" \
	"                    INPUT's timestamps to put them on the output clock\n" \
	"                    (for traces without clock-sync markers; repeatable)\n" \
	"  --same-clock      all inputs were stamped by the same clock\n" \
	"  --max-drift PPM   refuse marker fits implying more drift (default 1000)\n" \
	"  --max-error DURATION  refuse marker links whose error bound is larger\n" \
	"                    (default 100ms)\n" \
	"  --allow-same-input  accept a file given twice (its events twice)\n" \
	"  --machine INPUT=NAME  INPUT was recorded on machine NAME: the clocks it\n" \
	"                    names (CLOCK_MONOTONIC, ...) are that machine's, and a\n" \
	"                    Perfetto manifest puts it there (repeatable)\n" \
	MAX_DECOMPRESSED_TEXT

static const struct {
	const char *cmd;
	const char *text;
} usages[] = {
	{ NULL,
	  "usage: tracemerge COMMAND [OPTIONS] ARGS...\n"
	  "       tracemerge --help | --version\n"
	  "\n"
	  "Read kernel traces (ftrace text, systrace HTML, compressed atrace,\n"
	  "trace-cmd trace.dat, Perfetto protobuf, gzip) and application traces\n"
	  "(Trace Event JSON;\n"
	  "Speed Tracer dumps, Opera Scope profiler Events, W3C Performance\n"
	  "Timeline entries), align their clocks, and write Trace Event JSON that\n"
	  "Perfetto and chrome://tracing open; record kernel traces with\n"
	  "clock-sync markers.\n"
	  "\n"
	  "commands:\n"
	  "  merge  [-o OUT] [CLOCK OPTIONS] INPUT...  align inputs, write one trace\n"
	  "  sync   [--json] [CLOCK OPTIONS] INPUT...  print the clock relation\n"
	  "  import [-o OUT] [--verbatim] INPUT   one input -> Trace Event JSON\n"
	  "  stats  [--json] INPUT...             what is inside an input\n"
	  "  record [-e GROUPS] [-o OUT] [-- CMD...]  capture a kernel trace\n"
	  "  help   [COMMAND]                     this text, or a command's\n"
	  "\n"
	  "options (before COMMAND):\n"
	  "  -h, --help        this text ('tracemerge COMMAND --help': the command's)\n"
	  "  -V, --version     print the version and exit\n"
	  "\n"
	  "Inputs are recognised by content; '-' is stdin.  Exit status: 0 ok,\n"
	  "1 input or processing error, 2 usage error.\n" },
	{ "import",
	  "usage: tracemerge import [-o OUT] [--gzip] [--verbatim] [--kernel-as=text|events|both]\n"
	  "                         INPUT\n"
	  "\n"
	  "Convert one kernel trace to a Trace Event JSON object whose\n"
	  "systemTraceEvents holds the kernel text in canonical ftrace form,\n"
	  "plus process/thread names as metadata (M) events.\n"
	  "\n"
	  "  -o, --output OUT  write OUT (atomically; default stdout, '-' = stdout)\n"
	  GZIP_TEXT
	  "  --verbatim        keep the event lines exactly as read (only the\n"
	  "                    container is undone); no normalisation\n"
	  KERNEL_AS_TEXT
	  "  -q, --quiet       only errors on stderr (no summary, no warnings)\n"
	  "  -v, --verbose     the summary always; every warning's locations\n"
	  "  --progress        a progress line on stderr also when it is no terminal\n"
	  MAX_DECOMPRESSED_TEXT },
	{ "merge",
	  "usage: tracemerge merge [-o OUT] [--gzip] [CLOCK OPTIONS] [--report[=json]] INPUT...\n"
	  "       tracemerge merge --format=perfetto -o OUT.tar|OUT.zip [CLOCK OPTIONS] INPUT...\n"
	  "\n"
	  "Align every input on one clock and write one Trace Event JSON trace:\n"
	  "kernel text in systemTraceEvents, application events in traceEvents,\n"
	  "all timestamps on the output clock.  The clock relation comes from the\n"
	  "clock-sync markers the inputs recorded (trace_event_clock_sync lines,\n"
	  "clock_sync events, parent_ts=, realtime_ts=, clock domains), fitted for\n"
	  "offset and drift; see 'tracemerge sync'.\n"
	  "\n"
	  "  -o, --output OUT  write OUT (atomically; default stdout)\n"
	  "  --format=json|perfetto  json (the default): one Trace Event JSON;\n"
	  "                    perfetto: a Perfetto merge archive, a TAR or ZIP (by\n"
	  "                    OUT's name) of the inputs Perfetto reads well as they\n"
	  "                    are, the others converted onto the output clock, and\n"
	  "                    a perfetto_manifest.json with the solved offsets\n"
	  GZIP_TEXT
	  "  --report[=text|json]  print event counts in and out on stderr (json:\n"
	  "                    one object, for scripts)\n"
	  "  --pid-offset INPUT=N  add N to every pid/tid of INPUT (kernel lines,\n"
	  "                    their pid fields, atrace tgids, JSON pid/tid), for\n"
	  "                    traces from different machines; pid 0 stays 0\n"
	  "  --verbatim        kernel lines exactly as read (their clock must be\n"
	  "                    the output clock; no clock link for Catapult)\n"
	  KERNEL_AS_TEXT
	  "  -q, --quiet       only errors on stderr (no warnings)\n"
	  "  -v, --verbose     the counts, each input's clock relation and every\n"
	  "                    warning's locations on stderr\n"
	  "  --progress        a progress line on stderr also when it is no terminal\n"
	  "\n" CLOCK_OPTIONS_TEXT },
	{ "record",
	  "usage: tracemerge record [-e GROUPS] [-b KB] [-c TRACE_CLOCK] [-t SECONDS] [-o OUT]\n"
	  "                         [-- CMD ARGS...]\n"
	  "\n"
	  "Record the kernel's view (root, tracefs) in a private tracefs instance\n"
	  "while CMD runs (or for SECONDS, or until Ctrl-C), streaming ftrace text\n"
	  "to OUT, with clock-sync handshakes at the start and the end so that\n"
	  "application traces stamped with CLOCK_MONOTONIC, CLOCK_REALTIME or\n"
	  "CLOCK_BOOTTIME merge with it.  CMD finds the instance's trace_marker in\n"
	  "$TRACEMERGE_MARKER (for its atrace and clock_sync markers).\n"
	  "\n"
	  "  -e, --events GROUPS  comma-separated: sched, power, irq, workqueue\n"
	  "                    (atrace-like sets; the default is all four), or any\n"
	  "                    tracefs SYSTEM, SYSTEM/EVENT or SYSTEM:EVENT (names,\n"
	  "                    not patterns); markers always\n"
	  "  -b, --buffer KB   ring buffer per CPU (default 8192)\n"
	  "  -c, --trace-clock CLOCK  the kernel's trace_clock (default mono =\n"
	  "                    CLOCK_MONOTONIC; --clock is its old name)\n"
	  "  -t, --time SECONDS  stop after SECONDS\n"
	  "  -o, --output OUT  default trace.txt; '-' = stdout.  Written beside\n"
	  "                    OUT and renamed into place at the end\n"
	  "  -q, --quiet       only errors on stderr (no progress, no summary)\n"
	  "  -v, --verbose     also the instance, trace clock and events at the start\n"
	  "  --progress        the progress line also when stderr is no terminal\n"
	  "\n"
	  "Ctrl-C (SIGINT, SIGTERM) ends the recording (CMD gets it too and is\n"
	  "waited for); a second one abandons it.  The instance is always removed.\n"
	  "When CMD fails by itself, the trace is kept and the exit status is CMD's,\n"
	  "as a shell gives it (127: no such command; 128+N: ended by signal N).\n" },
	{ "sync",
	  "usage: tracemerge sync [--json|--manifest] [--plot FILE.svg] [CLOCK OPTIONS] INPUT...\n"
	  "\n"
	  "Print how each input's clock maps onto the output clock: offset, drift\n"
	  "(ppm), error bound, and the clock-sync markers used and rejected.\n"
	  "A Trace Event JSON that names no clock domain (metadata.clock-domain,\n"
	  "as Chrome's older traces) and that no marker links is taken to be on\n"
	  "CLOCK_MONOTONIC, Chrome's clock on Linux, when another input links that\n"
	  "clock (parent_ts=, # clock_type=LINUX_CLOCK_MONOTONIC); --offset or\n"
	  "--same-clock say otherwise.\n"
	  "\n"
	  "  --json            machine-readable output (with every marker's residual)\n"
	  "  --manifest        print a Perfetto perfetto_manifest.json relating the\n"
	  "                    inputs, under their names as given, to the output clock\n"
	  "                    (for archives packed by hand; see merge --format=perfetto)\n"
	  "  --plot FILE.svg   draw the marker fits: each marker against the fitted\n"
	  "                    line and its error band, one panel per link\n"
	  "  -q, --quiet       only errors on stderr (no warnings)\n"
	  "  -v, --verbose     every warning's locations\n"
	  "  --progress        a progress line on stderr also when it is no terminal\n"
	  "\n" CLOCK_OPTIONS_TEXT },
	{ "stats",
	  "usage: tracemerge stats [--json] [-q|-v] INPUT...\n"
	  "\n"
	  "Print what each input holds: format, line accounting, events by name,\n"
	  "CPUs, tasks, time span, clock-sync markers, atrace slices, rejected\n"
	  "lines with their first locations.\n"
	  "\n"
	  "  --json            machine-readable output (one JSON object)\n"
	  "  --tasks N         list at most N tasks in text output (default 20)\n"
	  "  -q, --quiet       only errors on stderr\n"
	  "  -v, --verbose     list every task and event name in text output\n"
	  "  --progress        a progress line on stderr also when it is no terminal\n"
	  MAX_DECOMPRESSED_TEXT },
};

void tm_usage(const char *cmd, int to_stderr)
{
	FILE *f = to_stderr ? stderr : stdout;

	for (size_t i = 0; i < sizeof(usages) / sizeof(usages[0]); i++) {
		if ((!cmd && !usages[i].cmd) ||
		    (cmd && usages[i].cmd && strcmp(cmd, usages[i].cmd) == 0)) {
			fputs(usages[i].text, f);
			return;
		}
	}
	fputs(usages[0].text, f);
}

int tm_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "tracemerge%s%s: ", cmd ? " " : "", cmd ? cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'tracemerge %s%s--help'.\n", cmd ? cmd : "", cmd ? " " : "");
	return TM_EXIT_USAGE;
}

int tm_usage_output(const char *cmd, const char *path)
{
	return *path ? 0 : tm_usage_error(cmd, "-o wants a file name ('-': standard output), "
					  "not ''");
}

int tm_usage_gzip_tty(const char *cmd, const char *path, bool gzip)
{
	if (!gzip || (path && strcmp(path, "-")) || !isatty(STDOUT_FILENO))
		return 0;
	return tm_usage_error(cmd, "--gzip: compressed data not written to a terminal "
			      "(give -o FILE, or send it into a pipe)");
}

/* The long options NAME (N bytes, without "--") abbreviates: the exact
 * match alone, else every option it is a prefix of (as getopt_long). */
static size_t long_matches(const struct option *lo, const char *name, size_t n,
			   const struct option **first)
{
	size_t count = 0;

	*first = NULL;
	for (; lo->name; lo++) {
		if (strncmp(lo->name, name, n))
			continue;
		if (!lo->name[n]) {
			*first = lo;
			return 1;
		}
		if (!count++)
			*first = lo;
	}
	return count;
}

/* The usage error for what getopt_long refused (C is '?' or ':', with
 * opterr off and ':' leading the short options). */
static void bad_option(const char *cmd, int c, char **argv, const struct option *lo)
{
	const char *arg = argv[optind - 1], *eq;
	const struct option *o;
	bool is_long = !strncmp(arg, "--", 2);
	size_t n;

	if (c == ':') {            /* optind is past the option in both forms */
		if (is_long)
			tm_usage_error(cmd, "option '%s' requires an argument", arg);
		else
			tm_usage_error(cmd, "option '-%c' requires an argument", optopt);
		return;
	}
	eq = is_long ? strchr(arg, '=') : NULL;
	n = is_long ? (eq ? (size_t)(eq - arg) : strlen(arg)) - 2 : 0;
	if (optopt == 0 && is_long && long_matches(lo, arg + 2, n, &o) > 1) {
		fprintf(stderr, "tracemerge %s: option '%.*s' is ambiguous (", cmd, (int)n + 2, arg);
		for (; lo->name; lo++)
			if (!strncmp(lo->name, arg + 2, n))
				fprintf(stderr, "%s--%s", lo == o ? "" : ", ", lo->name);
		fprintf(stderr, ")\nTry 'tracemerge %s --help'.\n", cmd);
	} else if (optopt == 0 && is_long) {
		tm_usage_error(cmd, "unrecognised option '%.*s'", (int)n + 2, arg);
	} else if (eq && long_matches(lo, arg + 2, n, &o) == 1 &&
		   o->has_arg == no_argument && o->val == optopt) {
		tm_usage_error(cmd, "option '--%s' takes no argument", o->name);
	} else {                   /* a short option, maybe inside "-abc" */
		tm_usage_error(cmd, "unrecognised option '-%c'", optopt);
	}
}

int tm_getopt(const char *cmd, int argc, char **argv, const char *shortopts,
	      const struct option *longopts)
{
	char spec[64];
	int c;

	/* ':' after any '+': a missing argument is told from an unknown option */
	snprintf(spec, sizeof(spec), "%s:%s", shortopts[0] == '+' ? "+" : "",
		 shortopts + (shortopts[0] == '+'));
	opterr = 0;
	c = getopt_long(argc, argv, spec, longopts, NULL);
	if (c != '?' && c != ':')
		return c;
	bad_option(cmd, c, argv, longopts);
	return TM_OPT_BAD;
}
