#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# setup.sh - makes the viewers folder (build/viewers, or $TM_VIEWERS) that
# the tests load traces with, and checks it before the suite trusts it:
#   node_modules/traceviewer  Catapult's importer, npm package, pinned below
#   tp-query                  tp-query.cc linked against chromium-shell's
#                             trace_processor
#   versions                  what was installed, one "NAME VERSION" a line
#   ready                     written last, when every check below passed
#   broken                    written instead of ready: why the folder
#                             cannot be trusted (the tests report it)
# It needs node and npm, clang++ with libc++, and chromium-shell's library;
# scripts/deps.sh check installs them as root, then runs this script.
# Nothing is done again while the folder's stamp matches its sources.
# Exit status: 0 when the folder is ready, 1 when it is not (then "broken"
# or standard error says why).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
dir=${TM_VIEWERS:-$top/build/viewers}
TRACEVIEWER=1.0.11
LIB=/usr/lib/chromium/libtest_trace_processor.so

fail() { # REASON: leaves "broken" with REASON and exits 1
	rm -f "$dir/ready"
	echo "$*" > "$dir/broken"
	echo "viewers: $*" >&2
	exit 1
}

mkdir -p "$dir" || exit 1
chromium=$(dpkg-query -W -f '${Version}' chromium-shell 2>/dev/null || echo none)
stamp=$( (cat "$here/tp-query.cc" "$here/view.js" "$here/catapult.js" "$here/known.py" \
	"$here"/known/*; echo "traceviewer $TRACEVIEWER chromium-shell $chromium") | cksum)
[ -f "$dir/ready" ] && [ "$(cat "$dir/stamp" 2>/dev/null)" = "$stamp" ] && exit 0
rm -f "$dir/ready" "$dir/broken"

command -v node >/dev/null && command -v npm >/dev/null ||
	fail "node and npm are missing (run as root: sh scripts/deps.sh check)"
[ -f "$LIB" ] || fail "$LIB is missing (run as root: sh scripts/deps.sh check)"
command -v clang++ >/dev/null || fail "clang++ is missing (run as root: sh scripts/deps.sh check)"

if [ "$(cat "$dir/node_modules/traceviewer/package.json" 2>/dev/null |
	sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p')" != "$TRACEVIEWER" ]; then
	# a package.json of the folder's own keeps npm from looking further up
	[ -f "$dir/package.json" ] || echo '{"name":"tracemerge-viewers","private":true}' > "$dir/package.json"
	npm install --prefix "$dir" --no-audit --no-fund --loglevel=error \
		"traceviewer@$TRACEVIEWER" > "$dir/npm.log" 2>&1 ||
		fail "npm install traceviewer@$TRACEVIEWER failed: $(tail -n 3 "$dir/npm.log" | tr '\n' ' ')"
fi
clang++ -std=c++17 -stdlib=libc++ -O1 -Wall -Wextra -Werror "$here/tp-query.cc" \
	-o "$dir/tp-query" -L"$(dirname "$LIB")" -ltest_trace_processor \
	-Wl,-rpath,"$(dirname "$LIB")" 2> "$dir/build.log" ||
	fail "tp-query does not build against $LIB: $(head -n 3 "$dir/build.log" | tr '\n' ' ')"
"$dir/tp-query" --self-check > "$dir/self-check.log" 2>&1 ||
	fail "chromium-shell $chromium: $(tail -n 1 "$dir/self-check.log")"
printf 'traceviewer %s\nchromium-shell %s\nnode %s\n' "$TRACEVIEWER" "$chromium" \
	"$(node --version)" > "$dir/versions"
TM_VIEWERS=$dir python3 "$here/known.py" "$here/known/facts.txt" > "$dir/known.log" 2>&1 ||
	fail "the viewers do not build the known traces' facts: $(head -n 2 "$dir/known.log" | tr '\n' ' ')"
echo "$stamp" > "$dir/stamp"
: > "$dir/ready"
echo "viewers: ready in $dir ($(tr '\n' ' ' < "$dir/versions"))"
