/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* sync-int.h - what sync.c (pairing, solving) and sync-load.c (the first
 * pass over the inputs) share. */
#ifndef TM_SYNC_INT_H
#define TM_SYNC_INT_H

#include "sync.h"

/* Clock domains that traces name themselves and that are shared between
 * the inputs of one machine. */
#define DOM_MONO "CLOCK_MONOTONIC"
#define DOM_REALTIME "CLOCK_REALTIME"

/* The shared domain a trace's clock name stands for (Chrome's
 * LINUX_CLOCK_MONOTONIC is CLOCK_MONOTONIC, and so for REALTIME, BOOTTIME,
 * MONOTONIC_RAW and the COARSE clocks), or the name itself. */
const char *tm_sync_shared_domain(const char *clock);
/* The name of the domain of clock CLOCK (a name a trace gives, or DOM_*)
 * as input SI sees it, into BUF (CAP bytes): its shared domain, "DOMAIN
 * @MACHINE" when the input is on a machine --machine names (one machine's
 * CLOCK_MONOTONIC is not another's). */
void tm_sync_clock_domain_name(const struct tm_sync *s, size_t si, const char *clock,
			       char *buf, size_t cap);
/* That domain in S's graph (added when new), or -1 (out of memory). */
int tm_sync_clock_domain(struct tm_sync *s, size_t si, const char *clock);
/* A marker's or a snapshot's label for fits and reports: "WHAT (WHERE)"
 * into BUF (CAP bytes), WHAT valid UTF-8 of at most 62 bytes, WHERE cut to
 * its last 45 bytes after "..." when longer than 48 (the file name and
 * line or byte: messages that name several must fit a diag's error). */
void tm_sync_label(char *buf, size_t cap, const char *what, const char *where);
/* A marker of input SRC in domain DOM, recorded somewhere in [lo, hi]. */
int tm_sync_add_marker(struct tm_sync *s, size_t src, int dom, const char *id,
		       size_t idlen, int64_t lo, int64_t hi, const char *where);
/* One observation: the same instant in domain a and domain b; SNAPSHOT:
 * a trace's own clock snapshot (fitted apart from the markers). */
int tm_sync_add_obs(struct tm_sync *s, int a, int64_t a_lo, int64_t a_hi,
		    int b, int64_t b_lo, int64_t b_hi, const char *label, bool snapshot);

/* After the routes are solved: a warning "inputs-apart" for each pair of
 * inputs whose events, on the output clock, do not overlap at all, with
 * the gap (sync-apart.c). */
void tm_sync_check_apart(struct tm_sync *s);
/* NS (>= 0) as a short duration for messages: "3 days 2 h", "5 h 12 min",
 * "4 min 7 s", "4.250 s", "12.500 ms", "3.000 µs", "12 ns". */
void tm_sync_format_gap(char *buf, size_t cap, int64_t ns);

#endif
