#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `trace-cmd report -R` text (raw fields, testdata/tracecmd-raw/): the events
# the viewers read come out in the kernel's text form.
#  - report_raw_4_9.txt, made by hand with the numbers a 4.9 kernel writes:
#    every event's text against report_raw_4_9.expected, worked out by hand
#    from the kernels' print formats (prev_state 1 S, 4096 R+, 64 x, 130
#    D|K, 1026 D|N with the 4.8-4.13 table, the only one those numbers fit;
#    ret=1 handled, vec=3 NET_RX, the marker's text without its ip);
#  - report_raw_ambiguous.txt: numbers (1, 32, 0) that fit every table:
#    1 and 0 print alike in all (S, R), 32 does not (X before 4.14, Z
#    after) and stays a number, counted in a warning, and is still written;
#  - report_raw_late.txt: the number that decides the table (256) comes
#    after one two tables print differently (32);
#  - live_6_18_report_R.txt.gz and live_6_18_report.txt.gz, one recording
#    of this machine's kernel 6.18 printed by `trace-cmd report -R` and
#    `trace-cmd report`: all 1067 sched_switch lines of the raw text get
#    " ==> " and letters (4.14+ table: 128 I, 256 R+, 32 Z), its 7 markers
#    are read as markers, and, with the viewers, Catapult builds as many
#    CPU slices and slices from the raw text's import as from the plugin
#    text's, Perfetto as many sched rows (1067) and slices;
#  - every trace.dat of testdata/ (and testdata/field/): its report -R text
#    imported gives the state of every switch that `trace-cmd report -N`
#    (the trace.dat's own sched_switch format) prints.
. "$(dirname "$0")/../lib.sh"
# the tool as one word ($TM may be "valgrind ... tracemerge"), for the
# checks that hand it to sh -c
TMX=$T/tracemerge
printf '#!/bin/sh\nexec %s "$@"\n' "$TM" > "$TMX"
chmod +x "$TMX"
D=$top/testdata/tracecmd-raw

# The events of an import's systemTraceEvents as "name: details".
cat > "$T/events.py" <<'PY'
import json, re, sys
for l in json.load(open(sys.argv[1]))["systemTraceEvents"].splitlines():
    if l.startswith("#"):
        continue
    m = re.search(r"\d+\.\d+: (.*)$", l)
    print(m.group(1) if m else "?? " + l)
PY

check "raw 4.9: import" "$TMX" import -o "$T/49.json" "$D/report_raw_4_9.txt"
check "raw 4.9: every event in the kernel's text, as worked out by hand" \
	sh -c 'python3 "$1/events.py" "$1/49.json" | diff - "$2/report_raw_4_9.expected"' _ "$T" "$D"
check "raw 4.9: no warning" sh -c '"$1" stats "$2" | grep -q "^warnings (0 kinds)"' _ "$TMX" \
	"$D/report_raw_4_9.txt"
check "raw 4.9: the markers are atrace slices (1 B, 1 E)" \
	sh -c '"$1" stats "$2" | grep -q "slices opened 1 closed 1 unterminated 0"' _ "$TMX" \
	"$D/report_raw_4_9.txt"

"$TMX" import -o "$T/amb.json" "$D/report_raw_ambiguous.txt" 2>"$T/amb.err"
check "raw ambiguous: import succeeds" test -s "$T/amb.json"
check "raw ambiguous: the switch with 32 is counted in a warning" \
	grep -q "raw-task-states-unknown: 1 (1 of 3 sched_switch lines .* the numbers 32 mean" "$T/amb.err"
check "raw ambiguous: stats warns too" sh -c \
	'"$1" stats --json "$2" | python3 -c "import json,sys; w=json.load(sys.stdin)[\"inputs\"][0][\"warnings\"]; sys.exit(0 if [x for x in w if x[\"kind\"] == \"raw-task-states-unknown\" and x[\"count\"] == 1] else 1)"' \
	_ "$TMX" "$D/report_raw_ambiguous.txt"
check "raw ambiguous: S and R written, 32 as it is" sh -c \
	'python3 "$1/events.py" "$1/amb.json" | grep -o "prev_state=[^ ]* [^ ]*" | tr "\n" " " |
	 grep -qx "prev_state=S ==> prev_state=32 next_comm=spin prev_state=R ==> "' _ "$T"

# the first switch's 32 fits both tables until the 256 after it: the text
# written as the first pass read it is written again (import's single pass)
check "raw late: 32 and 256 as the 4.14+ kernel prints them (Z, R+)" sh -c \
	'"$1" import -o "$2/late.json" "$3" && python3 "$2/events.py" "$2/late.json" |
	 grep -o "prev_state=[^ ]* ==>" | tr "\n" " " | grep -qx "prev_state=Z ==> prev_state=R+ ==> "' \
	_ "$TMX" "$T" "$D/report_raw_late.txt"

check "live 6.18: import of report -R" "$TMX" import -o "$T/raw.json" "$D/live_6_18_report_R.txt.gz"
check "live 6.18: import of report" "$TMX" import -o "$T/plugin.json" "$D/live_6_18_report.txt.gz"
python3 "$T/events.py" "$T/raw.json" > "$T/raw.ev"
check "live 6.18: 1067 sched_switch lines, all with ' ==> '" sh -c \
	'test "$(grep -c "^sched_switch: " "$1")" = 1067 &&
	 test "$(grep -c "^sched_switch: prev_comm=.* prev_state=[RSDTtXZPI+|]* ==> next_comm=" "$1")" = 1067' \
	_ "$T/raw.ev"
check "live 6.18: the states as the 6.18 kernel prints them" sh -c \
	'for s in "R 403" "S 216" "I 245" "D 56" "R+ 65" "Z 82"; do
		n=$(grep -c "prev_state=${s% *} ==>" "$1"); test "$n" = "${s#* }" || { echo "$s: $n"; exit 1; }
	 done' _ "$T/raw.ev"
check "live 6.18: 7 markers as tracing_mark_write" sh -c \
	'test "$(grep -c "^tracing_mark_write: [BEC]|" "$1")" = 7' _ "$T/raw.ev"

# trace-cmd itself as the oracle: `report -N` prints a trace.dat with the
# kernel's own sched_switch format (the one the trace.dat carries); its
# `report -R` text, imported, must give the same state for every switch.
# The trace.dat files of testdata/ (and of testdata/field/, whose Juno
# traces need the 3.9-4.1, 4.2-4.7 and 4.8-4.13 tables).
cat > "$T/states.py" <<'PY'
import json, re, sys
SW = re.compile(r"sched_switch: .* prev_state=(\S+) ==> ")
ours = [m.group(1) for l in json.load(open(sys.argv[1]))["systemTraceEvents"].splitlines()
        for m in [SW.search(l)] if m]
theirs = [m.group(1) for l in open(sys.argv[2], errors="replace") for m in [SW.search(l)] if m]
if not theirs or ours != theirs:
    bad = [i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b][:3]
    sys.exit("%d switches, trace-cmd %d; first differences %s" %
             (len(ours), len(theirs), [(ours[i], theirs[i]) for i in bad]))
print("%d switches, states %s" % (len(ours), " ".join(sorted(set(ours)))))
PY
if ! command -v trace-cmd >/dev/null; then
	skip "raw against trace-cmd report -N (no trace-cmd)"
else
	for dat in $(find "$top/testdata" -name '*.dat' -o -name '*.dat.gz' | sort); do
		case $dat in *.gz) gzip -dc "$dat" > "$T/t.dat" ;; *) cp "$dat" "$T/t.dat" ;; esac
		trace-cmd report -R "$T/t.dat" > "$T/t.R" 2>/dev/null
		trace-cmd report -N "$T/t.dat" > "$T/t.N" 2>/dev/null
		grep -q " sched_switch: " "$T/t.N" || continue
		lcheck "raw ${dat#$top/testdata/}: the states of report -R = report -N's" sh -c \
			'"$1" import -o "$2/t.json" "$2/t.R" && python3 "$2/states.py" "$2/t.json" "$2/t.N"' \
			_ "$TMX" "$T"
	done
fi

find_vc
if [ -z "$VC" ]; then
	skip "raw live 6.18 in the viewers ($VIEW_WHY)"
	exit 0
fi
# Catapult's CPU slices and slices, Perfetto's sched rows and slices
counts() { # JSON
	node "$VIEW" --engine catapult "$1" |
		python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["cpu_slices"], d["slices"], d["import_warning_count"])'
	"$VC/tp-query" "$1" "select count(*) from sched" "select count(*) from slice" |
		python3 -c 'import json,sys; print(" ".join(q["rows"][1][0] for q in json.load(sys.stdin)["queries"]))'
}
counts "$T/raw.json" > "$T/raw.counts"
counts "$T/plugin.json" > "$T/plugin.counts"
lcheck "raw live 6.18: Catapult and Perfetto build from report -R what they build from report" \
	sh -c 'cat "$1" | tr "\n" " "; cmp -s "$1" "$2"' _ "$T/raw.counts" "$T/plugin.counts"
check "raw live 6.18: Perfetto reads 1067 sched_switch" sh -c 'sed -n 2p "$1" | grep -q "^1067 "' \
	_ "$T/raw.counts"
check "raw 4.9: Catapult reads every switch (5) as a CPU slice but the one to swapper (4)" sh -c \
	'node "$1" --engine catapult "$2" | python3 -c "import json,sys; d=json.load(sys.stdin); sys.exit(0 if d[\"cpu_slices\"] == 4 and not [w for w in d[\"import_warnings\"] if \"sched_switch\" in w[\"message\"]] else 1)"' \
	_ "$VIEW" "$T/49.json"
