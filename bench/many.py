#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Inputs that stress tracemerge's tables rather than its speed.

    many.py names N OUT      Trace Event JSON, N events with N distinct names
    many.py tasks N OUT      ftrace text, N sched_switch lines, N+1 distinct tasks
    many.py longname MB OUT  Trace Event JSON, one event whose name is MB MiB
    many.py worstjson N OUT  Trace Event JSON, N events, each with a name of
                             300 bytes, a pid and a thread of its own
    many.py worstkernel N OUT  ftrace text, N events, each with an event name
                             of 300 bytes and a task of its own, on 5000
                             CPUs; then 20000 async slices left open, with
                             names and cookies of 190 bytes

Used by `make bench` (scripts/bench.py, memory rows) and tests/cli/hostile.sh.
"""
import sys


def names(n, out):
    out.write('{"traceEvents":[\n')
    for i in range(n):
        out.write('{"name":"event-%07d-%s","cat":"c","ph":"X","ts":%d.%03d,'
                  '"dur":1,"pid":1,"tid":%d,"args":{"i":%d}}%s\n'
                  % (i, "x" * 150, 1000 + i // 1000, i % 1000, 1 + i % 7, i,
                     "," if i + 1 < n else ""))
    out.write("]}\n")


def ftrace_line(out, comm, pid, cpu, i, rest):
    """One line of task COMM-PID on CPU, stamped 100 s + I us: REST."""
    out.write("%16s-%-7d [%03d] d..2 %5d.%06d: %s\n"
              % (comm, pid, cpu, 100 + i // 1000000, i % 1000000, rest))


def tasks(n, out):
    out.write("# tracer: nop\n#\n")
    for i in range(n):
        pid = 1000 + i
        ftrace_line(out, "t%d" % pid, pid, i % 4, i,
                    "sched_switch: prev_comm=t%d prev_pid=%d prev_prio=120 prev_state=S "
                    "==> next_comm=t%d next_pid=%d next_prio=120" % (pid, pid, pid + 1, pid + 1))


def longname(mb, out):
    out.write('{"traceEvents":[{"name":"')
    chunk = "n" * (1 << 20)
    for _ in range(mb):
        out.write(chunk)
    out.write('","ph":"i","s":"g","ts":1,"pid":1,"tid":1}]}\n')


def worstjson(n, out):
    out.write('{"traceEvents":[\n')
    for i in range(n):
        out.write('{"name":"%07d-%s","ph":"i","s":"t","ts":%d,"pid":%d,"tid":%d}%s\n'
                  % (i, "w" * 292, i, 10 + i, 10 + i, "," if i + 1 < n else ""))
    out.write("]}\n")


def worstkernel(n, out):
    out.write("# tracer: nop\n#\n")
    for i in range(n):
        pid = 1000 + i
        ftrace_line(out, "t%d" % pid, pid, i % 5000, i, "k%07d_%s: x=1" % (i, "k" * 292))
    for i in range(20000):
        ftrace_line(out, "a", 10, 0, n + i,
                    "tracing_mark_write: S|10|%s|%07d%s" % ("s" * 190, i, "c" * 183))


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("names", "tasks", "longname",
                                                  "worstjson", "worstkernel"):
        sys.exit(__doc__)
    with open(sys.argv[3], "w") as out:
        globals()[sys.argv[1]](int(sys.argv[2]), out)


if __name__ == "__main__":
    main()
