#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# End-to-end merge of a REAL capture made here: tool_live_app records a
# kernel trace (private tracefs instance, trace_clock mono, sched events) and
# plays an application that writes its own Trace Event JSON stamped with
# CLOCK_REALTIME, CLOCK_BOOTTIME or CLOCK_MONOTONIC (each also made to run
# 50 ppm fast: a drifting app clock), clock-sync handshakes in both, and every
# slice twice: a JSON B/E event (app clock) and an atrace B/E marker (kernel
# clock) written right after the app's clock read.  `tracemerge merge` must
# put the two copies of each slice at the same time in Perfetto and in
# Catapult, and the kernel's scheduling around the application's slices.
# `merge --format=perfetto` must do the same in trace_processor with the
# Perfetto merge archive (TAR for some clocks, ZIP for others).
#
# A JSON B event's args.marker_write_ns is how long the atrace marker write
# took: the kernel stamped the marker somewhere in [ts, ts + marker_write_ns]
# of the app clock.  So, with E = the error bound `sync` reports for the JSON
# stream and Q = 500 ns (the kernel's text rounds its stamps to the µs), a
# correct merge puts the atrace start at
#     JSON start + [-E - Q, marker_write_ns + E + Q]
# and no further than 50 µs outside [JSON start, JSON start + marker_write_ns]
# (under load a preempted marker write can take a millisecond).
# "< E" alone does not hold for a correct merge: the first marker write after
# a few ms without one takes 8-18 µs here, so the atrace stamp trails the
# app's clock read by more than the handshakes' error bound; the ok lines
# count those slices ("beyond the bound alone").  The bound itself is checked
# against the truth: the tool reads the app clock and CLOCK_MONOTONIC directly.
# The ok lines print the measured max |atrace - JSON| per engine and clock.
#
# Skips visibly when not root / no tracefs (the tool exits 77) or when
# the viewers are not set up (for the viewer parts).
. "$(dirname "$0")/../lib.sh"
case ${TM_BUILD:-build} in
/*) TOOL=${TM_BUILD}/tests/live/tool_live_app ;;
*) TOOL=$top/${TM_BUILD:-build}/tests/live/tool_live_app ;;
esac
find_vc

if [ ! -x "$TOOL" ]; then
	notok "live merge: $TOOL not built (make tests)"
	exit 0
fi

cat > "$T/live.py" <<'PY'
"""Checks for live_merge.sh; each command prints one line, exit 1 = failed."""
import json, sys
from decimal import Decimal

def ns_of_us(v):                      # exact: µs text -> int ns
    return int(Decimal(str(v)) * 1000)

def app_slices(path):
    """name -> (ts_ns, marker_write_ns) of the JSON B events, from the app file."""
    j = json.load(open(path), parse_float=Decimal)
    out = {}
    for e in j["traceEvents"]:
        if e.get("ph") == "B" and e.get("name", "").startswith("live_slice_"):
            out[e["name"]] = (ns_of_us(e["ts"]), int(e["args"]["marker_write_ns"]))
    return out

def stream(sync_path, side):
    j = json.load(open(sync_path))
    for i in j["inputs"]:
        for s in i["streams"]:
            if s["side"] == side:
                return s
    sys.exit("no %s stream in the sync report" % side)

def rows(tp, k):
    q = tp["queries"][k]
    if q.get("error"):
        sys.exit("query %d: %s" % (k, q["error"]))
    return q["rows"][1:]

def judge(pairs, app, err, limit):
    """pairs: name -> (json_start_ns, atrace_start_ns)."""
    bad, worst, beyond_err, wmax = [], 0, 0, 0
    for name, (ts_app, wns) in sorted(app.items()):
        if name not in pairs:
            bad.append("%s: not found twice" % name)
            continue
        js, at = pairs[name]
        d = at - js
        worst = max(worst, abs(d))
        wmax = max(wmax, wns)
        beyond_err += abs(d) > err
        # how far the atrace stamp lies outside the write it was made in
        # (a preempted write can take ms under load; that is not alignment)
        dev = max(-d, d - wns, 0)
        if not (-err - Q <= d <= wns + err + Q) or dev >= limit:
            bad.append("%s: atrace - json = %+d ns (allowed %d .. %d, outside the write by < %d)"
                       % (name, d, -err - Q, wns + err + Q, limit))
    line = ("max |atrace - json| = %.3f us over %d slices (sync error bound %.3f us, "
            "max marker write %.3f us, %d beyond the bound alone)"
            % (worst / 1e3, len(app), err / 1e3, wmax / 1e3, beyond_err))
    print(line)
    if bad or len(pairs) != len(app):
        print("  extra names: %s" % sorted(set(pairs) - set(app)))
        for b in bad[:10]:
            print("  " + b)
        sys.exit(1)

def cmd_error(sync_path):
    s = stream(sync_path, "json")
    if not s.get("linked"):
        sys.exit("json stream not linked: %s" % s)
    print(s["error_ns"])

def cmd_offset(sync_path, want):
    s = stream(sync_path, "json")
    print("json stream: linked %s, offset_ns %s, how %s" % (s.get("linked"), s.get("offset_ns"),
                                                            s.get("how")))
    if not s.get("linked") or s["offset_ns"] != int(want):
        sys.exit(1)

def cmd_perfetto(tp_path, app_path, err):
    """Query 0: the live slices (name, ts, category, track); 1: sched range."""
    tp = json.load(open(tp_path))
    if not tp.get("parse_ok"):
        sys.exit("trace did not parse: %s" % tp)
    app = app_slices(app_path)
    by = {}
    for name, ts, cat, track, utid in rows(tp, 0):
        by.setdefault(name, []).append((int(ts), cat, track, utid))
    pairs = {}
    for name, v in by.items():
        js = [t for t in v if t[1] == "app"]
        at = [t for t in v if t[1] != "app"]
        if len(js) == 1 and len(at) == 1:
            pairs[name] = (js[0][0], at[0][0])
        else:
            print("%s: %d rows: %s" % (name, len(v), v))
    judge(pairs, app, int(err), LIMIT)

def overlap(kmin, kmax, kts, smin, smax):
    """JSON slices within the kernel's range +- 1 s; a switch inside the app's."""
    inside = sum(1 for t in kts if smin <= t <= smax)
    print("app slices %.6f .. %.6f s, sched %.6f .. %.6f s, %d sched switches inside"
          % (smin / 1e9, smax / 1e9, kmin / 1e9, kmax / 1e9, inside))
    if not (kmin - 10**9 <= smin and smax <= kmax + 10**9) or inside == 0:
        sys.exit(1)

def cmd_perfetto_sched(tp_path):
    tp = json.load(open(tp_path))
    kts = [int(r[0]) for r in rows(tp, 0)]
    s = rows(tp, 1)[0]
    if not kts:
        sys.exit("no sched slices")
    overlap(min(kts), max(kts), kts, int(s[0]), int(s[1]))

def catapult_slices(lt_path):
    j = json.load(open(lt_path))
    if not j.get("ok"):
        sys.exit("catapult refused the trace: %s" % j.get("error"))
    by = {}
    for s in j["matched_slices"]:
        by.setdefault(s["name"], []).append((ns_of_us(Decimal(str(s["start_ms"])) * 1000),
                                             ns_of_us(Decimal(str(s["dur_ms"])) * 1000)))
    return j, by

def cmd_catapult(lt_path, tp_path, app_path, err):
    """Catapult's list has no thread: the JSON copy of a slice is the one that
    starts where Perfetto's JSON (category app) copy starts, to the ns (both
    read the same traceEvents ts); the other one is the atrace copy."""
    j, by = catapult_slices(lt_path)
    tp = json.load(open(tp_path))
    pjs = {n: int(ts) for n, ts, cat, _, _ in rows(tp, 0) if cat == "app"}
    app = app_slices(app_path)
    pairs = {}
    for name, v in by.items():
        js = [t for t in v if t[0] == pjs.get(name)]
        at = [t for t in v if t[0] != pjs.get(name)]
        if len(v) == 2 and len(js) == 1:
            pairs[name] = (js[0][0], at[0][0])
        else:
            print("%s: catapult starts %s, perfetto's json start %s" % (name, v, pjs.get(name)))
    judge(pairs, app, int(err), LIMIT)
    warn = [w["message"][:100] for w in j["import_warnings"]]
    if warn:
        print("  catapult import warnings (%d): %s" % (j["import_warning_count"], warn[:3]))

def cmd_catapult_sched(lt_path):
    j, by = catapult_slices(lt_path)
    r = j.get("cpu_slice_range_ms")
    if not r or not j.get("cpu_slices"):
        sys.exit("no cpu slices in catapult (cpu_slices %s)" % j.get("cpu_slices"))
    starts = [t for v in by.values() for t in v]
    smin = min(s for s, _ in starts)
    smax = max(s + d for s, d in starts)
    # view.js gives only the range of the cpu slices: the app's slices
    # must lie within it +- 1 s and the two ranges overlap (Perfetto's check
    # looks for a switch inside the app's range)
    kmin, kmax = ns_of_us(Decimal(str(r["min"])) * 1000), ns_of_us(Decimal(str(r["max"])) * 1000)
    print("app slices %.6f .. %.6f s, cpu slices %.6f .. %.6f s (%d)"
          % (smin / 1e9, smax / 1e9, kmin / 1e9, kmax / 1e9, j["cpu_slices"]))
    if not (kmin - 10**9 <= smin and smax <= kmax + 10**9) or not (kmin < smax and smin < kmax):
        sys.exit(1)

def cmd_strip(src, dst):
    """The app file without its clock_sync events (one event per line)."""
    lines = open(src).read().split("\n")
    evs = [l.rstrip(",") for l in lines[1:] if l.startswith("{") and '"ph":"c"' not in l]
    open(dst, "w").write(lines[0] + "\n" + ",\n".join(evs) + "\n" + lines[-2] + "\n")
    json.load(open(dst))

def facts(path):
    return dict(kv.split("=", 1) for kv in open(path).read().split())

def cmd_truth(facts_path, sync_path):
    """The clock relation sync found (app -> kernel) against the true one the
    tool read directly (app clock minus CLOCK_MONOTONIC, the trace clock) at
    two CLOCK_MONOTONIC times, at the start and at the end of the run."""
    f = facts(facts_path)
    unc = int(f["mono_bracket_ns"])
    s = stream(sync_path, "json")
    off = []
    for true_k, mono_k in ((int(f["app_minus_mono_ns"]), int(f["truth_mono_ns"])),
                           (int(f["app_minus_mono_end_ns"]), int(f["truth_mono_end_ns"]))):
        # sync maps an app time a to a + offset_ns + (a - at_ns) * rate;
        # the app's time of that read: its CLOCK_MONOTONIC time + the truth
        a = mono_k + true_k
        est = -(s["offset_ns"] + round((a - s["at_ns"]) * s["rate_ppm"] * 1e-6))
        off.append(est - true_k)
    print("offset off the measured one by %+d ns at the start, %+d ns at the end (sync error "
          "bound %d ns, measurement +-%d ns, rate %.3f ppm)"
          % (off[0], off[1], s["error_ns"], unc, s["rate_ppm"]))
    if max(abs(off[0]), abs(off[1])) > s["error_ns"] + unc:
        sys.exit(1)

def app_events(j):
    """(ph, name, ts_ns) of the application's own B/E/X/C events."""
    return sorted((e["ph"], e.get("name", ""), ns_of_us(e["ts"])) for e in j["traceEvents"]
                  if e.get("ph") in ("B", "E", "X", "C") and e.get("pid") not in (0, None))

def cmd_shifted(merged, app_path, how):
    """Every app B/E/X/C event in MERGED is at its original ts mapped by HOW:
    an offset in ns (exact), or a sync report (offset at at_ns, rate)."""
    if how.lstrip("-").isdigit():
        off, at, rate = int(how), 0, 0.0
    else:
        s = stream(how, "json")
        off, at, rate = s["offset_ns"], s["at_ns"], s["rate_ppm"]
    tol = 0 if rate == 0 else 1
    want = sorted((ph, n, t + off + round((t - at) * rate * 1e-6))
                  for ph, n, t in app_events(json.load(open(app_path), parse_float=Decimal)))
    got = app_events(json.load(open(merged), parse_float=Decimal))
    bad = [(w, g) for w, g in zip(want, got) if w[:2] != g[:2] or abs(w[2] - g[2]) > tol]
    print("%d of %d app events (B/E/X/C) at their ts + %d ns%s" % (
        len(want) - len(bad), len(want), off, "" if rate == 0 else " (rate %g ppm)" % rate))
    if bad or len(want) != len(got):
        print("  %d events in the merged file, %d in the app's; e.g. want/got %s"
              % (len(got), len(want), bad[:3]))
        sys.exit(1)

def parents(ktxt):
    """(kernel ns, CLOCK_MONOTONIC ns) of each parent_ts line, in order."""
    out = []
    for l in open(ktxt):
        if "trace_event_clock_sync: parent_ts=" in l:
            k = l.split(": tracing_mark_write:")[0].split()[-1]
            v = l.rsplit("parent_ts=", 1)[1].strip()
            out.append((ns_of_us(Decimal(k) * 1000000), ns_of_us(Decimal(v) * 1000000)))
    return out

def cmd_legacy_sync(sync_path, ktxt):
    """The JSON's offset is exactly the first parent_ts relation, no rate."""
    s = stream(sync_path, "json")
    p = parents(ktxt)
    rel = [k - v for k, v in p]
    print("json stream: offset %s ns, error bound %s ns, how '%s'; parent_ts relations "
          "(kernel - mono) %s ns" % (s.get("offset_ns"), s.get("error_ns"), s.get("how"), rel))
    if (len(p) != 2 or not s.get("linked") or s["offset_ns"] != rel[0] or s["rate_ppm"] != 0
            or not s["how"].startswith("assumed CLOCK_MONOTONIC")):
        sys.exit(1)

def cmd_legacy_allow(sync_path, ktxt, facts_path):
    """What a slice may lie off its twin by beyond its own marker write: the
    bound sync reports, plus what the legacy marker cannot tell: its value is
    the CLOCK_MONOTONIC read before the write, cut to the us (< 1 us + the
    write's time, parent_write_ns), and the kernel clock's drift against
    CLOCK_MONOTONIC over the run (the two parent_ts lines; only the first is used)."""
    s = stream(sync_path, "json")
    rel = [k - v for k, v in parents(ktxt)]
    pw = int(facts(facts_path)["parent_write_ns"])
    print(s["error_ns"] + 1000 + pw + abs(rel[-1] - rel[0]))

LIMIT = 50000
Q = 500                               # the kernel text's µs rounding
cmd = sys.argv[1]
globals()["cmd_" + cmd](*sys.argv[2:])
PY
live() { python3 "$T/live.py" "$@"; }
# like check, with the command's first output line (the numbers) in the ok line
lcheck() { # NAME CMD...
	_n=$1; shift
	if "$@" > "$T/out" 2>&1; then
		ok "$_n: $(head -n 1 "$T/out")"; sed '1d' "$T/out" | head -n 5 | sed 's/^/    /'
	else
		notok "$_n: $(head -n 1 "$T/out")"; sed '1d' "$T/out" | head -n 20 | sed 's/^/    /'
	fi
}

# capture CLOCK DIR [DRIFT_PPM]: tool_live_app's pair in DIR (k.txt, app.json,
# facts); 0 done, 1 failed (said); the test ends here with a skip without tracefs
capture() {
	mkdir -p "$2"
	"$TOOL" --clock "$1" --drift "${3:-0}" --kernel "$2/k.txt" --json "$2/app.json" > "$2/facts" 2> "$2/tool.err"
	_rc=$?
	if [ $_rc = 77 ]; then
		skip "live merge: $(sed 's/^tool_live_app: //' "$2/tool.err" | head -n 1)"
		exit 0
	fi
	if [ $_rc != 0 ]; then
		notok "live merge ($1): capture failed (exit $_rc)"; sed 's/^/    /' "$2/tool.err"
		return 1
	fi
	ok "live merge ($1): captured: $(cat "$2/facts")"
}

# archive_twins NAME DIR EXT ALLOWED: merge --format=perfetto of DIR's pair
# into DIR/merged.EXT, opened in trace_processor: every slice twice, the
# atrace copy within ALLOWED of the JSON one (as live.py perfetto judges
# the JSON output); the ok line says how app.json went in
archive_twins() {
	if ! $TM merge -q --format=perfetto -o "$2/merged.$3" "$2/k.txt" "$2/app.json" > "$2/arch.out" 2>&1; then
		notok "$1: merge --format=perfetto exits 0"; sed 's/^/    /' "$2/arch.out" | head
		return
	fi
	_how=$(python3 -c '
import json, sys, tarfile, zipfile
p = sys.argv[1]
m = zipfile.ZipFile(p).read("perfetto_manifest.json") if p.endswith(".zip") else \
    tarfile.open(p).extractfile("perfetto_manifest.json").read()
print(json.loads(m)["perfetto_manifest"]["attributes"].get("tracemerge.stored.app.json"))' "$2/merged.$3")
	"$VC/tp-query" "$2/merged.$3" "$SQL_SLICES" > "$2/tpa.json" 2> "$2/tpa.err"
	lcheck "$1: perfetto archive (.$3, app.json $_how): every slice twice, same start" \
		live perfetto "$2/tpa.json" "$2/app.json" "$4"
}

# ---- capture + merge + checks, for each application clock -----------------
SQL_SLICES="select s.name, s.ts, s.category, s.track_id, t.utid from slice s
 left join thread_track t on s.track_id = t.id where s.name like 'live_slice_%' order by s.name, s.ts"

n=0
for run in realtime boottime monotonic realtime+50 boottime+50 monotonic+50; do
	clk=$run
	D=$T/$(echo "$run" | tr + _)
	n=$((n + 1))
	t0=$(date +%s.%N)
	capture "${run%+*}" "$D" "$(echo "$run" | sed -n 's/.*+//p')" || continue

	if $TM merge -o "$D/merged.json" "$D/k.txt" "$D/app.json" > "$D/merge.out" 2>&1; then
		ok "live merge ($clk): merge exits 0"
	else
		notok "live merge ($clk): merge exits 0"; sed 's/^/    /' "$D/merge.out" | head -20
		continue
	fi
	if $TM sync --json "$D/k.txt" "$D/app.json" > "$D/sync.json" 2> "$D/sync.err" &&
	   err=$(live error "$D/sync.json" 2> "$D/sync.err"); then
		ok "live merge ($clk): sync links the app clock (error bound $err ns)"
	else
		notok "live merge ($clk): sync links the app clock"; sed 's/^/    /' "$D/sync.err" | head
		continue
	fi
	lcheck "live merge ($clk): sync: the app clock's offset is within the bound of the one measured directly" \
		live truth "$D/facts" "$D/sync.json"
	lcheck "live merge ($clk): merged app events are at their own ts on the reported relation" \
		live shifted "$D/merged.json" "$D/app.json" "$D/sync.json"

	if [ -z "$VC" ]; then
		skip "live merge ($clk): viewer checks ($VIEW_WHY)"
		continue
	fi
	"$VC/tp-query" "$D/merged.json" "$SQL_SLICES" > "$D/tp.json" 2> "$D/tp.err"
	lcheck "live merge ($clk): perfetto: every slice twice (json: category app; atrace: none), same start" \
		live perfetto "$D/tp.json" "$D/app.json" "$err"
	"$VC/tp-query" "$D/merged.json" "select ts from sched order by ts" \
		"select min(s.ts), max(s.ts + s.dur) from slice s where s.name like 'live_slice_%'" \
		> "$D/tps.json" 2>> "$D/tp.err"
	lcheck "live merge ($clk): perfetto: kernel sched overlaps the app's slices" \
		live perfetto_sched "$D/tps.json"

	(node "$VIEW" --slices '^live_slice_' "$D/merged.json") > "$D/lt.json" 2> "$D/lt.err"
	lcheck "live merge ($clk): catapult: every slice twice, same start" \
		live catapult "$D/lt.json" "$D/tp.json" "$D/app.json" "$err"
	lcheck "live merge ($clk): catapult: cpu slices overlap the app's slices" \
		live catapult_sched "$D/lt.json"

	# the Perfetto merge archive: the same slices, the same bound
	ext=tar
	[ $((n % 2)) = 0 ] && ext=zip
	archive_twins "live merge ($clk)" "$D" "$ext" "$err"
	echo "# $clk: $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s"
done

# ---- no markers in the app file: merge must ask for --offset ----------------
D=$T/realtime
if [ -f "$D/app.json" ] && [ -f "$D/k.txt" ]; then
	live strip "$D/app.json" "$D/nosync.json"
	if $TM merge -o "$D/nosync-merged.json" "$D/k.txt" "$D/nosync.json" > "$D/ns.out" 2>&1; then
		notok "live merge: app file without clock_sync: merge fails"; sed 's/^/    /' "$D/ns.out"
	else
		rc=$?
		if [ $rc = 1 ] && grep -q -- '--offset' "$D/ns.out" && [ ! -e "$D/nosync-merged.json" ]; then
			ok "live merge: app file without clock_sync: merge exits 1, suggests --offset, no output"
		else
			notok "live merge: app file without clock_sync: merge exits 1, suggests --offset, no output (exit $rc)"
			sed 's/^/    /' "$D/ns.out" | head
		fi
	fi
	check "live merge: sync --offset on the marker-less app file reports that offset" \
		sh -c "$TM sync --json --offset '$D/nosync.json=+1.5ms' '$D/k.txt' '$D/nosync.json' > '$D/ns-sync.json' &&
		       python3 '$T/live.py' offset '$D/ns-sync.json' 1500000"
	lcheck "live merge: merge --offset shifts every app event by exactly the offset" \
		sh -c "$TM merge -q -o '$D/ns-merged.json' --offset '$D/nosync.json=-2.000123ms' '$D/k.txt' '$D/nosync.json' &&
		       python3 '$T/live.py' shifted '$D/ns-merged.json' '$D/nosync.json' -2000123"
fi

# ---- legacy pair: Chrome JSON without clock domain + parent_ts --------------
# (the pair systrace recorded with Chrome: kernel trace_clock global, JSON on
# CLOCK_MONOTONIC naming no clock domain, parent_ts= markers; see
# tool_live_app.c).  merge needs no option; every slice lands on its atrace
# twin within sync's bound plus the legacy marker's own uncertainty
# (live.py legacy_allow), in Perfetto, the npm Catapult and, with TM_CATAPULT
# (a current catapult checkout), a current one.
D=$T/legacy
capture legacy "$D" || exit 0
if $TM merge -o "$D/merged.json" "$D/k.txt" "$D/app.json" > "$D/merge.out" 2>&1 &&
   grep -q 'sync-json-clock-assumed' "$D/merge.out"; then
	ok "live legacy: merge without options exits 0, says CLOCK_MONOTONIC was assumed"
else
	notok "live legacy: merge without options exits 0"; sed 's/^/    /' "$D/merge.out" | head -20
	exit 0
fi
$TM sync --json "$D/k.txt" "$D/app.json" > "$D/sync.json" 2> "$D/sync.err"
lcheck "live legacy: sync: JSON offset = the first parent_ts relation, no drift" \
	live legacy_sync "$D/sync.json" "$D/k.txt"
lcheck "live legacy: merged app events are at their own ts on the reported relation" \
	live shifted "$D/merged.json" "$D/app.json" "$D/sync.json"
if ! allow=$(live legacy_allow "$D/sync.json" "$D/k.txt" "$D/facts" 2>&1); then
	notok "live legacy: allowance: $allow"
	exit 0
fi
if [ -z "$VC" ]; then
	skip "live legacy: viewer checks ($VIEW_WHY)"
	exit 0
fi
"$VC/tp-query" "$D/merged.json" "$SQL_SLICES" > "$D/tp.json" 2> "$D/tp.err"
lcheck "live legacy: perfetto: every slice twice, same start (within sync's bound + the parent_ts marker's uncertainty: $allow ns)" \
	live perfetto "$D/tp.json" "$D/app.json" "$allow"
(node "$VIEW" --slices '^live_slice_' "$D/merged.json") > "$D/lt.json" 2> "$D/lt.err"
archive_twins "live legacy" "$D" tar "$allow"
lcheck "live legacy: catapult (npm): every slice twice, same start (within sync's bound + the parent_ts marker's uncertainty: $allow ns)" \
	live catapult "$D/lt.json" "$D/tp.json" "$D/app.json" "$allow"
lcheck "live legacy: catapult (npm): cpu slices overlap the app's slices" \
	live catapult_sched "$D/lt.json"
if [ -n "${TM_CATAPULT:-}" ] && [ -f "$TM_CATAPULT/catapult_build/node_bootstrap.js" ]; then
	(node "$VIEW" --catapult "$TM_CATAPULT" --slices '^live_slice_' "$D/merged.json") \
		> "$D/ltc.json" 2> "$D/ltc.err"
	lcheck "live legacy: current catapult: every slice twice, same start (within sync's bound + the parent_ts marker's uncertainty: $allow ns)" \
		live catapult "$D/ltc.json" "$D/tp.json" "$D/app.json" "$allow"
	lcheck "live legacy: current catapult: cpu slices overlap the app's slices" \
		live catapult_sched "$D/ltc.json"
else
	skip "live legacy: current catapult (set TM_CATAPULT to a catapult checkout)"
fi
