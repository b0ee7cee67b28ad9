/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * perfetto-wire.h - the protobuf wire format, read in place, and the field
 * numbers of Perfetto's trace schema that perfetto*.c and perfetto-track*.c
 * read.
 *
 * A message is a run of fields, each a varint tag (field number << 3 |
 * wire type) then its value: a varint (type 0, at most 10 bytes), 8 bytes
 * (type 1), a varint length and that many bytes (type 2: strings, bytes,
 * nested messages, packed repeated scalars) or 4 bytes (type 5).  Groups
 * (types 3, 4) are not used by the schema and are refused.  Nothing is
 * copied: a field's bytes are a view into the message.  Every read is
 * bounds-checked; an error gives the offset of the bad byte from the start
 * of the buffer being read.  Private to the library.
 */
#ifndef TM_PARSERS_PERFETTO_WIRE_H
#define TM_PARSERS_PERFETTO_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Field numbers, from perfetto_trace.proto (Perfetto's whole-trace schema;
 * a comment names the message.field of each): those perfetto.c reads
 * itself; the typed ftrace events written from their fields are in the
 * table of perfetto-events.c.
 */
enum {
	PF_TRACE_PACKET = 1,                    /* Trace.packet */

	PF_PKT_FTRACE_EVENTS = 1,               /* TracePacket.ftrace_events */
	PF_PKT_PROCESS_TREE = 2,                /* TracePacket.process_tree */
	PF_PKT_CLOCK_SNAPSHOT = 6,              /* TracePacket.clock_snapshot */
	PF_PKT_TIMESTAMP = 8,                   /* TracePacket.timestamp */
	PF_PKT_PROCESS_STATS = 9,               /* TracePacket.process_stats */
	PF_PKT_SEQUENCE_ID = 10,                /* TracePacket.trusted_packet_sequence_id */
	PF_PKT_INTERNED_DATA = 12,              /* TracePacket.interned_data */
	PF_PKT_SEQUENCE_FLAGS = 13,             /* TracePacket.sequence_flags */
	PF_PKT_PREVIOUS_DROPPED = 42,           /* TracePacket.previous_packet_dropped */
	PF_PKT_SYSTEM_INFO = 45,                /* TracePacket.system_info */
	PF_PKT_COMPRESSED = 50,                 /* TracePacket.compressed_packets */
	PF_PKT_ZSTD_COMPRESSED = 133,           /* TracePacket.zstd_compressed_packets */

	PF_INTERNED_KERNEL_SYMBOLS = 26,        /* InternedData.kernel_symbols */
	PF_ISTR_IID = 1,                        /* InternedString.iid */
	PF_ISTR_STR = 2,                        /* InternedString.str */

	PF_BUNDLE_CPU = 1,                      /* FtraceEventBundle.cpu */
	PF_BUNDLE_EVENT = 2,                    /* FtraceEventBundle.event */
	PF_BUNDLE_LOST_EVENTS = 3,              /* FtraceEventBundle.lost_events */
	PF_BUNDLE_COMPACT_SCHED = 4,            /* FtraceEventBundle.compact_sched */
	PF_BUNDLE_FTRACE_CLOCK = 5,             /* FtraceEventBundle.ftrace_clock */
	PF_BUNDLE_FTRACE_TIMESTAMP = 6,         /* FtraceEventBundle.ftrace_timestamp */
	PF_BUNDLE_BOOT_TIMESTAMP = 7,           /* FtraceEventBundle.boot_timestamp */

	PF_SNAP_CLOCKS = 1,                     /* ClockSnapshot.clocks */
	PF_SNAP_CLOCK_ID = 1,                   /* ClockSnapshot.Clock.clock_id */
	PF_SNAP_CLOCK_TIMESTAMP = 2,            /* ClockSnapshot.Clock.timestamp */
	PF_SNAP_CLOCK_INCREMENTAL = 3,          /* ClockSnapshot.Clock.is_incremental */
	PF_SNAP_CLOCK_UNIT = 4,                 /* ClockSnapshot.Clock.unit_multiplier_ns */

	PF_CLOCK_REALTIME = 1,                  /* BuiltinClock values */
	PF_CLOCK_REALTIME_COARSE = 2,
	PF_CLOCK_MONOTONIC = 3,
	PF_CLOCK_MONOTONIC_COARSE = 4,
	PF_CLOCK_MONOTONIC_RAW = 5,
	PF_CLOCK_BOOTTIME = 6,
	PF_FTRACE_CLOCK_BOOT = 0,               /* FtraceClock: UNSPECIFIED (= boot) */
	PF_FTRACE_CLOCK_MONO_RAW = 4,           /* FtraceClock.FTRACE_CLOCK_MONO_RAW */

	PF_CS_SWITCH_TIMESTAMP = 1,             /* CompactSched.switch_timestamp */
	PF_CS_SWITCH_PREV_STATE = 2,            /* CompactSched.switch_prev_state */
	PF_CS_SWITCH_NEXT_PID = 3,              /* CompactSched.switch_next_pid */
	PF_CS_SWITCH_NEXT_PRIO = 4,             /* CompactSched.switch_next_prio */
	PF_CS_INTERN_TABLE = 5,                 /* CompactSched.intern_table */
	PF_CS_SWITCH_NEXT_COMM_INDEX = 6,       /* CompactSched.switch_next_comm_index */
	PF_CS_WAKING_TIMESTAMP = 7,             /* CompactSched.waking_timestamp */
	PF_CS_WAKING_PID = 8,                   /* CompactSched.waking_pid */
	PF_CS_WAKING_TARGET_CPU = 9,            /* CompactSched.waking_target_cpu */
	PF_CS_WAKING_PRIO = 10,                 /* CompactSched.waking_prio */
	PF_CS_WAKING_COMM_INDEX = 11,           /* CompactSched.waking_comm_index */
	PF_CS_WAKING_COMMON_FLAGS = 12,         /* CompactSched.waking_common_flags */

	PF_EV_TIMESTAMP = 1,                    /* FtraceEvent.timestamp */
	PF_EV_PID = 2,                          /* FtraceEvent.pid */
	PF_EV_COMMON_FLAGS = 5,                 /* FtraceEvent.common_flags */
	PF_EV_PRINT = 3,                        /* FtraceEvent.print */
	PF_EV_SCHED_SWITCH = 4,                 /* FtraceEvent.sched_switch */
	PF_EV_SCHED_WAKEUP = 17,                /* FtraceEvent.sched_wakeup */
	PF_EV_SCHED_BLOCKED_REASON = 18,        /* FtraceEvent.sched_blocked_reason */
	PF_EV_SCHED_WAKING = 20,                /* FtraceEvent.sched_waking */
	PF_EV_SCHED_WAKEUP_NEW = 114,           /* FtraceEvent.sched_wakeup_new */
	PF_EV_TASK_NEWTASK = 235,               /* FtraceEvent.task_newtask */
	PF_EV_TASK_RENAME = 236,                /* FtraceEvent.task_rename */
	PF_EV_GENERIC = 327,                    /* FtraceEvent.generic */

	PF_PRINT_BUF = 2,                       /* PrintFtraceEvent.buf */
	PF_SWITCH_PREV_COMM = 1,                /* SchedSwitchFtraceEvent.prev_comm */
	PF_SWITCH_PREV_PID = 2,                 /* SchedSwitchFtraceEvent.prev_pid */
	PF_SWITCH_PREV_PRIO = 3,                /* SchedSwitchFtraceEvent.prev_prio */
	PF_SWITCH_PREV_STATE = 4,               /* SchedSwitchFtraceEvent.prev_state */
	PF_SWITCH_NEXT_COMM = 5,                /* SchedSwitchFtraceEvent.next_comm */
	PF_SWITCH_NEXT_PID = 6,                 /* SchedSwitchFtraceEvent.next_pid */
	PF_SWITCH_NEXT_PRIO = 7,                /* SchedSwitchFtraceEvent.next_prio */
	PF_WAKE_COMM = 1,                       /* SchedWak{ing,eup,eupNew}FtraceEvent.comm */
	PF_WAKE_PID = 2,                        /* ... .pid */
	PF_BLOCKED_CALLER = 2,                  /* SchedBlockedReasonFtraceEvent.caller */
	PF_NEWTASK_PID = 1,                     /* TaskNewtaskFtraceEvent.pid */
	PF_NEWTASK_COMM = 2,                    /* TaskNewtaskFtraceEvent.comm */
	PF_NEWTASK_CLONE_FLAGS = 3,             /* TaskNewtaskFtraceEvent.clone_flags */
	PF_RENAME_PID = 1,                      /* TaskRenameFtraceEvent.pid */
	PF_RENAME_NEWCOMM = 3,                  /* TaskRenameFtraceEvent.newcomm */
	PF_GENERIC_EVENT_NAME = 1,              /* GenericFtraceEvent.event_name */
	PF_GENERIC_FIELD = 2,                   /* GenericFtraceEvent.field */
	PF_GFIELD_NAME = 1,                     /* GenericFtraceEvent.Field.name */
	PF_GFIELD_STR = 3,                      /* GenericFtraceEvent.Field.str_value */
	PF_GFIELD_INT = 4,                      /* GenericFtraceEvent.Field.int_value */
	PF_GFIELD_UINT = 5,                     /* GenericFtraceEvent.Field.uint_value */

	PF_PTREE_PROCESSES = 1,                 /* ProcessTree.processes */
	PF_PTREE_THREADS = 2,                   /* ProcessTree.threads */
	PF_PROC_PID = 1,                        /* ProcessTree.Process.pid */
	PF_PROC_PPID = 2,                       /* ProcessTree.Process.ppid */
	PF_PROC_CMDLINE = 3,                    /* ProcessTree.Process.cmdline */
	PF_THREAD_TID = 1,                      /* ProcessTree.Thread.tid */
	PF_THREAD_NAME = 2,                     /* ProcessTree.Thread.name */
	PF_THREAD_TGID = 3,                     /* ProcessTree.Thread.tgid */
	PF_PSTATS_PROCESSES = 1,                /* ProcessStats.processes */
	PF_PSTATS_PID = 1,                      /* ProcessStats.Process.pid */
	PF_PSTATS_THREADS = 11,                 /* ProcessStats.Process.threads */
	PF_PSTATS_THREAD_TID = 1,               /* ProcessStats.Thread.tid */
	PF_SYSINFO_UTSNAME = 1,                 /* SystemInfo.utsname */
	PF_UTSNAME_RELEASE = 3,                 /* Utsname.release */
};

/* The TrackEvent part (perfetto-track*.c), from the same schema. */
enum {
	PF_PKT_TRACK_EVENT = 11,                /* TracePacket.track_event */
	PF_PKT_STATE_CLEARED = 41,              /* TracePacket.incremental_state_cleared */
	PF_PKT_THREAD_DESCRIPTOR = 44,          /* TracePacket.thread_descriptor (legacy) */
	PF_PKT_TIMESTAMP_CLOCK_ID = 58,         /* TracePacket.timestamp_clock_id */
	PF_PKT_DEFAULTS = 59,                   /* TracePacket.trace_packet_defaults */
	PF_PKT_TRACK_DESCRIPTOR = 60,           /* TracePacket.track_descriptor */
	PF_PKT_FIRST_ON_SEQUENCE = 87,          /* TracePacket.first_packet_on_sequence */
	PF_SEQ_STATE_CLEARED = 1,               /* SequenceFlags SEQ_INCREMENTAL_STATE_CLEARED */
	PF_SEQ_NEEDS_STATE = 2,                 /* SequenceFlags SEQ_NEEDS_INCREMENTAL_STATE */
	PF_CLOCK_SEQUENCE_FIRST = 64,           /* sequence-scoped clock ids: 64..127 */
	PF_CLOCK_GLOBAL_FIRST = 128,            /* the trace's global clock ids: 128.. */

	PF_DEFAULTS_CLOCK_ID = 58,              /* TracePacketDefaults.timestamp_clock_id */
	PF_DEFAULTS_TRACK_EVENT = 11,           /* TracePacketDefaults.track_event_defaults */

	PF_INTERNED_EVENT_CATEGORIES = 1,       /* InternedData.event_categories */
	PF_INTERNED_EVENT_NAMES = 2,            /* InternedData.event_names */
	PF_INTERNED_DEBUG_NAMES = 3,            /* InternedData.debug_annotation_names */
	PF_INTERNED_DEBUG_STRINGS = 29,         /* InternedData.debug_annotation_string_values */
	/* EventCategory, EventName, DebugAnnotationName: iid 1, name 2, as
	 * InternedString (PF_ISTR_IID, PF_ISTR_STR) */

	PF_TE_TIMESTAMP_DELTA_US = 1,           /* TrackEvent.timestamp_delta_us */
	PF_TE_CATEGORY_IIDS = 3,                /* TrackEvent.category_iids */
	PF_TE_DEBUG_ANNOTATIONS = 4,            /* TrackEvent.debug_annotations */
	PF_TE_LEGACY_EVENT = 6,                 /* TrackEvent.legacy_event */
	PF_TE_TYPE = 9,                         /* TrackEvent.type */
	PF_TE_NAME_IID = 10,                    /* TrackEvent.name_iid */
	PF_TE_TRACK_UUID = 11,                  /* TrackEvent.track_uuid, TrackEventDefaults.track_uuid */
	PF_TE_EXTRA_COUNTER_VALUES = 12,        /* TrackEvent.extra_counter_values */
	PF_TE_TIMESTAMP_ABSOLUTE_US = 16,       /* TrackEvent.timestamp_absolute_us */
	PF_TE_CATEGORIES = 22,                  /* TrackEvent.categories */
	PF_TE_NAME = 23,                        /* TrackEvent.name */
	PF_TE_COUNTER_VALUE = 30,               /* TrackEvent.counter_value */
	PF_TE_EXTRA_COUNTER_UUIDS = 31,         /* TrackEvent(Defaults).extra_counter_track_uuids */
	PF_TE_DOUBLE_COUNTER_VALUE = 44,        /* TrackEvent.double_counter_value */
	PF_TE_EXTRA_DOUBLE_UUIDS = 45,          /* TrackEvent(Defaults).extra_double_counter_track_uuids */
	PF_TE_EXTRA_DOUBLE_VALUES = 46,         /* TrackEvent.extra_double_counter_values */
	PF_LEGACY_PHASE = 2,                    /* TrackEvent.LegacyEvent.phase */
	PF_TE_SLICE_BEGIN = 1,                  /* TrackEvent.Type TYPE_SLICE_BEGIN */
	PF_TE_SLICE_END = 2,                    /* TYPE_SLICE_END */
	PF_TE_INSTANT = 3,                      /* TYPE_INSTANT */
	PF_TE_COUNTER = 4,                      /* TYPE_COUNTER */

	PF_TD_UUID = 1,                         /* TrackDescriptor.uuid */
	PF_TD_NAME = 2,                         /* TrackDescriptor.name */
	PF_TD_PROCESS = 3,                      /* TrackDescriptor.process */
	PF_TD_THREAD = 4,                       /* TrackDescriptor.thread */
	PF_TD_PARENT_UUID = 5,                  /* TrackDescriptor.parent_uuid */
	PF_TD_COUNTER = 8,                      /* TrackDescriptor.counter */
	PF_TD_STATIC_NAME = 10,                 /* TrackDescriptor.static_name */
	PF_TD_ATRACE_NAME = 13,                 /* TrackDescriptor.atrace_name */
	PF_PD_PID = 1,                          /* ProcessDescriptor.pid */
	PF_PD_CMDLINE = 2,                      /* ProcessDescriptor.cmdline */
	PF_PD_PROCESS_NAME = 6,                 /* ProcessDescriptor.process_name */
	PF_TDESC_PID = 1,                       /* ThreadDescriptor.pid */
	PF_TDESC_TID = 2,                       /* ThreadDescriptor.tid */
	PF_TDESC_THREAD_NAME = 5,               /* ThreadDescriptor.thread_name */
	PF_TDESC_REFERENCE_US = 6,              /* ThreadDescriptor.reference_timestamp_us */
	PF_CD_UNIT_MULTIPLIER = 4,              /* CounterDescriptor.unit_multiplier */
	PF_CD_IS_INCREMENTAL = 5,               /* CounterDescriptor.is_incremental */

	PF_DA_NAME_IID = 1,                     /* DebugAnnotation.name_iid */
	PF_DA_BOOL = 2,                         /* DebugAnnotation.bool_value */
	PF_DA_UINT = 3,                         /* DebugAnnotation.uint_value */
	PF_DA_INT = 4,                          /* DebugAnnotation.int_value */
	PF_DA_DOUBLE = 5,                       /* DebugAnnotation.double_value */
	PF_DA_STRING = 6,                       /* DebugAnnotation.string_value */
	PF_DA_POINTER = 7,                      /* DebugAnnotation.pointer_value */
	PF_DA_NAME = 10,                        /* DebugAnnotation.name */
	PF_DA_STRING_IID = 17,                  /* DebugAnnotation.string_value_iid */
};

enum tm_pb_type {
	TM_PB_VARINT = 0,
	TM_PB_FIXED64 = 1,
	TM_PB_BYTES = 2,
	TM_PB_FIXED32 = 5,
};

/* A message being read: [p, end) of a buffer that starts at base. */
struct tm_pb {
	const uint8_t *p, *end, *base;
};

/* One field: its number and type; v for varints and fixed values, the
 * bytes [data, data + len) for TM_PB_BYTES (an empty view at its value for
 * the other types, never NULL); at: offset of its tag from the buffer's
 * start. */
struct tm_pb_field {
	uint32_t num;
	enum tm_pb_type type;
	uint64_t v;
	const uint8_t *data;
	size_t len;
	size_t at;
};

/* What went wrong, and where (offset from the buffer's start). */
struct tm_pb_error {
	const char *what;
	size_t at;
};

/* Read the message [P, P+LEN) of the buffer starting at BASE. */
static inline struct tm_pb tm_pb_init(const uint8_t *base, const uint8_t *p, size_t len)
{
	return (struct tm_pb){ .p = p, .end = p + len, .base = base };
}

/* The message held by field F (TM_PB_BYTES) of a message of R's buffer. */
static inline struct tm_pb tm_pb_sub(const struct tm_pb *r, const struct tm_pb_field *f)
{
	return tm_pb_init(r->base, f->data, f->len);
}

/* Read a varint at *P (before END) into *V and advance *P.  0, or -1 (the
 * input ends inside it, or it runs past 10 bytes) with *P on the bad byte. */
int tm_pb_varint(const uint8_t **p, const uint8_t *end, uint64_t *v);

/* tm_pb_next() and tm_pb_packed_next() in full: what their inline parts
 * below leave to them (long tags and lengths, fixed values, errors). */
int tm_pb_next_full(struct tm_pb *r, struct tm_pb_field *f, struct tm_pb_error *e);
struct tm_pb_packed;
int tm_pb_packed_next_full(struct tm_pb_packed *k, uint64_t *v, struct tm_pb_error *e);

/* A varint of at most 10 bytes at *P before END into *V, *P moved past
 * it: true; false (nothing moved) when it does not end by then. */
static inline bool tm_pb_varint_fast(const uint8_t **p, const uint8_t *end, uint64_t *v)
{
	const uint8_t *q = *p;
	uint64_t x = 0;

	for (unsigned i = 0; i < 10 && q < end; i++, q++) {
		x |= (uint64_t)(*q & 0x7f) << (7 * i);
		if (!(*q & 0x80)) {
			*v = x;
			*p = q + 1;
			return true;
		}
	}
	return false;
}

/* The next field of R into F.  1: a field; 0: the end of the message;
 * -1: malformed (E says why and where).  A one-byte tag of a varint or a
 * length-delimited field is read here, the rest by tm_pb_next_full. */
static inline int tm_pb_next(struct tm_pb *r, struct tm_pb_field *f, struct tm_pb_error *e)
{
	const uint8_t *q = r->p, *after;
	uint64_t n;
	unsigned tag;

	if (q >= r->end)
		return 0;
	tag = *q;
	if (tag >= 0x80 || tag < 8 || ((tag & 7) != TM_PB_VARINT && (tag & 7) != TM_PB_BYTES))
		return tm_pb_next_full(r, f, e);
	after = ++q;
	if (!tm_pb_varint_fast(&q, r->end, &n))
		return tm_pb_next_full(r, f, e);
	f->at = (size_t)(r->p - r->base);
	f->num = tag >> 3;
	f->type = (enum tm_pb_type)(tag & 7);
	if ((tag & 7) == TM_PB_VARINT) {
		f->data = after;        /* as tm_pb_next_full: not a view */
		f->len = 0;
		f->v = n;
	} else {
		if (n > (uint64_t)(r->end - q))
			return tm_pb_next_full(r, f, e);
		f->data = q;
		f->len = (size_t)n;
		f->v = 0;
		q += n;
	}
	r->p = q;
	return 1;
}

/* Values of a packed repeated varint field (or one unpacked element):
 * tm_pb_packed_next() gives the next value in *V, returns 1, 0 at the end,
 * -1 when malformed (E). */
struct tm_pb_packed {
	const uint8_t *p, *end, *base;
};
static inline struct tm_pb_packed tm_pb_packed_init(const struct tm_pb *r,
						    const struct tm_pb_field *f)
{
	return (struct tm_pb_packed){ .p = f->data, .end = f->data + f->len, .base = r->base };
}

/* The next value: 1, 0 at the end, -1 when malformed (E). */
static inline int tm_pb_packed_next(struct tm_pb_packed *k, uint64_t *v, struct tm_pb_error *e)
{
	if (k->p >= k->end)
		return 0;
	if (tm_pb_varint_fast(&k->p, k->end, v))
		return 1;
	return tm_pb_packed_next_full(k, v, e);
}

#endif
