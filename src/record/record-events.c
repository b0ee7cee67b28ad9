/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * record-events.c - what `tracemerge record` asks tracefs for: the events
 * of its atrace-like groups (or any SYSTEM / SYSTEM:EVENT), and the trace
 * clock, in the recorder's own instance (see record.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tracefs.h>

#include "record.h"

/* atrace-like groups: SYSTEM/EVENT, a trailing '?' = optional (skipped
 * where the kernel lacks it), SYSTEM/ alone = every event of SYSTEM */
static const struct {
	const char *name;
	const char *events;
} groups[] = {
	{ "sched", "sched/sched_switch sched/sched_wakeup sched/sched_waking "
		   "sched/sched_wakeup_new sched/sched_process_fork sched/sched_process_exit "
		   "sched/sched_blocked_reason?" },
	{ "power", "power/cpu_frequency power/cpu_idle power/cpu_frequency_limits? "
		   "power/clock_set_rate? power/clock_enable? power/clock_disable? "
		   "power/suspend_resume?" },
	{ "irq", "irq/ ipi/?" },
	{ "workqueue", "workqueue/" },
};

static int add_system(struct tm_rec_sel *r, const char *sys)
{
	size_t n = 0;
	char **ns;

	for (; r->systems && r->systems[n]; n++)
		if (!strcmp(r->systems[n], sys))
			return 0;
	if (!(ns = realloc(r->systems, (n + 2) * sizeof(*ns))))
		return -1;
	r->systems = ns;
	if (!(ns[n] = strdup(sys)))
		return -1;
	ns[n + 1] = NULL;
	return 0;
}

static int note_event(struct tm_rec_sel *r, const char *sys, const char *ev)
{
	size_t need = strlen(sys) + 1 + strlen(ev) + 2;
	char *ne = realloc(r->events, r->events_len + need + 1);

	if (!ne)
		return -1;
	r->events = ne;
	r->events_len += (size_t)sprintf(ne + r->events_len, "%s%s/%s",
					 r->events_len ? " " : "", sys, ev);
	return add_system(r, sys);
}

/* Enable one "SYSTEM/EVENT[?]" or "SYSTEM/" spec. */
static int enable_spec(struct tracefs_instance *inst, struct tm_rec_sel *r, const char *spec, size_t len,
		       char *err, size_t errlen)
{
	char sys[128], ev[128];
	const char *slash = memchr(spec, '/', len);
	bool optional = len && spec[len - 1] == '?';
	size_t sl, el;

	if (optional)
		len--;
	if (!slash)
		slash = memchr(spec, ':', len);
	sl = slash ? (size_t)(slash - spec) : len;
	el = slash ? len - sl - 1 : 0;
	if (!sl || sl >= sizeof(sys) || el >= sizeof(ev)) {
		snprintf(err, errlen, "bad event spec '%.*s'", (int)len, spec);
		return -1;
	}
	memcpy(sys, spec, sl);
	sys[sl] = 0;
	memcpy(ev, slash ? slash + 1 : "", el);
	ev[el] = 0;
	if (tracefs_event_enable(inst, sys, el ? ev : NULL) == 0)
		return note_event(r, sys, el ? ev : "*") ? (snprintf(err, errlen, "out of memory"), -1) : 0;
	if (optional)
		return 0;
	snprintf(err, errlen, "no such event%s in tracefs: %s%s%s", el ? "" : " group",
		 sys, el ? "/" : "", ev);
	return -1;
}

/* The bytes of a name of an event, a system or a group.  (libtracefs takes
 * the names it is given as regular expressions: "sched/.*" would enable
 * events that were not asked for by name.) */
#define NAME_BYTES "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"

int tm_rec_check_events(const char *list, char *err, size_t errlen)
{
	const char *p = list;

	while (*p) {
		size_t n = strcspn(p, ","), a = strspn(p, NAME_BYTES), b = 0;

		if (a < n && (p[a] == '/' || p[a] == ':'))
			b = strspn(p + a + 1, NAME_BYTES) + 1;
		if (n && (!a || a + b != n)) {
			snprintf(err, errlen, "bad event name '%.*s': names are letters, digits, "
				 "'_' and '-' (a group: sched, power, irq, workqueue; SYSTEM; "
				 "SYSTEM/EVENT)", (int)n, p);
			return -1;
		}
		p += n;
		p += *p == ',';
	}
	return 0;
}

/* GROUPS: comma-separated group names, SYSTEM, SYSTEM:EVENT or SYSTEM/EVENT. */
int tm_rec_enable(struct tracefs_instance *inst, const char *list, struct tm_rec_sel *r,
		  char *err, size_t errlen)
{
	const char *p = list;

	if (tm_rec_check_events(list, err, errlen))
		return -1;

	while (*p) {
		const char *e = strchr(p, ',');
		size_t n = e ? (size_t)(e - p) : strlen(p);
		size_t i;

		for (i = 0; i < sizeof(groups) / sizeof(groups[0]); i++)
			if (strlen(groups[i].name) == n && !memcmp(groups[i].name, p, n))
				break;
		if (!n) {
			/* empty item: ignored */
		} else if (i < sizeof(groups) / sizeof(groups[0])) {
			const char *s = groups[i].events;
			while (*s) {
				size_t sl = strcspn(s, " ");
				if (enable_spec(inst, r, s, sl, err, errlen))
					return -1;
				s += sl;
				s += *s == ' ';
			}
		} else {
			char spec[260];
			bool has_ev = memchr(p, ':', n) || memchr(p, '/', n);
			if (n >= sizeof(spec) - 2) {
				snprintf(err, errlen, "event spec too long");
				return -1;
			}
			snprintf(spec, sizeof(spec), "%.*s%s", (int)n, p, has_ev ? "" : "/");
			if (enable_spec(inst, r, spec, strlen(spec), err, errlen))
				return -1;
		}
		p += n;
		p += *p == ',';
	}
	return add_system(r, "ftrace") ? (snprintf(err, errlen, "out of memory"), -1) : 0;
}

static const char *clock_names[] = { "local", "global", "counter", "uptime", "perf",
				     "mono", "mono_raw", "boot", "tai", "x86-tsc" };

int tm_rec_set_clock(struct tracefs_instance *inst, const char *clock, char *err, size_t errlen)
{
	char *cur;
	bool known = false;

	for (size_t i = 0; i < sizeof(clock_names) / sizeof(clock_names[0]); i++)
		known |= !strcmp(clock, clock_names[i]);
	if (!known || tracefs_instance_file_write(inst, "trace_clock", clock) <= 0) {
		snprintf(err, errlen, "trace clock '%s' not available (see trace_clock in tracefs)",
			 clock);
		return -1;
	}
	cur = tracefs_get_clock(inst);
	if (!cur || strcmp(cur, clock)) {
		snprintf(err, errlen, "trace clock '%s' did not take (instance says '%s')", clock,
			 cur ? cur : "?");
		free(cur);
		return -1;
	}
	free(cur);
	return 0;
}

void tm_rec_sel_free(struct tm_rec_sel *sel)
{
	for (size_t i = 0; sel->systems && sel->systems[i]; i++)
		free(sel->systems[i]);
	free(sel->systems);
	free(sel->events);
	memset(sel, 0, sizeof(*sel));
}
