#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Membership and names: every process and thread that a kernel trace's
# PROCESS DUMP lists (a systrace page's `ps` tables, a Perfetto trace's
# process tree) is in the output, in the process the trace puts it in,
# with its name; the process_argv event of systrace's own JSON block (the
# host's systrace.py pid) is not put among the device's pids.
# Expected values are worked out by hand from the fixtures:
#  - testdata/procdump/systrace_dump.html (a page as systrace.py writes
#    it: its JSON block, the PROCESS DUMP with the two `ps` snapshots of
#    trace start and stop, the ftrace text);
#  - testdata/perfetto/proc_nameless.pb (processes without a cmdline);
#  - testdata/perfetto/proc_only.pb (a process tree and nothing else);
#  - testdata/perfetto/proc_newtask.pb (tasks made by task_newtask);
#  - testdata/sync/app_argv.json (testdata/sync/app.json with a
#    process_argv event of pid 4243, a thread of the kernel's process 4242).
# The viewers' own view (Perfetto's trace_processor, raw file against the
# import) is tests/viewers/fidelity.sh's; here Perfetto is asked once, when
# the viewers are set up, for the names they show.
. "$(dirname "$0")/../lib.sh"
command -v python3 >/dev/null || { skip "members (python3 missing)"; exit 0; }
D=$top/testdata/procdump/systrace_dump.html
P=$top/testdata/perfetto/proc_nameless.pb

# names OUT: the process_name and thread_name events of OUT, sorted, one
# "what pid tid name" a line
names() {
	python3 -c '
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
for s in sorted("%s %d %d %s" % (e["name"], e["pid"], e["tid"], e["args"]["name"]) for e in ev
                if e.get("ph") == "M" and e["name"] in ("process_name", "thread_name")):
    print(s)' "$1"
}
# names_are OUT WANT: the names of OUT are WANT's lines
names_are() { names "$1" | diff "$2" -; }

# ---- a systrace page's PROCESS DUMP ----------------------------------------------------
# By hand from the dump: the processes of the long tables (NAME column),
# every thread row of the short tables (CMD column) in its PID column's
# process, each once (the second snapshot repeats the first and adds
# 2057); the threads of the ftrace text keep their comm (1401 "Signal
# Catcher" as both give it); atrace-3001 only in the text names its own
# process.  689 (a parent only) gets nothing.
cat > "$T/dump.want" <<'EOF'
process_name 1 1 init
process_name 1394 1394 system_server
process_name 2 2 [kthreadd]
process_name 2000 2000 com.example.app
process_name 3001 3001 atrace
process_name 600 600 /system/bin/surfaceflinger
thread_name 1 1 init
thread_name 1394 1394 system_server
thread_name 1394 1401 Signal Catcher
thread_name 1394 1402 Binder:1394_1
thread_name 2 2 kthreadd
thread_name 2000 2000 example.app
thread_name 2000 2055 RenderThread
thread_name 2000 2056 hwuiTask1
thread_name 2000 2057 Jit thread pool
thread_name 3001 3001 atrace
thread_name 600 600 surfaceflinger
thread_name 600 610 DispSync
EOF
$TM import -q -o "$T/dump.json" "$D"
check "members: import of a systrace page names every process and thread of its PROCESS DUMP, once, in its process" \
	names_are "$T/dump.json" "$T/dump.want"
$TM merge -q -o "$T/dumpm.json" "$D"
check "members: merge of the same page writes the same names" \
	names_are "$T/dumpm.json" "$T/dump.want"

# ---- systrace's own JSON block: the host's pid ------------------------------------------
# The block's process_argv event has pid 2055 (systrace.py on the host),
# which is also the device's RenderThread of process 2000: it must not be
# an event of traceEvents (Perfetto would make a process 2055 of it and put
# thread 2055 there too); it is kept, as read, in tracemergeProcessArgv,
# and counted.  The clock_sync event of the block is moved as before.
argv_aside() { # OUT PID ARGV0
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
pid = int(sys.argv[2])
bad = [e for e in d["traceEvents"] if e.get("pid") == pid and e.get("name") != "thread_name"]
a = d.get("tracemergeProcessArgv", [])
ok = (not bad and len(a) == 1 and a[0]["pid"] == pid and a[0]["args"]["argv"][0] == sys.argv[3] and
      d["metadata"]["tracemerge"]["counts"]["json_process_argv_moved"] == 1)
sys.exit(None if ok else "in traceEvents: %s; aside: %s" % (bad, a))' "$@"
}
check "members: the page's process_argv (host pid 2055) is not in traceEvents, kept in tracemergeProcessArgv" \
	argv_aside "$T/dump.json" 2055 ./systrace.py
check "members: merge of the page: the same" argv_aside "$T/dumpm.json" 2055 ./systrace.py
# an app trace's process_argv beside a kernel trace (merge, the events
# read back from the first pass's notes): the same
$TM merge -q -o "$T/argv.json" "$top/testdata/sync/kernel.txt" "$top/testdata/sync/app_argv.json"
check "members: merge of kernel.txt and app_argv.json: process_argv (pid 4243) kept out of traceEvents" \
	argv_aside "$T/argv.json" 4243 ./record.py
# the JSON alone (no kernel events: its pids are its own): left in place
$TM import -q -o "$T/argv1.json" "$top/testdata/sync/app_argv.json"
check "members: import of app_argv.json alone keeps its process_argv in traceEvents" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
n = [e for e in d["traceEvents"] if e.get("name") == "process_argv"]
sys.exit(None if len(n) == 1 and "tracemergeProcessArgv" not in d else "got %s" % n)' "$T/argv1.json"

# ---- a Perfetto process tree with processes without a cmdline -----------------------------
# By hand from proc_nameless.textproto: 100 is named by its cmdline;
# 101 and 201 by the tree's thread names; 200, 300 and 400 have no
# cmdline and 401 no name: each is kept in its process with an empty name
# (the viewers then show it unnamed, as Perfetto does), the main threads
# of 200, 300 and 400 too.
cat > "$T/tree.want" <<'EOF'
process_name 100 100 /usr/bin/app
thread_name 100 101 w101
thread_name 200 200 
thread_name 200 201 w201
thread_name 300 300 
thread_name 400 400 
thread_name 400 401 
EOF
$TM import -q -o "$T/tree.json" "$P"
check "members: a process tree's processes without a cmdline are kept, unnamed, with their threads" \
	names_are "$T/tree.json" "$T/tree.want"

# A trace of nothing but a process tree (proc_only.textproto, by hand):
# stats and import succeed, and the import names both processes' threads
cat > "$T/only.want" <<'EOF'
process_name 100 100 /usr/bin/app
thread_name 100 101 w101
thread_name 200 200 
thread_name 200 201 w201
EOF
check "members: stats of a trace that is a process tree alone succeeds" \
	$TM stats "$top/testdata/perfetto/proc_only.pb"
$TM import -q -o "$T/only.json" "$top/testdata/perfetto/proc_only.pb"
check "members: import of a process tree alone writes its processes and threads" \
	names_are "$T/only.json" "$T/only.want"

# ---- tasks a Perfetto trace makes with task_newtask ----------------------------------------
# By hand from proc_newtask.textproto: 501 (CLONE_THREAD in its clone flags
# 0x3d0f00) is a thread of its creator's process 500; 502 (0x1200011, no
# CLONE_THREAD) a process of its own: their lines' TGID column and names.
$TM import -q -o "$T/nt.json" "$top/testdata/perfetto/proc_newtask.pb"
check "members: task_newtask puts 501 (CLONE_THREAD) in its creator's process 500, 502 in its own" python3 -c '
import json, re, sys
d = json.load(open(sys.argv[1]))
col = sorted(set(re.findall(r"srv-(50[12]) +\( *(\d+)\)", d["systemTraceEvents"])))
names = sorted((e["pid"], e["tid"]) for e in d["traceEvents"] if e.get("name") == "thread_name")
ok = col == [("501", "500"), ("502", "502")] and (500, 501) in names and (502, 502) in names
sys.exit(None if ok else "columns %s, thread names %s" % (col, names))' "$T/nt.json"

# ---- what Perfetto shows ------------------------------------------------------------------
find_vc
if [ -z "$VC" ]; then
	skip "members viewers ($VIEW_WHY)"
	exit 0
fi
# THREADS FILE: "tid pid name" of every thread Perfetto builds from FILE,
# sorted; pid 0 and the processes known only as a parent (no name, their
# main thread's neither: a `ps` row's PPID) left out
threads() {
	"$VC/tp-query" "$1" "select t.tid, p.pid, t.name from thread t join process p using(upid)
		where p.pid > 0 and not (p.name is null and t.name is null and
		exists (select 1 from process c where c.parent_upid = p.upid))" |
	python3 -c '
import json, sys
rows = json.load(sys.stdin)["queries"][0]["rows"][1:]
for r in sorted(rows, key=lambda r: (int(r[0]), int(r[1]))):
    print(" ".join(r))'
}
# the raw page as Perfetto reads it (its dump, then its ftrace text), and
# the import: the same threads, processes and names
threads "$D" > "$T/raw.t"
threads "$T/dump.json" > "$T/imp.t"
check "members viewers: Perfetto shows the page's threads, their processes and names the same raw and imported" \
	diff "$T/raw.t" "$T/imp.t"
# by hand: the threads of the dump (and the text's atrace-3001), none twice
check "members viewers: Perfetto's threads of the import are the dump's" sh -c '
	printf "%s\n" "1 1 init" "2 2 kthreadd" "600 600 surfaceflinger" "610 600 DispSync" \
		"1394 1394 system_server" "1401 1394 Signal Catcher" "1402 1394 Binder:1394_1" \
		"2000 2000 example.app" "2055 2000 RenderThread" "2056 2000 hwuiTask1" \
		"2057 2000 Jit thread pool" "3001 3001 atrace" | diff - "$1"' _ "$T/imp.t"
threads "$T/tree.json" > "$T/tree.t"
check "members viewers: Perfetto's threads of the process tree's import, unnamed where the tree names none" sh -c '
	printf "%s\n" "100 100 [NULL]" "101 100 w101" "200 200 [NULL]" "201 200 w201" "300 300 [NULL]" \
		"400 400 [NULL]" "401 400 [NULL]" | diff - "$1"' _ "$T/tree.t"
