/*
 * ftrace-general.h - the ftrace line parser without its shortcut for the
 * kernel's exact layout: the general search for the CPU column.  For tests
 * and the fuzz target, which check that both read every line alike.
 */
#ifndef TM_FTRACE_GENERAL_H
#define TM_FTRACE_GENERAL_H

#include "tracemerge/ftrace.h"

/* As tm_ftrace_parse_event(), always by the general search. */
int tm_ftrace_parse_event_general(const char *line, size_t len, int flag_width,
				  bool tracecmd, struct tm_ftrace_event *ev);

#endif
