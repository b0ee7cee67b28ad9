#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Run every test: cmocka binaries in BUILD/tests/KIND and the shell suites
# tests/KIND/*.sh (KIND: unit, cli, corpus, viewers, live, api).
# Shell suites print one line per check: "ok - ...", "not ok - ...", "skip - ...".
# Ends with one summary line: "N passed, N failed, N skipped".
B=${1:-build}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
pass=0 fail=0 skip=0
failed_names=""
wrap=""
if [ -n "$TM_VALGRIND" ]; then
	wrap="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --suppressions=$top/tests/valgrind.supp"
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for t in "$B"/tests/*/test_*; do
	[ -x "$t" ] || continue
	$wrap "$t" >"$log" 2>&1
	rc=$?
	cat "$log"
	p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
	f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
	s=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
	pass=$((pass + ${p:-0})); fail=$((fail + ${f:-0})); skip=$((skip + ${s:-0}))
	if [ "$rc" != 0 ] && [ -z "$f" ]; then
		fail=$((fail + 1)); failed_names="$failed_names $(basename "$t")(exit $rc)"
	elif [ -n "$f" ] && [ "$f" != 0 ]; then
		failed_names="$failed_names $(basename "$t")"
	fi
done
for s in tests/*/*.sh; do
	TM_BUILD="$B" TM_WRAP="$wrap" sh "$s" >"$log" 2>&1
	rc=$?
	cat "$log"
	p=$(grep -c '^ok - ' "$log"); f=$(grep -c '^not ok - ' "$log"); k=$(grep -c '^skip - ' "$log")
	pass=$((pass + p)); fail=$((fail + f)); skip=$((skip + k))
	if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		fail=$((fail + 1)); failed_names="$failed_names $s(exit $rc)"
	elif [ "$f" != 0 ]; then
		failed_names="$failed_names $s"
	fi
done
[ -n "$failed_names" ] && echo "failed:$failed_names"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
