#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The progress line: on a terminal (script(1) gives one) rewritten in place
# with \r, ending at 100% of the input's bytes and cleared ("\r", ESC[K) so
# the terminal is left clean; never on a pipe unless --progress; never
# with -q.  The sizes are the generated inputs' own (wc -c).
. "$(dirname "$0")/../lib.sh"
B=${TM_BUILD:-build}
case $B in /*) ;; *) B=$top/$B ;; esac
[ -x "$B/bench/gen" ] || { notok "progress: $B/bench/gen not built (make tests)"; exit 0; }
"$B/bench/gen" ftrace 8 "$T/k.txt" && "$B/bench/gen" json 8 "$T/a.json" || {
	notok "progress: cannot generate inputs"; exit 0; }
mb() { awk -v n="$1" 'BEGIN { printf "%.1f", n / 1e6 }'; }
K=$(wc -c < "$T/k.txt") J=$(wc -c < "$T/a.json")
KJ=$(mb $((K + J)))

# a pipe: nothing but what the command says anyway
$TM import -o "$T/o.json" "$T/k.txt" 2> "$T/err"
[ ! -s "$T/err" ] && ok "progress: nothing on a pipe by default" || notok "progress on a pipe: $(head -c 200 "$T/err")"
# --progress on a pipe: whole lines (for logs), each phase ending at 100%
$TM merge --progress -o "$T/o.json" "$T/k.txt" "$T/a.json" 2> "$T/err"
if grep -qx "tracemerge merge: reading $KJ of $KJ MB (100%)\(, [0-9]* MB/s\)\{0,1\}" "$T/err" &&
   grep -qx "tracemerge merge: writing $KJ of $KJ MB (100%)\(, [0-9]* MB/s\)\{0,1\}" "$T/err" &&
   ! grep -q "$(printf '\r')" "$T/err"; then
	ok "progress: --progress on a pipe: reading and writing end at $KJ of $KJ MB, whole lines"
else
	notok "progress: --progress on a pipe"; sed 's/^/    /' "$T/err" | head -5
fi
$TM stats -q --progress "$T/a.json" > /dev/null 2> "$T/err"
[ ! -s "$T/err" ] && ok "progress: -q wins over --progress" || notok "progress: -q: $(cat "$T/err")"
# a terminal
if command -v script > /dev/null; then
	script -qec "$TM import --progress -o '$T/o.json' '$T/k.txt'" /dev/null > "$T/tty" 2>&1
	KM=$(mb "$K")
	if python3 - "$T/tty" "$KM" <<'PY'
import sys
t = open(sys.argv[1], "rb").read().decode()
km = sys.argv[2]
assert t.startswith("\r"), repr(t[:40])
assert "\rtracemerge import: reading %s of %s MB (100%%)" % (km, km) in t, repr(t)
assert "\rtracemerge import: writing %s of %s MB (100%%)" % (km, km) in t, repr(t)
assert t.endswith("\r\x1b[K"), repr(t[-40:])     # the line cleared at the end
assert "\n" not in t.replace("\r\n", ""), repr(t)  # rewritten in place
PY
	then
		ok "progress: on a terminal rewritten in place, 100% of $KM MB, the line cleared at the end"
	else
		notok "progress: on a terminal"; cat -A "$T/tty" | head -5 | sed 's/^/    /'
	fi
else
	skip "progress: on a terminal (script(1) not installed)"
fi
