#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Gzip output (issue 27): an output named *.gz, or --gzip (also stdout), is
# one gzip member whose bytes, inflated by zcat, are exactly the plain
# output's; so with ISA-L's deflate, with zlib's (the reference path,
# TM_REFERENCE=1) and without helper threads; through the single pass, the
# two passes (a scratch part appended through the compressor) and a pipe.
# tracemerge reads its own gzip output, and Perfetto's trace_processor
# finds the same slices in it as in the plain one.  (Full disks, signals
# and the replaced file's mode: outfail.sh.)
. "$(dirname "$0")/../lib.sh"

K=$top/testdata/sync/kernel.txt
A=$top/testdata/sync/app.json
# kernel text and 1.3 MB of JSON events on the same clock: in a merge the
# JSON side is written into a scratch part while the kernel text is
ftrace_text 3000 > "$T/k.txt"
json_events 12000 > "$T/a.json"

# is_gzip FILE: the gzip magic, and gzip -t finds one whole stream
is_gzip() {
	[ "$(od -An -tx1 -N2 "$1" | tr -d ' ')" = 1f8b ] && gzip -t "$1"
}

# same_inflated NAME PLAIN GZ: GZ is gzip and inflates to PLAIN's bytes
same_inflated() {
	if is_gzip "$3" && zcat "$3" | cmp -s - "$2"; then
		ok "gzip: $1: gzip, inflates to the plain output ($(wc -c < "$3") of $(wc -c < "$2") bytes)"
	else
		notok "gzip: $1: gzip, inflates to the plain output"
	fi
}

# the plain outputs
$TM import -q -o "$T/i.json" "$K" && $TM merge -q -o "$T/m.json" "$K" "$A" &&
	$TM merge -q --same-clock -o "$T/big.json" "$T/k.txt" "$T/a.json" &&
	$TM merge -q --same-clock --kernel-as=both -o "$T/both.json" "$T/k.txt" "$T/a.json" ||
	notok "gzip: plain outputs written"

for env in "" TM_REFERENCE=1 TM_THREADS=1; do
	rm -f "$T"/*.gz
	how=${env:-default}
	env $env $TM import -q -o "$T/i.json.gz" "$K" && same_inflated "import -o X.gz ($how)" "$T/i.json" "$T/i.json.gz"
	env $env $TM merge -q -o "$T/m.json.gz" "$K" "$A" && same_inflated "merge -o X.gz ($how)" "$T/m.json" "$T/m.json.gz"
	env $env $TM merge -q --same-clock -o "$T/big.json.gz" "$T/k.txt" "$T/a.json" &&
		same_inflated "merge -o X.gz, kernel text and JSON ($how)" "$T/big.json" "$T/big.json.gz"
	# (two passes: the JSON side's scratch part is appended through the stage)
	env $env $TM merge -q --same-clock --kernel-as=both -o "$T/both.json.gz" "$T/k.txt" "$T/a.json" &&
		same_inflated "merge --kernel-as=both -o X.gz, two passes ($how)" "$T/both.json" "$T/both.json.gz"
done

# --gzip: stdout, a pipe, and a name without .gz
$TM import -q --gzip "$K" > "$T/so.gz" && same_inflated "import --gzip to stdout" "$T/i.json" "$T/so.gz"
$TM merge -q --gzip -o - "$T/k.txt" "$T/a.json" --same-clock | cat > "$T/pipe.gz" &&
	same_inflated "merge --gzip -o - into a pipe (the JSON part after the kernel text)" \
		"$T/big.json" "$T/pipe.gz"
$TM merge -q --gzip -o "$T/named.json" "$K" "$A" && same_inflated "merge --gzip -o X.json" "$T/m.json" "$T/named.json"
# without --gzip and without .gz: plain, as before
$TM import -q -o "$T/plain.out" "$K" && cmp -s "$T/plain.out" "$T/i.json" &&
	ok "gzip: -o X without .gz or --gzip: plain JSON" || notok "gzip: -o X without .gz or --gzip: plain JSON"

# tracemerge reads what it wrote: the same events as in the plain output
$TM stats "$T/m.json.gz" > "$T/s.gz.txt" 2>&1 && $TM stats "$T/m.json" > "$T/s.txt" 2>&1
# (but for its name and the format line)
sed -e 's/m\.json\.gz/m.json/g' -e '/^format:/d' "$T/s.gz.txt" > "$T/s.gz.rest"
sed -e '/^format:/d' "$T/s.txt" > "$T/s.rest"
if grep -q '^format:  json (gzip-compressed)$' "$T/s.gz.txt" && cmp -s "$T/s.gz.rest" "$T/s.rest"; then
	ok "gzip: stats of a gzip output: json (gzip-compressed), the plain output's counts"
else
	notok "gzip: stats of a gzip output: json (gzip-compressed), the plain output's counts"
	head -5 "$T/s.gz.txt" | sed 's/^/    /'
fi
# Perfetto's trace_processor opens the gzip output: the same slices
find_vc
if [ -z "$VC" ]; then
	skip "gzip: trace_processor on a gzip output ($VIEW_WHY)"
else
	q="select count(*), sum(ts), sum(dur) from slice"
	"$VC/tp-query" "$T/m.json.gz" "$q" > "$T/tp.gz" 2>/dev/null
	"$VC/tp-query" "$T/m.json" "$q" > "$T/tp" 2>/dev/null
	if grep -q '"parse_ok":true' "$T/tp.gz" && cmp -s "$T/tp.gz" "$T/tp" &&
	   ! grep -q '\["0"' "$T/tp"; then
		ok "gzip: trace_processor opens the gzip output: $(tr -d '\n' < "$T/tp.gz" | grep -o '"rows":.*' | head -c 80)"
	else
		notok "gzip: trace_processor opens the gzip output"
		head -c 300 "$T/tp.gz" | sed 's/^/    /'
	fi
fi

# --gzip with the output on a terminal: refused up front, as gzip refuses
# (exit 2, nothing written); a file or a pipe is fine.  script(1) gives the
# command a terminal.
if command -v script > /dev/null 2>&1; then
	for cmd in "import --gzip $K" "merge --gzip $K $A" "import --gzip -o - $K"; do
		script -qec "$TM $cmd" /dev/null > "$T/tty.out" 2>&1; rc=$?
		if [ "$rc" = 2 ] && grep -q 'not written to a terminal' "$T/tty.out" &&
		   ! grep -q "$(printf '\037')" "$T/tty.out"; then
			ok "gzip: $cmd on a terminal: usage error, nothing written"
		else
			notok "gzip: $cmd on a terminal: usage error (exit $rc)"
			head -c 300 "$T/tty.out" | sed 's/^/    /'
		fi
	done
	check "gzip: --gzip -o FILE from a terminal: written" \
		script -qec "$TM import -q --gzip -o '$T/tty.gz' $K" /dev/null
	check "gzip: ... and it is gzip" is_gzip "$T/tty.gz"
else
	skip "gzip: --gzip on a terminal (no script(1) to give one)"
fi
