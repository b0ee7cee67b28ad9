#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Field: the whole traces of testdata/field, recorded on phones, boards and
# desktops and published by others (testdata/field/SOURCES.txt), tried as a
# new user would try them.  For every file:
#  - `stats` succeeds and finds events (kernel events or Trace Event JSON);
#  - `import` succeeds;
#  - where the file holds both sides, kernel events and Trace Event JSON (a
#    systrace with its JSON block, a Perfetto trace with ftrace and track
#    events), `sync` and `merge` succeed;
#  - nothing is lost: what Perfetto's trace_processor and Catapult build
#    from the raw file and from the import is compared by
#    tests/viewers/fidelity/compare.py.  tests/viewers/fidelity.sh compares
#    every file of testdata/ whose `stats` format is a kernel text format
#    (lib.sh's KERNEL_FORMATS) or a Perfetto proto: for those this suite says
#    so under the file and leaves them to it; the others (systrace HTML of
#    several blocks, trace.dat, Trace Event JSON) are compared here.
#    Neither viewer reads trace.dat: its raw side is `trace-cmd report -N`
#    of the same file (the kernel's print formats, no plugins; Catapult
#    gets it under a "# tracer: nop" line instead of trace-cmd's "cpus=N"),
#    skipped, visibly, without trace-cmd;
#  - a Perfetto proto's clocks are all related by its ClockSnapshots: the
#    import warns of no snapshot it could not use (readings a few µs
#    apart taken for a drift) and of no timestamp left on a
#    sequence-scoped clock;
#  - `stats` counts against what the viewers count of the same thing:
#      sched_switch events = Perfetto's sched rows of the import (a row
#      for each switch) and of the raw file, where Perfetto reads it;
#      cpu_frequency and cpu_idle events = Perfetto's cpufreq and cpuidle
#      counter rows of the import;
#    and the import's CPU slices in Catapult = Perfetto's sched rows of the
#    same import that end (a known duration) and run a task other than the
#    idle task (Catapult makes no slice of the idle task, nor of the task
#    still running at the end): both viewers must read every switch.
# Files that hit a reader bug still open fail here, as they must: the
# checks name what is missing.  `stats`, `import`, `sync` and `merge` run
# without the viewers; the comparisons are skipped, visibly, without
# the viewers.  The 18 files take about 90 s on 2 cores (20 s without
# the viewers).
. "$(dirname "$0")/../lib.sh"
command -v python3 >/dev/null || { skip "field (python3 missing)"; exit 0; }
if [ -n "$TM_WRAP" ]; then
	skip "field corpus (under valgrind: 12 MB of whole traces take too long)"
	exit 0
fi
F=$top/testdata/field
CMP="python3 $top/tests/viewers/fidelity/compare.py"
find "$F" -type f ! -name SOURCES.txt ! -name known-losses.txt ! -path "$F/LICENSES/*" | LC_ALL=C sort > "$T/files"
n=$(wc -l < "$T/files")
if [ "$n" -ge 15 ]; then ok "field: $n whole traces in testdata/field"
else notok "field: only $n traces in testdata/field (15 or more expected)"; fi
find_vc
[ -n "$VC" ] || skip "field: viewer comparisons ($VIEW_WHY)"
command -v trace-cmd >/dev/null || skip "field: trace.dat against trace-cmd report (trace-cmd missing)"

# facts: from $T/stats.json (`stats --json`), shell assignments: the
# format, the kernel events and the Trace Event JSON events found, and the
# sched_switch, cpu_frequency and cpu_idle events among the kernel events
facts() {
	python3 - "$T/stats.json" <<'PY'
import json, sys
try:
    i = json.load(open(sys.argv[1]))["inputs"][0]
except (ValueError, KeyError, IndexError):
    i = {}
n = i.get("events_by_name") or {}
b = i.get("blocks") or {}
dump = b.get("process-dump", 0) if isinstance(b, dict) else 0
print("fmt='%s' dump=%d kev=%d jev=%d sw=%d freq=%d idle=%d" % (
    i.get("format", ""), dump, (i.get("lines") or {}).get("events", 0),
    (i.get("json") or {}).get("events", 0), n.get("sched_switch", 0),
    n.get("cpu_frequency", 0), n.get("cpu_idle", 0)))
PY
}

# report ENGINE NAME OUT: compare.py's line OUT as a check (as fidelity.sh
# reports it): a gain or an unread raw input is printed under it
report() {
	_l=$(cat "$3")
	case $_l in
	same*) ok "field $2: fidelity $1: no loss, $_l" ;;
	gain:*) ok "field $2: fidelity $1: no loss"; echo "    $1: import $_l" ;;
	unread:*) ok "field $2: fidelity $1: no loss (raw input not read by $1)"
		echo "    $1: ${_l#unread: }" ;;
	viewer-bug:*) skip "field $2: fidelity $1: ${_l#viewer-bug: }" ;;
	*) notok "field $2: fidelity $1: ${_l:-compare.py failed}" ;;
	esac
}

# compare NAME FILE: the viewers' models of FILE (or of trace-cmd's text of
# it, for a trace.dat) and of $T/imp.json, side by side (2 cores)
compare() {
	_p=$2 _c=$2
	if [ "$(head -c 2 "$2" | od -An -tx1 | tr -d ' ')" = 1f8b ]; then
		gzip -dc "$2" > "$T/raw"; _c=$T/raw
	fi
	if [ "$fmt" = trace.dat ]; then
		[ -s "$T/report.txt" ] || return 0
		{ echo "# tracer: nop"; sed '/^cpus=[0-9]*$/d; /^CPU [0-9]* is empty$/d' "$T/report.txt"; } \
			> "$T/report_c.txt"
		_p=$T/report.txt _c=$T/report_c.txt
		echo "    $1: raw side: trace-cmd report -N of it"
	fi
	$CMP perfetto "$VC" "$_p" "$T/imp.json" > "$T/p.out" 2>&1 &
	$CMP catapult "$VC" "$_c" "$T/imp.json" > "$T/c.out" 2>&1
	wait
	report perfetto "$1" "$T/p.out"
	report catapult "$1" "$T/c.out"
}

# tracecmd NAME FILE: `trace-cmd report -N` of the trace.dat FILE into
# $T/report.txt (empty without trace-cmd), and stats' counts against it:
# as many events (trace-cmd's lines that start "comm-pid [cpu] secs: ", not
# its "cpus=N" line nor the rest of a message that holds a newline) and as
# many sched_switch
tracecmd() {
	: > "$T/report.txt"
	command -v trace-cmd >/dev/null || return 0
	if [ "$(head -c 2 "$2" | od -An -tx1 | tr -d ' ')" = 1f8b ]; then
		gzip -dc "$2" > "$T/raw.dat"
	else
		cp "$2" "$T/raw.dat"
	fi
	if ! trace-cmd report -N "$T/raw.dat" > "$T/report.txt" 2> "$T/report.err"; then
		notok "field $1: trace-cmd report -N fails: $(head -n 1 "$T/report.err")"
		: > "$T/report.txt"
		return
	fi
	_ev=$(grep -cE '^ *[^ ].*-[0-9]+ +\[[0-9]+\] +[0-9]+\.[0-9]+: ' "$T/report.txt")
	_sw=$(grep -c ': sched_switch: ' "$T/report.txt")
	if [ "$_ev" = "$kev" ] && [ "$_sw" = "$sw" ]; then
		ok "field $1: stats' $kev events, $sw sched_switch = trace-cmd report's"
	else
		notok "field $1: stats' $kev events, $sw sched_switch; trace-cmd report's: $_ev, $_sw"
	fi
}

# snapshots NAME: the import of a Perfetto proto ($T/imp.err, its
# warnings) related every clock its ClockSnapshots name: no snapshot left
# unused, no timestamp left on a sequence-scoped clock
snapshots() {
	_w=$(grep -oE 'warning: (sync-snapshot-unusable|perfetto-clock-snapshot-unusable|perfetto-track-seq-clock): [0-9]+' \
		"$T/imp.err" | sed 's/^warning: //' | tr '\n' ' ')
	if [ -z "$_w" ]; then ok "field $1: import relates every clock of its clock snapshots"
	else notok "field $1: import leaves clocks unrelated: $_w"; fi
}

# tp FILE SQL...: the first value of each query's result, one a line
# ("-" where trace_processor does not read FILE)
tp() {
	_f=$1; shift
	"$VC/tp-query" "$_f" "$@" 2>/dev/null | python3 -c '
import json, sys
try:
    d = json.load(sys.stdin)
except ValueError:
    d = {}
for q in d.get("queries", []):
    r = q.get("rows", [])
    print(r[1][0] if d.get("parse_ok") and len(r) > 1 else "-")'
}

# counts NAME FILE: stats' counts against the viewers' (see the top)
counts() {
	[ "$sw" -gt 0 ] || [ "$freq" -gt 0 ] || [ "$idle" -gt 0 ] || return 0
	tp "$T/imp.json" "select count(*) from sched" \
		"select count(*) from sched s join thread t using(utid) where t.tid != 0 and s.dur >= 0" \
		"select count(*) from counter c join cpu_counter_track t on c.track_id = t.id where t.name = 'cpufreq'" \
		"select count(*) from counter c join cpu_counter_track t on c.track_id = t.id where t.name = 'cpuidle'" \
		> "$T/tp"
	{ read -r _sched; read -r _run; read -r _freq; read -r _idle; } < "$T/tp"
	if [ "$sw" -gt 0 ]; then
		if [ "$_sched" = "$sw" ]; then
			ok "field $1: stats' $sw sched_switch = Perfetto's sched rows of the import"
		else
			notok "field $1: stats' $sw sched_switch, Perfetto's sched rows of the import: $_sched"
		fi
		case $fmt in trace.dat) _r=- ;; *) _r=$(tp "$2" "select count(*) from sched") ;; esac
		if [ "$_r" = "$sw" ]; then
			ok "field $1: stats' $sw sched_switch = Perfetto's sched rows of the raw file"
		elif [ "$_r" != - ]; then
			notok "field $1: stats' $sw sched_switch, Perfetto's sched rows of the raw file: $_r"
		fi
		(cd "$VC" && node "$top/tests/viewers/kevents/model.js" "$VC" fidelity "$T/imp.json") \
			> "$T/cat.json" 2>/dev/null
		_cat=$(python3 -c '
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except ValueError:
    d = {}
print(d["sched"] if d.get("ok") else "none (%s)" % str(d.get("error"))[:80])' "$T/cat.json")
		if [ "$_cat" = "$_run" ]; then
			ok "field $1: Catapult's $_cat CPU slices of the import = Perfetto's ended non-idle sched rows"
		elif grep -q 'Expected no more than one CrGpuMain' "$T/cat.json"; then
			# the trace itself has a process with two threads named
			# CrGpuMain: Catapult's Chrome model refuses any such trace
			skip "field $1: Catapult's CPU slices (Catapult refuses a process with two threads named CrGpuMain, as the trace has)"
		else
			notok "field $1: Catapult's CPU slices of the import: $_cat, Perfetto's ended non-idle sched rows: $_run"
		fi
	fi
	rows "$1" cpu_frequency "$freq" "$_freq" cpufreq
	rows "$1" cpu_idle "$idle" "$_idle" cpuidle
}

# rows NAME EVENT N ROWS TRACK: stats' N EVENT events against Perfetto's
# ROWS counter rows of TRACK (no check where N is 0)
rows() {
	[ "$3" -gt 0 ] || return 0
	if [ "$4" = "$3" ]; then ok "field $1: stats' $3 $2 = Perfetto's $5 counter rows of the import"
	else notok "field $1: stats' $3 $2, Perfetto's $5 counter rows of the import: $4"; fi
}

while IFS= read -r f <&3; do
	name=${f#"$F"/}
	if ! $TM stats --json "$f" > "$T/stats.json" 2> "$T/stats.err"; then
		notok "field $name: stats fails: $(head -n 1 "$T/stats.err")"
		continue
	fi
	eval "$(facts)"
	if [ $((kev + jev)) -gt 0 ]; then
		ok "field $name: stats: $fmt, $kev kernel events, $jev JSON events"
	elif [ "$dump" -gt 0 ]; then
		ok "field $name: stats: $fmt, a list of processes and threads alone"
	else
		notok "field $name: stats: $fmt, no kernel event and no JSON event found"
	fi
	rm -f "$T/imp.json"
	if $TM import -o "$T/imp.json" "$f" 2> "$T/imp.err"; then
		ok "field $name: import"
		[ "$fmt" != perfetto ] || snapshots "$name"
	else
		notok "field $name: import: $(grep -v ': warning: ' "$T/imp.err" | head -n 1)"
		echo '{"traceEvents": []}' > "$T/imp.json"
	fi
	if [ "$kev" -gt 0 ] && [ "$jev" -gt 0 ]; then
		if $TM sync -q "$f" > "$T/sync.out" 2> "$T/sync.err"; then
			ok "field $name: sync (kernel events and JSON)"
		else
			notok "field $name: sync: $(tail -n 1 "$T/sync.err")"
		fi
		if $TM merge -q -o "$T/merge.json" "$f" 2> "$T/merge.err"; then
			ok "field $name: merge (kernel events and JSON)"
		else
			notok "field $name: merge: $(tail -n 1 "$T/merge.err")"
		fi
	fi
	[ "$fmt" != trace.dat ] || tracecmd "$name" "$f"
	[ -n "$VC" ] || continue
	# the formats fidelity.sh compares: lib.sh's KERNEL_FORMATS and perfetto
	case " $(echo "$KERNEL_FORMATS" | tr -d '(),"') perfetto " in
	*" $fmt "*) echo "    $name: $fmt: raw and import compared by fidelity.sh" ;;
	*) compare "$name" "$f" ;;
	esac
	counts "$name" "$f"
done 3< "$T/files"
