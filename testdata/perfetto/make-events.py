#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# make-events.py: events.textproto, one event of each kind that
# parsers/perfetto-events.c writes, every field set (run at the top of the
# tree; argument: the path of perfetto_trace.proto).
import re, sys, subprocess
sys.path.insert(0, "scripts")
import importlib.util
spec = importlib.util.spec_from_file_location("pe", "scripts/perfetto-events.py"); pe = importlib.util.module_from_spec(spec); spec.loader.exec_module(pe)
src = open(sys.argv[1]).read()
OVR = {("softirq_entry", "vec"): "3", ("softirq_exit", "vec"): "9", ("softirq_raise", "vec"): "1",
       ("irq_handler_exit", "ret"): "0", ("tracing_mark_write", "trace_begin"): "1",
       ("mm_filemap_add_to_page_cache", "s_dev"): "8388609"}
def val(t, i, name):
    if t == "string": return '"%s%d"' % (name[:3], i)
    if t == "bytes": return '"\\001\\177"'
    if t in ("int32", "int64"): return str(-(i + 2)) if i % 2 else str(i + 7)
    if t in ("uint32", "uint64"): return str(100 + i * 37)
    return None
lines = []
ts = 1000000000
names = []
for name, msg, num in sorted(pe.schema_events(src), key=lambda e: e[2]):
    kind, steps = pe.layout(src, name, msg)
    if not kind: continue
    parts = []
    for i, (lab, t, f, fn) in enumerate(pe.fields(src, msg)):
        v = OVR.get((name, f)) or val(t, i, f)
        if v is not None: parts.append("%s: %s" % (f, v))
    ts += 1000
    names.append(name)
    lines.append("    event { timestamp: %d pid: 42 %s { %s } }" % (ts, name, " ".join(parts)))
out = ["# One event of each kind that parsers/perfetto-events.c writes, every",
       "# field set (made by the script in SOURCES.txt), 1 us apart on CPU 2.",
       "packet {", "  trusted_packet_sequence_id: 1", "  ftrace_events {", "    cpu: 2"] + lines + ["  }", "}"]
open("testdata/perfetto/events.textproto", "w").write("\n".join(out) + "\n")
print(len(names))
