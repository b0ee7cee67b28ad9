#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --kernel-as=events|both: kernel activity as Trace Event JSON.
#  - testdata/kevents/hand.txt: every object worked out by hand;
#  - corpus kernel traces: B/E/C and CPU slice counts against counts made
#    from the input text by tests/viewers/kevents/check.py; Perfetto's expected
#    values (testdata/corpus/perfetto INDEX.md) for named slices, D states
#    with io_wait, cpu_frequency_limits counters, a name "<...>" must not hide;
#    the kernel traces under $TM_CORPUS (lib.sh) get the count and viewer
#    checks too;
#  - the viewers: the Catapult model of the events output has as many atrace
#    thread slices, async slices and counter samples as that of the text
#    output, and the same CPU time per thread (within 1 us); both engines
#    import the events and both outputs without import errors;
#  - a real capture from this machine's tracefs (private instance), the same.
. "$(dirname "$0")/../lib.sh"
command -v python3 >/dev/null || { skip "kevents (python3 missing)"; exit 0; }
find_vc
CK="python3 $top/tests/viewers/kevents/check.py"
H=$top/testdata/kevents/hand.txt

# ---- hand-made input ---------------------------------------------------------
check "kevents: hand.txt objects as worked out by hand" sh -c \
	"$TM import -q --kernel-as=events -o $T/hand.json $H && $CK hand $T/hand.json"
check "kevents: hand.txt report counts" sh -c "python3 -c '
import json, sys
k = json.load(open(\"$T/hand.json\"))[\"metadata\"][\"tracemerge\"][\"kernel_events\"]
want = dict(events_in=30, cpu_slices=3, cpu_slices_open_at_end=0, thread_state_slices=5,
            thread_states_open_at_end=2, wakeup_flows=2, atrace_begin=3, atrace_end=1,
            atrace_end_unmatched=1, atrace_begin_unterminated=2, async_begin=2, counter_samples=5,
            irq_slices=1, workqueue_slices=1, other_instants=1)
bad = {x: (k[x], v) for x, v in want.items() if k[x] != v}
sys.exit(str(bad) if bad else 0)'"
check "kevents: both = text output + the same trace events" sh -c "
	$TM import -q --kernel-as=both -o $T/both.json $H && $TM import -q -o $T/text.json $H &&
	python3 -c '
import json, sys
b, t, e = (json.load(open(\"$T/%s.json\" % n)) for n in (\"both\", \"text\", \"hand\"))
assert b[\"systemTraceEvents\"] == t[\"systemTraceEvents\"], \"text differs\"
assert \"systemTraceEvents\" not in e, \"events output has text\"
assert len(b[\"traceEvents\"]) == len(e[\"traceEvents\"]), (len(b[\"traceEvents\"]), len(e[\"traceEvents\"]))'"
check "kevents: --pid-offset moves converted pids" sh -c "
	$TM merge -q --kernel-as=events --pid-offset $H=1000 -o $T/off.json $H &&
	python3 -c '
import json
ev = json.load(open(\"$T/off.json\"))[\"traceEvents\"]
b = [e for e in ev if e[\"ph\"] == \"B\" and e.get(\"name\") == \"outer\"][0]
assert (b[\"pid\"], b[\"tid\"]) == (1010, 1010), b
x = [e for e in ev if e[\"ph\"] == \"X\" and e.get(\"name\") == \"worker\"][0]
assert x[\"args\"][\"tid\"] == 1011 and x[\"args\"][\"pid\"] == 1010, x'"
# A capture of this machine (testdata/kevents/live_wake_at_end.txt) whose
# trace ends with wakeups that led to no run: their instants were written
# after the wakee's thread state left open at the end, and earlier than
# it, so Catapult said "Timestamps are moving backward" and dropped them.
# The viewer's rule, checked here without it: on each track, a B, E or
# thread-scoped instant never comes before the start of the B still open.
check "kevents: no event before the open slice of its track (live_wake_at_end.txt)" sh -c "
	$TM import -q --kernel-as=events -o $T/wend.json $top/testdata/kevents/live_wake_at_end.txt &&
	python3 -c '
import json, sys
ev = json.load(open(\"$T/wend.json\"))[\"traceEvents\"]
open_at = {}
bad = []
for e in ev:
    ph = e.get(\"ph\")
    if ph not in (\"B\", \"E\", \"i\", \"I\") or (ph in \"iI\" and e.get(\"s\", \"t\") != \"t\"):
        continue
    st = open_at.setdefault((e[\"pid\"], e[\"tid\"]), [])
    if st and e[\"ts\"] < st[-1]:
        bad.append(e)
        continue
    if ph == \"B\":
        st.append(e[\"ts\"])
    elif ph == \"E\" and st:
        st.pop()
sys.exit(\"%d events before their open slice, e.g. %s\" % (len(bad), bad[:1]) if bad else 0)'"
S=$top/testdata/sync
check "kevents: merge --kernel-as=events: kernel events = converted + markers moved, no clock link" sh -c "
	$TM merge -q --kernel-as=events -o $T/m.json $S/kernel_drift.txt $S/app_drift.json &&
	python3 -c '
import json
d = json.load(open(\"$T/m.json\"))
c = d[\"metadata\"][\"tracemerge\"][\"counts\"]
assert \"systemTraceEvents\" not in d
assert c[\"kernel_events_in\"] == c[\"kernel_events_converted\"] + c[\"kernel_sync_markers_moved\"], c
assert c[\"kernel_sync_markers_moved\"] == 11 and not c[\"clock_link_added\"], c
assert not [e for e in d[\"traceEvents\"] if e.get(\"ph\") == \"c\"]'"
# trace-cmd report text (plugin form "bash:22 [120] R ==> rcu:15 [120]"):
# converted as its canonical key=value text is (both inputs, same objects)
R=$top/testdata/tracedat/small.report
check "kevents: trace-cmd plugin-form sched lines converted like their kernel form" sh -c "
	$TM import -q -o $T/rt.json $R &&
	python3 -c 'import json; open(\"$T/rt.txt\", \"w\").write(json.load(open(\"$T/rt.json\"))[\"systemTraceEvents\"])' &&
	$TM import -q --kernel-as=events -o $T/rp.json $R && $TM import -q --kernel-as=events -o $T/rk.json $T/rt.txt &&
	python3 -c '
import json
p, k = (json.load(open(f)) for f in (\"$T/rp.json\", \"$T/rk.json\"))
rp = p[\"metadata\"][\"tracemerge\"][\"kernel_events\"]
assert p[\"traceEvents\"] == k[\"traceEvents\"]
assert rp == k[\"metadata\"][\"tracemerge\"][\"kernel_events\"]
assert rp[\"unparsed_as_instants\"] == 0 and rp[\"cpu_slices\"] > 0, rp'"
check "kevents: bad --kernel-as value is a usage error (exit 2)" sh -c \
	"$TM import --kernel-as=json $H >/dev/null 2>&1; test \$? = 2"
check "kevents: --verbatim with --kernel-as=events is a usage error (exit 2)" sh -c \
	"$TM merge --verbatim --kernel-as=events $H >/dev/null 2>&1; test \$? = 2"

# ---- corpus: counts and Perfetto's expected values ------------------------------------
C=$CORPUS/catapult
P=$CORPUS/perfetto/difftests
# counts_from_text INPUT TEXT: INPUT's events output against counts made
# from TEXT (INPUT's ftrace text)
counts_from_text() {
	$TM import -q --kernel-as=events -o "$T/c.json" "$1" && $CK counts "$T/c.json" "$2"
}
for f in $C/android_systrace.html $C/android_systrace.txt $C/atrace_data $C/counter_tracks.html \
	 $C/decompressed_atrace_data.txt $C/trivial_systrace.html $P/*/*.systrace; do
	check "kevents corpus $(basename "$f"): counts from the text" counts_from_text "$f" "$f"
done
check "kevents: Perfetto's cpu_frequency_limits rows" sh -c \
	"$TM import -q --kernel-as=events -o $T/l.json $P/parser_sched/SchedParser__cpu_frequency_limits_from_systrace.input.systrace &&
	 $CK cpufreq_limits $T/l.json $P/parser_sched/SchedParser__cpu_frequency_limits_from_systrace.expected.csv"
check "kevents: Perfetto's D states with io_wait" sh -c \
	"$TM import -q --kernel-as=events -o $T/d.json $P/parser_parsing/Parsing__sched_blocked_systrace_sched_blocked_reason.input.systrace &&
	 $CK state $T/d.json $P/parser_parsing/Parsing__sched_blocked_systrace_sched_blocked_reason.expected.csv"
# the kernel traces under $TM_CORPUS (their text made by kernel_text)
extra_kernel_traces "$T/extra_kernel"
while IFS= read -r f <&3; do
	kernel_text "$f" > "$T/x.txt"
	check "kevents corpus $(trace_name "$f"): counts from the text" counts_from_text "$f" "$T/x.txt"
done 3< "$T/extra_kernel"

# ---- the viewers --------------------------------------------------------------------
if [ -z "$VC" ]; then
	skip "kevents viewers ($VIEW_WHY)"
	exit 0
fi
tpq() { "$VC/tp-query" "$@"; }
# the engines import FILE without errors or warnings
loads() {
	for eng in catapult perfetto; do
		node "$VIEW" --engine $eng "$1" > "$T/load.json" || return 1
		python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
w = d.get("import_warning_count", 0)
if not d["ok"] or w:
    sys.exit("%s: ok=%s error=%s warnings=%s %s" % (sys.argv[2], d["ok"], d["error"], w, d.get("import_warnings")))' "$T/load.json" $eng || return 1
	done
}
same_model() { # INPUT: text and events outputs, Catapult models compared
	$TM import -q -o "$T/mt.json" "$1" && $TM import -q --kernel-as=events -o "$T/me.json" "$1" &&
	node "$top/tests/viewers/kevents/model.js" "$VC" text "$T/mt.json" > "$T/mt.model" &&
	node "$top/tests/viewers/kevents/model.js" "$VC" events "$T/me.json" > "$T/me.model" &&
	$CK same "$T/mt.model" "$T/me.model" && loads "$T/me.json"
}
for f in $C/android_systrace.html $C/atrace_data $C/counter_tracks.html $C/decompressed_atrace_data.txt \
	 $C/trivial_systrace.html $H $top/testdata/kevents/live_wake_at_end.txt; do
	check "kevents viewers $(basename "$f"): Catapult model of events = of text; both engines load" \
		same_model "$f"
done
while IFS= read -r f <&3; do
	check "kevents viewers $(trace_name "$f"): Catapult model of events = of text; both engines load" \
		same_model "$f"
done 3< "$T/extra_kernel"
# both: the text's atrace slices land on the threads that already hold the
# converted ones, so Catapult warns ("Timestamps are moving backward"): only
# a failed import counts here
loads_ok() {
	for eng in catapult perfetto; do
		node "$VIEW" --engine $eng "$1" > "$T/load.json" || return 1
	done
}
check "kevents viewers: hand.txt --kernel-as=both imports in both engines" loads_ok "$T/both.json"
check "kevents viewers: hand.txt's 2 wakeup flows bound in both engines" sh -c "
	node $VIEW $T/hand.json | grep -q '\"flow_events\":2,' &&
	$VC/tp-query $T/hand.json 'select count(*) from flow where slice_out is not null and slice_in is not null' |
	grep -q '\[\"2\"\]'"
# Perfetto's expected slices (INDEX.md), read back by Perfetto from the events output
pslice() { # INPUT NAME TS_NS DUR_NS
	$TM import -q --kernel-as=events -o "$T/p.json" "$1" &&
	tpq "$T/p.json" "select ts, dur from slice where name = '$2'" | python3 -c '
import json, sys
r = json.load(sys.stdin)["queries"][0]["rows"][1:]
assert r == [[sys.argv[1], sys.argv[2]]], r' "$3" "$4"
}
check "kevents viewers: Perfetto reads 'some event' 10852771242000 dur 3000" \
	pslice "$CORPUS/perfetto/extra/shell_integrationtest_simple.systrace" "some event" 10852771242000 3000
check "kevents viewers: Perfetto reads test_slice 316196720000 dur 10000" \
	pslice "$P/parser_atrace/Atrace__cpus_header_removal.input.systrace" test_slice 316196720000 10000
check "kevents viewers: Perfetto reads 'some event' in bad_print_systrace_list_slices" \
	pslice "$P/parser_atrace/AtraceErrorHandling__bad_print_systrace_list_slices.input.systrace" "some event" 10852771242000 3000
check "kevents viewers: '<...>' does not hide real_name (tid 19999)" sh -c "
	$TM import -q --kernel-as=events -o $T/n.json $P/parser_process_tracking/ProcessTracking__unknown_thread_name_tracking.input.systrace &&
	\"$VC/tp-query\" $T/n.json \"select name from thread where tid = 19999\" | grep -q '\"real_name\"'"

# ---- a real capture from this machine -------------------------------------------------
if live_instance kevents > "$T/why"; then
	echo mono > "$I/trace_clock"
	echo 4096 > "$I/buffer_size_kb"
	for e in sched/sched_switch sched/sched_wakeup sched/sched_waking sched/sched_wakeup_new \
		 sched/sched_process_exit sched/sched_process_free sched/sched_process_fork \
		 irq/irq_handler_entry irq/irq_handler_exit irq/softirq_entry irq/softirq_exit \
		 workqueue/workqueue_execute_start workqueue/workqueue_execute_end \
		 power/cpu_idle power/cpu_frequency task/task_rename; do
		[ -e "$I/events/$e/enable" ] && echo 1 > "$I/events/$e/enable"
	done
	echo 1 > "$I/tracing_on"
	for k in 1 2 3 4 5; do
		echo "B|$$|live_slice_$k" > "$I/trace_marker"
		echo "C|$$|live_counter|$k" > "$I/trace_marker"
		echo "S|$$|live_async|$k" > "$I/trace_marker"
		sleep 0.01; ls / > /dev/null; sh -c 'true'
		echo "F|$$|live_async|$k" > "$I/trace_marker"
		echo "E|$$" > "$I/trace_marker"
	done
	echo 0 > "$I/tracing_on"
	cat "$I/trace" > "$T/live.txt"
	live_cleanup
	# a failing capture is kept for a look (it cannot be made again)
	live_model() {
		same_model "$1" && return 0
		mkdir -p "$top/build" && cp "$1" "$top/build/kevents-live-failed.txt" &&
			echo "capture kept in build/kevents-live-failed.txt"
		return 1
	}
	check "kevents live: capture converted, Catapult model of events = of text, both engines load" \
		live_model "$T/live.txt"
	check "kevents live: the 5 atrace slices, counters and async slices are there" sh -c "python3 -c '
import json
ev = json.load(open(\"$T/me.json\"))[\"traceEvents\"]
n = lambda ph, name: sum(1 for e in ev if e[\"ph\"] == ph and e.get(\"name\", \"\").startswith(name))
got = (n(\"B\", \"live_slice_\"), n(\"C\", \"live_counter\"), n(\"b\", \"live_async\"), n(\"e\", \"live_async\"))
assert got == (5, 5, 5, 5), got'"
else
	skip "kevents live capture ($(cat "$T/why"))"
fi
