#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# What the reference viewers make of `import` output (tests/viewers/harness):
#  - Perfetto's own diff tests for systrace inputs (testdata/corpus/perfetto,
#    and any NAME.query.sql + NAME.input.systrace + NAME.expected.csv under
#    $TM_CORPUS): their SQL run on our output gives their expected rows;
#  - every kernel trace in the corpus (and under $TM_CORPUS, see lib.sh)
#    imports into Catapult and Perfetto without rejected lines.
# Skips visibly when the viewers are not set up (scripts/deps.sh check).
. "$(dirname "$0")/../lib.sh"
find_vc
if [ -z "$VC" ]; then
	skip "viewers ($VIEW_WHY)"
	exit 0
fi

# Compare tp-query's JSON rows with an expected CSV (numbers compared as numbers).
same_rows() { # TPJSON CSV
	python3 - "$1" "$2" <<'PY'
import csv, json, sys
got = json.load(open(sys.argv[1]))
if not got.get("parse_ok"):
    sys.exit("trace did not parse: %s" % got)
rows = got["queries"][-1]["rows"]
want = list(csv.reader(open(sys.argv[2])))
def norm(v):
    if v is None or v == "[NULL]": return None
    try: return float(v)
    except ValueError: return v
ok = len(rows) == len(want) and all(
    len(a) == len(b) and all(norm(x) == norm(y) for x, y in zip(a, b))
    for a, b in zip(rows, want))
if not ok:
    print("got: ", rows); print("want:", want); sys.exit(1)
PY
}

printf '%s\n' "$CORPUS"/perfetto/difftests/*/*.query.sql > "$T/queries"
extra_traces "$T/extra" || : > "$T/extra"
grep '\.query\.sql$' "$T/extra" >> "$T/queries"
while IFS= read -r q <&3; do
	base=${q%.query.sql}
	in=$base.input.systrace
	[ -f "$in" ] && [ -f "$base.expected.csv" ] || continue
	name=$(trace_name "$base")
	if ! $TM import -q -o "$T/p.json" "$in"; then notok "perfetto $name: import failed"; continue; fi
	"$VC/tp-query" "$T/p.json" "$(cat "$q")" > "$T/rows.json" 2>"$T/err"
	if same_rows "$T/rows.json" "$base.expected.csv" > "$T/diff" 2>&1; then
		ok "perfetto $name: expected rows"
		continue
	fi
	# The expectation was made with the input as a systrace file; if the
	# unmodified input text inside systemTraceEvents gives the same rows as
	# our output, the difference is Perfetto's JSON path, not our conversion.
	python3 -c 'import json,sys; json.dump({"systemTraceEvents": open(sys.argv[1]).read(), "traceEvents": []}, open(sys.argv[2], "w"))' "$in" "$T/raw.json"
	"$VC/tp-query" "$T/raw.json" "$(cat "$q")" > "$T/raw_rows.json" 2>&1
	if python3 -c 'import json,sys; a,b=(json.load(open(f))["queries"][-1]["rows"] for f in sys.argv[1:]); sys.exit(a!=b)' "$T/rows.json" "$T/raw_rows.json"; then
		skip "perfetto $name: Perfetto's JSON path gives other rows than its systrace path for the unmodified input too; our output matches the unmodified input"
	else
		notok "perfetto $name: expected rows"; sed 's/^/    /' "$T/diff"
	fi
done 3< "$T/queries"

# The importer must not reject a single line: Catapult reports those as
# "Cannot parse line" / "Unrecognized line", Perfetto counts parse failures.
# Warnings about event content the viewer does not model (Catapult's
# "Unknown event ...") are printed for information only.
C=$CORPUS/catapult
for f in android_systrace.html counter_tracks.html trivial_systrace.html compressed_atrace_data.txt \
	 atrace_data atrace_missing_tgids android_systrace.txt; do
	echo "$C/$f"
done > "$T/kernel"
printf '%s\n' "$CORPUS"/perfetto/difftests/*/*.systrace >> "$T/kernel"
extra_kernel_traces "$T/extra_kernel"
cat "$T/extra_kernel" >> "$T/kernel"
while IFS= read -r path <&3; do
	name=$(trace_name "$path")
	$TM import -q -o "$T/i.json" "$path" || { notok "viewers $name: import failed"; continue; }
	check "catapult imports $name without rejected lines" no_line_rejects catapult "$T/i.json"
	check "perfetto imports $name without rejected lines" no_line_rejects perfetto "$T/i.json"
done 3< "$T/kernel"
