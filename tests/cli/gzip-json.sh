#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A gzipped Trace Event JSON read by the first pass while it is inflated
# (issue 27; architecture.md, "Gzip, both ways"): systemTraceEvents after
# or before traceEvents (known only at the end), all on one line, a text
# whose rest is read on two cores once the inflate has ended, JSON that
# is another format, a truncated gzip file.  stats, import and merge give the bytes,
# warnings (their order) and errors of the reference path (TM_REFERENCE=1)
# and of the whole inflate (TM_THREADS=1), and the plain input's output.
# (Pinning tests: the bytes are those of the version that inflated the
# JSON whole; tests/unit/test_inflate_ahead.c shows that it is read as it
# grows.)  The texts are over the 2 MiB the opener judges a JSON head by.
. "$(dirname "$0")/../lib.sh"

mkdir "$T/plain" "$T/gz"
ftrace_text 3000 > "$T/plain/k.txt"
json_events 40000 > "$T/a.json"
# an element that is not an object (a warning), in the middle
sed '20000s/^/7,/' "$T/a.json" > "$T/plain/a.json"
# systemTraceEvents: ftrace text, a line of it no ftrace line (a warning),
# escaped as a JSON string
{ ftrace_text 200; echo "not a line of ftrace"; } |
	awk '{ printf "%s\\n", $0 }' > "$T/sys.txt"
SYS=$(cat "$T/sys.txt") awk '
	NR == 1 { print "{\"systemTraceEvents\":\"" ENVIRON["SYS"] "\"," substr($0, 2); next }
	{ print }' "$T/plain/a.json" > "$T/plain/before.json"
SYS=$(cat "$T/sys.txt") awk '
	/]}$/ { sub(/]}$/, "],\"systemTraceEvents\":\"" ENVIRON["SYS"] "\"}") }
	{ print }' "$T/plain/a.json" > "$T/plain/after.json"
# 12 MB, a warning three quarters in: once the inflate has ended, the
# rest (over 4 MiB when the reader is behind it) is read on two cores
json_events 160000 | sed '120000s/^/7,/' > "$T/plain/big.json"
# the same on one line (as Catapult saves a trace): read as it grows too,
# cut after a '}' (grow.h)
tr -d '\n' < "$T/plain/after.json" > "$T/plain/one.json"
# a Speed Tracer dump (JSON, one record a line): read by browser.c
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "{\"type\":18,\"time\":%d,\"data\":{}}\n", i }' \
	> "$T/plain/st.json"
for f in k.txt a.json after.json before.json one.json big.json st.json; do
	gzip -c "$T/plain/$f" > "$T/gz/$f"
done
grep -q '"systemTraceEvents":"# tracer' "$T/plain/before.json" &&
	grep -q ',"systemTraceEvents":"# tracer' "$T/plain/after.json" &&
	[ "$(wc -c < "$T/plain/a.json")" -gt 3000000 ] &&
	[ "$(wc -l < "$T/plain/one.json")" -eq 0 ] &&
	[ "$(wc -c < "$T/plain/big.json")" -gt 12000000 ] || notok "gzip-json: inputs made"

# run DIR ENV NAME CMD...: CMD in DIR with ENV, its output, stderr and exit
# status in $T/NAME.out, .err, .rc
run() {
	_d=$1 _e=$2 _n=$3; shift 3
	(cd "$T/$_d" && env $_e $TM "$@" > "$T/$_n.out" 2> "$T/$_n.err"; echo $? > "$T/$_n.rc")
}

# plain A: run A's output and stderr as those of plain inputs: but for
# where they say that an input was gzip
plain() {
	for _x in out err; do
		sed -e 's/"gzip":true/"gzip":false/g' -e 's/ gzip)/)/g' -e 's/(gzip)//g' \
			"$T/$1.$_x" > "$T/$1.p.$_x"
	done
	cp "$T/$1.rc" "$T/$1.p.rc"
}

# same NAME A B: runs A and B gave the same output, stderr and exit status
same() {
	if cmp -s "$T/$2.out" "$T/$3.out" && cmp -s "$T/$2.err" "$T/$3.err" &&
	   cmp -s "$T/$2.rc" "$T/$3.rc"; then
		ok "gzip-json: $1 (exit $(cat "$T/$2.rc"), $(wc -c < "$T/$2.out") bytes, $(wc -l < "$T/$2.err") lines on stderr)"
	else
		notok "gzip-json: $1"
		diff "$T/$2.err" "$T/$3.err" | head -5 | sed 's/^/    /'
		cmp "$T/$2.out" "$T/$3.out" | sed 's/^/    /'
	fi
}

for f in a.json after.json before.json one.json big.json st.json; do
	run gz "" s "stats" "$f"
	for env in TM_REFERENCE=1 TM_THREADS=1; do
		run gz "$env" s.ref stats "$f"
		same "stats $f.gz: as $env" s s.ref
	done
	run gz "" i import -o - "$f"
	run gz TM_REFERENCE=1 i.ref import -o - "$f"
	run plain "" i.plain import -o - "$f"
	same "import $f.gz: as TM_REFERENCE=1" i i.ref
	plain i
	same "import $f.gz: as the plain $f" i.p i.plain
	run gz "" m merge --same-clock -o - k.txt "$f"
	run gz TM_REFERENCE=1 m.ref merge --same-clock -o - k.txt "$f"
	run plain "" m.plain merge --same-clock -o - k.txt "$f"
	same "merge k.txt.gz $f.gz: as TM_REFERENCE=1" m m.ref
	plain m
	same "merge k.txt.gz $f.gz: as the plain inputs" m.p m.plain
done
# the warnings: the systemTraceEvents text's before the JSON's, as ever
run gz "" w import -o /dev/null after.json
if grep 'warning' "$T/w.err" | head -1 | grep -q 'rejected-line' &&
   grep -q 'json-not-object' "$T/w.err"; then
	ok "gzip-json: the kernel text's warnings before the JSON's"
else
	notok "gzip-json: the kernel text's warnings before the JSON's"
	sed 's/^/    /' "$T/w.err" | head -5
fi

# a truncated gzip JSON: the whole inflate's error, the byte the file's length
n=$(($(wc -c < "$T/gz/after.json") * 3 / 4))
head -c $n "$T/gz/after.json" > "$T/gz/cut.json"
for cmd in stats import merge; do
	case $cmd in
	stats) set -- stats cut.json ;;
	import) set -- import -o - cut.json ;;
	merge) set -- merge --same-clock -o - k.txt cut.json ;;
	esac
	run gz "" c "$@"
	run gz TM_THREADS=1 c.ref "$@"
	same "$cmd of a truncated gzip JSON: as TM_THREADS=1" c c.ref
	if grep -q "cut.json: byte $n: truncated gzip stream" "$T/c.err"; then
		ok "gzip-json: $cmd of a truncated gzip JSON: the error at byte $n"
	else
		notok "gzip-json: $cmd of a truncated gzip JSON: the error at byte $n"
		sed 's/^/    /' "$T/c.err" | head -3
	fi
done
