/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * record_app.c - an application that writes its own Trace Event JSON and
 * marks the kernel trace `tracemerge record` is making (libtracemerge's
 * marker API, include/tracemerge/marker.h).  Used by tests/live/record.sh.
 *
 *   tracemerge record -o kernel.txt -- record_app app.json [realtime|boottime|monotonic] [N]
 *   tracemerge merge -o merged.json kernel.txt app.json
 *
 * Each of N slices is stamped twice: a JSON B/E event with the application
 * clock and, right after that clock read, an atrace "B|pid|name" / "E|pid"
 * marker; args.marker_write_ns is the clock's time across the marker write
 * (the kernel's stamp lies in [ts, ts + marker_write_ns]).  Clock-sync
 * handshakes at the start, middle and end link the two clocks.  With a
 * fourth argument "nosync" the handshakes are left out and the JSON names
 * its clock in metadata.clock-domain instead (the recorder's own handshakes
 * then link it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <tracemerge/marker.h>
#include <tracemerge/ts.h>

static clockid_t clk = CLOCK_REALTIME;

static int64_t now(void)
{
	struct timespec t;

	clock_gettime(clk, &t);
	return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static void busy(long us)
{
	struct timespec a, b;

	clock_gettime(CLOCK_MONOTONIC, &a);
	do
		clock_gettime(CLOCK_MONOTONIC, &b);
	while ((b.tv_sec - a.tv_sec) * 1000000L + (b.tv_nsec - a.tv_nsec) / 1000 < us);
}

/* One JSON event stamped with the app clock, and its atrace twin. */
static void stamp(FILE *out, struct tm_marker *m, char ph, int i)
{
	char ts[TM_TS_BUFSZ];
	int64_t t0 = now(), t1;

	if (ph == 'B')
		tm_marker_printf(m, "B|%d|rec_slice_%d", (int)getpid(), i);
	else
		tm_marker_printf(m, "E|%d", (int)getpid());
	t1 = now();
	tm_ts_format_us(ts, t0);
	fprintf(out, ",\n{\"name\":\"rec_slice_%d\",\"cat\":\"app\",\"ph\":\"%c\",\"ts\":%s,"
		"\"pid\":%d,\"tid\":%d,\"args\":{\"marker_write_ns\":%lld}}",
		i, ph, ts, (int)getpid(), (int)getpid(), (long long)(t1 - t0));
}

static void handshake(FILE *out, struct tm_marker *m)
{
	struct tm_clock_sync cs;
	char ev[512];

	if (tm_marker_clock_sync(m, clk, &cs) == 0 &&
	    tm_clock_sync_json(&cs, (int)getpid(), ev, sizeof(ev)) < (int)sizeof(ev))
		fprintf(out, ",\n%s", ev);
}

int main(int argc, char **argv)
{
	int n = argc > 3 ? atoi(argv[3]) : 20, sync = !(argc > 4 && !strcmp(argv[4], "nosync"));
	struct tm_marker *m;
	FILE *out;

	if (argc < 2) {
		fprintf(stderr, "usage: record_app OUT.json [realtime|boottime|monotonic] [N] [nosync]\n");
		return 2;
	}
	if (argc > 2)
		clk = !strcmp(argv[2], "boottime") ? CLOCK_BOOTTIME :
		      !strcmp(argv[2], "monotonic") ? CLOCK_MONOTONIC : CLOCK_REALTIME;
	if (!(m = tm_marker_open(NULL))) {
		perror("record_app: trace_marker");
		return 1;
	}
	if (!(out = fopen(argv[1], "w"))) {
		perror(argv[1]);
		return 1;
	}
	fprintf(out, "{\"traceEvents\":[\n{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%d,"
		"\"args\":{\"name\":\"record_app\"}}", (int)getpid());
	for (int i = 0; i < n; i++) {
		if (sync && (i == 0 || i == n / 2))
			handshake(out, m);
		stamp(out, m, 'B', i);
		busy(200 + 100 * (i % 3));
		if (i % 4 == 1)
			usleep(2000);
		stamp(out, m, 'E', i);
		usleep(1000);
	}
	if (sync)
		handshake(out, m);
	if (sync)
		fprintf(out, "\n]}\n");
	else
		fprintf(out, "\n],\"metadata\":{\"clock-domain\":\"%s\"}}\n",
			tm_clock_domain_name(clk));
	tm_marker_close(m);
	return fclose(out) ? 1 : 0;
}
