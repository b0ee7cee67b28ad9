#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Fidelity: nothing of a kernel trace is lost by `tracemerge import`.
# Every kernel trace the project has (lib.sh's kernel_traces over every
# file of testdata/, the corpus included, and over $TM_CORPUS; a live
# capture from this machine's tracefs where it is there) is loaded raw and
# as `import`'s output (default --kernel-as=text) into two real viewers
# (tests/viewers/harness): Perfetto's trace_processor and Catapult's model.  From
# the import there must be (tests/viewers/fidelity/compare.py):
#  - as many sched (CPU) slices or more;
#  - every thread of the raw input, in the same process and no other;
#  - for each slice name and each counter name, as many rows or more.
# Where the import holds more (a viewer cannot read some inputs directly:
# Perfetto not the legacy systrace HTML, neither viewer compressed atrace,
# Catapult not a gzip file's bytes), the gain is printed under the check,
# so it is seen, not hidden.  A raw input a viewer cannot read at all is
# said so under the check: its import is then compared with nothing.
# How each viewer reads the raw input:
#  - Perfetto: the file as it is (it reads ftrace text, systrace HTML and
#    gzip itself);
#  - Catapult: the file's text as it is (its Linux perf importer takes
#    ftrace text and systrace HTML strings; the same text wrapped as
#    {"systemTraceEvents": TEXT} JSON is what `import` writes); a gzip
#    file is gunzipped first, as the browser's Catapult does (model.js
#    reads a string, not a gzip file's bytes).
# Both viewers run on every file, side by side: testdata/'s 57 kernel
# traces take about 40 s on 2 cores (the 34 of the shared corpus, given as
# TM_CORPUS, 25 s more).
# Known differences, each printed under its check, none a loss:
#  - a file of kernel text without events (a cgroup dump alone) is refused
#    by `import`: the viewers' raw reading is compared with an empty trace;
#  - a viewer that refuses both the raw input and the import (Catapult:
#    "Maximum call stack size exceeded" on 20001 nested slices, a third
#    clock sync marker) lost nothing through `import`;
#  - Catapult's pseudo threads ("irqs cpu N", process 0) and its process
#    "NaN" (a TGID column "-----") are compared as what they are
#    (compare.py).
# compare.py's verdicts are checked first on Catapult answers made up here.
# Skipped, visibly, without the viewers.
. "$(dirname "$0")/../lib.sh"
command -v python3 >/dev/null || { skip "fidelity (python3 missing)"; exit 0; }
CMP="python3 $top/tests/viewers/fidelity/compare.py"

# compare.py's own verdicts on Catapult's answers made up here (no viewer
# needed): a `node` first in PATH answers for RAW, then for the import,
# what $T/fake/raw and $T/fake/imp hold (model.js's JSON)
mkdir -p "$T/fake"
cat > "$T/fake/node" <<'NODE'
#!/bin/sh
for f; do :; done
case $f in *raw*) cat "$(dirname "$0")/raw" ;; *) cat "$(dirname "$0")/imp" ;; esac
NODE
chmod +x "$T/fake/node"
echo '{"ok":true,"sched":3,"threads":{"1":[1]},"slices":{},"counters":{},"kernel_threads":[]}' \
	> "$T/fake/raw"
: > "$T/raw.txt"; : > "$T/imp.json"
# verdict NAME IMP_ANSWER EXIT PREFIX: compare.py with the import answered
# IMP_ANSWER exits EXIT, its line starting PREFIX
verdict() {
	echo "$2" > "$T/fake/imp"
	PATH="$T/fake:$PATH" $CMP catapult "$T" "$T/raw.txt" "$T/imp.json" > "$T/v.out" 2>&1
	_rc=$?
	case "$_rc $(cat "$T/v.out")" in
	"$3 $4"*) ok "fidelity compare.py: $1" ;;
	*) notok "fidelity compare.py: $1: exit $_rc, $(head -n 1 "$T/v.out")" ;;
	esac
}
verdict "the npm traceviewer's zombie-state error is a viewer-bug" \
	'{"error":"ReferenceError: ioWaitId is not defined"}' 0 "viewer-bug: "
verdict "another error of the import's load is a loss" \
	'{"error":"TypeError: x is undefined"}' 1 "loss: the import's output did not load"
verdict "an import with fewer sched slices is a loss" \
	'{"ok":true,"sched":2,"threads":{"1":[1]},"slices":{},"counters":{},"kernel_threads":[]}' \
	1 "loss: sched 2 < raw 3"
verdict "the same model is same" "$(cat "$T/fake/raw")" 0 "same"

find_vc
if [ -z "$VC" ]; then
	skip "fidelity ($VIEW_WHY)"
	exit 0
fi
TM_KNOWN_LOSSES=$top/testdata/field/known-losses.txt
export TM_KNOWN_LOSSES

# report ENGINE NAME OUT: OUT (compare.py's line) as a check; a gain or an
# unread raw input is printed under it
report() {
	_l=$(cat "$3")
	case $_l in
	same*) ok "fidelity $1 $2: no loss, $_l" ;;
	gain:*) ok "fidelity $1 $2: no loss"; echo "    $1 $2: import $_l" ;;
	unread:*) ok "fidelity $1 $2: no loss (raw input not read by $1)"
		echo "    $1 $2: ${_l#unread: }" ;;
	viewer-bug:*) skip "fidelity $1 $2: ${_l#viewer-bug: }" ;;
	known:*) skip "fidelity $1 $2: known: ${_l#known: }" ;;
	*) notok "fidelity $1 $2: ${_l:-compare.py failed}" ;;
	esac
}

# fidelity NAME FILE [MODE]: FILE and its import compared in both viewers
# (run side by side: the machine has 2 cores); MODE: compare.py's mode for
# Perfetto (perfetto, the default, or perfetto-track)
# A trace without kernel events (a cgroup or process dump alone) is
# refused by `import` (exit 1, "no kernel events"): what the viewers build
# from it raw is compared with an empty trace, so that it must be nothing.
fidelity() {
	if ! $TM import -q -o "$T/imp.json" "$2" 2> "$T/imp.err"; then
		if ! grep -q "no kernel events" "$T/imp.err"; then
			notok "fidelity $1: import failed: $(head -n 1 "$T/imp.err")"
			return
		fi
		echo '{"traceEvents": []}' > "$T/imp.json"
		echo "    $1: no kernel events, import refuses it: compared with an empty trace"
	fi
	$CMP "${3:-perfetto}" "$VC" "$2" "$T/imp.json" > "$T/p.out" 2>&1 &
	_raw=$2
	if [ "$(head -c 2 "$2" | od -An -tx1 | tr -d ' ')" = 1f8b ]; then
		gzip -dc "$2" > "$T/raw_c" 2>/dev/null; _raw=$T/raw_c
	fi
	$CMP catapult "$VC" "$_raw" "$T/imp.json" > "$T/c.out" 2>&1
	wait
	report perfetto "$1" "$T/p.out"
	report catapult "$1" "$T/c.out"
}

# ---- the comparison sees a loss ------------------------------------------------------------
# hand.txt against a lossy copy of it written as `import` writes (its text
# in systemTraceEvents): cpu 1's switch to worker-11 dropped (one sched
# slice fewer), worker-11 moved from process 10 to 11, the B/E "inner" and
# the counter "queue" dropped: each viewer must name what it sees of them
# (Catapult also puts a thread into the process of its atrace payloads,
# "F|10|load" and "E|10" here, so worker-11 stays in 10 for it: it names
# the other three).
H=$top/testdata/kevents/hand.txt
$TM import -q -o "$T/hand.json" "$H"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
t = d["systemTraceEvents"].split("\n")
t = [l for l in t if "next_pid=11" not in l and "B|10|inner" not in l and "C|10|queue" not in l]
t = [l.replace("worker-11    (   10)", "worker-11    (   11)") for l in t]
d["systemTraceEvents"] = "\n".join(t)
json.dump(d, open(sys.argv[2], "w"))' "$T/hand.json" "$T/lossy.json"
lossy() { # ENGINE WORD...: compare.py names a loss of each WORD
	$CMP "$1" "$VC" "$H" "$T/lossy.json" > "$T/lossy.out" && { cat "$T/lossy.out"; return 1; }
	_e=$1; shift
	for _w; do grep -q "$_w" "$T/lossy.out" || { echo "$_e: no '$_w' in: $(cat "$T/lossy.out")"; return 1; }; done
}
check "fidelity perfetto: a lossy copy of hand.txt: the losses of sched, thread 11, inner, queue seen" \
	lossy perfetto "^loss: sched 5 < raw 6" "thread 11 also in pid 11 (raw 10)" "slices 'inner': 0 < raw 1" \
	"counters 'queue': 0 < raw 1"
check "fidelity catapult: a lossy copy of hand.txt: the losses of sched, inner, queue seen" \
	lossy catapult "^loss: sched 2 < raw 3" "slices 'inner': 0 < raw 1" "counters '10/queue': 0 < raw 1"

# ---- Perfetto protobuf traces: the raw .pb against its import ------------------------------
# Every Perfetto trace of testdata/ (kernel events, process trees, clock
# snapshots, TrackEvents), read as compare.py's perfetto-track (Perfetto's
# names of JSON counters and unnamed slices brought back to the proto's);
# Catapult does not read a .pb: its raw side is "unread".
P=$top/testdata/perfetto
# the whole traces of testdata/field (12 MB) take too long under valgrind:
# there they are left to the other builds, said so in one line
if [ -n "$TM_WRAP" ]; then
	skip "fidelity: testdata/field under valgrind (its whole traces are compared in the other builds)"
	find "$top/testdata" -type f ! -path "$top/testdata/field/*" | LC_ALL=C sort > "$T/all"
else
	find "$top/testdata" -type f | LC_ALL=C sort > "$T/all"
fi
set --
while IFS= read -r f; do set -- "$@" "$f"; done < "$T/all"
KERNEL_FORMATS='("perfetto",)' kernel_traces "$T/protos" "$@"
# Known, shown as skips (what is left of issue 25, not hidden):
#  - events.pb, one of each of the 532 typed events: Perfetto's proto
#    reader makes slices and threads of typed events (irq, softirq,
#    suspend_resume, gpu, binder...) that its systrace text reader does not;
#  - events_partial.pb, typed events with fields left out: the lines
#    to_ftrace() writes for a binder_transaction or workqueue_execute_start
#    without their fields stop Perfetto's text reader (bad_optional_access);
#  - three field traces whose rows of some names are not converted yet
#    (testdata/field/known-losses.txt lists each name with the reason:
#    frame timelines and sys_stats counters, issue 43; Chrome's legacy
#    async TrackEvent phases): a skip when those are all a file loses, a
#    loss for anything else.
n=0
while IFS= read -r f <&3; do
	case $f in
	*/perfetto/events.pb)
		skip "fidelity perfetto ${f#"$top"/}: Perfetto's proto reader builds slices of typed events its text reader does not (irq, suspend_resume, gpu...)"
		continue ;;
	*/perfetto/events_partial.pb)
		skip "fidelity perfetto ${f#"$top"/}: to_ftrace's lines of events without their fields stop Perfetto's text reader"
		continue ;;
	esac
	fidelity "${f#"$top"/}" "$f" perfetto-track; n=$((n + 1))
done 3< "$T/protos"
# (testdata/ holds 24 compared today)
if [ "$n" -ge 15 ]; then ok "fidelity: $n Perfetto traces of testdata/ compared"
else notok "fidelity: only $n Perfetto traces found in testdata/"; fi
# a lossy copy of track_events.pb's import: "inner" and a sample of the
# counter "queue" dropped: both seen
$TM import -q -o "$T/trk.json" "$P/track_events.pb"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
ev = d["traceEvents"]
q = [i for i, e in enumerate(ev) if e.get("name") == "queue"][0]
d["traceEvents"] = [e for i, e in enumerate(ev) if i != q and e.get("name") != "inner"]
json.dump(d, open(sys.argv[2], "w"))' "$T/trk.json" "$T/trk_lossy.json"
check "fidelity perfetto track events: a lossy copy of track_events' import: the losses of inner, queue seen" \
	sh -c "! $CMP perfetto-track '$VC' '$P/track_events.pb' '$T/trk_lossy.json' > '$T/tl.out' &&
	       grep -q \"slices 'inner': 0 < raw 1\" '$T/tl.out' && grep -q \"counters 'queue': 2 < raw 3\" '$T/tl.out' ||
	       { cat '$T/tl.out'; false; }"

# ---- systrace pages (systrace.py's trace-data blocks) -----------------------------------
# Every multi-block systrace page of testdata/: Perfetto reads the blocks
# up to the end of its ftrace block (a PROCESS DUMP before it gives its
# processes, threads and names), Catapult's npm importer the ftrace block
# only; neither reads the JSON blocks.  So the threads of a dump the raw
# page holds (testdata/procdump/systrace_dump.html, as systrace.py writes
# it: the dump first) must all be in the import, in their processes, and
# systrace's own JSON block must not add a process (its process_argv is
# the host's pid).  Known, shown as a skip: testdata/tgid/process_dump.html
# puts its dump after the ftrace block, where Perfetto reads none, and its
# dump puts 598 and 599 in process 571 where the text's TGID column and
# payload put them elsewhere: the import has both (tests/cli/tgid.sh).
KERNEL_FORMATS='("systrace-html-multi",)' kernel_traces "$T/pages" "$@"
n=0
while IFS= read -r f <&3; do
	case $f in
	*/tgid/process_dump.html)
		skip "fidelity ${f#"$top"/}: its dump follows the ftrace block (Perfetto reads none) and contradicts the text's processes of 598 and 599"
		continue ;;
	esac
	fidelity "${f#"$top"/}" "$f"; n=$((n + 1))
done 3< "$T/pages"
# (testdata/ holds 5 such pages today)
if [ "$n" -ge 4 ]; then ok "fidelity: $n systrace pages of testdata/ compared"
else notok "fidelity: only $n systrace pages found in testdata/"; fi

# ---- testdata/ (the corpus included) and $TM_CORPUS ------------------------------------
kernel_traces "$T/kernel" "$@"
n=0
while IFS= read -r f <&3; do
	fidelity "${f#"$top"/}" "$f"; n=$((n + 1))
done 3< "$T/kernel"
# (a guard against a listing that finds nothing: testdata/ holds 57 today)
if [ "$n" -ge 50 ]; then ok "fidelity: $n kernel traces of testdata/ compared"
else notok "fidelity: only $n kernel traces found in testdata/"; fi
if ! extra_traces "$T/extra"; then
	notok "fidelity: TM_CORPUS=$TM_CORPUS is not a directory"
else
	extra_kernel_traces "$T/extra_kernel"
	while IFS= read -r f <&3; do
		fidelity "$(trace_name "$f")" "$f"
	done 3< "$T/extra_kernel"
fi

# ---- a whole systrace page --------------------------------------------------------------
# systrace_full.html (testdata/input/README) is a page as systrace.py writes
# it, its trace after a viewer whose code holds every container marker: no
# loss in either viewer (a multi-block page: not among KERNEL_FORMATS).
fidelity input/systrace_full.html "$top/testdata/input/systrace_full.html"

# ---- a live capture from this machine ---------------------------------------------------
if ! live_instance fidelity > "$T/why"; then
	skip "fidelity live capture ($(cat "$T/why"))"
	exit 0
fi
echo 4096 > "$I/buffer_size_kb"
for e in sched/sched_switch sched/sched_wakeup sched/sched_waking sched/sched_process_fork \
	 sched/sched_process_exit power/cpu_frequency power/cpu_idle task/task_rename; do
	[ -e "$I/events/$e/enable" ] && echo 1 > "$I/events/$e/enable"
done
# the tgid column: a thread's process from the trace itself
[ -e "$I/options/record-tgid" ] && echo 1 > "$I/options/record-tgid"
echo 1 > "$I/tracing_on"
for k in 1 2 3 4 5; do
	echo "B|$$|fidelity_slice_$k" > "$I/trace_marker"
	echo "C|$$|fidelity_counter|$k" > "$I/trace_marker"
	sleep 0.01; ls / > /dev/null; sh -c 'true'
	echo "E|$$" > "$I/trace_marker"
done
echo 0 > "$I/tracing_on"
cat "$I/trace" > "$T/live.txt"
live_cleanup
fidelity "live capture" "$T/live.txt"
