#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The browser-era readers on hand-made inputs (testdata/browser/): a Speed
# Tracer dump with every record type of the seed document, an Opera Scope
# Events message with every event type and sub-message (children listed
# before their parents), a Performance Timeline with timeOrigin and every
# entryType, and one without (a plain list).  FILE.expected holds, worked out
# by hand from the documents, one line per slice: name|ts_ns|dur_ns|depth.
# Checked twice: from the converted Trace Event JSON itself (X: ts/dur;
# b..e: ts and end - ts; i/n: dur 0; exact ns), and, with the viewers (tests/viewers/harness), from
# Perfetto's slice table (depth = nesting; at epoch-scale times Perfetto
# reads µs as doubles, so there ts/dur may be off by its 0.25 µs spacing).
# Malformed records (FILE_bad.*): the counted warnings and their lines must
# be exactly FILE_bad.expected; fatal errors name file and line; a private
# clock makes merge ask for --offset/--same-clock.
. "$(dirname "$0")/../lib.sh"
D=$top/testdata/browser
find_vc

cat > "$T/slices.py" <<'PY'
import json, sys
from decimal import Decimal
def ns(v): return int(Decimal(str(v)) * 1000)
out = json.load(open(sys.argv[1]), parse_float=Decimal)
rows, open_ = [], {}
for e in out["traceEvents"]:
    ph = e["ph"]
    if ph == "X":
        rows.append([e["name"], ns(e["ts"]), ns(e["dur"])])
    elif ph in "in":
        rows.append([e["name"], ns(e["ts"]), 0])
    elif ph == "b":
        open_.setdefault((e["cat"], e["id"]), []).append(len(rows))
        rows.append([e["name"], ns(e["ts"]), None])
    elif ph == "e":
        r = rows[open_[(e["cat"], e["id"])].pop()]
        assert r[0] == e["name"], (r, e)
        r[2] = ns(e["ts"]) - r[1]
for r in sorted(rows, key=lambda r: (r[1], r[0])):
    print("%s|%d|%s" % (r[0], r[1], r[2]))
PY
cat > "$T/cmp.py" <<'PY'
import json, sys
# cmp.py json|perfetto EXPECTED GOT [TOL_NS]
mode, exp_path, got_path = sys.argv[1:4]
tol = int(sys.argv[4]) if len(sys.argv) > 4 else 0
exp = [l.split("|") for l in open(exp_path).read().split("\n") if l]
if mode == "perfetto":
    rows = json.load(open(got_path))["queries"][0]["rows"][1:]
    got = [[r[0], int(r[1]), int(r[2]), int(r[3])] for r in rows]
    exp = [[e[0], int(e[1]), int(e[2]), int(e[3])] for e in exp]
else:
    got = [[g[0], int(g[1]), int(g[2])] for g in (l.split("|") for l in open(got_path).read().split("\n") if l)]
    exp = [[e[0], int(e[1]), int(e[2])] for e in exp]
key = lambda r: (r[1], r[-1] if mode == "perfetto" else 0, r[0])
exp.sort(key=key); got.sort(key=key)
bad = [] if len(exp) == len(got) else ["%d slices, expected %d" % (len(got), len(exp))]
for e, g in zip(exp, got):
    if e[0] != g[0] or abs(e[1] - g[1]) > tol or abs(e[2] - g[2]) > tol or e[3:] != g[3:]:
        bad.append("got %s, expected %s" % (g, e))
print("%d slices%s" % (len(got), ("; " + "; ".join(bad[:4])) if bad else ""))
sys.exit(1 if bad else 0)
PY

for f in speedtracer.txt scope.json perftimeline.json perftimeline_list.json; do
	b=${f%.*}
	case $f in
	speedtracer*) fmt=speed-tracer ;; scope*) fmt=opera-scope ;; *) fmt=performance-timeline ;;
	esac
	$TM stats "$D/$f" > "$T/stats" 2>&1
	check "browser: $f recognised as $fmt, no warnings" \
		sh -c "grep -q '^format:  $fmt\$' '$T/stats' && grep -q '^warnings (0 kinds)' '$T/stats'"
	if ! $TM import -o "$T/$b.out.json" "$D/$f" > "$T/err" 2>&1; then
		notok "browser: import $f"; sed 's/^/    /' "$T/err"; continue
	fi
	python3 "$T/slices.py" "$T/$b.out.json" > "$T/$b.got"
	if python3 "$T/cmp.py" json "$D/$b.expected" "$T/$b.got" > "$T/res" 2>&1; then
		ok "browser: $f converted: $(cat "$T/res") as worked out by hand (name, ts, dur)"
	else
		notok "browser: $f converted: $(cat "$T/res")"
	fi
	if [ -z "$VC" ]; then
		skip "browser: $f in Perfetto ($VIEW_WHY)"
		continue
	fi
	"$VC/tp-query" "$T/$b.out.json" "select name, ts, dur, depth from slice" > "$T/tp" 2>&1
	tol=0
	[ $b = perftimeline ] && tol=250
	if python3 "$T/cmp.py" perfetto "$D/$b.expected" "$T/tp" $tol > "$T/res" 2>&1; then
		ok "browser: $f in Perfetto: $(cat "$T/res") with the nesting worked out by hand"
	else
		notok "browser: $f in Perfetto: $(cat "$T/res")"
	fi
	node "$VIEW" "$T/$b.out.json" > "$T/cat" 2>&1
	check "browser: $f imports in Catapult without warnings" python3 -c \
		"import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d['ok'] and not d['import_warning_count'] else 1)" "$T/cat"
done

# args: data and the other attributes are kept
python3 - "$T" > "$T/args" 2>&1 <<'PY'
import json, sys
t = sys.argv[1]
def ev(f, name):
    return [e for e in json.load(open("%s/%s.out.json" % (t, f)))["traceEvents"] if e.get("name") == name][0]
assert ev("speedtracer", "Paint")["args"]["data"] == {"x": 0, "y": 0, "width": 100, "height": 50}
a = ev("speedtracer", "DOM Event")["args"]
assert a["data"] == {"type": "click"} and a["callerScriptLine"] == 7 and a["totalHeapSize"] == 2000, a
assert ev("speedtracer", "Speed Tracer Record")["args"]["type"] == 2147483643
assert ev("speedtracer", "Profile Data")["args"]["data"]["format"] == "v8"
a = ev("scope", "Thread evaluation")["args"]
assert a["threadEvaluation"] == {"threadType": "EVENT", "eventName": "click"} and a["hits"] == 3 \
    and a["aggregatedTime"] == 25 and a["overhead"] == 0.25 and a["parentEventId"] == 1, a
assert ev("scope", "Paint")["args"]["paint"] == {"area": {"x": 0, "y": 0, "w": 800, "h": 600}}
assert ev("scope", "Script compilation")["args"]["scriptCompilation"] == {"scriptType": "INLINE", "url": "inline.js"}
a = ev("perftimeline", "self")["args"]
assert a["attribution"][0]["containerType"] == "window", a
assert ev("perftimeline", "startWork")["args"]["detail"] == {"phase": 1}
assert ev("perftimeline", "http://127.0.0.1/style.css")["args"]["serverTiming"][0]["duration"] == 1.5
m = json.load(open("%s/perftimeline.out.json" % t))["metadata"]
assert m["source-format"] == "performance-timeline" and m["timeOrigin"] == 1700000000000.5, m
print("args kept")
PY
check "browser: data and other attributes kept as args" grep -q "args kept" "$T/args"

# malformed records: counted warnings at their lines, the rest converted
for f in speedtracer_bad.txt scope_bad.json perftimeline_bad.json; do
	b=${f%.*}
	(cd "$D" && $TM stats --json "$f") > "$T/st.json" 2>&1
	python3 - "$T/st.json" "$D/$b.expected" > "$T/res" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))["inputs"][0]
got = sorted("%s %d %s" % (w["kind"], w["count"], " ".join(w["locations"])) for w in d["warnings"])
exp = sorted(l for l in open(sys.argv[2]).read().split("\n") if l)
print("%d kinds" % len(got) if got == exp else "got %s, expected %s" % (got, exp))
sys.exit(got != exp)
PY
	if [ $? = 0 ]; then ok "browser: $f: warnings at the expected lines ($(cat "$T/res"))"
	else notok "browser: $f: $(cat "$T/res")"; fi
done
# 14 lines + 2 children; rejected: 8 bad records + 2 negative durations;
# out: 4 slices, the unmatched finish as an instant, the unfinished start
check "browser: stats counts speedtracer_bad.txt's records" sh -c \
	"$TM stats '$D/speedtracer_bad.txt' | grep -qx 'records: 16 = 6 converted + 10 rejected -> 6 Trace Event events; clock private (no absolute clock)'"
check "browser: speedtracer_bad.txt still converts its good records" sh -c \
	"$TM import -q -o '$T/sb.json' '$D/speedtracer_bad.txt' && grep -c '\"ph\":\"X\"' '$T/sb.json' | grep -qx 4"

# fatal errors: file:line and exit 1
printf '{"timeOrigin": 5, "entries": [\n {"name": "a", "entryType": "mark",\n' > "$T/trunc.json"
printf '{"timeOrigin": "now", "entries": []}\n' > "$T/origin.json"
printf '{"entries": {"name": "a"}}\n' > "$T/entries.json"
printf '[[0, 1],\n 7]\n' > "$T/scopelist.json"
for c in "trunc.json:3:.*truncated" "origin.json:1: timeOrigin is not a number" \
	 "entries.json:1: \"entries\" is not an array" "scopelist.json:2: Events field 2"; do
	f=${c%%:*}
	$TM import -o "$T/x.json" "$T/$f" > "$T/err" 2>&1
	rc=$?
	if [ $rc = 1 ] && grep -q "$T/${c}" "$T/err" && [ ! -e "$T/x.json" ]; then
		ok "browser: $f refused with exit 1 and its line ($(head -c 150 "$T/err"))"
	else
		notok "browser: $f (rc $rc): $(cat "$T/err")"
	fi
done

# no absolute clock: merge asks for --offset or --same-clock, names the input
for f in speedtracer.txt scope.json perftimeline_list.json; do
	$TM merge -o "$T/m.json" "$top/testdata/sync/kernel.txt" "$D/$f" > "$T/err" 2>&1
	rc=$?
	if [ $rc = 1 ] && grep -q "cannot align $D/$f .*--offset INPUT=DURATION.*--same-clock" "$T/err"; then
		ok "browser: merge of $f (private clock) with a kernel trace asks for --offset/--same-clock"
	else
		notok "browser: merge of $f (rc $rc): $(cat "$T/err")"
	fi
	check "browser: merge of $f with --offset" $TM merge -q -o "$T/m.json" --offset "$D/$f=+1ms" \
		"$top/testdata/sync/kernel.txt" "$D/$f"
done

# timeOrigin: CLOCK_REALTIME, linked to a kernel trace by its realtime_ts=
# markers without options.  The markers (1000.000000 s = 1700000000000 ms,
# 1010.000000 s = 1700000010000 ms, each instant within [MS, MS + 1 ms))
# give realtime - kernel = 1699999000000.5 ms, so an entry at timeOrigin
# 1700000000000.5 + startTime lands at 1000 s + startTime: navigation at
# 1000000000 us (end +120.25 ms), startWork 20.0000001 ms -> 1000020000 us,
# endWork 70.9999995 ms (-> 70999999.5 ns, rounded to 71000000) ->
# 1000071000 us, measure work 20.0000001 + 50.9999994 ms: it ends at
# 1700000000071.4999995 ms, summed as written and rounded once (tie away
# from zero) -> 1000071000 us, exactly where endWork is.
if $TM merge -q -o "$T/rt.json" "$D/kernel_realtime.txt" "$D/perftimeline.json" > "$T/err" 2>&1 &&
	python3 - "$T/rt.json" > "$T/res" 2>&1 <<'PY'
import json, sys
from decimal import Decimal
d = json.load(open(sys.argv[1]), parse_float=Decimal)
got = [(e["name"], e["ph"], str(e["ts"])) for e in d["traceEvents"]
       if e.get("cat") in ("mark", "navigation", "measure")]
exp = [("http://127.0.0.1/index.html", "b", "1000000000"), ("http://127.0.0.1/index.html", "e", "1000120250"),
       ("startWork", "i", "1000020000"), ("endWork", "i", "1000071000"),
       ("work", "b", "1000020000"), ("work", "e", "1000071000")]
print("ok" if got == exp else "got %s" % got)
sys.exit(got != exp)
PY
then
	ok "browser: Performance Timeline with timeOrigin merged onto a kernel trace through realtime_ts markers at the hand-computed times"
else
	notok "browser: timeOrigin merge: $(cat "$T/err" "$T/res" 2>/dev/null)"
fi
