#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The public headers (include/tracemerge/*.h) as an application sees them:
# each compiles on its own as plain C11 (no feature macros) and as C++; a
# C++ program including all of them links against the library (extern "C")
# and reads the version it runs with, which is the one it was built with.
. "$(dirname "$0")/lib.sh"
B=${TM_BUILD:-build}
case $B in /*) ;; *) B=$top/$B ;; esac
CXX=${CXX:-c++}
INC=$top/include
for h in "$INC"/tracemerge/*.h; do
	n=$(basename "$h")
	printf '#include <tracemerge/%s>\n' "$n" > "$T/one.c"
	check "api: tracemerge/$n compiles alone as C11" \
		cc -std=c11 -Wall -Wextra -Werror -I"$INC" -fsyntax-only -x c "$T/one.c"
	if command -v "$CXX" > /dev/null; then
		check "api: tracemerge/$n compiles alone as C++" \
			"$CXX" -std=c++17 -Wall -Wextra -Werror -I"$INC" -fsyntax-only -x c++ "$T/one.c"
	else
		skip "api: tracemerge/$n as C++ ($CXX not installed)"
	fi
done
# the program (tests/api_cxx.cc) is built by `make tests` with the build's
# compiler flags (a sanitizer build's too)
if [ -x "$B/tests/api_cxx" ]; then
	if $TM_WRAP "$B/tests/api_cxx" > "$T/run.out" 2>&1; then
		ok "api: a C++ program includes every header, links and runs: libtracemerge $(cat "$T/run.out")"
	else
		notok "api: a C++ program with every header"; sed 's/^/    /' "$T/run.out" | head -8
	fi
	v=$(sed -n 's/^#define TRACEMERGE_VERSION_STRING "\(.*\)"/\1/p' "$INC/tracemerge/version.h")
	maj=$(sed -n 's/^#define TRACEMERGE_VERSION_MAJOR \([0-9]*\)$/\1/p' "$INC/tracemerge/version.h")
	min=$(sed -n 's/^#define TRACEMERGE_VERSION_MINOR \([0-9]*\)$/\1/p' "$INC/tracemerge/version.h")
	pat=$(sed -n 's/^#define TRACEMERGE_VERSION_PATCH \([0-9]*\)$/\1/p' "$INC/tracemerge/version.h")
	if [ "$v" = "$maj.$min.$pat" ] && [ "$($TM --version)" = "tracemerge $v" ]; then
		ok "api: version $v: the string, its parts and tracemerge --version agree"
	else
		notok "api: version string '$v' against $maj.$min.$pat and '$($TM --version)'"
	fi
else
	notok "api: $B/tests/api_cxx not built (make tests)"
fi
