#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Perfetto protobuf traces (parsers/perfetto.c): the kernel events of
# Perfetto's own diff-test inputs (testdata/perfetto, see SOURCES.txt) give
# the lines and values those tests expect:
#  - sched_switch / sched_blocked_reason with interned kernel symbols: the
#    lines of Perfetto's to_ftrace() (its .out file);
#  - print events: tracing_mark_write lines, the atrace slice Perfetto finds;
#  - compact_sched: sched_switch lines worked out by hand from the schema;
#  - the process tree: process and thread names and the thread's process;
#  - gzip, compressed_packets, stdin; bad input: a one-line error with the byte.
. "$(dirname "$0")/../lib.sh"
D=$top/testdata/perfetto

# the event lines of an import's systemTraceEvents
cat > "$T/lines.py" <<'PY'
import json, sys
for l in json.load(open(sys.argv[1]))["systemTraceEvents"].split("\n"):
    if l and not l.startswith("#"):
        print(l)
PY

# ours against to_ftrace(): to_ftrace truncates times to microseconds and
# writes an unknown comm "<unknown>" (the kernel's "<...>"); the order among
# equal times is not defined, so the lines are compared as sorted lists and
# ours must not go back in time.
cat > "$T/toftrace.py" <<'PY'
import re, sys
exp = [l.strip().strip('"') for l in open(sys.argv[1])][1:]
ours, last = [], -1
for l in open(sys.argv[2]):
    l = l.rstrip("\n")
    m = re.search(r' (\d+)\.(\d+): ', l)
    t = int(m.group(1)) * 10**9 + int(m.group(2).ljust(9, "0"))
    if t < last:
        sys.exit("back in time: %r" % l)
    last = t
    l = re.sub(r' (\d+)\.(\d{6})\d{3}: ', r' \1.\2: ', l)
    ours.append(l.replace("<...>", "<unknown>"))
if sorted(exp) != sorted(ours):
    for l in sorted(set(exp) ^ set(ours)):
        print(("expected: " if l in exp else "ours:     ") + l)
    sys.exit(1)
print("%d lines as to_ftrace() writes them" % len(ours))
PY

one_line_error() { # NAME FILE TEXT: exit 1, one line naming TEXT, no output
	$TM import -o "$T/bad.json" "$2" > "$T/e" 2>&1; rc=$?
	if [ $rc = 1 ] && [ "$(wc -l < "$T/e")" = 1 ] && grep -qF "$3" "$T/e" && [ ! -e "$T/bad.json" ]; then
		ok "perfetto: $1 -> exit 1, one line: $(cat "$T/e")"
	else
		notok "perfetto: $1 -> exit 1, one line with '$3' (exit $rc)"; sed 's/^/    /' "$T/e" | head -5
	fi
}

# ---- ftrace events: Perfetto's to_ftrace() lines ------------------------------
S=$D/sched_blocked_reason_symbolized
check "perfetto: stats says perfetto, 17 events, 0 rejected" \
	sh -c "$TM stats '$S.pb' > '$T/st' && grep -q '^format:  perfetto$' '$T/st' &&
	       grep -q '17 events + 0 continuation' '$T/st' && grep -q '+ 0 rejected' '$T/st'"
check "perfetto: sched_switch + sched_blocked_reason (interned symbols) as to_ftrace() writes them" \
	sh -c "$TM import -q -o '$T/s.json' '$S.pb' && python3 '$T/lines.py' '$T/s.json' > '$T/s.txt' &&
	       python3 '$T/toftrace.py' '$S''_to_systrace.out' '$T/s.txt'"
check "perfetto: gzip'ed, and on stdin: the same lines" \
	sh -c "$TM import -q -o '$T/g.json' '$S.pb.gz' && python3 '$T/lines.py' '$T/g.json' > '$T/g.txt' &&
	       $TM import -q -o '$T/i.json' - < '$S.pb' && python3 '$T/lines.py' '$T/i.json' > '$T/i.txt' &&
	       cmp -s '$T/s.txt' '$T/g.txt' && cmp -s '$T/s.txt' '$T/i.txt' &&
	       $TM stats '$S.pb.gz' | grep -q '^format:  perfetto (gzip-compressed)'"

# ---- print: markers, and the atrace slice Perfetto finds ----------------------
check "perfetto: print events are tracing_mark_write lines, trailing newline dropped" \
	sh -c "$TM import -q -o '$T/p.json' '$D/bad_print.pb' && python3 '$T/lines.py' '$T/p.json' > '$T/p.txt' &&
	       grep -q '^           <...>-2     (    2) \[002\] .... 74.662603048: tracing_mark_write: B|2|valid_print\$' '$T/p.txt' &&
	       grep -q ' 74.289018336: tracing_mark_write: event: abc xyz =0x34 clk id = 019\$' '$T/p.txt' &&
	       [ \$(wc -l < '$T/p.txt') = 4 ]"
check "perfetto: the slice Perfetto reads from bad_print: valid_print at 74662603048 ns, 2 ns long" \
	sh -c "$TM import -q --kernel-as=events -o '$T/pe.json' '$D/bad_print.pb' && python3 -c '
import json, sys
ev = [e for e in json.load(open(sys.argv[1]))[\"traceEvents\"] if e.get(\"cat\") == \"atrace\"]
b = [e for e in ev if e[\"ph\"] == \"B\"]; e = [e for e in ev if e[\"ph\"] == \"E\"]
sys.exit(not (len(b) == 1 and len(e) == 1 and b[0][\"name\"] == \"valid_print\" and
              round(b[0][\"ts\"] * 1000) == 74662603048 and round((e[0][\"ts\"] - b[0][\"ts\"]) * 1000) == 2))
' '$T/pe.json'"

# ---- an event without a text form: counted, not dropped silently --------------
check "perfetto: cgroup_attach_task (FtraceEvent field 67): 0 lines, warning perfetto-event-67 counted once" \
	sh -c "$TM stats '$D/cgroup_attach_task.pb' > '$T/c' &&
	       grep -q '0 events + 0 continuation' '$T/c' && grep -Eq '^  perfetto-event-67 +1 ' '$T/c'"

# ---- compact_sched ----------------------------------------------------------------
cat > "$T/compact.py" <<'PY'
import re, sys
exp = [l.split() for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
ours = []
for l in open(sys.argv[2]):
    m = re.search(r'-(\d+) +\(-----\) \[(\d+)\] \.\.\.\. (\d+)\.(\d{9}): sched_switch: prev_comm=(\S+) '
                  r'prev_pid=(\d+) prev_prio=120 prev_state=R ==> next_comm=(\S+) next_pid=(\d+) next_prio=120$', l)
    if not m or m.group(1) != m.group(6):
        sys.exit("not understood: %r" % l)
    ours.append([str(int(m.group(2))), str(int(m.group(3)) * 10**9 + int(m.group(4))),
                 m.group(6), m.group(5), m.group(8), m.group(7)])
if ours != exp:
    sys.exit("expected %s\nours     %s" % (exp, ours))
PY
check "perfetto: compact_sched: the switches worked out by hand, in time order" \
	sh -c "$TM import -q -o '$T/cs.json' '$D/compact_sched_crop.pb' && python3 '$T/lines.py' '$T/cs.json' > '$T/cs.txt' &&
	       python3 '$T/compact.py' '$D/compact_sched_crop.expected' '$T/cs.txt'"
check "perfetto: compact_sched: each CPU's first switch counted (perfetto-compact-first-switch 2)" \
	sh -c "$TM stats '$D/compact_sched_crop.pb' | grep -Eq '^  perfetto-compact-first-switch +2 '"
check "perfetto: compressed_packets (zlib): the same lines" \
	sh -c "$TM import -q -o '$T/cz.json' '$D/compact_sched_crop_compressed.pb' &&
	       python3 '$T/lines.py' '$T/cz.json' > '$T/cz.txt' && cmp -s '$T/cs.txt' '$T/cz.txt'"

# ---- process tree: names and processes; events of two CPUs in time order ------
check "perfetto: process tree: process 100 /usr/bin/app, its threads AppMainThread (100) and Worker (101)" \
	sh -c "$TM import -q -o '$T/pt.json' '$D/proc_ftrace.pb' && python3 -c '
import json, sys
m = {(e[\"name\"], e[\"pid\"], e[\"tid\"]): e[\"args\"][\"name\"]
     for e in json.load(open(sys.argv[1]))[\"traceEvents\"] if e.get(\"ph\") == \"M\"}
sys.exit(not (m.get((\"process_name\", 100, 100)) == \"/usr/bin/app\" and
              m.get((\"thread_name\", 100, 100)) == \"AppMainThread\" and
              m.get((\"thread_name\", 100, 101)) == \"Worker\" and
              m.get((\"process_name\", 102, 102)) == \"Helper\"))' '$T/pt.json'"
cat > "$T/pt.expected" <<'E'
          Worker-101   (  100) [000] .... 5.000000: tracing_mark_write: B|100|work
   AppMainThread-100   (  100) [000] .... 5.000001500: task_newtask: pid=102 comm=Helper clone_flags=0 oom_score_adj=0
          Worker-101   (  100) [001] .... 5.000002: tracing_mark_write: E|100
          Helper-102   (  102) [000] .... 5.000003: cpu_frequency: state=1800000 cpu_id=0
          <idle>-0     (-----) [000] .... 5.000004: my_event: a=-3 s=x y
E
check "perfetto: two CPUs merged in time order; TGID column; task_newtask, cpu_frequency, generic" \
	sh -c "python3 '$T/lines.py' '$T/pt.json' > '$T/pt.txt' && cmp '$T/pt.expected' '$T/pt.txt'"

# ---- bad input ----------------------------------------------------------------------
one_line_error "a packet's length past the end of the file" "$D/bad_truncated.pb" "bad_truncated.pb: byte 4: a length past the end"
one_line_error "a field's length past the end of its packet" "$D/bad_past_end.pb" "bad_past_end.pb: byte 6: a length past the end"
one_line_error "a varint of 11 bytes" "$D/bad_varint11.pb" "bad_varint11.pb: byte 17: varint longer than 10 bytes"
one_line_error "compressed_packets whose zlib stream ends early" "$D/bad_zlib_truncated.pb" "bad_zlib_truncated.pb: byte 63: truncated zlib stream"
head -c 300 "$S.pb" > "$T/cut.pb"
one_line_error "a file cut in a packet" "$T/cut.pb" "cut.pb: byte "

# ---- a marker's embedded newline: "\n", as the canonical text writes it ----------
# packet { ftrace_events { cpu: 0 event { timestamp: 1000 pid: 7
#          print { buf: "B|7|a\nb\n" } } } }, encoded by hand
python3 -c '
import sys
ev = b"\x08\xe8\x07" + b"\x10\x07" + b"\x1a\x0a" + b"\x12\x08" + b"B|7|a\nb\n"
bundle = b"\x08\x00" + b"\x12" + bytes([len(ev)]) + ev
pkt = b"\x0a" + bytes([len(bundle)]) + bundle
open(sys.argv[1], "wb").write(b"\x0a" + bytes([len(pkt)]) + pkt)' "$T/nl.pb"
check "perfetto: a print's embedded newline written as backslash-n, its last one dropped: one line" \
	sh -c "$TM import -q -o '$T/nl.json' '$T/nl.pb' && python3 '$T/lines.py' '$T/nl.json' > '$T/nl.txt' &&
	       [ \$(wc -l < '$T/nl.txt') = 1 ] && grep -qF ' 0.000001: tracing_mark_write: B|7|a\\nb' '$T/nl.txt'"
