#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# `tracemerge record`, live on this machine's tracefs (skipped, visibly,
# without root or tracefs):
#  - a command (examples/record_app, using the public marker API) writes
#    atrace slices and clock-sync handshakes into the recording while it
#    stamps its own Trace Event JSON with CLOCK_REALTIME / CLOCK_BOOTTIME;
#    the output parses with no rejected line (our reader, Catapult,
#    Perfetto), the event lines counted by awk equal the kernel's own count
#    (per_cpu stats, printed by record) and the header's entries, every
#    marker is there, and after `merge` each atrace slice start lies where
#    the app's JSON says (within the sync error bound and the marker write);
#  - an app that names its clock (metadata.clock-domain) but writes no
#    handshake merges through the recorder's own issuer records;
#  - SIGINT ends a recording cleanly (complete file, no instance left), a
#    second one abandons it (no file, no temporary, no instance), SIGTERM
#    stops it too; an instance a SIGKILLed recording left is removed by the
#    next recording, one in use (a dead PID's name, its marker held open)
#    is kept with tracing on; usage errors and a non-root user get clear
#    messages.
. "$(dirname "$0")/../lib.sh"
case ${TM_BUILD:-build} in
/*) APP=${TM_BUILD}/examples/record_app ;;
*) APP=$top/${TM_BUILD:-build}/examples/record_app ;;
esac
find_vc
TRACING=/sys/kernel/tracing

# ---- what is refused before a recording starts (no root needed) -------------
D=$T/early; mkdir -p "$D/outdir"
for ev in '.*' 'sched/sched_sw.*' 'sched,irq|power' 'sched/*'; do
	$TM record -e "$ev" -t 1 -o "$D/x.txt" > "$D/e.out" 2>&1; rc=$?
	if [ $rc = 2 ] && [ ! -e "$D/x.txt" ] &&
	   head -n 1 "$D/e.out" | grep -q "^tracemerge record: bad event name '[^']*': names are letters, digits, '_' and '-'"; then
		ok "record -e '$ev': event names are names, not patterns: exit 2"
	else
		notok "record -e '$ev': not refused as a name (exit $rc)"; sed 's/^/    /' "$D/e.out" | head -3
	fi
done
$TM record -o "$D/outdir" -t 5 > "$D/e.out" 2>&1; rc=$?
if [ $rc = 1 ] && [ "$(cat "$D/e.out")" = "tracemerge record: $D/outdir: is a directory" ] &&
   [ -z "$(ls "$D" | grep tmp)" ] && [ -z "$(ls "$D/outdir")" ]; then
	ok "record -o DIR: refused before recording: $(cat "$D/e.out")"
else
	notok "record -o DIR: refused before recording (exit $rc)"; sed 's/^/    /' "$D/e.out" | head -3
fi

if [ "$(id -u)" != 0 ]; then
	skip "record: live tests (not root)"
	exit 0
fi
if ! grep -q tracefs /proc/mounts && ! mount -t tracefs nodev $TRACING 2>/dev/null; then
	skip "record: live tests (tracefs not available)"
	exit 0
fi
if [ ! -x "$APP" ]; then
	notok "record: $APP not built (make tests)"
	exit 0
fi

# The recorder's instance is tracemerge-record-PID-START (other recordings
# may run on this machine at the same time: only ours is looked at).
inst_of() { sed -n 's/^# tracemerge record: .* instance=\(tracemerge-record-[0-9]*-[0-9]*\)$/\1/p' "$1" | head -n 1; }
# START of process PID: field 22 of its stat (after the comm's last ')')
start_of() { sed 's/.*) //' "/proc/$1/stat" | cut -d' ' -f20; }
inst_dir() { echo "$TRACING/instances/tracemerge-record-$1-$(start_of "$1")"; }
no_leftovers() { # NAME DIR INSTANCE
	_left=""
	{ [ -z "$3" ] || [ -n "$(ls -d "$TRACING/instances/$3" "$TRACING/instances/$3"-* 2>/dev/null)" ]; } &&
		_left="instance ${3:-unknown}"
	_tmp=$(ls "$2" | grep '\.tmp\.')
	if [ -z "$_left" ] && [ -z "$_tmp" ]; then
		ok "$1: no tracefs instance and no temporary file left"
	else
		notok "$1: left behind: $_left $_tmp"
	fi
}

cat > "$T/rec.py" <<'PY'
import json, re, sys
from decimal import Decimal

EV = re.compile(r'-(\d+)\s+(?:\(\s*[-\d]+\)\s+)?\[(\d+)\]\s+(?:\S{4,5}\s+)?(\d+)\.(\d+):\s+([\w:]+):\s?(.*)$')

LOST = re.compile(r'^CPU:\d+ \[LOST \d+ EVENTS\]$')

def ns_of_us(v):
    return int(Decimal(str(v)) * 1000)

def ns_of_secs(a, b):
    return int(a) * 10**9 + int(b.ljust(9, "0")[:9])

def cmd_count(path, kernel_line):
    """Event lines (awk-like: not '#', not blank) == the kernel's count == the header's."""
    lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    if lines[-1] != "":
        sys.exit("last line not complete")
    ev = [l for l in lines if l and not l.startswith("#")]
    m = re.search(r"the kernel counted (\d+)", open(kernel_line).read())
    h = re.search(r"entries-in-buffer/entries-written: (\d+)/(\d+)", "\n".join(lines[:5]))
    print("%d event lines, kernel counted %s, header %s" % (len(ev), m and m.group(1), h and h.groups()))
    bad = [l for l in ev if not EV.search(l)]
    if bad or not m or int(m.group(1)) != len(ev) or not h or int(h.group(1)) != len(ev):
        sys.exit("mismatch; unparsed: %s" % bad[:3])

def cmd_markers(path, app_path, n):
    """Every slice twice (B and E) and every handshake id of the app is in the kernel text."""
    text = open(path).read()
    app = json.load(open(app_path))
    ids = [e["args"]["sync_id"] for e in app["traceEvents"] if e.get("ph") == "c"]
    b = len(re.findall(r"tracing_mark_write: B\|\d+\|rec_slice_\d+$", text, re.M))
    e = len(re.findall(r"tracing_mark_write: E\|\d+$", text, re.M))
    missing = [i for i in ids if ("trace_event_clock_sync: name=%s " % i) not in text]
    ends = len(re.findall(r"^# tracemerge_clock_sync: name=\S+ clock=CLOCK_\w+ issue_ts=\d+\.\d{9} ts=\d+\.\d{9}\s*$", text, re.M))
    print("%d B, %d E markers, %d app handshakes (%d missing), %d issuer records in the header" % (b, e, len(ids), len(missing), ends))
    if b != int(n) or e != int(n) or missing or ends != 4:
        sys.exit(1)

def cmd_aligned(merged, app_path, sync_path):
    """In the merged trace, each atrace B marker lies at the JSON B event's time:
    within [-E - Q, write + E + Q] and < 50 us outside the write."""
    j = json.load(open(merged), parse_float=Decimal)
    app = {e["name"]: int(e["args"]["marker_write_ns"]) for e in json.load(open(app_path))["traceEvents"]
           if e.get("ph") == "B"}
    js = {e["name"]: ns_of_us(e["ts"]) for e in j["traceEvents"] if e.get("ph") == "B" and e.get("cat") == "app"}
    at = {}
    for l in j["systemTraceEvents"].split("\n"):
        m = EV.search(l)
        if m and m.group(5) == "tracing_mark_write" and m.group(6).startswith("B|"):
            at[m.group(6).split("|")[2]] = ns_of_secs(m.group(3), m.group(4))
    err = 0
    for i in json.load(open(sync_path))["inputs"]:
        for s in i["streams"]:
            if s["side"] == "json":
                err = s["error_ns"]
    Q, worst, bad = 500, 0, []
    for name, w in sorted(app.items()):
        if name not in js or name not in at:
            bad.append("%s missing" % name)
            continue
        d = at[name] - js[name]
        worst = max(worst, abs(d))
        if not (-err - Q <= d <= w + err + Q) or max(-d, d - w, 0) >= 50000:
            bad.append("%s: atrace - json = %d ns (write %d, bound %d)" % (name, d, w, err))
    print("%d slices, max |atrace - json| %.3f us, sync error bound %.3f us" % (len(app), worst / 1e3, err / 1e3))
    if bad or not app:
        sys.exit("; ".join(bad[:5]))

def cmd_complete(path):
    """Every line whole and parseable; the closing issuer records filled in."""
    data = open(path, "rb").read()
    if not data.endswith(b"\n"):
        sys.exit("does not end with a newline")
    lines = data.decode("utf-8", "replace").split("\n")[:-1]
    ev = [l for l in lines if l and not l.startswith("#") and not LOST.match(l)]
    bad = [l for l in ev if not EV.search(l)]
    iss = [l for l in lines if l.startswith("# tracemerge_clock_sync: ")]
    print("%d lines, %d events, %d issuer records" % (len(lines), len(ev), len(iss)))
    if bad or len(iss) != 4:
        sys.exit("bad lines: %s" % bad[:3])

globals()["cmd_" + sys.argv[1]](*sys.argv[2:])
PY
py() { python3 "$T/rec.py" "$@"; }

# ---- a command with markers, merged with its own JSON ----------------------
N=24
for clk in realtime boottime; do
	D=$T/$clk; mkdir -p "$D"
	if (cd "$D" && $TM record -o rec.txt -- "$APP" app.json $clk $N) > "$D/rec.out" 2>&1; then
		ok "record ($clk): exits 0: $(tail -n 1 "$D/rec.out")"
	else
		notok "record ($clk): exits 0"; sed 's/^/    /' "$D/rec.out" | head; continue
	fi
	no_leftovers "record ($clk)" "$D" "$(inst_of "$D/rec.txt")"
	lcheck "record ($clk): event lines = the kernel's count = the header's entries" \
		py count "$D/rec.txt" "$D/rec.out"
	check "record ($clk): stats reads it with no rejected line" \
		sh -c "$TM stats '$D/rec.txt' | grep -q '+ 0 rejected'"
	lcheck "record ($clk): the app's atrace markers and handshakes are in it" \
		py markers "$D/rec.txt" "$D/app.json" $N
	check "record ($clk): its header names this boot (# tracemerge_boot_id: of /proc)" \
		grep -qx "# tracemerge_boot_id: $(cat /proc/sys/kernel/random/boot_id)" "$D/rec.txt"
	if $TM merge -q -o "$D/merged.json" "$D/rec.txt" "$D/app.json" > "$D/m.out" 2>&1 &&
	   $TM sync --json "$D/rec.txt" "$D/app.json" > "$D/sync.json" 2>/dev/null; then
		lcheck "record ($clk): merged with the app's JSON, atrace and JSON slices align" \
			py aligned "$D/merged.json" "$D/app.json" "$D/sync.json"
	else
		notok "record ($clk): merge"; sed 's/^/    /' "$D/m.out" | head
	fi
	if [ -n "$VC" ]; then
		check "record ($clk): catapult reads the recording with no rejected line" \
			no_line_rejects catapult "$D/rec.txt"
		check "record ($clk): perfetto reads the recording with no rejected line" \
			no_line_rejects perfetto "$D/rec.txt"
		check "record ($clk): catapult reads the merged trace with no rejected line" \
			no_line_rejects catapult "$D/merged.json"
	else
		skip "record ($clk): viewer checks ($VIEW_WHY)"
	fi
done

# ---- an app without handshakes that names its clock ------------------------
D=$T/nosync; mkdir -p "$D"
if (cd "$D" && $TM record -o rec.txt -e sched -- "$APP" app.json realtime $N nosync) > "$D/rec.out" 2>&1 &&
   $TM merge -q -o "$D/merged.json" "$D/rec.txt" "$D/app.json" > "$D/m.out" 2>&1 &&
   $TM sync --json "$D/rec.txt" "$D/app.json" > "$D/sync.json" 2>/dev/null; then
	lcheck "record: an app on CLOCK_REALTIME without handshakes merges through the recorder's issuer records" \
		py aligned "$D/merged.json" "$D/app.json" "$D/sync.json"
else
	notok "record: an app on CLOCK_REALTIME without handshakes merges"; cat "$D/rec.out" "$D/m.out" | sed 's/^/    /' | head
fi

# ---- -o -: the trace on stdout, the command's output on stderr --------------
D=$T/stdout; mkdir -p "$D"
if $TM record -o - -e sched -- sh -c 'echo cmd-output-line; echo "B|$$|stdout_slice" > "$TRACEMERGE_MARKER"' \
	> "$D/rec.txt" 2> "$D/err" && grep -q '^cmd-output-line$' "$D/err" && ! grep -q cmd-output "$D/rec.txt" &&
   grep -q 'tracing_mark_write: B|[0-9]*|stdout_slice$' "$D/rec.txt" &&
   $TM stats "$D/rec.txt" | grep -q '+ 0 rejected'; then
	ok "record -o -: the trace on stdout (no rejected line), the command's output on stderr"
else
	notok "record -o -: the trace on stdout, the command's output on stderr"; sed 's/^/    /' "$D/err" | head
fi

# ---- the command's exit status is record's, as a shell gives it -------------
D=$T/status; mkdir -p "$D"
for c in "127:/nonexistent/cmd" "3:sh -c 'exit 3'" "138:sh -c 'kill -USR1 \$\$'" "0:true"; do
	want=${c%%:*}; cmd=${c#*:}
	eval "\$TM record -e sched -o \"\$D/rec.txt\" -- $cmd" > "$D/rec.out" 2>&1; rc=$?
	if [ "$rc" = "$want" ] && [ -s "$D/rec.txt" ] && grep -q ' events, .* lost; the kernel counted' "$D/rec.out"; then
		ok "record -- $cmd: the trace is written, exit $rc as a shell gives"
	else
		notok "record -- $cmd: exit $rc, want $want"; sed 's/^/    /' "$D/rec.out" | head -5
	fi
	rm -f "$D/rec.txt"
done
grep -q '^tracemerge record: /nonexistent/cmd: No such file or directory$' "$D/rec.out" ||
	{ $TM record -e sched -o "$D/rec.txt" -- /nonexistent/cmd > "$D/rec.out" 2>&1
	  grep -q '^tracemerge record: /nonexistent/cmd: No such file or directory$' "$D/rec.out"; } &&
	ok "record -- /nonexistent/cmd: says why" || notok "record -- /nonexistent/cmd: says why"

# ---- signals ----------------------------------------------------------------
wait_instance() { # DIR PID: until the recorder has started tracing (or died)
	for _i in $(seq 1 100); do
		[ -d "$(inst_dir "$2")" ] && [ -n "$(ls "$1" | grep '\.tmp\.')" ] && return 0
		sleep 0.1
	done
	return 1
}
D=$T/sigint; mkdir -p "$D"
$TM record -o "$D/rec.txt" -e sched,irq > "$D/rec.out" 2>&1 &
pid=$!
wait_instance "$D" $pid
sleep 0.5
kill -INT $pid
wait $pid; rc=$?
if [ $rc = 0 ] && [ -s "$D/rec.txt" ]; then
	ok "record: SIGINT ends the recording, exit 0"
else
	notok "record: SIGINT ends the recording, exit 0 (exit $rc)"; sed 's/^/    /' "$D/rec.out" | head
fi
no_leftovers "record: after SIGINT" "$D" tracemerge-record-$pid
lcheck "record: after SIGINT the file is complete" py complete "$D/rec.txt"

# more events than a drain can read (syscalls of a byte-wise dd into a 16 KB
# buffer per CPU, so that the buffer overflows however slow the machine): events are
# lost and counted, and SIGINT still ends the recording promptly (the drain
# turns tracing off itself); a watchdog keeps a hang from stalling the suite
D=$T/overload; mkdir -p "$D"
$TM record -o "$D/rec.txt" -b 16 -e raw_syscalls -- sh -c \
	'while :; do dd if=/dev/zero of=/dev/null bs=1 count=200000 2>/dev/null; done' > "$D/rec.out" 2>&1 &
pid=$!
( sleep 120; kill -KILL $pid 2>/dev/null ) > /dev/null 2>&1 &
dog=$!
wait_instance "$D" $pid
sleep 2
kill -INT $pid
wait $pid; rc=$?
kill $dog 2>/dev/null
if [ $rc = 0 ] && python3 -c '
import re, sys
t = open(sys.argv[1]).read()
m = re.search(r": (\d+) events, \d+ bytes, (\d+) lost; the kernel counted (\d+)", t)
sys.exit(not m or int(m.group(1)) + int(m.group(2)) != int(m.group(3)) or not int(m.group(2)))' "$D/rec.out"; then
	ok "record: overloaded, SIGINT ends it; events + lost = the kernel's count: $(head -n 1 "$D/rec.out")"
else
	notok "record: overloaded, SIGINT ends it; events + lost = the kernel's count (exit $rc)"
	sed 's/^/    /' "$D/rec.out" | head
fi
no_leftovers "record: after an overload" "$D" tracemerge-record-$pid
lcheck "record: after an overload the file is complete" py complete "$D/rec.txt"

# events the kernel counted that the file lacks are lost, whatever the
# reason: here a timer event enabled in the recorder's instance from outside
# (its format was not loaded, so its records cannot be written)
D=$T/unknown; mkdir -p "$D"
$TM record -o "$D/rec.txt" -e sched/sched_switch -t 2 > "$D/rec.out" 2>&1 &
pid=$!
wait_instance "$D" $pid
echo 1 > "$(inst_dir $pid)/events/timer/hrtimer_start/enable" 2>/dev/null
wait $pid; rc=$?
if [ $rc = 0 ] && python3 -c '
import re, sys
t = open(sys.argv[1]).read()
m = re.search(r": (\d+) events, \d+ bytes, (\d+) lost; the kernel counted (\d+)", t)
sys.exit(not m or int(m.group(1)) + int(m.group(2)) != int(m.group(3)) or not int(m.group(2))
         or "warning: events were lost" not in t)' "$D/rec.out"; then
	ok "record: events the kernel counted but could not be written are reported lost: $(head -n 1 "$D/rec.out")"
else
	notok "record: events the kernel counted but not written are reported lost (exit $rc)"
	sed 's/^/    /' "$D/rec.out" | head
fi
no_leftovers "record: after events it could not write" "$D" tracemerge-record-$pid

D=$T/sigterm; mkdir -p "$D"
$TM record -o "$D/rec.txt" -e sched -- sleep 30 > "$D/rec.out" 2>&1 &
pid=$!
wait_instance "$D" $pid
kill -TERM $pid
wait $pid; rc=$?
if [ $rc = 0 ] && grep -q 'sleep was killed by signal 15' "$D/rec.out"; then
	ok "record: SIGTERM stops the command and the recording, exit 0"
else
	notok "record: SIGTERM stops the command and the recording (exit $rc)"; sed 's/^/    /' "$D/rec.out" | head
fi
no_leftovers "record: after SIGTERM" "$D" tracemerge-record-$pid
lcheck "record: after SIGTERM the file is complete" py complete "$D/rec.txt"

D=$T/twice; mkdir -p "$D"
$TM record -o "$D/rec.txt" -e sched -- sh -c 'trap "" INT; sleep 30' > "$D/rec.out" 2>&1 &
pid=$!
wait_instance "$D" $pid
kill -INT $pid; sleep 0.3; kill -INT $pid
wait $pid; rc=$?
if [ $rc = 130 ] && [ ! -e "$D/rec.txt" ] && grep -q 'interrupted twice' "$D/rec.out"; then
	ok "record: a second SIGINT abandons the recording: exit 130, no output file"
else
	notok "record: a second SIGINT abandons the recording (exit $rc)"; sed 's/^/    /' "$D/rec.out" | head
fi
no_leftovers "record: after two SIGINTs" "$D" tracemerge-record-$pid

# SIGKILL leaves the instance (no handler runs); the next recording removes
# it, and those named after a PID that another process has now (an older
# version's name without the start time, or a start time that is not the
# process's); it leaves alone an instance named after a process that still
# runs, and one named after a dead PID whose trace_marker is held open: a
# recording in another PID namespace, where that PID may run (its tracing
# stays on: nothing is written to it)
D=$T/kill; mkdir -p "$D"
$TM record -o "$D/rec.txt" -e sched -- sleep 37 > "$D/rec.out" 2>&1 &
pid=$!
wait_instance "$D" $pid
killed=$(inst_dir $pid)
kill -KILL $pid
wait $pid 2>/dev/null
pkill -x -f 'sleep 37' 2>/dev/null
sleep 60 & live=$!
kept=$(inst_dir $live)
reused_old="$TRACING/instances/tracemerge-record-$live"
reused_new="${kept}7"
mkdir "$kept" "$reused_old" "$reused_new"
sh -c 'exit 0' & other=$!
wait $other
busy="$TRACING/instances/tracemerge-record-$other"
mkdir "$busy" && echo 1 > "$busy/tracing_on" && exec 8> "$busy/trace_marker"
if [ -d "$killed" ]; then
	$TM record -t 0.2 -e sched -o "$D/next.txt" > "$D/next.out" 2>&1; rc=$?
	if [ $rc = 0 ] && [ ! -d "$killed" ] &&
	   grep -q "removed tracefs instance ${killed##*/}, left by a recording that no longer runs" "$D/next.out" &&
	   [ -d "$kept" ]; then
		ok "record: an instance left by a killed recording is removed by the next one; a live process's is kept"
	else
		notok "record: an instance left by a killed recording is removed by the next one (exit $rc)"
		sed 's/^/    /' "$D/next.out" | head
	fi
	if [ $rc = 0 ] && [ ! -d "$reused_old" ] && [ ! -d "$reused_new" ] &&
	   grep -q "removed tracefs instance ${reused_old##*/}," "$D/next.out" &&
	   grep -q "removed tracefs instance ${reused_new##*/}," "$D/next.out"; then
		ok "record: instances named after a PID now used by another process are removed"
	else
		notok "record: instances named after a reused PID were kept (exit $rc)"
		sed 's/^/    /' "$D/next.out" | head
	fi
	if [ $rc = 0 ] && [ -d "$busy" ] && [ "$(cat "$busy/tracing_on")" = 1 ] &&
	   ! grep -q "tracemerge-record-$other," "$D/next.out"; then
		ok "record: an instance named after a dead PID but in use (another PID namespace) is kept, tracing still on"
	else
		notok "record: an instance in use was removed or turned off (exit $rc, tracing_on $(cat "$busy/tracing_on" 2>&1))"
	fi
else
	notok "record: SIGKILL left no instance to clean up (the check cannot run)"
fi
exec 8>&-
rmdir "$kept" "$killed" "$reused_old" "$reused_new" "$busy" 2>/dev/null
kill $live 2>/dev/null

# ---- tracefs not mounted: mounted for the recording, unmounted after ---------
# (in a private mount namespace, so nothing else on the machine sees it)
if command -v unshare > /dev/null; then
	D=$T/mount; mkdir -p "$D"
	unshare -m --propagation private sh -c "umount /sys/kernel/tracing 2>/dev/null
		umount /sys/kernel/debug/tracing 2>/dev/null
		echo before=\$(grep -c ' tracefs ' /proc/mounts)
		$TM record -t 0.3 -e sched -o '$D/rec.txt' 2>&1; echo rc=\$?
		echo after=\$(grep -c ' tracefs ' /proc/mounts)" > "$D/out" 2>&1
	if grep -q '^before=0' "$D/out" && grep -q '^rc=0' "$D/out" && grep -q '^after=0' "$D/out" &&
	   [ -s "$D/rec.txt" ]; then
		ok "record: tracefs not mounted: mounts it, records, unmounts it again"
	else
		notok "record: tracefs not mounted: mounts it, records, unmounts it again"; sed 's/^/    /' "$D/out"
	fi
else
	skip "record: mounting tracefs (unshare not installed)"
fi

# ---- errors -----------------------------------------------------------------
D=$T/err; mkdir -p "$D"
$TM record -o "$D/x.txt" -e nosuchgroup -t 1 > "$D/e.out" 2>&1 &
pid=$!; wait $pid; rc=$?
if [ $rc = 2 ] && grep -q 'no such event group in tracefs: nosuchgroup' "$D/e.out" && [ ! -e "$D/x.txt" ]; then
	ok "record: unknown event group -> exit 2, one clear line, no output"
else
	notok "record: unknown event group -> exit 2 (exit $rc)"; sed 's/^/    /' "$D/e.out"
fi
$TM record -o "$D/x.txt" -c nosuchclock -t 1 > "$D/e.out" 2>&1; rc=$?
if [ $rc = 2 ] && grep -q "trace clock 'nosuchclock' not available" "$D/e.out"; then
	ok "record: unknown trace clock -> exit 2"
else
	notok "record: unknown trace clock -> exit 2 (exit $rc)"; sed 's/^/    /' "$D/e.out"
fi
no_leftovers "record: after a usage error" "$D" tracemerge-record-$pid
if command -v setpriv > /dev/null; then
	setpriv --reuid=65534 --regid=65534 --clear-groups $TM record -o "$D/nr.txt" -t 1 > "$D/e.out" 2>&1; rc=$?
	if [ $rc = 1 ] && grep -q 'needs root' "$D/e.out"; then
		ok "record: not root -> exit 1: $(cat "$D/e.out")"
	else
		notok "record: not root -> exit 1 (exit $rc)"; sed 's/^/    /' "$D/e.out"
	fi
else
	skip "record: not-root message (setpriv not installed)"
fi
