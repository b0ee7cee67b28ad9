/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* interrupt.c - temporary files removed on SIGINT/SIGTERM/SIGHUP (interrupt.h). */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "interrupt.h"

#define NSLOTS 8

enum { SLOT_FREE, SLOT_FILLING, SLOT_READY };

static struct {
	int state;                 /* SLOT_*, read and written atomically */
	char name[PATH_MAX];
} slots[NSLOTS];

static char prefix[96];            /* "PROG CMD: " */
static pid_t owner;                /* the process that installed the handler */
static volatile sig_atomic_t deferred, count, last;
static int busy;                   /* the first signal is being handled */

static const int handled[] = { SIGINT, SIGTERM, SIGHUP };
#define NHANDLED (sizeof(handled) / sizeof(handled[0]))

static const char *sig_name(int sig)
{
	return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP";
}

/* Append the string S to BUF (holding *N of SIZE bytes), cut to fit. */
static void put(char *buf, size_t *n, size_t size, const char *s)
{
	size_t k = strlen(s);

	if (k > size - *n)
		k = size - *n;
	memcpy(buf + *n, s, k);
	*n += k;
}

/* The signal's default action, now (async-signal-safe). */
static void die_now(int sig)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigaction(sig, &sa, NULL);
	raise(sig);
	_exit(128 + sig);
}

/* Remove the registered files, say so in one line, exit 128 + SIG. */
static void clean_exit(int sig)
{
	char line[PATH_MAX + 256];
	size_t n = 0;
	int removed = 0;

	put(line, &n, sizeof(line) - 1, prefix);
	put(line, &n, sizeof(line) - 1, "interrupted by ");
	put(line, &n, sizeof(line) - 1, sig_name(sig));
	for (size_t i = 0; i < NSLOTS; i++) {
		if (__atomic_load_n(&slots[i].state, __ATOMIC_ACQUIRE) != SLOT_READY ||
		    unlink(slots[i].name) != 0)
			continue;
		put(line, &n, sizeof(line) - 1, removed++ ? ", " : "; ");
		put(line, &n, sizeof(line) - 1, slots[i].name);
	}
	if (removed)
		put(line, &n, sizeof(line) - 1, " removed");
	line[n++] = '\n';
	(void)!write(STDERR_FILENO, line, n);
	_exit(128 + sig);
}

static void on_signal(int sig)
{
	if (getpid() != owner)
		die_now(sig);           /* a forked child: as if not handled */
	if (deferred && count < 2) {
		last = sig;
		count = count + 1;
		return;
	}
	if (__atomic_exchange_n(&busy, 1, __ATOMIC_ACQ_REL))
		die_now(sig);           /* the second signal: at once */
	clean_exit(sig);
}

/* Handle SIG here; unless FORCE, not when it is ignored (nohup, a
 * background job of a shell without job control). */
static void handle(int sig, bool force)
{
	struct sigaction sa, old;

	if (!force && sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN)
		return;
	memset(&sa, 0, sizeof(sa));
	/* SA_NODEFER: a second signal reaches the handler while it runs; no
	 * SA_RESTART: a deferred signal ends sleeps (record) */
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

void tm_interrupt_install(const char *prog, const char *cmd)
{
	snprintf(prefix, sizeof(prefix), "%s%s%s: ", prog, cmd ? " " : "", cmd ? cmd : "");
	owner = getpid();
	for (size_t i = 0; i < NHANDLED; i++)
		handle(handled[i], false);
}

int tm_interrupt_add(const char *path)
{
	size_t len = strlen(path);

	if (len >= PATH_MAX)
		return -1;
	for (int i = 0; i < NSLOTS; i++) {
		int want = SLOT_FREE;

		if (!__atomic_compare_exchange_n(&slots[i].state, &want, SLOT_FILLING, false,
						 __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			continue;
		memcpy(slots[i].name, path, len + 1);
		__atomic_store_n(&slots[i].state, SLOT_READY, __ATOMIC_RELEASE);
		return i;
	}
	return -1;
}

void tm_interrupt_remove(int id)
{
	if (id >= 0 && id < NSLOTS)
		__atomic_store_n(&slots[id].state, SLOT_FREE, __ATOMIC_RELEASE);
}

void tm_interrupt_defer(bool on)
{
	count = 0;
	last = 0;
	deferred = on;
	if (on && owner == getpid()) {
		for (size_t i = 0; i < NHANDLED; i++)
			handle(handled[i], true);
	}
}

int tm_interrupt_count(void)
{
	return count;
}

int tm_interrupt_last(void)
{
	return last;
}
