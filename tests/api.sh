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
if command -v "$CXX" > /dev/null && [ -f "$B/libtracemerge.a" ]; then
	{
		for h in "$INC"/tracemerge/*.h; do printf '#include <tracemerge/%s>\n' "$(basename "$h")"; done
		cat <<'CXX'
#include <cstdio>
#include <cstring>
#include <ctime>
int main()
{
	int64_t ns = 0;
	int digits = 0;
	static_assert(TRACEMERGE_VERSION == TRACEMERGE_VERSION_MAJOR * 10000 +
		      TRACEMERGE_VERSION_MINOR * 100 + TRACEMERGE_VERSION_PATCH, "version");
	if (std::strcmp(tm_version(), TRACEMERGE_VERSION_STRING))
		return 1;
	if (tm_ts_parse_secs("12.5", 4, &ns, &digits) || ns != 12500000000LL)
		return 2;
	if (std::strcmp(tm_clock_domain_name(CLOCK_REALTIME), "CLOCK_REALTIME"))
		return 3;
	std::printf("%s\n", tm_version());
	return 0;
}
CXX
	} > "$T/all.cc"
	# shellcheck disable=SC2046
	if "$CXX" -std=c++17 -Wall -Wextra -Werror -I"$INC" "$T/all.cc" -o "$T/all" "$B/libtracemerge.a" \
		$(pkg-config --libs json-c zlib libtracecmd libtracefs libtraceevent) -pthread \
		> "$T/cxx.out" 2>&1 && "$T/all" > "$T/run.out" 2>&1; then
		ok "api: a C++ program includes every header, links and runs: libtracemerge $(cat "$T/run.out")"
	else
		notok "api: a C++ program with every header"; sed 's/^/    /' "$T/cxx.out" "$T/run.out" 2>/dev/null | head -8
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
	skip "api: the C++ program ($CXX or $B/libtracemerge.a missing)"
fi
