#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The viewer harness itself (tests/viewers/harness): that it is set up and
# passed its own checks, and that the checks the suites make through it fail
# when an output is damaged on purpose:
#  - a slice shifted by 5 ms from its atrace twin (twins.py, as merge.sh
#    checks a merge) is reported in both viewers;
#  - a kernel line no viewer can read is reported (no_line_rejects, as the
#    corpus suites check an import): Catapult counts it, Perfetto refuses
#    the file;
#  - a thread moved into another process is reported as a loss by the
#    fidelity comparison (compare.py, as fidelity.sh checks an import).
# Each damaged output is first checked undamaged, so that a check that
# fails for another reason is not taken for one that sees the damage.
# Without the viewers' packages it is skipped, in one line; a harness that
# failed its own check is a failure here (and a skip, with the reason, in
# the other suites).
. "$(dirname "$0")/../lib.sh"
H=$top/tests/viewers/harness
find_vc
if [ -z "$VC" ]; then
	case $VIEW_WHY in
	"the viewers failed"*) notok "viewers: $VIEW_WHY" ;;
	*) skip "viewers: the harness ($VIEW_WHY)" ;;
	esac
	exit 0
fi
ok "viewers: ready in $VC ($(tr '\n' ' ' < "$VC/versions" | sed 's/ $//'))"
lcheck "viewers: tp-query answers known queries as expected" "$VC/tp-query" --self-check
check "viewers: both build the known traces' facts (known/facts.txt)" \
	python3 "$H/known.py" "$H/known/facts.txt"

# edit FILE PYTHON: rewrites the JSON FILE with PYTHON, which changes j;
# a damage that could not be made is a failure
edit() {
	python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
exec(sys.argv[2])
json.dump(j, open(sys.argv[1], "w"))' "$1" "$2" || notok "viewers: the damage to $(basename "$1") was not made"
}

# ---- a slice shifted from its twin -----------------------------------------------
D=$top/testdata/sync
$TM merge -q -o "$T/m.json" "$D/kernel.txt" "$D/app.json" || notok "viewers: merge of the sync pair"
cp "$T/m.json" "$T/shifted.json"
# the JSON's work slice begins 5 ms late: its atrace twin does not move
edit "$T/shifted.json" '
for e in j["traceEvents"]:
    if e.get("name") == "work" and e.get("ph") == "B":
        e["ts"] += 5000'
for eng in catapult perfetto; do
	node "$VIEW" --engine $eng --slices '^work$' "$T/m.json" > "$T/m.$eng" 2>&1
	node "$VIEW" --engine $eng --slices '^work$' "$T/shifted.json" > "$T/s.$eng" 2>&1
	check "viewers: $eng: the sync pair's merge has work with its twin" \
		python3 "$H/twins.py" "$T/m.$eng"
	if python3 "$H/twins.py" "$T/s.$eng" > "$T/res" 2>&1; then
		notok "viewers: $eng: a work slice 5 ms from its twin is not reported"
	else
		check "viewers: $eng: a work slice 5 ms from its twin is reported" \
			grep -q 'worst twin difference 5000.000 us' "$T/res"
	fi
done

# ---- a line no viewer reads ----------------------------------------------------------
cp "$T/m.json" "$T/rejected.json"
edit "$T/rejected.json" '
k = j["systemTraceEvents"].splitlines(True)
k.insert(len(k) - 1, "             app-4242  ( 4242) [000] ...1 100.550000: no event has this form\n")
j["systemTraceEvents"] = "".join(k)'
for eng in catapult perfetto; do
	check "viewers: $eng: the merge has no rejected line" no_line_rejects $eng "$T/m.json"
	if no_line_rejects $eng "$T/rejected.json" > "$T/res" 2>&1; then
		notok "viewers: $eng: a kernel line of no event's form is not reported"
	else
		check "viewers: $eng: a kernel line of no event's form is reported" \
			grep -q 'no event has this form' "$T/res"
	fi
done

# ---- a thread in the wrong process ------------------------------------------------
$TM import -q -o "$T/imp.json" "$D/kernel.txt" || notok "viewers: import of the sync pair's kernel text"
cp "$T/imp.json" "$T/moved.json"
# thread 4242 of process 4242 (the one that writes the markers) is put into
# process 4299: in its lines' TGID column, which Perfetto reads, and in its
# atrace slice's pid, which Catapult reads
edit "$T/moved.json" '
k = j["systemTraceEvents"].replace("app-4242  ( 4242)", "app-4242  ( 4299)")
k = k.replace("B|4242|work", "B|4299|work").replace("E|4242", "E|4299")
assert k.count("4299") == 7, k   # 5 lines of the thread, B and E
j["systemTraceEvents"] = k'
for eng in catapult perfetto; do
	check "viewers: $eng: the import of kernel.txt loses nothing" \
		python3 "$top/tests/viewers/fidelity/compare.py" $eng "$VC" "$D/kernel.txt" "$T/imp.json"
	if python3 "$top/tests/viewers/fidelity/compare.py" $eng "$VC" "$D/kernel.txt" "$T/moved.json" \
		> "$T/res" 2>&1; then
		notok "viewers: $eng: thread 4242 moved to process 4299 is not reported: $(head -n 1 "$T/res")"
	else
		check "viewers: $eng: thread 4242 moved to process 4299 is reported ($(head -n 1 "$T/res"))" \
			grep -q '^loss: .*4242.*4299\|^loss: .*4299.*4242' "$T/res"
	fi
done
