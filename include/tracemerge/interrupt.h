/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * tracemerge/interrupt.h - what SIGINT, SIGTERM and SIGHUP do to a command.
 *
 * Once installed, such a signal removes the temporary files registered
 * here (an output being written beside its destination), prints one line
 * ("PROG CMD: interrupted by SIGINT; out.json.tmpAbC123 removed") and ends
 * the process with status 128 + the signal's number (130 for SIGINT, 143
 * for SIGTERM).  A second signal while that is done ends the process at
 * once (the signal's default action).  A command that stops by itself
 * (record) has the signals only counted (tm_interrupt_defer) and asks for
 * them; its third signal is handled as above.  The handler does nothing
 * but unlink(2), write(2) and _exit(2): names are copied when registered.
 * In a forked child the signals keep their default action.  The outputs
 * the library writes (tm_session_write, the record output) register
 * themselves; a program that installs this gets them removed on a signal.
 */
#ifndef TRACEMERGE_INTERRUPT_H
#define TRACEMERGE_INTERRUPT_H

#include <stdbool.h>

#include "tracemerge/api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Handle SIGINT, SIGTERM and SIGHUP as above in this process; the line
 * starts "PROG CMD: " (CMD may be NULL).  A signal ignored when this is
 * called stays ignored (nohup; background jobs of a script). */
TM_API void tm_interrupt_install(const char *prog, const char *cmd);
/* ON: signals are only counted (tm_interrupt_count), up to two, and all
 * three are handled, also one that was ignored (after install); OFF: the
 * usual handling.  Either way the count starts again from 0. */
TM_API void tm_interrupt_defer(bool on);
/* Signals counted since tm_interrupt_defer(true), and the last one's
 * number (0: none). */
TM_API int tm_interrupt_count(void);
TM_API int tm_interrupt_last(void);

#ifdef __cplusplus
}
#endif

#endif
