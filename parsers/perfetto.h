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
 * another packet's tag or the end?  Empty packets (0a 00) before it are
 * passed over.  A head of a longer file may be given: a packet cut by LEN
 * is judged on what is there. */
bool tm_is_perfetto(const void *p, size_t len);

/* Read the trace P..P+LEN: its ftrace events as one ftrace text block in
 * time order, its process tree as a PROCESS DUMP block, and its
 * TrackEvents as a JSON block per clock (perfetto-track.h) (sets
 * in->format).  0, or -1 with the error set (one line, with the byte). */
int tm_perfetto_read(struct tm_input *in, const char *p, size_t len);

/* The same read in three steps, so that its text may be written beside
 * the first pass (input.c's job, input-ahead.h), as tm_perfetto_read()
 * runs them one after the other: tm_perfetto_begin() reads the packets
 * (pass 1), says what they hold (warnings, the source's counts) and adds
 * every block, the text's first (at BUF, from tm_pf_text_buffer(): ROOM
 * bytes that grow in place, the caller's) with its head only (the header,
 * the clock records, the legend: whole lines), and meanwhile has the
 * thread BESIDE lends (or none: NULL) make BUF ready for the lines as
 * pass 1 counts them (tm_big_prefill_run); tm_pf_text_run(), on any
 * thread, writes the lines in time order (pass 2), published to G (or
 * NULL) a step at a time and G then ended (stopped on a failure or when
 * *STOP); tm_pf_text_end(), once it has returned, sets IN's error when it
 * failed (IN's diag set), and *LEN the text's final length.  The text may
 * not pass ROOM (an error).  0, or -1 with the error set (begin: nothing
 * to free). */
struct tm_pf_text;
struct tm_grow;
struct tm_beside;
/* A buffer for the text of a trace of LEN bytes (tm_big_fixed_alloc), its
 * room in *ROOM; NULL with errno. */
char *tm_pf_text_buffer(size_t len, size_t *room);
int tm_perfetto_begin(struct tm_input *in, const char *p, size_t len, char *buf, size_t room,
		      struct tm_beside *beside, struct tm_pf_text **t);
int tm_pf_text_run(struct tm_pf_text *t, struct tm_grow *g, const bool *stop);
int tm_pf_text_end(struct tm_pf_text *t, struct tm_input *in, size_t *len);
void tm_pf_text_free(struct tm_pf_text *t);

#endif
