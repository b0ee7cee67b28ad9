/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd-record.c - `tracemerge record`: capture a kernel trace in a private
 * tracefs instance while a command runs (or for SECONDS, or until Ctrl-C),
 * with clock-sync handshakes at both ends, streamed as kernel text.
 *
 * The engine is record.c, the output file record-out.c.  Signals are only
 * counted (interrupt.h, deferred): the first SIGINT/SIGTERM/SIGHUP ends
 * the recording normally (the command gets the signal too, and is waited
 * for), a second one aborts (the command is killed, the output removed), a
 * third one ends the process at once (the temporary file removed).  Every
 * path but the last turns tracing off and removes the instance.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "tracemerge/interrupt.h"
#include "tracemerge/record.h"
#include "tracemerge/ts.h"

#define NCLOCKS_MAX 3

/* SIGINT/SIGTERM/SIGHUP only counted (their handler ends sleeps at
 * once); a write to a closed pipe is an error, not the end. */
static void catch_signals(void)
{
	tm_interrupt_defer(true);
	signal(SIGPIPE, SIG_IGN);
}

static void default_signals(void)
{
	tm_interrupt_defer(false);
	signal(SIGPIPE, SIG_DFL);
}

struct rec_cli {
	struct tm_rec_opts o;
	const char *out;
	int64_t secs_ns;             /* -t; 0: none */
	int64_t deadline;            /* CLOCK_MONOTONIC ns; 0: none */
	char **cmd;
	struct tm_rec *rec;
	struct tm_rec_out *file;
	pid_t child;
	bool child_done;
	bool stopped_child;          /* the recording's end stopped the command */
	int child_status;
	int clocks[NCLOCKS_MAX];          /* clockid_t values */
	size_t nclocks;
	struct tm_clock_sync start[NCLOCKS_MAX], end[NCLOCKS_MAX];
	bool progress;
	int64_t next_progress;
	char err[512];
};

static int64_t mono_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static void nap(long ms)
{
	struct timespec t = { .tv_sec = 0, .tv_nsec = ms * 1000000L };

	nanosleep(&t, NULL);     /* a signal ends it early: that is wanted */
}

static int parse_args(struct rec_cli *c, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "events", required_argument, NULL, 'e' },
		{ "buffer", required_argument, NULL, 'b' },
		{ "trace-clock", required_argument, NULL, 'c' },
		{ "clock", required_argument, NULL, 'C' },     /* the old name */
		{ "time", required_argument, NULL, 't' },
		{ "output", required_argument, NULL, 'o' },
		TM_VERBOSITY_OPTIONS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int opt, digits;
	char *end;

	c->out = "trace.txt";
	while ((opt = tm_getopt("record", argc, argv, "+e:b:c:t:o:qvh", opts)) != -1) {
		if (tm_cli_verbosity_opt(opt))
			continue;
		switch (opt) {
		case 'e':
			if (tm_rec_check_events(optarg, c->err, sizeof(c->err)))
				return tm_usage_error("record", "%s", c->err);
			c->o.groups = optarg;
			break;
		case 'b':
			errno = 0;
			c->o.buffer_kb = strtoul(optarg, &end, 10);
			if (errno || *end || !c->o.buffer_kb || optarg[0] == '-')
				return tm_usage_error("record", "--buffer wants a number of KB per "
						      "CPU (1 or more), not '%s'", optarg);
			break;
		case 'C':
			/* --clock of merge and sync is the output clock: this one
			 * is the kernel's trace clock, now --trace-clock */
			fprintf(stderr, "tracemerge record: warning: --clock is now --trace-clock "
				"(-c); --clock will go in the next release\n");
			/* fall through */
		case 'c':
			c->o.clock = optarg;
			break;
		case 't':
			if (tm_ts_parse_secs(optarg, strlen(optarg), &c->secs_ns, &digits) ||
			    c->secs_ns <= 0)
				return tm_usage_error("record", "--time wants a number of seconds "
						      "above 0 (e.g. 2.5), not '%s'", optarg);
			break;
		case 'o':
			if (tm_usage_output("record", optarg))
				return TM_EXIT_USAGE;
			c->out = optarg;
			break;
		case 'h':
			tm_usage("record", 0);
			return -1;
		default:
			return TM_EXIT_USAGE;   /* TM_OPT_BAD: told */
		}
	}
	if (optind < argc)
		c->cmd = argv + optind;
	return 0;
}

/* The clocks whose issuer records make application traces stamped with
 * them mergeable; the trace clock itself is named by clock_type instead. */
static void pick_clocks(struct rec_cli *c)
{
	const char *tc = tm_rec_clock(c->rec);

	if (strcmp(tc, "mono"))
		c->clocks[c->nclocks++] = CLOCK_MONOTONIC;
	c->clocks[c->nclocks++] = CLOCK_REALTIME;
	c->clocks[c->nclocks++] = CLOCK_BOOTTIME;
}

static int start_child(struct rec_cli *c)
{
	c->child = fork();
	if (c->child < 0) {
		snprintf(c->err, sizeof(c->err), "cannot fork: %s", strerror(errno));
		return -1;
	}
	if (c->child == 0) {
		signal(SIGPIPE, SIG_DFL);  /* (exec gives the handled ones theirs) */
		/* the trace goes to stdout: the command's output must not */
		if (!strcmp(c->out, "-"))
			dup2(STDERR_FILENO, STDOUT_FILENO);
		setenv(TM_MARKER_ENV, tm_rec_marker_path(c->rec), 1);
		execvp(c->cmd[0], c->cmd);
		/* as a shell: 127 when there is no such command, 126 otherwise */
		fprintf(stderr, "tracemerge record: %s: %s\n", c->cmd[0], strerror(errno));
		_exit(errno == ENOENT || errno == ENOTDIR ? 127 : 126);
	}
	return 0;
}

static void reap(struct rec_cli *c)
{
	if (c->child > 0 && !c->child_done &&
	    waitpid(c->child, &c->child_status, WNOHANG) == c->child)
		c->child_done = true;
}

static void show_progress(struct rec_cli *c, bool last)
{
	struct tm_rec_counts n;
	int64_t now = mono_now();

	if (!c->progress || (!last && now < c->next_progress))
		return;
	c->next_progress = now + 500000000;
	tm_rec_counts(c->rec, &n);
	fprintf(stderr, "\rtracemerge record: %llu events, %.1f MB, %llu lost%s",
		(unsigned long long)n.events, (double)n.bytes / 1e6,
		(unsigned long long)n.lost, last ? "\n" : "");
}

static int drain(struct rec_cli *c)
{
	if (tm_rec_drain(c->rec, tm_rec_out_write, c->file)) {
		snprintf(c->err, sizeof(c->err), "%s: %s", c->out,
			 errno ? strerror(errno) : "reading the ring buffer failed");
		return -1;
	}
	show_progress(c, false);
	return 0;
}

/* Asked during long drains: false once a signal came, the time is up or
 * the command ended. */
static int keep_going(void *arg)
{
	struct rec_cli *c = arg;

	if (tm_interrupt_count() || (c->deadline && mono_now() >= c->deadline))
		return 0;
	reap(c);
	return !(c->child > 0 && c->child_done);
}

/* Record until the command ends, the time is up or a signal comes.
 * Returns 0, -1 on error, 1 when aborted by a second signal. */
static int record_loop(struct rec_cli *c)
{
	bool stopping = false;

	c->deadline = c->secs_ns ? mono_now() + c->secs_ns : 0;
	tm_rec_set_keep_going(c->rec, keep_going, c);
	for (;;) {
		if (drain(c))
			return -1;
		reap(c);
		if (c->child > 0 && c->child_done)
			return 0;
		if (tm_interrupt_count() > 1)
			return 1;
		if (!stopping && (tm_interrupt_count() ||
				  (c->deadline && mono_now() >= c->deadline))) {
			if (c->child <= 0)
				return 0;
			/* the command ends first, so that its last markers land */
			kill(c->child, tm_interrupt_count() ? tm_interrupt_last() : SIGTERM);
			stopping = c->stopped_child = true;
		}
		nap(100);
	}
}

static void summary(struct rec_cli *c)
{
	struct tm_rec_counts n;

	if (tm_cli_verbosity == TM_QUIET)
		return;
	tm_rec_counts(c->rec, &n);
	fprintf(stderr, "tracemerge record: %s: %llu events, %llu bytes, %llu lost; "
		"the kernel counted %llu (read %llu, overwritten %llu, dropped %llu, left %llu)\n",
		c->out, (unsigned long long)n.events, (unsigned long long)n.bytes,
		(unsigned long long)n.lost,
		(unsigned long long)(n.k_read + n.k_overrun + n.k_dropped + n.k_entries),
		(unsigned long long)n.k_read, (unsigned long long)n.k_overrun,
		(unsigned long long)n.k_dropped, (unsigned long long)n.k_entries);
	if (n.lost)
		fprintf(stderr, "tracemerge record: warning: events were lost; use a bigger "
			"buffer (-b KB per CPU) or fewer events (-e)\n");
	if (c->child > 0 && c->child_done) {
		if (WIFEXITED(c->child_status) && WEXITSTATUS(c->child_status))
			fprintf(stderr, "tracemerge record: %s exited with status %d\n",
				c->cmd[0], WEXITSTATUS(c->child_status));
		else if (WIFSIGNALED(c->child_status))
			fprintf(stderr, "tracemerge record: %s was killed by signal %d\n",
				c->cmd[0], WTERMSIG(c->child_status));
	}
}

static int finish(struct rec_cli *c)
{
	struct tm_rec_counts n;
	int ret = 0;

	if (tm_rec_sync(c->rec, c->clocks, c->nclocks, c->end)) {
		snprintf(c->err, sizeof(c->err), "clock sync marker: %s", strerror(errno));
		return -1;
	}
	tm_rec_trace_off(c->rec);
	if (drain(c))
		return -1;
	tm_rec_kernel_counts(c->rec);
	tm_rec_counts(c->rec, &n);
	show_progress(c, true);
	if (tm_rec_out_finish(c->file, n.events, n.k_read + n.k_overrun + n.k_dropped + n.k_entries,
			      c->end, c->nclocks, c->err, sizeof(c->err)))
		ret = -1;
	return ret;
}

/* The exit status after a recording that went well: the command's own, as
 * a shell gives it (128 + N when signal N ended it), when the command failed
 * by itself; 0 when it succeeded, or was stopped by the recording's end
 * (time up, a signal to the recorder). */
static int command_status(const struct rec_cli *c)
{
	if (c->child <= 0 || !c->child_done || c->stopped_child || tm_interrupt_count())
		return TM_EXIT_OK;
	if (WIFEXITED(c->child_status))
		return WEXITSTATUS(c->child_status);
	return WIFSIGNALED(c->child_status) ? 128 + WTERMSIG(c->child_status) : TM_EXIT_INPUT;
}

static int run(struct rec_cli *c)
{
	struct tm_rec_hdr h = { 0 };
	bool usage;
	int rc;

	/* root and tracefs, then the output: what cannot be is said before
	 * the work */
	if (tm_rec_problem(c->err, sizeof(c->err)) ||
	    !(c->file = tm_rec_out_open(c->out, c->err, sizeof(c->err))))
		return TM_EXIT_INPUT;
	if (!(c->rec = tm_rec_open(&c->o, c->err, sizeof(c->err), &usage)))
		return usage ? TM_EXIT_USAGE : TM_EXIT_INPUT;
	pick_clocks(c);
	if (tm_rec_trace_on(c->rec) ||
	    tm_rec_sync(c->rec, c->clocks, c->nclocks, c->start)) {
		snprintf(c->err, sizeof(c->err), "cannot start tracing: %s", strerror(errno));
		return TM_EXIT_INPUT;
	}
	h.ncpus = tm_rec_ncpus(c->rec);
	h.clock = tm_rec_clock(c->rec);
	h.events = tm_rec_events(c->rec);
	h.instance = tm_rec_instance(c->rec);
	h.start = c->start;
	h.nstart = c->nclocks;
	h.nend = c->nclocks;
	if (tm_rec_out_start(c->file, &h, c->err, sizeof(c->err)))
		return TM_EXIT_INPUT;
	if (c->cmd && start_child(c))
		return TM_EXIT_INPUT;
	if (tm_cli_verbosity == TM_VERBOSE)
		fprintf(stderr, "tracemerge record: instance %s, trace clock %s, events %s\n",
			h.instance, h.clock, h.events);
	if (!c->cmd && !c->secs_ns && c->progress)
		fprintf(stderr, "tracemerge record: recording; Ctrl-C to stop\n");
	rc = record_loop(c);
	if (rc == 1) {
		snprintf(c->err, sizeof(c->err), "interrupted twice: recording abandoned%s",
			 strcmp(c->out, "-") ? ", output removed" : "");
		return 128 + tm_interrupt_last();   /* as any command interrupted */
	}
	if (rc || finish(c))
		return TM_EXIT_INPUT;
	summary(c);
	return TM_EXIT_OK;
}

int cmd_record(int argc, char **argv)
{
	struct rec_cli c;
	int rc;

	memset(&c, 0, sizeof(c));
	if ((rc = parse_args(&c, argc, argv)) != 0)
		return rc < 0 ? TM_EXIT_OK : rc;
	c.progress = (isatty(STDERR_FILENO) || tm_cli_progress_forced()) &&
		     tm_cli_verbosity != TM_QUIET;
	catch_signals();
	rc = run(&c);
	if (c.child > 0 && !c.child_done) {
		kill(c.child, SIGKILL);
		waitpid(c.child, &c.child_status, 0);
	}
	tm_rec_out_abort(c.file);    /* removes the temporary file unless finished */
	tm_rec_close(c.rec);         /* tracing off, instance removed */
	if (rc == TM_EXIT_USAGE)
		tm_usage_error("record", "%s", c.err);
	else if (rc != TM_EXIT_OK)
		fprintf(stderr, "tracemerge record: %s\n", c.err);
	else
		rc = command_status(&c);
	default_signals();
	return rc;
}
