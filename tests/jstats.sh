#!/bin/sh
# stats of Trace Event JSON with many names, processes and threads, in an
# order that makes the small caches in front of the maps (src/jstats.c)
# evict and come back: every count checked against Python's own.
. "$(dirname "$0")/lib.sh"

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
