#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Build every fuzz/fuzz_*.c as a libFuzzer target and run each for SECONDS.
# Seeds come from testdata/ (testdata/corpus/catapult too); crashes land in build-fuzz/.
set -e
secs=${1:-20}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
out=build-fuzz
mkdir -p "$out"
# the library's layers (src/layers), lowest first
layers=$(sed -e 's/#.*//' src/layers | grep -v '^ *$' | grep -v '^src/cli')
incs=$(for l in $layers; do printf ' -I%s' "$l"; done)
cflags="-std=gnu11 -g -O1 -D_GNU_SOURCE -Iinclude $incs -Isrc/cli $(pkg-config --cflags json-c zlib libtracecmd libtracefs libtraceevent)"
libs="$(pkg-config --libs json-c zlib libtracecmd libtracefs libtraceevent)"
srcs=$(for l in $layers; do ls "$l"/*.c; done)
status=0
# leaks inside the system's libtraceevent are not ours (tests/lsan.supp)
export LSAN_OPTIONS="suppressions=$top/tests/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
for f in fuzz/fuzz_*.c; do
	name=$(basename "$f" .c)
	clang $cflags -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
		"$f" $srcs -o "$out/$name" $libs
	seeds="$out/$name.corpus"
	mkdir -p "$seeds"
	# seed with small real inputs (the fuzzer also reads its own findings back)
	for s in testdata/* testdata/fuzz/* testdata/browser/* testdata/tracedat/*.dat testdata/perfetto/*.pb testdata/corpus/catapult/*; do
		[ -f "$s" ] && [ "$(wc -c < "$s")" -lt 300000 ] && cp "$s" "$seeds/" 2>/dev/null || true
	done
	echo "fuzz: $name for ${secs}s"
	if ! (cd "$out" && "./$name" -max_total_time="$secs" -max_len=65536 \
			-artifact_prefix="$name-" -print_final_stats=0 "$name.corpus" 2>"$name.log"); then
		echo "fuzz: $name FOUND A CRASH (see $out/$name.log and $out/$name-*)"
		tail -n 30 "$out/$name.log"
		status=1
	else
		grep -E '^(#[0-9]+|Done)' "$out/$name.log" | tail -n 1
	fi
done
exit $status
