/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-track.h - the TrackEvent part of a Perfetto trace (the Perfetto
 * SDK's app instrumentation: slices, instants, counters on the tracks that
 * TrackDescriptors describe) as Trace Event JSON (perfetto-track.c).
 * Private to the library: perfetto.c hands it every TracePacket and, at the
 * end, lets it add its JSON blocks to the input.
 */
#ifndef TM_PARSERS_PERFETTO_TRACK_H
#define TM_PARSERS_PERFETTO_TRACK_H

#include <stdint.h>

#include "perfetto-wire.h"

struct tm_input;
struct tm_pftrack;

/* A new, empty reader; NULL when out of memory. */
struct tm_pftrack *tm_pftrack_new(void);

/* Free T (NULL: nothing). */
void tm_pftrack_free(struct tm_pftrack *t);

/* One TracePacket M (its bytes stay valid until tm_pftrack_finish), in
 * file order: sequence state, interned data, defaults, track descriptors
 * and track events.  0; -1 on a wire error (*E) or out of memory (E->what
 * "out of memory", E->at 0). */
int tm_pftrack_packet(struct tm_pftrack *t, const struct tm_pb *m, struct tm_pb_error *e);

/* The track events read, as one TM_BLOCK_JSON block of IN per clock
 * domain (metadata.clock-domain), and the warnings of what could not be
 * read (IN's diagnostics).  Nothing when no track event was read.  0, or
 * -1 with IN's error set. */
int tm_pftrack_finish(struct tm_pftrack *t, struct tm_input *in);

/* Warning KIND of IN's diagnostics counted N times (0: none), one line
 * "NAME: MSG". */
void tm_pf_warn_n(struct tm_input *in, const char *kind, uint64_t n, const char *msg);

#endif
