/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * marker.h - for applications: write into the kernel trace being recorded,
 * and write the clock-sync handshakes that let `tracemerge merge` align the
 * application's own Trace Event JSON with it.
 *
 *   struct tm_marker *m = tm_marker_open(NULL);   // $TRACEMERGE_MARKER, or
 *                                                 // <tracefs>/trace_marker
 *   struct tm_clock_sync cs;
 *   tm_marker_clock_sync(m, CLOCK_REALTIME, &cs); // the clock the app stamps with
 *   tm_clock_sync_json(&cs, getpid(), buf, sizeof(buf));   // -> its traceEvents
 *   tm_marker_printf(m, "B|%d|work", getpid());   // atrace slice begin
 *   tm_marker_close(m);
 *
 * A handshake reads the application's clock (t0), writes one marker
 * "trace_event_clock_sync: name=ID source=app" (the kernel stamps it with
 * the trace clock) and reads the application's clock again (t1): the
 * kernel's stamp lies in [t0, t1] of the application's clock.  The
 * application puts the issuer event
 *     {"name":"clock_sync","ph":"c","ts":t1,"args":{"sync_id":"ID","issue_ts":t0}}
 * (µs) into its JSON; tracemerge pairs it with the kernel's line by ID.
 * `tracemerge record -- CMD` passes the path of its instance's trace_marker
 * in $TRACEMERGE_MARKER (markers written to the top-level trace_marker do
 * not reach an instance).
 */
#ifndef TRACEMERGE_MARKER_H
#define TRACEMERGE_MARKER_H

#include "api.h"

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TM_MARKER_ENV "TRACEMERGE_MARKER"

struct tm_marker;

/* Clocks are clockid_t values (CLOCK_REALTIME, ...), held in an int as
 * Linux defines clockid_t, so that this header needs no POSIX feature
 * macros (it compiles as plain C11 and as C++). */
struct tm_clock_sync {
	char sync_id[64];
	int clock;
	int64_t issue_ts_ns;         /* the clock just before the marker write */
	int64_t ts_ns;               /* the clock just after it */
};

/* Open the trace_marker file PATH for writing; NULL: $TRACEMERGE_MARKER
 * when set, else trace_marker of the mounted tracefs.  NULL with errno on
 * failure. */
TM_API struct tm_marker *tm_marker_open(const char *path);
TM_API void tm_marker_close(struct tm_marker *m);
/* The path opened. */
TM_API const char *tm_marker_path(const struct tm_marker *m);

/* Write one marker (the kernel cuts it at about 4 KB; no newline needed).
 * 0, or -1 with errno (EBADF: tracing is off in that instance). */
TM_API int tm_marker_write(struct tm_marker *m, const char *text, size_t len);
TM_API int tm_marker_printf(struct tm_marker *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* One handshake stamped with CLOCK (see above); the sync id is unique per
 * process and call (ID_PREFIX, or "app" when NULL, then pid, a counter and
 * the CLOCK_MONOTONIC time).  0, or -1 with errno. */
TM_API int tm_marker_clock_sync(struct tm_marker *m, int clock,
				struct tm_clock_sync *cs);
TM_API int tm_marker_clock_sync_id(struct tm_marker *m, int clock,
				   const char *id_prefix, struct tm_clock_sync *cs);

/* The issuer event for CS as one Trace Event JSON object (no trailing
 * comma), timestamps in µs with 3 decimals (exact ns); PID/tid as given.
 * Returns what snprintf returns. */
TM_API int tm_clock_sync_json(const struct tm_clock_sync *cs, int pid, char *buf,
			      size_t size);

/* The clock domain name tracemerge gives CLOCK (for metadata.clock-domain
 * of a JSON trace stamped with it): "CLOCK_REALTIME", "CLOCK_MONOTONIC",
 * "CLOCK_BOOTTIME"; NULL for other clocks. */
TM_API const char *tm_clock_domain_name(int clock);

#ifdef __cplusplus
}
#endif

#endif
