# SPDX-License-Identifier: GPL-2.0-or-later
# lib.sh - helpers for the shell test suites (sourced).
# Each check prints "ok - NAME", "not ok - NAME" or "skip - NAME (why)".
top=$(cd "$(dirname "$0")/.." && pwd)
TM="${TM_WRAP:+$TM_WRAP }${TM_BIN:-$top/tracemerge}"
CORPUS="$top/../shared/corpus"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
ok() { echo "ok - $*"; }
notok() { echo "not ok - $*"; }
skip() { echo "skip - $*"; }
check() { # check NAME CMD...
	_n=$1; shift
	if "$@" >"$T/out" 2>&1; then ok "$_n"; else notok "$_n"; sed 's/^/    /' "$T/out" | head -20; fi
}
# lcheck NAME CMD...: as check, with the first line CMD printed in the result
lcheck() {
	_n=$1; shift
	if "$@" > "$T/out" 2>&1; then
		ok "$_n: $(head -n 1 "$T/out")"
	else
		notok "$_n: $(head -n 1 "$T/out")"; sed '1d' "$T/out" | head -n 10 | sed 's/^/    /'
	fi
}

# Find viewer-check (../shared/tools/viewer-check set up by scripts/viewer-check.sh):
# sets VC to its directory, or empty when it is not there (callers skip).
find_vc() {
	VC=${TM_VIEWER_CHECK:-}
	for _d in "$VC" "$top/build/viewer-check" /opt/viewer-check; do
		[ -n "$_d" ] && [ -x "$_d/perfetto/tp_query" ] && [ -d "$_d/node_modules/traceviewer" ] && { VC=$_d; break; }
		VC=
	done
	command -v node >/dev/null && command -v python3 >/dev/null || VC=
}

# Load JSON in ENGINE (viewer-check $VC): fails on line-level rejects
# (Catapult's "Cannot parse line" / "Unrecognized line", Perfetto's parse
# failures); other content warnings are printed for information.
no_line_rejects() { # ENGINE JSON
	(cd "$VC" && node load_trace.js --engine "$1" "$2") > "$T/vc.json" 2>"$T/vc.err"
	python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
if not r["ok"]:
    sys.exit("import failed: %s" % r["error"])
bad = [w for w in r["import_warnings"]
       if "parse line" in w.get("message", "") or "Unrecognized line" in w.get("message", "")
       or "parse_failure" in json.dumps(w)]
other = [w.get("message", "")[:60] for w in r["import_warnings"] if w not in bad]
if other:
    print("  (%s: %d content warnings, e.g. %s)" % (sys.argv[2], len(other), other[0]))
if bad:
    sys.exit("line-level rejects: %s" % bad[:5])' "$T/vc.json" "$1"
}
