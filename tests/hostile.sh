#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Hostile and unlucky inputs: shapes that once made the work or the memory
# grow faster than the input.  Resources are checked as counts and memory
# bounds (peak RSS of the plain build), never as times.
. "$(dirname "$0")/lib.sh"

# peak RSS (KB) of a command, its status kept: rss FILE CMD...
rss() {
	_f=$1; shift
	python3 -c '
import resource, subprocess, sys
rc = subprocess.call(sys.argv[2:], stdout=subprocess.DEVNULL)
open(sys.argv[1], "w").write("%d\n" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.exit(rc)' "$_f" "$@"
}
# memory is compared only on the plain build (sanitizers and valgrind add their own)
plain() { [ -z "$TM_WRAP" ] && case ${TM_BUILD:-build} in build|*/build) true ;; *) false ;; esac; }

# ---- a systrace HTML with 20000 JSON blocks ---------------------------------
# Each block is a clock domain of its own: domains were looked up by name one
# by one and routed with a scan of every link per domain (20000 blocks: 10 s),
# and each block's notes took a 1 MiB buffer (3.3 GB).
python3 - "$T/blocks.html" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("<!DOCTYPE html>\n<html>\n<head><title>Android System Trace</title></head>\n<body>\n"
            "<!-- BEGIN TRACE -->\n"
            '<script class="trace-data" type="application/text">\n# tracer: nop\n#\n'
            "          <idle>-0     (-----) [001] d..2  5127.116362: sched_switch: prev_comm=swapper/1 prev_pid=0 "
            "prev_prio=120 prev_state=R ==> next_comm=atrace next_pid=1803 next_prio=120\n</script>\n")
    for i in range(20000):
        f.write('<script class="trace-data" type="application/text">\n'
                '{"traceEvents":[{"name":"e%d","ph":"X","ts":%d,"dur":1,"pid":1,"tid":1}]}</script>\n' % (i, i))
    f.write("<!-- END TRACE -->\n</body>\n</html>\n")
PY
if rss "$T/rss" $TM merge -q --same-clock -o "$T/blocks.json" "$T/blocks.html" &&
   python3 -c '
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
n = sum(1 for e in ev if e.get("ph") == "X" and e.get("name", "").startswith("e"))
sys.exit(0 if n == 20000 else "%d of the 20000 events" % n)' "$T/blocks.json"; then
	if ! plain || [ "$(cat "$T/rss")" -lt 262144 ]; then
		ok "systrace HTML of 20000 JSON blocks merges, every event kept ($(cat "$T/rss") KB peak)"
	else
		notok "systrace HTML of 20000 JSON blocks: $(cat "$T/rss") KB peak (at most 256 MB)"
	fi
else
	notok "systrace HTML of 20000 JSON blocks does not merge"
fi
