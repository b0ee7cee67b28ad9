#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Every kernel trace in testdata/corpus (and under $TM_CORPUS, see lib.sh)
# is read with every line accounted for: events + continuation + graph +
# rejected (what `stats` reports) must equal the event lines counted
# independently here with awk, and `import` must write exactly that many
# converted event lines, the same bytes as the reference path. The other
# traces under $TM_CORPUS are imported, and must give the reference path's
# bytes.
. "$(dirname "$0")/../lib.sh"
command -v python3 >/dev/null || { skip "corpus (python3 missing)"; exit 0; }

# Independent count of event lines in plain ftrace text on stdin: every
# line that is not blank, not a '#' comment and not known preamble noise.
count_text() {
	tr -d '\r' | awk '
		/^[ \t]*$/ { next }
		/^#/ { next }
		/^cpus=[0-9]+$/ { next }
		/^TRACE:$/ { next }
		{ n++ } END { print n + 0 }'
}

stats_sum() { # FILE -> events+continuation+graph+rejected, events
	$TM stats --json "$1" | python3 -c '
import json, sys
l = json.load(sys.stdin)["inputs"][0]["lines"]
print(l["events"] + l["continuation"] + l["graph"] + l["rejected"], l["events"])'
}
import_lines() { # JSON -> number of event lines in systemTraceEvents
	python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))["systemTraceEvents"]
print(sum(1 for x in s.split("\n") if x and not x.startswith("#")))' "$1"
}

# $T/imp.json (import of FILE) has the same bytes as the reference path's
# output (whole canonical lines, no prefixes made apart, the reader without
# its shortcuts)
same_as_reference() { # NAME FILE
	if TM_REFERENCE=1 $TM import -q -o "$T/ref.json" "$2" && cmp -s "$T/imp.json" "$T/ref.json"; then
		ok "corpus $1: import gives the reference path's bytes"
	else notok "corpus $1: import differs from the reference path"; fi
}

run() { # NAME FILE EXPECTED
	name=$1 f=$2 want=$3
	set -- $(stats_sum "$f")
	if [ "$1" = "$want" ]; then ok "corpus $name: $want event lines accounted for"
	else notok "corpus $name: stats accounts for $1 lines, independent count $want"; fi
	if $TM import -q -o "$T/imp.json" "$f" && [ "$(import_lines "$T/imp.json")" = "$2" ]; then
		ok "corpus $name: import wrote $2 converted lines"
	else notok "corpus $name: import line count $(import_lines "$T/imp.json" 2>&1) != $2"; fi
	same_as_reference "$name" "$f"
}

C=$CORPUS/catapult
for f in android_systrace.txt atrace_data atrace_data_raw atrace_data_stripped \
	 atrace_missing_tgids atrace_fixed_tgids decompressed_atrace_data.txt \
	 android_systrace.html counter_tracks.html trivial_systrace.html; do
	run "$f" "$C/$f" "$(kernel_text "$C/$f" | count_text)"
done
# compressed atrace: its reference inflation is decompressed_atrace_data.txt
run compressed_atrace_data.txt "$C/compressed_atrace_data.txt" \
	"$(count_text < "$C/decompressed_atrace_data.txt")"
for f in "$CORPUS"/perfetto/difftests/*/*.systrace "$CORPUS"/perfetto/extra/*.systrace; do
	run "$(basename "$f")" "$f" "$(count_text < "$f")"
done
# gzip of a kernel trace reads the same as the plain file
gzip -c "$C/atrace_data" > "$T/atrace_data.gz"
run atrace_data.gz "$T/atrace_data.gz" "$(count_text < "$C/atrace_data")"

# ---- more traces: $TM_CORPUS ----------------------------------------------------------
if ! extra_traces "$T/extra"; then
	notok "corpus: TM_CORPUS=$TM_CORPUS is not a directory"
	exit 0
fi
unknown=0 example=
while IFS= read -r f <&3; do
	name=$(trace_name "$f")
	case $(trace_kind "$f") in
	kernel) run "$name" "$f" "$(kernel_text "$f" | count_text)" ;;
	other)
		if $TM import -q -o "$T/imp.json" "$f"; then same_as_reference "$name" "$f"
		else notok "corpus $name: import failed"; fi ;;
	*) unknown=$((unknown + 1)); example=${example:-$name} ;;
	esac
done 3< "$T/extra"
[ "$unknown" = 0 ] || skip "corpus: $unknown file(s) under TM_CORPUS not read as traces (e.g. $example)"
