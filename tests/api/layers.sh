#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The layers of src/layers hold: a file includes the public headers, the
# headers of its own layer and those of the layers below it, never a header
# of a layer above it; an include names a header that exists in exactly one
# layer; the examples use the public headers alone.
. "$(dirname "$0")/../lib.sh"
cd "$top" || exit 1
layers=$(sed -e 's/#.*//' -e 's/[[:space:]]*$//' src/layers | grep -v '^$')

# rank of the layer holding header NAME ("" when none); 0 = include/
rank_of() {
	[ -f "include/$1" ] && { echo 0; return; }
	_r=0 _found=
	for _l in $layers; do
		_r=$((_r + 1))
		[ -f "$_l/$1" ] && _found="$_found $_r"
	done
	echo $_found
}

bad=0 n=0 r=0
for l in $layers; do
	r=$((r + 1))
	for f in "$l"/*.c "$l"/*.h; do
		[ -f "$f" ] || continue
		for h in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f"); do
			n=$((n + 1))
			hr=$(rank_of "$h")
			case $hr in
			"") notok "layers: $f includes $h, found in no layer"; bad=1 ;;
			*" "*) notok "layers: $f includes $h, found in several layers:$hr"; bad=1 ;;
			*) if [ "$hr" -gt "$r" ]; then
				notok "layers: $f ($l) includes $h of layer $(echo $layers | cut -d' ' -f"$hr"), above it"
				bad=1
			   fi ;;
			esac
		done
	done
done
[ $bad = 0 ] && ok "layers: the $n includes of $(echo $layers | wc -w) layers go down, never up"
# the directories under src/ are the layers, every one listed
for d in src/*/; do
	d=${d%/}
	echo "$layers" | grep -qx "$d" || notok "layers: $d is not in src/layers"
done
# examples are applications: the public headers only
ex=$(grep -l '^#include "' examples/*.c | xargs -r grep -h '^#include "' | grep -v '"tracemerge/' || true)
[ -z "$ex" ] && ok "layers: the examples include public headers only" ||
	notok "layers: examples include private headers: $ex"
# the tool is a program on the public API: src/cli includes nothing of the
# library's layers, only include/tracemerge/ and its own headers
priv=$(grep -h '^#include "' src/cli/*.c src/cli/*.h | grep -v '"tracemerge/' |
	sed 's/^#include "\(.*\)".*/\1/' | while read -r h; do [ -f "src/cli/$h" ] || echo "$h"; done)
[ -z "$priv" ] && ok "layers: the tool (src/cli) uses the public headers only" ||
	notok "layers: src/cli includes library headers: $(echo $priv)"
# threads are started in one place: src/exec/thread.c (thread.h)
pc=$(grep -rln 'pthread_create' src parsers include | grep -v '^src/exec/' || true)
[ -z "$pc" ] && ok "layers: pthread_create only in src/exec/" ||
	notok "layers: pthread_create outside src/exec/: $pc"
