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
