#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# python.sh - the Python package (python/tracemerge) over the shared library
# of the build: a real `pip install` of ./python, then the checks of
# tests/api/python_checks.py (through PYTHONPATH) against the tool's own outputs
# written here.  Skips visibly without python3, and for sanitizer builds
# (an ASan/TSan .so cannot be loaded into a plain python).
. "$(dirname "$0")/../lib.sh"
cd "$top" || exit 1
B=${TM_BUILD:-build}
LIB=$top/$B/libtracemerge.so
PY=${PYTHON:-python3}
S=testdata/sync
K=$S/kernel.txt A=$S/app.json N=$S/app_nomarkers.json

if ! command -v "$PY" >/dev/null 2>&1; then
	skip "python: the Python package (no $PY)"
	exit 0
fi
if grep -a -q -e __asan_ -e __tsan_ -e __ubsan_ "$LIB" 2>/dev/null; then
	skip "python: the Python package ($B/libtracemerge.so is a sanitizer build)"
	exit 0
fi
export TRACEMERGE_LIB="$LIB" PYTHONDONTWRITEBYTECODE=1

# pip install ./python (no index: it must need nothing from outside), then
# use it from elsewhere: sync gives the hand-worked offset (-5000 s)
if ! "$PY" -m pip --version >/dev/null 2>&1; then
	skip "python: pip install ./python (no pip for $PY)"
elif ! "$PY" -m pip install -q --no-index --no-deps --target "$T/py" ./python >"$T/pip.log" 2>&1; then
	notok "python: pip install ./python"; sed 's/^/    /' "$T/pip.log" | tail -n 10
else
	cat > "$T/use.py" <<-'PYEOF'
	import sys, tracemerge
	assert tracemerge.__file__.startswith(sys.argv[1]), tracemerge.__file__
	r = tracemerge.sync(sys.argv[2:])
	a = r["parts"][1]
	print(a["offset_ns"], a["error_ns"])
	assert (a["offset_ns"], a["error_ns"]) == (-5000 * 10**9, 10500)
	PYEOF
	lcheck "python: pip install ./python, then tracemerge.sync" sh -c \
		'cd "$1" && PYTHONPATH="$1/py" "$2" use.py "$1/py" "$3/$4" "$3/$5"' - \
		"$T" "$PY" "$top" $K $A
fi

# what the tool says, for python_checks.py to compare with
$TM sync --json $K $A > "$T/sync.json"
$TM merge -o "$T/cli.json" --report $K $A 2> "$T/report.err"
$TM merge -o "$T/opt_both.json" --kernel-as=both $K $A
$TM merge -o "$T/opt_events.json" --kernel-as=events $K $A
$TM merge -o "$T/opt_app.json" --clock=app $K $A
$TM merge -o "$T/opt_offset.json" --offset $N=-5000s $K $N 2>/dev/null
$TM merge -o "$T/opt_same.json" --same-clock $K $N 2>/dev/null
$TM merge -o "$T/opt_pid.json" --pid-offset $A=100000 $K $A
$TM merge -o "$T/opt_verbatim.json" --verbatim $K $A
$TM merge -o "$T/opt_gzip.json" --gzip $K $A
$TM stats --json $K > "$T/stats_k.json"
$TM stats --json $A > "$T/stats_a.json"
$TM sync $K "$T/missing.json" 2> "$T/missing_sync.err"
$TM stats "$T/missing.json" 2> "$T/missing_stats.err"
$TM sync $K $N 2> "$T/unlinked.err"
$TM sync --max-error 5us $K $A 2> "$T/maxerror.err"
$TM sync --max-drift 10 $S/kernel_drift.txt $S/app_drift.json 2> "$T/maxdrift.err"
$TM sync --clock=kernel $A $S/app_mono.json 2>&1 | head -n 1 > "$T/optclock.err"
if [ -x "$B/tests/api/tool_pylayout" ]; then
	"$B/tests/api/tool_pylayout" > "$T/layout.txt"
else
	: > "$T/layout.txt"
	notok "python: $B/tests/api/tool_pylayout not built (make tests)"
fi

PYTHONPATH="$top/python" "$PY" tests/api/python_checks.py "$T"

# README's example (its first python block), from a directory holding the
# tree's testdata: what it prints is the hand-worked offset and count
mkdir -p "$T/readme" && ln -s "$top/testdata" "$T/readme/testdata"
awk '/^## Python/ { p = 1 } p && /^```python$/ { c = 1; next } c && /^```$/ { exit } c' \
	README.md > "$T/readme/example.py"
if (cd "$T/readme" && PYTHONPATH="$top/python" "$PY" example.py) > "$T/readme.out" 2>&1 &&
   printf '%s\n' "-5000.0 s, error bound 10500 ns" "5 JSON events written" | cmp -s - "$T/readme.out" &&
   [ -s "$T/readme/merged.json" ]; then
	ok "python: README's example: $(head -n 1 "$T/readme.out")"
else
	notok "python: README's example"; sed 's/^/    /' "$T/readme/example.py" "$T/readme.out"
fi
