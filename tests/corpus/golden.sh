#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The bytes tracemerge writes do not change by accident: every input under
# testdata/ (the sample corpus included; not the field corpus of
# testdata/field, whose outputs change as its readers are fixed and which
# tests/viewers/field.sh checks against the viewers instead) is read by
# `stats --json`, `stats`, `import` and `import --kernel-as=events`, and
# every pair of testdata/golden/pairs by `sync --json` and `merge`; the
# SHA-256 of each output (or the exit status, when the command refuses the
# input) must match testdata/golden/expected.
# The version string is masked, so a release changes nothing here.
#
# After a change that is meant to alter the output, write the new hashes with
#     sh tests/corpus/golden.sh --update
# and let the diff of testdata/golden/expected show what changed.
. "$(dirname "$0")/../lib.sh"
cd "$top" || exit 1
want=testdata/golden/expected
if [ -n "$TM_WRAP" ]; then
	skip "golden outputs (under valgrind: checked by the unwrapped suites)"
	exit 0
fi
command -v sha256sum >/dev/null || { skip "golden outputs (sha256sum missing)"; exit 0; }
ver=$($TM --version | sed -n 's/^tracemerge \([^ ]*\).*/\1/p')
[ -n "$ver" ] || { notok "golden: cannot read the version"; exit 0; }

# one line: the output's hash, or "exit N" when the command failed
digest() { # FILE RC
	if [ "$2" != 0 ]; then echo "exit $2"; return; fi
	sed "s/\"$ver\"/\"VERSION\"/g" "$1" | sha256sum | cut -c1-64
}
out() { # KIND ARGS... : one result line
	kind=$1; shift
	case $kind in
	stats) $TM stats --json "$@" > "$T/o" 2>/dev/null ;;
	text) $TM stats "$@" > "$T/o" 2>/dev/null ;;
	sync) $TM sync --json "$@" > "$T/o" 2>/dev/null ;;
	import) $TM import -q -o "$T/o" "$@" 2>/dev/null ;;
	events) $TM import -q --kernel-as=events -o "$T/o" "$@" 2>/dev/null ;;
	merge) $TM merge -q -o "$T/o" "$@" 2>/dev/null ;;
	esac
	rc=$?
	[ "$rc" = 0 ] || rm -f "$T/o"
	echo "$(digest "$T/o" $rc) $kind $*"
}

{
	find testdata -type f ! -path 'testdata/golden/*' ! -path 'testdata/fuzz/*' ! -path 'testdata/field/*' \
		! -name README ! -name LICENSE ! -name SOURCES.txt ! -name INDEX.md \
		! -name '*.py' ! -name '*.patch' ! -name '*.expected' ! -path 'testdata/browser/page/*' |
		LC_ALL=C sort | while IFS= read -r f; do
		out stats "$f"; out text "$f"; out import "$f"; out events "$f"
	done
	grep -v '^#' testdata/golden/pairs | while read -r a b; do
		[ -n "$a" ] || continue
		out sync $a $b; out merge $a $b
	done
} > "$T/got"

if [ "${1:-}" = --update ]; then
	cp "$T/got" "$want"
	echo "golden: wrote $(wc -l < "$want") results to $want"
	exit 0
fi
n=$(wc -l < "$T/got")
if cmp -s "$want" "$T/got"; then
	ok "golden: $n outputs have the expected bytes"
else
	notok "golden: outputs differ from $want ($(diff "$want" "$T/got" | grep -c '^>') of $n)"
	diff "$want" "$T/got" | head -20 | sed 's/^/    /'
fi
