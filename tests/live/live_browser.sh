#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A REAL Performance Timeline from headless Chromium, merged with a kernel
# trace recorded at the same time.  tool_live_record records a private
# tracefs instance (trace_clock mono, sched events) with a
# `trace_event_clock_sync: realtime_ts=MS` marker right before and right
# after it runs testdata/browser/capture.py, which serves
# testdata/browser/page on loopback, loads it in `chromium --headless` (fresh
# profile) and saves what the page posts: JSON.stringify({timeOrigin,
# entries: performance.getEntries()}) after performance.mark/measure calls
# and the loading of a style sheet, a script and an image.
# Checks: the file is recognised as a Performance Timeline; `import` gives a
# trace that Catapult and Perfetto load without warnings, with one slice per
# entry (Perfetto; instants for marks and zero-length entries) and marks as
# thread slices / the rest as async slices (Catapult), counts taken from the
# capture itself; `merge` with the kernel trace needs no option (timeOrigin
# puts the entries on CLOCK_REALTIME, the markers link the kernel clock to
# it); every mark lands between the two markers, and within 2 ms of where
# the truth puts it: (timeOrigin + startTime) minus CLOCK_REALTIME -
# CLOCK_MONOTONIC as the tool read it directly (markers are whole ms);
# the merged trace loads in both viewers with the same timeline slices (the
# kernel side's own import warnings -- old Catapult's sched_wakeup format,
# Perfetto's switch analysis of a trace started mid-flight -- are counted,
# not judged here).
# Skips visibly without root/tracefs, chromium or python3.
. "$(dirname "$0")/../lib.sh"
case ${TM_BUILD:-build} in
/*) TOOL=${TM_BUILD}/tests/live/tool_live_record ;;
*) TOOL=$top/${TM_BUILD:-build}/tests/live/tool_live_record ;;
esac
CHROMIUM=${TM_CHROMIUM:-/usr/bin/chromium}
find_vc

if [ ! -x "$TOOL" ]; then
	notok "live browser: $TOOL not built (make tests)"
	exit 0
fi
if [ ! -x "$CHROMIUM" ] || ! command -v python3 >/dev/null; then
	skip "live browser: Performance Timeline from headless Chromium (no $CHROMIUM or python3)"
	exit 0
fi
"$TOOL" --kernel "$T/kernel.txt" -- python3 "$top/testdata/browser/capture.py" "$CHROMIUM" \
	"$top/testdata/browser/page" "$T/timeline.json" 60 > "$T/facts" 2> "$T/rec.err"
rc=$?
if [ $rc = 77 ]; then
	skip "live browser: kernel recording ($(cat "$T/rec.err"))"
	exit 0
fi
if [ $rc != 0 ] || ! grep -q 'cmd_status=0 ' "$T/facts"; then
	notok "live browser: capture (rc $rc: $(cat "$T/rec.err" "$T/facts"))"
	exit 0
fi
ok "live browser: Chromium posted its Performance Timeline while the kernel was recorded ($(cat "$T/facts"))"

$TM stats "$T/timeline.json" > "$T/stats" 2>&1
check "live browser: recognised as a Performance Timeline" grep -q '^format:  performance-timeline' "$T/stats"
check "live browser: import" $TM import -q -o "$T/imported.json" "$T/timeline.json"
check "live browser: merge with the kernel trace needs no clock option" \
	$TM merge -q -o "$T/merged.json" "$T/kernel.txt" "$T/timeline.json"

cat > "$T/check.py" <<'PY'
import json, re, sys
from decimal import Decimal
cmd = sys.argv[1]
src = json.load(open(sys.argv[2]), parse_float=Decimal)
ents = src["entries"]
marks = [e for e in ents if e["entryType"] == "mark"]
if cmd == "counts":               # what the viewers must show, from the capture
    engine, vc = sys.argv[3], json.load(open(sys.argv[4]))
    merged = len(sys.argv) > 5     # kernel warnings are the kernel side's
    bad = []
    if not vc["ok"] or (vc["import_warning_count"] and not merged):
        bad.append("ok=%s warnings=%s %s" % (vc["ok"], vc["import_warning_count"],
                                             vc.get("error") or vc["import_warnings"][:2]))
    if engine == "perfetto":
        want = {"slices": len(ents),
                "instant_slices": sum(1 for e in ents if e["entryType"] == "mark" or e["duration"] == 0)}
    else:
        want = {"slices": len(marks), "async_slices": len(ents) - len(marks)}
    for k, v in want.items():
        if vc.get(k) != v:
            bad.append("%s %s, expected %s" % (k, vc.get(k), v))
    print("%s: %d entries (%d marks, types %s)%s%s" % (engine, len(ents), len(marks),
          ",".join(sorted(set(e["entryType"] for e in ents))),
          "; %d kernel import warnings" % vc["import_warning_count"] if merged else "",
          "; " + "; ".join(bad) if bad else ""))
    sys.exit(1 if bad else 0)
# marks: inside the recording and where the truth puts them
merged = json.load(open(sys.argv[3]), parse_float=Decimal)
kernel = open(sys.argv[4]).read()
facts = dict(kv.split("=") for kv in open(sys.argv[5]).read().split())
rt_minus_mono = int(facts["realtime_minus_mono_ns"])
ks = [int(Decimal(m.group(1)) * 10**9) for m in
      re.finditer(r" (\d+\.\d+): tracing_mark_write: trace_event_clock_sync: realtime_ts=", kernel)]
got = {e["name"]: int(e["ts"] * 1000) for e in merged["traceEvents"]
       if e.get("cat") == "mark" and e.get("ph") == "i"}
bad, worst = [], 0
for m in marks:
    truth = int((src["timeOrigin"] + m["startTime"]) * 1000000) - rt_minus_mono
    t = got.get(m["name"])
    if t is None:
        bad.append("%s missing" % m["name"]); continue
    worst = max(worst, abs(t - truth))
    if not (ks[0] <= t <= ks[-1]):
        bad.append("%s at %d ns outside the recording [%d, %d]" % (m["name"], t, ks[0], ks[-1]))
    if abs(t - truth) > 2000000:
        bad.append("%s %d ns from the truth" % (m["name"], t - truth))
print("%d marks inside the recording [%.6f, %.6f] s, max |merged - truth| %.1f us%s" %
      (len(marks), ks[0] / 1e9, ks[-1] / 1e9, worst / 1000, "; " + "; ".join(bad) if bad else ""))
sys.exit(1 if bad or len(ks) != 2 or not marks else 0)
PY
if python3 "$T/check.py" marks "$T/timeline.json" "$T/merged.json" "$T/kernel.txt" "$T/facts" > "$T/marks" 2>&1; then
	ok "live browser: $(cat "$T/marks")"
else
	notok "live browser: $(cat "$T/marks")"
fi

if [ -z "$VC" ]; then
	skip "live browser: viewers ($VIEW_WHY)"
	exit 0
fi
for e in catapult perfetto; do
	node "$VIEW" --engine $e "$T/imported.json" > "$T/vc.$e" 2>&1
	if python3 "$T/check.py" counts "$T/timeline.json" $e "$T/vc.$e" > "$T/c.$e" 2>&1; then
		ok "live browser: imported timeline in $(cat "$T/c.$e")"
	else
		notok "live browser: imported timeline in $(cat "$T/c.$e")"
	fi
	node "$VIEW" --engine $e "$T/merged.json" > "$T/vm.$e" 2>&1
	if python3 "$T/check.py" counts "$T/timeline.json" $e "$T/vm.$e" merged > "$T/m.$e" 2>&1; then
		ok "live browser: merged kernel + timeline trace in $(cat "$T/m.$e")"
	else
		notok "live browser: merged kernel + timeline trace in $(cat "$T/m.$e")"
	fi
done
