#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# docs.sh - the man pages (doc/*.1) and the bash completion
# (scripts/tracemerge.bash-completion) against the code: every option each
# command accepts (read from the `struct option` tables and tm_getopt
# strings of src/cmd-*.c) is in that command's page and in the completion,
# and nothing else is; the pages render without groff warnings; the
# examples that use testdata/ run.  (`make install` of the pages and the
# completion: tests/cli/cli.sh.)
. "$(dirname "$0")/../lib.sh"
DOC=$top/doc
COMP=$top/scripts/tracemerge.bash-completion

# ---- what the code accepts -------------------------------------------------

cmd_file() { # CMD: its source file (src/cmd-CMD.c, wherever under src/)
	find "$top/src" -name "cmd-$1.c" | head -n 1
}

# The commands of the dispatch table: { "NAME", cmd_NAME }
main_c=$(find "$top/src" -name main.c | head -n 1)
commands=$(sed -n 's/.*{ *"\([a-z][a-z-]*\)", *cmd_[a-z_]* *}.*/\1/p' "$main_c" | sort -u)

# The lines of the macros (TM_..._OPTIONS) that TEXT (stdin) uses, and of
# the macros those use in turn.
option_macros() {
	_text=$(cat)
	_seen=""
	_todo=$(printf '%s\n' "$_text" | grep -o 'TM_[A-Z_]*OPTIONS' | sort -u)
	while [ -n "$_todo" ]; do
		_next=""
		for m in $_todo; do
			case " $_seen " in *" $m "*) continue ;; esac
			_seen="$_seen $m"
			_def=$(grep -rh -A40 "^#define $m" "$top/src" | awk '{ print } !/\\$/ { exit }')
			printf '%s\n' "$_def"
			_next="$_next $(printf '%s\n' "$_def" | sed 1d | grep -o 'TM_[A-Z_]*OPTIONS' | sort -u)"
		done
		_todo=$_next
	done
}

# The long options of a `struct option` table, in a file or in the
# macros (TM_..._OPTIONS) it uses: "--NAME" per line.
long_opts() { # FILE
	{
		cat "$1"
		option_macros < "$1"
	} | grep -o '{ *"[a-z][a-z0-9-]*", *[a-z]*_argument' | sed 's/{ *"\([^"]*\)".*/--\1/'
}

# The short options of tm_getopt's option string: "-X" per line.
short_opts() { # FILE
	sed -n 's/.*\(getopt_long\|tm_getopt\)([^"]*"[^"]*"[^"]*"\([^"]*\)".*/\2/p' "$1" | tr -d '+:' | fold -w1 | sed 's/^/-/'
}

code_opts() { # CMD
	_f=$(cmd_file "$1")
	[ -n "$_f" ] && { long_opts "$_f"; short_opts "$_f"; } | sort -u
}

# ---- what the pages say ------------------------------------------------------

if ! command -v groff >/dev/null; then
	skip "docs: groff not installed (scripts/deps.sh check installs groff-base)"
	exit 0
fi
# plain ASCII, no line breaks inside a paragraph's words, no hyphenation
render() { groff -man -Tascii -P-c -P-b -P-o -P-u -rLL=2000n -rHY=0 "$1" 2>/dev/null; }
section() { # NAME < rendered page: the lines of section NAME (with its .SS)
	awk -v s="$1" '/^[A-Z]/ { on = ($0 == s) ; next } on'
}
# The options a page's OPTIONS section describes: its tags (the lines at
# the section's indent that begin with "-"), "-X" / "--NAME" per line.
page_opts() { # PAGE
	render "$1" | section OPTIONS | grep '^       -' |
		grep -o '\(^ *\|, \)--*[A-Za-z0-9][A-Za-z0-9-]*' | sed 's/^[ ,]*//' | sort -u
}

# ---- what the completion offers -----------------------------------------------

# complete WORD...: COMPREPLY, one per line, for the command line WORD...
# with the cursor at the end of the last word (as bash hands it over:
# COMP_WORDS, COMP_CWORD, COMP_LINE, COMP_POINT); BASH_COMPLETION=1 loads
# the bash-completion library first.
complete_words() {
	bash -c '
	[ -n "$BASH_COMPLETION" ] && . /usr/share/bash-completion/bash_completion
	. "$0" || exit 1
	COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
	COMP_LINE="$*"; COMP_LINE=${COMP_LINE// = /=}; COMP_LINE=${COMP_LINE// =/=}
	COMP_POINT=${#COMP_LINE}
	_tracemerge
	printf "%s\n" "${COMPREPLY[@]}"' "$COMP" "$@"
}
comp_opts() { # CMD: the options offered after "-", without a trailing "="
	complete_words tracemerge "$1" - | sed 's/=$//' | sort -u
}

# same_set NAME EXPECTED ACTUAL: ok when the two lists hold the same words
same_set() {
	_miss=$(printf '%s\n' "$2" | while read -r w; do
		[ -n "$w" ] && ! printf '%s\n' "$3" | grep -qxF -e "$w" && printf ' %s' "$w"; done)
	_extra=$(printf '%s\n' "$3" | while read -r w; do
		[ -n "$w" ] && ! printf '%s\n' "$2" | grep -qxF -e "$w" && printf ' %s' "$w"; done)
	if [ -z "$_miss$_extra" ] && [ -n "$2" ]; then
		ok "$1"
	else
		notok "$1${_miss:+; missing:$_miss}${_extra:+; not in the code:$_extra}"
	fi
}

[ -n "$commands" ] && ok "docs: commands of src/cli/main.c: $(echo $commands)" ||
	notok "docs: no command found in the table of src/cli/main.c"

version=$(sed -n 's/^#define TRACEMERGE_VERSION_STRING "\(.*\)"/\1/p' "$top/include/tracemerge/version.h")
for page in "$DOC"/tracemerge.1 $(for c in $commands; do echo "$DOC/tracemerge-$c.1"; done); do
	name=$(basename "$page")
	if [ ! -f "$page" ]; then
		notok "docs: $name missing"
		continue
	fi
	# groff -ww: every warning; man renders it as a user would see it
	w=$(groff -man -ww -z "$page" 2>&1)
	if [ -z "$w" ] && command -v man >/dev/null; then
		w=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >"$T/man.txt")
		[ -z "$w" ] && ! grep -q '^NAME' "$T/man.txt" && w="man -l rendered no NAME section"
	fi
	[ -z "$w" ] && ok "docs: $name renders without warnings" ||
		notok "docs: $name: $(echo "$w" | head -n 3)"
	for s in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" EXAMPLES "SEE ALSO"; do
		render "$page" | grep -qx "$s" || notok "docs: $name has no $s section"
	done
	grep -q "^\.TH .* \"tracemerge $version\"" "$page" &&
		ok "docs: $name names version $version" ||
		notok "docs: $name: .TH does not name tracemerge $version (src/cli/cli.h)"
done

# every command's options: in its page and in the completion, both ways
for c in $commands; do
	opts=$(code_opts "$c")
	if [ -z "$opts" ]; then
		notok "docs: no option table found for $c in src (cmd-$c.c)"
		continue
	fi
	[ -f "$DOC/tracemerge-$c.1" ] &&
		same_set "docs: the options of $c (code) = tracemerge-$c.1's OPTIONS" \
			"$opts" "$(page_opts "$DOC/tracemerge-$c.1")"
	same_set "docs: the options of $c (code) = the completion's" "$opts" "$(comp_opts "$c")"
done

# the overview: every command, and what main.c takes in place of one
# (-h, --help, --version, ...), in tracemerge.1 and the completion;
# -V (the short --version) is documented ahead of the code
top_words=$(grep -o 'strcmp(cmd, "[^"]*")' "$main_c" | sed 's/.*"\(.*\)")/\1/' | sort -u)
over=$(render "$DOC/tracemerge.1")
missing=
for x in $commands $top_words; do
	case $x in
	-*) echo "$over" | section OPTIONS | grep -q -e "^       .*$x\([^A-Za-z0-9-]\|$\)" ;;
	*) echo "$over" | section COMMANDS | grep -q "^       $x\( \|$\)" ;;
	esac || missing="$missing $x"
done
[ -z "$missing" ] && ok "docs: tracemerge.1 describes every command and top-level option" ||
	notok "docs: tracemerge.1 does not describe:$missing"
comp_top=$(complete_words tracemerge "")
missing=
for x in $commands $top_words -V; do
	printf '%s\n' "$comp_top" | grep -qxF -e "$x" || missing="$missing $x"
done
[ -z "$missing" ] && ok "docs: completion of the first word offers every command and -h/--help/-V/--version" ||
	notok "docs: completion of the first word lacks:$missing"
missing=
for c in $commands; do
	echo "$over" | section "SEE ALSO" | grep -q "tracemerge-$c(1)" || missing="$missing $c"
done
[ -z "$missing" ] && ok "docs: tracemerge.1 SEE ALSO names every command's page" ||
	notok "docs: tracemerge.1 SEE ALSO lacks:$missing"

# the sets of values the code knows, offered by the completion
kernel_as=$(grep -rh -A12 '^int tm_kernel_as_parse' "$top/src" | grep -o 'strcmp(s, "[a-z]*")' |
	sed 's/.*"\(.*\)")/\1/' | sort)
clocks=$(grep -rh -A3 'clock_names\[\] = {' "$top/src" | awk '{ print } /};/ { exit }' |
	grep -o '"[^"]*"' | tr -d '"' | sort)
groups=$(find "$top/src" -name 'record*.c' -exec cat {} + | awk '/groups\[\] = {/ { on = 1 } on && /};/ { on = 0 } on' |
	sed -n 's/^[	 ]*{ "\([a-z]*\)", .*/\1/p' | sort)
out_clocks=$(grep -rh 'strcmp(clock, "[a-z]*")' "$top/src" | grep -o '"[a-z]*"' | tr -d '"' | sort -u)
check_values() { # NAME EXPECTED WORD...
	_n=$1 _e=$2; shift 2
	_got=$(complete_words "$@" | sort -u)
	if [ -n "$_e" ] && [ "$(printf '%s\n' "$_e" | sort -u)" = "$_got" ]; then
		ok "completion: $_n: $(echo $_got)"
	else
		notok "completion: $_n: expected '$(echo $_e)', got '$(echo $_got)'"
	fi
}
check_values "merge --kernel-as <TAB> (tm_kernel_as_parse)" "$kernel_as" tracemerge merge --kernel-as ""
check_values "import --kernel-as=<TAB>, split at '=' as bash does" "$kernel_as" tracemerge import --kernel-as = ""
check_values "import --kernel-as=ev<TAB>, split" "events" tracemerge import --kernel-as = ev
check_values "merge --kernel-as=ev<TAB>, one word" "--kernel-as=events" tracemerge merge --kernel-as=ev
check_values "record -c <TAB> (clock_names of record-events.c)" "$clocks" tracemerge record -c ""
check_values "record --clock m<TAB>" "$(printf '%s\n' $clocks | grep '^m')" tracemerge record --clock m
check_values "sync --clock=<TAB>: kernel, app and the inputs given" \
	"$(printf '%s\n' $out_clocks a.txt b.json)" tracemerge sync a.txt b.json --clock = ""
[ -d /sys/kernel/tracing/events ] || [ -d /sys/kernel/debug/tracing/events ] ||
	check_values "record -e sched,<TAB> (groups of record-events.c; no tracefs)" \
		"$(printf 'sched,%s\n' $groups)" tracemerge record -e sched,
[ -n "$groups" ] && complete_words tracemerge record -e sched,w | grep -qx 'sched,workqueue' &&
	ok "completion: record -e sched,w<TAB>: the last element of the list" ||
	notok "completion: record -e sched,w<TAB> (groups: $(echo $groups))"
check_values "help <TAB>: the commands" "$commands" tracemerge help ""
[ -z "$(complete_words tracemerge stats --tasks "")" ] &&
	ok "completion: stats --tasks <TAB>: a number, nothing offered" ||
	notok "completion: stats --tasks <TAB> offers $(complete_words tracemerge stats --tasks "")"
mkdir -p "$T/files/sub" && : > "$T/files/trace.txt" && : > "$T/files/trace.json"
(cd "$T/files" && complete_words tracemerge merge -o x.json tr) | sort > "$T/got"
printf 'trace.json\ntrace.txt\n' | cmp -s - "$T/got" &&
	ok "completion: inputs are file names" || notok "completion: file names: $(cat "$T/got")"
(cd "$T/files" && complete_words tracemerge record -t 1 -- true tr) | sort > "$T/got"
printf 'trace.json\ntrace.txt\n' | cmp -s - "$T/got" &&
	ok "completion: after record's CMD, CMD's arguments (files)" ||
	notok "completion: record CMD args: $(cat "$T/got")"
complete_words tracemerge record -o k.txt ech | grep -qx echo &&
	ok "completion: record's first non-option word is a command name" ||
	notok "completion: record CMD: $(complete_words tracemerge record -o k.txt ech)"
complete_words tracemerge merge -- --k | grep -q . &&
	notok "completion: options offered after --" || ok "completion: no option after --"
if [ -f /usr/share/bash-completion/bash_completion ]; then
	(cd "$T/files" && BASH_COMPLETION=1 complete_words tracemerge merge -o x.json tr) | sort > "$T/got"
	g=$(BASH_COMPLETION=1 complete_words tracemerge merge --kernel-as = ev)
	h=$(cd "$T/files" && BASH_COMPLETION=1 complete_words tracemerge record -- true tr | sort | tr '\n' ' ')
	printf 'trace.json\ntrace.txt\n' | cmp -s - "$T/got" && [ "$g" = events ] &&
		[ "$h" = "trace.json trace.txt " ] &&
		ok "completion: with the bash-completion library (_filedir, _command_offset)" ||
		notok "completion with bash-completion: files '$(cat "$T/got")', values '$g', CMD args '$h'"
else
	skip "completion with the bash-completion library (not installed)"
fi

# The examples: every "$ tracemerge ..." line of the pages' EXAMPLES runs
# from the top of the tree (here a directory with testdata/), exit 0, and
# each -o output is JSON (gzip-compressed when its name ends in .gz; a
# .tar or .zip: an archive with a manifest).
mkdir -p "$T/ex" && ln -s "$top/testdata" "$T/ex/testdata"
n=0 bad=
for page in "$DOC"/*.1; do
	render "$page" | section EXAMPLES | sed -n 's/^ *\$ tracemerge //p' > "$T/ex.list"
	while read -r args; do
		n=$((n + 1))
		if ! (cd "$T/ex" && eval "$TM $args") > "$T/ex/stdout" 2> "$T/ex/stderr" </dev/null; then
			bad="$bad [$(basename "$page"): tracemerge $args: $(head -n 1 "$T/ex/stderr")]"
			continue
		fi
		echo "$args" | sed -n 's/.*-o \([^ ]*\).*/\1/p' >> "$T/ex.outputs"
	done < "$T/ex.list"
done
[ -s "$T/ex.outputs" ] && ! (cd "$T/ex" && python3 -c '
import gzip, json, sys
import tarfile, zipfile
for f in sys.argv[1:]:
    try:
        if f.endswith(".zip"):
            json.loads(zipfile.ZipFile(f).read("perfetto_manifest.json"))
        elif f.endswith(".tar"):
            json.load(tarfile.open(f).extractfile("perfetto_manifest.json"))
        else:
            json.load(gzip.open(f, "rt") if f.endswith(".gz") else open(f))
    except Exception as e:
        sys.exit("%s: %s" % (f, e))' $(sort -u "$T/ex.outputs")) > "$T/ex.json" 2>&1 &&
	bad="$bad [an -o output is not JSON: $(tail -n 1 "$T/ex.json")]"
[ -z "$bad" ] && [ "$n" -gt 10 ] && ok "docs: the $n examples of the pages run" ||
	notok "docs: examples ($n):$bad"
exit 0
