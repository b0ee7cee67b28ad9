#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# known.py - checks that the viewers answer as expected on the known traces.
# usage: python3 known.py FACTS_FILE
# For each line "FILE ENGINE KEY VALUE" of FACTS_FILE (see known/facts.txt)
# it loads FILE (beside FACTS_FILE) with view.js in ENGINE, once per file and
# engine, and compares fact KEY with VALUE.  Prints one line per difference;
# exits 0 when there is none, 1 otherwise.
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def fact(facts, key):
    """Returns the fact at dotted path KEY, or raises KeyError."""
    v = facts
    for part in key.split("."):
        v = v[part]
    return v


def main():
    path = sys.argv[1]
    folder = os.path.dirname(os.path.abspath(path))
    loaded = {}
    bad = 0
    for n, line in enumerate(open(path), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, engine, key, value = line.split(None, 3)
        if (name, engine) not in loaded:
            run = subprocess.run(["node", os.path.join(HERE, "view.js"), "--engine", engine,
                                  os.path.join(folder, name)], capture_output=True, text=True)
            if run.returncode not in (0, 1):
                print("%s in %s: view.js failed: %s" % (name, engine, run.stderr.strip()))
                return 1
            loaded[name, engine] = json.loads(run.stdout)
        want = json.loads(value)
        try:
            got = fact(loaded[name, engine], key)
        except (KeyError, TypeError):
            got = "(no such fact)"
        if got != want:
            print("%s in %s: %s is %s, not %s (%s:%d)"
                  % (name, engine, key, json.dumps(got), value, path, n))
            bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main())
