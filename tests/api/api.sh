#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The public headers (include/tracemerge/*.h) as an application sees them:
# each compiles on its own as plain C11 (no feature macros) and as C++; a
# C++ program including all of them links against the library (extern "C")
# and reads the version it runs with, which is the one it was built with.
. "$(dirname "$0")/../lib.sh"
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
# the umbrella header includes every other one
missing=$(for h in "$INC"/tracemerge/*.h; do n=$(basename "$h")
	[ "$n" = tracemerge.h ] || grep -q "^#include \"tracemerge/$n\"" "$INC/tracemerge/tracemerge.h" || echo "$n"; done)
[ -z "$missing" ] && ok "api: tracemerge/tracemerge.h includes every public header" ||
	notok "api: tracemerge/tracemerge.h lacks $missing"
# the program (tests/api/api_cxx.cc) is built by `make tests` with the build's
# compiler flags (a sanitizer build's too)
if [ -x "$B/tests/api/api_cxx" ]; then
	if $TM_WRAP "$B/tests/api/api_cxx" > "$T/run.out" 2>&1; then
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
	notok "api: $B/tests/api/api_cxx not built (make tests)"
fi

# The shared library exports the functions the public headers mark TM_API
# and nothing else (internal functions are no part of its ABI); a program
# linked against it runs.  (The plain build: a sanitizer's runtime adds its
# own symbols.)
if [ -z "$TM_WRAP" ] && [ "$B" = "$top/build" ] && [ -f "$B/libtracemerge.so" ]; then
	nm -D --defined-only "$B/libtracemerge.so" | awk '$2 == "T" { print $3 }' | sed 's/@.*//' |
		sort > "$T/exported"
	grep -h '^TM_API' "$INC"/tracemerge/*.h | sed 's/(.*//' | grep -o '[a-z_0-9]*$' | sort > "$T/declared"
	if [ -s "$T/declared" ] && cmp -s "$T/exported" "$T/declared" && ! grep -qv '^tm_' "$T/exported"; then
		ok "api: libtracemerge.so exports exactly the $(wc -l < "$T/declared") TM_API functions, all tm_*"
	else
		notok "api: libtracemerge.so's exports differ from the TM_API declarations"
		diff "$T/declared" "$T/exported" | head -10 | sed 's/^/    /'
	fi
	# (its soname is libtracemerge.so.0, which `make install` links)
	ln -s "$B/libtracemerge.so" "$T/libtracemerge.so.0"
	if "$CXX" -std=c++17 -I"$INC" "$top/tests/api/api_cxx.cc" -o "$T/dyn" -L"$B" -ltracemerge \
		-Wl,-rpath,"$T" > "$T/dyn.out" 2>&1 && "$T/dyn" > "$T/dyn.run" 2>&1; then
		ok "api: a program linked against libtracemerge.so runs: $(cat "$T/dyn.run")"
	else
		notok "api: a program linked against libtracemerge.so"; sed 's/^/    /' "$T/dyn.out" "$T/dyn.run" | head -8
	fi
	# the marker library: an application that only writes markers needs libc
	# and nothing else (examples/record_app is linked against it alone)
	needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' '; }
	nm -D --defined-only "$B/libtracemerge-marker.so" | awk '$2 == "T" { print $3 }' | sed 's/@.*//' |
		sort > "$T/m-exported"
	if [ "$(needed "$B/libtracemerge-marker.so")" = "libc.so.6 " ] &&
	   [ "$(needed "$B/examples/record_app")" = "libc.so.6 " ] &&
	   grep -qx tm_marker_open "$T/m-exported" && [ -z "$(comm -23 "$T/m-exported" "$T/declared")" ]; then
		ok "api: libtracemerge-marker needs libc only, as does record_app linked with it; $(wc -l < "$T/m-exported") TM_API functions"
	else
		notok "api: libtracemerge-marker: needs $(needed "$B/libtracemerge-marker.so")/ record_app $(needed "$B/examples/record_app")"
		comm -23 "$T/m-exported" "$T/declared" | head -5 | sed 's/^/    not declared: /'
	fi
else
	skip "api: the shared libraries' exports (plain build only)"
fi

# The whole job through the public API: examples/merge.c built against the
# installed library with pkg-config alone writes the bytes `tracemerge
# merge` writes and prints each part's relation.  testdata/sync/app.json is
# 5000 s ahead of kernel.txt, its markers' midpoints exactly so (README
# there): offset -5000 s, no drift, error 10.5 us (the issuer's 10 us
# half-width and the kernel's 1 us rounding, halved).
if [ -z "$TM_WRAP" ] && [ "$B" = "$top/build" ]; then
	S=$top/testdata/sync
	if make -s -C "$top" install PREFIX=/usr DESTDIR="$T/inst" > "$T/inst.out" 2>&1 &&
	   sed -i "s|^prefix=.*|prefix=$T/inst/usr|; s|^libdir=.*|libdir=$T/inst/usr/lib|; s|^includedir=.*|includedir=$T/inst/usr/include|" \
		"$T/inst/usr/lib/pkgconfig/tracemerge.pc" &&
	   cc "$top/examples/merge.c" $(PKG_CONFIG_PATH="$T/inst/usr/lib/pkgconfig" pkg-config --cflags --libs tracemerge) \
		-Wl,-rpath,"$T/inst/usr/lib" -o "$T/merge" > "$T/cc.out" 2>&1; then
		ok "api: examples/merge.c builds with pkg-config --cflags --libs tracemerge alone"
		if "$T/merge" "$T/ex.json" "$S/kernel.txt" "$S/app.json" > "$T/ex.out" 2>&1 &&
		   $TM merge -q -o "$T/cli.json" "$S/kernel.txt" "$S/app.json" && cmp -s "$T/ex.json" "$T/cli.json"; then
			ok "api: examples/merge.c writes the bytes of tracemerge merge"
		else
			notok "api: examples/merge.c against tracemerge merge"; sed 's/^/    /' "$T/ex.out" | head -5
		fi
		want="$S/app.json: json ($S/app.json (json)): offset -5000000000000 ns, drift 0.000 ppm, error bound 10500 ns, from markers"
		if grep -qxF "$want" "$T/ex.out" && grep -q "kernel.txt: kernel (.*): the output clock" "$T/ex.out"; then
			ok "api: examples/merge.c prints app.json's offset -5000 s, error 10.5 us"
		else
			notok "api: examples/merge.c's relations"; sed 's/^/    /' "$T/ex.out" | head -5
		fi
	else
		notok "api: examples/merge.c against the installed library"
		sed 's/^/    /' "$T/inst.out" "$T/cc.out" | head -8
	fi
else
	skip "api: examples/merge.c against the installed library (plain build only)"
fi
