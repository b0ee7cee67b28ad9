#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make demo: import a bundled real Android systrace capture and show what is in
# it; then align and merge a kernel trace and an application trace.
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
echo
k=testdata/sync/kernel_drift.txt app=testdata/sync/app_drift.json m=build/demo-merged.json
echo "== tracemerge sync $k $app   (an application clock 40 ppm fast, 11 clock-sync handshakes)"
./tracemerge sync "$k" "$app"
echo
echo "== tracemerge merge --report -o $m $k $app"
./tracemerge merge --report -o "$m" "$k" "$app"
echo "wrote $m ($(wc -c < "$m") bytes): application slices and their kernel twins on one time axis"
