# SPDX-License-Identifier: GPL-2.0-or-later
# lib.sh - helpers for the shell test suites (sourced).
# Each check prints "ok - NAME", "not ok - NAME" or "skip - NAME (why)".
# (sourced by the suites in tests/KIND/: the top of the tree is two up)
top=$(cd "$(dirname "$0")/../.." && pwd)
TM="${TM_WRAP:+$TM_WRAP }${TM_BIN:-$top/tracemerge}"
# Sample traces of other projects, in the tree (testdata/corpus/*/SOURCES.txt)
CORPUS="$top/testdata/corpus"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
ok() { echo "ok - $*"; }
notok() { echo "not ok - $*"; }
skip() { echo "skip - $*"; }
check() { # check NAME CMD...
	_n=$1; shift
	if "$@" >"$T/out" 2>&1; then ok "$_n"; else notok "$_n"; sed 's/^/    /' "$T/out" | head -20; fi
}
# lcheck NAME CMD...: as check, with the first line CMD printed in the result
lcheck() {
	_n=$1; shift
	if "$@" > "$T/out" 2>&1; then
		ok "$_n: $(head -n 1 "$T/out")"
	else
		notok "$_n: $(head -n 1 "$T/out")"; sed '1d' "$T/out" | head -n 10 | sed 's/^/    /'
	fi
}

# ftrace text of N kernel-layout lines (162 bytes each)
ftrace_text() {
	awk -v n="$1" 'BEGIN {
		print "# tracer: nop"
		for (i = 0; i < n; i++)
			printf "          <idle>-0     [000] d..2 %d.%06d: sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=foo next_pid=12 next_prio=120\n", 100 + int(i / 1000000), i % 1000000
	}'
}

# Trace Event JSON of N X events (about 112 bytes each) on the clock of
# ftrace_text's lines, and an instant at the end
json_events() {
	awk -v n="$1" 'BEGIN {
		print "{\"traceEvents\":["
		for (i = 0; i < n; i++)
			printf "{\"name\":\"work %d\",\"ph\":\"X\",\"ts\":%d,\"dur\":1,\"pid\":1,\"tid\":1,\"args\":{\"i\":%d}},\n", i, 100000000 + i, i
		printf "{\"name\":\"end\",\"ph\":\"i\",\"ts\":%d,\"pid\":1,\"tid\":1}]}\n", 100000000 + n
	}'
}

# The viewers: Catapult's importer and Perfetto's trace_processor, as the
# harness of tests/viewers/harness loads them (set up in build/viewers, or
# $TM_VIEWERS, by scripts/deps.sh check).  VIEW is its facts program
# (node "$VIEW" [--engine catapult|perfetto] FILE); "$VC/tp-query" answers SQL.
VIEW=$top/tests/viewers/harness/view.js
# find_vc sets VC to the viewers folder when it is ready, else empty with
# VIEW_WHY saying why (the callers skip with it).
find_vc() {
	VC=${TM_VIEWERS:-$top/build/viewers}
	VIEW_WHY=
	if ! command -v node >/dev/null || ! command -v python3 >/dev/null; then
		VIEW_WHY="node or python3 missing: run sh scripts/deps.sh check as root"
	elif [ -f "$VC/broken" ]; then
		VIEW_WHY="the viewers failed their own check: $(head -n 1 "$VC/broken")"
	elif [ ! -f "$VC/ready" ]; then
		VIEW_WHY="viewers not set up: run sh scripts/deps.sh check as root"
	fi
	if [ -n "$VIEW_WHY" ]; then VC=; else TM_VIEWERS=$VC; export TM_VIEWERS; fi
}

# Load JSON in ENGINE (find_vc first): fails on line-level rejects
# (Catapult's "Cannot parse line" / "Unrecognized line", Perfetto's parse
# failures); other content warnings are printed for information.
no_line_rejects() { # ENGINE JSON
	node "$VIEW" --engine "$1" "$2" > "$T/vc.json" 2>"$T/vc.err"
	python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
if not r["ok"]:
    sys.exit("import failed: %s" % r["error"])
bad = [w for w in r["import_warnings"]
       if "parse line" in w.get("message", "") or "Unrecognized line" in w.get("message", "")
       or "parse_failure" in json.dumps(w)]
other = [w.get("message", "")[:60] for w in r["import_warnings"] if w not in bad]
if other:
    print("  (%s: %d content warnings, e.g. %s)" % (sys.argv[2], len(other), other[0]))
if bad:
    sys.exit("line-level rejects: %s" % bad[:5])' "$T/vc.json" "$1"
}

# ---- more traces: TM_CORPUS ---------------------------------------------------------
# TM_CORPUS may name a directory of more traces, tested by the corpus suites
# besides testdata/corpus (every file under it, sub-directories included).

# List the files under $TM_CORPUS into FILE, one path a line (none when
# TM_CORPUS is unset); fails when TM_CORPUS is set but not a directory.
extra_traces() { # FILE
	: > "$1"
	[ -n "${TM_CORPUS:-}" ] || return 0
	[ -d "$TM_CORPUS" ] || return 1
	find "$TM_CORPUS" -type f | LC_ALL=C sort > "$1"
}

# List the kernel traces (trace_kind "kernel") under $TM_CORPUS into FILE.
extra_kernel_traces() { # FILE
	extra_traces "$T/extra.all" || : > "$T/extra.all"
	set -- "$1"
	while IFS= read -r _f; do set -- "$@" "$_f"; done < "$T/extra.all"
	if [ $# -gt 1 ]; then kernel_traces "$@"; else : > "$1"; fi
}

# NAME of a trace in tests' output: FILE's path under $TM_CORPUS, after
# "TM_CORPUS ", for the traces under $TM_CORPUS; its base name for others.
trace_name() { # FILE
	if [ -n "${TM_CORPUS:-}" ]; then
		case $1 in "${TM_CORPUS%/}"/*) echo "TM_CORPUS ${1#"${TM_CORPUS%/}"/}"; return ;; esac
	fi
	basename "$1"
}

# The `stats` formats of the kernel text traces (ftrace text, legacy
# systrace HTML, compressed atrace; gzipped or not), as a Python tuple.
KERNEL_FORMATS='("ftrace", "systrace-html-legacy", "atrace-zlib")'

# What `stats` makes of FILE: "kernel" for the kernel text formats
# (KERNEL_FORMATS), "other" for the other formats read, "" for content
# not recognised.
trace_kind() { # FILE
	$TM stats --json "$1" 2>/dev/null | python3 -c '
import json, sys
try:
    i = json.load(sys.stdin)["inputs"]
except ValueError:
    i = []
if i:
    k = i[0]["format"] in '"$KERNEL_FORMATS"'
    print("kernel" if k else "other")'
}

# The kernel traces (trace_kind "kernel") among FILE..., one path a line
# in the order given, into OUT: one `stats` run for them all (it reports
# the files it reads and names the others on stderr).
kernel_traces() { # OUT FILE...
	_o=$1; shift
	$TM stats --json "$@" 2>/dev/null | python3 -c '
import json, sys
try:
    i = json.load(sys.stdin)["inputs"]
except ValueError:
    i = []
for x in i:
    if x["format"] in '"$KERNEL_FORMATS"':
        print(x["file"])' > "$_o"
}

# The ftrace text of a kernel trace (trace_kind "kernel") on stdout, made
# without tracemerge: gunzipped, atrace -z's zlib stream after "TRACE:\n"
# (a zlib header: 0x78 and a check byte) inflated, legacy HTML's linuxPerfData string cut out, JS "\n\" line ends
# (text copied out of such a string) removed.
kernel_text() { # FILE
	python3 - "$1" <<'PY'
import gzip, re, sys, zlib
b = open(sys.argv[1], "rb").read()
if b[:2] == b"\x1f\x8b":
    b = gzip.decompress(b)
i = b.find(b"TRACE:\n")
if i >= 0 and len(b) > i + 8 and b[i + 7] == 0x78 and (0x7800 + b[i + 8]) % 31 == 0:
    b = zlib.decompressobj().decompress(b[i + 7:])
m = re.search(rb'var linuxPerfData = "\\\n(.*?)\\n";', b, re.S)
if m:
    b = m.group(1) + b"\\n\\\n"
b = re.sub(rb"\\n\\(\r?\n)", rb"\1", b)
sys.stdout.buffer.write(b)
PY
}

# ---- live captures ----------------------------------------------------------------
# A private tracefs instance for a live capture: sets I to its directory
# (tm_NAME_PID, tracing off), removed at exit (EXIT, INT, TERM and HUP
# traps, which also remove $T); fails, saying why on stdout, without root
# and tracefs or when it cannot be made.
live_instance() { # NAME
	_tr=/sys/kernel/tracing
	if [ "$(id -u)" != 0 ] || [ ! -w "$_tr/instances" ]; then
		echo "needs root and tracefs at $_tr"; return 1
	fi
	I=$_tr/instances/tm_$1_$$
	trap 'live_cleanup; rm -rf "$T"' EXIT
	trap 'live_cleanup; rm -rf "$T"; exit 1' INT TERM HUP
	mkdir "$I" 2>/dev/null || { echo "cannot create a tracefs instance"; return 1; }
	echo 0 > "$I/tracing_on"
}
# Stop and remove live_instance's instance (nothing when it is gone);
# record-tgid is turned off first (its tgid recording is the kernel's,
# not the instance's: removing the instance would leave it on).
live_cleanup() {
	[ -d "$I" ] || return 0
	echo 0 > "$I/tracing_on"
	[ ! -e "$I/options/record-tgid" ] || echo 0 > "$I/options/record-tgid"
	rmdir "$I"
}
