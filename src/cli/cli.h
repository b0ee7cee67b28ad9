/* SPDX-License-Identifier: GPL-2.0-or-later */
/* cli.h - the tracemerge command table: one file per command (cmd-*.c). */
#ifndef TM_CLI_H
#define TM_CLI_H

/* Exit codes */
#define TM_EXIT_OK 0
#define TM_EXIT_INPUT 1
#define TM_EXIT_USAGE 2

#include <getopt.h>

#include "tracemerge/session.h"
#include "tracemerge/version.h"

int cmd_import(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_sync(int argc, char **argv);

/* -q / -v, the same on every command: errors only on stderr, or more
 * detail there (every warning's kept locations, what was done). */
enum tm_verbosity { TM_QUIET = -1, TM_NORMAL = 0, TM_VERBOSE = 1 };
extern enum tm_verbosity tm_cli_verbosity;
#define TM_VERBOSITY_OPTIONS \
	{ "quiet", no_argument, NULL, 'q' }, \
	{ "verbose", no_argument, NULL, 'v' }, \
	{ "progress", no_argument, NULL, TM_OPT_PROGRESS }
/* -q, -v or --progress (C): set tm_cli_verbosity or force the progress
 * line; true when C was one of them. */
bool tm_cli_verbosity_opt(int c);

/* The progress line (progress.c): shown on a terminal once the work has
 * run a second, or always with --progress; never with -q. */
void tm_cli_progress_start(const char *cmd);
void tm_cli_progress_end(void);
void tm_cli_progress_force(void);
bool tm_cli_progress_forced(void);

/* Clock options shared by sync and merge (cmd-sync.c). */
enum { TM_OPT_OFFSET = 1000, TM_OPT_SAME_CLOCK, TM_OPT_CLOCK, TM_OPT_MAX_DRIFT,
       TM_OPT_MAX_ERROR, TM_OPT_ALLOW_SAME_INPUT, TM_OPT_MAX_DECOMPRESSED,
       TM_OPT_PROGRESS, TM_OPT_MACHINE };
/* the option of every command that reads inputs */
#define TM_INPUT_OPTIONS \
	{ "max-decompressed", required_argument, NULL, TM_OPT_MAX_DECOMPRESSED }
#define TM_CLOCK_OPTIONS \
	{ "offset", required_argument, NULL, TM_OPT_OFFSET }, \
	{ "same-clock", no_argument, NULL, TM_OPT_SAME_CLOCK }, \
	{ "clock", required_argument, NULL, TM_OPT_CLOCK }, \
	{ "max-drift", required_argument, NULL, TM_OPT_MAX_DRIFT }, \
	{ "max-error", required_argument, NULL, TM_OPT_MAX_ERROR }, \
	{ "allow-same-input", no_argument, NULL, TM_OPT_ALLOW_SAME_INPUT }, \
	{ "machine", required_argument, NULL, TM_OPT_MACHINE }, \
	TM_INPUT_OPTIONS
/* One INPUT=VALUE option: --offset (NS) or --machine (NAME). */
struct tm_cli_offset {
	char *input;                 /* as given on the command line */
	int64_t ns;
	char *name;                  /* --machine: the machine's name */
};
struct tm_cli_clock {
	struct tm_session_opts o;    /* clock, same_clock, max_drift_ppm, max_error_ns */
	struct tm_cli_offset *offsets;
	size_t noffsets;
	struct tm_cli_offset *machines;  /* --machine INPUT=NAME */
	size_t nmachines;
	bool allow_same_input;       /* --allow-same-input: a file given twice */
};
/* --max-decompressed SIZE (bytes, or with K, M, G, T: powers of 1024): 0, or
 * TM_EXIT_USAGE after printing the error. */
int tm_cli_decompress_opt(const char *cmd, const char *arg);
/* Handle one clock option; 0, or TM_EXIT_USAGE after printing the error. */
int tm_cli_clock_opt(const char *cmd, int c, const char *arg, struct tm_cli_clock *cc);
void tm_cli_clock_free(struct tm_cli_clock *cc);
/* Is NAME one of the N INPUTS, exactly as given? */
bool tm_cli_is_input(const char *name, char *const *inputs, size_t n);
/* The names the clock options give (--clock, --offset INPUT=, --machine
 * INPUT=) are inputs, no input has two offsets or two machines, and no file is given twice (by device and
 * inode; '-' never, unless --allow-same-input for files): 0, or
 * TM_EXIT_USAGE after the error. */
int tm_cli_check_inputs(const char *cmd, const struct tm_cli_clock *cc, char *const *inputs,
			size_t n);
/* D's warnings on stderr, one line each (the first location; with -v every
 * kept one); nothing with -q. */
void tm_cli_print_warnings(const char *cmd, const struct tm_diag *d);
/* Print the error D holds after session S failed: a usage error when the
 * clock options asked what the inputs cannot give
 * (tm_session_failed_on_options); else, with WARNINGS, the warnings first
 * (they often say why).  Returns the exit status, TM_EXIT_USAGE or
 * TM_EXIT_INPUT. */
int tm_cli_session_error(const char *cmd, const struct tm_session *s, const struct tm_diag *d,
			 bool warnings);
/* A session of MODE for the N INPUTS with the clock options CC (NULL:
 * none) and O's mode, verbatim, kernel_as and gzip, the tuning of the
 * environment (main.c); NULL after printing the error. */
struct tm_session *tm_cli_session(const char *cmd, const struct tm_session_opts *o,
				  const struct tm_cli_clock *cc, char *const *inputs, size_t n,
				  struct tm_diag *d);

/* usage.c: usage text of one command (NULL: the overview) to stdout/stderr */
void tm_usage(const char *cmd, int to_stderr);
/* Print the one usage error "tracemerge CMD: MESSAGE" and the hint line
 * "Try 'tracemerge CMD --help'." (CMD NULL: the tool itself) on stderr;
 * returns TM_EXIT_USAGE. */
int tm_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* -o PATH: 0, or TM_EXIT_USAGE after the error for an empty PATH (found
 * before any work, not at the rename after it). */
int tm_usage_output(const char *cmd, const char *path);
/* --gzip (GZIP) with the output PATH (NULL or "-": standard output) on a
 * terminal: TM_EXIT_USAGE after the error, as gzip does; else 0. */
int tm_usage_gzip_tty(const char *cmd, const char *path, bool gzip);
/* getopt_long for command CMD, with getopt's own messages off: an unknown
 * or ambiguous option, a missing argument or an argument given to an option
 * that takes none is reported by tm_usage_error() and returns TM_OPT_BAD
 * (the caller frees what it holds and exits TM_EXIT_USAGE).  Otherwise as
 * getopt_long: the option's value, or -1 after the last option. */
#define TM_OPT_BAD (-2)
int tm_getopt(const char *cmd, int argc, char **argv, const char *shortopts,
	      const struct option *longopts);

#define TM_VERSION TRACEMERGE_VERSION_STRING

#endif
