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
