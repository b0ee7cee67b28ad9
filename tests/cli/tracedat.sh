#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# trace.dat input (libtracecmd): the events imported from a trace.dat are
# the ones `trace-cmd report -t` prints, in the same order, with the same
# pid, CPU, nanosecond timestamp, event and marker text.
#  - testdata/tracedat/small.dat (made on a test VM with a tracefs instance
#    and `trace-cmd extract -B`, kallsyms hidden to keep it small) against
#    small.report, the `trace-cmd report -t` output saved beside it;
#  - a trace.dat made here and now, against `trace-cmd report -t` run here
#    (skipped, visibly, without root, tracefs or trace-cmd);
#  - gzip'ed and stdin trace.dat, stats, and truncated files (clean error).
. "$(dirname "$0")/../lib.sh"
D=$top/testdata/tracedat

cat > "$T/cmp.py" <<'PY'
import json, re, sys

# trace-cmd report: "[inst:] comm-pid [cpu] secs.ns: event: text"
REP = re.compile(r'-(\d+)\s+\[(\d+)\]\s+(\d+\.\d{9}):\s+(\w+):\s+(.*)$')
# ours (canonical): "comm-pid (tgid) [cpu] flags secs.ns: event: text"
OURS = re.compile(r'-(\d+)\s+\((?:\s*\d+|-----)\)\s+\[(\d+)\]\s+\S{4}\s+(\d+\.\d{9}):\s+(\w+):\s?(.*)$')

def marker_text(ev, text):
    # report: "print: tracing_mark_write: X" or, without kallsyms, "print: 0xffff...: X"
    if ev == "print":
        return re.sub(r'^\S+:\s', '', text, count=1)
    return None

def report(path):
    out = []
    for l in open(path, encoding="utf-8", errors="replace"):
        m = REP.search(l.rstrip("\n"))
        if m:
            pid, cpu, ts, ev, text = m.groups()
            out.append((int(pid), int(cpu), ts, "tracing_mark_write" if ev == "print" else ev,
                        marker_text(ev, text)))
        elif out and out[-1][4] is not None and l.strip():
            # a marker's embedded newline: the import writes it as "\\n"
            p = out[-1]
            out[-1] = p[:4] + (p[4] + "\\n" + l.rstrip("\n"),)
        elif l.strip() and not l.startswith("cpus="):
            sys.exit("report line not understood: %r" % l)
    return out

def ours(path):
    j = json.load(open(path))
    out = []
    for l in j["systemTraceEvents"].split("\n"):
        if not l or l.startswith("#"):
            continue
        m = OURS.search(l)
        if not m:
            sys.exit("imported line not understood: %r" % l)
        pid, cpu, ts, ev, text = m.groups()
        out.append((int(pid), int(cpu), ts, ev, text if ev == "tracing_mark_write" else None))
    return out

a, b = report(sys.argv[1]), ours(sys.argv[2])
marks = sum(1 for e in a if e[3] == "tracing_mark_write")
diff = [(i, x, y) for i, (x, y) in enumerate(zip(a, b)) if x != y]
print("%d events (%d markers) in trace-cmd report, %d imported, %d differ" % (len(a), marks, len(b), len(diff)))
if diff or len(a) != len(b) or not a:
    for d in diff[:5]:
        print("  event %d: report %s, ours %s" % d)
    sys.exit(1)
PY

# ---- the committed sample ----------------------------------------------------
if $TM import -q -o "$T/small.json" "$D/small.dat"; then
	lcheck "trace.dat: testdata small.dat imports as trace-cmd report -t printed it" \
		python3 "$T/cmp.py" "$D/small.report" "$T/small.json"
else
	notok "trace.dat: testdata small.dat imports"
fi
check "trace.dat: stats says trace.dat, 52 events (as in small.report), 0 rejected" \
	sh -c "$TM stats '$D/small.dat' > '$T/st' && grep -q '^format:  trace.dat' '$T/st' &&
	       grep -q '52 events + 0 continuation' '$T/st' && grep -q '+ 0 rejected' '$T/st'"
gzip -c "$D/small.dat" > "$T/small.dat.gz"
check "trace.dat: gzip'ed and on stdin: the same events" \
	sh -c "$TM import -q -o '$T/gz.json' '$T/small.dat.gz' && $TM import -q -o '$T/in.json' - < '$D/small.dat' &&
	       python3 '$T/cmp.py' '$D/small.report' '$T/gz.json' && python3 '$T/cmp.py' '$D/small.report' '$T/in.json'"
head -c 20000 "$D/small.dat" > "$T/trunc.dat"
$TM import -o "$T/trunc.json" "$T/trunc.dat" > "$T/e" 2>&1; rc=$?
if [ $rc = 1 ] && [ "$(wc -l < "$T/e")" = 1 ] && grep -q 'trunc.dat: trace.dat' "$T/e" && [ ! -e "$T/trunc.json" ]; then
	ok "trace.dat: a truncated file -> exit 1, one line: $(cat "$T/e")"
else
	notok "trace.dat: a truncated file -> exit 1, one line (exit $rc)"; sed 's/^/    /' "$T/e" | head -5
fi
# found by fuzz_tracedat: one digit changed in a size libtracecmd trusts
# (it asks malloc for ~2 EB): a clean error, no crash
cp "$D/small.dat" "$T/size.dat" && printf '4' | dd of="$T/size.dat" bs=1 seek=68174 conv=notrunc 2>/dev/null
$TM import -o "$T/size.json" "$T/size.dat" > "$T/e" 2>&1; rc=$?
# (a sanitizer build adds its own warning line about the allocation)
if [ $rc = 1 ] && [ "$(grep -c '^tracemerge' "$T/e")" = 1 ] && grep -q 'size.dat: trace.dat' "$T/e" &&
   [ ! -e "$T/size.json" ]; then
	ok "trace.dat: a corrupt size field -> exit 1, one line"
else
	notok "trace.dat: a corrupt size field -> exit 1, one line (exit $rc)"; sed 's/^/    /' "$T/e" | head -5
fi
# found by fuzz_tracedat: libtracecmd dereferences NULL on this one (its
# buffer-instance error path); the conversion runs in a child process, so
# this is a clean error, not a crash
python3 -c '
import sys
b = bytearray(open(sys.argv[1], "rb").read())
for l in open(sys.argv[2]):
    if not l.startswith("#"):
        o, v = l.split()
        b[int(o)] = int(v, 16)
open(sys.argv[3], "wb").write(b)' "$D/small.dat" "$D/crash-instance-handle.patch" "$T/crash.dat"
$TM stats "$T/crash.dat" > "$T/e" 2>&1; rc=$?
# (under valgrind its report of libtracecmd's bad read comes too)
if [ $rc = 1 ] && [ "$(grep -c '^tracemerge' "$T/e")" = 1 ] && grep -q 'crash.dat: trace.dat: libtracecmd crashed' "$T/e"; then
	ok "trace.dat: a file that crashes libtracecmd -> exit 1, one line: $(grep '^tracemerge' "$T/e")"
else
	notok "trace.dat: a file that crashes libtracecmd -> exit 1, one line (exit $rc)"; sed 's/^/    /' "$T/e" | head -5
fi
head -c 10 "$D/small.dat" > "$T/magic.dat"
$TM stats "$T/magic.dat" > "$T/e" 2>&1; rc=$?
if [ $rc = 1 ] && grep -q 'trace.dat' "$T/e"; then
	ok "trace.dat: only the magic -> exit 1"
else
	notok "trace.dat: only the magic -> exit 1 (exit $rc)"; sed 's/^/    /' "$T/e" | head -5
fi

# merge: the trace.dat's marker "name=dat-1" (stamped 1122.921654955 in
# small.report) paired with a JSON receiver event at ts 5000 µs: the app
# clock maps onto the kernel's by +1122921654955 - 5000000 ns exactly
cat > "$T/app.json" <<'J'
{"traceEvents":[{"name":"clock_sync","ph":"c","ts":5000,"pid":1,"tid":1,"args":{"sync_id":"dat-1"}},
{"name":"x","ph":"X","ts":5001,"dur":2,"pid":1,"tid":1}]}
J
check "trace.dat: sync pairs its marker with a JSON clock_sync: offset +1122916654955 ns" \
	sh -c "$TM sync --json '$D/small.dat' '$T/app.json' > '$T/sync.json' && python3 -c '
import json, sys
s = [s for i in json.load(open(sys.argv[1]))[\"inputs\"] for s in i[\"streams\"] if s[\"side\"] == \"json\"][0]
sys.exit(s[\"offset_ns\"] != 1122916654955)' '$T/sync.json' &&
	       $TM merge -q -o '$T/m.json' '$D/small.dat' '$T/app.json'"
# the other inputs are opened (decompressed) by the threads that scan them,
# a trace.dat (which forks) before those start: also gzip'ed, beside a
# gzip'ed JSON file that comes first
gzip -c "$T/app.json" > "$T/app.json.gz"
check "trace.dat: gzip'ed, after a gzip'ed JSON file: the same offset, and merged" \
	sh -c "$TM sync --json '$T/app.json.gz' '$T/small.dat.gz' > '$T/sync-gz.json' && python3 -c '
import json, sys
s = [s for i in json.load(open(sys.argv[1]))[\"inputs\"] for s in i[\"streams\"] if s[\"side\"] == \"json\"][0]
sys.exit(s[\"offset_ns\"] != 1122916654955)' '$T/sync-gz.json' &&
	       $TM merge -q -o '$T/m-gz.json' '$T/app.json.gz' '$T/small.dat.gz'"

# ---- made here, now ------------------------------------------------------------
TRACING=/sys/kernel/tracing
if [ "$(id -u)" != 0 ]; then
	skip "trace.dat: live comparison with trace-cmd report (not root)"; exit 0
fi
if ! grep -q tracefs /proc/mounts; then
	skip "trace.dat: live comparison with trace-cmd report (tracefs not mounted)"; exit 0
fi
if ! command -v trace-cmd > /dev/null; then
	skip "trace.dat: live comparison with trace-cmd report (trace-cmd not installed)"; exit 0
fi
INST=tracemerge-dat-$$
I=$TRACING/instances/$INST
cleanup() { [ -d "$I" ] && { echo 0 > "$I/tracing_on"; rmdir "$I"; }; rm -rf "$T"; }
trap cleanup EXIT
trap 'cleanup; exit 1' INT TERM HUP
mkdir "$I" && echo 0 > "$I/tracing_on" && echo mono > "$I/trace_clock" &&
for e in sched/sched_switch sched/sched_wakeup sched/sched_waking irq/softirq_entry irq/softirq_exit; do
	echo 1 > "$I/events/$e/enable"
done && echo 1 > "$I/tracing_on" && {
	for i in 1 2 3 4 5; do
		echo "B|$$|dat_slice_$i" > "$I/trace_marker"; sleep 0.02; echo "E|$$" > "$I/trace_marker"
	done
	echo "trace_event_clock_sync: name=dat-$$ source=test" > "$I/trace_marker"
	printf 'two\nlines' > "$I/trace_marker"
} && echo 0 > "$I/tracing_on"
# trace-cmd record writes /proc/sys/kernel/ftrace_enabled, which these VMs
# refuse; extract reads the instance (and removes it)
(cd "$T" && trace-cmd extract -B "$INST" -o "$T/live.dat") > "$T/x.out" 2>&1
if [ ! -s "$T/live.dat" ]; then
	notok "trace.dat: trace-cmd extract made a file"; sed 's/^/    /' "$T/x.out" | head -5; exit 0
fi
(cd "$T" && trace-cmd report -t "$T/live.dat") > "$T/live.report" 2> /dev/null
if $TM import -q -o "$T/live.json" "$T/live.dat"; then
	lcheck "trace.dat: made here now: imports as trace-cmd report -t prints it" \
		python3 "$T/cmp.py" "$T/live.report" "$T/live.json"
else
	notok "trace.dat: made here now: imports"
fi
