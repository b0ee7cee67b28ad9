/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracefs_guard.h - for the live tests: remove a tracefs instance when a
 * signal (SIGINT, SIGTERM, SIGHUP) ends the program before its own cleanup
 * runs.  arm_signals() after creating the instance, disarm_signals() before
 * destroying it; set g_marker_fd to the instance's open trace_marker.
 * Include in one translation unit only (it defines static state).
 */
#ifndef TM_TRACEFS_GUARD_H
#define TM_TRACEFS_GUARD_H

#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <tracefs.h>

static char g_inst_dir[PATH_MAX];
static char g_tracing_on[PATH_MAX];
static volatile sig_atomic_t g_armed;
static volatile sig_atomic_t g_marker_fd = -1;
static struct sigaction g_old[3];
static const int g_sigs[3] = { SIGINT, SIGTERM, SIGHUP };

static void on_signal(int sig)
{
	if (g_armed) {
		int fd;
		if (g_marker_fd >= 0)
			close(g_marker_fd);
		fd = open(g_tracing_on, O_WRONLY);
		if (fd >= 0) {
			if (write(fd, "0", 1) < 0) {
				/* nothing more can be done here */
			}
			close(fd);
		}
		rmdir(g_inst_dir);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void arm_signals(struct tracefs_instance *inst)
{
	char *dir = tracefs_instance_get_dir(inst);
	struct sigaction sa;

	if (!dir)
		return;
	snprintf(g_inst_dir, sizeof(g_inst_dir), "%s", dir);
	snprintf(g_tracing_on, sizeof(g_tracing_on), "%s/tracing_on", dir);
	tracefs_put_tracing_file(dir);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < 3; i++)
		sigaction(g_sigs[i], &sa, &g_old[i]);
	g_armed = 1;
}

static void disarm_signals(void)
{
	if (!g_armed)
		return;
	g_armed = 0;
	for (int i = 0; i < 3; i++)
		sigaction(g_sigs[i], &g_old[i], NULL);
}

#endif
