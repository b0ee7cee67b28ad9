#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `sync` and `merge` on hand-made inputs (testdata/sync, see its README):
# expected timestamps are worked out by hand from the files (or, for the
# drift case, by gen_drift.py from the exact clock relation it used).
. "$(dirname "$0")/../lib.sh"
D=$top/testdata/sync

# jq-like checks with python: pyck NAME FILE 'python expression using j'
pyck() {
	_n=$1 _f=$2 _e=$3
	if python3 - "$_f" "$_e" > "$T/py" 2>&1 <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
def ev(name, ph):
    return [e for e in j.get("traceEvents", []) if e.get("name") == name and e.get("ph") == ph]
def stream(path, side):
    for i in j["inputs"]:
        if i["path"].endswith(path):
            for s in i["streams"]:
                if s["side"] == side:
                    return s
res = eval(sys.argv[2])
if res is not True:
    print("check failed:", sys.argv[2], "->", res); sys.exit(1)
PY
	then ok "$_n"; else notok "$_n"; sed 's/^/    /' "$T/py" | head -20; fi
}

# ---- markers in both inputs: app clock = kernel clock + 5000 s ----------
check "sync kernel.txt app.json" $TM sync --json "$D/kernel.txt" "$D/app.json"
cp "$T/out" "$T/sync.json"
pyck "sync: app offset -5000 s, error 10.5 us (issuer half-width + kernel rounding)" "$T/sync.json" \
	'stream("app.json","json")["offset_ns"] == -5000*10**9 and stream("app.json","json")["error_ns"] == 10500'
pyck "sync: 3 markers used, no drift fitted (exact data)" "$T/sync.json" \
	'j["links"][0]["used"] == 3 and j["links"][0]["rejected"] == 0 and j["links"][0]["rate_fitted"] is False'
pyck "sync: kernel is the output clock" "$T/sync.json" \
	'stream("kernel.txt","kernel")["offset_ns"] == 0 and stream("kernel.txt","kernel")["how"] == "output clock" and j["output_clock"]["input"].endswith("kernel.txt")'
check "sync text output names the offset" sh -c "$TM sync '$D/kernel.txt' '$D/app.json' | grep -q -- '-5000.000000000 s'"

check "merge kernel.txt app.json" sh -c "$TM merge --report -o '$T/m.json' '$D/kernel.txt' '$D/app.json' 2>'$T/err'"
# the JSON events are written on a second thread and put after the kernel
# text: the same bytes into a pipe, a file on stdout, a file appended to
# (no writes at an offset there), one thread, and over an existing output
check "merge: the same output on a pipe, on stdout, appended, on one thread, over an old output" sh -c "
	$TM merge -q -o - '$D/kernel.txt' '$D/app.json' | cat > '$T/m-pipe.json' &&
	$TM merge -q -o - '$D/kernel.txt' '$D/app.json' > '$T/m-stdout.json' &&
	printf 'abc' > '$T/m-app.json' && $TM merge -q -o - '$D/kernel.txt' '$D/app.json' >> '$T/m-app.json' &&
	TM_THREADS=1 $TM merge -q -o '$T/m-one.json' '$D/kernel.txt' '$D/app.json' &&
	cp '$T/m-one.json' '$T/m-over.json' && $TM merge -q -o '$T/m-over.json' '$D/kernel.txt' '$D/app.json' &&
	cmp '$T/m.json' '$T/m-pipe.json' && cmp '$T/m.json' '$T/m-stdout.json' &&
	[ \"\$(head -c 3 '$T/m-app.json')\" = abc ] && tail -c +4 '$T/m-app.json' | cmp '$T/m.json' - &&
	cmp '$T/m.json' '$T/m-one.json' && cmp '$T/m.json' '$T/m-over.json' &&
	[ -z \"\$(ls '$T' | grep 'm-over.json.tmp')\" ]"
pyck "merge: output is strict JSON with the JSON slices on the kernel clock" "$T/m.json" \
	'ev("work","B")[0]["ts"] == 100500000 and ev("work","E")[0]["ts"] == 100600000'
pyck "merge: string ts with a fraction rewritten exactly, dur kept" "$T/m.json" \
	'ev("step","X")[0]["ts"] == 100510000.5 and ev("step","X")[0]["dur"] == 1000 and ev("step","X")[0]["args"] == {"n": 1}'
# regression: the kernel's comm ("app") once overrode the application's own names
pyck "merge: the application's own thread name is not overridden by the kernel's comm" "$T/m.json" \
	'[e["args"]["name"] for e in j["traceEvents"] if e["ph"] == "M" and e["name"] == "thread_name" and e["tid"] == 4242] == ["AppMain"] and [e["args"]["name"] for e in j["traceEvents"] if e["ph"] == "M" and e["name"] == "process_name" and e["pid"] == 4242] == ["app"]'
pyck "merge: M events and unknown top-level keys kept" "$T/m.json" \
	'ev("process_name","M")[0]["args"]["name"] == "app" and j["displayTimeUnit"] == "ns" and j["otherData"] == {"version": "test 1"}'
pyck "merge: input clock_sync events moved out, one zero-width link event" "$T/m.json" \
	'[(e["args"]["sync_id"], e["ts"], e["args"]["issue_ts"]) for e in j["traceEvents"] if e["ph"] == "c"] == [("tracemerge_link", 100000100, 100000100)] and len(j["tracemergeClockSync"]["json_events"]) == 3'
pyck "merge: kernel sync lines moved out, link line at the same instant" "$T/m.json" \
	'"name=s1" not in j["systemTraceEvents"] and " 100.000100: tracing_mark_write: trace_event_clock_sync: name=tracemerge_link source=tracemerge" in j["systemTraceEvents"] and len(j["tracemergeClockSync"]["kernel_lines"]) == 3'
pyck "merge: atrace twin unchanged at 100.500000" "$T/m.json" \
	'" 100.500000: tracing_mark_write: B|4242|work" in j["systemTraceEvents"]'
pyck "merge: counts in = counts out (7 kernel = 4 + 3 moved, 8 JSON = 5 + 3 moved)" "$T/m.json" \
	'(lambda c: c["kernel_events_in"] == 7 and c["kernel_events_out"] + c["kernel_sync_markers_moved"] == 7 and c["kernel_sync_markers_moved"] == 3 and c["json_events_in"] == 8 and c["json_events_out"] == 5 and c["json_sync_events_moved"] == 3 and c["json_events_dropped"] == 0)(j["metadata"]["tracemerge"]["counts"])'
check "merge --report prints the counts" grep -q "JSON events: 8 in, 5 written, 3 clock-sync events moved" "$T/err"

check "merge --clock=app" $TM merge -q --clock=app -o "$T/ma.json" "$D/kernel.txt" "$D/app.json"
pyck "merge --clock=app: kernel text moved by +5000 s, JSON untouched" "$T/ma.json" \
	'" 5100.500000: tracing_mark_write: B|4242|work" in j["systemTraceEvents"] and ev("work","B")[0]["ts"] == 5100500000 and ev("step","X")[0]["ts"] == "5100510000.5"'

# ---- no markers ----------------------------------------------------------
echo keep > "$T/none.json"
if $TM merge -o "$T/none.json" "$D/kernel.txt" "$D/app_nomarkers.json" 2>"$T/err"; then
	notok "merge without markers fails"
else
	check "merge without markers: error names the input and --offset" \
		sh -c "grep -q 'app_nomarkers.json' '$T/err' && grep -q -- '--offset' '$T/err' && grep -q -- '--same-clock' '$T/err'"
	check "merge without markers: existing output file untouched" grep -qx keep "$T/none.json"
fi
check "merge --offset" $TM merge -q --offset "$D/app_nomarkers.json=-5000s" -o "$T/mo.json" "$D/kernel.txt" "$D/app_nomarkers.json"
pyck "merge --offset=-5000s: slices on the kernel clock" "$T/mo.json" 'ev("work","B")[0]["ts"] == 100500000'
check "sync --offset=+1.5ms" $TM sync --json --offset "$D/app_nomarkers.json=+1.5ms" "$D/kernel.txt" "$D/app_nomarkers.json"
cp "$T/out" "$T/so.json"
pyck "sync --offset=+1.5ms: reported as given" "$T/so.json" \
	'stream("app_nomarkers.json","json")["offset_ns"] == 1500000 and stream("app_nomarkers.json","json")["how"] == "--offset"'
check "merge --same-clock" $TM merge -q --same-clock -o "$T/ms.json" "$D/kernel.txt" "$D/app_nomarkers.json"
pyck "merge --same-clock: timestamps unchanged" "$T/ms.json" 'ev("work","B")[0]["ts"] == 5100500000'
for bad in "x.json" "$D/app_nomarkers.json=5" "$D/app_nomarkers.json=1.5" "$D/app_nomarkers.json=1.5xs" "$D/app_nomarkers.json=++1s"; do
	if $TM merge --offset "$bad" "$D/kernel.txt" "$D/app_nomarkers.json" >/dev/null 2>"$T/err"; then
		notok "--offset $bad refused"
	else
		rc=$?; [ $rc = 2 ] && ok "--offset $(basename "$bad") refused (usage error)" || notok "--offset $bad: exit $rc, want 2"
	fi
done

# ---- legacy parent_ts shape: kernel clock -> CLOCK_MONOTONIC = +100 s ----
check "merge parent_ts + clock-domain LINUX_CLOCK_MONOTONIC" $TM merge -q -o "$T/mp.json" "$D/kernel_parent.txt" "$D/app_mono.json"
pyck "parent_ts: app slice at kernel 100.5 s" "$T/mp.json" 'ev("work","B")[0]["ts"] == 100500000 and ev("work","E")[0]["ts"] == 100600000'

# ---- legacy Chrome JSON (no metadata.clock-domain) beside a kernel trace ----
# Chrome's clock on Linux/Android is CLOCK_MONOTONIC: a JSON that names no
# clock domain is taken to be on it when something links CLOCK_MONOTONIC
# (Catapult's UNKNOWN_CHROME_LEGACY = LINUX_CLOCK_MONOTONIC).  app_legacy.json:
# work B/E at CLOCK_MONOTONIC 200.5/200.6 s, step X at 200550000.5 us.
L="assumed CLOCK_MONOTONIC: the JSON names no clock domain"
check "legacy: sync kernel_parent.txt app_legacy.json (no options)" $TM sync --json "$D/kernel_parent.txt" "$D/app_legacy.json"
cp "$T/out" "$T/sl.json"
# parent_ts=200.000000 printed at kernel 100.000000: CLOCK_MONOTONIC = kernel
# + 100 s; the kernel's µs print puts the marker within +-500 ns, the value is exact
pyck "legacy: JSON offset -100 s, error 500 ns, via CLOCK_MONOTONIC, said to be assumed" "$T/sl.json" \
	'(lambda s: s["offset_ns"] == -100*10**9 and s["error_ns"] == 500 and s["rate_ppm"] == 0 and s["how"] == "'"$L"'" and [p.split("/")[-1] for p in s["path"]] == ["app_legacy.json (json)", "CLOCK_MONOTONIC", "kernel_parent.txt (kernel)"])(stream("app_legacy.json","json"))'
pyck "legacy: warning says CLOCK_MONOTONIC was assumed and how to override it" "$T/sl.json" \
	'[(w["kind"], w["count"], w["locations"][0].split("/")[-1]) for w in j["warnings"]] == [("sync-json-clock-assumed", 1, "app_legacy.json")] and all(x in j["warnings"][0]["message"] for x in ("names no clock domain", "taken to be CLOCK_MONOTONIC", "--offset '"$D"'/app_legacy.json=DURATION", "--same-clock"))'
check "legacy: sync text names the offset and the assumption, warns on stderr" sh -c "$TM sync '$D/kernel_parent.txt' '$D/app_legacy.json' > '$T/slt' 2> '$T/sle' &&
	grep -q 'app_legacy.json (json) *offset -100.000000000 s .*error ±500 ns  ($L)' '$T/slt' &&
	grep -q 'warning: sync-json-clock-assumed: 1 (.*taken to be CLOCK_MONOTONIC.*--offset' '$T/sle'"
check "legacy: merge without options" $TM merge -q -o "$T/mlg.json" "$D/kernel_parent.txt" "$D/app_legacy.json"
pyck "legacy: app events at kernel time (B 100.5 s, X 100550000.5 us, E 100.6 s)" "$T/mlg.json" \
	'(ev("work","B")[0]["ts"], ev("step","X")[0]["ts"], ev("step","X")[0]["dur"], ev("work","E")[0]["ts"]) == (100500000, 100550000.5, 10, 100600000)'
pyck "legacy: metadata says the JSON clock was assumed, and how to override" "$T/mlg.json" \
	'(lambda t: [s["how"] for i in t["clock"]["inputs"] for s in i["streams"] if s["side"] == "json"] == ["'"$L"'"] and [w["kind"] for w in t["warnings"]] == ["sync-json-clock-assumed"] and "--offset" in t["warnings"][0]["message"])(j["metadata"]["tracemerge"])'

# legacy_pair NAME KERNEL OFFSET_NS ERROR_NS B_US E_US OUT: sync and merge of
# KERNEL with app_legacy.json (no options); the JSON stream's offset and
# error bound, the assumption named, work B/E at B_US/E_US in $T/OUT.json
# (the sync report stays in $T/lp.json)
legacy_pair() {
	check "legacy: sync $1" $TM sync --json "$D/$2" "$D/app_legacy.json"
	cp "$T/out" "$T/lp.json"
	pyck "legacy: $1: JSON offset $3 ns, error $4 ns, assumed CLOCK_MONOTONIC" "$T/lp.json" \
		'(lambda s: (s["offset_ns"], s["error_ns"], s["rate_ppm"], s["how"]))(stream("app_legacy.json","json")) == ('"$3, $4"', 0, "'"$L"'")'
	check "legacy: merge $1" $TM merge -q -o "$T/$7.json" "$D/$2" "$D/app_legacy.json"
	pyck "legacy: $1: work B/E at $5/$6 us" "$T/$7.json" \
		'(ev("work","B")[0]["ts"], ev("work","E")[0]["ts"]) == ('"$5, $6"')'
}
# parent_ts=0: the kernel clock IS CLOCK_MONOTONIC (exact, error 0)
legacy_pair "parent_ts=0 (identity)" kernel_parent0.txt 0 0 200500000 200600000 mlg0
pyck "legacy: parent_ts=0: the step X keeps its ts" "$T/mlg0.json" 'ev("step","X")[0]["ts"] == 200550000.5'

# only the first parent_ts counts: the second (200.800080 at 100.800000, i.e.
# 100 ppm off the first) is ignored, not fitted as drift
legacy_pair "two parent_ts" kernel_parent2.txt -100000000000 500 100500000 100600000 mlg2
pyck "legacy: two parent_ts: one marker used, the second warned about" "$T/lp.json" \
	'j["links"][0]["markers"] == 1 and [(w["kind"], w["locations"][0].split("/")[-1]) for w in j["warnings"] if w["kind"] == "sync-parent-ts-repeated"] == [("sync-parent-ts-repeated", "kernel_parent2.txt:8")]'

# the same rule for a kernel trace on CLOCK_MONOTONIC (# clock_type=) and for
# a tracemerge_clock_sync record naming CLOCK_MONOTONIC (issuer +-10 us, the
# kernel's us print +-0.5 us)
legacy_pair "clock_type=LINUX_CLOCK_MONOTONIC kernel" kernel_mono.txt 0 0 200500000 200600000 mlgm
pyck "legacy: clock_type mono kernel: the JSON's path is CLOCK_MONOTONIC itself" "$T/lp.json" \
	'stream("app_legacy.json","json")["path"][1:] == ["CLOCK_MONOTONIC"]'
legacy_pair "kernel with a CLOCK_MONOTONIC issuer record" kernel_issuer_mono.txt -100000000000 10500 100500000 100600000 mlgi

# nothing names CLOCK_MONOTONIC: still an error, and nothing written
check "legacy: nothing links it: merge exits 1 (cannot align), no output" sh -c "$TM merge -o '$T/mlgx.json' '$D/kernel.txt' '$D/app_legacy.json' 2> '$T/err'; test \$? = 1 && grep -q 'cannot align .*app_legacy.json' '$T/err' && test ! -e '$T/mlgx.json'"

# markers win: kernel_both.txt = kernel.txt + parent_ts=150.000000 at 100.000000
# (CLOCK_MONOTONIC = kernel + 50 s); app.json (no clock domain either) is linked
# by its markers (kernel + 5000 s) and is not assumed; app_legacy.json is
check "legacy: sync kernel_both.txt app.json app_legacy.json" $TM sync --json "$D/kernel_both.txt" "$D/app.json" "$D/app_legacy.json"
pyck "legacy: a JSON its markers link keeps them (-5000 s); the other is assumed (-50 s)" "$T/out" \
	'(stream("app.json","json")["offset_ns"], stream("app.json","json")["how"], stream("app_legacy.json","json")["offset_ns"], stream("app_legacy.json","json")["how"]) == (-5000*10**9, "markers", -50*10**9, "'"$L"'") and [w["locations"][0].split("/")[-1] for w in j["warnings"] if w["kind"] == "sync-json-clock-assumed"] == ["app_legacy.json"]'

# overrides: --offset / --same-clock place the JSON themselves (no
# assumption); where they place it, it no longer meets the kernel's events
# (100.0 .. 100.6 s): only the warning that says by how much (the app's
# 101.5 s is 0.9 s after the kernel's 100.6 s; 200.5 s is 99.9 s after)
apart_only() { # GAP: the only warning is inputs-apart with that gap
	echo '[(w["kind"], w["message"].split(" once")[0].split("lies ")[1]) for w in j["metadata"]["tracemerge"]["warnings"]] == [("inputs-apart", "'"$1"' after '"$D"'/kernel_parent.txt")]'
}
check "legacy: merge --offset app_legacy.json=-99s" $TM merge -o "$T/mlgo.json" --offset "$D/app_legacy.json=-99s" "$D/kernel_parent.txt" "$D/app_legacy.json"
pyck "legacy: --offset overrides the assumption (B at 200.5 - 99 s), no warning but that it lies 900 ms after" "$T/mlgo.json" \
	'ev("work","B")[0]["ts"] == 101500000 and '"$(apart_only "900.000 ms")"
check "legacy: merge --same-clock" $TM merge -q -o "$T/mlgs.json" --same-clock "$D/kernel_parent.txt" "$D/app_legacy.json"
pyck "legacy: --same-clock overrides the assumption (B stays 200.5 s), no warning but that it lies 1 min 39 s after" "$T/mlgs.json" \
	'ev("work","B")[0]["ts"] == 200500000 and '"$(apart_only "1 min 39 s")"
# --clock=app: the JSON is the output clock; the kernel reaches it through
# parent_ts and the assumption (kernel + 100 s)
check "legacy: sync --clock=app" $TM sync --json --clock=app "$D/kernel_parent.txt" "$D/app_legacy.json"
pyck "legacy: --clock=app: kernel offset +100 s" "$T/out" \
	'stream("kernel_parent.txt","kernel")["offset_ns"] == 100*10**9 and stream("app_legacy.json","json")["how"] == "output clock"'

# import of Chrome's legacy about:tracing + systrace file (the kernel text in
# systemTraceEvents, the JSON without a clock domain): aligned as Catapult does
check "legacy: import legacy_systrace.json" $TM import -q -o "$T/ilg.json" "$D/legacy_systrace.json"
pyck "legacy: import: app events at kernel time, the override named" "$T/ilg.json" \
	'(ev("work","B")[0]["ts"], ev("step","X")[0]["ts"], ev("work","E")[0]["ts"]) == (100500000, 100550000.5, 100600000) and [w["kind"] for w in j["metadata"]["tracemerge"]["warnings"]] == ["sync-json-clock-assumed"] and "tracemerge merge --same-clock" in j["metadata"]["tracemerge"]["warnings"][0]["message"]'

# ---- inputs the clock rule puts apart: a warning with the gap -----------------
# kernel_mono.txt (CLOCK_MONOTONIC, events at 200.5 .. 200.6 s) and
# app_far.json (no clock domain: taken to be CLOCK_MONOTONIC; events at
# 267200.6 .. 267200.7 s): once aligned the app starts 267200.6 - 200.6 =
# 267000 s = 3 days 2 h 10 min after the kernel's last event, so one
# warning "inputs-apart" names that gap (days and hours) and the remedy,
# from sync and merge alike; the merge is still written (exit 0).
# The other order says "before".  Overlapping inputs (app_legacy.json:
# 200.5 .. 200.6 s) get no such warning.
apart() { # NAME WANT_MESSAGE_OR_EMPTY CMD...: CMD exits 0 and its stderr's
	#   inputs-apart warning is WANT (none when empty)
	_n=$1 _w=$2; shift 2
	if ! "$@" > "$T/ap.out" 2> "$T/ap.err"; then
		notok "$_n: exit $?"; sed 's/^/    /' "$T/ap.err" | head -5; return
	fi
	_g=$(sed -n 's/^tracemerge [a-z]*: warning: inputs-apart: \(.*\)$/\1/p' "$T/ap.err")
	if [ "$_g" = "$_w" ]; then ok "$_n"; else
		notok "$_n"; echo "    got: ${_g:-no inputs-apart warning}"; echo "    want: ${_w:-none}"; fi
}
W="1 (app_far.json lies 3 days 2 h after kernel_mono.txt once aligned: the inputs do not overlap; check the clock rule or give --offset; first at app_far.json)"
(cd "$D" && apart "apart: merge kernel_mono.txt app_far.json warns that they lie 3 days 2 h apart" "$W" \
	$TM merge -o "$T/far.json" kernel_mono.txt app_far.json)
(cd "$D" && apart "apart: sync says the same" "$W" $TM sync kernel_mono.txt app_far.json)
(cd "$D" && apart "apart: in the other order the kernel lies before" \
	"1 (kernel_mono.txt lies 3 days 2 h before app_far.json once aligned: the inputs do not overlap; check the clock rule or give --offset; first at kernel_mono.txt)" \
	$TM sync app_far.json kernel_mono.txt)
pyck "apart: the merge's metadata keeps the warning" "$T/far.json" \
	'[w["message"] for w in j["metadata"]["tracemerge"]["warnings"] if w["kind"] == "inputs-apart"] == ["app_far.json lies 3 days 2 h after kernel_mono.txt once aligned: the inputs do not overlap; check the clock rule or give --offset"]'
(cd "$D" && apart "apart: overlapping inputs (kernel_mono.txt, app_legacy.json): no warning" "" \
	$TM merge -o "$T/near.json" kernel_mono.txt app_legacy.json)
# --offset moves the app back onto the kernel's time: no warning
(cd "$D" && apart "apart: --offset app_far.json=-267000s: no warning" "" \
	$TM sync --offset app_far.json=-267000s kernel_mono.txt app_far.json)

# ---- systrace HTML: kernel block, controller block, Chrome block ---------
check "sync systrace.html (chrome -> controller -> kernel)" $TM sync --json "$D/systrace.html"
cp "$T/out" "$T/ss.json"
# error along the path: chrome-controller 10 us (c3/c4 issuers +/-10 us) +
# controller-kernel 5 us (c1/c2 +/-5 us) + the kernel's rounding to the us (0.5 us)
pyck "systrace: chrome block offset -700 s, error 15.5 us along two links" "$T/ss.json" \
	'[s["offset_ns"] for s in j["inputs"][0]["streams"] if s["side"] == "json" and s["domain"] != "SYSTRACE"] == [-700*10**9] and max(s["error_ns"] for s in j["inputs"][0]["streams"] if s["side"] == "json") == 15500'
check "merge systrace.html" $TM merge -q -o "$T/mh.json" "$D/systrace.html"
# A JSON block of nothing but metadata and an unpaired clock_sync marker
# needs no link: sync and merge go on (the marker is warned as unpaired),
# as import does, and the kernel's frame stays at 51 s
check "sync systrace_hostonly.html: a JSON block of metadata and a lost marker needs no link" \
	sh -c "$TM sync '$D/systrace_hostonly.html' 2> '$T/ho.err' && grep -q 'sync-unpaired' '$T/ho.err'"
check "merge systrace_hostonly.html: written, the frame at 51 s" \
	sh -c "$TM merge -q -o '$T/ho.json' '$D/systrace_hostonly.html' &&
	       grep -q ' 51.000000: tracing_mark_write: B|77|frame' '$T/ho.json'"
pyck "systrace: Chrome frame slice at kernel 51.0 s" "$T/mh.json" \
	'ev("frame","B")[0]["ts"] == 51000000 and ev("frame","E")[0]["ts"] == 51010000 and len(j["tracemergeClockSync"]["json_events"]) == 6'

# ---- drift: app clock 40 ppm fast, CLOCK_REALTIME epoch (gen_drift.py) ---
check "sync drift" $TM sync --json "$D/kernel_drift.txt" "$D/app_drift.json"
cp "$T/out" "$T/sd.json"
pyck "drift: rate 40 ppm recovered within 0.1 ppm from 11 markers" "$T/sd.json" \
	'abs(j["links"][0]["rate_ppm"] - 40) < 0.1 and j["links"][0]["rate_fitted"] is True and j["links"][0]["used"] == 11'
check "merge drift" $TM merge -q -o "$T/md.json" "$D/kernel_drift.txt" "$D/app_drift.json"
if python3 - "$T/md.json" "$D/drift_expected.json" "$T/sd.json" > "$T/py" 2>&1 <<'PY'
import json, sys
m, x, s = (json.load(open(f)) for f in sys.argv[1:4])
bound = [st for i in s["inputs"] for st in i["streams"] if st["side"] == "json"][0]["error_ns"]
ev = {(e["name"], e["ph"]): e for e in m["traceEvents"]}
worst = 0
for sl in x["slices"]:
    if "dur_ns" in sl:
        e = ev[(sl["name"], "X")]
        assert abs(e["dur"] * 1000 - sl["dur_ns"]) <= 2, (e, sl)
        worst = max(worst, abs(e["ts"] * 1000 - sl["ts_ns"]))
        continue
    worst = max(worst, abs(ev[(sl["name"], "B")]["ts"] * 1000 - sl["ts_ns"]),
                abs(ev[(sl["name"], "E")]["ts"] * 1000 - sl["end_ns"]))
assert worst <= 1000 and worst <= bound, (worst, bound)
print("worst %.1f ns, bound %d ns" % (worst, bound))
PY
then ok "drift: every slice within 1 us of its true kernel time and the bound ($(cat "$T/py")), X dur scaled"
else notok "drift: slices on the kernel clock"; sed 's/^/    /' "$T/py"; fi

# ---- two kernel inputs: merged in time order ------------------------------
check "merge two kernel traces --same-clock" $TM merge -q --same-clock -o "$T/mk2.json" "$D/kernel.txt" "$D/kernel_parent.txt"
pyck "two kernel traces: all 6 non-marker events, in time order, markers moved" "$T/mk2.json" \
	'(lambda ts: len(ts) == 6 and ts == sorted(ts) and ts[0] == 100.2 and ts.count(100.5) == 2)([float(l.split(": ")[0].split()[-1]) for l in j["systemTraceEvents"].splitlines() if not l.startswith("#")]) and len(j["tracemergeClockSync"]["kernel_lines"]) == 4'

# ---- --pid-offset: inputs from different machines ------------------------
check "merge --pid-offset kernel" $TM merge -q --pid-offset "$D/kernel.txt=1000000" -o "$T/mpk.json" "$D/kernel.txt" "$D/app.json"
pyck "--pid-offset on the kernel: task, tgid, sched and atrace pids moved, pid 0 kept" "$T/mpk.json" \
	'all(x in j["systemTraceEvents"] for x in ("app-1004242 (1004242) [000] ...1 100.500000: tracing_mark_write: B|1004242|work", "next_pid=1004243 ", "prev_pid=1004243 ", "prev_pid=0 ", "E|1004242")) and "4242 " not in j["systemTraceEvents"].replace("1004242 ", "")'
pyck "--pid-offset on the kernel: JSON untouched, kernel names moved" "$T/mpk.json" \
	'ev("work","B")[0]["pid"] == 4242 and ev("work","B")[0]["tid"] == 4244 and [e["tid"] for e in j["traceEvents"] if e["ph"] == "M" and e["name"] == "thread_name" and e["args"]["name"] == "app"] == [1004242, 1004243]'
check "merge --pid-offset app" $TM merge -q --pid-offset "$D/app.json=2000000" -o "$T/mpa.json" "$D/kernel.txt" "$D/app.json"
pyck "--pid-offset on the JSON: pid/tid of every event moved (M too), ts still aligned" "$T/mpa.json" \
	'(ev("work","B")[0]["pid"], ev("work","B")[0]["tid"], ev("work","B")[0]["ts"]) == (2004242, 2004244, 100500000) and ev("process_name","M")[0]["pid"] == 2004242 and " B|4242|work" in j["systemTraceEvents"]'
for bad in "$D/app.json=-1" "$D/app.json=x" "$D/app.json=3000000000" "=5"; do
	if $TM merge --pid-offset "$bad" "$D/kernel.txt" "$D/app.json" >/dev/null 2>&1; then notok "--pid-offset $bad refused"
	else rc=$?; [ $rc = 2 ] && ok "--pid-offset $(basename "$bad") refused (usage error)" || notok "--pid-offset $bad: exit $rc, want 2"; fi
done
check "--pid-offset with --verbatim is a usage error" sh -c "$TM merge --verbatim --pid-offset '$D/app.json=1' '$D/kernel.txt' '$D/app.json'; test \$? = 2"
check "--pid-offset of a file that is not an input is an error" sh -c "$TM merge --pid-offset nosuch=1 '$D/kernel.txt' '$D/app.json' 2>&1 | grep -q 'not one of the inputs'"

# ---- bad input -------------------------------------------------------------
sed 's/"sync_id":"s3"/"sync_id":"s1"/' "$D/app.json" > "$T/rep.json"
check "sync id seen three times: still merges on the others" sh -c "$TM merge -o '$T/mr.json' '$D/kernel.txt' '$T/rep.json' 2>'$T/err'"
check "sync id seen three times: warned" grep -q "sync-id-repeated: 3" "$T/err"
pyck "sync id seen three times: not used" "$T/mr.json" \
	'[l["used"] for l in j["metadata"]["tracemerge"]["clock"]["links"]] == [1] and ev("work","B")[0]["ts"] == 100500000'
sed 's/"sync_id":"s3"/"sync_id":"s9"/' "$D/app.json" > "$T/one.json"
check "marker on one side only: merges on the others" sh -c "$TM merge -o '$T/m1.json' '$D/kernel.txt' '$T/one.json' 2>'$T/err'"
check "marker on one side only: warned for both orphans" grep -q "sync-unpaired: 2" "$T/err"
# s2 10 ms off over 1 s from s1: 10000 ppm
sed 's/"ts":5101000110,/"ts":5101010110,/; s/"issue_ts":5101000090/"issue_ts":5101010090/' "$D/app.json" |
	grep -v '"s3"' | sed 's/"s2","issue_ts":5101010090}},/"s2","issue_ts":5101010090}}/' > "$T/contra.json"
if $TM merge -o "$T/mc.json" "$D/kernel.txt" "$T/contra.json" 2>"$T/err"; then
	notok "contradictory markers refused"
else
	check "contradictory markers: error names both and the drift" \
		sh -c "grep -q \"'s1'\" '$T/err' && grep -q \"'s2'\" '$T/err' && grep -q ppm '$T/err'"
	check "contradictory markers: no output file" test ! -e "$T/mc.json"
fi
sed 's/"ts":5100500000,/"ts":{"v":1},/; s/"ts":5100600000,/"ts":1e300,/' "$D/app.json" > "$T/types.json"
check "wrong-type and overflowing ts: merge goes on" sh -c "$TM merge -o '$T/mt.json' '$D/kernel.txt' '$T/types.json' 2>'$T/err'"
check "wrong-type and overflowing ts: warned and counted" \
	grep -q 'json-event-dropped: 2' "$T/err"
pyck "wrong-type and overflowing ts: the two events dropped, the rest aligned" "$T/mt.json" \
	'ev("work","B") == [] and ev("step","X")[0]["ts"] == 100510000.5 and j["metadata"]["tracemerge"]["counts"]["json_events_dropped"] == 2'
# regression: a top-level value with invalid UTF-8 was copied raw (invalid output)
sed 's/"version":"test 1"/"version":"caf\xff"/' "$D/app.json" > "$T/utf.json"
check "invalid UTF-8 in a top-level key: merge goes on" sh -c "$TM merge -o '$T/mu.json' '$D/kernel.txt' '$T/utf.json' 2>'$T/err'"
pyck "invalid UTF-8 in a top-level key: repaired, output strict JSON" "$T/mu.json" 'j["otherData"] == {"version": "caf\ufffd"}'
head -c 500 "$D/app.json" > "$T/trunc.json"
check "truncated JSON: merge goes on" sh -c "$TM merge -o '$T/mtr.json' '$D/kernel.txt' '$T/trunc.json' 2>'$T/err'"
check "truncated JSON: warned" grep -q "json-truncated" "$T/err"
pyck "truncated JSON: complete events kept" "$T/mtr.json" 'ev("work","B")[0]["ts"] == 100500000 and ev("step","X")[0]["ts"] == 100510000.5'
sed 's/ 100.550000: / 100.150000: /' "$D/kernel.txt" > "$T/back.txt"
check "kernel timestamps going backwards: warned" sh -c "$TM stats '$T/back.txt' 2>&1 | grep -q ts-backwards"
check "merge with no input is a usage error" sh -c "$TM merge; test \$? = 2"
check "merge --clock=nosuch is a usage error" sh -c "$TM merge --clock=nosuch '$D/kernel.txt' '$D/app.json'; test \$? = 2"

# ---- markers that disagree (kernel_groups.txt, app_groups*.json) -----------
# (regression: groups of markers were averaged: two groups an hour apart gave
# "10 used, 0 rejected", an offset half an hour from both, exit 0)
if (cd "$D" && $TM sync kernel_groups.txt app_groups55.json) >/dev/null 2>"$T/err"; then
	notok "two groups of 5 markers an hour apart refused"
else
	check "two groups of 5 an hour apart: the error names both groups, their offsets, first markers and times" \
		grep -qF "cannot align kernel_groups.txt (kernel) with app_groups55.json (json): the markers disagree, no clock offset holds for most of them: 5 give +5000.000000000 s (first 'g1' (kernel_groups.txt:12) at 100.000100 s); 5 give +8600.000000000 s (first 'g2' (kernel_groups.txt:15) at 101.000100 s)" "$T/err"
fi
echo keep > "$T/mg.json"
check "two groups of 5: merge fails, old output untouched" sh -c "! $TM merge -q -o '$T/mg.json' '$D/kernel_groups.txt' '$D/app_groups55.json' 2>/dev/null && grep -qx keep '$T/mg.json'"
check "7 markers against 3 an hour off: sync" $TM sync --json "$D/kernel_groups.txt" "$D/app_groups73.json"
cp "$T/out" "$T/sg.json"
# by hand (testdata/sync/README): the 7 are 5000 s + 3, -2, 0, +4, -4, +1, +5 us
# at kernel 100, 101, 103, 104, 106, 107, 109 s (+100 us): slope 12/63.4 us/s
# = 0.19 ppm < 2 x its standard error sqrt((64 - 12^2/63.4) / 5 / 63.4) = 0.44
# ppm: no drift; equal weights: mean 7/7 = 1 us; error |-4 - 1| us + the
# kernel's rounding 0.5 us; the 3 are 3600 s - 1 us off that
pyck "7 against 3: the 7 fitted (offset 5000 s + 1 us, error 5.5 us), g3 g6 g9 rejected 3600 s - 1 us off" "$T/sg.json" \
	'(lambda l: (l["used"], l["rejected"], l["offset_ns"], l["error_ns"], l["rate_fitted"], [(r["marker"].split("'"'"'")[1], r["residual_ns"]) for r in l["rejected_markers"]]) == (7, 3, 5000000001000, 5500, False, [("g3", 3599999999000), ("g6", 3599999999000), ("g9", 3599999999000)]))(j["links"][0]) and stream("app_groups73.json","json")["offset_ns"] == -5000000001000'
check "7 against 3: merge" $TM merge -q -o "$T/mg7.json" "$D/kernel_groups.txt" "$D/app_groups73.json"
pyck "7 against 3: the app slice at kernel 100.5 s (5100500001 us - 5000 s - 1 us)" "$T/mg7.json" 'ev("work","X")[0]["ts"] == 100500000'
sed 's/"ts":8702000100/"ts":5102000100/; s/"ts":8705000100/"ts":5105000100/' "$D/app_groups73.json" > "$T/g91.json"
check "9 markers and one an hour off: sync" $TM sync --json "$D/kernel_groups.txt" "$T/g91.json"
pyck "9 and 1: the one rejected, as before" "$T/out" \
	'(lambda l: (l["used"], l["rejected"], [r["marker"].split("'"'"'")[1] for r in l["rejected_markers"]]) == (9, 1, ["g9"]))(j["links"][0])'

# marker labels keep the end of a long file name (its line), in whole
# UTF-8 characters (regression: the first 50 bytes were kept)
L="$T/a-long-directory-name-for-labels"
mkdir -p "$L" && cp "$D/kernel_groups.txt" "$D/app_groups55.json" "$L/"
check "two groups, long paths: both groups' first markers keep their line" \
	sh -c "! $TM sync '$L/kernel_groups.txt' '$L/app_groups55.json' 2>'$T/err' && grep -q \"(first 'g1' (...[^)]*/kernel_groups.txt:12) at 100.000100 s); 5 give +8600.000000000 s (first 'g2' (...[^)]*/kernel_groups.txt:15) at 101.000100 s)\" '$T/err'"
L="$T/$(python3 -c 'print("\u00e9" * 30)')x"
mkdir -p "$L" && cp "$D/kernel_groups.txt" "$D/app_groups73.json" "$L/"
check "7 against 3, a path cut inside a character: sync" $TM sync --json "$L/kernel_groups.txt" "$L/app_groups73.json"
pyck "the rejected markers' labels: valid UTF-8, the file's end and line kept" "$T/out" \
	'[r["marker"] for r in j["links"][0]["rejected_markers"]] == ["'"'"'g%d'"'"' (..." % g + "\u00e9" * 11 + "x/kernel_groups.txt:%d)" % n for g, n in ((3, 16), (6, 19), (9, 22))]'

# ---- --max-error: kernel.txt + app.json's link has error 10.5 us ------------
# (issuer half-width 10 us + the kernel's rounding 0.5 us)
if $TM sync --max-error 10us "$D/kernel.txt" "$D/app.json" >/dev/null 2>"$T/err"; then
	notok "--max-error 10us refuses a link of error 10.5 us"
else
	check "--max-error 10us: the error says the bound and the option" \
		grep -qF "the markers' error bound ±10.5 µs is above --max-error 10.0 µs (a larger --max-error accepts it)" "$T/err"
fi
check "--max-error 10500ns accepts the link (bound equal)" sh -c "$TM sync --json --max-error 10500ns '$D/kernel.txt' '$D/app.json' | grep -q '\"error_ns\":10500'"
check "merge --max-error 10us refuses it too, no output" sh -c "! $TM merge -q --max-error 10us -o '$T/mx.json' '$D/kernel.txt' '$D/app.json' 2>/dev/null && test ! -e '$T/mx.json'"
check "merge --max-error 11us merges" $TM merge -q --max-error 11us -o "$T/mx.json" "$D/kernel.txt" "$D/app.json"
# issue_ts 250 ms before ts: half-widths 125 ms, above the default 100 ms
sed 's/"issue_ts":5100000090/"issue_ts":5099750110/; s/"issue_ts":5101000090/"issue_ts":5100750110/; s/"issue_ts":5102000090/"issue_ts":5101750110/' "$D/app.json" > "$T/wide.json"
if $TM sync "$D/kernel.txt" "$T/wide.json" >/dev/null 2>"$T/err"; then
	notok "issue_ts 250 ms before ts: refused by the default --max-error"
else
	check "issue_ts 250 ms before ts: refused by the default --max-error 100 ms" grep -q "is above --max-error 100.000 ms" "$T/err"
fi
check "issue_ts 250 ms before ts: --max-error 200ms accepts it" $TM sync --max-error 200ms "$D/kernel.txt" "$T/wide.json"
for bad in 0 -1ms 5 x 1.5xs; do
	if $TM sync --max-error "$bad" "$D/kernel.txt" "$D/app.json" >/dev/null 2>&1; then notok "--max-error $bad refused"
	else rc=$?; [ $rc = 2 ] && ok "--max-error $bad refused (usage error)" || notok "--max-error $bad: exit $rc, want 2"; fi
done

# ---- a failed sync/merge still prints the warnings that explain it ---------
# (regression: they were printed on success alone; the run said only "cannot align")
sed 's/"issue_ts":\(510[0-2]000\)090/"issue_ts":\1130/' "$D/app.json" > "$T/late.json"
if $TM sync "$D/kernel.txt" "$T/late.json" >/dev/null 2>"$T/err"; then
	notok "issue_ts after ts everywhere: cannot align"
else
	check "issue_ts after ts: the warning comes before the error" sh -c "grep -n . '$T/err' | grep -q '^1:tracemerge sync: warning: sync-bad-value: 3 (clock_sync issue_ts after its ts: ignored; first at .*late.json:4)' && tail -n 1 '$T/err' | grep -q '^tracemerge sync: cannot align'"
fi
sed 's/"sync_id":"s[23]"/"sync_id":"s1"/g' "$D/app.json" > "$T/same.json"
if $TM merge -o "$T/ms1.json" "$D/kernel.txt" "$T/same.json" >/dev/null 2>"$T/err"; then
	notok "one sync id for every marker: cannot align"
else
	check "repeated sync ids: merge prints the warnings, then the error" sh -c "head -n 1 '$T/err' | grep -q '^tracemerge merge: warning: sync-id-repeated: 4 ' && grep -q '^tracemerge merge: warning: sync-unpaired: 2 ' '$T/err' && tail -n 1 '$T/err' | grep -q '^tracemerge merge: cannot align'"
fi
check "merge -q: no warnings, the error alone" sh -c "! $TM merge -q -o '$T/ms1.json' '$D/kernel.txt' '$T/same.json' 2>'$T/err2'; test \$(wc -l < '$T/err2') = 1 && grep -q 'cannot align' '$T/err2'"

# ---- JSON only: no systemTraceEvents ---------------------------------------
# (regression: an empty systemTraceEvents made Catapult add an unlinked ftrace
# clock domain and refuse a trace whose JSON has clock_sync events)
check "import of an app trace alone" $TM import -q -o "$T/ij.json" "$D/app.json"
pyck "import of JSON alone: no systemTraceEvents, every event kept" "$T/ij.json" \
	'"systemTraceEvents" not in j and len(j["traceEvents"]) == 8'
check "merge of two app traces --same-clock" $TM merge -q --same-clock -o "$T/mj2.json" "$D/app.json" "$D/app_mono.json"
pyck "merge of JSON alone: no systemTraceEvents" "$T/mj2.json" '"systemTraceEvents" not in j'

# ---- through the viewers' eyes ------------------------------------------------
find_vc
if [ -z "$VC" ]; then
	skip "merge viewers ($VIEW_WHY)"
	exit 0
fi
# A current Catapult tree (TM_CATAPULT: a catapult-project/catapult checkout
# with tracing/, catapult_build/ and third_party/vinn/) besides the npm one
ENGINES="catapult perfetto"
if [ -n "${TM_CATAPULT:-}" ] && [ -f "$TM_CATAPULT/catapult_build/node_bootstrap.js" ]; then
	ENGINES="$ENGINES catapult-current"
else
	skip "merge viewers in a current Catapult (set TM_CATAPULT to a catapult checkout)"
fi
vc_load() { # ENGINE ARGS...: view.js with ENGINE's options
	_e=$1; shift
	case $_e in
	catapult-current) (node "$VIEW" --catapult "$TM_CATAPULT" "$@") ;;
	*) (node "$VIEW" --engine "$_e" "$@") ;;
	esac
}
for m in m md mh mp mpk mpa ij mj2 mlg mlg0 mlg2 mlgm mlgi ilg; do
	for eng in $ENGINES; do
		if vc_load $eng --slices '^(work|frame|slice[0-9])$' "$T/$m.json" > "$T/$m.$eng" 2>&1; then
			ok "$m.json imports in $eng"
		else
			notok "$m.json imports in $eng"; head -c 600 "$T/$m.$eng" | sed 's/^/    /'; continue
		fi
		case $m in ij|mj2) continue ;; esac   # JSON alone: no twins to compare
		# every named slice appears twice (JSON + atrace twin) at the same start
		if python3 "$top/tests/viewers/harness/twins.py" "$T/$m.$eng" > "$T/py" 2>&1
		then ok "$m.json in $eng: JSON slices and atrace twins start together ($(cat "$T/py"))"
		else notok "$m.json in $eng: twins"; sed 's/^/    /' "$T/py" | head; fi
	done
done

# Both Catapult generations align Chrome's legacy systrace file itself the
# way tracemerge does (the JSON on CLOCK_MONOTONIC, parent_ts to the kernel):
# the JSON work slice and its atrace twin start together there
for eng in $ENGINES; do
	[ $eng = perfetto ] && continue   # Perfetto ignores parent_ts (one axis)
	vc_load $eng --slices '^work$' "$D/legacy_systrace.json" > "$T/ls.$eng" 2>&1
	pyck "legacy_systrace.json as recorded, in $eng: work and its atrace twin at 200.5 s" "$T/ls.$eng" \
		'j["ok"] and sorted(s["start_ms"] for s in j["matched_slices"]) == [200500, 200500]'
done
