#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Command-line behaviour: usage, exit codes, bad input (one-line error naming
# the file, exit 1, never a partial output file), counted warnings.
. "$(dirname "$0")/../lib.sh"
C=$CORPUS/catapult

# expect_fail NAME PATTERN ARGS...: exit 1, one stderr line matching PATTERN, no output file
expect_fail() {
	_name=$1 pat=$2; shift 2
	rm -f "$T/o.json"
	$TM import -o "$T/o.json" "$@" >"$T/stdout" 2>"$T/stderr"; rc=$?
	if [ $rc = 1 ] && [ "$(wc -l < "$T/stderr")" = 1 ] && grep -q -- "$pat" "$T/stderr" &&
	   [ ! -e "$T/o.json" ] && [ -z "$(ls "$T" | grep 'o.json.tmp')" ]; then
		ok "bad input: $_name -> $(cat "$T/stderr")"
	else
		notok "bad input: $_name (exit $rc, stderr: $(head -c 300 "$T/stderr"))"
	fi
}

check "usage: no arguments exits 2" sh -c "$TM; test \$? = 2"
check "usage: unknown command exits 2" sh -c "$TM frobnicate 2>/dev/null; test \$? = 2"
check "usage: --help exits 0" sh -c "$TM --help | grep -q 'import'"
check "usage: import --help" sh -c "$TM import --help | grep -q -- '--verbatim'"
check "usage: import with two inputs exits 2" sh -c "$TM import a b 2>/dev/null; test \$? = 2"

: > "$T/empty"
expect_fail "empty file" "$T/empty: " "$T/empty"
head -c 4096 /dev/urandom > "$T/garbage"; printf 'X' | dd of="$T/garbage" bs=1 count=1 conv=notrunc 2>/dev/null
expect_fail "binary garbage" "$T/garbage" "$T/garbage"
printf 'hello, this is a plain text file\nnot a trace\n' > "$T/text.txt"
expect_fail "a file of another format" "$T/text.txt" "$T/text.txt"
head -c 200 "$C/simple_trace_gz.gz" > "$T/trunc.gz"
expect_fail "truncated gzip" "$T/trunc.gz" "$T/trunc.gz"
head -c 3000 "$C/compressed_atrace_data.txt" > "$T/trunc.ctrace"
expect_fail "truncated zlib (atrace -z)" "$T/trunc.ctrace" "$T/trunc.ctrace"
expect_fail "a directory" "$T" "$T"
expect_fail "a missing file" "$T/nope" "$T/nope"
printf '\0\0\0\0# tracer: nop\n' > "$T/nul"
expect_fail "NUL bytes at the start" "$T/nul" "$T/nul"

# Usable files with bad lines: counted warnings, exit 0, valid JSON out
{ head -n 20 "$C/atrace_data"; printf 'a-1 [000] .... 1.0: e: '; head -c 10485760 /dev/zero | tr '\0' 'x'; echo
  printf '  bad\377utf8-5 [000] .... 1212.465100: tracing_mark_write: B|5|caf\303\251 \300\n'
  printf 'a-1 [000] .... 1212.4652: x: nul\0inside\n'
  tail -n 5 "$C/atrace_data"; } > "$T/mixed.txt"
if $TM import -o "$T/mixed.json" "$T/mixed.txt" 2>"$T/err" && python3 -c '
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
s = d["systemTraceEvents"]
assert "caf\u00e9 \ufffd" in s, "utf8"
assert "bad\ufffdutf8-5" in s
l = d["metadata"]["tracemerge"]["lines"]
assert l["rejected"] == 2 and l["events"] == 9 + 1 + 5, l' "$T/mixed.json"; then
	ok "10 MB line, NUL line rejected and counted; invalid UTF-8 replaced; output valid JSON"
else
	notok "mixed bad lines ($(cat "$T/err"))"
fi
grep -q "rejected-line: 2" "$T/err" && ok "import reports rejected lines on stderr" || notok "import stderr summary: $(cat "$T/err")"
$TM stats "$T/mixed.txt" > "$T/st" && grep -q "rejected-line .* 2 .*line longer than 64 KiB; first at $T/mixed.txt:21 $T/mixed.txt:23" "$T/st" &&
	ok "stats lists rejected lines with file:line" || notok "stats rejected lines: $(grep rejected "$T/st")"

# output files get the mode creat() gives (0666 & ~umask), not mkstemp's 0600
(umask 022 && $TM import -q -o "$T/mode.json" "$C/atrace_data") && [ "$(stat -c %a "$T/mode.json")" = 644 ] &&
	ok "output file mode follows the umask (644 under 022)" || notok "output mode $(stat -c %a "$T/mode.json")"

# stdin and stdout
$TM import - < "$C/atrace_data" > "$T/stdin.json" && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$T/stdin.json" &&
	ok "import reads stdin and writes stdout" || notok "stdin/stdout"
# a FIFO (or a symlink to one, as /dev/stdout) at the output's name is
# written into and stays a FIFO, as /dev/null must stay a device: a file
# renamed over it once replaced /dev/null with a regular file.  The bytes
# are those written to a file, for ftrace text (written as it is read when
# the output can be taken back) and for JSON.
mkfifo "$T/fifo" && ln -s fifo "$T/fifo-link"
for _in in "$C/atrace_data" "$C/simple_trace.json"; do
	for _out in fifo fifo-link; do
		$TM import -q -o "$T/to-file.json" "$_in"
		timeout 20 cat "$T/fifo" > "$T/from-fifo.json" & _reader=$!
		$TM import -q -o "$T/$_out" "$_in"; _rc=$?
		wait $_reader
		if [ $_rc = 0 ] && [ -p "$T/fifo" ] && [ -L "$T/fifo-link" ] &&
		   cmp -s "$T/to-file.json" "$T/from-fifo.json" && [ -z "$(ls "$T" | grep 'tmp')" ]; then
			ok "import -o $_out ($(basename "$_in")): written into the FIFO, which stays one"
		else
			notok "import -o $_out ($(basename "$_in")): rc $_rc; $(ls -l "$T" | grep fifo)"
		fi
	done
done
gzip -c "$C/trivial_systrace.html" | $TM stats --json - > "$T/s.json" && python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["inputs"][0]
assert r["format"] == "systrace-html-legacy" and r["gzip"] and r["lines"]["events"] == 4, r' "$T/s.json" &&
	ok "stats reads gzip-compressed HTML from stdin" || notok "stats gzip stdin"

# --verbatim keeps the lines exactly as read
$TM import --verbatim -o "$T/v.json" "$C/atrace_data" && python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["systemTraceEvents"]
assert s == open(sys.argv[2]).read(), "differs"' "$T/v.json" "$C/atrace_data" &&
	ok "--verbatim writes the input text unchanged" || notok "--verbatim"

# stats of Trace Event JSON: counts checked against Python's own JSON parser
for f in simple_trace.json async_begin_end.json instant_events.json nanoseconds.json; do
	$TM stats --json "$C/$f" > "$T/js.json" 2>/dev/null && python3 -c '
import json, sys, collections
r = json.load(open(sys.argv[1]))["inputs"][0]["json"]
d = json.load(open(sys.argv[2]))
evs = d["traceEvents"] if isinstance(d, dict) else d
ph = collections.Counter(e.get("ph", "none") for e in evs)
names = collections.Counter(e["name"] for e in evs if isinstance(e.get("name"), str))
pids = {e["pid"] for e in evs if isinstance(e.get("pid"), int)}
assert r["events"] == len(evs), (r["events"], len(evs))
assert r["by_phase"] == dict(ph), (r["by_phase"], ph)
assert r["by_name"] == dict(names), (r["by_name"], names)
assert r["pids"] == len(pids), (r["pids"], pids)' "$T/js.json" "$C/$f" &&
		ok "stats --json of $f: events by phase and name, pids (as Python counts them)" ||
		notok "stats json $f"
done
$TM stats testdata/sync/app.json > "$T/st" && grep -q "^json:    8 events in 1 block(s), 1 pids, 2 threads, clock_sync issuer 3 receiver 0" "$T/st" &&
	grep -q "time 5100.000110000 .. 5102.000110000 (span 2.000000000 s)" "$T/st" && grep -q "by phase: B=1 E=1 M=2 X=1 c=3" "$T/st" &&
	ok "stats prints the JSON events of an app trace" || notok "stats app.json text: $(grep -A3 '^json' "$T/st")"

# stats of several inputs; one bad input makes the exit status 1 but the others are reported
$TM stats --json "$C/atrace_data" "$T/nope" "$C/trivial_systrace.html" > "$T/multi.json" 2>"$T/err"; rc=$?
[ $rc = 1 ] && python3 -c 'import json,sys; assert len(json.load(open(sys.argv[1]))["inputs"]) == 2' "$T/multi.json" &&
	ok "stats: several inputs, a missing one reported and exit 1" || notok "stats multi (rc $rc)"

# import output names processes/threads and the source
$TM import -o "$T/a.json" "$C/decompressed_atrace_data.txt" 2>/dev/null && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
m = d["metadata"]["tracemerge"]
assert m["format"] == "ftrace" and m["source"].endswith("decompressed_atrace_data.txt")
names = [(e["name"], e["pid"], e["tid"], e["args"]["name"]) for e in d["traceEvents"] if e["ph"] == "M"]
assert names, "no M events"
assert d["systemTraceEvents"].startswith("# tracer: nop\n")' "$T/a.json" &&
	ok "import writes M name events and a metadata block" || notok "import metadata"

# Trace Event JSON input: events copied byte for byte by the streaming reader
$TM import -q -o "$T/j.json" "$C/async_begin_end.json" && python3 -c '
import json, sys
out = open(sys.argv[1], encoding="utf-8").read()
json.loads(out)
lines = [l.rstrip().rstrip(",") for l in open(sys.argv[2]) if l.startswith("{")]
assert len(lines) == 35 and all(l in out for l in lines), "not byte for byte"' "$T/j.json" "$C/async_begin_end.json" &&
	ok "import copies JSON events byte for byte" || notok "import JSON byte copy"
printf '[{"name":"a\377b","ph":"i","ts":1,"args":{"s":"tab\there","l":[1,],},},\n{"name":"c","ph":"i","ts":2}]' > "$T/dirty.json"
if $TM import -o "$T/d.json" "$T/dirty.json" 2>"$T/err" && python3 -c '
import json, sys
d = json.loads(open(sys.argv[1], "rb").read().decode("utf-8", "strict"))
e = [x for x in d["traceEvents"] if x["ph"] == "i"]
assert [x["name"] for x in e] == ["a\ufffdb", "c"] and e[0]["args"] == {"s": "tab\there", "l": [1]}, e' "$T/d.json" &&
   grep -q "json-bad-string: 1" "$T/err" && grep -q "json-trailing-comma: 1" "$T/err"; then
	ok "import repairs invalid UTF-8, raw tabs and trailing commas in JSON events (counted)"
else
	notok "import JSON repair ($(cat "$T/err"))"
fi
printf '[{"ts":1},\n{"ts":2,"name":"cut' > "$T/cut.json"
$TM import -o "$T/c.json" "$T/cut.json" 2>"$T/err" && grep -q "json-truncated: 1 .*first at $T/cut.json:2" "$T/err" &&
	python3 -c 'import json,sys; assert len(json.load(open(sys.argv[1]))["traceEvents"]) == 1' "$T/c.json" &&
	ok "truncated JSON: complete events imported, the cut one counted" || notok "truncated JSON ($(cat "$T/err"))"
printf '[{"ts":1},\n {"a" 1}]' > "$T/syntax.json"
expect_fail "JSON syntax error inside an event" "$T/syntax.json:2:7: expected ':'" "$T/syntax.json"
$TM import -q -o "$T/s.json" "$CORPUS/perfetto/extra/manifest_helper_json_with_systemTraceEvents.json" && python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert "tracing_mark_write: B|100|sys_in_json" in d["systemTraceEvents"], d["systemTraceEvents"]
assert [e["name"] for e in d["traceEvents"] if e["ph"] == "X"] == ["json_slice"]' "$T/s.json" &&
	ok "import of JSON with systemTraceEvents converts the kernel text too" || notok "JSON systemTraceEvents import"

# make install honours PREFIX and DESTDIR, also in the pkg-config file
# (regression: the .pc was built once with the default prefix); the man
# pages (every doc/*.1, tracemerge.1 and one per command) go to
# share/man/man1, the bash completion to share/bash-completion/completions
installed_docs() { # ROOT: every page and the completion are there, as in the tree
	for _p in "$top"/doc/*.1; do
		cmp -s "$_p" "$1/share/man/man1/${_p##*/}" || return 1
	done
	[ -f "$1/share/man/man1/tracemerge.1" ] && [ -f "$1/share/man/man1/tracemerge-merge.1" ] &&
		cmp -s "$top/scripts/tracemerge.bash-completion" \
			"$1/share/bash-completion/completions/tracemerge"
}
if [ -z "$TM_WRAP" ] && make -s -C "$top" install PREFIX=/opt/tmtest DESTDIR="$T/root" >/dev/null 2>&1 &&
   [ -x "$T/root/opt/tmtest/bin/tracemerge" ] && [ -f "$T/root/opt/tmtest/include/tracemerge/ftrace.h" ] &&
   grep -qx 'libdir=/opt/tmtest/lib' "$T/root/opt/tmtest/lib/pkgconfig/tracemerge.pc" &&
   [ -L "$T/root/opt/tmtest/lib/libtracemerge.so" ] && installed_docs "$T/root/opt/tmtest" &&
   [ -L "$T/root/opt/tmtest/lib/libtracemerge-marker.so" ] &&
   [ -f "$T/root/opt/tmtest/lib/libtracemerge-marker.a" ] &&
   grep -qx 'Libs: -L${libdir} -ltracemerge-marker' "$T/root/opt/tmtest/lib/pkgconfig/tracemerge-marker.pc" &&
   [ -f "$T/root/opt/tmtest/include/tracemerge/version.h" ]; then
	ok "make install PREFIX DESTDIR (binary, headers, libraries, the marker library, pkg-config, man pages, bash completion)"
elif [ -n "$TM_WRAP" ]; then
	skip "make install (not under valgrind)"
else
	notok "make install PREFIX DESTDIR"
fi

# A write error reaches the exit status and one message, whichever thread
# wrote (a 3.7 MB input: many buffers): the output is written by a helper
# thread (threads on) or by the writing thread itself (TM_THREADS=1);
# /dev/full fails every write.
for th in "" 1; do
	if [ -w /dev/full ] && ! TM_THREADS=$th $TM import -q "$C/android_systrace.html" > /dev/full 2>"$T/err" &&
	   [ "$(wc -l < "$T/err")" = 1 ] && grep -q "stdout: write error: No space left on device" "$T/err"; then
		ok "write error on stdout (TM_THREADS=${th:-default}): exit non-zero, one message"
	elif [ ! -w /dev/full ]; then
		skip "write error on stdout (no /dev/full)"
	else
		notok "write error on stdout (TM_THREADS=${th:-default}): $(cat "$T/err")"
	fi
done

# The commands that print through stdio say so too, and exit 1: with
# /dev/full (ENOSPC) and with standard output closed (EBADF)
S=$top/testdata/sync
for c in "stats" "stats --json" "sync" "sync --json" "sync --manifest" "sync --plot -"; do
	case $c in stats*) set -- "$S/kernel.txt" ;; *) set -- "$S/kernel.txt" "$S/app.json" ;; esac
	[ -w /dev/full ] || { skip "write error on stdout: $c (no /dev/full)"; continue; }
	$TM $c "$@" > /dev/full 2> "$T/err"; rc=$?
	check "write error on stdout: $c > /dev/full: exit 1 and the message" sh -c \
		"[ $rc = 1 ] && grep -qx 'tracemerge ${c%% *}: stdout: write error: No space left on device' '$T/err'"
	$TM $c "$@" >&- 2> "$T/err"; rc=$?
	check "write error on stdout: $c with stdout closed: exit 1 and the message" sh -c \
		"[ $rc = 1 ] && grep -qx 'tracemerge ${c%% *}: stdout: write error: Bad file descriptor' '$T/err'"
done
for c in --version --help; do
	$TM $c > /dev/full 2> "$T/err"; rc=$?
	check "write error on stdout: tracemerge $c > /dev/full: exit 1" sh -c \
		"[ $rc = 1 ] && grep -qx 'tracemerge: stdout: write error: No space left on device' '$T/err'"
done
