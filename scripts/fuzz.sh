#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Build every fuzz/fuzz_*.c as a libFuzzer target (ASan + UBSan) and run each
# for SECONDS, one after another:
#   scripts/fuzz.sh [SECONDS] [TARGET...]     (make fuzz, make fuzz-long)
# Seeds come from testdata/ (testdata/corpus/catapult too); each target's
# corpus is kept in build-fuzz/corpus/NAME, so runs accumulate.  A target's
# source may name extra libFuzzer options on a line "fuzz-options: ...".
# Every artifact (crash, leak, oom, timeout) is run again alone and sorted by
# its stack (doc/testing.md): the first frame that is ours (src/, parsers/,
# fuzz/) or in libtracecmd/libtraceevent decides.  Ours stay as
# build-fuzz/NAME-KIND-HASH (with .txt, the report) and fail the run; the
# system libraries' go to build-fuzz/known/NAME/ and are counted.
# Per target one line: seconds, CPU seconds, runs, edges (cov), features
# (ft), and what was found.
# With FUZZ_CPU=N (make fuzz-long) a run ends when its CPU time, the
# fuzzer's and its fork-mode jobs', reaches N seconds, however loaded the
# machine is (SECONDS is then only a bound on the wall time): a watcher
# sends SIGTERM, and libFuzzer stops cleanly (SIGINT would not stop fork
# mode: its parent ignores SIGINT while it runs a job through system()).
set -e
secs=${1:-20}
cpu_budget=${FUZZ_CPU:-0}
[ $# -gt 0 ] && shift
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
out=build-fuzz
mkdir -p "$out/corpus"
# the library's layers (src/layers), lowest first
layers=$(sed -e 's/#.*//' src/layers | grep -v '^ *$' | grep -v '^src/cli')
incs=$(for l in $layers; do printf ' -I%s' "$l"; done)
pkgs="json-c zlib libzstd libtracecmd libtracefs libtraceevent"
# ISA-L's inflate where installed, as the build uses it (Makefile: ISAL)
isal=""
if pkg-config --exists libisal 2>/dev/null; then
	pkgs="$pkgs libisal"
	isal="-DTM_HAVE_ISAL"
fi
cflags="-std=gnu11 -g -O1 -D_GNU_SOURCE $isal -Iinclude $incs -Isrc/cli $(pkg-config --cflags $pkgs)"
libs="$(pkg-config --libs $pkgs)"
srcs=$(for l in $layers; do ls "$l"/*.c; done)
# every run, and every artifact run again: a unit may take 25 s, 2 GB
common="-timeout=25 -rss_limit_mb=2048"
status=0
# leaks inside the system's libtraceevent are not ours (tests/lsan.supp)
export LSAN_OPTIONS="suppressions=$top/tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
targets="$*"
[ -n "$targets" ] || targets=$(ls fuzz/fuzz_*.c | sed 's|^fuzz/||; s|\.c$||')

# tree_cpu PID: CPU seconds (user + system) of PID and its descendants,
# the children they have waited for included
tree_cpu() {
	_all=$1 _new=$1
	while [ -n "$_new" ]; do
		_new=$(pgrep -P "$(echo $_new | tr ' ' ',')" 2>/dev/null | tr '\n' ' ') || true
		_all="$_all $_new"
	done
	for _p in $_all; do
		sed 's/^.*) //' "/proc/$_p/stat" 2>/dev/null || true
	done | awk -v hz="$(getconf CLK_TCK)" '{ t += $12 + $13 + $14 + $15 } END { printf "%d\n", t / hz }'
}

# classify REPORT: "ours|known|unclassified KIND WHERE".  A stack is
# decided by its first frame that is ours or the system libraries'; the
# first decided stack decides, but for a leak report any stack of ours does.
classify() {
	awk -v top="$top/" '
	function where(l) {
		if (match(l, / in [^ ]+/)) return substr(l, RSTART + 4, RLENGTH - 4)
		if (match(l, /[^\/ (]+\.so[^ )]*/)) return substr(l, RSTART, RLENGTH)
		return "?"
	}
	/^SUMMARY: / { s = $0; sub(/^SUMMARY: [^:]*: /, "", s); kind = s ~ /leaked/ ? "leak" : s
	               sub(/ .*/, "", kind) }
	/leak of / { leak = 1 }
	/runtime error:/ && index($0, top) == 1 { res = "ours"; at = $1; done = 1 }
	/^ *#0 / { sdec = 0 }
	/^ *#[0-9]+ / && !done && !sdec {
		if ($0 ~ /libtracecmd\.so|libtraceevent\.so/) {
			sdec = 1
			if (res == "") { res = "known"; at = where($0) }
			if (!leak) done = 1
		} else if (index($0, top "src/") || index($0, top "parsers/") || index($0, top "fuzz/")) {
			sdec = 1; res = "ours"; at = where($0); done = 1
		}
	}
	END { printf "%s %s %s\n", res ? res : "unclassified", kind ? kind : "?", at ? at : "-" }' "$1"
}

for name in $targets; do
	f=fuzz/$name.c
	clang $cflags -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
		"$f" $srcs -o "$out/$name" $libs
	opts=$(sed -n 's/.*fuzz-options: *\([^*]*\).*/\1/p' "$f" | head -n 1 | sed 's/ *$//')
	echo "$opts" | grep -q -- -max_len= || opts="${opts:+$opts }-max_len=65536"
	seeds="$out/corpus/$name"
	mkdir -p "$seeds" "$out/known/$name"
	# seed with small real inputs (the fuzzer also reads its own findings back)
	for s in testdata/* testdata/fuzz/* testdata/browser/* testdata/tracedat/*.dat testdata/perfetto/*.pb testdata/corpus/catapult/*; do
		[ -f "$s" ] && [ "$(wc -c < "$s")" -lt 300000 ] && cp "$s" "$seeds/" 2>/dev/null || true
	done
	echo "fuzz: $name for ${secs}s${opts:+ ($opts)}"
	cpu=""
	timer=""
	[ -x /usr/bin/time ] && timer="/usr/bin/time -o $name.cpu -f %U+%S"
	rm -f "$out/$name.cpu"
	rc=0
	t0=$(date +%s)
	rm -f "$out/$name.budget"
	(cd "$out" && exec $timer "./$name" $common $opts -max_total_time="$secs" \
		-artifact_prefix="$name-" -print_final_stats=0 "corpus/$name" 2>"$name.log") &
	run=$!
	if [ "$cpu_budget" -gt 0 ]; then
		while kill -0 "$run" 2>/dev/null; do
			sleep 5
			if [ "$(tree_cpu "$run")" -ge "$cpu_budget" ]; then
				: > "$out/$name.budget"
				fz=$run
				[ -n "$timer" ] && fz=$(pgrep -P "$run" | head -n 1)
				kill -TERM "$fz" 2>/dev/null || true
				break
			fi
		done
	fi
	wait "$run" || rc=$?
	# (libFuzzer ends an interrupted run with -interrupted_exit_code, 72)
	[ -f "$out/$name.budget" ] && [ "$rc" = 72 ] && rc=0
	wall=$(($(date +%s) - t0))
	[ -s "$out/$name.cpu" ] && cpu=$(tail -n 1 "$out/$name.cpu" | awk -F+ '{ printf "%.0f", $1 + $2 }')
	last=$(grep -E '^#[0-9]+:?[[:space:]]' "$out/$name.log" | grep 'cov: ' | tail -n 1)
	runs=$(echo "$last" | sed -n 's/^#\([0-9]*\).*/\1/p')
	cov=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
	ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
	ours=0 known=0 again=0
	for a in "$out/$name"-crash-* "$out/$name"-leak-* "$out/$name"-oom-* "$out/$name"-timeout-*; do
		[ -f "$a" ] || continue
		case "$a" in *.txt) continue ;; esac
		# (the slow unwinder: a fast one stops at libc, as in sscanf's mallocs)
		if (cd "$out" && ASAN_OPTIONS="fast_unwind_on_malloc=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
			LSAN_OPTIONS="$LSAN_OPTIONS:fast_unwind_on_malloc=0" \
			"./$name" $common "$(basename "$a")" > "$(basename "$a").txt" 2>&1); then
			# (a leak or an OOM of a job of fork mode may depend on the runs before)
			again=$((again + 1))
			mkdir -p "$out/unreproduced/$name"
			mv "$a" "$a.txt" "$out/unreproduced/$name/"
			echo "fuzz: $name: not reproduced alone: build-fuzz/unreproduced/$name/$(basename "$a")"
			continue
		fi
		set -- $(classify "$a.txt")
		if [ "$1" = known ]; then
			known=$((known + 1))
			mv "$a" "$a.txt" "$out/known/$name/"
			echo "fuzz: $name: known, not ours: $2 in $3 (build-fuzz/known/$name/$(basename "$a"))"
		else
			ours=$((ours + 1))
			echo "fuzz: $name FOUND: $1 $2 in $3 ($a, report $a.txt)"
			grep -E '^(==|SUMMARY| *#[0-9]+ |.*runtime error)' "$a.txt" | head -n 25
			status=1
		fi
	done
	if [ "$rc" != 0 ] && [ $((ours + known + again)) = 0 ]; then
		echo "fuzz: $name FAILED: exit $rc and no input to blame (see $out/$name.log)"
		tail -n 30 "$out/$name.log"
		status=1
	fi
	slow=$(ls "$out/$name"-slow-unit-* 2>/dev/null | wc -l)
	echo "fuzz: $name: ${wall} s, CPU ${cpu:-?} s, ${runs:-?} runs, cov ${cov:-?}, ft ${ft:-?}," \
		"found $ours ours, $known known in the system libraries, $again not reproduced," \
		"$slow slow units (over 10 s: $out/$name-slow-unit-*)"
done
exit $status
