#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""perfetto-events.py - write the event table of parsers/perfetto-events.c
from Perfetto's schema (perfetto_trace.proto): for each FtraceEvent kind
that gets a text form, its field number, name and the text layout of each
of its fields, as Perfetto's to_ftrace() writes the event.

    scripts/perfetto-events.py PATH/perfetto_trace.proto

rewrites the parts of parsers/perfetto-events.c between the lines
"BEGIN generated" and "END generated": every FtraceEvent kind (its name,
and the layout of those with a text form) and the names of TracePacket's
data fields.  The layouts:

- default: the fields in the order they come, " name=value" each when
  present (what to_ftrace() does for an event it has no special case for);
  ints signed, uints unsigned, strings and bytes as text (a control
  byte written '?' so that an event stays one line: to_ftrace() writes
  them as they are);
- the special cases of to_ftrace() (SPECIAL below): steps in the given
  order, each a prefix and a field's value in one format, the prefix
  written always ('V') or only with the field ('A'), or a literal ('L').

Events left out (EXCLUDED, and any with a field of another type: double,
bool, enum, message, repeated) keep no text form: they are counted
per field number by the reader.  The layouts were checked against the
to_ftrace() of Perfetto's trace_processor (Debian's chromium 156) on one
event of each kind (tests/cli/perfetto.sh, testdata/perfetto/events.*).
"""
import re
import sys

# name -> [(cond, prefix, field number, format)]; formats: see enum pf_fmt
# in perfetto-events.c.
SPECIAL = {
    "irq_handler_entry": [("A", " irq=", 1, "I"), ("A", " name=", 2, "S")],
    "irq_handler_exit": [("A", " irq=", 1, "I"), ("V", " ret=", 2, "HANDLED")],
    "softirq_entry": [("A", " vec=", 1, "U"), ("V", " [action=", 1, "ACTION"), ("L", "]", 0, "")],
    "softirq_exit": [("A", " vec=", 1, "U"), ("V", " [action=", 1, "ACTION"), ("L", "]", 0, "")],
    "workqueue_execute_start": [("V", " work struct ", 1, "HEX"), ("V", ": function ", 2, "KSYM")],
    "workqueue_execute_end": [("V", " work struct ", 1, "HEX")],
    "workqueue_activate_work": [("V", " work struct ", 1, "HEX")],
    # to_ftrace() writes function=HEX then the workqueue (a string since
    # 2024, formerly a pointer) as hex and req_cpu and cpu with no key or
    # blank; written here as the kernel's format names them.
    "workqueue_queue_work": [("V", " work struct=", 1, "HEX"), ("A", " function=", 2, "HEX"),
                             ("A", " workqueue=", 6, "S"), ("A", " req_cpu=", 4, "I"),
                             ("A", " cpu=", 5, "I")],
    "binder_transaction": [("V", " transaction=", 1, "U32"), ("V", " dest_node=", 2, "U32"),
                           ("V", " dest_proc=", 3, "I"), ("V", " dest_thread=", 4, "I"),
                           ("V", " reply=", 5, "I"), ("V", " flags=0x", 7, "HEX"),
                           ("V", " code=0x", 6, "HEX")],
    "binder_transaction_received": [("V", " transaction=", 1, "U32")],
    "binder_transaction_alloc_buf": [("V", " transaction=", 2, "U32"), ("A", " data_size=", 1, "U"),
                                     ("A", " offsets_size=", 3, "U")],
    "clock_set_rate": [("L", " ", 0, ""), ("V", "", 1, "S"), ("A", " state=", 2, "U"),
                       ("A", " cpu_id=", 3, "U")],
    # to_ftrace() writes no blank after "clock_enable:", "clock_disable:" and
    # "tracing_mark_write:" (a line the kernel never writes, which
    # tracemerge's ftrace reader does not take); written here with it.
    "clock_enable": [("L", " ", 0, ""), ("V", "", 1, "S"), ("A", " state=", 2, "U"), ("A", " cpu_id=", 3, "U")],
    "clock_disable": [("L", " ", 0, ""), ("V", "", 1, "S"), ("A", " state=", 2, "U"), ("A", " cpu_id=", 3, "U")],
    "clk_set_rate": [("L", " ", 0, ""), ("V", "", 1, "S"), ("L", " ", 0, ""), ("V", "", 2, "U")],
    "i2c_read": [("V", " i2c-", 1, "I"), ("V", " #", 2, "U"), ("A", " a=", 3, "HEX3"),
                 ("A", " f=", 4, "HEX4"), ("A", " l=", 5, "U")],
    "i2c_write": [("V", " i2c-", 1, "I"), ("V", " #", 2, "U"), ("A", " a=", 3, "HEX3"),
                  ("A", " f=", 4, "HEX4"), ("A", " l=", 5, "U"), ("A", " [", 7, "BYTES")],
    "i2c_reply": [("V", " i2c-", 1, "I"), ("V", " #", 2, "U"), ("A", " a=", 3, "HEX3"),
                  ("A", " f=", 4, "HEX4"), ("A", " l=", 5, "U"), ("A", " [", 7, "BYTES")],
    "i2c_result": [("V", " i2c-", 1, "I"), ("A", " n=", 2, "U"), ("A", " ret=", 3, "I")],
    "cgroup_attach_task": [("A", " dst_root=", 1, "I"), ("A", " dst_id=", 2, "I"),
                           ("A", " cgroup=", 5, "S"), ("A", " dst_level=", 6, "I"),
                           ("A", " dst_path=", 7, "S"), ("A", " pid=", 3, "I"),
                           ("A", " comm=", 4, "S")],
    "mm_filemap_add_to_page_cache": [("A", " dev ", 4, "DEV"), ("A", " ino ", 2, "HEX"),
                                     ("A", " page=", 5, "ZERO16"), ("A", " pfn=", 1, "U"),
                                     ("A", " ofs=", 3, "PAGEOFS")],
    "tracing_mark_write": [("V", " ", 3, "BEGIN"), ("V", "|", 1, "I"), ("V", "|", 2, "S")],
    "sched_wakeup": [("A", " comm=", 1, "S"), ("A", " pid=", 2, "I"), ("A", " prio=", 3, "I"),
                     ("A", " target_cpu=", 5, "CPU3")],
}

# Written by perfetto-lines.c itself, or without a text form here: gfp_flags
# (to_ftrace() names the flags, by kernel version), the vendor markers
# written as tracing_mark_write lines, timers whose function is a symbol,
# sys_enter (repeated args).
EXCLUDED = {
    "print", "sched_switch", "sched_blocked_reason", "generic", "sys_enter",
    "g2d_tracing_mark_write", "dpu_tracing_mark_write", "samsung_tracing_mark_write",
    "panel_write_generic", "hrtimer_expire_entry",
}
SCALARS = {"int32": "I", "int64": "I", "uint32": "U",
           "uint64": "U", "string": "S", "bytes": "S"}
# (event, field) -> format, where the kernel's own text form differs from
# the field's type and tracemerge's readers take the kernel's: the clone
# flags of task_newtask are "%lx" in the kernel (to_ftrace() writes them in
# decimal), and the kernel scan reads CLONE_THREAD from them in hex.
KERNEL_FORMATS = {("task_newtask", "clone_flags"): "HEX"}


def schema_events(src):
    fe = re.search(r"^message FtraceEvent \{(.*?)^\}", src, re.S | re.M).group(1)
    for m in re.finditer(r"(\w+FtraceEvent) (\w+) = (\d+);", fe):
        yield m.group(2), m.group(1), int(m.group(3))


def fields(src, msg):
    if re.search(r"^message %s \{\s*\}" % msg, src, re.M):
        return []
    body = re.search(r"^message %s \{(.*?)^\}" % msg, src, re.S | re.M).group(1)
    return [(m.group(1), m.group(2), m.group(3), int(m.group(4)))
            for m in re.finditer(r"^\s*(optional|repeated|required)?\s*([\w.]+) (\w+) = (\d+)", body, re.M)]


def layout(src, name, msg):
    if name in SPECIAL:
        return "PF_FIXED", SPECIAL[name]
    fs = fields(src, msg)
    if not fs or name in EXCLUDED:
        return None, None
    steps = []
    for lab, typ, fname, num in fs:
        if lab == "repeated" or typ not in SCALARS or "gfp" in fname:
            return None, None
        steps.append(("A", " %s=" % fname, num,
                      KERNEL_FORMATS.get((name, fname), SCALARS[typ])))
    return "PF_DEFAULT", steps


def c_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def packet_kinds(src):
    tp = re.search(r"^message TracePacket \{(.*?)^\}", src, re.S | re.M).group(1)
    data = re.search(r"oneof data \{(.*?)\n  \}", tp, re.S).group(1)
    return sorted((int(m.group(3)), m.group(2))
                  for m in re.finditer(r"^\s*([\w.]+) (\w+) = (\d+)", data, re.M))


def replace_region(text, tag, lines):
    a = text.index("BEGIN generated " + tag)
    a = text.index("\n", a) + 1
    b = text.rindex("\n", 0, text.index("END generated " + tag)) + 1
    return text[:a] + "\n".join(lines) + "\n" + text[b:]


def main():
    src = open(sys.argv[1]).read()
    out, written = [], 0
    for name, msg, num in sorted(schema_events(src), key=lambda e: e[2]):
        kind, steps = layout(src, name, msg)
        if not kind:
            out.append("\t{ %d, %s, PF_NOFORM, 0, NULL }," % (num, c_string(name)))
            continue
        written += 1
        fs = ", ".join("{ %d, PF_%s, PF_%s, %s }" % (n, fmt or "NONE", {"A": "ARG", "V": "VAL", "L": "LIT"}[c],
                                                   c_string(pre)) for c, pre, n, fmt in steps)
        out.append("\t{ %d, %s, %s, %d, (const struct pf_step[]){ %s } }," %
                   (num, c_string(name), kind, len(steps), fs))
    kinds = ["\t{ %d, %s }," % (num, c_string(name)) for num, name in packet_kinds(src)]
    path = "parsers/perfetto-events.c"
    text = replace_region(open(path).read(), "events", out)
    text = replace_region(text, "packets", kinds)
    open(path, "w").write(text)
    print("%d events, %d with a text form; %d packet kinds" % (len(out), written, len(kinds)))


if __name__ == "__main__":
    main()
