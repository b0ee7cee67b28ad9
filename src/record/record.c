/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * record.c - the tracefs engine of `tracemerge record` (see record.h):
 * a private instance (events and clock: record-events.c), the clock-sync
 * handshakes, and draining the ring buffers as ftrace text in time order.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include <tracefs.h>

#include "buf.h"
#include "record.h"
#include "tracemerge/ts.h"
#include "tep-line.h"

struct tm_rec {
	struct tracefs_instance *inst;
	char name[64];
	char clock[32];
	struct tm_rec_sel sel;       /* what was enabled */
	struct tep_handle *tep;
	struct tm_tepline line;
	bool line_ok;
	struct tm_marker *marker;
	char *marker_path;
	int ncpus;
	bool on;
	struct tm_rec_counts c;
	tm_rec_out_fn out;
	void *out_arg;
	int out_ret;
	/* events read but not written yet: one drain's, sorted by time, and
	 * those held back because an earlier one may still come (see drain) */
	struct pend {
		unsigned long long ts;
		uint64_t seq;
		size_t off, len;
	} *pend;
	size_t npend, pend_cap;
	char *arena;
	size_t arena_len, arena_cap;
	uint64_t seq;
	unsigned long long limit;    /* this drain's: write what is stamped up to it */
	int (*keep_going)(void *arg);
	void *keep_arg;
	uint64_t asked;
};

void tm_rec_set_keep_going(struct tm_rec *r, int (*fn)(void *arg), void *arg)
{
	r->keep_going = fn;
	r->keep_arg = arg;
}

const char *tm_rec_instance(const struct tm_rec *r) { return r->name; }
const char *tm_rec_clock(const struct tm_rec *r) { return r->clock; }
const char *tm_rec_events(const struct tm_rec *r) { return r->sel.events ? r->sel.events : ""; }
const char *tm_rec_marker_path(const struct tm_rec *r) { return r->marker_path; }
int tm_rec_ncpus(const struct tm_rec *r) { return r->ncpus; }

/* Mounted tracefs ourselves: unmounted again in tm_rec_close(). */
static char *g_mounted;

static bool tracefs_in_mounts(void)
{
	FILE *f = fopen("/proc/mounts", "re");
	char line[1024];
	bool found = false;

	while (f && !found && fgets(line, sizeof(line), f))
		found = strstr(line, " tracefs ") != NULL;
	if (f)
		fclose(f);
	return found;
}

const char *tm_rec_problem(char *buf, size_t len)
{
	bool was_mounted;
	const char *dir;

	if (geteuid() != 0) {
		snprintf(buf, len, "needs root (to create a tracefs instance)");
		return buf;
	}
	was_mounted = tracefs_in_mounts();
	dir = tracefs_tracing_dir();   /* mounts tracefs when it is not mounted */
	if (!dir) {
		snprintf(buf, len, "tracefs is not available (not mounted at /sys/kernel/tracing, "
			 "and mounting it failed)");
		return buf;
	}
	if (!was_mounted && tracefs_in_mounts() && !g_mounted)
		g_mounted = strdup(dir);
	return NULL;
}

static int configure(struct tm_rec *r, const struct tm_rec_opts *o, char *err, size_t errlen,
		     bool *usage)
{
	char kb[32];
	long n = sysconf(_SC_NPROCESSORS_CONF);

	r->ncpus = n > 0 ? (int)n : 1;
	/* a new instance starts with tracing on */
	if (tracefs_trace_off(r->inst)) {
		snprintf(err, errlen, "cannot turn tracing off in instance %s: %s", r->name,
			 strerror(errno));
		return -1;
	}
	snprintf(kb, sizeof(kb), "%lu", o->buffer_kb ? o->buffer_kb : 8192);
	if (tracefs_instance_file_write(r->inst, "buffer_size_kb", kb) <= 0) {
		snprintf(err, errlen, "cannot set buffer_size_kb to %s: %s", kb, strerror(errno));
		*usage = errno == EINVAL;
		return -1;
	}
	if (tm_rec_set_clock(r->inst, o->clock ? o->clock : "mono", err, errlen)) {
		*usage = true;
		return -1;
	}
	snprintf(r->clock, sizeof(r->clock), "%s", o->clock ? o->clock : "mono");
	if (tracefs_file_exists(r->inst, "options/copy_trace_marker"))
		tracefs_instance_file_write(r->inst, "options/copy_trace_marker", "0");
	if (tm_rec_enable(r->inst, o->groups ? o->groups : TM_REC_DEFAULT_GROUPS, &r->sel, err,
			  errlen)) {
		*usage = true;
		return -1;
	}
	tracefs_instance_file_clear(r->inst, "trace");
	return 0;
}

static int load_tep(struct tm_rec *r, char *err, size_t errlen)
{
	r->tep = tracefs_local_events_system(NULL, (const char *const *)r->sel.systems);
	if (!r->tep) {
		snprintf(err, errlen, "cannot read the event formats from tracefs");
		return -1;
	}
	tm_tepline_init(&r->line, r->tep);
	tm_tepline_set_canonical(&r->line, true);
	r->line_ok = true;
	return 0;
}

static int open_marker(struct tm_rec *r, char *err, size_t errlen)
{
	char *dir = tracefs_instance_get_dir(r->inst);

	if (!dir || asprintf(&r->marker_path, "%s/trace_marker", dir) < 0) {
		r->marker_path = NULL;
		tracefs_put_tracing_file(dir);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	tracefs_put_tracing_file(dir);
	if (!(r->marker = tm_marker_open(r->marker_path))) {
		snprintf(err, errlen, "%s: %s", r->marker_path, strerror(errno));
		return -1;
	}
	return 0;
}

#define REC_PREFIX "tracemerge-record-"

/* When process PID started (clock ticks since boot: field 22 of
 * /proc/PID/stat); 0 when it does not run or cannot be read. */
static unsigned long long start_time(long pid)
{
	char path[64], buf[1024];
	unsigned long long t = 0;
	const char *p;
	FILE *f;
	size_t n;
	int field;

	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	if (!(f = fopen(path, "re")))
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	/* the comm (field 2) may hold blanks and ')': count from its last ')' */
	if (!(p = strrchr(buf, ')')))
		return 0;
	for (field = 2; *p && field < 22; p++)
		field += *p == ' ';
	while (*p >= '0' && *p <= '9' && t < ~0ull / 10)
		t = t * 10 + (unsigned long long)(*p++ - '0');
	return field == 22 ? t : 0;
}

/* Is process PID a tracemerge (its comm)?  Tells, for an instance named as
 * older versions named it ("tracemerge-record-PID", no start time), a
 * recorder from a process that was given the same PID later. */
static bool runs_tracemerge(long pid)
{
	char path[64], comm[32] = "";
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%ld/comm", pid);
	if (!(f = fopen(path, "re")))
		return true;             /* runs, but unreadable: assume it records */
	if (!fgets(comm, sizeof(comm), f))
		comm[0] = 0;
	fclose(f);
	return strcmp(comm, "tracemerge\n") == 0;
}

/*
 * Is NAME an instance of a recording that no longer runs?  Instances are
 * named "tracemerge-record-PID-START" (START: when PID started, so that a
 * PID given to another process later is recognised); "tracemerge-record-PID"
 * is how older versions named them.  Stale: no process PID runs, or the
 * one that runs started at another time (or, for the old name, is not a
 * tracemerge).
 */
static bool is_stale(const char *name)
{
	const char *d = name + strlen(REC_PREFIX);
	unsigned long long start = 0;
	char *end;
	long pid;

	if (strncmp(name, REC_PREFIX, strlen(REC_PREFIX)) != 0 || *d < '1' || *d > '9')
		return false;
	pid = strtol(d, &end, 10);
	if (pid > INT32_MAX || pid == (long)getpid())
		return false;
	if (*end == '-') {
		d = end + 1;
		if (*d < '0' || *d > '9')
			return false;
		errno = 0;
		start = strtoull(d, &end, 10);
		if (errno)
			return false;
	}
	if (*end)
		return false;
	if (kill((pid_t)pid, 0) != 0)
		return errno == ESRCH;
	return d == name + strlen(REC_PREFIX) ? !runs_tracemerge(pid)
					       : start_time(pid) != start;
}

/* tracefs_instances_walk callback: NAME, when stale, into the list CTX
 * (names ended by '\0'). */
static int note_stale(const char *name, void *ctx)
{
	if (is_stale(name))
		tm_buf_add(ctx, name, strlen(name) + 1);
	return 0;
}

/* Instances of recordings that no longer run (killed
 * with SIGKILL, or the machine's session ended under it: no handler could
 * remove them then) are removed before a new recording starts.  PID is read
 * in this process's PID namespace, which need not be the recorder's (tracefs
 * is one for the whole machine), so a dead PID is only a hint: the kernel
 * refuses to remove an instance while a file of it is open (EBUSY), and a
 * recording holds its trace_marker open from just after creating the
 * instance to just before removing it.  So the instance is removed as it
 * is, with no write to it first (turning tracing off would stop a live
 * recording of another namespace); a busy one is left alone.  (Walked, not
 * listed with tracefs_instances(): that one leaks its regex in libtracefs
 * 1.6.) */
static void remove_stale_instances(void)
{
	struct tm_buf names = { 0 };
	const char *dir = tracefs_tracing_dir();

	if (!dir)
		return;
	tracefs_instances_walk(note_stale, &names);
	for (size_t at = 0; at < names.n; at += strlen(names.p + at) + 1) {
		char *path;

		if (asprintf(&path, "%s/instances/%s", dir, names.p + at) < 0)
			break;
		if (rmdir(path) == 0)
			fprintf(stderr, "tracemerge record: removed tracefs instance %s, left by "
				"a recording that no longer runs\n", names.p + at);
		free(path);
	}
	tm_buf_free(&names);
}

struct tm_rec *tm_rec_open(const struct tm_rec_opts *o, char *err, size_t errlen,
			   bool *usage)
{
	struct tm_rec *r;
	char why[200];

	*usage = false;
	if (tm_rec_problem(why, sizeof(why))) {
		snprintf(err, errlen, "%s", why);
		return NULL;
	}
	if (!(r = calloc(1, sizeof(*r)))) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	remove_stale_instances();
	snprintf(r->name, sizeof(r->name), REC_PREFIX "%ld-%llu", (long)getpid(),
		 start_time((long)getpid()));
	r->inst = tracefs_instance_create(r->name);
	if (!r->inst) {
		snprintf(err, errlen, "cannot create tracefs instance %s: %s", r->name,
			 strerror(errno));
		free(r);
		return NULL;
	}
	if (!tracefs_instance_is_new(r->inst)) {
		snprintf(err, errlen, "tracefs instance %s already exists (another record?)",
			 r->name);
		tracefs_instance_free(r->inst);
		free(r);
		return NULL;
	}
	/* the marker first: while it is open the instance cannot be removed
	 * (remove_stale_instances() of a recorder in another PID namespace) */
	if (open_marker(r, err, errlen) || configure(r, o, err, errlen, usage) ||
	    load_tep(r, err, errlen)) {
		tm_rec_close(r);
		return NULL;
	}
	return r;
}

int tm_rec_trace_on(struct tm_rec *r)
{
	if (tracefs_trace_on(r->inst))
		return -1;
	r->on = true;
	return 0;
}

int tm_rec_trace_off(struct tm_rec *r)
{
	if (tracefs_trace_off(r->inst))
		return -1;
	r->on = false;
	return 0;
}

int tm_rec_sync(struct tm_rec *r, const int *clocks, size_t n,
		struct tm_clock_sync *cs)
{
	/* markers need tracing on (a drain may have turned it off to stop) */
	if (!r->on && tm_rec_trace_on(r))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (tm_marker_clock_sync_id(r->marker, clocks[i], "tracemerge", &cs[i]))
			return -1;
	return 0;
}

static int flush_upto(struct tm_rec *r, unsigned long long limit);

/* Held text beyond which a drain writes all it holds (bounded memory when
 * the kernel writes events faster than they are read: libtracefs then
 * keeps reading; order across CPUs may then suffer, nothing is lost). */
#define HOLD_MAX (32u << 20)
/* How often (records) a drain asks the caller whether to go on. */
#define ASK_EVERY 4096

static int keep(struct tm_rec *r, unsigned long long ts, const char *text, size_t len)
{
	if (r->npend == r->pend_cap) {
		size_t cap = r->pend_cap ? r->pend_cap * 2 : 4096;
		struct pend *np = reallocarray(r->pend, cap, sizeof(*np));
		if (!np)
			return -1;
		r->pend = np;
		r->pend_cap = cap;
	}
	if (r->arena_len + len > r->arena_cap) {
		size_t cap = r->arena_cap ? r->arena_cap : 1 << 20;
		char *na;
		while (cap < r->arena_len + len)
			cap *= 2;
		if (!(na = realloc(r->arena, cap)))
			return -1;
		r->arena = na;
		r->arena_cap = cap;
	}
	memcpy(r->arena + r->arena_len, text, len);
	r->pend[r->npend++] = (struct pend){ ts, r->seq++, r->arena_len, len };
	r->arena_len += len;
	return 0;
}

static int on_record(struct tep_event *ev, struct tep_record *rec, int cpu, void *arg)
{
	struct tm_rec *r = arg;
	const char *text;
	size_t len;

	(void)ev;
	(void)cpu;
	if (!(text = tm_tepline_format(&r->line, rec, &len)) || keep(r, rec->ts, text, len)) {
		r->out_ret = -1;
		return 1;
	}
	r->c.events++;
	r->c.lost += tm_tepline_missed(rec);
	r->c.bytes += len;
	if (r->arena_len > HOLD_MAX && (r->out_ret = flush_upto(r, ~0ull)) != 0)
		return 1;
	/* A drain ends when the buffers are empty; if events keep coming
	 * faster than that, a stop (signal, time up) turns tracing off here,
	 * so the drain ends with nothing lost. */
	if (r->on && r->keep_going && ++r->asked % ASK_EVERY == 0 &&
	    !r->keep_going(r->keep_arg))
		tm_rec_trace_off(r);
	return 0;
}

static int cmp_pend(const void *a, const void *b)
{
	const struct pend *x = a, *y = b;

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* The trace clock's "now" (ns, or the count of a counter clock), from the
 * "now ts:" line of cpu0's stats; 0 when unknown. */
static unsigned long long trace_now(struct tm_rec *r)
{
	char *text = tracefs_instance_file_read(r->inst, "per_cpu/cpu0/stats", NULL);
	const char *p = text ? strstr(text, "now ts:") : NULL;
	int64_t ns = 0;
	int d;

	if (p) {
		p += 7;
		while (*p == ' ')
			p++;
		if (tm_ts_parse_secs(p, strcspn(p, " \n"), &ns, &d) || ns < 0)
			ns = 0;
		else if (!strchr(p, '.') || strchr(p, '.') > p + strcspn(p, " \n"))
			ns /= 1000000000;        /* an integer: a count, not seconds */
	}
	free(text);
	return (unsigned long long)ns;
}

/* Write the kept events stamped up to LIMIT in time order, keep the rest. */
static int flush_upto(struct tm_rec *r, unsigned long long limit)
{
	size_t i, j;

	if (r->npend)
		qsort(r->pend, r->npend, sizeof(*r->pend), cmp_pend);
	for (i = 0; i < r->npend && r->pend[i].ts <= limit; i++) {
		int ret = r->out(r->arena + r->pend[i].off, r->pend[i].len, r->out_arg);
		if (ret) {
			r->npend = 0;
			r->arena_len = 0;
			return ret;
		}
	}
	/* compact what is left */
	size_t alen = 0;
	for (j = 0; i < r->npend; i++, j++) {
		struct pend p = r->pend[i];
		memmove(r->arena + alen, r->arena + p.off, p.len);
		p.off = alen;
		alen += p.len;
		r->pend[j] = p;
	}
	r->npend = j;
	r->arena_len = alen;
	return 0;
}

/* Task names: the kernel's saved_cmdlines (shared by all instances), read
 * before each drain; a name that changed replaces the old one. */
static void load_comms(struct tm_rec *r)
{
	char *text = tracefs_instance_file_read(NULL, "saved_cmdlines", NULL);
	char *p = text, *nl, comm[64];
	int pid;

	while (p && *p) {
		nl = strchr(p, '\n');
		if (nl)
			*nl = 0;
		if (sscanf(p, "%d %63[^\n]", &pid, comm) == 2 && pid > 0) {
			const char *old = tep_data_comm_from_pid(r->tep, pid);
			if (!tep_is_pid_registered(r->tep, pid))
				tep_register_comm(r->tep, comm, pid);
			else if (!old || strcmp(old, comm))
				tep_override_comm(r->tep, comm, pid);
		}
		p = nl ? nl + 1 : NULL;
	}
	free(text);
}

/*
 * libtracefs hands the records over CPU by CPU, not in time order across
 * CPUs, and while one CPU is read the others go on recording: a record
 * read by the next drain can be older than one read by this one.  So the
 * records of a drain are sorted, and only those stamped well before the
 * drain began (the trace clock's "now", less HOLD_NS for records still
 * being committed) are written; the others wait for the next drain.  With
 * tracing off (the last drain), everything is written.
 */
#define HOLD_NS 20000000ull

int tm_rec_drain(struct tm_rec *r, tm_rec_out_fn out, void *arg)
{
	unsigned long long now = r->on ? trace_now(r) : ~0ull;
	unsigned long long limit = !r->on ? ~0ull : now > HOLD_NS ? now - HOLD_NS : 0;

	load_comms(r);
	r->limit = limit;
	r->out = out;
	r->out_arg = arg;
	r->out_ret = 0;
	if (tracefs_iterate_raw_events(r->tep, r->inst, NULL, 0, on_record, r) < 0)
		return -1;
	if (r->out_ret)
		return r->out_ret;
	return flush_upto(r, limit);
}

static uint64_t stat_value(const char *text, const char *key)
{
	const char *p = text;
	size_t kl = strlen(key);

	while (p && *p) {
		if (!strncmp(p, key, kl) && p[kl] == ':')
			return strtoull(p + kl + 1, NULL, 10);
		p = strchr(p, '\n');
		p += p != NULL;
	}
	return 0;
}

int tm_rec_kernel_counts(struct tm_rec *r)
{
	uint64_t counted;

	r->c.k_entries = r->c.k_overrun = r->c.k_read = r->c.k_dropped = 0;
	for (int cpu = 0; cpu < r->ncpus; cpu++) {
		char file[64], *text;

		snprintf(file, sizeof(file), "per_cpu/cpu%d/stats", cpu);
		if (!tracefs_file_exists(r->inst, file))
			continue;
		if (!(text = tracefs_instance_file_read(r->inst, file, NULL)))
			return -1;
		r->c.k_entries += stat_value(text, "entries");
		r->c.k_overrun += stat_value(text, "overrun");
		r->c.k_read += stat_value(text, "read events");
		r->c.k_dropped += stat_value(text, "dropped events");
		free(text);
	}
	r->c.have_kernel = true;
	/* events the kernel counted that were not written are lost, whatever
	 * the reason (overwritten, dropped, or records the reader passed over) */
	counted = r->c.k_read + r->c.k_overrun + r->c.k_dropped + r->c.k_entries;
	if (counted > r->c.events && counted - r->c.events > r->c.lost)
		r->c.lost = counted - r->c.events;
	return 0;
}

void tm_rec_counts(struct tm_rec *r, struct tm_rec_counts *c)
{
	*c = r->c;
}

void tm_rec_close(struct tm_rec *r)
{
	if (!r)
		goto unmount;
	if (r->inst)
		tracefs_trace_off(r->inst);
	tm_marker_close(r->marker);
	if (r->inst) {
		if (tracefs_instance_destroy(r->inst))
			fprintf(stderr, "tracemerge record: warning: cannot remove tracefs instance "
				"%s: %s (a process still holds one of its files?)\n", r->name,
				strerror(errno));
		tracefs_instance_free(r->inst);
	}
	if (r->line_ok)
		tm_tepline_done(&r->line);
	tep_free(r->tep);
	tm_rec_sel_free(&r->sel);
	free(r->pend);
	free(r->arena);
	free(r->marker_path);
	free(r);
unmount:
	if (g_mounted) {
		umount2(g_mounted, MNT_DETACH);
		free(g_mounted);
		g_mounted = NULL;
	}
}
