/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * pid-map.h - move an input's process and thread ids by a fixed amount
 * (`merge --pid-offset`), so that traces from different machines do not
 * share processes.  pid 0 (the idle task) and unknown ids (-1) stay.
 */
#ifndef TM_PIDMAP_H
#define TM_PIDMAP_H

#include <stdint.h>

#include "buf.h"
#include "tracemerge/ftrace.h"

/* ID moved by OFF (0 and negative ids unchanged; saturates at INT32_MAX). */
int32_t tm_pid_move(int32_t id, int64_t off);

/* Append EV's details with every pid in them moved by OFF: the key=value
 * pids of kernel events (pid=, prev_pid=, next_pid=, tgid=, parent_pid=,
 * child_pid=) and the tgid field of atrace marker payloads ("B|<tgid>|..."). */
void tm_pid_details(struct tm_buf *b, const struct tm_ftrace_event *ev, int64_t off);

#endif
