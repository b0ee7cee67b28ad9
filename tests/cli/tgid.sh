#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Which process a thread is in (kernel-scan.h: enum tm_tgid_source), on
# testdata/tgid/counters_for_others.txt: kernel threads and drivers of a
# vendor Android device write atrace counters for pid 1 (vdec-core-306
# "C|1||3", kworker/u9:4-18913 "C|1|[61,0] V4L_ES-write_secure|36712",
# surfaceflinger-477 "C|1|HW_VSYNC_0|..."), binder:477_2-531 has only
# "(-----)" and a C payload, RenderThread-620 only "(-----)" and its
# B|600 / E|600 payloads.  Worked out by hand from the TGID columns:
#   306 -> 306, 477 -> 477, 600 -> 600, 620 -> 600 (its B payload),
#   18913 -> 18913, 531 -> unknown; nothing is in process 1.
#  - stats: that tasks table;
#  - import: the process_name/thread_name events and the TGID column fills
#    of the canonical text; merge the same names;
#  - --kernel-as=events: counters of process 1 on its main thread, not on
#    the writers;
#  - PROCESS DUMP (testdata/tgid/process_dump.html): thread rows put
#    threads in their processes and name no process;
#  - the viewers: Perfetto and Catapult keep every thread in that process
#    (and only there), for the text and the events output.
. "$(dirname "$0")/../lib.sh"
command -v python3 >/dev/null || { skip "tgid (python3 missing)"; exit 0; }
IN=$top/testdata/tgid/counters_for_others.txt

check "tgid: stats tasks table from the TGID columns, not the counters' pid" sh -c "
	$TM stats --json $IN > $T/s.json && python3 -c '
import json, sys
r = json.load(open(\"$T/s.json\"))
r = r[\"inputs\"][0] if \"inputs\" in r else r
got = [(t[\"pid\"], t.get(\"tgid\"), t.get(\"comm\"), t[\"events\"]) for t in r[\"tasks\"]]
want = [(306, 306, \"vdec-core\", 2), (477, 477, \"surfaceflinger\", 4),
        (531, None, \"binder:477_2\", 1), (600, 600, \"example.app\", 2),
        (620, 600, \"RenderThread\", 2), (18913, 18913, \"kworker/u9:4\", 1)]
sys.exit(None if got == want else \"got %s\" % got)'"

# process_name/thread_name events: name|pid|tid|args.name
cat > "$T/names.want" <<'EOF'
process_name|306|306|vdec-core
process_name|477|477|surfaceflinger
process_name|600|600|example.app
process_name|18913|18913|kworker/u9:4
thread_name|18913|18913|kworker/u9:4
thread_name|306|306|vdec-core
thread_name|477|477|surfaceflinger
thread_name|600|600|example.app
thread_name|600|620|RenderThread
EOF
sort "$T/names.want" -o "$T/names.want"
check "tgid: import names threads in the processes of their TGID columns" sh -c "
	$TM import -q -o $T/i.json $IN && python3 -c '
import json, sys
ev = json.load(open(\"$T/i.json\"))[\"traceEvents\"]
got = sorted(\"%s|%d|%d|%s\" % (e[\"name\"], e[\"pid\"], e[\"tid\"], e[\"args\"][\"name\"]) for e in ev
             if e.get(\"ph\") == \"M\" and e[\"name\"] in (\"process_name\", \"thread_name\"))
want = open(\"$T/names.want\").read().split()
sys.exit(None if got == want else \"got %s\" % got)'"
check "tgid: merge writes the same names as import" sh -c "
	$TM merge -q -o $T/m.json $IN && python3 -c '
import json, sys
m, i = (sorted(json.dumps(e, sort_keys=True) for e in json.load(open(f))[\"traceEvents\"] if e.get(\"ph\") == \"M\")
        for f in (\"$T/m.json\", \"$T/i.json\"))
sys.exit(None if m == i else \"merge %s\nimport %s\" % (m, i))'"
# the TGID column of each line of the canonical text, in order
check "tgid: import fills (-----) only from the TGID column or a B/E payload" sh -c "
	python3 -c '
import json, re, sys
text = json.load(open(\"$T/i.json\"))[\"systemTraceEvents\"]
got = [\"%s:%s\" % m.groups() for m in re.finditer(r\"-(\\d+) +\\( *([-\\d]+)\\) \[\", text)]
want = (\"306:306 18913:18913 477:477 477:477 531:----- 600:600 620:600 306:306 \"
        \"477:477 620:600 600:600 477:477\").split()
sys.exit(None if got == want else \"got %s\" % got)'"
check "tgid: --kernel-as=events puts process 1's counters on its main thread" sh -c "
	$TM import -q --kernel-as=events -o $T/e.json $IN && python3 -c '
import json, sys
ev = json.load(open(\"$T/e.json\"))[\"traceEvents\"]
c = [(e[\"pid\"], e[\"tid\"]) for e in ev if e[\"ph\"] == \"C\"]
b = [(e[\"pid\"], e[\"tid\"]) for e in ev if e[\"ph\"] == \"B\"]
bad = []
if c != [(1, 1)] * 5: bad.append(\"C %s\" % c)
if b != [(477, 477), (600, 600), (600, 620)]: bad.append(\"B %s\" % b)
sys.exit(\"; \".join(bad) or None)'"

# a B payload of another process than the TGID column's: the slice stays on
# the thread, in the column's process
cat > "$T/b.txt" <<'EOF'
#           TASK-PID    TGID   CPU#  ||||    TIMESTAMP  FUNCTION
     HwBinder-701   (  700) [000] ...1   100.000100: tracing_mark_write: B|1|poll
     HwBinder-701   (  700) [000] ...1   100.000200: tracing_mark_write: E|1
EOF
check "tgid: --kernel-as=events keeps a B/E of another process on the column's process" sh -c "
	$TM import -q --kernel-as=events -o $T/b.json $T/b.txt && python3 -c '
import json, sys
ev = json.load(open(\"$T/b.json\"))[\"traceEvents\"]
be = [(e[\"ph\"], e[\"pid\"], e[\"tid\"]) for e in ev if e[\"ph\"] in \"BE\"]
sys.exit(None if be == [(\"B\", 700, 701), (\"E\", 700, 701)] else \"got %s\" % be)'"

# PROCESS DUMP: thread rows put threads in their processes (599: over its
# B|1 payload; 598: in the row's process 571 as well as in its TGID
# column's 598, with the row's name there) and name no process; the main
# thread's row names the main thread
check "tgid: PROCESS DUMP thread rows: threads of their processes, no processes" sh -c "
	$TM import -q -o $T/d.json $top/testdata/tgid/process_dump.html && python3 -c '
import json, sys
ev = json.load(open(\"$T/d.json\"))[\"traceEvents\"]
got = sorted(\"%s|%d|%d|%s\" % (e[\"name\"], e[\"pid\"], e[\"tid\"], e[\"args\"][\"name\"]) for e in ev
             if e.get(\"ph\") == \"M\" and e[\"name\"] in (\"process_name\", \"thread_name\"))
want = sorted([\"process_name|571|571|power-service\", \"process_name|1394|1394|system_server\",
               \"process_name|598|598|HwBinder\", \"thread_name|598|598|HwBinder\",
               \"thread_name|571|599|HwBinder\", \"thread_name|1394|1401|Signal\",
               \"thread_name|571|571|android.hardwar\", \"thread_name|571|598|HwBinder:571_1\"])
sys.exit(None if got == want else \"got %s\" % got)'"

# ---- the viewers ---------------------------------------------------------------------
find_vc
if [ -z "$VC" ]; then
	skip "tgid viewers ($VIEW_WHY)"
	exit 0
fi
# every thread of OUT in the process worked out above, and only there;
# 531 (no TGID known) in none or its own, never in process 1
same_processes() { # JSON: {"tid": [pid, ...]} of one engine
	python3 -c '
import json, sys
got = {int(k): sorted(v) for k, v in json.load(open(sys.argv[1])).items()}
want = {306: [306], 477: [477], 600: [600], 620: [600], 18913: [18913]}
bad = ["%d in %s, want %s" % (t, got.get(t), p) for t, p in want.items() if got.get(t) != p]
if [p for p in got.get(531, []) if p not in (None, 531)] or len(got.get(531, [])) > 1:
    bad.append("531 in %s" % got[531])
sys.exit("; ".join(bad) or None)' "$1"
}
perfetto_threads() { # OUT -> JSON of same_processes
	"$VC/tp-query" "$1" "select t.tid, p.pid from thread t left join process p using(upid)" |
	python3 -c '
import json, sys
r = json.load(sys.stdin)
if not r.get("parse_ok"): sys.exit("not parsed: %s" % r)
d = {}
for tid, pid in r["queries"][0]["rows"][1:]:
    d.setdefault(tid, []).append(None if pid == "[NULL]" else int(pid))
print(json.dumps(d))'
}
catapult_threads() { # OUT -> JSON of same_processes
	node "$top/tests/viewers/kevents/model.js" "$VC" threads "$1" | python3 -c '
import json, sys
r = json.load(sys.stdin)
if not r["ok"]: sys.exit("import failed: %s" % r["error"])
d = {}
for pid, tids in r["threads"].items():
    for t in tids: d.setdefault(str(t), []).append(int(pid))
print(json.dumps(d))'
}
viewer_ok() { # ENGINE OUT
	"${1}_threads" "$2" > "$T/th.json" && same_processes "$T/th.json"
}
for eng in perfetto catapult; do
	check "tgid viewers: $eng keeps every thread in its TGID column's process (import)" \
		viewer_ok $eng "$T/i.json"
	check "tgid viewers: $eng keeps every thread in its TGID column's process (--kernel-as=events)" \
		viewer_ok $eng "$T/e.json"
done
