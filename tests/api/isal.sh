#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The build without ISA-L (make ISAL=no): every file with code for
# TM_HAVE_ISAL compiles, with the build's warnings, without it too.  (Both
# engines' bytes are compared in one build, zlib being the reference
# path's: tests/unit/test_input.c, fuzz/fuzz_inflate.c.)
. "$(dirname "$0")/../lib.sh"
cd "$top" || exit 1
layers=$(sed -e 's/#.*//' src/layers | grep -v '^ *$')
incs=$(for l in $layers; do printf ' -I%s' "$l"; done)
pkgs="json-c zlib libtracecmd libtracefs libtraceevent"
if ! command -v "${CC:-cc}" >/dev/null 2>&1 || ! pkg-config --exists $pkgs 2>/dev/null; then
	skip "isal: no compiler or headers"
	exit 0
fi
for f in $(grep -l 'TM_HAVE_ISAL' $(for l in $layers; do ls "$l"/*.c; done)); do
	check "isal: $f compiles without ISA-L" "${CC:-cc}" -std=gnu11 -fsyntax-only -Wall -Wextra \
		-Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -D_GNU_SOURCE -Iinclude $incs \
		$(pkg-config --cflags $pkgs) "$f"
done
