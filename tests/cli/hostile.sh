#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Hostile and unlucky inputs: shapes that once made the work or the memory
# grow faster than the input.  Resources are checked as counts and memory
# bounds (peak RSS of the plain build), never as times.
. "$(dirname "$0")/../lib.sh"

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

# ---- control characters from the input never reach the terminal raw --------
# An event name, a tracer name, JSON names and phases, a file name and a
# clock domain that carry ESC / BEL sequences are shown escaped (\x1b).
printf '# tracer: n\033[2Jop\n#\n          a-12    [000] .... 1.000000: sched_\033[2Jx: foo\n' > "$T/esc.txt"
printf '{"traceEvents":[{"name":"e\\u001b]0;title\\u0007","ph":"X","ts":1,"dur":1,"pid":1,"tid":1},' > "$T/esc.json"
printf '{"name":"p","ph":"\\u001b[2J","ts":2,"pid":1,"tid":1}],"metadata":{"clock-domain":"D\\u001b[2J"}}' >> "$T/esc.json"
escaped() { # NAME FILE: no ESC, BEL or other C0 but tab and line feed; WANT... present
	_n=$1 _f=$2; shift 2
	if LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$_f"; then
		notok "$_n: a raw control character is printed"; LC_ALL=C cat -v "$_f" | head -5 | sed 's/^/    /'
		return
	fi
	for _w in "$@"; do
		grep -qF -- "$_w" "$_f" || { notok "$_n: '$_w' not shown"; sed 's/^/    /' "$_f" | head -20; return; }
	done
	ok "$_n"
}
$TM stats "$T/esc.txt" "$T/esc.json" > "$T/st.out" 2>&1
escaped "stats: tracer, event, JSON names and phases escaped" "$T/st.out" \
	'tracer=n\x1b[2Jop' 'sched_\x1b[2Jx' 'e\x1b]0;title\x07'
cp "$T/esc.txt" "$T/k$(printf '\033')[2J.txt"
$TM sync "$T/k$(printf '\033')[2J.txt" "$T/esc.json" > "$T/sy.out" 2>&1
escaped "sync: a file name escaped in the error" "$T/sy.out" 'k\x1b[2J.txt'
$TM sync --offset "$T/esc.json=+0ms" "$T/k$(printf '\033')[2J.txt" "$T/esc.json" > "$T/sy.out" 2>&1
escaped "sync: file names and clock domains escaped in the report" "$T/sy.out" \
	'k\x1b[2J.txt' 'D\x1b[2J'

# ---- JSON output is valid UTF-8, whatever the names and strings -------------
# A file name that is not UTF-8 is written with U+FFFD in sync --json,
# stats --json and the merged trace's metadata; lone surrogate escapes
# (\ud800, \udfff) become \ufffd, a pair (an emoji) stays.
strict_utf8() { # FILE: valid UTF-8, strict JSON whose strings hold no lone surrogate
	python3 -c '
import json, sys
t = open(sys.argv[1], "rb").read().decode("utf-8")
def walk(v):
    if isinstance(v, str):
        v.encode("utf-8")
    elif isinstance(v, dict):
        for k, x in v.items():
            walk(k); walk(x)
    elif isinstance(v, list):
        for x in v:
            walk(x)
walk(json.loads(t))' "$1"
}
bad=$(printf '\377')
cp "$top/testdata/sync/kernel.txt" "$T/k$bad.txt"
cp "$top/testdata/sync/app.json" "$T/a$bad.json"
for c in "sync --json" "stats --json"; do
	if $TM $c "$T/k$bad.txt" "$T/a$bad.json" > "$T/u.json" 2> "$T/u.err" && strict_utf8 "$T/u.json" &&
	   grep -q "k\\\\ufffd.txt\|k$(printf '\357\277\275').txt" "$T/u.json"; then
		ok "$c of a file named with a byte that is not UTF-8: valid UTF-8, U+FFFD for it"
	else
		notok "$c of a file named with a byte that is not UTF-8"; head -c 300 "$T/u.err" "$T/u.json" | sed 's/^/    /'
	fi
done
if $TM merge -q -o "$T/u.json" "$T/k$bad.txt" "$T/a$bad.json" && strict_utf8 "$T/u.json"; then
	ok "merge of files named with a byte that is not UTF-8: the metadata is valid UTF-8"
else
	notok "merge of files named with a byte that is not UTF-8: invalid UTF-8 in the output"
fi
printf '{"traceEvents":[{"name":"a\\ud800b","ph":"X","ts":1,"dur":1,"pid":1,"tid":1},' > "$T/sur.json"
printf '{"name":"c\\udfff","ph":"X","ts":2,"dur":1,"pid":1,"tid":1},' >> "$T/sur.json"
printf '{"name":"d\\udc00\\ud800","ph":"X","ts":3,"dur":1,"pid":1,"tid":1},' >> "$T/sur.json"
printf '{"name":"ok\\ud83d\\ude00","ph":"X","ts":4,"dur":1,"pid":1,"tid":1}]}' >> "$T/sur.json"
if $TM import -o "$T/sur.out" "$T/sur.json" 2> "$T/sur.err" && strict_utf8 "$T/sur.out" &&
   grep -q 'warning: json-bad-string: 3 ' "$T/sur.err" &&
   python3 -c '
import json, sys
names = [e["name"] for e in json.load(open(sys.argv[1]))["traceEvents"] if e.get("ph") == "X"]
want = ["a\ufffdb", "c\ufffd", "d\ufffd\ufffd", "ok\U0001f600"]
sys.exit(0 if names == want else "names %r, want %r" % (names, want))' "$T/sur.out"; then
	ok "lone surrogate escapes are replaced by U+FFFD (and counted), a surrogate pair kept"
else
	notok "lone surrogate escapes pass into the output"; sed 's/^/    /' "$T/sur.err"
fi

# ---- the same input twice, an empty -o ---------------------------------------
# `merge k.txt k.txt` doubled every event; `merge - -` read stdin once and
# used it twice; `-o ''` was found at the rename after all the work.  Each
# is a usage error before any input is read (nothing written).
K=$top/testdata/sync/kernel.txt
usage_err() { # NAME WANT-LINE CMD...: exit 2, WANT-LINE first, no output made
	_n=$1 _w=$2; shift 2
	rm -f "$T/o.json"
	"$@" > "$T/u.out" 2>&1 < /dev/null; _rc=$?
	if [ $_rc = 2 ] && [ "$(head -n 1 "$T/u.out")" = "$_w" ] && [ ! -e "$T/o.json" ] &&
	   [ -z "$(ls "$T" | grep '\.tmp')" ]; then
		ok "$_n: exit 2: $_w"
	else
		notok "$_n (exit $_rc)"; sed 's/^/    /' "$T/u.out" | head -3
	fi
}
usage_err "merge of one file twice" \
	"tracemerge merge: $K and $K are the same file: each of its events would be there twice (--allow-same-input merges a file with itself)" \
	$TM merge -o "$T/o.json" "$K" "$K"
ln -s "$K" "$T/k-link.txt"
usage_err "sync of one file under two names (a symlink)" \
	"tracemerge sync: $K and $T/k-link.txt are the same file: each of its events would be there twice (--allow-same-input merges a file with itself)" \
	$TM sync "$K" "$T/k-link.txt"
usage_err "merge - -" "tracemerge merge: '-' (standard input) given twice: it can be read only once" \
	$TM merge -o "$T/o.json" - -
usage_err "merge - - with --allow-same-input" \
	"tracemerge merge: '-' (standard input) given twice: it can be read only once" \
	$TM merge --allow-same-input -o "$T/o.json" - -
for c in merge import; do
	usage_err "$c -o ''" "tracemerge $c: -o wants a file name ('-': standard output), not ''" \
		$TM $c -o '' "$K"
done
usage_err "record -o ''" "tracemerge record: -o wants a file name ('-': standard output), not ''" \
	$TM record -o '' -t 1
# (kernel.txt: 2 sched_switch lines)
if $TM merge -q --allow-same-input -o "$T/o.json" "$K" "$K" && python3 -c '
import json, sys
n = json.load(open(sys.argv[1]))["systemTraceEvents"].count(": sched_switch: ")
sys.exit(0 if n == 4 else "%d sched_switch lines, want 4" % n)' "$T/o.json"; then
	ok "merge --allow-same-input of one file twice: its events twice"
else
	notok "merge --allow-same-input of one file twice"
fi

# ---- decompression: binary data refused on its head, bombs refused ----------
# 3 gzip members of 64 MiB of zeros (200 KB): refused on the first KiB of
# its first member, not after inflating 192 MiB (a NUL byte, not a
# trace.dat, gzip or compressed atrace); a gzip whose text inflates past
# --max-decompressed is refused with how to raise the limit.
python3 -c '
import gzip, sys
z = gzip.compress(bytes(64 << 20), 9)
open(sys.argv[1], "wb").write(z * 3)
text = b"".join(b"          <idle>-0     [000] d..2  %d.000000: cpu_idle: state=1 cpu_id=0\n" % i
                for i in range(60000))
open(sys.argv[2], "wb").write(gzip.compress(b"# tracer: nop\n" + text, 9))' "$T/zeros.gz" "$T/text.gz"
$TM stats "$T/zeros.gz" > "$T/z.out" 2>&1; rc=$?
if [ $rc = 1 ] && grep -q "^tracemerge stats: $T/zeros.gz: byte [0-9]*: gzip data is binary (a NUL byte at byte 0 of it), not a trace: the rest was not inflated$" "$T/z.out"; then
	ok "gzip of binary zeros refused on its first bytes: $(cat "$T/z.out")"
else
	notok "gzip of binary zeros (exit $rc)"; sed 's/^/    /' "$T/z.out"
fi
rm -f "$T/o.json"
$TM import --max-decompressed 1M -o "$T/o.json" "$T/text.gz" > "$T/z.out" 2>&1; rc=$?
if [ $rc = 1 ] && [ ! -e "$T/o.json" ] &&
   grep -q "gzip data inflates past 1048576 bytes, the limit set (--max-decompressed)$" "$T/z.out" &&
   $TM import -q --max-decompressed 64M -o "$T/o.json" "$T/text.gz"; then
	ok "--max-decompressed 1M refuses 4 MB of text in gzip, 64M takes it"
else
	notok "--max-decompressed (exit $rc)"; sed 's/^/    /' "$T/z.out"
fi
usage_err "--max-decompressed 2X" \
	"tracemerge stats: --max-decompressed wants a size in bytes (e.g. 4G; units K, M, G, T), not '2X'" \
	$TM stats --max-decompressed 2X "$T/text.gz"

# ---- tables of names and tasks are capped (include/tracemerge/stats.h, src/base/budget.h) --------------------
# 1M distinct event names or tasks took 0.4 to 1.4 GB (stats, import,
# --kernel-as=events) and one 200 MB event name 600 MB.  Each table holds
# a set number of entries; the events past it are counted as others, with
# one warning, and import still writes every event.
python3 - "$T/names.txt" "$T/names.json" "$T/tasks.txt" "$T/cpus.txt" <<'PY'
import sys
with open(sys.argv[1], "w") as f:   # 65540 distinct kernel event names
    f.write("# tracer: nop\n#\n")
    for i in range(65540):
        f.write("           a-10    [000] .... 1.%06d: n%d: x\n" % (i, i))
with open(sys.argv[2], "w") as f:   # 65540 JSON names, pids, threads: 6 MB, read in two parts
    f.write('{"traceEvents":[\n')
    f.write(",\n".join('{"name":"e%d","ph":"i","s":"t","ts":%d,"pid":%d,"tid":%d,"args":{"pad":"%s"}}'
                       % (i, i, 100 + i, 100 + i, "p" * 20) for i in range(65540)))
    f.write("]}\n")
with open(sys.argv[3], "w") as f:   # 262150 tasks, one event each
    f.write("# tracer: nop\n#\n")
    for i in range(262150):
        f.write("           t-%d    [000] .... 1.%06d: ev: x\n" % (1000 + i, i % 1000000))
with open(sys.argv[4], "w") as f:   # 4100 CPU numbers; 16390 async slices open at once
    f.write("# tracer: nop\n#\n")
    for i in range(4100):
        f.write("           a-10    [%03d] .... 1.%06d: ev: x\n" % (i, i))
    for i in range(16390):
        f.write("           a-10    [000] .... 2.%06d: tracing_mark_write: S|10|s|%d\n" % (i, i))
    f.write("           a-10    [000] .... 3.000000: tracing_mark_write: F|10|s|0\n")
    f.write("           a-10    [000] .... 3.000001: tracing_mark_write: F|10|s|16389\n")
PY
$TM stats --json "$T/names.txt" > "$T/s.json" 2>&1
check "stats, 65540 kernel event names: 65536 in the table, the last 4 counted as others, one warning" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["inputs"][0]
n = r["events_by_name"]
w = [x for x in r["warnings"] if x["kind"] == "too-many-names"]
assert len(n) == 65536 and "n65535" in n and "n65536" not in n, len(n)
assert r["events_other_names"] == 4, r["events_other_names"]
assert len(w) == 1 and w[0]["count"] == 1 and w[0]["locations"] == [sys.argv[2] + ":65539"], w
assert w[0]["message"] == "more than 65536 distinct event names (the cap): the events of later names are counted as others", w' "$T/s.json" "$T/names.txt"
check "stats text, 65540 kernel event names: an others line" \
	sh -c "$TM stats '$T/names.txt' | grep -qx '           4  (others: past the cap of 65536)'"
for th in "" 1; do
	TM_THREADS=$th $TM stats --json "$T/names.json" > "$T/sj$th.json" 2>&1
done
check "stats, 65540 JSON names, pids and threads: 65536 of each (the same with one thread), the last 4 events others, one warning each" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["inputs"][0]
j = r["json"]
assert len(j["by_name"]) == 65536 and j["names"] == 65536 and "e65535" in j["by_name"] and "e65536" not in j["by_name"]
assert (j["events_other_names"], j["events_other_pids"], j["events_other_threads"]) == (4, 4, 4), j
assert (j["pids"], j["threads"], j["events"]) == (65536, 65536, 65540), j
w = {x["kind"]: x for x in r["warnings"]}
assert w["too-many-names"]["count"] == 1 and w["too-many-threads"]["count"] == 1, w
assert w["too-many-names"]["message"].startswith("more than 65536 distinct JSON event names (the cap)")
assert open(sys.argv[1]).read() == open(sys.argv[2]).read(), "not the report of one thread"' "$T/sj.json" "$T/sj1.json"
$TM stats --json "$T/tasks.txt" > "$T/st.json" 2>&1
check "stats, 262150 tasks: 262144 in the table (65536 listed), 6 events of others, one warning" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["inputs"][0]
assert r["tasks_total"] == 262144 and len(r["tasks"]) == 65536, (r["tasks_total"], len(r["tasks"]))
assert r["tasks"][0]["pid"] == 1000 and r["tasks"][-1]["pid"] == 1000 + 65535
assert r["events_other_tasks"] == 6, r["events_other_tasks"]
w = [x for x in r["warnings"] if x["kind"] == "too-many-tasks"]
assert len(w) == 1 and w[0]["count"] == 1 and w[0]["locations"] == [sys.argv[2] + ":262147"], w
assert w[0]["message"].startswith("more than 262144 tasks (the cap): "), w' "$T/st.json" "$T/tasks.txt"
$TM stats --json "$T/cpus.txt" > "$T/sc.json" 2>&1
check "stats, 4100 CPU numbers and 16390 async slices open: 4096 and 16384 in the tables, the rest others, one warning each" python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["inputs"][0]
a = r["atrace"]
assert len(r["cpus"]) == 4096 and r["events_other_cpus"] == 4, (len(r["cpus"]), r["events_other_cpus"])
assert (a["async_opened"], a["async_closed"], a["async_end_unmatched"], a["async_unterminated"], a["events_other_async"]) == (16390, 1, 0, 16383, 7), a
w = {x["kind"]: x for x in r["warnings"]}
assert w["too-many-cpus"]["count"] == 1 and w["too-many-async"]["count"] == 1, w
assert w["too-many-cpus"]["message"] == "more than 4096 CPU numbers (the cap): the events of later CPU numbers are counted as others", w' "$T/sc.json"
if $TM import -o "$T/tasks.out.json" "$T/tasks.txt" > "$T/imp.err" 2>&1; then
	check "import, 262150 tasks: every event written, the cap warned about" python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
n = j["systemTraceEvents"].count(": ev: x\n")
assert n == 262150, n
assert "more than 262144 tasks (the cap)" in open(sys.argv[2]).read()' "$T/tasks.out.json" "$T/imp.err"
else
	notok "import, 262150 tasks"; sed 's/^/    /' "$T/imp.err"
fi

# one event whose name is 64 MiB: stats keeps its first 256 bytes and "…"
# (it took 3 times the name), import writes it whole
python3 -c '
import sys
with open(sys.argv[1], "w") as f:
    f.write("{\"traceEvents\":[{\"name\":\"" + "n" * (64 << 20) + "\",\"ph\":\"i\",\"s\":\"g\",\"ts\":1,\"pid\":1,\"tid\":1}]}\n")' "$T/long.json"
if $TM stats --json "$T/long.json" > "$T/sl.json" 2>&1 && rss "$T/rss" $TM stats "$T/long.json" &&
   $TM import -q -o "$T/long.out.json" "$T/long.json"; then
	check "a 64 MiB event name: stats counts it under its first 256 bytes and an ellipsis, import writes it whole" python3 -c '
import json, sys
n = json.load(open(sys.argv[1]))["inputs"][0]["json"]["by_name"]
assert n == {"n" * 256 + "\u2026": 1}, list(n)[:1]
e = [e for e in json.load(open(sys.argv[2]))["traceEvents"] if e.get("ph") == "i"]
assert len(e) == 1 and e[0]["name"] == "n" * (64 << 20)' "$T/sl.json" "$T/long.out.json"
	# the input is mapped (64 MiB of it counts in the RSS)
	if ! plain || [ "$(cat "$T/rss")" -lt 114688 ]; then
		ok "stats, a 64 MiB event name: $(cat "$T/rss") KB peak (at most 112 MB)"
	else
		notok "stats, a 64 MiB event name: $(cat "$T/rss") KB peak (at most 112 MB)"
	fi
else
	notok "stats, a 64 MiB event name"; sed 's/^/    /' "$T/sl.json" | head -5
fi
rm -f "$T/long.json" "$T/long.out.json" "$T/tasks.out.json"

# memory on a realistic size: 1M tasks (44 MB of text) and 1M JSON names
# (61 MB); the inputs are mapped, so each bound is the input's size and
# the budget of doc/performance.md
python3 - "$T/m.txt" "$T/m.json" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("# tracer: nop\n#\n")
    f.writelines("           t-%d    [000] .... %d.%06d: ev: x\n" % (1000 + i, 1 + i // 1000000, i % 1000000)
                 for i in range(1000000))
with open(sys.argv[2], "w") as f:
    f.write('{"traceEvents":[\n')
    f.write(",\n".join('{"name":"e%d","ph":"i","s":"t","ts":%d,"pid":1,"tid":1}' % (i, i)
                       for i in range(1000000)))
    f.write("]}\n")
PY
mem_bound() { # NAME INPUT BUDGET_MB CMD...: peak RSS under INPUT's size + BUDGET_MB
	_n=$1 _in=$2 _b=$3; shift 3
	_max=$(( $(wc -c < "$_in") / 1024 + _b * 1024 ))
	if ! rss "$T/rss" "$@" > "$T/mem.out" 2>&1; then
		notok "$_n: failed"; sed 's/^/    /' "$T/mem.out" | head -5
	elif ! plain || [ "$(cat "$T/rss")" -lt "$_max" ]; then
		ok "$_n: $(cat "$T/rss") KB peak (at most $_max)"
	else
		notok "$_n: $(cat "$T/rss") KB peak (at most $_max: the input and $_b MB)"
	fi
}
mem_bound "stats, 1M tasks" "$T/m.txt" 128 $TM stats "$T/m.txt"
mem_bound "stats --json, 1M tasks" "$T/m.txt" 256 $TM stats --json "$T/m.txt"
mem_bound "import, 1M tasks" "$T/m.txt" 128 $TM import -q -o "$T/m.out.json" "$T/m.txt"
mem_bound "import --kernel-as=events, 1M tasks" "$T/m.txt" 512 \
	$TM import -q --kernel-as=events -o "$T/m.out.json" "$T/m.txt"
mem_bound "stats, 1M JSON event names" "$T/m.json" 128 $TM stats "$T/m.json"
rm -f "$T/m.txt" "$T/m.json" "$T/m.out.json"
