#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Kernel traces in the layouts the field writes (bench/gen.c makes the same
# events in each): the kernel's default `trace` (no TGID column, 5 flags,
# comms with blanks and slashes), Android's dump with "(-----)" TGIDs learned
# from atrace payloads, `trace-cmd report` text (the sched and print
# plugins' forms), systrace.py's HTML page, and the bench's own layout.  Each is read with every line
# an event, imports and merges as the reference path does, and links to the
# app trace through its markers.
. "$(dirname "$0")/../lib.sh"
case ${TM_BUILD:-build} in
/*) GEN=${TM_BUILD}/bench/gen ;;
*) GEN=$top/${TM_BUILD:-build}/bench/gen ;;
esac
if [ ! -x "$GEN" ]; then
	notok "shapes: $GEN not built (make tests)"
	exit 0
fi

# trace-cmd report's print plugin writes "print: IP: TEXT": read as the
# trace_marker write it is (testdata/tracedat/small.report: 3 B, 3 E, 1 C
# and 1 clock-sync marker among its print lines, counted by hand)
R=$top/testdata/tracedat/small.report
if $TM stats "$R" > "$T/st" 2>&1 && grep -q '^atrace:  payloads B=3 E=3 C=1 clock_sync=1$' "$T/st" &&
   grep -q '^  name        dat-1 ' "$T/st" &&
   $TM import -q -o "$T/r.json" "$R" && python3 -c '
import json, sys
text = json.load(open(sys.argv[1]))["systemTraceEvents"]
marks = [l.split("tracing_mark_write: ", 1)[1] for l in text.splitlines() if "tracing_mark_write: " in l]
want = ["B|21940|slice 1", "E|21940", "B|21940|slice 2", "E|21940", "B|21940|slice 3", "E|21940",
        "trace_event_clock_sync: name=dat-1 source=test", "C|21940|counter|42"]
sys.exit(0 if marks == want and "print:" not in text else "markers %r" % marks)' "$T/r.json"; then
	ok "trace-cmd report's print lines are trace_marker writes: slices, counter and marker read"
else
	notok "trace-cmd report's print lines are not read as trace_marker writes"; sed 's/^/    /' "$T/st" | tail -8
fi

# as_reference SHAPE FILE: FILE imports as the reference path does, links
# to $T/app.json by its markers, and merges with it as the reference path.
as_reference() {
	if $TM import -q -o "$T/a.json" "$2" && TM_REFERENCE=1 $TM import -q -o "$T/b.json" "$2" &&
	   cmp -s "$T/a.json" "$T/b.json"; then
		ok "shape $1: import is byte-identical to the reference path"
	else
		notok "shape $1: import differs from the reference path"
	fi
	if $TM sync "$2" "$T/app.json" > "$T/sy" 2>&1 && grep -q ' markers used, 0 rejected' "$T/sy" &&
	   $TM merge -q -o "$T/a.json" "$2" "$T/app.json" &&
	   TM_REFERENCE=1 $TM merge -q -o "$T/b.json" "$2" "$T/app.json" && cmp -s "$T/a.json" "$T/b.json"; then
		ok "shape $1: linked to the app trace by its markers; merge as the reference path"
	else
		notok "shape $1: merge with the app trace"; sed 's/^/    /' "$T/sy" | head -5
	fi
}

"$GEN" json 2 "$T/app.json"
for shape in ftrace ftrace-kernel ftrace-android report systrace; do
	k=$T/$shape.txt
	"$GEN" $shape 2 "$k"
	# events: every line that is not a header line, counted here (in
	# systrace's page: the lines with a CPU column)
	if [ $shape = systrace ]; then
		n=$(grep -c ') \[[0-9][0-9][0-9]\] ' "$k")
	else
		n=$(grep -cv -e '^#' -e '^cpus=' "$k")
	fi
	if $TM stats "$k" > "$T/st" 2>&1 &&
	   grep -q "^lines: .* = $n events + 0 continuation .* + 0 rejected$" "$T/st"; then
		ok "shape $shape: all $n event lines read, none rejected"
	else
		notok "shape $shape: not every line read ($n event lines)"; grep '^lines' "$T/st" | sed 's/^/    /'
	fi
	as_reference $shape "$k"
done

# The bench's Perfetto protobuf (gen perfetto): Android's capture shape,
# compact_sched, print with atrace payloads, per-CPU bundles interleaved.
# Perfetto's trace_processor, an independent reader, gives the counts:
# sched slices (compact switches after each CPU's first), atrace slices
# (B payloads) and every typed event by name (print is tracing_mark_write).
P=$T/perfetto.pb
"$GEN" perfetto 2 "$P"
find_vc
as_reference perfetto "$P"
if [ -z "$VC" ]; then
	skip "shape perfetto: counts against trace_processor ($VIEW_WHY)"
elif $TM import -q -o "$T/p.json" "$P" &&
     "$VC/tp-query" "$P" "select count(*) from sched" "select count(*) from slice" \
	"select name, count(*) from ftrace_event group by name order by name" > "$T/tp" 2>&1 &&
     python3 -c '
import collections, json, sys
tp = json.load(open(sys.argv[1]))
sched, slices = (int(q["rows"][1][0]) for q in tp["queries"][:2])
tpn = {r[0]: int(r[1]) for r in tp["queries"][2]["rows"][1:]}
text = json.load(open(sys.argv[2]))["systemTraceEvents"].splitlines()
ours = collections.Counter(l.split(": ", 2)[1] for l in text if not l.startswith("#") and ": " in l)
b = sum(1 for l in text if "tracing_mark_write: B|" in l)
tpn["tracing_mark_write"] = tpn.pop("print", 0)
bad = []
if ours["sched_switch"] != sched or sched < 1000: bad.append("sched %d/%d" % (ours["sched_switch"], sched))
if b != slices or slices < 100: bad.append("slices %d/%d" % (b, slices))
if dict(ours) != tpn: bad.append("events %r / %r" % (dict(ours), tpn))
sys.exit("; ".join(bad) if bad else 0)' "$T/tp" "$T/p.json"; then
	ok "shape perfetto: sched switches, slices and events by name as trace_processor reads them"
else
	notok "shape perfetto: counts differ from trace_processor's"; sed 's/^/    /' "$T/tp" | head -5
fi

# bench/perfetto-passes (make bench: the reader's two passes timed alone)
# reads the whole trace: the lines of its text are the import's events
PASSES=$(dirname "$GEN")/perfetto-passes
if [ ! -x "$PASSES" ]; then
	notok "shape perfetto: $PASSES not built (make tests)"
elif "$PASSES" "$P" 1 > "$T/pp" && $TM import -q -o "$T/p.json" "$P" &&
     n=$(python3 -c '
import json, sys
text = json.load(open(sys.argv[1]))["systemTraceEvents"].splitlines()
print(sum(1 for l in text if not l.startswith("#")))' "$T/p.json") &&
     grep -q "^pass1 [0-9.]* pass2 [0-9.]* text [0-9]* events $n\$" "$T/pp" && [ "$n" -gt 1000 ]; then
	ok "shape perfetto: perfetto-passes writes the text's $n events"
else
	notok "shape perfetto: perfetto-passes"; sed 's/^/    /' "$T/pp"
fi
