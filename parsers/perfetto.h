/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto.h - a Perfetto protobuf trace as an input (perfetto.c).
 */
#ifndef TM_PARSERS_PERFETTO_H
#define TM_PARSERS_PERFETTO_H

#include <stdbool.h>
#include <stddef.h>

struct tm_input;

/* Do the first bytes of P look like a Perfetto trace: the tag of
 * Trace.packet (field 1, length-delimited: 0x0a), a varint length, and a
 * packet whose fields (as far as LEN reaches) are well-formed, followed by
 * another packet's tag or the end?  A head of a longer file may be given:
 * a packet cut by LEN is judged on what is there. */
bool tm_is_perfetto(const void *p, size_t len);

/* Read the trace P..P+LEN: its ftrace events as one ftrace text block in
 * time order, its process tree as a PROCESS DUMP block, and its
 * TrackEvents as a JSON block per clock (perfetto-track.h) (sets
 * in->format).  0, or -1 with the error set (one line, with the byte). */
int tm_perfetto_read(struct tm_input *in, const char *p, size_t len);

#endif
