#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Small things a new user trips over: usage errors (exit 2, one message line
# "tracemerge CMD: ..." and the hint "Try 'tracemerge CMD --help'."), -V and
# --version, the formats named when content is not recognised, the input the
# --offset hint names, sync-unpaired only where a partner could be, and
# systrace's closing parent_ts=0 sentinel kept out of the time span.
. "$(dirname "$0")/../lib.sh"
S=$top/testdata/sync
U=$top/testdata/usage
K=$S/kernel.txt A=$S/app.json N=$S/app_nomarkers.json

# usage_err MESSAGE ARGS...: exit 2, nothing on stdout, and on stderr exactly
# "tracemerge CMD: MESSAGE" and the hint (CMD: ARGS' first word when it is a
# command; none before the command).
usage_err() {
	_msg=$1; shift
	case $1 in
	import|merge|record|stats|sync) _p="tracemerge $1" ;;
	*) _p=tracemerge ;;
	esac
	printf "%s: %s\nTry '%s --help'.\n" "$_p" "$_msg" "$_p" > "$T/want"
	$TM "$@" > "$T/stdout" 2> "$T/stderr"; _rc=$?
	if [ $_rc = 2 ] && [ ! -s "$T/stdout" ] && cmp -s "$T/want" "$T/stderr"; then
		ok "usage: $* -> exit 2: $_msg"
	else
		notok "usage: $* -> exit $_rc, want 2 and: $_msg"; sed 's/^/    /' "$T/stderr" | head -5
	fi
}

# ---- bad options: getopt's own message is off, ours is the one line --------
usage_err "unrecognised option '--bogus'" merge --bogus "$K"
usage_err "unrecognised option '-Z'" merge -Z "$K"
usage_err "unrecognised option '-Z'" merge -qZ "$K"
usage_err "unrecognised option '-Z'" merge --clock=app -Zq "$K"
usage_err "option '--offset' requires an argument" merge "$K" --offset
usage_err "option '-o' requires an argument" merge "$K" -o
usage_err "--report wants text or json, not 'yes'" merge --report=yes "$K"
usage_err "option '--json' takes no argument" sync --json=yes "$K"
usage_err "option '--verbatim' takes no argument" merge --verbatim=1 "$K"
usage_err "option '--o' is ambiguous (--offset, --output)" merge --o=x.json "$K"
usage_err "unrecognised option '--version'" merge --version
usage_err "unrecognised option '-V'" merge -V "$K"
usage_err "unrecognised option '--bogus'" sync --bogus "$K"
usage_err "option '--json' takes no argument" sync --json=1 "$K"
usage_err "option '--max-drift' requires an argument" sync "$K" --max-drift
usage_err "unrecognised option '--json'" import --json "$K"
usage_err "option '-o' requires an argument" import "$K" -o
usage_err "unrecognised option '-x'" stats -x "$K"
usage_err "option '--tasks' requires an argument" stats "$K" --tasks
usage_err "unrecognised option '--bogus'" record --bogus
usage_err "option '-b' requires an argument" record -b
usage_err "unrecognised option '--bogus'" --bogus
usage_err "unrecognised option '-x'" -x
usage_err "unknown command 'frobnicate'" frobnicate
usage_err "no help for 'frobnicate': not a command" help frobnicate

# ---- bad values, missing inputs, names that are not inputs ------------------
usage_err "no input given" merge
usage_err "no input given" sync --json
usage_err "no input given" import -q
usage_err "no input given" stats
usage_err "exactly one input (use merge for several)" import "$K" "$A"
usage_err "--clock wants kernel, app or one of the inputs as given, not 'foo'" merge --clock=foo "$K" "$A"
usage_err "--clock wants kernel, app or one of the inputs as given, not 'foo'" sync --clock=foo "$K" "$A"
usage_err "--clock=app: no input holds application (JSON) events" merge --clock=app "$K"
usage_err "--clock=kernel: no input holds a kernel trace" sync --clock=kernel "$A"
usage_err "--offset wants INPUT=DURATION (e.g. app.json=+1.5ms; units ns, us, ms, s), not '$N'" merge --offset "$N" "$K" "$N"
usage_err "--offset wants INPUT=DURATION (e.g. app.json=+1.5ms; units ns, us, ms, s), not '$N=1.5xs'" sync --offset "$N=1.5xs" "$K" "$N"
usage_err "--offset wants INPUT=DURATION (e.g. app.json=+1.5ms; units ns, us, ms, s), not '$N=1.0000000001s'" merge --offset "$N=1.0000000001s" "$K" "$N"
usage_err "--offset nosuch.json: not one of the inputs" merge --offset nosuch.json=+1ms "$K" "$N"
usage_err "--offset $N=10000000000s: the duration does not fit in 64-bit nanoseconds (at most about 292 years)" merge --offset "$N=10000000000s" "$K" "$N"
usage_err "--max-error 9223372036854775808ns: the duration does not fit in 64-bit nanoseconds (at most about 292 years)" sync --max-error 9223372036854775808ns "$K" "$N"
# a duration is read in its own unit: 10 s written in ns or us is taken
check "usage: --offset +10000000000ns is 10 s" sh -c "$TM sync --json --offset '$N=+10000000000ns' '$K' '$N' | grep -q '\"offset_ns\":10000000000'"
check "usage: --offset -1699999900000000000ns is taken" sh -c "$TM sync --json --offset '$N=-1699999900000000000ns' '$K' '$N' | grep -q '\"offset_ns\":-1699999900000000000'"
usage_err "--offset $N: given twice" sync --offset "$N=+1ms" --offset "$N=+2ms" "$K" "$N"
usage_err "--offset $K: that input is the output clock; give the offset of another input" merge --offset "$K=+1ms" "$K" "$N"
usage_err "--max-drift wants a positive number of ppm, not '-5'" merge --max-drift=-5 "$K" "$A"
usage_err "--kernel-as wants text, events or both, not 'json'" import --kernel-as=json "$K"
usage_err "--pid-offset wants INPUT=N (N from 0 to 2147483647), not '$A=x'" merge --pid-offset "$A=x" "$K" "$A"
usage_err "--pid-offset nosuch.json: not one of the inputs" merge --pid-offset nosuch.json=1 "$K" "$A"
usage_err "--pid-offset $A: given twice" merge --pid-offset "$A=1" --pid-offset "$A=2" "$K" "$A"
usage_err "--tasks wants a number of tasks (0 or more), not 'abc'" stats --tasks=abc "$K"
usage_err "--tasks wants a number of tasks (0 or more), not '-1'" stats --tasks -1 "$K"
usage_err "--buffer wants a number of KB per CPU (1 or more), not '0'" record -b 0
usage_err "--time wants a number of seconds above 0 (e.g. 2.5), not '2x'" record -t 2x
usage_err "--time wants a number of seconds above 0 (e.g. 2.5), not '0'" record --time=0
# a missing input file is the input's error (exit 1), as any unreadable input
$TM stats "$T/nope" 2> "$T/err"; rc=$?
[ $rc = 1 ] && [ "$(wc -l < "$T/err")" = 1 ] && ok "a missing input file: exit 1, one line" ||
	notok "a missing input file: exit $rc: $(cat "$T/err")"

# ---- -V and --version (before the command only, as git) --------------------
for v in -V --version version; do
	$TM $v > "$T/v" 2>&1; rc=$?
	[ $rc = 0 ] && grep -Eqx 'tracemerge [0-9]+\.[0-9]+\.[0-9]+' "$T/v" && [ "$(wc -l < "$T/v")" = 1 ] &&
		ok "tracemerge $v: $(cat "$T/v")" || notok "tracemerge $v: exit $rc: $(cat "$T/v")"
done
$TM --help > "$T/h" && grep -q '^  -V, --version ' "$T/h" && grep -q '^  -h, --help ' "$T/h" &&
	ok "--help lists -V, --version and -h, --help" || notok "--help: no -V, --version line"

# ---- unrecognised content names every format read ---------------------------
printf 'hello, this is a plain text file\n' > "$T/text.txt"
gzip -c "$T/text.txt" > "$T/text.gz"
for f in "$T/text.txt" "$T/text.gz"; do
	$TM stats "$f" 2> "$T/err" > /dev/null; rc=$?
	ok=yes
	for fmt in "ftrace text" "systrace HTML" "compressed atrace" "trace-cmd trace.dat" \
		   "Perfetto protobuf trace" "Trace Event JSON" "Speed Tracer dump" "Opera Scope profiler events" \
		   "W3C Performance Timeline JSON" "gzip-compressed"; do
		grep -q "$fmt" "$T/err" || { ok=no; notok "unrecognised content of $(basename "$f"): '$fmt' not named"; }
	done
	[ $rc = 1 ] && [ $ok = yes ] && [ "$(wc -l < "$T/err")" = 1 ] &&
		ok "unrecognised content of $(basename "$f"): exit 1, one line naming every format"
done

# ---- the input no marker links is the one the --offset hint names ----------
# three inputs, the unlinked one in the middle: app.json is linked by its
# clock_sync events, app_nomarkers.json by nothing, the output clock is
# kernel.txt's (the last)
for c in sync merge; do
	$TM $c "$A" "$N" "$K" > /dev/null 2> "$T/err"; rc=$?
	if [ $rc = 1 ] && grep -q "^tracemerge $c: cannot align $N with the output clock ($K (kernel)): no clock-sync markers link it; give --offset INPUT=DURATION (e.g. --offset $N=+0ms) or --same-clock if they share a clock$" "$T/err"; then
		ok "$c: the --offset hint names the unlinked input (the middle one)"
	else
		notok "$c: --offset hint (exit $rc): $(cat "$T/err")"
	fi
done
# the one unlinked part is in the output clock's input: --offset cannot help
$TM sync "$U/page_unlinked.html" > /dev/null 2> "$T/err"; rc=$?
[ $rc = 1 ] && grep -q "no clock-sync markers link it; give --same-clock if they share a clock$" "$T/err" &&
	! grep -q -- "--offset" "$T/err" && ok "sync: no --offset hint when only the output clock's input is unlinked" ||
	notok "sync page_unlinked.html (exit $rc): $(cat "$T/err")"

# ---- sync-unpaired only where there is something to pair with --------------
$TM import -o "$T/k.json" "$K" 2> "$T/err" && [ ! -s "$T/err" ] &&
	ok "import of one kernel trace: its 3 name= markers are not warned unpaired" ||
	notok "import kernel.txt: $(cat "$T/err")"
$TM sync "$K" > /dev/null 2> "$T/err" && ! grep -q sync-unpaired "$T/err" &&
	ok "sync of one kernel trace: no sync-unpaired" || notok "sync kernel.txt: $(cat "$T/err")"
$TM merge --same-clock -o "$T/m.json" "$K" "$N" 2> "$T/err" &&
	grep -q "^tracemerge merge: warning: sync-unpaired: 3 (clock sync marker 's1' has no partner in the other inputs: unused; first at $K:12)$" "$T/err" &&
	ok "merge of two inputs: the 3 markers without partner are still warned" ||
	notok "merge kernel.txt app_nomarkers.json: $(cat "$T/err")"

# ---- systrace's closing sentinel: dummy-0000 [000] 0.0: ... parent_ts=0.0 ---
$TM stats "$U/kernel_sentinel.txt" > "$T/st" 2>&1
grep -qx 'time:    10.500000000 .. 10.700000000 (span 0.200000000 s)' "$T/st" &&
	ok "sentinel: stats time span is the events' (10.5 .. 10.7 s)" || notok "sentinel: $(grep time: "$T/st")"
grep -qx 'warnings (0 kinds):' "$T/st" && ok "sentinel: not counted as a timestamp going back" ||
	notok "sentinel: $(sed -n '/^warnings/,$p' "$T/st")"
grep -qx 'lines:   8 = 4 events + 0 continuation + 4 header + 0 noise + 0 blank + 0 graph + 0 rejected' "$T/st" &&
	grep -q '^  pid 0       tgid ?       swapper/0            1 events$' "$T/st" &&
	ok "sentinel: still an event line, but not a task's (pid 0 keeps its name and 1 event)" ||
	notok "sentinel: lines/tasks: $(grep -e '^lines' -e 'pid 0 ' "$T/st")"
grep -A1 "^  parent_ts   0  .* at 0 ns  ($U/kernel_sentinel.txt:8)$" "$T/st" |
	grep -q "systrace's closing sentinel: the kernel clock is taken as CLOCK_MONOTONIC; not in the time span" &&
	ok "sentinel: stats lists the marker as systrace's sentinel" || notok "sentinel: $(sed -n '/^clock sync/,/^atrace/p' "$T/st")"
$TM stats --json "$U/kernel_sentinel.txt" > "$T/st.json" && python3 -c '
import json, sys
i = json.load(open(sys.argv[1]))["inputs"][0]
assert i["time"]["first_ns"] == 10500000000 and i["time"]["last_ns"] == 10700000000, i["time"]
assert [m.get("sentinel") for m in i["clock_sync"]] == [True], i["clock_sync"]' "$T/st.json" &&
	ok "sentinel: stats --json time and marker (sentinel: true)" || notok "sentinel: stats --json"
$TM import -o "$T/s.json" "$U/kernel_sentinel.txt" 2> "$T/err" && [ ! -s "$T/err" ] && python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
assert j["systemTraceEvents"].endswith("0.000000: 0: trace_event_clock_sync: parent_ts=0.0\n"), j["systemTraceEvents"][-200:]
assert j["metadata"]["tracemerge"]["warnings"] == []' "$T/s.json" &&
	ok "sentinel: import keeps the line, warns nothing" || notok "sentinel: import: $(cat "$T/err")"
# the same line with another value is an ordinary marker stamped 0: it goes back
sed 's/parent_ts=0.0/parent_ts=3.0/' "$U/kernel_sentinel.txt" > "$T/other.txt"
$TM stats "$T/other.txt" > "$T/st" 2>&1
grep -qx 'time:    0.000000000 .. 10.700000000 (span 10.700000000 s)' "$T/st" && grep -q '^  ts-backwards  *1 ' "$T/st" &&
	! grep -q sentinel "$T/st" && ok "parent_ts=3.0 at 0.0 is no sentinel: in the span, counted as going back" ||
	notok "not a sentinel: $(grep -e time: -e ts-backwards "$T/st")"
# the bundled demo: 50260.647576 .. 50265.647792 s are its first and last
# event times other than the sentinel (grep of the page's timestamps)
$TM stats "$top/testdata/demo/android_systrace.html.gz" > "$T/st" 2>&1
grep -qx 'time:    50260.647576000 .. 50265.647792000 (span 5.000216000 s)' "$T/st" &&
	grep -qx 'warnings (0 kinds):' "$T/st" && ok "demo systrace: span 5.000216 s, no timestamp going back" ||
	notok "demo systrace: $(grep -e time: -e ts-backwards "$T/st")"

# ---- -q and -v: the same on every command ----------------------------------------
# hand count, testdata/sync/README: kernel.txt has 7 event lines, 3 of them
# markers (moved), 4 written; app.json 8 events, 3 clock_sync (moved), 5
# written; one thread of the kernel (4242) gets a name event; the link.
if $TM merge --report=json -o "$T/m.json" "$K" "$A" 2> "$T/r.json" && python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
want = {"kernel_in": 7, "kernel_out": 4, "kernel_sync": 3, "kernel_rejected": 0, "unconverted": 0,
        "json_in": 8, "json_out": 5, "json_sync": 3, "json_rejected": 0, "kernel_events": 0,
        "kernel_objects": 0, "names": 1, "link": True}
assert r == want, r' "$T/r.json"; then
	ok "merge --report=json: the hand-counted numbers, one JSON object on stderr"
else
	notok "merge --report=json: $(cat "$T/r.json")"
fi
$TM merge --report -o "$T/m.json" "$K" "$A" 2> "$T/r.txt"
grep -qx "tracemerge merge: JSON events: 8 in, 5 written, 3 clock-sync events moved, 0 dropped" "$T/r.txt" &&
	ok "merge --report (text): the same numbers" || notok "merge --report: $(cat "$T/r.txt")"
$TM merge -v -o "$T/m.json" "$K" "$A" 2> "$T/v.txt"
grep -q "JSON events: 8 in, 5 written" "$T/v.txt" &&
	grep -qx "tracemerge merge: $A, json part, clock $A (json): -5000000000000 ns at 5101000100000, +0.000 ppm, error 10500 ns, from markers" "$T/v.txt" &&
	grep -qx "tracemerge merge: $K, kernel part, clock $K (kernel): the output clock" "$T/v.txt" &&
	ok "merge -v: the counts and each part's relation (app -5000 s, error 10.5 us)" ||
	notok "merge -v: $(cat "$T/v.txt")"
# a trace with warnings: 3 unmatched atrace E (lines 5, 6, 7), 1 ts-backwards
W=$CORPUS/perfetto/difftests/parser_atrace/Atrace__regex_pattern_no_gap_after_irq_flags.input.systrace
$TM import -o "$T/i.json" "$W" 2> "$T/n.txt"
$TM import -q -o "$T/i.json" "$W" 2> "$T/q.txt"
$TM import -v -o "$T/i.json" "$W" 2> "$T/v.txt"
[ ! -s "$T/q.txt" ] && grep -q "warning: unmatched-end: 3 " "$T/n.txt" && ! grep -q "also at" "$T/n.txt" &&
	[ "$(grep -c "also at .*systrace:[67]$" "$T/v.txt")" = 2 ] &&
	ok "import -q: nothing on stderr; default: the first location; -v: also lines 6 and 7" ||
	notok "import -q/-v: $(cat "$T/q.txt" "$T/v.txt")"
$TM import -v -o "$T/i.json" "$K" 2> "$T/v.txt"
grep -qx "tracemerge import: $K: 7 events converted, 0 lines rejected" "$T/v.txt" &&
	ok "import -v: the summary also without warnings" || notok "import -v: $(cat "$T/v.txt")"
$TM sync -q "$W" "$A" > /dev/null 2> "$T/q.txt"; rc=$?
[ $rc = 1 ] && [ "$(wc -l < "$T/q.txt")" = 1 ] && ok "sync -q: only the error line (exit 1)" ||
	notok "sync -q: exit $rc: $(cat "$T/q.txt")"
$TM stats -q "$K" > /dev/null 2> "$T/q.txt" && [ ! -s "$T/q.txt" ] && ok "stats -q accepted" || notok "stats -q"
# 35 distinct event names: the text lists 30 and "... 5 more"; -v all
awk 'BEGIN { print "# tracer: nop"; for (i = 0; i < 35; i++)
	printf "           a-1     [000] ....   1.%06d: ev%02d: x=1\n", i, i }' > "$T/names.txt"
$TM stats "$T/names.txt" > "$T/s.txt"; $TM stats -v "$T/names.txt" > "$T/sv.txt"
grep -qx "  ... 5 more" "$T/s.txt" && ! grep -q "more" "$T/sv.txt" &&
	ok "stats -v lists every event name" || notok "stats -v: $(grep -c . "$T/sv.txt") lines"
$TM record --clock mono --bogus > /dev/null 2> "$T/e.txt"; rc=$?
[ $rc = 2 ] && grep -qx "tracemerge record: warning: --clock is now --trace-clock (-c); --clock will go in the next release" "$T/e.txt" &&
	ok "record --clock: still taken, with a note that it is now --trace-clock" || notok "record --clock: exit $rc: $(cat "$T/e.txt")"
