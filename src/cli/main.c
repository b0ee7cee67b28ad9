/* SPDX-License-Identifier: GPL-2.0-or-later */
/* main.c - tracemerge command dispatch. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "tracemerge/interrupt.h"

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
} commands[] = {
	{ "import", cmd_import },
	{ "merge", cmd_merge },
	{ "record", cmd_record },
	{ "stats", cmd_stats },
	{ "sync", cmd_sync },
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

/* Is environment variable NAME set to something but "" and "0"? */
static bool env_on(const char *name)
{
	const char *v = getenv(name);

	return v && *v && strcmp(v, "0") != 0;
}

/* The library's tuning from the environment (the only place it is read):
 * TM_REFERENCE (the plain paths, no shortcut: what tests and `make bench`
 * compare with), TM_THREADS=1 (no helper threads), TM_KEEP_CACHE (leave
 * the output in the page cache). */
static void tune_from_env(void)
{
	const char *n = getenv("TM_THREADS");
	struct tm_tuning t = {
		.reference = env_on("TM_REFERENCE"),
		.keep_cache = env_on("TM_KEEP_CACHE"),
		.threads = n && strcmp(n, "1") == 0 ? 1 : 0,
	};

	tm_tuning_set(&t);
}

/* The index of command NAME in commands[], or NCOMMANDS. */
static size_t find_command(const char *name)
{
	size_t i;

	for (i = 0; i < NCOMMANDS && strcmp(name, commands[i].name); i++)
		;
	return i;
}

/* `tracemerge help [COMMAND]`: the overview, or COMMAND's usage. */
static int help(const char *cmd)
{
	if (cmd && find_command(cmd) == NCOMMANDS)
		return tm_usage_error(NULL, "no help for '%s': not a command", cmd);
	tm_usage(cmd, 0);
	return TM_EXIT_OK;
}

/* Flushes standard output, where every command but merge and import
 * writes through stdio, and reports an error writing it (a full disk, a
 * closed descriptor, /dev/full) as merge -o - does for its own writes.
 * Returns RC, or TM_EXIT_INPUT when RC was TM_EXIT_OK and standard output
 * could not be written. */
static int finish_stdout(const char *cmd, int rc)
{
	int err;

	errno = 0;
	if (fflush(stdout) != EOF && !ferror(stdout))
		return rc;
	err = errno ? errno : EIO;
	fprintf(stderr, "tracemerge%s%s: stdout: write error: %s\n",
		cmd ? " " : "", cmd ? cmd : "", strerror(err));
	return rc == TM_EXIT_OK ? TM_EXIT_INPUT : rc;
}

static int run(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;
	size_t i;

	if (!cmd) {
		tm_usage(NULL, 1);
		return TM_EXIT_USAGE;
	}
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help"))
		return help(NULL);
	if (!strcmp(cmd, "help"))
		return help(argc > 2 ? argv[2] : NULL);
	if (!strcmp(cmd, "-V") || !strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
		printf("tracemerge %s\n", TM_VERSION);
		return TM_EXIT_OK;
	}
	if ((i = find_command(cmd)) < NCOMMANDS) {
		/* a signal removes the output's temporary file (interrupt.h) */
		tm_interrupt_install("tracemerge", cmd);
		tune_from_env();
		return commands[i].fn(argc - 1, argv + 1);
	}
	if (cmd[0] == '-' && cmd[1])
		return tm_usage_error(NULL, "unrecognised option '%s'", cmd);
	return tm_usage_error(NULL, "unknown command '%s'", cmd);
}

/* Options go after the command (git's way): before it, only -h/--help and
 * -V/--version; --version is not a command's option. */
int main(int argc, char **argv)
{
	const char *cmd = argc > 1 && find_command(argv[1]) < NCOMMANDS ? argv[1] : NULL;

	return finish_stdout(cmd, run(argc, argv));
}
