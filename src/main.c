/* SPDX-License-Identifier: GPL-2.0-or-later */
/* main.c - tracemerge command dispatch. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

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

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;

	if (!cmd) {
		tm_usage(NULL, 1);
		return TM_EXIT_USAGE;
	}
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
		tm_usage(argc > 2 && !strcmp(cmd, "help") ? argv[2] : NULL, 0);
		return TM_EXIT_OK;
	}
	if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
		printf("tracemerge %s\n", TM_VERSION);
		return TM_EXIT_OK;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(cmd, commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	return tm_usage_error(NULL, "unknown command '%s'", cmd);
}
