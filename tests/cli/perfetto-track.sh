#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Perfetto TrackEvents (parsers/perfetto-track.c): the app slices, instants
# and counters of a Perfetto trace as Trace Event JSON in traceEvents.
#  - track_events.pb (hand-made, testdata/perfetto/track_events.textproto):
#    every event worked out by hand from its packets (below), the warnings
#    of what the trace lost, and `stats`;
#  - track_legacy.pb: legacy microsecond timestamps and a sequence's
#    default clock: CLOCK_MONOTONIC, merged with a Chrome JSON on that
#    clock without options or markers;
#  - track_seqclock.pb: the SDK's incremental clock 64 of a sequence,
#    through its ClockSnapshot onto BOOTTIME;
#  - track_manyclocks.pb: 38 clocks the trace defines (two per sequence
#    on 18 sequences, a global one, one reached through it), every time
#    worked out by hand;
#  - chromium_startup.pftrace.gz (recorded here by Debian's Chromium): its
#    slices, counters and times as Perfetto's trace_processor counts
#    them, and with the viewers the per-name counts and threads;
#  - Perfetto's diff-test inputs with expected values: the interned debug
#    annotation string of test_interned_string_value, the slice of
#    trace_manifest/tests.py's _PROTO_SLICE;
#  - a malformed track_event: a one-line error with the byte.
. "$(dirname "$0")/../lib.sh"
D=$top/testdata/perfetto

# the traceEvents of an import (or, with --lines, the JSON lines of a
# file) as sorted canonical JSON lines
cat > "$T/events.py" <<'PY'
import json, sys
if sys.argv[1] == "--lines":
    ev = [json.loads(l) for l in open(sys.argv[2])]
else:
    ev = json.load(open(sys.argv[1]))["traceEvents"]
for e in sorted(json.dumps(e, sort_keys=True) for e in ev):
    print(e)
PY

# same_events NAME TRACE EXPECTED: TRACE's import holds the EXPECTED events
same_events() {
	python3 "$T/events.py" --lines "$3" > "$T/$1.want"
	$TM import -q -o "$T/$1.json" "$2" && python3 "$T/events.py" "$T/$1.json" > "$T/$1.got" &&
		diff "$T/$1.want" "$T/$1.got"
}

# ---- track_events.pb: the events worked out by hand --------------------------
# From track_events.textproto (times: ns / 1000 = µs, exact):
#  - default track 11 (TrackEventDefaults) = thread 101 "main" of process
#    100 "app": outer B at 1000000000 (cat "app", interned), inner B at
#    1000250000 (cats "app,io"; args n=-7, s="x\"y", ok=true, d=0.25; the
#    dict annotation "nested" not written), END 1000500000 closes inner,
#    tick i at 1000600000 (cat "misc"), END 1001000000 closes outer, the END
#    at 1001100000 has nothing open (not written);
#  - track 13 "net" under process 10: a thread of its own in process 100,
#    with the second id of those (1 << 28) + n, in order of first use
#    (track 99's s5 at 1000010000 comes first): req B 1000100000 .. E
#    1000900000;
#  - counter "bytes" (unit_multiplier 1024, is_incremental): 1 then 2 ->
#    1024 at 1000200000, 3072 at 1000300000; counter "queue": 5 at
#    1000700001 (1000700.001 µs), 9 (extra_counter_values on the END at
#    1001000000), 2.5 (double) at 1001000500;
#  - sequence 2: the BEGIN before its state is cleared is skipped; "late"
#    i at 1001300000 (iid 1 of sequence 2, not sequence 1's "outer"); iid
#    5 never defined: i at 1001400000 named "";
#  - sequence 5: s5 i at 1000010000 on track 99 that nothing describes:
#    thread (1 << 28) + 1 "track 99" of pseudo process 1 << 28 "Perfetto
#    tracks"; the packet after previous_packet_dropped is skipped.
cat > "$T/track_events.expected" <<'EOF'
{"cat": "app", "name": "outer", "ph": "B", "pid": 100, "tid": 101, "ts": 1000000}
{"name": "s5", "ph": "i", "pid": 268435456, "s": "t", "tid": 268435457, "ts": 1000010}
{"name": "req", "ph": "B", "pid": 100, "tid": 268435458, "ts": 1000100}
{"args": {"value": 1024}, "name": "bytes", "ph": "C", "pid": 100, "ts": 1000200}
{"args": {"d": 0.25, "n": -7, "ok": true, "s": "x\"y"}, "cat": "app,io", "name": "inner", "ph": "B", "pid": 100, "tid": 101, "ts": 1000250}
{"args": {"value": 3072}, "name": "bytes", "ph": "C", "pid": 100, "ts": 1000300}
{"ph": "E", "pid": 100, "tid": 101, "ts": 1000500}
{"cat": "misc", "name": "tick", "ph": "i", "pid": 100, "s": "t", "tid": 101, "ts": 1000600}
{"args": {"value": 5}, "name": "queue", "ph": "C", "pid": 100, "ts": 1000700.001}
{"ph": "E", "pid": 100, "tid": 268435458, "ts": 1000900}
{"ph": "E", "pid": 100, "tid": 101, "ts": 1001000}
{"args": {"value": 9}, "name": "queue", "ph": "C", "pid": 100, "ts": 1001000}
{"args": {"value": 2.5}, "name": "queue", "ph": "C", "pid": 100, "ts": 1001000.5}
{"name": "late", "ph": "i", "pid": 100, "s": "t", "tid": 101, "ts": 1001300}
{"name": "", "ph": "i", "pid": 100, "s": "t", "tid": 101, "ts": 1001400}
{"args": {"name": "app"}, "name": "process_name", "ph": "M", "pid": 100, "tid": 100}
{"args": {"name": "main"}, "name": "thread_name", "ph": "M", "pid": 100, "tid": 101}
{"args": {"name": "net"}, "name": "thread_name", "ph": "M", "pid": 100, "tid": 268435458}
{"args": {"name": "track 99"}, "name": "thread_name", "ph": "M", "pid": 268435456, "tid": 268435457}
{"args": {"name": "Perfetto tracks"}, "name": "process_name", "ph": "M", "pid": 268435456, "tid": 268435456}
EOF
check "perfetto track events: slices, instants, counters and names as worked out by hand" \
	same_events te "$D/track_events.pb" "$T/track_events.expected"
check "perfetto track events: the JSON part names its clock: CLOCK_BOOTTIME" \
	sh -c "python3 -c '
import json, sys
i = json.load(open(sys.argv[1]))[\"metadata\"][\"tracemerge\"][\"inputs\"][0]
sys.exit(i[\"json_clock_domain\"] != \"CLOCK_BOOTTIME\")' '$T/te.json'"
# skipped: sequence 2's BEGIN before its clear, sequence 5's packet after
# the drop (2; the packets without their state: 2, trace-wide); dropped: 1; iid 5: 1; the END with nothing open: 1; the
# dict annotation: 1; track 99: 1
check "perfetto track events: what the trace lost, counted" \
	sh -c "python3 -c '
import json, sys
w = {x[\"kind\"]: x[\"count\"] for x in json.load(open(sys.argv[1]))[\"metadata\"][\"tracemerge\"][\"warnings\"]}
want = {\"perfetto-track-state-lost\": 2, \"perfetto-packets-dropped\": 1, \"perfetto-incremental-state-lost\": 2, \"perfetto-track-iid\": 1,
        \"perfetto-track-unmatched-end\": 1, \"perfetto-track-args\": 1, \"perfetto-track-undescribed\": 1}
sys.exit(0 if w == want else \"%s != %s\" % (w, want))' '$T/te.json'"
check "perfetto track events: stats counts them by phase" \
	sh -c "$TM stats '$D/track_events.pb' > '$T/st' &&
	       grep -q 'json:    20 events in 1 block' '$T/st' &&
	       grep -q 'by phase: B=3 C=5 E=3 M=5 i=4\$' '$T/st' &&
	       grep -q 'perfetto-track-state-lost 2' '$T/st'"

# ---- track_legacy.pb: CLOCK_MONOTONIC ------------------------------------------
# reference 1000000 µs + 50 -> old B at 1000050, + 25 -> E at 1000075; abs
# i at 1000080; sequence 6's m i at 1000090000 ns on its default clock 3.
cat > "$T/legacy.expected" <<'EOF'
{"name": "old", "ph": "B", "pid": 200, "tid": 201, "ts": 1000050}
{"ph": "E", "pid": 200, "tid": 201, "ts": 1000075}
{"name": "abs", "ph": "i", "pid": 200, "s": "t", "tid": 201, "ts": 1000080}
{"name": "m", "ph": "i", "pid": 200, "s": "t", "tid": 202, "ts": 1000090}
{"args": {"name": "legacy"}, "name": "thread_name", "ph": "M", "pid": 200, "tid": 201}
{"args": {"name": "mono"}, "name": "thread_name", "ph": "M", "pid": 200, "tid": 202}
EOF
check "perfetto track events: legacy µs timestamps and a sequence's default clock" \
	same_events lg "$D/track_legacy.pb" "$T/legacy.expected"
check "perfetto track events: legacy µs timestamps and clock 3 are on CLOCK_MONOTONIC" \
	grep -q '"json_clock_domain":"CLOCK_MONOTONIC"' "$T/lg.json"
# a Chrome JSON on CLOCK_MONOTONIC: X at 1000060 µs, 10 µs long
printf '%s\n' '{"traceEvents":[{"name":"chrome","ph":"X","ts":1000060,"dur":10,"pid":7,"tid":7}],' \
	'"metadata":{"clock-domain":"CLOCK_MONOTONIC"}}' > "$T/chrome.json"
check "perfetto track events: merged with a Chrome JSON on CLOCK_MONOTONIC, no options, no markers, times kept" \
	sh -c "$TM merge -q -o '$T/m.json' '$D/track_legacy.pb' '$T/chrome.json' && python3 -c '
import json, sys
ev = json.load(open(sys.argv[1]))[\"traceEvents\"]
ts = {(e.get(\"name\"), e[\"ph\"]): e.get(\"ts\") for e in ev if e[\"ph\"] != \"M\"}
sys.exit(0 if ts[(\"old\", \"B\")] == 1000050 and ts[(\"chrome\", \"X\")] == 1000060 else ts)' '$T/m.json'"

# ---- track_seqclock.pb: the SDK's incremental sequence-scoped clock ----------------
# clock 64 = 0 at BOOTTIME 2000000000 ns, 1000 ns a unit, deltas 10, 5, 1
# (a TYPE_STATE event: not written, its delta counts), 4: a B at 10 units
# = 2000010000 ns, E at 15 = 2000015000, b at 20 = 2000020000
check "perfetto track events: an incremental sequence-scoped clock, through its snapshot, onto BOOTTIME" \
	sh -c "$TM import -q -o '$T/sc.json' '$D/track_seqclock.pb' && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
ev = [(e[\"ph\"], e[\"ts\"], e.get(\"name\")) for e in d[\"traceEvents\"] if e[\"ph\"] != \"M\"]
sys.exit(ev != [(\"B\", 2000010, \"a\"), (\"E\", 2000015, None), (\"i\", 2000020, \"b\")] or
         d[\"metadata\"][\"tracemerge\"][\"inputs\"][0][\"json_clock_domain\"] != \"CLOCK_BOOTTIME\")' '$T/sc.json'"

# ---- Perfetto's diff-test inputs -----------------------------------------------
# parsing/tests_debug_annotation.py test_interned_string_value: debug.key
# is "value" (interned name and string value); its instant slice1 is at
# 2000 ns on thread 1 of process 5.
check "perfetto track events: diff test interned_string_value: args key = \"value\"" \
	sh -c "$TM import -q -o '$T/da.json' '$D/debug_annotation_interned_string.pb' && python3 -c '
import json, sys
ev = [e for e in json.load(open(sys.argv[1]))[\"traceEvents\"] if e[\"ph\"] == \"i\"]
sys.exit(ev != [{\"ph\": \"i\", \"s\": \"t\", \"ts\": 2, \"pid\": 5, \"tid\": 1, \"name\": \"slice1\",
                 \"args\": {\"key\": \"value\"}}])' '$T/da.json'"
# trace_manifest/tests.py _PROTO_SLICE: proto_slice from BOOTTIME
# 1100000000 to 1200000000 ns (the spine's ClockSnapshot before it)
check "perfetto track events: diff test proto_slice: B at 1100000 µs, E at 1200000 µs, CLOCK_BOOTTIME" \
	sh -c "$TM import -q -o '$T/sp.json' '$D/manifest_spine.pb' && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
ev = [(e[\"ph\"], e[\"ts\"], e.get(\"name\")) for e in d[\"traceEvents\"] if e[\"ph\"] in \"BE\"]
sys.exit(ev != [(\"B\", 1100000, \"proto_slice\"), (\"E\", 1200000, None)] or
         d[\"metadata\"][\"tracemerge\"][\"inputs\"][0][\"json_clock_domain\"] != \"CLOCK_BOOTTIME\")' '$T/sp.json'"

# ---- track_manyclocks.pb: 38 clocks the trace defines ---------------------------
# Sequence k (1..18): MONOTONIC = 1e9 + k*1e6 ns when 64 = k*1000 units and
# 65 = 5000000 + k (1000 ns a unit): "sK" from delta 10 (+10000 ns) to
# +15000 ns, "iK" at 65 = 5000000 + k + 20 (+20000 ns).  "chain": 64 of
# sequence 101 is 0 when global clock 128 is 1000 ns, 128 is 500 when
# MONOTONIC is 3e9: delta 7 -> 7000 ns -> 128 at 8000 -> 3000007500 ns,
# then 2 more units (3000009500 ns).  All on CLOCK_MONOTONIC, in µs.
check "perfetto track events: 38 clocks of the trace, every event at its hand-worked MONOTONIC time" \
	sh -c "$TM import -o '$T/mc.json' '$D/track_manyclocks.pb' 2> '$T/mc.err' && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
got = sorted((e[\"ts\"], e[\"ph\"], e.get(\"name\")) for e in d[\"traceEvents\"] if e[\"ph\"] != \"M\")
want = []
for k in range(1, 19):
    base = 1000000 + k * 1000
    want += [(base + 10, \"B\", \"s%d\" % k), (base + 15, \"E\", None), (base + 20, \"i\", \"i%d\" % k)]
want += [(3000007.5, \"B\", \"chain\"), (3000009.5, \"E\", None)]
sys.exit(got != sorted(want) or
         d[\"metadata\"][\"tracemerge\"][\"inputs\"][0][\"json_clock_domain\"] != \"CLOCK_MONOTONIC\")' '$T/mc.json' &&
	       ! grep -q 'perfetto-track-\\|perfetto-clock-snapshot-unusable' '$T/mc.err'"

# ---- chromium_startup.pftrace.gz: a trace Chrome records today --------------------
# trace_processor (the harness's tp-query) on the raw file: 23149 slices
# (B and instants), 46169 counter values, the first event (a counter) at
# 802883082030 ns and the last at 804860418074 ns, all on MONOTONIC (the
# trace's primary_trace_clock); 64 sequences each on their own clock 64.
check "perfetto track events: Chromium's trace: 23149 slices, 46169 counters, 802.883082030 .. 804.860418074 s as Perfetto" \
	sh -c "$TM import -o '$T/chr.json' '$D/chromium_startup.pftrace.gz' 2> '$T/chr.err' && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
ev = [e for e in d[\"traceEvents\"] if e[\"ph\"] != \"M\"]
n = lambda ph: sum(e[\"ph\"] == ph for e in ev)
ts = [round(e[\"ts\"] * 1000) for e in ev]
sys.exit((n(\"B\") + n(\"i\"), n(\"C\"), min(ts), max(ts)) != (23149, 46169, 802883082030, 804860418074) or
         d[\"metadata\"][\"tracemerge\"][\"inputs\"][0][\"json_clock_domain\"] != \"CLOCK_MONOTONIC\")' '$T/chr.json' &&
	       ! grep -q 'perfetto-track-seq-clock\\|perfetto-track-clocks\\|perfetto-clock-snapshot-unusable' '$T/chr.err'"

# ---- bad input -------------------------------------------------------------------
# one packet whose track_event holds TrackEvent.type as a varint of 11
# bytes: 0a 0e | 5a 0c | 48 ff*10 01: the 11th byte is byte 15
$TM import -o "$T/bad.json" "$D/bad_track_varint11.pb" > "$T/e" 2>&1; rc=$?
if [ $rc = 1 ] && [ "$(wc -l < "$T/e")" = 1 ] && [ ! -e "$T/bad.json" ] &&
   grep -qF "bad_track_varint11.pb: byte 15: varint longer than 10 bytes" "$T/e"; then
	ok "perfetto track events: a varint of 11 bytes in a track_event -> exit 1, one line with byte 15"
else
	notok "perfetto track events: a varint of 11 bytes in a track_event (exit $rc)"; sed 's/^/    /' "$T/e"
fi

# ---- Chromium's trace through Perfetto's eyes -------------------------------------
# The raw file and its import in trace_processor: the same slices by name,
# the same counters, every thread (tid, name) of the raw file, the same
# first and last times.
find_vc
if [ -z "$VC" ]; then
	skip "perfetto track events: Chromium's trace in Perfetto ($VIEW_WHY)"
	exit 0
fi
check "perfetto track events: Chromium's trace: Perfetto shows the same slices, counters, threads and times in the import" \
	python3 -c '
import json, subprocess, sys
def q(f):
    sql = ["select name, count(*) from slice group by name", "select tid, name from thread where tid != 0",
           "select count(*), min(ts), max(ts) from counter", "select min(ts), max(ts + dur) from slice"]
    d = json.loads(subprocess.run([sys.argv[1], f] + sql, capture_output=True, text=True).stdout)
    r = [x["rows"][1:] for x in d["queries"]]
    return dict(map(tuple, r[0])), set(map(tuple, r[1])), r[2], r[3]
raw, imp = q(sys.argv[2]), q(sys.argv[3])
sys.exit(raw[0] != imp[0] or not raw[1] <= imp[1] or raw[2:] != imp[2:])' \
	"$VC/tp-query" "$D/chromium_startup.pftrace.gz" "$T/chr.json"

