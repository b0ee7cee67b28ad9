#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `import` of one ftrace file (or one Trace Event JSON file) into a file
# writes the kernel text (the events) during the first pass (merge.h:
# tm_merge_early_*) and keeps it only when it is what the second pass would
# write.  These inputs are made so that the first
# pass learns, after a line was written, what changes it (a TGID column's
# fill, the tracer name); the expected lines are worked out by hand from
# the canonical form (README: `import`): comm right-aligned in 16 columns,
# "-", pid left-aligned in 5, " (" tgid in 5 or "-----" ") [" CPU in 3
# digits "] " 4 flags " " seconds unpadded "." 6 digits ": " name ": "
# details.
. "$(dirname "$0")/../lib.sh"

# kernel-layout lines: COMM PID TGID NAME DETAILS (CPU 0, flags ...., time
# 10.0000NN with NN counting up)
n=0
kline() {
	n=$((n + 1))
	printf '%16s-%-5d (%5s) [000] ....    10.0000%02d: %s: %s\n' "$1" "$2" "$3" "$n" "$4" "$5"
}

# text: the systemTraceEvents lines of JSON file $1 after the legend
text() {
	python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))["systemTraceEvents"].split("\n")
print(t[0])
print("\n".join(l for l in t[1:] if l and not l.startswith("#")))' "$1"
}

# same NAME INPUT EXPECTED: import to a file, to stdout, on one thread and
# on the reference path give the same bytes, and the kernel text is EXPECTED
same() {
	_n=$1 _in=$2 _exp=$3
	rm -f "$T"/o*.json
	if $TM import -q -o "$T/o1.json" "$_in" 2>"$T/err" &&
		$TM import -q "$_in" > "$T/o2.json" 2>>"$T/err" &&
		TM_THREADS=1 $TM import -q -o "$T/o3.json" "$_in" 2>>"$T/err" &&
		TM_REFERENCE=1 $TM import -q -o "$T/o4.json" "$_in" 2>>"$T/err" &&
		cmp "$T/o1.json" "$T/o2.json" >>"$T/err" 2>&1 &&
		cmp "$T/o1.json" "$T/o3.json" >>"$T/err" 2>&1 &&
		cmp "$T/o1.json" "$T/o4.json" >>"$T/err" 2>&1 &&
		text "$T/o1.json" > "$T/got" && printf '%s\n' "$_exp" | diff "$T/got" - >>"$T/err"
	then
		ok "$_n"
	else
		notok "$_n"; sed 's/^/    /' "$T/err" | head -20
	fi
}

# ---- a TGID learned after a line without one was written ------------------
{
	echo "# tracer: nop"
	kline worker 101 ----- foo a=1
	kline other 102 55 foo b=1
	kline worker 101 77 foo a=2
} > "$T/late.txt"
same "import: a tgid learned later fills the TGID column of the earlier line" "$T/late.txt" \
"# tracer: nop
          worker-101   (   77) [000] .... 10.000001: foo: a=1
           other-102   (   55) [000] .... 10.000002: foo: b=1
          worker-101   (   77) [000] .... 10.000003: foo: a=2"

# late NAME INPUT LINES: import INPUT gives the reference path's bytes, and
# its text's LINES (sed addresses) are $T/exp
late() {
	rm -f "$T"/o*.json
	if $TM import -q -o "$T/o1.json" "$2" 2>"$T/err" &&
		TM_REFERENCE=1 $TM import -q -o "$T/o2.json" "$2" 2>>"$T/err" &&
		cmp "$T/o1.json" "$T/o2.json" >>"$T/err" 2>&1 &&
		text "$T/o1.json" > "$T/got" && sed -n "$3" "$T/got" | diff - "$T/exp" >>"$T/err" 2>&1
	then
		ok "$1"
	else
		notok "$1"; sed 's/^/    /' "$T/err" | head -20
	fi
}

# ---- a TGID learned after more than the output's buffer (1 MiB) was written:
# the "-----" already in the file filled in there; one never learned stays
{
	echo "# tracer: nop"
	awk 'BEGIN {
		printf "%16s-%-5d (%5s) [000] ....    10.000001: foo: a=1\n", "worker", 101, "-----"
		printf "%16s-%-5d (%5s) [000] ....    10.000002: foo: c=1\n", "<idle>", 0, "-----"
		for (i = 3; i < 30003; i++)
			printf "%16s-%-5d (%5s) [000] ....    %d.%06d: foo: b=%d\n", "other", 102, 55, 10 + int(i / 1000000), i % 1000000, i
		printf "%16s-%-5d (%5s) [000] ....    10.030003: foo: a=2\n", "worker", 101, 77
	}'
} > "$T/late-big.txt"
cat > "$T/exp" <<'X'
          worker-101   (   77) [000] .... 10.000001: foo: a=1
          <idle>-0     (-----) [000] .... 10.000002: foo: c=1
          worker-101   (   77) [000] .... 10.030003: foo: a=2
X
late "import: a tgid learned 2 MB of output later fills the TGID column of the earlier line" \
	"$T/late-big.txt" '2,3p;$p'
[ "$(stat -c %s "$T/o1.json")" -gt 2000000 ] && ok "import: the output before that tgid is over 2 MB" ||
	notok "import: the output before that tgid is over 2 MB ($(stat -c %s "$T/o1.json"))"
# the same to a gzip output: the "-----" cannot be written over in a
# compressed file (tm_out_patch refuses), so the fill comes from the second
# pass; inflated, the reference path's bytes
if $TM import -q -o "$T/o3.json.gz" "$T/late-big.txt" 2>"$T/err" &&
	gzip -dc "$T/o3.json.gz" > "$T/o3.json" 2>>"$T/err" &&
	cmp "$T/o3.json" "$T/o2.json" >>"$T/err" 2>&1
then
	ok "import: a tgid learned 2 MB of output later, to a .gz output: the reference path's bytes"
else
	notok "import: a tgid learned 2 MB of output later, to a .gz output"; sed 's/^/    /' "$T/err" | head -20
fi

# passes OUT CMD...: run CMD, which writes file OUT, and print how many
# temporary files it made for OUT: 1 when the text written during the
# first pass was kept, 2 when it was thrown away and written again
# (nothing printed without strace)
passes() {
	_o=$1; shift
	command -v strace >/dev/null || return 0
	strace -f -qq -e trace=openat -o "$T/strace" "$@" >/dev/null 2>&1
	grep -c "\"$_o\.tmp[^\"]*\", [^,]*O_CREAT" "$T/strace"
}
# one_pass NAME OUT CMD...: CMD writes OUT in one pass
one_pass() {
	_n=$1; shift
	_p=$(passes "$@")
	case $_p in
	"") skip "$_n (no strace)" ;;
	1) ok "$_n" ;;
	*) notok "$_n: $_p passes" ;;
	esac
}

# ---- a tgid wider than the TGID column's 5 digits learned late (desktop
# pids), in a kernel's layout without the column (5 flags, the 5th
# dropped): the lines written with "-----" get it, the text after them
# moves on; one pass
n=0
nkline() {
	n=$((n + 1))
	printf '%16s-%-7d [%03d] %s    10.0000%02d: %s: %s\n' "$1" "$2" "$3" "$4" "$n" "$5" "$6"
}
{
	echo "# tracer: nop"
	nkline worker 123402 1 d..2. foo a=1
	nkline other 102 0 ...1. foo b=1
	nkline worker 123402 1 ...1. tracing_mark_write "B|123401|work"
} > "$T/late6.txt"
same "import: a 6-digit tgid learned later fills the earlier line, widening it" "$T/late6.txt" \
"# tracer: nop
          worker-123402 (123401) [001] d..2 10.000001: foo: a=1
           other-102   (-----) [000] ...1 10.000002: foo: b=1
          worker-123402 (123401) [001] ...1 10.000003: tracing_mark_write: B|123401|work"
one_pass "import: a 6-digit tgid learned later: one pass" "$T/o1.json" \
	$TM import -q -o "$T/o1.json" "$T/late6.txt"
one_pass "import: a 5-digit tgid learned later: one pass" "$T/o1.json" \
	$TM import -q -o "$T/o1.json" "$T/late.txt"
# the same 2 MB of output later: the text after the line moved on in the file
sed 's/(   77)/(123401)/' "$T/late-big.txt" > "$T/late-big6.txt"
sed -i 's/(   77)/(123401)/' "$T/exp"
late "import: a 6-digit tgid learned 2 MB of output later: the reference path's bytes" \
	"$T/late-big6.txt" '2,3p;$p'
one_pass "import: a 6-digit tgid learned 2 MB of output later: one pass" "$T/o1.json" \
	$TM import -q -o "$T/o1.json" "$T/late-big6.txt"
# a 6-digit tgid learned while its "-----" is in the output's buffer still
# (filled in there, the bytes after it moved on in memory), and another
# task's "-----" after it filled in 2 MB of output later, in the file, at
# its place moved on by that
awk 'BEGIN {
	printf "# tracer: nop\n"
	printf "%16s-%-5d (%5s) [000] ....    10.000001: foo: a=1\n", "worker", 123402, "-----"
	printf "%16s-%-5d (%5s) [000] ....    10.000002: foo: c=1\n", "other", 102, "-----"
	printf "%16s-%-5d (%5s) [000] ....    10.000003: foo: a=2\n", "worker", 123402, 123401
	printf "%16s-%-5d (%5s) [000] ....    10.000004: foo: a=3\n", "worker", 123402, "-----"
	for (i = 5; i < 30005; i++)
		printf "%16s-%-5d (%5s) [000] ....    %d.%06d: foo: b=%d\n", "third", 103, 103, 10 + int(i / 1000000), i % 1000000, i
	printf "%16s-%-5d (%5s) [000] ....    10.030005: foo: c=2\n", "other", 102, 77
}' > "$T/late-buf6.txt"
cat > "$T/exp" <<'X'
          worker-123402 (123401) [000] .... 10.000001: foo: a=1
           other-102   (   77) [000] .... 10.000002: foo: c=1
          worker-123402 (123401) [000] .... 10.000003: foo: a=2
          worker-123402 (123401) [000] .... 10.000004: foo: a=3
           other-102   (   77) [000] .... 10.030005: foo: c=2
X
late "import: a 6-digit tgid filled in in the buffer, a later task's fill in the file after it" \
	"$T/late-buf6.txt" '2,5p;$p'
one_pass "import: a 6-digit tgid filled in in the buffer: one pass" "$T/o1.json" \
	$TM import -q -o "$T/o1.json" "$T/late-buf6.txt"

# ---- a systrace page: the kernel text, then a JSON block (the controller's
# clock sync): the text written during the first pass with the clock link
# before its first event and the marker moved out, as for a merge of two
# inputs; the JSON events after it.  One pass
cat > "$T/page.html" <<'X'
<html><!-- BEGIN TRACE --><script class="trace-data" type="application/text">
# tracer: nop
             app-3990  ( 3990) [000] ...1   100.004000: tracing_mark_write: trace_event_clock_sync: name=s1
             app-3990  ( 3990) [000] ...1   100.005000: tracing_mark_write: B|3990|work
             app-3991  (-----) [001] d..2   100.006000: foo: a=1
</script><script class="trace-data" type="application/text">
{"traceEvents": [{"name": "clock_sync", "args": {"sync_id": "s1", "issue_ts": 100003997.0}, "pid": 3990, "tid": 3990, "ph": "c", "ts": 100004002.0}], "metadata": {"clock-domain": "SYSTRACE"}}</script><!-- END TRACE -->
X
same "import: a systrace page with a JSON block after the kernel text" "$T/page.html" \
"# tracer: nop
             app-3990  ( 3990) [000] ...1 100.004000: tracing_mark_write: trace_event_clock_sync: name=tracemerge_link source=tracemerge
             app-3990  ( 3990) [000] ...1 100.005000: tracing_mark_write: B|3990|work
             app-3991  (-----) [001] d..2 100.006000: foo: a=1"
one_pass "import: a systrace page with a JSON block after the kernel text: one pass" "$T/o1.json" \
	$TM import -q -o "$T/o1.json" "$T/page.html"

# ---- a TGID known before: the fill holds ----------------------------------
n=0
{
	echo "# tracer: nop"
	kline worker 101 77 foo a=1
	kline worker 101 ----- foo a=2
	kline '<idle>' 0 ----- cpu_idle state=1
} > "$T/early.txt"
same "import: a tgid known before fills the TGID column; an unknown one stays -----" "$T/early.txt" \
"# tracer: nop
          worker-101   (   77) [000] .... 10.000001: foo: a=1
          worker-101   (   77) [000] .... 10.000002: foo: a=2
          <idle>-0     (-----) [000] .... 10.000003: cpu_idle: state=1"

# ---- a tgid that changes after a line was filled with the older one -------
n=0
{
	echo "# tracer: nop"
	kline w 5 10 foo x=1
	kline w 5 ----- foo x=2
	kline w 5 11 foo x=3
} > "$T/change.txt"
same "import: a missing TGID column filled with the tgid the whole trace ends with" "$T/change.txt" \
"# tracer: nop
               w-5     (   10) [000] .... 10.000001: foo: x=1
               w-5     (   11) [000] .... 10.000002: foo: x=2
               w-5     (   11) [000] .... 10.000003: foo: x=3"

# ---- the tracer named after the first event -------------------------------
n=0
{
	echo "# tracer: nop"
	kline w 5 10 foo x=1
	echo "# tracer: function"
	kline w 5 10 foo x=2
} > "$T/tracer.txt"
same "import: the text names the last tracer the header names, even after events" "$T/tracer.txt" \
"# tracer: function
               w-5     (   10) [000] .... 10.000001: foo: x=1
               w-5     (   10) [000] .... 10.000002: foo: x=2"

n=0
{
	echo "# tracer: function"
	echo "# tracer:"
	kline w 5 10 foo x=1
} > "$T/notracer.txt"
same "import: an empty tracer name gives nop" "$T/notracer.txt" \
"# tracer: nop
               w-5     (   10) [000] .... 10.000001: foo: x=1"

# ---- enough lines for the threaded read-ahead (1 MiB and more) ------------
python3 - "$T/big.txt" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("# tracer: nop\n")
    for i in range(20000):
        pid = 1000 + i % 50
        tgid = "-----" if i % 3 == 0 else "%5d" % (900 + pid % 7)
        if i == 19990:      # pid 1040's tgid changes near the end
            tgid = "%5d" % 42
        f.write("%16s-%-5d (%s) [%03d] d..2 %5d.%06d: sched_waking: comm=t pid=%d prio=120 target_cpu=001\n"
                % ("task%d" % pid, pid, tgid, i % 4, 200 + i // 1000000, i % 1000000, pid))
PY
# expected: every "-----" of a pid with a tgid anywhere gets the last one
big_expected() {
	python3 - "$1" <<'PY'
import sys
lines = [l.rstrip("\n") for l in open(sys.argv[1])][1:]
tgid = {}
for l in lines:
    pid = int(l[17:22]); t = l[24:29]
    if t != "-----":
        tgid[pid] = int(t)
print("# tracer: nop")
for l in lines:
    pid = int(l[17:22]); t = l[24:29]
    if t == "-----" and pid in tgid:
        t = "%5d" % tgid[pid]
    secs, frac = l[42:54].split(".")
    print(l[:24] + t + l[29:42] + "%d.%s" % (int(secs), frac) + l[54:])
PY
}
same "import: 20000 lines (2 MB), TGID columns filled, one pid's tgid changing at the end" \
	"$T/big.txt" "$(big_expected "$T/big.txt")"
sed -i '19992d' "$T/big.txt"
same "import: the same 20000 lines without the change" \
	"$T/big.txt" "$(big_expected "$T/big.txt")"

# ---- Trace Event JSON: the events copied while the first pass reads them --
# same_run CMD NAME EXPECTED-TEXT PYTHON ARGS...: CMD (import or merge)
# of ARGS to a file, to stdout, on one thread and on the reference path
# gives the same bytes and the same warnings; the kernel text is
# EXPECTED-TEXT (unless empty) and PYTHON (a condition on o, the output's
# text, and j, it parsed) holds
same_run() {
	_c=$1 _n=$2 _exp=$3 _py=$4
	shift 4
	rm -f "$T"/o*.json
	if $TM "$_c" -o "$T/o1.json" "$@" 2>"$T/e1" &&
		$TM "$_c" "$@" > "$T/o2.json" 2>"$T/e2" &&
		TM_THREADS=1 $TM "$_c" -o "$T/o3.json" "$@" 2>"$T/e3" &&
		TM_REFERENCE=1 $TM "$_c" -o "$T/o4.json" "$@" 2>"$T/e4" &&
		cmp "$T/o1.json" "$T/o2.json" >"$T/err" 2>&1 && cmp "$T/o1.json" "$T/o3.json" >>"$T/err" 2>&1 &&
		cmp "$T/o1.json" "$T/o4.json" >>"$T/err" 2>&1 &&
		cmp "$T/e1" "$T/e2" >>"$T/err" 2>&1 && cmp "$T/e1" "$T/e3" >>"$T/err" 2>&1 &&
		cmp "$T/e1" "$T/e4" >>"$T/err" 2>&1 &&
		{ [ -z "$_exp" ] || { text "$T/o1.json" > "$T/got" && printf '%s\n' "$_exp" | diff "$T/got" - >>"$T/err"; }; } &&
		python3 -c '
import json, sys
o = open(sys.argv[1], encoding="utf-8").read()
j = json.loads(o)
if not eval(sys.argv[2]):
    sys.exit("check failed: " + sys.argv[2])' "$T/o1.json" "$_py" >>"$T/err" 2>&1
	then
		ok "$_n"
	else
		notok "$_n"; sed 's/^/    /' "$T/err" "$T/e1" | head -20
	fi
}
# same_json NAME INPUT PYTHON: import of one JSON file
same_json() {
	same_run import "$1" "" "$3" "$2"
}

# the events exactly as written (blanks, number forms, key order), the
# other top-level keys and the metadata kept, a key with a raw tab repaired
printf '{"traceEvents":[{"name":"a", "ph":"X","ts":1.50,"dur":2 ,"pid":1,"tid":2},\n{"ph":"C","name":"c","ts":3e0,"pid":1,"args":{"v":1}}],\n"note":"x\ty","metadata":{"m":1}}' > "$T/plain.json"
same_json "import JSON: events copied byte for byte, top-level keys and metadata kept, a bad key repaired" "$T/plain.json" \
	'"{\"name\":\"a\", \"ph\":\"X\",\"ts\":1.50,\"dur\":2 ,\"pid\":1,\"tid\":2}" in o and "\"ts\":3e0" in o and j["note"] == "x\ty" and j["metadata"]["m"] == 1 and len(j["traceEvents"]) == 2'
grep -q "json-bad-string" "$T/e1" && ok "import JSON: the repaired key is reported" || notok "import JSON: the repaired key is reported ($(cat "$T/e1"))"

# an event repaired (invalid UTF-8 in a string), clock_sync events (they
# stay: one input), 3000 events past a read-ahead batch
python3 - "$T/many.json" <<'PY'
import sys
with open(sys.argv[1], "wb") as f:
    f.write(b'{"traceEvents":[\n')
    ev = []
    for i in range(3000):
        ev.append(b'{"name":"s%d","ph":"X","ts":%d,"dur":5,"pid":7,"tid":%d}' % (i, 1000 + i, i % 9))
    ev[1500] = b'{"name":"bad\xff","ph":"i","ts":9,"pid":7,"tid":1}'
    ev.append(b'{"name":"clock_sync","ph":"c","ts":5,"pid":7,"tid":7,"args":{"sync_id":"k"}}')
    f.write(b",\n".join(ev) + b"]}")
PY
same_json "import JSON: 3001 events, one repaired, a clock_sync event kept" "$T/many.json" \
	'len(j["traceEvents"]) == 3001 and j["traceEvents"][1500]["name"] == "bad\ufffd" and j["traceEvents"][3000]["ph"] == "c"'

# kernel text inside the JSON: two blocks, written in the second pass
printf '{"traceEvents":[{"name":"a","ph":"i","ts":10000000,"pid":1,"tid":1}],"systemTraceEvents":"# tracer: nop\\n          worker-101   (   77) [000] ....    10.000001: foo: a=1\\n"}' > "$T/both.json"
same_json "import JSON with systemTraceEvents: kernel text and events" "$T/both.json" \
	'"worker-101   (   77) [000] .... 10.000001: foo: a=1" in j["systemTraceEvents"] and len([e for e in j["traceEvents"] if e["ph"] == "i"]) == 1'

# kernel text inside the JSON on another clock, linked by two markers
# (the app's clock 1 s behind the kernel's): the 70002 events (past the
# writer's read-ahead threshold) written from the first pass's notes after
# the text, each moved by exactly 1 s; the markers moved out
python3 - "$T/linked.json" <<'PY'
import sys
k = ["# tracer: nop"]
for i, t in ((1, "10.000000"), (2, "20.000000")):
    k.append("          worker-101   (  101) [000] ....    %s: tracing_mark_write: "
             "trace_event_clock_sync: name=m%d" % (t, i))
ev = ['{"name":"clock_sync","ph":"c","ts":%d,"pid":5,"tid":5,"args":{"sync_id":"m%d"}}'
      % (t, i) for i, t in ((1, 9000000), (2, 19000000))]
ev += ['{"name":"s%d","ph":"X","ts":%d.5,"dur":3,"pid":5,"tid":6}' % (i, 9000000 + i)
       for i in range(70000)]
with open(sys.argv[1], "w") as f:
    f.write('{"systemTraceEvents":"%s\\n",\n"traceEvents":[%s]}' % ("\\n".join(k), ",\n".join(ev)))
PY
same_json "import JSON with kernel text on another clock: 70000 events moved 1 s from the notes" \
	"$T/linked.json" \
	'[e["ts"] for e in j["traceEvents"] if e.get("name") in ("s0", "s69999")] == [10000000.5, 10069999.5] and len([e for e in j["traceEvents"] if e.get("ph") == "X"]) == 70000 and not [e for e in j["traceEvents"] if e.get("name") == "clock_sync" and e.get("args", {}).get("sync_id", "").startswith("m")]'

# no events at all
printf '{"traceEvents":[],"other":1}' > "$T/none.json"
same_json "import JSON without events" "$T/none.json" 'j["traceEvents"] == [] and j["other"] == 1'

# ---- merge: the kernel text of one kernel input written during the first
# pass, with the clock link and its markers moved out as a merge writes them
# same_merge NAME EXPECTED-TEXT PYTHON ARGS...
same_merge() {
	same_run merge "$@"
}

# kernel marker k1 at 10.000002 s, the JSON's at 5 us: the JSON clock is
# 9999997 us behind, so its event at 6 us lands at 10000003 us; the link
# line takes the first event's task, CPU, flags, time and TGID; the kernel
# marker leaves the text (into tracemergeClockSync) and its missing TGID
# column is filled from the lines around it
n=0
{
	echo "# tracer: nop"
	kline worker 101 77 foo a=1
	kline worker 101 ----- tracing_mark_write "trace_event_clock_sync: name=k1"
	kline worker 101 ----- foo a=2
} > "$T/mk.txt"
printf '{"traceEvents":[{"name":"clock_sync","ph":"c","ts":5,"pid":7,"tid":7,"args":{"sync_id":"k1"}},\n{"name":"a","ph":"i","ts":6,"pid":7,"tid":7}]}' > "$T/mj.json"
mk_text="# tracer: nop
          worker-101   (   77) [000] .... 10.000001: tracing_mark_write: trace_event_clock_sync: name=tracemerge_link source=tracemerge
          worker-101   (   77) [000] .... 10.000001: foo: a=1
          worker-101   (   77) [000] .... 10.000003: foo: a=2"
mk_py='[e["ts"] for e in j["traceEvents"] if e.get("name") == "a"] == [10000003] and [m["line"] for m in j["tracemergeClockSync"]["kernel_lines"]] == ["          worker-101   (   77) [000] .... 10.000002: tracing_mark_write: trace_event_clock_sync: name=k1"] and any(e.get("ph") == "c" and e["ts"] == 10000001 for e in j["traceEvents"])'
same_merge "merge: kernel text with the clock link, the marker moved out" \
	"$mk_text" "$mk_py" "$T/mk.txt" "$T/mj.json"
same_merge "merge: the same with the JSON input first" "$mk_text" "$mk_py" "$T/mj.json" "$T/mk.txt"
# the counts of --report: 3 kernel event lines, the marker moved; 2 JSON
# events, the clock_sync moved
check "merge --report: the single pass counts as the reference path does" sh -c "
	$TM merge --report -o '$T/r1.json' '$T/mk.txt' '$T/mj.json' 2> '$T/r1' &&
	TM_REFERENCE=1 $TM merge --report -o '$T/r2.json' '$T/mk.txt' '$T/mj.json' 2> '$T/r2' &&
	cmp '$T/r1' '$T/r2' &&
	grep -qx 'tracemerge merge: kernel events: 3 in, 2 written, 1 clock-sync markers moved' '$T/r1' &&
	grep -qx 'tracemerge merge: JSON events: 2 in, 1 written, 1 clock-sync events moved, 0 dropped' '$T/r1'"
n=0
{
	echo "# tracer: nop"
	kline worker 101 ----- foo a=1
	kline worker 101 77 tracing_mark_write "trace_event_clock_sync: name=k1"
	kline worker 101 77 foo a=2
} > "$T/mklate.txt"
same_merge "merge: a TGID learned after the link line was written (written again)" \
	"$mk_text" "$mk_py" "$T/mklate.txt" "$T/mj.json"
same_merge "merge: --clock=app moves the kernel text (written again)" \
"# tracer: nop
          worker-101   (   77) [000] .... 0.000004: tracing_mark_write: trace_event_clock_sync: name=tracemerge_link source=tracemerge
          worker-101   (   77) [000] .... 0.000004: foo: a=1
          worker-101   (   77) [000] .... 0.000006: foo: a=2" \
	'[e["ts"] for e in j["traceEvents"] if e.get("name") == "a"] == [6]' --clock=app "$T/mk.txt" "$T/mj.json"
same_merge "merge: --pid-offset on the kernel input (written again)" \
"# tracer: nop
          worker-1101  ( 1077) [000] .... 10.000001: tracing_mark_write: trace_event_clock_sync: name=tracemerge_link source=tracemerge
          worker-1101  ( 1077) [000] .... 10.000001: foo: a=1
          worker-1101  ( 1077) [000] .... 10.000003: foo: a=2" \
	'[e["ts"] for e in j["traceEvents"] if e.get("name") == "a"] == [10000003]' \
	--pid-offset "$T/mk.txt=1000" "$T/mk.txt" "$T/mj.json"

# no JSON events: no clock link after all
printf '{"traceEvents":[],"other":1}' > "$T/mmeta.json"
same_merge "merge: JSON without events to link: no link line (written again)" \
"# tracer: nop
          worker-101   (   77) [000] .... 10.000001: foo: a=1
          worker-101   (   77) [000] .... 10.000003: foo: a=2" \
	'"name=k1" in o and j["other"] == 1' --same-clock "$T/mk.txt" "$T/mmeta.json"

# two kernel inputs: merged by time (the second pass)
n=0
{
	echo "# tracer: nop"
	kline other 202 88 bar b=1
} > "$T/mk2.txt"
same_merge "merge: two kernel inputs merged by time (written again)" \
"# tracer: nop
          worker-101   (   77) [000] .... 10.000001: foo: a=1
           other-202   (   88) [000] .... 10.000001: bar: b=1
          worker-101   (   77) [000] .... 10.000003: foo: a=2" \
	'"name=k1" in o' --same-clock "$T/mk.txt" "$T/mk2.txt"

# ---- merge: the JSON events written from the first pass's notes ----------
# (src/scan/json-index.c: more than 1 MiB of notes goes to a temporary file); the
# clocks drift: kernel marker d1 at 10 s and d2 at 11.0001 s, the JSON's at
# 1000 us and 1001000 us, so JSON time t lands at 10 s + (t - 1000 us) *
# 1.0001: the event at 501000 us at 10500050 us, its dur of 1000 us 1000.1;
# the link line takes the first kernel event's task and time.  Two events
# in the middle have no place on the output clock (a ts near the int64
# limit of nanoseconds, a dur that runs past it): dropped, each with its
# warning, in the order of the events also when the notes are read back
# on another core (src/core/merge-json.c); two repaired events in a row (their
# texts are the notes', each kept only until the next is read back)
n=0
{
	echo "# tracer: nop"
	printf '%16s-%-5d (%5s) [000] ....    10.000000: %s: %s\n' app 300 300 tracing_mark_write "trace_event_clock_sync: name=d1"
	printf '%16s-%-5d (%5s) [000] ....    11.000100: %s: %s\n' app 300 300 tracing_mark_write "trace_event_clock_sync: name=d2"
} > "$T/dk.txt"
python3 - "$T/dj.json" <<'PY'
import sys
with open(sys.argv[1], "wb") as f:
    ev = [b'{"name":"clock_sync","ph":"c","ts":1000,"pid":3,"tid":3,"args":{"sync_id":"d1"}}']
    for i in range(120000):
        ev.append(b'{"name":"e%d","ph":"X","ts":%d.%03d,"dur":%d,"pid":3,"tid":%d}' % (i, 1000 + i * 8, i % 1000, i % 90, i % 4))
    ev[5000] = b'{"name":"bad\xff","ph":"i","ts":7,"pid":3,"tid":1}'
    ev[5001] = b'{"name":"bad, too\xfe\xfe","ph":"i","ts":8,"pid":3,"tid":1}'
    ev[60000] = b'{"name":"far","ph":"i","ts":9223372036854775,"pid":3,"tid":1}'
    ev[60001] = b'{"name":"long","ph":"X","ts":2000,"dur":9223372036854775,"pid":3,"tid":1}'
    ev.append(b'{"name":"probe","ph":"X","ts":501000,"dur":1000,"pid":3,"tid":3}')
    ev.append(b'{"name":"clock_sync","ph":"c","ts":1001000,"pid":3,"tid":3,"args":{"sync_id":"d2"}}')
    f.write(b'{"traceEvents":[\n' + b",\n".join(ev) + b'],"note":1}')
PY
dj_py='[(e["ts"], e["dur"]) for e in j["traceEvents"] if e.get("name") == "probe"] == [(10500050, 1000.1)] and len([e for e in j["traceEvents"] if e["name"][0] in "eb"]) == 119998 and not [e for e in j["traceEvents"] if e["name"] in ("far", "long")] and j["note"] == 1 and len(j["tracemergeClockSync"]["json_events"]) == 2'
dk_text="# tracer: nop
             app-300   (  300) [000] .... 10.000000: tracing_mark_write: trace_event_clock_sync: name=tracemerge_link source=tracemerge"
same_merge "merge: 120000 JSON events on a drifting clock from the first pass's notes" \
	"$dk_text" "$dj_py" "$T/dk.txt" "$T/dj.json"
check "merge: the two events without a place on the output clock warned of, the first first" \
	grep -q 'json-event-dropped: 2 (event whose ts cannot be placed on the output clock: dropped; first at .*/dj.json:60002)' "$T/e1"
# (not under valgrind here: it needs a TMPDIR of its own)
_tmpdir=${TMPDIR-} _tm=$TM
TM=${TM_BIN:-$top/tracemerge}
export TMPDIR=/nonexistent/tracemerge
same_merge "merge: the same when no temporary file can be made (read twice)" \
	"$dk_text" "$dj_py" "$T/dk.txt" "$T/dj.json"
TM=$_tm
if [ -n "$_tmpdir" ]; then TMPDIR=$_tmpdir; else unset TMPDIR; fi

# ---- one JSON input of 8 MB: its first pass on two cores (src/scan/json-scan.c) ----
# Both halves hold what the first pass gathers: clock_sync events (their
# warnings and markers), process names, repaired events (a raw control
# character, a trailing comma), a bad ts; a key before the events and two
# after them (metadata's clock domain among them).  Every command's output
# and messages are those of one thread and of the reference path.
python3 - "$T/half.json" <<'PY'
import sys
n = 80000
ev = []
for i in range(n):
    ev.append(b'{"name":"e%d","ph":"X","ts":%d.%03d,"dur":%d,"pid":%d,"tid":%d,"args":{"k":"%s"}}'
              % (i, 1000 + i * 8, i % 1000, i % 90, 3 + i % 5, i % 7, b"v" * (i % 13)))
for h in (0, n // 2):
    ev[h + 10] = b'{"name":"process_name","ph":"M","pid":%d,"args":{"name":"p%d"}}' % (h + 100, h)
    ev[h + 20] = b'{"name":"clock_sync","ph":"c","ts":%d,"pid":3,"tid":3,"args":{"sync_id":"s%d"}}' % (5000 + h, h)
    ev[h + 30] = b'{"name":"clock_sync","ph":"c","ts":%d,"pid":3,"tid":3,"args":{}}' % (5000 + h)
    ev[h + 40] = b'{"name":"ctl\x01","ph":"i","ts":%d,"pid":3,"tid":1}' % (7000 + h)
    ev[h + 50] = b'{"name":"comma","ph":"i","ts":%d,"pid":3,"tid":1,}' % (7000 + h)
    ev[h + 60] = b'{"name":"badts","ph":"i","ts":"x","pid":3,"tid":1}'
with open(sys.argv[1], "wb") as f:
    f.write(b'{"before":[1,{"a":2}],"traceEvents":[\n' + b",\n".join(ev) +
            b'\n],"metadata":{"clock-domain":"LINUX_CLOCK_MONOTONIC"},"after":{"x":[{},{}]}}')
PY
same_json "import JSON, 8 MB read on two cores: the same as one thread and the reference path" \
	"$T/half.json" 'len(j["traceEvents"]) == 80000 and j["before"] == [1, {"a": 2}] and j["after"] == {"x": [{}, {}]} and sum(e["name"] == "comma" for e in j["traceEvents"]) == 2'
check "import JSON, 8 MB: its warnings count both halves" \
	grep -q "json-trailing-comma: 2 " "$T/e1"
check "import JSON, 8 MB: the clock_sync warnings and markers of both halves" \
	grep -q "sync-no-id: 2 " "$T/e1"
# (sync: both markers found, the clock domain named after the events)
for c in "sync --json|markers_found.:2|.domain.:.CLOCK_MONOTONIC" "stats --json|clock_sync_receiver.:4"; do
	check "${c%%|*} of the 8 MB JSON: the same as one thread and the reference path" sh -c "
		$TM ${c%%|*} '$T/half.json' > '$T/s1' 2>&1; TM_THREADS=1 $TM ${c%%|*} '$T/half.json' > '$T/s2' 2>&1
		TM_REFERENCE=1 $TM ${c%%|*} '$T/half.json' > '$T/s3' 2>&1
		cmp '$T/s1' '$T/s2' && cmp '$T/s1' '$T/s3' &&
		for p in \$(echo '${c#*|}' | tr '|' ' '); do grep -q \"\$p\" '$T/s1' || exit 1; done"
done
same_run merge "merge of the 8 MB JSON alone: the same as one thread and the reference path" "" \
	'len(j["traceEvents"]) >= 80000' "$T/half.json"
# the second part's notes (over 1 MiB: 120000 events) cannot be kept:
# its events are not handed to the one-pass writer, which then writes the
# JSON again (same output)
python3 -c '
print("[\n" + ",\n".join("{\"ph\":\"X\",\"ts\":%d,\"dur\":%d}" % (i * 3, i % 7) for i in range(240000)) + "]")' > "$T/tiny.json"
_tmpdir=${TMPDIR-} _tm=$TM
TM=${TM_BIN:-$top/tracemerge}
export TMPDIR=/nonexistent/tracemerge
same_json "import JSON, 7 MB of small events, when no temporary file can be made" \
	"$T/tiny.json" 'len(j["traceEvents"]) == 240000'
TM=$_tm
if [ -n "$_tmpdir" ]; then TMPDIR=$_tmpdir; else unset TMPDIR; fi

# ---- bad input: nothing left behind ---------------------------------------
printf 'not a trace\n' > "$T/bad.txt"
check "import: a bad input leaves neither the output nor a temporary file" sh -c "
	! $TM import -q -o '$T/bad.json' '$T/bad.txt' 2>/dev/null &&
	[ ! -e '$T/bad.json' ] && [ -z \"\$(ls '$T' | grep 'bad.json.tmp')\" ]"
