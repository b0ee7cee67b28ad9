#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Set up ../shared/tools/viewer-check (Catapult importer in node + Perfetto's
# trace_processor from Debian's chromium-shell) in build/viewer-check, once.
# tests/viewers/viewers.sh uses it; without it those checks are reported as skipped.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/../shared/tools/viewer-check
dst=$top/build/viewer-check
[ -x "$dst/perfetto/tp_query" ] && [ -d "$dst/node_modules/traceviewer" ] && exit 0
[ -d "$src" ] || { echo "viewer-check: $src missing" >&2; exit 1; }
mkdir -p "$dst"
cp -r "$src/." "$dst/"
cd "$dst"
sh setup.sh > setup.log 2>&1 || { tail -n 20 setup.log >&2; exit 1; }
echo "viewer-check: ready in $dst"
