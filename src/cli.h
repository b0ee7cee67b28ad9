/* cli.h - the tracemerge command table: one file per command (cmd-*.c). */
#ifndef TM_CLI_H
#define TM_CLI_H

/* Exit codes */
#define TM_EXIT_OK 0
#define TM_EXIT_INPUT 1
#define TM_EXIT_USAGE 2

int cmd_import(int argc, char **argv);
int cmd_stats(int argc, char **argv);

/* usage.c: usage text of one command (NULL: the overview) to stdout/stderr */
void tm_usage(const char *cmd, int to_stderr);
int tm_usage_error(const char *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#define TM_VERSION "0.1.0"

#endif
