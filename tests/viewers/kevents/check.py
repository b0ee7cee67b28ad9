# SPDX-License-Identifier: GPL-2.0-or-later
"""Checks for tests/viewers/kevents.sh; each command prints one line, exit 1 = failed.

  hand OUT.json               testdata/kevents/hand.txt converted: every object
                              worked out by hand below is there exactly once,
                              and nothing else but names
  counts OUT.json INPUT       objects per kind against counts made here from
                              INPUT's text (independent of the tool's parsers)
  cpufreq_limits OUT.json CSV Perfetto's expected "Cpu N Max/Min" rows
  state OUT.json CSV          Perfetto's expected D-state rows (ts, tid, io_wait)
  same TEXT.model EVENTS.model  Catapult models: atrace slices, async slices,
                              counter samples equal; CPU time per tid within 1 us
"""
import json, re, sys
from decimal import Decimal

CPU_PID = 2100000000
STATE = 1000000000


def events(path):
    return json.load(open(path), parse_float=Decimal)["traceEvents"]


def fail(msg):
    print(msg)
    sys.exit(1)


def sub(want, e):
    return all(k in e and (e[k] == v if not isinstance(v, dict) else sub(v, e[k]))
               for k, v in want.items())


# hand.txt, worked out line by line (ts/dur in us; CPU n track tid =
# CPU_PID + 1 + 2n, its irq track + 2 + 2n; state track = tid + STATE)
HAND = [
    # sched_switch -> running slices on the CPU tracks (idle not drawn)
    dict(ph="X", cat="sched", pid=CPU_PID, tid=CPU_PID + 1, ts=100000000, dur=600, name="app",
         args=dict(tid=10, pid=10, end_state="D")),
    dict(ph="X", cat="sched", pid=CPU_PID, tid=CPU_PID + 3, ts=100000800, dur=500, name="worker",
         args=dict(tid=11, pid=10, end_state="S")),
    dict(ph="X", cat="sched", pid=CPU_PID, tid=CPU_PID + 1, ts=100001400, dur=900, name="app",
         args=dict(tid=10, end_state="S")),
    # thread states
    dict(ph="X", cat="thread_state", pid=10, tid=STATE + 10, ts=100000000, dur=600, name="Running"),
    dict(ph="X", cat="thread_state", pid=10, tid=STATE + 10, ts=100000600, dur=400,
         name="Uninterruptible Sleep",
         args=dict(blocked_function="wait_on_page_bit+0x10/0x20", io_wait=1)),
    dict(ph="X", cat="thread_state", pid=10, tid=STATE + 10, ts=100001000, dur=400, name="Runnable"),
    dict(ph="X", cat="thread_state", pid=10, tid=STATE + 10, ts=100001400, dur=900, name="Running"),
    dict(ph="B", cat="thread_state", pid=10, tid=STATE + 10, ts=100002300, name="Sleeping"),
    dict(ph="X", cat="thread_state", pid=10, tid=STATE + 11, ts=100000800, dur=500, name="Running"),
    dict(ph="B", cat="thread_state", pid=10, tid=STATE + 11, ts=100001300, name="Sleeping"),
    # wakeups: app wakes worker (runs at 800), worker wakes app (runs at 1400)
    dict(ph="s", pid=10, tid=STATE + 10, ts=100000500, name="sched_waking"),
    dict(ph="f", pid=10, tid=STATE + 11, ts=100000800, name="sched_waking", bp="e"),
    dict(ph="s", pid=10, tid=STATE + 11, ts=100001000, name="sched_wakeup"),
    dict(ph="f", pid=10, tid=STATE + 10, ts=100001400, name="sched_wakeup", bp="e"),
    # atrace
    dict(ph="B", cat="atrace", pid=10, tid=10, ts=100000100, name="outer"),
    dict(ph="B", cat="atrace", pid=10, tid=10, ts=100000200, name="inner"),
    dict(ph="E", cat="atrace", pid=10, tid=10, ts=100000300),
    dict(ph="B", cat="atrace", pid=10, tid=10, ts=100001500, name="never_ends"),
    dict(ph="C", pid=10, ts=100000400, name="queue", args=dict(value=5)),
    dict(ph="b", pid=10, tid=10, ts=100000450, name="load", args=dict(cookie="7")),
    dict(ph="e", pid=10, tid=11, ts=100000900, name="load", args=dict(cookie="7")),
    dict(ph="i", cat="atrace_unmatched", pid=10, tid=11, ts=100000950, args=dict(details="E|10")),
    dict(ph="b", pid=10, tid=10, ts=100001900, name="req", args=dict(track="net", cookie="3")),
    dict(ph="e", pid=10, tid=10, ts=100002000, name="req"),
    dict(ph="i", cat="atrace_instant", pid=10, tid=10, ts=100002100, name="tick", s="t"),
    dict(ph="i", cat="atrace_instant", pid=10, tid=10, ts=100002200, name="arrived", s="p",
         args=dict(track="net")),
    # counters
    dict(ph="C", pid=CPU_PID, ts=100001050, name="cpu_frequency CPU 1", args=dict(value=1800000)),
    dict(ph="C", pid=CPU_PID, ts=100001600, name="cpu_idle CPU 0", args=dict(value=-1)),
    dict(ph="C", pid=CPU_PID, ts=100001700, name="cpu_frequency_limits CPU 0",
         args=dict(min=300000, max=2000000)),
    dict(ph="C", pid=10, ts=100001800, name="mem.rss.anon", args=dict(value=4096)),
    # interrupts, workqueues, the rest
    dict(ph="X", cat="irq", pid=CPU_PID, tid=CPU_PID + 4, ts=100000700, dur=50, name="IRQ (eth0)"),
    dict(ph="X", cat="workqueue", pid=10, tid=11, ts=100001100, dur=50, name="vmstat_update"),
    dict(ph="i", cat="kernel", pid=10, tid=11, ts=100001200, name="some_event",
         args=dict(details='foo=1 bar="two words"')),
]


def cmd_hand(out):
    evs = [e for e in events(out) if e["ph"] != "M"]
    used = set()
    for w in HAND:
        hits = [i for i, e in enumerate(evs) if sub(w, e)]
        if len(hits) != 1:
            fail("expected once, found %d times: %s" % (len(hits), w))
        used.add(hits[0])
    extra = [e for i, e in enumerate(evs) if i not in used]
    if extra:
        fail("unexpected objects: %s" % extra[:3])
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events(out)
             if e["ph"] == "M" and e["name"] == "thread_name"}
    for k, v in {(CPU_PID, CPU_PID + 1): "CPU 0", (CPU_PID, CPU_PID + 4): "CPU 1 irq",
                 (10, STATE + 11): "worker (state)", (10, 11): "worker"}.items():
        if names.get(k) != v:
            fail("thread %s named %r, want %r" % (k, names.get(k), v))
    print("%d objects as worked out by hand" % len(HAND))


def cmd_counts(out, inp):
    """Counts from the input text: atrace payload letters, sched_switch
    pairs on a CPU whose previous switch ran a task, per-thread B/E depth."""
    text = open(inp, errors="replace").read()
    m = re.search(r'var linuxPerfData = "\\\n(.*?)\\n";', text, re.S)
    if m:
        text = m.group(1).replace("\\n\\\n", "\n")
    line_re = re.compile(r"^\s*(.+)-(\d+)\s+(?:\(\s*[-\d]+\)\s+)?\[(\d+)\]\s.*?\d+\.\d+: ([^:]+): (.*)$")
    depth, last = {}, {}
    want = dict(B=0, E=0, C=0, cpu=0, cpu_open=0)
    for ln in text.split("\n"):
        mm = line_re.match(ln.rstrip("\r"))
        if not mm:
            continue
        pid, cpu, name, det = int(mm.group(2)), int(mm.group(3)), mm.group(4), mm.group(5)
        if name in ("tracing_mark_write", "0", "print"):
            det = det.rstrip()
            if re.match(r"B\|\d+\|.", det):
                want["B"] += 1
                depth[pid] = depth.get(pid, 0) + 1
            elif re.match(r"E(\||$)", det) and depth.get(pid, 0):
                want["E"] += 1
                depth[pid] -= 1
            elif re.match(r"C\|\d+\|[^|]+\|-?[\d.]+", det):
                want["C"] += 1
        elif name == "sched_switch":
            nxt = int(re.search(r"next_pid=(\d+)", det).group(1))
            if last.get(cpu, 0):
                want["cpu"] += 1
            last[cpu] = nxt
    want["cpu_open"] = sum(1 for v in last.values() if v)
    got = dict(B=0, E=0, C=0, cpu=0, cpu_open=0)
    for e in events(out):
        if e.get("cat") == "atrace" and e["ph"] in "BEC":
            got[e["ph"]] += 1
        elif e.get("cat") == "sched" and e["pid"] == CPU_PID:
            got["cpu" if e["ph"] == "X" else "cpu_open"] += 1
    if got != want:
        fail("got %s, counted %s" % (got, want))
    print("B=%(B)d E=%(E)d C=%(C)d cpu slices=%(cpu)d (+%(cpu_open)d open)" % got)


def cmd_cpufreq_limits(out, csv):
    rows = [l.split(",") for l in open(csv).read().split("\n")[1:] if l]
    got = {}
    for e in events(out):
        m = re.match(r"cpu_frequency_limits CPU (\d+)$", e.get("name", ""))
        if e["ph"] == "C" and m:
            ts = int(Decimal(e["ts"]) * 1000)
            got[(ts, "Cpu %s Max" % m.group(1))] = e["args"]["max"]
            got[(ts, "Cpu %s Min" % m.group(1))] = e["args"]["min"]
    for ts, val, cpu in rows:
        key = (int(ts), cpu.strip('"'))
        if got.get(key) != int(Decimal(val)):
            fail("%s: got %s, Perfetto %s" % (key, got.get(key), val))
    if len(got) != len(rows):
        fail("%d samples, Perfetto %d" % (len(got), len(rows)))
    print("%d counter samples as Perfetto's" % len(rows))


def cmd_state(out, csv):
    rows = [l.split(",") for l in open(csv).read().split("\n")[1:] if l]
    d = {}
    for e in events(out):
        if e.get("cat") == "thread_state" and e["name"] == "Uninterruptible Sleep":
            d[(int(Decimal(e["ts"]) * 1000), e["tid"] - STATE)] = e["args"].get("io_wait")
    for ts, tid, io in rows:
        if d.get((int(ts), int(tid))) != int(io):
            fail("D state at %s tid %s: io_wait %s, Perfetto %s" % (ts, tid, d.get((int(ts), int(tid))), io))
    if len(d) != len(rows):
        fail("%d D states, Perfetto %d" % (len(d), len(rows)))
    print("%d D states with Perfetto's io_wait" % len(rows))


def cmd_same(a, b):
    t, e = json.load(open(a)), json.load(open(b))
    for m in (t, e):
        if not m["ok"]:
            fail("import failed: %s" % m["error"])
    if e["import_warnings"]:
        fail("%d import warnings on the events output: %s" % (
            e["import_warnings"], e.get("first_warnings")))
    for k in ("atrace_slices", "async_slices", "counter_samples"):
        if t[k] != e[k]:
            fail("%s: text %d, events %d" % (k, t[k], e[k]))
    if set(t["cpu_us"]) != set(e["cpu_us"]):
        fail("threads with CPU time differ: %s" % (set(t["cpu_us"]) ^ set(e["cpu_us"])))
    worst = max([abs(t["cpu_us"][k] - e["cpu_us"][k]) for k in t["cpu_us"]] or [0])
    if worst > 1:
        fail("CPU time differs by %.3f us" % worst)
    print("slices %d, async %d, counter samples %d, CPU time of %d threads within %.3f us"
          % (t["atrace_slices"], t["async_slices"], t["counter_samples"], len(t["cpu_us"]), worst))


if __name__ == "__main__":
    globals()["cmd_" + sys.argv[1]](*sys.argv[2:])
