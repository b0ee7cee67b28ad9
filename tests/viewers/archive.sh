#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# merge --format=perfetto opened in Perfetto's trace_processor (the harness's
# tp-query): every application slice lands within the reported error bound
# (the manifest's tracemerge.error_ns attributes) of its atrace twin in the
# kernel trace, whose time is known by hand (testdata/sync/README), with no
# event dropped or left unplaced; for pairs with markers, a legacy parent_ts,
# drift, an --offset, the app as the output clock, and a Perfetto proto;
# a proto and a JSON linked by the proto's clock snapshots only, protos on
# the mono_raw and global clocks, inputs on machines named by --machine.
# Skips visibly when the viewers are not set up.
. "$(dirname "$0")/../lib.sh"
find_vc
if [ -z "$VC" ]; then
	skip "viewers: archives ($VIEW_WHY)"
	exit 0
fi
S=$top/testdata/sync

cat > "$T/twins.py" <<'PY'
# ARCHIVE TPJSON KTID NAME=KERNEL_NS...: each NAME has one slice on thread
# KTID at KERNEL_NS (within 1 us: Perfetto reads JSON times as doubles) and
# one on another thread within the bound of it; no error stats (with
# $DROPPED: exactly that many events dropped before 0, and nothing else).
import json, os, sys, tarfile, zipfile
arch, tp, ktid = sys.argv[1], sys.argv[2], sys.argv[3]
if arch.endswith(".zip"):
    man = zipfile.ZipFile(arch).read("perfetto_manifest.json")
else:
    man = tarfile.open(arch).extractfile("perfetto_manifest.json").read()
attrs = json.loads(man)["perfetto_manifest"]["attributes"]
bound = max([v for k, v in attrs.items() if k.startswith("tracemerge.error_ns.")] or [0])
r = json.load(open(tp))
if not r.get("parse_ok"):
    sys.exit("trace_processor: %s" % r)
rows, stats = (q["rows"][1:] for q in r["queries"][:2])
want = [["trace_sorter_negative_timestamp_dropped", os.environ["DROPPED"]]] if os.environ.get("DROPPED") else []
if stats != want:
    sys.exit("error stats: %s, not %s" % (stats, want))
worst = 0
for arg in sys.argv[4:]:
    name, kns = arg.split("=")
    k = [int(ts) for n, ts, tid in rows if n == name and str(tid) == ktid]
    a = [int(ts) for n, ts, tid in rows if n == name and str(tid) != ktid]
    if len(k) != 1 or len(a) != 1:
        sys.exit("%s: kernel %s, app %s (want one each)" % (name, k, a))
    if abs(k[0] - int(kns)) > 1000:
        sys.exit("%s: kernel twin at %d, not %s" % (name, k[0], kns))
    if abs(a[0] - k[0]) > bound + 1000:
        sys.exit("%s: app at %d, %d ns from its twin at %d (bound %d)" % (name, a[0], a[0] - k[0], k[0], bound))
    worst = max(worst, abs(a[0] - k[0]))
print("%d twins, at most %d ns apart, bound %d ns" % (len(sys.argv) - 4, worst, bound))
PY
SQL_SLICES="select s.name, s.ts, t.tid from slice s join thread_track tt on s.track_id = tt.id join thread t using(utid) order by s.ts"
SQL_STATS="select name, value from stats where value > 0 and severity in ('error', 'data_loss')"

SQL_MACHINES="select name from machine where name is not null"

# CHECKER NAME ARCHIVE ARGS... -- MERGE ARGS...: merge into ARCHIVE, open it
# in trace_processor, then python3 CHECKER.py ARCHIVE TPJSON ARGS...
in_tp() {
	_py=$1 _n=$2 _a=$3; shift 3
	_args=""
	while [ "$1" != "--" ]; do _args="$_args $1"; shift; done
	shift
	if ! $TM merge -q --format=perfetto -o "$_a" "$@" > "$T/e" 2>&1; then
		notok "viewers: archive $_n: merge failed"; sed 's/^/    /' "$T/e" | head -5; return
	fi
	"$VC/tp-query" "$_a" "$SQL_SLICES" "$SQL_STATS" "$SQL_MACHINES" > "$T/tp.json" 2>"$T/tp.err"
	# shellcheck disable=SC2086
	lcheck "viewers: archive $_n in trace_processor" python3 "$T/$_py.py" "$_a" "$T/tp.json" $_args
}
# NAME ARCHIVE KTID NAME=NS... -- MERGE ARGS...
twins() { in_tp twins "$@"; }

twins "kernel.txt + app.json (markers, 5000 s; tar)" "$T/a.tar" 4242 work=100500000000 \
	-- "$S/kernel.txt" "$S/app.json"
twins "kernel.txt + app.json (zip)" "$T/a.zip" 4242 work=100500000000 \
	-- "$S/kernel.txt" "$S/app.json"
twins "kernel_parent.txt + app_mono.json (legacy parent_ts)" "$T/p.tar" 4242 work=100500000000 \
	-- "$S/kernel_parent.txt" "$S/app_mono.json"
twins "kernel_parent.txt + app_legacy.json (no clock domain: CLOCK_MONOTONIC)" "$T/l.tar" 4242 work=100500000000 \
	-- "$S/kernel_parent.txt" "$S/app_legacy.json"
twins "kernel_drift.txt + app_drift.json (40 ppm drift)" "$T/d.tar" 4242 \
	slice0=1000250000000 slice1=1001250000000 slice2=1002250000000 slice3=1003250000000 \
	slice4=1004250000000 slice5=1005250000000 slice6=1006250000000 slice7=1007250000000 \
	slice8=1008250000000 slice9=1009250000000 \
	-- "$S/kernel_drift.txt" "$S/app_drift.json"
twins "app_nomarkers.json, --offset -5000s (negative: rewritten)" "$T/o.tar" 4242 work=100500000000 \
	-- --offset "$S/app_nomarkers.json=-5000s" "$S/kernel.txt" "$S/app_nomarkers.json"
twins "kernel_proto.pb (a Perfetto proto, BOOTTIME) + app.json (markers)" "$T/pb.tar" 4242 work=100500000000 \
	-- "$S/kernel_proto.pb" "$S/app.json"
# --clock=app: the app's clock is the timeline (the kernel 5000 s later)
twins "--clock=app kernel.txt + app.json" "$T/c.tar" 4242 work=5100500000000 \
	-- --clock=app "$S/kernel.txt" "$S/app.json"

# ---- a Perfetto proto and a Chrome JSON without markers: the proto's snapshots ----
cat > "$T/slices.py" <<'PY2'
# ARCHIVE TPJSON NAME=NS[,NS...]... [machines=A,B]: the slices of each NAME are at
# exactly those times (sorted; within 1 us: Perfetto reads JSON times as
# doubles), on machines of those names when given; no error stats
import json, sys
r = json.load(open(sys.argv[2]))
if not r.get("parse_ok"):
    sys.exit("trace_processor: %s" % r)
rows, stats, machines = (q["rows"][1:] for q in r["queries"])
if stats:
    sys.exit("error stats: %s" % stats)
for arg in sys.argv[3:]:
    name, want = arg.split("=")
    want = sorted(want.split(","))
    if name == "machines":
        got = sorted(m for m, in machines)
        if got != want:
            sys.exit("machines %s, not %s" % (got, want))
        continue
    got = sorted(int(ts) for n, ts, _ in rows if n == name)
    if len(got) != len(want) or any(abs(g - int(w)) > 1000 for g, w in zip(got, sorted(int(w) for w in want))):
        sys.exit("%s at %s, not %s" % (name, got, want))
print("as worked out")
PY2
# NAME ARCHIVE NAME=NS,... [machines=A,B] -- MERGE ARGS...
slices_at() { in_tp slices "$@"; }
P=$top/testdata/perfetto
# clock_pair.pb: work at BOOTTIME 100.5 s, frame at 101.2500005 s; its
# snapshot: MONOTONIC = BOOTTIME - 10 s.  clock_app_mono.json's work at
# MONOTONIC 90.5 s and frame at 91.2500005 s are those instants: no marker,
# the manifest's +10 s to the proto's BOOTTIME puts them on their twins
slices_at "clock_pair.pb + clock_app_mono.json (the proto's snapshot, no markers)" "$T/s1.tar" \
	work=100500000000,100500000000 frame=101250000500,101250000500 \
	-- "$P/clock_pair.pb" "$P/clock_app_mono.json"
slices_at "clock_pair.pb + clock_app_legacy.json (no clock domain: CLOCK_MONOTONIC, the snapshot)" "$T/s2.zip" \
	work=100500000000,100500000000 frame=101250000500,101250000500 \
	-- "$P/clock_pair.pb" "$P/clock_app_legacy.json"
# clock_monoraw.pb: ftrace on mono_raw, work at MONOTONIC_RAW 95.5 s =
# MONOTONIC 90.5 s (snapshot: MONOTONIC_RAW = MONOTONIC + 5 s), the app's
# work; its frame (91.2500005 s MONOTONIC) at 96.2500005 s.  Taken for
# BOOTTIME, the app's slices were 5 s before the kernel's
slices_at "clock_monoraw.pb (mono_raw: MONOTONIC_RAW) + clock_app_mono.json" "$T/s3.tar" \
	work=95500000000,95500000000 frame=96250000500 \
	-- "$P/clock_monoraw.pb" "$P/clock_app_mono.json"
# the global clock: Perfetto puts clock_global.pb's work (global 50.5 s) at
# BOOTTIME 100.500001 s; converted, it is at 50.5 s on the conversion's
# timeline, and the app's work (MONOTONIC 90.5 s = BOOTTIME 100.5 s =
# global 50.499999 s) 1 us before it; the app's frame at 51.2499995 s
slices_at "clock_global.pb (global clock: converted) + clock_app_mono.json" "$T/s4.tar" \
	work=50500000000,50499999000 frame=51249999500 \
	-- "$P/clock_global.pb" "$P/clock_app_mono.json"

# ---- machines ------------------------------------------------------------------------
# kernel_proto.pb on machine phone; kernel.txt made 50 s later on machine
# host: the markers s1..s3 give -50 s, so both work slices at 100.5 s
sed 's/ 10\([0-9]\)\./ 15\1./' "$S/kernel.txt" > "$T/kernel_late.txt"
slices_at "kernel_proto.pb (machine phone) + a kernel text 50 s later (machine host), linked by markers" "$T/m2.tar" \
	work=100500000000,100500000000 machines=host,phone \
	-- --machine "$S/kernel_proto.pb=phone" --machine "$T/kernel_late.txt=host" "$S/kernel_proto.pb" "$T/kernel_late.txt"
twins "kernel.txt (machine host) + app.json (machine phone)" "$T/m1.tar" 4242 work=100500000000 \
	-- --machine "$S/kernel.txt=host" --machine "$S/app.json=phone" "$S/kernel.txt" "$S/app.json"
# --clock=app: kernel.txt on a machine of its own goes in as it is, its
# MONOTONIC RELATEd to app.json's own timeline (+5000 s)
twins "--clock=app, kernel.txt as it is on machine host" "$T/m4.tar" 4242 work=5100500000000 \
	-- --clock=app --machine "$S/kernel.txt=host" "$S/kernel.txt" "$S/app.json"

# An offset not negative keeps the JSON as it is: app.json's clock shifted
# back by 5001 s (work at 99.5 s on it), then --offset +1s
python3 - "$S/app_nomarkers.json" "$T/behind.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for e in d["traceEvents"]:
    if "ts" in e:
        e["ts"] = float(e["ts"]) - 5001e6
json.dump(d, open(sys.argv[2], "w"))
PY
twins "a JSON 1 s behind, --offset +1s: as it is, offset_ns in the manifest" "$T/b.tar" 4242 work=100500000000 \
	-- --offset "$T/behind.json=+1s" "$S/kernel.txt" "$T/behind.json"
check "viewers: archive: behind.json went in as it is with offset_ns 1000000000" \
	sh -c "tar xOf '$T/b.tar' perfetto_manifest.json | grep -q '\"path\":\"behind.json\",\"clocks\":{\"sync_to\":{\"file\":\"kernel.txt\",\"clock\":\"MONOTONIC\"},\"offset_ns\":1000000000}' &&
	       tar xOf '$T/b.tar' behind.json | cmp - '$T/behind.json'"

# ---- the clocks Perfetto gives each kind of file (doc/clock-sync.md) ------------
# trace_time_clock_id of a file opened alone: 3 (MONOTONIC) for ftrace text
# whatever its `# clock_type=` says; for a Trace Event JSON a clock of its
# own, none of the six POSIX clocks a manifest can name (ids 1-6; 11 here).
clock_id() { # FILE: its trace_time_clock_id in trace_processor
	"$VC/tp-query" "$1" "select int_value from metadata where name = 'trace_time_clock_id'" |
		python3 -c 'import json,sys; r=json.load(sys.stdin)["queries"][0]["rows"]; print(r[1][0] if len(r) > 1 else "none")'
}
for h in "" "# clock_type=LINUX_CLOCK_MONOTONIC" "# clock_type=BOOTTIME" "# clock_type=LINUX_CLOCK_REALTIME" "# clock_type=boot"; do
	{ head -n 1 "$S/kernel.txt"; [ -n "$h" ] && echo "$h"; sed 1d "$S/kernel.txt"; } > "$T/kh.txt"
	id=$(clock_id "$T/kh.txt")
	if [ "$id" = 3 ]; then ok "viewers: clocks: ftrace text with '${h:-no clock_type}' is on MONOTONIC (3)"
	else notok "viewers: clocks: ftrace text with '${h:-no clock_type}' is on MONOTONIC (3), not $id"; fi
done
for j in app.json app_mono.json; do
	id=$(clock_id "$S/$j")
	if [ "$id" != none ] && [ "$id" -gt 6 ]; then ok "viewers: clocks: $j is on a clock of its own ($id)"
	else notok "viewers: clocks: $j is on a clock of its own, not $id"; fi
done
# the wrong clock is silently not applied: app.json PINned to kernel.txt's
# BOOTTIME (which that file does not have) leaves the kernel's work slice out
python3 - "$S/kernel.txt" "$S/app.json" "$T/wrong.tar" <<'PY'
import io, json, sys, tarfile
man = {"perfetto_manifest": {"version": 1, "trace_time": {"clock": "BOOTTIME"}, "files": [
    {"path": "kernel.txt"},
    {"path": "app.json", "clocks": {"sync_to": {"file": "kernel.txt", "clock": "BOOTTIME"},
                                    "offset_ns": -5000000000000}}]}}
with tarfile.open(sys.argv[3], "w", format=tarfile.USTAR_FORMAT) as t:
    for name, data in (("perfetto_manifest.json", json.dumps(man).encode()),
                       ("kernel.txt", open(sys.argv[1], "rb").read()),
                       ("app.json", open(sys.argv[2], "rb").read())):
        ti = tarfile.TarInfo(name); ti.size = len(data); t.addfile(ti, io.BytesIO(data))
PY
n=$("$VC/tp-query" "$T/wrong.tar" "select count(*) from slice where name = 'work'" |
	python3 -c 'import json,sys; print(json.load(sys.stdin)["queries"][0]["rows"][1][0])')
if [ "$n" = 1 ]; then ok "viewers: clocks: kernel text related as BOOTTIME: its work slice is dropped (1 of 2 left)"
else notok "viewers: clocks: kernel text related as BOOTTIME: 1 work slice left, not $n"; fi

# ---- sync --manifest, packed by hand with tar ------------------------------------
# NAME ARCHIVE KTID NAME=NS... -- SYNC ARGS... (run in testdata/sync, names
# as given are the members)
hand_packed() {
	_n=$1 _a=$2; shift 2
	_pairs=""
	while [ "$1" != "--" ]; do _pairs="$_pairs $1"; shift; done
	shift
	mkdir -p "$T/hand"
	if ! (cd "$S" && $TM sync -q --manifest "$@") > "$T/hand/perfetto_manifest.json" 2> "$T/e"; then
		notok "viewers: sync --manifest $_n: sync failed"; sed 's/^/    /' "$T/e" | head -5; return
	fi
	_files=$(python3 -c 'import json,sys; print(" ".join(f["path"] for f in json.load(open(sys.argv[1]))["perfetto_manifest"]["files"]))' "$T/hand/perfetto_manifest.json")
	# shellcheck disable=SC2086
	tar cf "$_a" -C "$T/hand" perfetto_manifest.json -C "$S" $_files
	"$VC/tp-query" "$_a" "$SQL_SLICES" "$SQL_STATS" > "$T/tp.json" 2>"$T/tp.err"
	# shellcheck disable=SC2086
	lcheck "viewers: sync --manifest $_n, packed with tar, in trace_processor" python3 "$T/twins.py" "$_a" "$T/tp.json" $_pairs
}
# app.json at -5000 s: its 2 metadata events (process_name, thread_name, no
# ts) are moved before 0 and dropped (why merge --format=perfetto converts
# it); its slices land all the same
DROPPED=2 hand_packed "kernel.txt + app.json (-5000 s: 2 metadata events dropped)" "$T/h1.tar" 4242 work=100500000000 -- kernel.txt app.json
DROPPED=2 hand_packed "kernel_proto.pb + app.json (-5000 s: 2 metadata events dropped)" "$T/h2.tar" 4242 work=100500000000 -- kernel_proto.pb app.json
hand_packed "kernel_parent.txt + app_mono.json (parent_ts, -100 s, no metadata events: none dropped)" "$T/h4.tar" 4242 work=100500000000 -- kernel_parent.txt app_mono.json
# a second kernel text, 100 s behind: RELATEd on a machine of its own (both
# kernels' work slices are on tid 4242: count them by hand)
if (cd "$S" && $TM sync -q --manifest --offset kernel_mono.txt=-100s kernel.txt kernel_mono.txt) > "$T/hand/perfetto_manifest.json" 2>"$T/e"; then
	tar cf "$T/h3.tar" -C "$T/hand" perfetto_manifest.json -C "$S" kernel.txt kernel_mono.txt
	lcheck "viewers: sync --manifest of two kernel texts (one on a machine of its own), packed with tar: both work slices at 100.5 s" \
		sh -c "'$VC/tp-query' '$T/h3.tar' \"select ts from slice where name = 'work'\" |
		       python3 -c 'import json,sys; r=json.load(sys.stdin)[\"queries\"][0][\"rows\"][1:]; print(r); sys.exit(r != [[\"100500000000\"], [\"100500000000\"]])'"
else
	notok "viewers: sync --manifest of two kernel texts"; sed 's/^/    /' "$T/e" | head -5
fi
