/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-events.h - the typed ftrace events of a Perfetto trace that
 * have a text form, and that text (perfetto-events.c): one table, by
 * FtraceEvent field number, of each event's name and the layout of its
 * fields as Perfetto's to_ftrace() writes them.  Private to the library.
 */
#ifndef TM_PARSERS_PERFETTO_EVENTS_H
#define TM_PARSERS_PERFETTO_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "perfetto-wire.h"

struct pf_step;

/* One event kind: FtraceEvent oneof field FIELD, its ftrace NAME, and the
 * steps that write its details. */
struct tm_pf_event {
	uint32_t field;
	const char *name;
	int layout;                     /* PF_NOFORM, PF_DEFAULT or PF_FIXED */
	unsigned nsteps;
	const struct pf_step *steps;
};

/* Where an event's text goes: PUT takes bytes as they are, TEXT bytes
 * from the trace (made safe for one line); SYM is the kernel symbol of the
 * event's symbol field (tm_pf_event_symbol_field), or NULL. */
struct tm_pf_sink {
	void (*put)(void *ctx, const void *s, size_t n);
	void (*text)(void *ctx, const uint8_t *s, size_t n);
	void *ctx;
	const uint8_t *sym;
	size_t sym_len;
};

/* The event of FtraceEvent field FIELD, or NULL when it has no text form
 * here (print, sched_switch, sched_blocked_reason and generic are written
 * by perfetto.c itself and are not in the table). */
const struct tm_pf_event *tm_pf_event(uint32_t field);

/* The name of FtraceEvent field FIELD (with a text form or not), or NULL
 * when the schema has no such field. */
const char *tm_pf_event_name(uint32_t field);

/* The name of TracePacket's data field NUM ("ftrace_events",
 * "track_event", ...), or NULL. */
const char *tm_pf_packet_kind(uint32_t num);

/* The number of E's field that holds an interned kernel symbol's iid (the
 * function of workqueue_execute_start), or 0. */
uint32_t tm_pf_event_symbol_field(const struct tm_pf_event *e);

/* "NAME:" and the details of event E whose message is M, into S.  0, or
 * -1 with *ERR set when M is malformed (what was written stays). */
int tm_pf_event_write(const struct tm_pf_event *e, const struct tm_pb *m,
		      const struct tm_pf_sink *s, struct tm_pb_error *err);

#endif
