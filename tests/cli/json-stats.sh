#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# stats of Trace Event JSON with many names, processes and threads, in an
# order that makes the small caches in front of the maps (src/scan/json-stats.c)
# evict and come back: every count checked against Python's own.
. "$(dirname "$0")/../lib.sh"

python3 -c '
import json, random
rnd = random.Random(7)
evs = []
# name i (1..60) i times, pids and tids from small and large sets, with runs
for i in range(1, 61):
    for _ in range(i):
        evs.append({"name": "n%d" % i, "ph": "X", "ts": len(evs), "dur": 1,
                    "pid": rnd.choice([1, 2, 3, 1000 + i]), "tid": rnd.randrange(40)})
rnd.shuffle(evs)
evs[100:100] = [{"name": "same", "ph": "i", "ts": 5, "pid": 7, "tid": 8}] * 50
evs.append({"name": "x" * 100, "ph": "i", "ts": 1, "pid": -1, "tid": -1})
evs.append({"name": "n1", "ph": "i", "ts": 1, "pid": "p", "tid": 3})
json.dump({"traceEvents": evs}, open("'"$T"'/many.json", "w"))
'
$TM stats --json "$T/many.json" > "$T/many.out" 2>"$T/err"
check "stats json: names, pids and threads of 1,882 events in a shuffled order (as Python counts them)" \
	python3 -c '
import json, sys, collections
r = json.load(open(sys.argv[1]))["inputs"][0]["json"]
evs = json.load(open(sys.argv[2]))["traceEvents"]
names = collections.Counter(e["name"] for e in evs)
pids = {e["pid"] for e in evs if isinstance(e["pid"], int)}
threads = {(e["pid"], e["tid"]) for e in evs if isinstance(e["pid"], int) and isinstance(e["tid"], int)}
assert r["events"] == len(evs), (r["events"], len(evs))
assert r["names"] == len(names), (r["names"], len(names))
assert r["by_name"] == dict(names), sorted(set(r["by_name"].items()) ^ set(names.items()))
assert r["pids"] == len(pids), (r["pids"], len(pids))
assert r["threads"] == len(threads), (r["threads"], len(threads))' "$T/many.out" "$T/many.json"

# ---- a text large enough to be read on two threads (src/scan/json-scan.c) ----------
# 6 MB: the second half has its own names, the lowest ts, the clock_sync
# receivers and a bad ts; the first half the highest ts, the issuers and
# another bad ts.  Counted by Python, and the same with one thread.
python3 -c '
import json
lines = []
n = 64000
for i in range(n):
    half = i >= n // 2
    e = {"name": ("b%d" if half else "a%d") % (i % 97), "ph": "XBEiC"[i % 5],
         "ts": 5000000 - i if half else 1000 + i, "pid": i % 13 + (50 if half else 0),
         "tid": i % 29, "args": {"pad": "x" * 20}}
    if i == n // 3 or i == n - 17:
        e["ts"] = "bad"
    if i % 1000 == 7:
        e = {"name": "clock_sync", "ph": "c", "ts": 3000 + i, "pid": 1, "tid": 1,
             "args": {"sync_id": "s%d" % i}}
        if not half:
            e["args"]["issue_ts"] = 2000 + i
    lines.append(json.dumps(e, separators=(",", ":")))
open("'"$T"'/big.json", "w").write("{\"traceEvents\":[\n" + ",\n".join(lines) + "\n]}\n")
'
$TM stats --json "$T/big.json" > "$T/big.out" 2>"$T/err"
TM_THREADS=1 $TM stats --json "$T/big.json" > "$T/big1.out" 2>"$T/err1"
check "stats json, 6 MB read on two threads: every count as Python makes it" \
	python3 -c '
import json, sys, collections
r = json.load(open(sys.argv[1]))["inputs"][0]
j = r["json"]
raw = open(sys.argv[2]).read().split("\n")
evs = json.loads("\n".join(raw))["traceEvents"]
assert j["events"] == len(evs) == 64000, j["events"]
assert j["by_name"] == dict(collections.Counter(e["name"] for e in evs)), "names"
assert j["names"] == len({e["name"] for e in evs})
assert j["by_phase"] == dict(collections.Counter(e["ph"] for e in evs)), j["by_phase"]
assert j["pids"] == len({e["pid"] for e in evs}), j["pids"]
assert j["threads"] == len({(e["pid"], e["tid"]) for e in evs}), j["threads"]
ts = [e["ts"] for e in evs if isinstance(e["ts"], int)]
assert j["without_ts"] == 2, j["without_ts"]
assert j["time"]["first_s"] == "%.9f" % (min(ts) / 1e6), (j["time"], min(ts))
assert j["time"]["last_s"] == "%.9f" % (max(ts) / 1e6), (j["time"], max(ts))
sync = [e for e in evs if e["name"] == "clock_sync"]
assert j["clock_sync_issuer"] == sum("issue_ts" in e["args"] for e in sync) == 32
assert j["clock_sync_receiver"] == len(sync) - 32
# the two bad ts, at their lines (the text has one event a line from line 2)
bad = [i + 2 for i, e in enumerate(evs) if e["ts"] == "bad"]
w = [x for x in r["warnings"] if x["kind"] == "json-bad-value"]
assert len(w) == 1 and w[0]["count"] == 2, w
assert w[0]["locations"] == ["%s:%d" % (sys.argv[2], l) for l in bad], (w, bad)
assert raw[bad[1] - 1].count("\"bad\"") == 1
' "$T/big.out" "$T/big.json"
check "stats json, 6 MB: two threads and one give the same report" cmp "$T/big.out" "$T/big1.out"
