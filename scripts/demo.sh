#!/bin/sh
# make demo: import a bundled real Android systrace capture and show what is in it.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
in=testdata/demo/android_systrace.html.gz
out=build/demo.json
echo "== tracemerge stats $in"
./tracemerge stats "$in"
echo
echo "== tracemerge import -o $out $in"
./tracemerge import -o "$out" "$in"
echo "wrote $out ($(wc -c < "$out") bytes): open it in https://ui.perfetto.dev or chrome://tracing"
