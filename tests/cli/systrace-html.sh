#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Whole systrace HTML pages, and inputs that hold no trace.
#
# testdata/input/systrace_full.html is a whole page as systrace.py writes
# it, in small: a viewer whose JavaScript holds every container marker as
# text, then BEGIN TRACE and three trace-data blocks (testdata/input/README).
# Its counts were written with it: 11 header lines and 59 event lines (16
# sched_switch, 8 sched_wakeup, 8 cpu_frequency, 27 tracing_mark_write), a
# JSON block of 9 events.
#
# An input from which no kernel event and no Trace Event JSON can be taken
# is an error of every command (exit 1, tracemerge(1) EXIT STATUS), stats
# included: its report is printed all the same, and one stderr line says
# what was read instead.
. "$(dirname "$0")/../lib.sh"
F=testdata/input/systrace_full.html
cd "$top" || exit 1

# ---- a whole page -------------------------------------------------------------

$TM stats $F > "$T/st" 2> "$T/err"; rc=$?
if [ $rc = 0 ] && [ ! -s "$T/err" ] && grep -q '^format:  systrace-html-multi$' "$T/st" &&
	grep -q '^blocks:  ftrace=1 json=1 process-dump=1$' "$T/st" &&
	grep -q '^lines:   70 = 59 events + 0 continuation + 11 header + 0 noise + 0 blank + 0 graph + 0 rejected$' "$T/st" &&
	grep -q '^json:    9 events in 1 block(s)' "$T/st"; then
	ok "whole page: stats reads the trace-data blocks, not the viewer's code"
else
	notok "whole page: stats (exit $rc): $(head -c 300 "$T/err") $(sed -n 2,5p "$T/st")"
fi

# every event line of the ftrace block is in the output's kernel text: the
# 59 but its 3 clock-sync markers, which the link tracemerge writes replaces
$TM import -q -o "$T/o.json" $F 2> "$T/err"; rc=$?
n=$(python3 -c '
import json, re, sys
t = json.load(open(sys.argv[1]))["systemTraceEvents"]
print(len([l for l in t.split("\n") if "trace_event_clock_sync" not in l and
	   re.search(r"\] \S+ +[0-9.]+: (sched_switch|sched_wakeup|cpu_frequency|tracing_mark_write):", l)]))
' "$T/o.json" 2>/dev/null)
[ $rc = 0 ] && [ "$n" = 56 ] && ok "whole page: import keeps its 56 kernel events" ||
	notok "whole page: import (exit $rc, $n kernel events): $(head -c 300 "$T/err")"

$TM sync $F > "$T/sy" 2> "$T/err"; rc=$?
[ $rc = 0 ] && grep -q 'SYSTRACE: 1 markers used' "$T/sy" &&
	ok "whole page: sync links its JSON block to its kernel text" ||
	notok "whole page: sync (exit $rc): $(head -c 300 "$T/err")"

# ---- inputs that hold no trace ----------------------------------------------------

# a legacy string of noise: the container, its line, the lines and why
cat > "$T/noise.html" <<'EOF'
<!DOCTYPE html>
<html>
<body>
  <script>
  var linuxPerfData = "\
capturing trace... done\n\
some text\n";
  </script>
</body>
</html>
EOF
why="no kernel events and no Trace Event JSON in it: read as systrace-html-legacy: the linuxPerfData string (from line 6) holds text read as ftrace; 2 ftrace lines read: 2 noise (lines that are not ftrace events)"
$TM stats "$T/noise.html" > "$T/st" 2> "$T/err"; rc=$?
[ $rc = 1 ] && [ "$(cat "$T/err")" = "tracemerge stats: $T/noise.html: $why" ] &&
	grep -q '^format:  systrace-html-legacy$' "$T/st" &&
	ok "nothing read: stats exits 1, says what it read, and still reports it" ||
	notok "nothing read: stats (exit $rc): $(cat "$T/err")"
$TM stats --json "$T/noise.html" > "$T/st" 2> "$T/err"; rc=$?
[ $rc = 1 ] && python3 -c '
import json, sys
i = json.load(open(sys.argv[1]))["inputs"]
assert len(i) == 1 and i[0]["nothing_read"] == sys.argv[2], i
' "$T/st" "$why" && ok "nothing read: stats --json exits 1 and names it in nothing_read" ||
	notok "nothing read: stats --json (exit $rc): $(cat "$T/err")"
for cmd in import sync merge; do
	case $cmd in
	import) $TM import -o "$T/o2.json" "$T/noise.html" 2> "$T/err"; rc=$? ;;
	sync) $TM sync "$T/noise.html" > /dev/null 2> "$T/err"; rc=$? ;;
	merge) $TM merge -o "$T/o2.json" $F "$T/noise.html" 2> "$T/err"; rc=$? ;;
	esac
	[ $rc = 1 ] && grep -qxF "tracemerge $cmd: $T/noise.html: $why" "$T/err" && [ ! -e "$T/o2.json" ] &&
		ok "nothing read: $cmd exits 1 with the same message" ||
		notok "nothing read: $cmd (exit $rc): $(head -c 400 "$T/err")"
done

# a header and nothing else; a CGROUP DUMP alone
printf '# tracer: nop\n#\n' > "$T/hdr.txt"
$TM stats "$T/hdr.txt" > /dev/null 2> "$T/err"; rc=$?
[ $rc = 1 ] && grep -qxF "tracemerge stats: $T/hdr.txt: no kernel events and no Trace Event JSON in it: read as ftrace: the file's text (from line 1) holds text read as ftrace; 2 ftrace lines read: 2 header" "$T/err" &&
	ok "nothing read: an ftrace header alone" || notok "nothing read: header alone (exit $rc): $(cat "$T/err")"
$TM stats testdata/input/parts/cgroup.txt > /dev/null 2> "$T/err"; rc=$?
[ $rc = 1 ] && grep -qF "holds a CGROUP DUMP (kept, no events); 0 ftrace lines read" "$T/err" &&
	ok "nothing read: a CGROUP DUMP alone" || notok "nothing read: cgroup dump (exit $rc): $(cat "$T/err")"

# several inputs: each reported, the empty one fails the run
$TM stats --json $F "$T/hdr.txt" > "$T/st" 2> "$T/err"; rc=$?
[ $rc = 1 ] && [ "$(wc -l < "$T/err")" = 1 ] && python3 -c '
import json, sys
i = json.load(open(sys.argv[1]))["inputs"]
assert len(i) == 2 and "nothing_read" not in i[0] and "nothing_read" in i[1]
' "$T/st" && ok "nothing read: one of two inputs: both reported, exit 1" ||
	notok "nothing read: two inputs (exit $rc): $(cat "$T/err")"

# only a viewer's code: no container, and where the legacy name stood
cat > "$T/viewer.html" <<'EOF'
<!DOCTYPE html>
<html><head>
<script>
'use strict';function f(r){if(!r.advanceToLineMatching(/^  var linuxPerfData = "\\$/))
return 1;}
</script>
</head><body></body></html>
EOF
$TM stats "$T/viewer.html" > "$T/st" 2> "$T/err"; rc=$?
[ $rc = 1 ] && [ ! -s "$T/st" ] &&
	grep -qF "tracemerge stats: $T/viewer.html: HTML without trace data: 1 <script> element, none" "$T/err" &&
	grep -qF "the \"linuxPerfData\" of line 4 is script code, not the legacy string" "$T/err" &&
	ok "no container: a viewer's code alone is refused, and says why" ||
	notok "no container: viewer code (exit $rc): $(cat "$T/err")"
