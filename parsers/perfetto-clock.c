/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-clock.c - the clocks of a Perfetto trace as kernel text header
 * records (see perfetto-clock.h; the records are read by issuer.c).
 *
 * A snapshot's readings are written as they are: each builtin clock's
 * timestamp times its unit_multiplier_ns, in seconds with 9 decimals
 * (exact).  A clock given twice in one snapshot keeps its first reading;
 * an incremental one, one past INT64_MAX ns, and the clocks that no other
 * trace can name (TSC, PERF, the trace file's, sequence-scoped ones) are
 * left out.  CLOCK_BOOTTIME comes first: the kernel text's clock in
 * every trace whose ftrace clock is the default.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perfetto-clock.h"
#include "tracemerge/ts.h"

#define NBUILTIN 6                   /* REALTIME (1) .. BOOTTIME (6) */
#define PAIR_EVERY_NS 1000000000LL   /* bundle pairs: one a second at most */

static const char *const builtin_names[NBUILTIN + 1] = {
	NULL, "CLOCK_REALTIME", "CLOCK_REALTIME_COARSE", "CLOCK_MONOTONIC",
	"CLOCK_MONOTONIC_COARSE", "CLOCK_MONOTONIC_RAW", "CLOCK_BOOTTIME",
};

const char *tm_perfetto_clock_domain(uint64_t id)
{
	return id >= 1 && id <= NBUILTIN ? builtin_names[id] : NULL;
}

void tm_pf_clocks_init(struct tm_pf_clocks *c)
{
	memset(c, 0, sizeof(*c));
	c->ftrace_clock = -1;
}

void tm_pf_clocks_free(struct tm_pf_clocks *c)
{
	free(c->text);
	c->text = NULL;
	c->len = c->cap = 0;
}

/* S (N bytes) after the records. */
static void add(struct tm_pf_clocks *c, const char *s, size_t n)
{
	if (c->nomem)
		return;
	if (c->len + n > c->cap) {
		size_t cap = c->cap ? c->cap : 256;
		char *t;

		while (cap < c->len + n)
			cap *= 2;
		if (!(t = realloc(c->text, cap))) {
			c->nomem = true;
			return;
		}
		c->text = t;
		c->cap = cap;
	}
	memcpy(c->text + c->len, s, n);
	c->len += n;
}

/* " NAME=SECS" */
static void add_reading(struct tm_pf_clocks *c, const char *name, int64_t ns)
{
	char b[96], ts[TM_TS_BUFSZ];
	int n;

	tm_ts_format_secs(ts, ns, 9);
	n = snprintf(b, sizeof(b), " %s=%s", name, ts);
	if (n > 0 && (size_t)n < sizeof(b))
		add(c, b, (size_t)n);
}

static void add_start(struct tm_pf_clocks *c, size_t at)
{
	char b[64];
	int n = snprintf(b, sizeof(b), "# tracemerge_clock_snapshot: byte=%zu", at);

	if (n > 0 && (size_t)n < sizeof(b))
		add(c, b, (size_t)n);
}

/* One ClockSnapshot.Clock M into READ[id] (ns; HAVE[id] set), when it is a
 * builtin clock read in full and not read before in this snapshot; one of
 * the trace's own clocks (64 and up, for the TrackEvent reader) is counted
 * in *OWN. */
static int read_clock(const struct tm_pb *m, int64_t *read, bool *have, unsigned *own,
		      struct tm_pb_error *e)
{
	struct tm_pb r = *m;
	struct tm_pb_field f;
	uint64_t id = 0, ts = 0, unit = 1, v;
	bool incremental = false, has_ts = false;
	int rc;

	while ((rc = tm_pb_next(&r, &f, e)) == 1) {
		if (f.type != TM_PB_VARINT)
			continue;
		if (f.num == PF_SNAP_CLOCK_ID)
			id = f.v;
		else if (f.num == PF_SNAP_CLOCK_TIMESTAMP)
			ts = f.v, has_ts = true;
		else if (f.num == PF_SNAP_CLOCK_INCREMENTAL)
			incremental = f.v != 0;
		else if (f.num == PF_SNAP_CLOCK_UNIT && f.v)
			unit = f.v;
	}
	if (rc < 0)
		return -1;
	*own += id >= PF_CLOCK_SEQUENCE_FIRST && has_ts;
	if (!tm_perfetto_clock_domain(id) || have[id] || incremental || !has_ts ||
	    __builtin_mul_overflow(ts, unit, &v) || v > INT64_MAX)
		return 0;
	read[id] = (int64_t)v;
	have[id] = true;
	return 0;
}

int tm_pf_clocks_snapshot(struct tm_pf_clocks *c, const struct tm_pb *m, size_t at,
			  struct tm_pb_error *e)
{
	static const int order[NBUILTIN] = {
		PF_CLOCK_BOOTTIME, PF_CLOCK_REALTIME, PF_CLOCK_REALTIME_COARSE,
		PF_CLOCK_MONOTONIC, PF_CLOCK_MONOTONIC_COARSE, PF_CLOCK_MONOTONIC_RAW,
	};
	struct tm_pb r = *m;
	struct tm_pb_field f;
	int64_t read[NBUILTIN + 1] = { 0 };
	bool have[NBUILTIN + 1] = { false };
	unsigned n = 0, own = 0;
	int rc;

	c->snapshots++;
	while ((rc = tm_pb_next(&r, &f, e)) == 1) {
		struct tm_pb sub = tm_pb_sub(&r, &f);

		if (f.num == PF_SNAP_CLOCKS && f.type == TM_PB_BYTES && read_clock(&sub, read, have, &own, e))
			return -1;
	}
	if (rc < 0)
		return -1;
	for (unsigned i = 1; i <= NBUILTIN; i++)
		n += have[i];
	if (n < 2) {
		c->unusable += n + own < 2;
		return 0;
	}
	add_start(c, at);
	for (unsigned i = 0; i < NBUILTIN; i++)
		if (have[order[i]])
			add_reading(c, builtin_names[order[i]], read[order[i]]);
	add(c, "\n", 1);
	return 0;
}

void tm_pf_clocks_bundle(struct tm_pf_clocks *c, const struct tm_pf_bundle_clock *b, size_t at)
{
	if (c->ftrace_clock < 0) {
		c->ftrace_clock = b->clock > INT64_MAX ? INT64_MAX : (int64_t)b->clock;
	} else if ((uint64_t)c->ftrace_clock != b->clock) {
		c->mixed++;
		return;
	}
	if (b->clock == PF_FTRACE_CLOCK_BOOT || !b->has_ftrace_ts || !b->has_boot_ts ||
	    b->ftrace_ts < 0 || b->boot_ts < 0)
		return;
	if (c->pairs && b->ftrace_ts >= c->last_pair && b->ftrace_ts - c->last_pair < PAIR_EVERY_NS)
		return;
	add_start(c, at);
	add_reading(c, "trace", b->ftrace_ts);
	add_reading(c, builtin_names[PF_CLOCK_BOOTTIME], b->boot_ts);
	add(c, "\n", 1);
	c->pairs++;
	c->last_pair = b->ftrace_ts;
}

const char *tm_pf_clocks_trace_clock(const struct tm_pf_clocks *c)
{
	if (c->ftrace_clock <= PF_FTRACE_CLOCK_BOOT)
		return builtin_names[PF_CLOCK_BOOTTIME];
	if (c->ftrace_clock == PF_FTRACE_CLOCK_MONO_RAW)
		return builtin_names[PF_CLOCK_MONOTONIC_RAW];
	return NULL;
}

size_t tm_pf_clocks_header(const struct tm_pf_clocks *c, char *buf, size_t cap)
{
	const char *tc = tm_pf_clocks_trace_clock(c);
	char line[80];
	int n = tc ? snprintf(line, sizeof(line), "# tracemerge_trace_clock: %s\n", tc) : 0;
	size_t first = n > 0 ? (size_t)n : 0, total = first + c->len, k;

	if (!cap)
		return total;
	k = first < cap - 1 ? first : cap - 1;
	memcpy(buf, line, k);
	if (k < cap - 1 && c->len) {
		size_t m = c->len < cap - 1 - k ? c->len : cap - 1 - k;

		memcpy(buf + k, c->text, m);
		k += m;
	}
	buf[k] = 0;
	return total;
}
