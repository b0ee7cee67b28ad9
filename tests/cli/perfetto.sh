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
#  - gzip, compressed_packets (zlib), zstd_compressed_packets, stdin; bad
#    input: a one-line error with the byte;
#  - clocks: ClockSnapshot and the ftrace clock link a JSON on CLOCK_MONOTONIC,
#    a legacy one, a Performance Timeline on CLOCK_REALTIME without options
#    or markers (times worked out by hand in testdata/perfetto/clock_*); its
#    markers still link as in a text trace; Perfetto and Catapult agree.
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
# writes an unknown comm "<unknown>" (the kernel's "<...>", right-aligned in
# the 16 columns of the comm as to_ftrace() does); the order among
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
    ours.append(re.sub(r'^ *<\.\.\.>-', "%16s-" % "<unknown>", l))
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

# ---- typed events: the diff tests' to_ftrace() lines ----------------------------
check "perfetto: cgroup_attach_task before Android S (cname): the line of its diff test" \
	sh -c "$TM import -q -o '$T/cg.json' '$D/cgroup_attach_task.pb' && python3 '$T/lines.py' '$T/cg.json' > '$T/cg.txt' &&
	       python3 '$T/toftrace.py' '$D/cgroup_attach_task_pre_s_print_systrace.out' '$T/cg.txt'"
check "perfetto: cgroup_attach_task since Android S (dst_level, dst_path): the line of its diff test" \
	sh -c "$TM import -q -o '$T/cg2.json' '$D/cgroup_attach_task_post.pb' && python3 '$T/lines.py' '$T/cg2.json' > '$T/cg2.txt' &&
	       python3 '$T/toftrace.py' '$D/cgroup_attach_task_post_s_print_systrace.out' '$T/cg2.txt'"
check "perfetto: kfree with values past INT64_MAX, unsigned: the 2 lines of print_systrace_unsigned" \
	sh -c "$TM import -q -o '$T/kf.json' '$D/print_systrace_unsigned.pb' && python3 '$T/lines.py' '$T/kf.json' > '$T/kf.txt' &&
	       grep -v kmalloc '$D/print_systrace_unsigned.out' > '$T/kf.out' && python3 '$T/toftrace.py' '$T/kf.out' '$T/kf.txt'"
# an event without a text form (kmalloc: to_ftrace() names its gfp_flags)
check "perfetto: kmalloc (FtraceEvent field 299): no line, warning perfetto-event-299 counted once" \
	sh -c "$TM stats '$D/print_systrace_unsigned.pb' > '$T/c' &&
	       grep -q '2 events + 0 continuation' '$T/c' && grep -Eq '^  perfetto-event-299 +1 ' '$T/c'"

# every event of the table (perfetto-events.c), one of each with every field
# set, against the lines of Perfetto's own to_ftrace() (events_to_ftrace.out:
# trace_processor of Debian's chromium 156); the differences are ours on
# purpose (see scripts/perfetto-events.py), and gpu_work_period is newer
# than that trace_processor.
cat > "$T/events.py" <<'PY'
import re, sys
# the TGID column is not the event's: Perfetto's follows its process tracking
tgid = lambda l: re.sub(r'\((-----| *\d+)\) \[', "(TGID) [", l, count=1)
ours = [tgid(re.sub(r'^ *<\.\.\.>-', "%16s-" % "<unknown>", l)) for l in open(sys.argv[2]).read().split("\n") if l]
# control bytes (in bytes fields) are written '?' here
ctl = lambda l: re.sub(r'[\x00-\x1f\x7f]', "?", l)
# the .out file's lines: its header, then each line in quotes
exp = [ctl(tgid(l[1:-1])) for l in open(sys.argv[1]).read().split("\n")[1:] if l]
fix = {
    "clock_enable:nam0": "clock_enable: nam0", "clock_disable:nam0": "clock_disable: nam0",
    "tracing_mark_write:B|": "tracing_mark_write: B|",
    "workqueue=172fd9-5": "workqueue=wor4 req_cpu=9 cpu=-5",
    # the kernel prints clone flags in hex (174 is 0xae)
    "clone_flags=174": "clone_flags=ae",
}
for i, l in enumerate(exp):
    for a, b in fix.items():
        if a in l:
            exp[i] = l.replace(a, b)
extra = [l for l in ours if l not in exp]
missing = [l for l in exp if l not in ours]
if missing or len(extra) != 1 or "gpu_work_period: gpu_id=100 uid=137" not in extra[0]:
    sys.exit("missing %s\nextra %s" % (missing[:5], extra[:5]))
print("%d lines as to_ftrace() writes them, %d of them on purpose otherwise" % (len(exp), 5))
PY
lcheck "perfetto: the 532 typed events of the table, as Perfetto's to_ftrace() writes them" \
	sh -c "$TM import -q -o '$T/ev.json' '$D/events.pb' && python3 '$T/lines.py' '$T/ev.json' > '$T/ev.txt' &&
	       python3 '$T/events.py' '$D/events_to_ftrace.out' '$T/ev.txt'"

# fields left out, and an interned kernel symbol: the lines to_ftrace()
# writes for each event alone in a trace (events_partial.textproto)
cat > "$T/partial.expected" <<'E'
           <...>-1     (-----) [000] .... 0.000001: irq_handler_exit: irq=3 ret=
           <...>-1     (-----) [000] .... 0.000002: softirq_exit: [action=]
           <...>-1     (-----) [000] .... 0.000003: binder_transaction: transaction=5 dest_node= dest_proc= dest_thread= reply= flags=0x code=0x
           <...>-1     (-----) [000] .... 0.000004: workqueue_execute_start: work struct 100: function 
           <...>-1     (-----) [000] .... 0.000005: workqueue_execute_start: work struct 100: function my_fn
           <...>-1     (-----) [000] .... 0.000006: i2c_write: i2c-1 # [01-02-ff]
           <...>-1     (-----) [000] .... 0.000007: mm_filemap_add_to_page_cache: dev 1:1 ino ff page=0000000000000000 pfn=1 ofs=12288
           <...>-1     (-----) [000] .... 0.000008: clock_set_rate: 
           <...>-1     (-----) [000] .... 0.000009: clk_set_rate:  5
E
check "perfetto: typed events with fields left out; workqueue function from interned kernel_symbols" \
	sh -c "$TM import -q -o '$T/ep.json' '$D/events_partial.pb' && python3 '$T/lines.py' '$T/ep.json' > '$T/ep.txt' &&
	       cmp '$T/partial.expected' '$T/ep.txt'"
# a compact sched_waking as to_ftrace() writes it: target_cpu not padded
check "perfetto: compact sched_waking: comm=rcu_sched pid=8 prio=120 target_cpu=0" \
	sh -c "$TM import -q -o '$T/cw.json' '$D/compact_waking.pb' && python3 '$T/lines.py' '$T/cw.json' > '$T/cw.txt' &&
	       grep -q '^          <idle>-0     (-----) \[000\] \.\.\.\. 0\.000002500: sched_waking: comm=rcu_sched pid=8 prio=120 target_cpu=0\$' '$T/cw.txt'"

# bundles that overlap on their CPU, equal times, compact sched's prev_* from
# the CPU's previous bundle, a symbol redefined: time order, file order
# among equal times, each symbol as defined when its bundle was written
# (merge_order.textproto; worked out by hand)
cat > "$T/order.expected" <<'E'
           <...>-7     (-----) [002] .... 0.000000050: sched_blocked_reason: pid=8 iowait=1 caller=fn_new
           <...>-7     (-----) [002] .... 0.000000100: sched_blocked_reason: pid=7 iowait=0 caller=fn_old
           <...>-5     (-----) [001] .... 0.000000500: tracing_mark_write: b0
           <...>-5     (-----) [000] .... 0.000001: tracing_mark_write: a1
               y-11    (-----) [000] .... 0.000002500: tracing_mark_write: c25
               y-11    (-----) [000] .... 0.000002800: sched_switch: prev_comm=y prev_pid=11 prev_prio=120 prev_state=S ==> next_comm=z next_pid=12 next_prio=120
           <...>-5     (-----) [000] .... 0.000003: tracing_mark_write: a3
               x-10    (-----) [000] .... 0.000003: sched_switch: prev_comm=x prev_pid=10 prev_prio=120 prev_state=R ==> next_comm=y next_pid=11 next_prio=120
           <...>-5     (-----) [001] .... 0.000003: tracing_mark_write: b3
               z-12    (-----) [000] .... 0.000004: tracing_mark_write: d4
               z-12    (-----) [000] .... 0.000004: sched_switch: prev_comm=z prev_pid=12 prev_prio=120 prev_state=R ==> next_comm=w next_pid=13 next_prio=120
E
check "perfetto: bundles back in time on a CPU, equal times, symbols redefined: in order" \
	sh -c "$TM import -q -o '$T/mo.json' '$D/merge_order.pb' && python3 '$T/lines.py' '$T/mo.json' > '$T/mo.txt' &&
	       cmp '$T/order.expected' '$T/mo.txt'"
check "perfetto: the bundles back in time counted (perfetto-bundles-out-of-order 2)" \
	sh -c "$TM stats '$D/merge_order.pb' | grep -Eq '^  perfetto-bundles-out-of-order +2 '"

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

check "perfetto: zstd_compressed_packets (one zstd frame): the same lines" \
	sh -c "$TM import -q -o '$T/zs.json' '$D/compact_sched_crop_zstd.pb' &&
	       python3 '$T/lines.py' '$T/zs.json' > '$T/zs.txt' && cmp -s '$T/cs.txt' '$T/zs.txt'"
check "perfetto: zstd_compressed_packets (two frames, cut inside a packet): the same lines" \
	sh -c "$TM import -q -o '$T/zs2.json' '$D/compact_sched_crop_zstd2.pb' &&
	       python3 '$T/lines.py' '$T/zs2.json' > '$T/zs2.txt' && cmp -s '$T/cs.txt' '$T/zs2.txt'"

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

# ---- stats: what the trace holds and what it says it lost -----------------------
# loss.textproto, counted by hand: 10 packets (2 ftrace_events, 1 process_tree,
# 2 ftrace_stats, 1 clock_snapshot, 4 track_event); ftrace events: CPU 0 print
# + cpu_idle, CPU 1 cpu_frequency + 2 compact switches + 1 compact waking;
# FtraceStats END - START: overrun (12-5) + (3-0) = 10, commit_overrun 1,
# dropped (4-1) = 3; 1 bundle with lost_events; sequence 2: packet 7 needs
# state never set up, packet 9 comes after a loss (dropped) and needs the
# state lost with it: 2 packets, 1 sequence; sequence 3's first packet's
# previous_packet_dropped is no loss.
cat > "$T/loss.py" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["inputs"][0]["source"]
want = {"packets": 10, "ftrace_bundles": 2, "ftrace_events": 6, "clock_snapshots": 1,
        "track_events": 4, "processes": 1, "threads": 2,
        "packets_by_kind": {"ftrace_events": 2, "process_tree": 1, "clock_snapshot": 1,
                            "track_event": 4, "ftrace_stats": 2},
        "ftrace_events_by_name": {"print": 1, "sched_switch": 2, "cpu_frequency": 1,
                                  "cpu_idle": 1, "sched_waking": 1},
        "ftrace_events_by_cpu": {"0": 2, "1": 4},
        "lost": {"ftrace_overrun": 10, "ftrace_commit_overrun": 1, "ftrace_dropped_events": 3,
                 "bundles_with_lost_events": 1, "previous_packet_dropped": 1,
                 "sequences_without_incremental_state": 1, "packets_without_incremental_state": 2}}
if s != want:
    sys.exit("got %s" % json.dumps(s))
PY
check "perfetto: stats --json source: packets by kind, events by name and CPU, the loss (hand-counted)" \
	sh -c "$TM stats --json '$D/loss.pb' > '$T/loss.json' && python3 '$T/loss.py' '$T/loss.json'"
check "perfetto: stats says the loss aloud: warnings ftrace-overrun 14, packets-dropped 1, incremental-state-lost 2" \
	sh -c "$TM stats '$D/loss.pb' > '$T/loss.txt' && grep -q '^source:' '$T/loss.txt' &&
	       grep -q 'ftrace_overrun=10 ftrace_commit_overrun=1 ftrace_dropped_events=3' '$T/loss.txt' &&
	       grep -Eq '^  perfetto-ftrace-overrun +14 ' '$T/loss.txt' &&
	       grep -Eq '^  perfetto-packets-dropped +1 ' '$T/loss.txt' &&
	       grep -Eq '^  perfetto-incremental-state-lost +2 ' '$T/loss.txt'"
check "perfetto: events without a text form are in the source's events by name (kmalloc 1, kfree 2)" \
	sh -c "$TM stats --json '$D/print_systrace_unsigned.pb' | python3 -c '
import json, sys
s = json.load(sys.stdin)[\"inputs\"][0][\"source\"]
sys.exit(s[\"ftrace_events_by_name\"] != {\"kfree\": 2, \"kmalloc\": 1} or s[\"processes\"] != 1)'"

# ---- bad input ----------------------------------------------------------------------
one_line_error "a packet's length past the end of the file" "$D/bad_truncated.pb" "bad_truncated.pb: byte 4: a length past the end"
one_line_error "a field's length past the end of its packet" "$D/bad_past_end.pb" "bad_past_end.pb: byte 6: a length past the end"
one_line_error "a varint of 11 bytes" "$D/bad_varint11.pb" "bad_varint11.pb: byte 17: varint longer than 10 bytes"
one_line_error "compressed_packets whose zlib stream ends early" "$D/bad_zlib_truncated.pb" "bad_zlib_truncated.pb: byte 63: truncated zlib stream"
one_line_error "zstd_compressed_packets whose zstd frame ends early" "$D/bad_zstd_truncated.pb" "bad_zstd_truncated.pb: byte 69: truncated zstd stream"
one_line_error "zstd_compressed_packets whose frame is corrupt" "$D/bad_zstd_corrupt.pb" "bad_zstd_corrupt.pb: byte 9: corrupt zstd stream ("
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

# ---- clocks: snapshots link the app traces without options or markers ---------
# clock_pair.pb: one ClockSnapshot, BOOTTIME 100 s = MONOTONIC 90 s =
# REALTIME 1700000000 s; atrace slices work (100.5 .. 100.6 s) and frame
# (101.250000500 .. 101.250100 s) on the default ftrace clock, BOOTTIME.
# Their twins: clock_app_mono.json (LINUX_CLOCK_MONOTONIC) and
# clock_app_legacy.json (no clock domain) at 90.5 s and 91.2500005 s;
# clock_app_realtime.json (Performance Timeline, timeOrigin 1700000000000
# ms) at startTime 500 and 1250.0005 ms.  On the output clock (the kernel's)
# each lands on its twin: work at 100500000 µs, frame at 101250000.5 µs.
P=$D/clock_pair.pb
check "perfetto clock: the header names the trace clock and the snapshot's readings" \
	sh -c "$TM import -q -o '$T/ck.json' '$P' && python3 -c '
import json, sys
h = [l for l in json.load(open(sys.argv[1]))[\"systemTraceEvents\"].split(\"\n\") if l.startswith(\"# tracemerge_\")]
sys.exit(h != [\"# tracemerge_trace_clock: CLOCK_BOOTTIME\",
               \"# tracemerge_clock_snapshot: byte=2 CLOCK_BOOTTIME=100.000000000 \"
               \"CLOCK_REALTIME=1700000000.000000000 CLOCK_MONOTONIC=90.000000000\"])' '$T/ck.json'"

# twins.py MERGED SYNC_JSON: every app slice starts (and ends) where its
# atrace twin in systemTraceEvents does, within the app stream's reported
# error, at the times worked out above; prints the error
cat > "$T/twins.py" <<'PY'
import json, re, sys
j = json.load(open(sys.argv[1]))
s = json.load(open(sys.argv[2]))
err = [st["error_ns"] for i in s["inputs"][1:] for st in i["streams"]][0]
kb = {}
stack = []
for l in j["systemTraceEvents"].split("\n"):
    m = re.search(r" (\d+)\.(\d+): tracing_mark_write: ([BE])\|100(?:\|(\w+))?$", l)
    if not m:
        continue
    t = int(m.group(1)) * 10**9 + int(m.group(2).ljust(9, "0"))
    if m.group(3) == "B":
        stack.append((m.group(4), t))
    else:
        name, t0 = stack.pop()
        kb[name] = (t0, t)
app = {}
for e in j["traceEvents"]:
    if e.get("name") in ("work", "frame"):
        ns = round(e["ts"] * 1000)
        if e["ph"] == "X":
            app[e["name"]] = (ns, ns + round(e["dur"] * 1000))
        elif e["ph"] == "b":
            app[e["name"]] = (ns, app.get(e["name"], (0, 0))[1])
        elif e["ph"] == "e":
            app[e["name"]] = (app.get(e["name"], (0, 0))[0], ns)
want = {"work": (100500000000, 100600000000), "frame": (101250000500, 101250100000)}
assert kb == want, kb
assert set(app) == set(want), app
for n in want:
    for a, k in zip(app[n], kb[n]):
        assert abs(a - k) <= err, (n, a, k, err)
    assert app[n] == want[n], (n, app[n])
print("error ±%d ns" % err)
PY
for a in mono legacy realtime; do
	lcheck "perfetto clock: merge with clock_app_$a.json, no options: each app slice on its twin" \
		sh -c "$TM merge -q -o '$T/m_$a.json' '$P' '$D/clock_app_$a.json' &&
		       $TM sync --json '$P' '$D/clock_app_$a.json' > '$T/s_$a.json' 2>/dev/null &&
		       python3 '$T/twins.py' '$T/m_$a.json' '$T/s_$a.json'"
done
# the same twins in JSON naming the other clocks as Chrome spells them
# (LINUX_CLOCK_*): BOOTTIME is the kernel text's own clock, REALTIME
# 1699999900 s ahead
for c in BOOTTIME:100500000:101250000.5 REALTIME:1700000000500000:1700000001250000.5; do
	n=${c%%:*}; w=${c#*:}; w=${w%%:*}; f=${c##*:}
	cat > "$T/app_$n.json" <<J
{"traceEvents":[
{"name":"work","cat":"app","ph":"X","ts":$w,"dur":100000,"pid":100,"tid":100},
{"name":"frame","cat":"app","ph":"X","ts":$f,"dur":99.5,"pid":100,"tid":100}],
"metadata":{"clock-domain":"LINUX_CLOCK_$n"}}
J
	lcheck "perfetto clock: merge with a JSON on LINUX_CLOCK_$n, no options: each app slice on its twin" \
		sh -c "$TM merge -q -o '$T/m_$n.json' '$P' '$T/app_$n.json' &&
		       $TM sync --json '$P' '$T/app_$n.json' > '$T/s_$n.json' &&
		       python3 '$T/twins.py' '$T/m_$n.json' '$T/s_$n.json'"
done
# a snapshot's readings are read one after another: the MONOTONIC reading
# is taken as +-10 µs (TM_SNAPSHOT_READ_NS), BOOTTIME's (the kernel
# text's clock, the one the others are linked to) as exact: error 10000 ns
check "perfetto clock: sync --json: the JSON on CLOCK_MONOTONIC reached by the snapshot, +10 s, error 10 µs" \
	python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
st = s["inputs"][1]["streams"][0]
lk = [l for l in s["links"] if {l["a"], l["b"]} == {"CLOCK_BOOTTIME", "CLOCK_MONOTONIC"}]
sys.exit(not (s["output_clock"]["domain"] == "CLOCK_BOOTTIME" and st["domain"] == "CLOCK_MONOTONIC" and
              st["how"] == "clock snapshots" and st["offset_ns"] == 10000000000 and
              st["error_ns"] == 10000 and st["path"] == ["CLOCK_MONOTONIC", "CLOCK_BOOTTIME"] and
              len(lk) == 1 and lk[0]["kind"] == "clock snapshots" and lk[0]["used"] == 1 and
              lk[0]["error_ns"] == 10000 and
              lk[0]["offset_ns"] == (-10000000000 if lk[0]["a"] == "CLOCK_BOOTTIME" else 10000000000)))' "$T/s_mono.json"
check "perfetto clock: sync names the link: clock snapshot links, 1 snapshots used, error ±10.0 µs" \
	sh -c "$TM sync '$P' '$D/clock_app_mono.json' > '$T/st.txt' &&
	       grep -q '^clock snapshot links:\$' '$T/st.txt' &&
	       grep -q '^  CLOCK_BOOTTIME <-> CLOCK_MONOTONIC: 1 snapshots used, 0 rejected; offset -10.000000000 s, no drift fitted, rms 0.0 µs, error ±10.0 µs' '$T/st.txt' &&
	       grep -q 'json   CLOCK_MONOTONIC .* offset +10.000000000 s .* error ±10.0 µs  (clock snapshots)' '$T/st.txt'"
check "perfetto clock: legacy JSON taken to be CLOCK_MONOTONIC, said once (sync-json-clock-assumed)" \
	sh -c "$TM merge -o '$T/ml.json' '$P' '$D/clock_app_legacy.json' 2> '$T/ml.err' &&
	       grep -q 'warning: sync-json-clock-assumed: 1 ' '$T/ml.err'"
check "perfetto clock: --clock=app moves the kernel text: its clock records dropped (kept when it stays)" \
	sh -c "$TM merge -q --clock=app -o '$T/ma.json' '$P' '$D/clock_app_mono.json' &&
	       ! grep -q 'tracemerge_clock_snapshot' '$T/ma.json' && ! grep -q 'tracemerge_trace_clock' '$T/ma.json' &&
	       grep -q 'tracemerge_clock_snapshot: byte=2' '$T/m_mono.json'"

# three snapshots whose MONOTONIC readings spread by 400 ns (0, +400, 0 ns
# against BOOTTIME - 10 s): fitted together, no drift, offset their mean
# (+133 ns), error the largest residual plus the reading's 10 µs, rounded
# up (266.7 + 10000 -> 10267 ns)
check "perfetto clock: three snapshots fitted: 3 used, offset -10 s + 133 ns, error 10267 ns" \
	sh -c "$TM sync --json '$D/clock_spread.pb' '$D/clock_app_mono.json' > '$T/sp.json' && python3 -c '
import json, sys
lk = json.load(open(sys.argv[1]))[\"links\"]
sys.exit(not (len(lk) == 1 and lk[0][\"kind\"] == \"clock snapshots\" and lk[0][\"used\"] == 3 and
              lk[0][\"rejected\"] == 0 and not lk[0][\"rate_fitted\"] and
              lk[0][\"offset_ns\"] == -9999999867 and lk[0][\"error_ns\"] == 10267))' '$T/sp.json'"

# ftrace on the global clock: no trace clock record, the bundles' pairs
# (global = BOOTTIME - 50.000001 s; one a second at most: 2 of 3) link the
# kernel text to BOOTTIME, the snapshot BOOTTIME to MONOTONIC: MONOTONIC =
# global + 40.000001 s; error 10 µs a link (the second reading of a pair
# or a snapshot), 20 µs through both
check "perfetto clock: ftrace clock global: bundle pairs then the snapshot, offset -40.000001 s, error 20 µs" \
	sh -c "$TM import -q -o '$T/gl.json' '$D/clock_global.pb' && python3 '$T/lines.py' '$T/gl.json' > /dev/null &&
	       python3 -c '
import json, sys
h = [l for l in json.load(open(sys.argv[1]))[\"systemTraceEvents\"].split(\"\n\") if l.startswith(\"# tracemerge_\")]
sys.exit(h != [\"# tracemerge_clock_snapshot: byte=2 CLOCK_BOOTTIME=100.000000000 CLOCK_MONOTONIC=90.000000000\",
               \"# tracemerge_clock_snapshot: byte=30 trace=50.000000000 CLOCK_BOOTTIME=100.000001000\",
               \"# tracemerge_clock_snapshot: byte=125 trace=52.000000000 CLOCK_BOOTTIME=102.000001000\"])' '$T/gl.json' &&
	       $TM sync --json '$D/clock_global.pb' '$D/clock_app_mono.json' > '$T/gs.json' && python3 -c '
import json, sys
st = json.load(open(sys.argv[1]))[\"inputs\"][1][\"streams\"][0]
sys.exit(not (st[\"offset_ns\"] == -40000001000 and st[\"error_ns\"] == 20000 and
              st[\"path\"][:2] == [\"CLOCK_MONOTONIC\", \"CLOCK_BOOTTIME\"] and len(st[\"path\"]) == 3))' '$T/gs.json'"

# two snapshots 75 µs apart whose readings disagree by 3 µs (MONOTONIC =
# BOOTTIME - 10 s, then - 10.000003 s): taken as exact, a drift of -40000
# ppm, contradictory.  Each MONOTONIC reading is +-10 µs: the drift the
# readings allow is 10 µs / 75 µs = 133333 ppm, so -40000 ppm is no drift
# (not above twice that); the offset is the mean, -10.0000015 s, with
# residuals of 1.5 µs: error 1500 + 10000 = 11500 ns.  The JSON on
# CLOCK_MONOTONIC is then +10.0000015 s: work (90.5 s) at 100.5000015 s.
check "perfetto clock: snapshots 75 µs apart, 3 µs off: linked, no drift, offset -10.0000015 s, error ±11.5 µs" \
	sh -c "$TM sync '$D/clock_close.pb' '$D/clock_app_mono.json' > '$T/cl.txt' 2> '$T/cl.err' &&
	       grep -q '^  CLOCK_BOOTTIME <-> CLOCK_MONOTONIC: 2 snapshots used, 0 rejected; offset -10.000001500 s, no drift fitted, rms 1.5 µs, error ±11.5 µs' '$T/cl.txt' &&
	       grep -q 'json   CLOCK_MONOTONIC .* offset +10.000001500 s  rate +0.000 ppm  error ±11.5 µs  (clock snapshots)' '$T/cl.txt' &&
	       ! grep -q 'sync-snapshot-unusable' '$T/cl.err'"
check "perfetto clock: snapshots 75 µs apart: merge puts the CLOCK_MONOTONIC JSON's work at 100.5000015 s" \
	sh -c "$TM merge -q -o '$T/clm.json' '$D/clock_close.pb' '$D/clock_app_mono.json' &&
	       grep -q '\"name\":\"work\",\"cat\":\"app\",\"ph\":\"X\",\"ts\":100500001.5,' '$T/clm.json'"

# two snapshots that no clock relation explains (MONOTONIC 90 s at BOOTTIME
# 100 s, 80 s at 110 s: a drift of -2000000 ppm): the link is refused with
# a warning, the trace alone still imports; a JSON that needs it is not
# linked (an error naming it)
python3 -c '
import sys
def v(n):
    b = b""
    while True:
        b += bytes([(n & 0x7f) | (0x80 if n > 0x7f else 0)])
        n >>= 7
        if not n:
            return b
def f(num, data):  # a length-delimited field
    return v(num << 3 | 2) + v(len(data)) + data
def clock(cid, ts):
    return f(1, v(1 << 3) + v(cid) + v(2 << 3) + v(ts))
snap = lambda b, m: f(6, clock(6, b) + clock(3, m))
ev = v(1 << 3) + v(100500000000) + v(2 << 3) + v(100) + f(3, f(2, b"B|100|work\n"))
pkts = [snap(100 * 10**9, 90 * 10**9), snap(110 * 10**9, 80 * 10**9), f(1, v(1 << 3) + v(0) + f(2, ev))]
open(sys.argv[1], "wb").write(b"".join(f(1, p) for p in pkts))' "$T/contra.pb"
check "perfetto clock: contradicting snapshots: warning sync-snapshot-unusable, import still works" \
	sh -c "$TM import -o '$T/ct.json' '$T/contra.pb' 2> '$T/ct.err' &&
	       grep -q 'warning: sync-snapshot-unusable: 1 (clock snapshots of CLOCK_BOOTTIME and CLOCK_MONOTONIC: .*drift of -2000000.0 ppm' '$T/ct.err'"
# (CLOCK_MONOTONIC, left unlinked, is no stream's clock: import assumes nothing of it)
check "perfetto clock: contradicting snapshots: import assumes nothing of a clock only a snapshot names" \
	sh -c "! grep -q 'sync-assumed-same-clock' '$T/ct.err'"
check "perfetto clock: contradicting snapshots: a JSON on CLOCK_MONOTONIC is not linked (exit 1)" \
	sh -c "! $TM merge -o '$T/ctm.json' '$T/contra.pb' '$D/clock_app_mono.json' 2> '$T/ctm.err' &&
	       tail -n 1 '$T/ctm.err' | grep -q 'cannot align .*clock_app_mono.json with the output clock' &&
	       [ ! -e '$T/ctm.json' ]"

# markers in the trace (trace_marker prints) link as in a text trace: m1 at
# 100 s, m2 at 102 s; the app's at 5100 s and 5102 s (no clock domain: the
# markers link it, so it is not taken to be on CLOCK_MONOTONIC)
check "perfetto clock: the trace's own markers link a JSON: -5000 s (markers), work on its twin" \
	sh -c "$TM sync --json '$D/clock_markers.pb' '$D/clock_app_markers.json' > '$T/mk.json' && python3 -c '
import json, sys
st = json.load(open(sys.argv[1]))[\"inputs\"][1][\"streams\"][0]
sys.exit(not (st[\"how\"] == \"markers\" and st[\"offset_ns\"] == -5000000000000 and st[\"error_ns\"] == 500))' '$T/mk.json' &&
	       $TM merge -q -o '$T/mk_m.json' '$D/clock_markers.pb' '$D/clock_app_markers.json' &&
	       grep -q '\"name\":\"work\",\"cat\":\"app\",\"ph\":\"X\",\"ts\":100500000,' '$T/mk_m.json'"

# A valid trace whose first packet is empty (0a 00, all its fields cleared)
# is a Perfetto trace, plain and gzipped: the same events as without it
printf '\n\0' > "$T/empty_first.pb"
cat "$D/clock_pair.pb" >> "$T/empty_first.pb"
gzip -c "$T/empty_first.pb" > "$T/empty_first.pb.gz"
$TM import -q -o "$T/cp.json" "$D/clock_pair.pb"
for f in empty_first.pb empty_first.pb.gz; do
	check "perfetto: $f (an empty first packet) imports with clock_pair.pb's events" sh -c \
		"$TM import -q -o '$T/ef.json' '$T/$f' && python3 '$T/lines.py' '$T/ef.json' | grep -v '^#' > '$T/ef.txt' &&
		 python3 '$T/lines.py' '$T/cp.json' | grep -v '^#' > '$T/cp.txt' && [ -s '$T/cp.txt' ] && cmp -s '$T/ef.txt' '$T/cp.txt'"
done

# ---- clocks through the viewers' eyes -----------------------------------------
find_vc
if [ -z "$VC" ]; then
	skip "perfetto clock: viewers ($VIEW_WHY)"
	exit 0
fi
for m in m_mono m_legacy; do
	for eng in catapult perfetto; do
		(node "$VIEW" --engine $eng --slices '^(work|frame)$' "$T/$m.json") > "$T/$m.$eng" 2>&1
		check "perfetto clock: $m.json in $eng: each app slice starts exactly with its atrace twin" python3 -c '
import json, sys
r = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
assert r["ok"] and not r["import_warnings"], r.get("error") or r["import_warnings"]
got = sorted((s["name"], s["start_ms"], s["dur_ms"]) for s in r["matched_slices"])
want = sorted([("work", 100500, 100)] * 2 + [("frame", 101250.0005, 0.0995)] * 2)
assert len(got) == 4 and all(g[0] == w[0] and abs(g[1] - w[1]) < 1e-9 and abs(g[2] - w[2]) < 1e-9
                             for g, w in zip(got, want)), got' "$T/$m.$eng"
	done
done
