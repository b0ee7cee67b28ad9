# SPDX-License-Identifier: GPL-2.0-or-later
# The user documentation holds what it promises:
#  - README.md stays short (under 20 KB);
#  - every relative link in README.md and doc/*.md names a file or folder
#    of the tree;
#  - every `$ tracemerge ...` (or `$ ./tracemerge ...`) command of the
#    README's quick start, and the example of every command in its table
#    (but `record`, which needs root and tracefs: tests/live/record.sh), runs
#    with exit status 0 from the top of the tree (in a copy of the top made
#    of symlinks, so outputs land there).
. "$(dirname "$0")/../lib.sh"

R=$top/README.md
size=$(wc -c < "$R")
check "README.md is under 20 KB ($size bytes)" [ "$size" -lt 20000 ]

# links FILE: the targets of FILE's Markdown links ([text](target) and
# [label]: target), one per line, outside code blocks and code spans.
links() {
	python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
text = re.sub(r"(?ms)^```.*?^```[^\n]*$", "", text)        # fenced blocks
text = re.sub(r"(?m)^(    |\t).*$", "", text)               # indented blocks
text = re.sub(r"`[^`\n]*`", "", text)                        # code spans
for m in re.finditer(r"\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)", text):
    print(m.group(1))
for m in re.finditer(r"(?m)^\s*\[[^\]\n]+\]:\s*<?(\S+?)>?(?:\s|$)", text):
    print(m.group(1))
PY
}

if ! command -v python3 >/dev/null; then
	skip "documentation links (python3 missing)"
else
	for f in "$R" "$top"/doc/*.md; do
		[ -f "$f" ] || continue
		name=${f#"$top"/}
		dir=$(dirname "$f")
		if ! links "$f" > "$T/links"; then
			notok "$name: links could not be read"
			continue
		fi
		bad="" n=0
		while IFS= read -r l; do
			case $l in
			*://*|mailto:*|\#*) continue ;;
			esac
			n=$((n + 1))
			p=${l%%#*}
			[ -e "$dir/$p" ] || bad="$bad $l"
		done < "$T/links"
		if [ -z "$bad" ]; then
			ok "$name: its $n relative links exist"
		else
			notok "$name: links to missing files:$bad"
		fi
	done
fi

# The quick start: the section from "## Quick start" to the next "## ".
mkdir "$T/tree"
for e in "$top"/* "$top"/.[!.]*; do
	[ -e "$e" ] && ln -s "$e" "$T/tree/"
done
sed -n '/^## Quick start/,/^## /p' "$R" |
	sed -n 's/^    \$ \(\.\/\)\{0,1\}tracemerge \(.*\)$/\2/p' > "$T/cmds"
n=$(wc -l < "$T/cmds")
check "README quick start shows $n tracemerge commands (at least 2)" [ "$n" -ge 2 ]
# The commands table: "| `NAME` | what | `tracemerge ARGS` |".
sed -n '/^## Commands/,/^## /p' "$R" |
	sed -n 's/^| `\([a-z]*\)` |.*| `tracemerge \(.*\)` |$/\1 \2/p' |
	grep -v '^record ' | sed 's/^[a-z]* //' > "$T/table"
n=$(wc -l < "$T/table")
check "README commands table shows $n examples to run (at least 5)" [ "$n" -ge 5 ]

# run WHAT ARGS: tracemerge ARGS, in the tree, exits 0
run() {
	check "README $1: tracemerge $2" sh -c "cd '$T/tree' && $TM $2 < /dev/null"
}
while IFS= read -r args; do
	run "quick start" "$args"
done < "$T/cmds"
while IFS= read -r args; do
	run "commands table" "$args"
done < "$T/table"
