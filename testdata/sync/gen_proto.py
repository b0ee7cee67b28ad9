#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Writes kernel_proto.pb: a Perfetto proto trace (no clock snapshot: its
# ftrace events are on Perfetto's default clock, BOOTTIME) holding the kernel
# side of kernel.txt as print events on CPU 0: clock-sync markers name=s1, s2,
# s3 at 100.000100, 101.000100, 102.000100 s and atrace B|4242|work at
# 100.500000, E|4242 at 100.600000 (app.json is its application side).
# Field numbers from perfetto_trace.proto: Trace.packet 1,
# TracePacket.ftrace_events 1, FtraceEventBundle.cpu 1 / .event 2,
# FtraceEvent.timestamp 1 / .pid 2 / .print 3, PrintFtraceEvent.buf 2.
import os


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7f
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def field(num, wire, payload):
    key = varint(num << 3 | wire)
    if wire == 0:
        return key + varint(payload)
    return key + varint(len(payload)) + payload


def event(ts, pid, text):
    pr = field(2, 2, text.encode())
    return field(1, 0, ts) + field(2, 0, pid) + field(3, 2, pr)


events = [
    (100000100000, "trace_event_clock_sync: name=s1\n"),
    (100500000000, "B|4242|work\n"),
    (100600000000, "E|4242\n"),
    (101000100000, "trace_event_clock_sync: name=s2\n"),
    (102000100000, "trace_event_clock_sync: name=s3\n"),
]
bundle = field(1, 0, 0) + b"".join(field(2, 2, event(ts, 4242, t)) for ts, t in events)
packet = field(1, 2, bundle)
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernel_proto.pb"), "wb") as f:
    f.write(field(1, 2, packet))
