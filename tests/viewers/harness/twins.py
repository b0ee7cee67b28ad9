#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# twins.py - checks, in view.js's facts of a merged trace (loaded with
# --slices), that every application slice starts with its atrace twin: each
# matched slice name comes an even number of times, and the starts, sorted,
# pair up within LIMIT µs (default 1).  Catapult's "low resolution" warning
# (a displayTimeUnit other than ms) is a display heuristic and is allowed;
# any other warning fails.
# usage: twins.py FACTS_FILE [LIMIT_US]
# Prints the number of names and the worst difference; exits 1 on a failure.
import collections
import json
import sys


def main():
    facts = json.loads(open(sys.argv[1]).read().strip().splitlines()[-1])
    limit = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    warn = [w for w in facts.get("import_warnings", []) if w.get("type") != "low_resolution_timer"]
    if not facts["ok"] or warn:
        sys.exit("the viewer did not read the trace cleanly: %s" % (facts.get("error") or warn))
    starts = collections.defaultdict(list)
    for s in facts["matched_slices"]:
        starts[s["name"]].append(s["start_ms"])
    if not starts:
        sys.exit("no slices matched")
    worst = 0
    for name, v in starts.items():
        if len(v) % 2:
            sys.exit("slice %s has no twin: starts %s" % (name, v))
        v.sort()
        for a, b in zip(v[0::2], v[1::2]):
            worst = max(worst, abs(a - b) * 1000)
    if worst >= limit:
        sys.exit("%d slice names, worst twin difference %.3f us (limit %g us)" % (len(starts), worst, limit))
    print("%d slice names, worst twin difference %.3f us" % (len(starts), worst))


if __name__ == "__main__":
    main()
