#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# merge --format=perfetto and sync --manifest without a viewer: which files
# go in as they are, the manifest's relations (offsets worked out from
# testdata/sync/README), member names, and the bad cases (a usage error or
# an input error before any file is written).  What trace_processor makes of
# the archives: tests/viewers/archive.sh.
. "$(dirname "$0")/../lib.sh"
S=$top/testdata/sync

# the manifest of archive $1 as one JSON value (tar or zip)
cat > "$T/man.py" <<'PY'
import json, sys, tarfile, zipfile
p = sys.argv[1]
if p.endswith(".zip"):
    z = zipfile.ZipFile(p); names = z.namelist(); data = {n: z.read(n) for n in names}
else:
    t = tarfile.open(p); names = t.getnames(); data = {n: t.extractfile(n).read() for n in names}
m = data["perfetto_manifest.json"]
assert m.startswith(b'{"perfetto_manifest"'), m[:40]
man = json.loads(m)["perfetto_manifest"]
paths = [f["path"] for f in man["files"]]
assert sorted(paths + ["perfetto_manifest.json"]) == sorted(names), (paths, names)
for f in man["files"]:
    if "clocks" in f:
        assert f["clocks"]["sync_to"]["file"] in paths
json.dump({"man": man, "names": names}, open(sys.argv[2], "w"))
for n in sys.argv[3:]:
    sys.stdout.buffer.write(data[n])
PY
man() { python3 "$T/man.py" "$@"; }
# assert on the manifest $1 (JSON from man.py) with the Python expression $2
# (m: the manifest; f[PATH]: its file entries; a: its attributes)
mq() {
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1])); m = d["man"]; names = d["names"]
f = {e["path"]: e for e in m["files"]}; a = m["attributes"]
if not eval(" ".join(sys.argv[2].split())):
    sys.exit("false: %s\nmanifest: %s" % (sys.argv[2], json.dumps(m)))' "$1" "$2"
}

# ---- the kernel's text as it is, the app's JSON rewritten ---------------------
# app.json's clock is 5000 s ahead: a negative offset, which would move its
# metadata events (no ts) before 0 in Perfetto: rewritten, PINned at 0.
check "archive: kernel.txt + app.json -> tar: kernel.txt as it is, app.json rewritten, MONOTONIC" \
	sh -c "$TM merge --format=perfetto -o '$T/a.tar' '$S/kernel.txt' '$S/app.json' &&
	       python3 '$T/man.py' '$T/a.tar' '$T/a.m' kernel.txt > '$T/k' && cmp '$T/k' '$S/kernel.txt' &&
	       tar tf '$T/a.tar' > '$T/list' && printf 'perfetto_manifest.json\nkernel.txt\napp.json\n' | cmp - '$T/list'"
check "archive: its manifest: trace_time MONOTONIC, app.json PINned to kernel.txt's MONOTONIC at 0, error 10500 ns from markers" \
	mq "$T/a.m" 'm["version"] == 1 and m["trace_time"] == {"clock": "MONOTONIC", "file": "kernel.txt"} and
		f["kernel.txt"] == {"path": "kernel.txt"} and
		f["app.json"]["clocks"] == {"sync_to": {"file": "kernel.txt", "clock": "MONOTONIC"}, "offset_ns": 0} and
		a["tracemerge.error_ns.app.json"] == 10500 and a["tracemerge.how.app.json"] == "markers" and
		a["tracemerge.stored.app.json"] == "converted" and a["tracemerge.stored.kernel.txt"] == "as-is" and
		a["tracemerge.version"] == "'"$($TM --version | cut -d' ' -f2)"'"'
check "archive: the rewritten app.json has work at kernel 100.5 s (100500000 us), as merge's JSON" \
	sh -c "python3 '$T/man.py' '$T/a.tar' '$T/a.m' app.json > '$T/app.json' &&
	       python3 -c 'import json,sys; e=json.load(open(sys.argv[1]))[\"traceEvents\"]; \
	         sys.exit(not [x for x in e if x.get(\"name\")==\"work\" and x[\"ph\"]==\"B\" and x[\"ts\"]==100500000])' '$T/app.json'"

# ---- an offset not negative: the JSON as it is, with the offset -------------------
# app_nomarkers.json with --offset +1s: its clock + 1 s is the kernel's
check "archive: --offset +1s: app_nomarkers.json as it is (same bytes), offset_ns 1000000000 -> zip" \
	sh -c "$TM merge --format=perfetto -o '$T/o.zip' --offset '$S/app_nomarkers.json=+1s' '$S/kernel.txt' '$S/app_nomarkers.json' &&
	       python3 '$T/man.py' '$T/o.zip' '$T/o.m' app_nomarkers.json > '$T/j' && cmp '$T/j' '$S/app_nomarkers.json' &&
	       unzip -tq '$T/o.zip' > /dev/null"
check "archive: its manifest relates app_nomarkers.json by +1 s from --offset, error 0" \
	mq "$T/o.m" 'f["app_nomarkers.json"]["clocks"]["offset_ns"] == 1000000000 and
		a["tracemerge.how.app_nomarkers.json"] == "--offset" and a["tracemerge.error_ns.app_nomarkers.json"] == 0 and
		a["tracemerge.stored.app_nomarkers.json"] == "as-is"'

# ---- drift: rewritten onto the reference clock ------------------------------------
check "archive: app_drift.json (40 ppm) goes in rewritten, PINned at 0" \
	sh -c "$TM merge --format=perfetto -o '$T/d.tar' '$S/kernel_drift.txt' '$S/app_drift.json' &&
	       python3 '$T/man.py' '$T/d.tar' '$T/d.m' > /dev/null"
check "archive: the drifting JSON's manifest entry" \
	mq "$T/d.m" 'f["app_drift.json"]["clocks"]["offset_ns"] == 0 and a["tracemerge.stored.app_drift.json"] == "converted"'

# ---- formats Perfetto reads badly: tracemerge's conversion ------------------------
check "archive: systrace.html goes in as systrace.html.json (converted), the only file: no trace_time" \
	sh -c "$TM merge --format=perfetto -o '$T/h.tar' '$S/systrace.html' && python3 '$T/man.py' '$T/h.tar' '$T/h.m' > /dev/null"
check "archive: systrace.html.json's manifest" \
	mq "$T/h.m" 'names == ["perfetto_manifest.json", "systrace.html.json"] and "trace_time" not in m and
		a["tracemerge.stored.systrace.html.json"] == "converted"'
# --clock=app: the reference is the clockless JSON; the kernel text, whose
# MONOTONIC would be relate nothing, goes in converted onto the app's clock
check "archive: --clock=app: app.json the reference as it is, kernel.txt.json converted, PINned to app.json's own timeline" \
	sh -c "$TM merge --format=perfetto --clock=app -o '$T/c.tar' '$S/kernel.txt' '$S/app.json' &&
	       python3 '$T/man.py' '$T/c.tar' '$T/c.m' app.json > '$T/j' && cmp '$T/j' '$S/app.json'"
check "archive: its manifest has no trace_time and sync_to without a clock" \
	mq "$T/c.m" '"trace_time" not in m and f["kernel.txt.json"]["clocks"] == {"sync_to": {"file": "app.json"}, "offset_ns": 0}'

# --pid-offset moves pids: not the file as it is, even for the reference
check "archive: --pid-offset kernel.txt=100000: kernel.txt.json converted, its pids moved (app-104242)" \
	sh -c "$TM merge --format=perfetto --pid-offset '$S/kernel.txt=100000' -o '$T/pid.tar' '$S/kernel.txt' '$S/app.json' &&
	       python3 '$T/man.py' '$T/pid.tar' '$T/pid.m' kernel.txt.json | grep -q 'app-104242 '"
check "archive: --pid-offset: its manifest, the reference converted (no trace_time)" \
	mq "$T/pid.m" 'a["tracemerge.stored.kernel.txt.json"] == "converted" and "trace_time" not in m'
# gzip: converted (Perfetto's gzip reading is not what was measured)
gzip -c "$S/kernel.txt" > "$T/kernel.txt.gz"
check "archive: a gzip kernel text goes in converted" \
	sh -c "$TM merge --format=perfetto -o '$T/gz.tar' '$T/kernel.txt.gz' '$S/app.json' && python3 '$T/man.py' '$T/gz.tar' '$T/gz.m' > /dev/null"
check "archive: its manifest: kernel.txt.gz.json converted" \
	mq "$T/gz.m" 'a["tracemerge.stored.kernel.txt.gz.json"] == "converted"'

# ---- Perfetto protos: the clock Perfetto puts their ftrace events on ---------------
P=$top/testdata/perfetto
# mono_raw (clock_monoraw.textproto): Perfetto's MONOTONIC_RAW, not BOOTTIME;
# clock_app_mono.json's MONOTONIC + 5 s is MONOTONIC_RAW (the snapshot)
check "archive: a proto on mono_raw: trace_time MONOTONIC_RAW, the app JSON as it is at +5 s to its MONOTONIC_RAW" \
	sh -c "$TM merge --format=perfetto -o '$T/mr.tar' '$P/clock_monoraw.pb' '$P/clock_app_mono.json' &&
	       python3 '$T/man.py' '$T/mr.tar' '$T/mr.m' > /dev/null"
check "archive: its manifest" \
	mq "$T/mr.m" 'm["trace_time"] == {"clock": "MONOTONIC_RAW", "file": "clock_monoraw.pb"} and
		f["clock_app_mono.json"]["clocks"] == {"sync_to": {"file": "clock_monoraw.pb", "clock": "MONOTONIC_RAW"}, "offset_ns": 5000000000} and
		a["tracemerge.stored.clock_monoraw.pb"] == "as-is" and a["tracemerge.how.clock_app_mono.json"] == "clock snapshots"'
# global (clock_global.textproto): Perfetto moves its events onto BOOTTIME
# through the bundles' pairs (+50.000001 s), not the numbers tracemerge's
# kernel text has: converted, the reference the conversion's own timeline
check "archive: a proto on the global clock goes in converted (no trace_time)" \
	sh -c "$TM merge --format=perfetto -o '$T/gl.tar' '$P/clock_global.pb' '$P/clock_app_mono.json' &&
	       python3 '$T/man.py' '$T/gl.tar' '$T/gl.m' > /dev/null"
check "archive: its manifest: clock_global.pb.json converted, the app PINned to its timeline" \
	mq "$T/gl.m" '"trace_time" not in m and a["tracemerge.stored.clock_global.pb.json"] == "converted" and
		f["clock_app_mono.json"]["clocks"]["sync_to"] == {"file": "clock_global.pb.json"}'

# ---- --machine ---------------------------------------------------------------------
check "archive: --machine kernel.txt=host --machine app.json=phone: the manifest names both machines" \
	sh -c "$TM merge --format=perfetto --machine '$S/kernel.txt=host' --machine '$S/app.json=phone' -o '$T/m1.tar' '$S/kernel.txt' '$S/app.json' &&
	       python3 '$T/man.py' '$T/m1.tar' '$T/m1.m' > /dev/null"
check "archive: its manifest: machines host and phone, app.json's relation as without them" \
	mq "$T/m1.m" 'f["kernel.txt"]["machine"] == {"name": "host"} and f["app.json"]["machine"] == {"name": "phone"} and
		f["app.json"]["clocks"] == {"sync_to": {"file": "kernel.txt", "clock": "MONOTONIC"}, "offset_ns": 0} and
		a["tracemerge.error_ns.app.json"] == 10500'
# ---- boot ids (`tracemerge record` writes one): kernel_boot_a.txt and
# kernel_boot_b.txt are CLOCK_MONOTONIC texts of two boots (aaaaaaaa...,
# bbbbbbbb...), so their clocks are not one; kernel_mono.txt names none
check "archive: two boots' kernel texts: b on a machine of its own, nothing links it -> exit 1, named" \
	sh -c "! $TM sync '$S/kernel_boot_a.txt' '$S/kernel_boot_b.txt' > /dev/null 2> '$T/boot.err' &&
	       grep -q 'sync-boot-id' '$T/boot.err' && grep -q 'machine boot-bbbbbbbb' '$T/boot.err' &&
	       grep -q 'cannot align .*kernel_boot_b.txt' '$T/boot.err'"
check "archive: a kernel text without a boot id and kernel_boot_b.txt: one CLOCK_MONOTONIC, as before" \
	sh -c "$TM sync -q '$S/kernel_mono.txt' '$S/kernel_boot_b.txt' > /dev/null"
sed 's/bbbbbbbb-2222-4222-8222-222222222222/aaaaaaaa-1111-4111-8111-111111111111/' "$S/kernel_boot_b.txt" > "$T/kernel_boot_b_as_a.txt"
check "archive: two kernel texts of one boot: one CLOCK_MONOTONIC" \
	sh -c "$TM sync -q '$S/kernel_boot_a.txt' '$T/kernel_boot_b_as_a.txt' > /dev/null"
sed 's/bbbbbbbb-2222-4222-8222-222222222222/AAAAAAAA-1111-4111-8111-111111111111/' "$S/kernel_boot_b.txt" > "$T/kernel_boot_b_as_A.txt"
check "archive: one boot's id in upper case in one text, lower in the other: one boot, no sync-boot-id" \
	sh -c "$TM sync '$S/kernel_boot_a.txt' '$T/kernel_boot_b_as_A.txt' > /dev/null 2> '$T/bootA.err' &&
	       ! grep -q 'sync-boot-id' '$T/bootA.err'"
check "archive: two boots, --offset b=-100s: b's CLOCK_MONOTONIC @boot-bbbbbbbb at -100 s" \
	sh -c "$TM sync -q --offset '$S/kernel_boot_b.txt=-100s' '$S/kernel_boot_a.txt' '$S/kernel_boot_b.txt' |
	       grep -q 'kernel CLOCK_MONOTONIC @boot-bbbbbbbb  *offset -100.000000000 s'"
check "archive: two boots, --offset b=-100s: the manifest puts b on machine boot-bbbbbbbb" \
	sh -c "$TM merge -q --format=perfetto --offset '$S/kernel_boot_b.txt=-100s' -o '$T/boot.tar' '$S/kernel_boot_a.txt' '$S/kernel_boot_b.txt' &&
	       python3 '$T/man.py' '$T/boot.tar' '$T/boot.m' > /dev/null"
check "archive: its manifest: a on the host machine, b on boot-bbbbbbbb" \
	mq "$T/boot.m" '"machine" not in f["kernel_boot_a.txt"] and f["kernel_boot_b.txt"]["machine"] == {"name": "boot-bbbbbbbb"}'

# kernel.txt 50 s later (its markers s1..s3 at 150.0001 s ...): linked by
# the markers to kernel_proto.pb's (100.0001 s ...), so -50 s to its BOOTTIME
sed 's/ 10\([0-9]\)\./ 15\1./' "$S/kernel.txt" > "$T/kernel_late.txt"
check "archive: kernel_proto.pb on machine phone, a kernel text on another: the text as it is" \
	sh -c "$TM merge --format=perfetto --machine '$S/kernel_proto.pb=phone' --machine '$T/kernel_late.txt=host' \
	         -o '$T/m2.tar' '$S/kernel_proto.pb' '$T/kernel_late.txt' &&
	       python3 '$T/man.py' '$T/m2.tar' '$T/m2.m' kernel_late.txt | cmp - '$T/kernel_late.txt'"
check "archive: its manifest RELATEs the text's MONOTONIC to the proto's BOOTTIME at the markers' -50 s" \
	mq "$T/m2.m" 'm["trace_time"] == {"clock": "BOOTTIME", "file": "kernel_proto.pb"} and
		f["kernel_proto.pb"]["machine"] == {"name": "phone"} and f["kernel_late.txt"]["machine"] == {"name": "host"} and
		f["kernel_late.txt"]["clocks"] == {"clock": "MONOTONIC", "sync_to": {"file": "kernel_proto.pb", "clock": "BOOTTIME"}, "offset_ns": -50000000000} and
		a["tracemerge.how.kernel_late.txt"] == "markers" and a["tracemerge.stored.kernel_late.txt"] == "as-is"'
check "archive: the same without --machine: one machine, the text converted" \
	sh -c "$TM merge --format=perfetto -o '$T/m3.tar' '$S/kernel_proto.pb' '$T/kernel_late.txt' &&
	       python3 '$T/man.py' '$T/m3.tar' '$T/m3.m' > /dev/null"
check "archive: its manifest" \
	mq "$T/m3.m" 'a["tracemerge.stored.kernel_late.txt.json"] == "converted" and "machine" not in f["kernel_late.txt.json"]'
# the clocks a trace names are its machine's: kernel_parent.txt's parent_ts
# says the host's CLOCK_MONOTONIC, kernel_mono.txt is on machine b's
check "archive: sync --machine kernel_mono.txt=b: its CLOCK_MONOTONIC is not kernel_parent.txt's: nothing links it" \
	sh -c "cd '$S' && $TM sync kernel_parent.txt kernel_mono.txt > /dev/null &&
	       ! $TM sync --machine kernel_mono.txt=b kernel_parent.txt kernel_mono.txt > '$T/o' 2> '$T/e' &&
	       grep -q 'cannot align kernel_mono.txt' '$T/e'"
check "archive: sync --machine prints the domain of machine b as 'CLOCK_MONOTONIC @b'" \
	sh -c "cd '$S' && $TM sync --machine kernel_mono.txt=b --offset kernel_mono.txt=-100s kernel_parent.txt kernel_mono.txt | grep -q 'kernel CLOCK_MONOTONIC @b '"
check "archive: sync --manifest --machine: the names given, no file name for a machine" \
	sh -c "cd '$S' && $TM sync --manifest --machine kernel_mono.txt=b --offset kernel_mono.txt=-100s kernel.txt kernel_mono.txt > '$T/sm2.json' &&
	       python3 -c 'import json,sys; m=json.load(open(sys.argv[1]))[\"perfetto_manifest\"]; f={e[\"path\"]: e for e in m[\"files\"]}; \
	         assert f[\"kernel_mono.txt\"][\"machine\"] == {\"name\": \"b\"}, m; assert \"machine\" not in f[\"kernel.txt\"], m' '$T/sm2.json'"
check "archive: sync --manifest: a kernel text named the reference's machine is warned about" \
	sh -c "cd '$S' && $TM sync --manifest --machine kernel.txt=a --machine kernel_mono.txt=a --offset kernel_mono.txt=-100s kernel.txt kernel_mono.txt 2>&1 >/dev/null |
	       grep -q '^tracemerge sync: warning: 1 input(s) Perfetto cannot place'"

# ---- two inputs of one name -------------------------------------------------------
mkdir -p "$T/x"
cp "$S/app_nomarkers.json" "$T/x/app.json"
check "archive: two inputs named app.json -> app.json and app-2.json, the manifest follows" \
	sh -c "$TM merge --format=perfetto -o '$T/dup.tar' --offset '$T/x/app.json=+1s' '$S/kernel.txt' '$S/app.json' '$T/x/app.json' &&
	       python3 '$T/man.py' '$T/dup.tar' '$T/dup.m' app-2.json > '$T/j' && cmp '$T/j' '$S/app_nomarkers.json'"
check "archive: app.json (markers, rewritten) and app-2.json (+1 s, as it is)" \
	mq "$T/dup.m" 'names == ["perfetto_manifest.json", "kernel.txt", "app.json", "app-2.json"] and
		a["tracemerge.how.app.json"] == "markers" and f["app-2.json"]["clocks"]["offset_ns"] == 1000000000'

# ---- bad cases: nothing written ---------------------------------------------------
usage_nothing() { # NAME EXPECTED-TEXT ARGS...: exit 2, the text, no file in $T/bad
	_n=$1 _t=$2; shift 2
	rm -rf "$T/bad"; mkdir "$T/bad"
	$TM merge "$@" > "$T/e" 2>&1; _rc=$?
	if [ $_rc = 2 ] && grep -qF -- "$_t" "$T/e" && [ -z "$(ls -A "$T/bad")" ]; then
		ok "archive: $_n -> exit 2: $(head -n 1 "$T/e")"
	else
		notok "archive: $_n -> exit 2 with '$_t', nothing written (exit $_rc)"; sed 's/^/    /' "$T/e" | head -5; ls "$T/bad"
	fi
}
usage_nothing "an output named .json" "writes -o OUT.tar or -o OUT.zip, not" --format=perfetto -o "$T/bad/out.json" "$S/kernel.txt" "$S/app.json"
usage_nothing "no -o" "writes -o OUT.tar or -o OUT.zip" --format=perfetto "$S/kernel.txt" "$S/app.json"
usage_nothing "an output named .tar.gz" "writes -o OUT.tar or -o OUT.zip" --format=perfetto -o "$T/bad/out.tar.gz" "$S/kernel.txt" "$S/app.json"
usage_nothing "--format=proto" "--format wants json or perfetto, not 'proto'" --format=proto -o "$T/bad/out.tar" "$S/kernel.txt"
usage_nothing "--report with an archive" "not with --format=perfetto" --format=perfetto --report -o "$T/bad/out.tar" "$S/kernel.txt" "$S/app.json"
usage_nothing "--gzip with an archive" "not with --format=perfetto" --format=perfetto --gzip -o "$T/bad/out.tar" "$S/kernel.txt" "$S/app.json"
usage_nothing "--machine naming no input" "--machine nope.txt: not one of the inputs" --format=perfetto --machine nope.txt=a -o "$T/bad/out.tar" "$S/kernel.txt" "$S/app.json"
usage_nothing "--machine given twice" "--machine $S/app.json: given twice" --format=perfetto --machine "$S/app.json=a" --machine "$S/app.json=b" -o "$T/bad/out.tar" "$S/kernel.txt" "$S/app.json"
usage_nothing "--machine without a name" "--machine wants INPUT=NAME" --format=perfetto --machine "$S/app.json=" -o "$T/bad/out.tar" "$S/kernel.txt" "$S/app.json"
echo old > "$T/keep.tar"
$TM merge --format=perfetto -o "$T/keep.tar" "$S/kernel.txt" "$S/app_nomarkers.json" > "$T/e" 2>&1; rc=$?
if [ $rc = 1 ] && grep -q "cannot align .*app_nomarkers.json" "$T/e" && [ "$(cat "$T/keep.tar")" = old ] &&
   [ "$(ls "$T" | grep -c 'keep.tar.')" = 0 ]; then
	ok "archive: an input nothing links -> exit 1, the old keep.tar untouched, no temporary file left"
else
	notok "archive: an input nothing links -> exit 1, keep.tar untouched (exit $rc)"; sed 's/^/    /' "$T/e" | head -5
fi

# ---- sync --manifest ----------------------------------------------------------------
check "sync --manifest: the inputs under their names as given, app.json at -5000 s from markers" \
	sh -c "cd '$S' && $TM sync --manifest kernel.txt app.json > '$T/sm.json' &&
	       head -c 20 '$T/sm.json' | grep -q '^{\"perfetto_manifest\"' &&
	       python3 -c 'import json,sys; m=json.load(open(sys.argv[1]))[\"perfetto_manifest\"]; \
	         f={e[\"path\"]: e for e in m[\"files\"]}; \
	         assert m[\"trace_time\"] == {\"clock\": \"MONOTONIC\", \"file\": \"kernel.txt\"}, m; \
	         assert f[\"app.json\"][\"clocks\"] == {\"sync_to\": {\"file\": \"kernel.txt\", \"clock\": \"MONOTONIC\"}, \"offset_ns\": -5000000000000}, m; \
	         assert m[\"attributes\"][\"tracemerge.error_ns.app.json\"] == 10500, m' '$T/sm.json'"
check "sync --manifest: a drifting input is warned about on stderr" \
	sh -c "cd '$S' && $TM sync --manifest kernel_drift.txt app_drift.json 2>&1 >/dev/null | grep -q '^tracemerge sync: warning: 1 input(s) Perfetto cannot place'"
$TM sync --manifest --json "$S/kernel.txt" "$S/app.json" > "$T/e" 2>&1; rc=$?
if [ $rc = 2 ] && grep -q "one of them" "$T/e"; then ok "sync --manifest --json -> exit 2"; else notok "sync --manifest --json -> exit 2 (exit $rc)"; fi
