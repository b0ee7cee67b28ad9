/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * interrupt.h - what SIGINT, SIGTERM and SIGHUP do to a command.
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
 * In a forked child the signals keep their default action.
 */
#ifndef TM_INTERRUPT_H
#define TM_INTERRUPT_H

#include <stdbool.h>

/* Handle SIGINT, SIGTERM and SIGHUP as above in this process; the line
 * starts "PROG CMD: " (CMD may be NULL).  A signal ignored when this is
 * called stays ignored (nohup; background jobs of a script). */
void tm_interrupt_install(const char *prog, const char *cmd);
/* Remove PATH if a signal comes.  Returns the registration's number for
 * tm_interrupt_remove, or -1 when it cannot be kept (every slot taken, a
 * name longer than PATH_MAX): then PATH is not removed. */
int tm_interrupt_add(const char *path);
/* Forget registration ID (-1: nothing). */
void tm_interrupt_remove(int id);
/* ON: signals are only counted (tm_interrupt_count), up to two, and all
 * three are handled, also one that was ignored (after install); OFF: the
 * usual handling.  Either way the count starts again from 0. */
void tm_interrupt_defer(bool on);
/* Signals counted since tm_interrupt_defer(true), and the last one's
 * number (0: none). */
int tm_interrupt_count(void);
int tm_interrupt_last(void);

#endif
