#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""make bench: speed and memory of tracemerge against baselines measured in
the same run.

Generates ftrace text and Trace Event JSON (bench/gen.c), and the same
kernel events in the other layouts of the field (a current kernel's default
`trace`, Android's dump whose tgids come late from atrace payloads,
`trace-cmd report` text, systrace.py's HTML, a Perfetto protobuf as Android
records it, sched-heavy and atrace-heavy: each on rows of its own; and
compressed: the Android text as `atrace -z` writes it, the proto gzipped,
each against its plain file), then times
`stats`, `import` and `merge` (best of --runs), with `cat` of the same bytes
as the baseline (cat FILE >/dev/null: reading; cat FILE >OUT: reading and
writing), peak RSS (wait4) and peak anonymous RSS (sampled from
/proc/PID/status every 2 ms: the memory that is not mapped input pages),
and, where the viewers are set up (tests/viewers/harness), Perfetto's trace_processor and the
Catapult importer on the same inputs.  Every timed run starts with its
output removed and the page cache written back (sync, not timed).  Checks
that the outputs are identical to the reference path (TM_REFERENCE=1: one
thread, the plain byte-at-a-time routines).  Prints ratios; asserts
nothing about time.  The Perfetto protobuf's MB/s are of the proto's bytes
(about 19 or 33 a kernel event, against about 125 in text): its rows are also
compared per event, and its import is run at a quarter of the size too, to
show whether memory grows with the trace.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time
import zlib

MB = 1 << 20


def run(cmd, env=None, out=None):
    """Run CMD; return (seconds, max RSS bytes, peak anon bytes, CPU seconds,
    system CPU seconds)."""
    fout = open(out, "wb") if out else subprocess.DEVNULL
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=fout, stderr=subprocess.PIPE, env=env)
    peak_anon = 0
    status = "/proc/%d/status" % p.pid
    while True:
        pid, st, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        try:
            with open(status) as f:
                anon = 0
                for line in f:
                    if line.startswith(("RssAnon:", "RssShmem:")):
                        anon += int(line.split()[1]) * 1024
                peak_anon = max(peak_anon, anon)
        except (OSError, ValueError):
            pass
        time.sleep(0.002)
    secs = time.perf_counter() - t0
    rc = os.waitstatus_to_exitcode(st)
    p.returncode = rc
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    if out:
        fout.close()
    maxrss = ru.ru_maxrss * 1024
    if rc != 0:
        sys.exit("bench: %s failed (%d): %s" % (" ".join(cmd), rc, err.strip()[-500:]))
    return secs, maxrss, peak_anon, ru.ru_utime + ru.ru_stime, ru.ru_stime


def fresh(outputs):
    """Before a timed run: OUTPUTS removed and every dirty page written back
    (not timed), so each run starts alike: with GBs of output, the writeback
    a previous job left behind would otherwise throttle the next one's writes."""
    for p in outputs:
        if os.path.exists(p):
            os.unlink(p)
    os.sync()


def best(cmd, runs, env=None, out=None, outputs=()):
    """Fastest of RUNS, each started fresh(OUTPUTS): (seconds, max RSS, max
    anon RSS, cores busy in the fastest, median seconds: on a machine whose
    speed drifts with other work, how far the fastest is from the usual,
    the fastest run's system CPU seconds, the least user CPU seconds of a
    run: on a machine shared with other work, the steadiest of them)."""
    r = []
    for _ in range(runs):
        fresh(outputs)
        r.append(run(cmd, env, out))
    fast = min(r, key=lambda x: x[0])
    times = sorted(x[0] for x in r)
    median = (times[(runs - 1) // 2] + times[runs // 2]) / 2
    return (fast[0], max(x[1] for x in r), max(x[2] for x in r), fast[3] / fast[0], median,
            fast[4], min(x[3] - x[4] for x in r))


def sh(cmd):
    return ["sh", "-c", cmd]


def events(tool, path):
    """The kernel events tracemerge reads in PATH (its stats' lines: row)."""
    out = subprocess.run([tool, "stats", path], stdout=subprocess.PIPE, check=True).stdout
    for line in out.decode(errors="replace").splitlines():
        if line.startswith("lines:") and " events " in line:
            return int(line.split("=")[1].split()[0])
    sys.exit("bench: no event count in stats of %s" % path)


def perfetto_rows(a, shape, pb, k, results):
    """A Perfetto shape per event against the ftrace text's, and the
    import's memory at a quarter of the size and at the full size."""
    pe, ke = events(a.tool, pb), events(a.tool, k)
    psz, ksz = os.path.getsize(pb), os.path.getsize(k)
    for op, fmt in (("stats", "stats %s"), ("import", "import %s")):
        pev = results[fmt % shape] * MB / psz * pe / 1e6
        kev = results[fmt % "ftrace"] * MB / ksz * ke / 1e6
        print("%-34s %s %.1f M events/s, ftrace %.1f M events/s: x slowest %.2f" % (
            "per event, %s" % op, shape, pev, kev, max(pev, kev) / min(pev, kev)))
    passes(a, shape, pb)
    small = pb + ".quarter"
    mb = max(a.mb // 4, 1)
    subprocess.check_call([a.gen, shape, str(mb), small])
    o = os.path.join(a.dir, "o-pf.json")
    for path, n in ((small, events(a.tool, small)), (pb, pe)):
        fresh((o,))
        secs, rss, anon = run([a.tool, "import", "-q", "-o", o, path])[:3]
        print("%-34s %8.3f %9.0f  maxRSS %6.0fM anonRSS %6.1fM  %d events; an event: %.0f bytes"
              " of maxRSS (less the file), %.0f anon" % (
                  "import %s %d MB (1 run)" % (shape, os.path.getsize(path) // MB), secs,
                  os.path.getsize(path) / MB / secs, rss / MB, anon / MB, n,
                  (rss - os.path.getsize(path)) / n, anon / n))
    for p in (small, o):
        os.unlink(p)


def passes(a, shape, pb):
    """The Perfetto reader's two passes timed alone (bench/perfetto-passes:
    pass 2 without the text's new pages, no reader beside it): the least
    any import of the proto takes on this machine, with the text read,
    scanned and written as JSON for free."""
    tool = os.path.join(os.path.dirname(a.gen), "perfetto-passes")
    if not os.path.exists(tool):
        return
    out = subprocess.run([tool, pb, str(a.runs)], stdout=subprocess.PIPE, check=True)
    f = out.stdout.decode().split()
    p1, p2, size = float(f[1]), float(f[3]), os.path.getsize(pb) / MB
    print("%-34s pass 1 %.3f s, pass 2 %.3f s: both %.0f MB/s, pass 2 on two cores %.0f MB/s"
          % ("perfetto passes alone, " + shape, p1, p2, size / (p1 + p2), size / (p1 + p2 / 2)))


def make_json_kernel(k, j, out):
    """OUT: the first half of the ftrace text K as systemTraceEvents, then
    the first half of the JSON J's events."""
    with open(k, "rb") as f:
        text = f.read(os.path.getsize(k) // 2)
    text = text[:text.rindex(b"\n") + 1].decode()
    with open(j, "rb") as f:
        ev = f.read(os.path.getsize(j) // 2)
    head = b'{"traceEvents":[\n'
    assert ev.startswith(head)
    ev = ev[len(head):ev.rindex(b"},\n{") + 1]
    with open(out, "wb") as o:
        o.write(b'{"systemTraceEvents":' + json.dumps(text).encode() + b',\n"traceEvents":[\n'
                + ev + b'\n],"displayTimeUnit":"ms"}\n')


def main():
    if sys.argv[1:2] == ["--json-kernel"]:
        make_json_kernel(*sys.argv[2:5])
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--mb", type=int, default=int(os.environ.get("BENCH_MB", 100)))
    ap.add_argument("--runs", type=int, default=int(os.environ.get("BENCH_RUNS", 3)))
    ap.add_argument("--dir", default="build/bench")
    ap.add_argument("--viewers", default=os.environ.get("BENCH_VIEWERS", "auto"),
                    choices=["auto", "no"])
    ap.add_argument("--zlib-tool", default=None,
                    help="the tool built without ISA-L (make ISAL=no): gzip rows with zlib")
    ap.add_argument("--shapes", default=os.environ.get(
        "BENCH_SHAPES", "ftrace-kernel,ftrace-android,report,systrace,perfetto,perfetto-atrace"),
                    help="the field's layouts to run, comma-separated")
    ap.add_argument("tool")
    ap.add_argument("gen")
    a = ap.parse_args()
    d = a.dir
    os.makedirs(d, exist_ok=True)
    k, j = os.path.join(d, "kernel.txt"), os.path.join(d, "app.json")
    for kind, path in (("ftrace", k), ("json", j)):
        stamp = path + ".mb"
        if not (os.path.exists(path) and open(stamp).read() == str(a.mb)
                if os.path.exists(stamp) else False):
            subprocess.check_call([a.gen, kind, str(a.mb), path])
            open(stamp, "w").write(str(a.mb))
    # the field's other layouts of the same events (bench/gen.c SHAPE)
    shapes = {}
    ext = {"systrace": "html", "perfetto": "pb", "perfetto-atrace": "pb"}
    for shape in [x for x in a.shapes.split(",") if x]:
        path = os.path.join(d, "kernel-%s.%s" % (shape, ext.get(shape, "txt")))
        stamp = path + ".mb"
        if not (os.path.exists(path) and os.path.exists(stamp) and open(stamp).read() == str(a.mb)):
            subprocess.check_call([a.gen, shape, str(a.mb), path])
            open(stamp, "w").write(str(a.mb))
        shapes[shape] = path
    ksz, jsz = os.path.getsize(k), os.path.getsize(j)
    kgz, jgz = k + ".gz", j + ".gz"
    for src, dst in ((k, kgz), (j, jgz)):
        if not os.path.exists(dst) or os.path.getmtime(dst) < os.path.getmtime(src):
            subprocess.check_call(sh("gzip -1 -c '%s' > '%s'" % (src, dst)))
    # the field's compressed shapes: the Android-layout text as `atrace -z`
    # writes it ("TRACE:" and a zlib stream), and the Perfetto proto gzipped
    packed = {}
    if "ftrace-android" in shapes:
        src = shapes["ftrace-android"]
        dst = os.path.join(d, "kernel-atrace-zlib.txt")
        if not os.path.exists(dst) or os.path.getmtime(dst) < os.path.getmtime(src):
            with open(src, "rb") as f, open(dst, "wb") as o:
                o.write(b"capturing trace... done\nTRACE:\n" + zlib.compress(f.read(), 1))
        packed["atrace-zlib"] = (dst, "ftrace-android")
    if "perfetto" in shapes:
        src = shapes["perfetto"]
        dst = src + ".gz"
        if not os.path.exists(dst) or os.path.getmtime(dst) < os.path.getmtime(src):
            subprocess.check_call(sh("gzip -1 -c '%s' > '%s'" % (src, dst)))
        packed["perfetto.gz"] = (dst, "perfetto")
    # a Trace Event JSON that holds its kernel text (tracemerge's own
    # output, Catapult's and Chrome's with a kernel trace): the first half
    # of the ftrace text as systemTraceEvents, first, then the first half of
    # the JSON's events; and gzipped
    jk = os.path.join(d, "json-kernel.json")
    if not os.path.exists(jk) or os.path.getmtime(jk) < max(os.path.getmtime(k),
                                                            os.path.getmtime(j)):
        # (in a process of its own: the children's peak RSS, counted from
        # their fork, would hold the halves read here)
        subprocess.check_call([sys.executable, os.path.abspath(__file__), "--json-kernel",
                               k, j, jk])
    if not os.path.exists(jk + ".gz") or os.path.getmtime(jk + ".gz") < os.path.getmtime(jk):
        subprocess.check_call(sh("gzip -1 -c '%s' > '%s'" % (jk, jk + ".gz")))
    plains = dict(shapes, **{"json-kernel": jk})
    packed["json-kernel.gz"] = (jk + ".gz", "json-kernel")
    scratch = os.path.join(d, "out.tmp")
    # warm the page cache: every figure below is for cached input
    for p in (k, j) + tuple(plains.values()):
        run(["cat", p])

    print("tracemerge bench: %d MB ftrace text, %d MB Trace Event JSON, best of %d runs"
          % (ksz // MB, jsz // MB, a.runs))
    print("(MB/s of uncompressed input; x cat-r: cat FILE >/dev/null time / job time, for .gz"
          " jobs zcat; x cat-rw: cat FILE >FILE2 time / job time; anonRSS: peak of"
          " RssAnon+RssShmem, the memory that is not mapped input; cores: CPU time / wall"
          " time, the cores kept busy in the fastest run; sys: its system CPU seconds (for jobs"
          " that write, mostly the output's copy into the page cache); median: the median run's"
          " seconds; user: the least user CPU seconds of a run)")
    print("%-34s %8s %9s %9s %10s %9s %9s %6s %6s %8s %6s" % (
        "job", "secs", "MB/s", "x cat-r", "x cat-rw", "maxRSS", "anonRSS", "cores", "sys",
        "median", "user"))

    base = {}
    for name, path in (("ftrace", k), ("json", j)) + tuple(plains.items()):
        base[name + "-r"] = best(["cat", path], a.runs)[0]
        base[name + "-rw"] = best(sh("cat '%s' > '%s'" % (path, scratch)), a.runs,
                                  outputs=(scratch,))[0]
    base["gz-r"] = best(sh("zcat '%s' '%s' >/dev/null" % (kgz, jgz)), a.runs)[0]
    base["gz-rw"] = base["gz-r"]
    base["ftrace.gz-r"] = best(sh("zcat '%s' >/dev/null" % kgz), a.runs)[0]
    base["json.gz-r"] = best(sh("zcat '%s' >/dev/null" % jgz), a.runs)[0]
    base["ftrace.gz-rw"], base["json.gz-rw"] = base["ftrace.gz-r"], base["json.gz-r"]
    base["both-r"] = base["ftrace-r"] + base["json-r"]
    base["both-rw"] = base["ftrace-rw"] + base["json-rw"]
    for shape in shapes:
        base[shape + "+json-r"] = base[shape + "-r"] + base["json-r"]
        base[shape + "+json-rw"] = base[shape + "-rw"] + base["json-rw"]
    print("%-34s %8.3f %9.0f %9s %10s" % ("zcat ftrace.gz json.gz > /dev/null", base["gz-r"],
                                        (ksz + jsz) / MB / base["gz-r"], "1.00", ""))
    for name, size in (("ftrace", ksz), ("json", jsz)):
        print("%-34s %8.3f %9.0f %9s %10s" % ("cat %s > /dev/null" % name, base[name + "-r"],
                                            size / MB / base[name + "-r"], "1.00", ""))
        print("%-34s %8.3f %9.0f %9s %10s" % ("cat %s > file" % name, base[name + "-rw"],
                                            size / MB / base[name + "-rw"], "", "1.00"))

    o1, o2 = os.path.join(d, "o1.json"), os.path.join(d, "o2.json")
    jobs = [
        ("stats ftrace", [a.tool, "stats", k], ksz, "ftrace", False),
        ("import ftrace", [a.tool, "import", "-q", "-o", o1, k], ksz, "ftrace", True),
        ("stats json", [a.tool, "stats", j], jsz, "json", False),
        ("import json", [a.tool, "import", "-q", "-o", o1, j], jsz, "json", True),
        ("merge ftrace+json", [a.tool, "merge", "-q", "-o", o1, k, j], ksz + jsz, "both", True),
    ]
    # gzip inputs (ISA-L's inflate where the tool has it, and zlib's with
    # --zlib-tool), and gzip output (MB/s of the uncompressed JSON written:
    # x cat-rw is against cat of the plain input)
    o1gz = o1 + ".gz"
    tools = [("", a.tool)] + ([(" (zlib)", a.zlib_tool)] if a.zlib_tool else [])
    for tag, tool in tools:
        jobs += [
            ("stats ftrace.gz" + tag, [tool, "stats", kgz], ksz, "ftrace.gz", False),
            ("stats json.gz" + tag, [tool, "stats", jgz], jsz, "json.gz", False),
            ("import ftrace.gz" + tag, [tool, "import", "-q", "-o", o1, kgz], ksz, "ftrace.gz",
             True),
            ("merge ftrace.gz+json.gz" + tag, [tool, "merge", "-q", "-o", o1, kgz, jgz], ksz + jsz,
             "gz", True),
        ]
    for tag, tool in tools:
        jobs += [
            ("import ftrace -> .gz" + tag, [tool, "import", "-q", "-o", o1gz, k], ksz, "ftrace",
             True),
            ("merge ftrace+json -> .gz" + tag, [tool, "merge", "-q", "-o", o1gz, k, j], ksz + jsz,
             "both", True),
        ]
    for shape, path in shapes.items():
        size = os.path.getsize(path)
        jobs += [
            ("stats " + shape, [a.tool, "stats", path], size, shape, False),
            ("import " + shape, [a.tool, "import", "-q", "-o", o1, path], size, shape, True),
            ("merge %s+json" % shape, [a.tool, "merge", "-q", "-o", o1, path, j], size + jsz,
             shape + "+json", True),
        ]
    jobs += [
        ("stats json-kernel", [a.tool, "stats", jk], os.path.getsize(jk), "json-kernel", False),
        ("import json-kernel", [a.tool, "import", "-q", "-o", o1, jk], os.path.getsize(jk),
         "json-kernel", True),
    ]
    for name, (path, plain) in packed.items():
        size = os.path.getsize(plains[plain])
        jobs += [
            ("stats " + name, [a.tool, "stats", path], size, plain, False),
            ("import " + name, [a.tool, "import", "-q", "-o", o1, path], size, plain, True),
        ]
    results = {}
    users = {}
    same = []
    for name, cmd, size, b, writes in jobs:
        secs, rss, anon, cores, median, ssys, user = best(cmd, a.runs, outputs=(o1, o2, o1gz))
        results[name] = size / MB / secs
        users[name] = user
        print("%-34s %8.3f %9.0f %9.2f %10s %8.0fM %8.1fM %6.2f %6.2f %8.3f %6.3f" % (
            name, secs, size / MB / secs, base[b + "-r"] / secs,
            "%.2f" % (base[b + "-rw"] / secs) if writes else "", rss / MB, anon / MB, cores,
            ssys, median, user))
        if writes:
            # (the reference path inflates and deflates with zlib: a gzip
            # output is compared inflated)
            env = dict(os.environ, TM_REFERENCE="1")
            out = o1gz if o1gz in cmd else o1
            ref_out = o2 + ".gz" if out == o1gz else o2
            ref_cmd = [ref_out if x == out else x for x in cmd]
            fresh((o2, ref_out))
            rsecs = run(ref_cmd, env)[0]
            if out == o1gz:
                ok = subprocess.call(sh("zcat '%s' > '%s.a' && zcat '%s' | cmp -s - '%s.a'"
                                        % (out, o2, ref_out, o2))) == 0
            else:
                ok = subprocess.call(["cmp", "-s", o1, o2]) == 0
            same.append((name, ok, rsecs))
    # each text layout's time per byte against the fastest layout's, per job
    # (the proto's bytes are not comparable: per event below)
    for op, fmt in (("stats", "stats %s"), ("import", "import %s"), ("merge", "merge %s+json")):
        rates = [(s, results[fmt % s]) for s in ("ftrace",) + tuple(shapes)
                 if not s.startswith("perfetto")]
        top = max(r for _, r in rates)
        print("%-34s %s" % ("layouts, %s: x slowest" % op, ", ".join(
            "%s %.2f" % (s, top / r) for s, r in rates)))
    # a gzip input's time against the plain input's, per job: wall seconds
    # (best run), and user CPU seconds
    for op, plain, gz in (("stats", "stats ftrace", "stats ftrace.gz"),
                          ("stats", "stats json", "stats json.gz"),
                          ("import", "import ftrace", "import ftrace.gz"),
                          ("merge", "merge ftrace+json", "merge ftrace.gz+json.gz")):
        print("%-34s %s" % ("gzip input, %s: x plain" % op, ", ".join(
            "%s%s %.2f (user %.2f)" % (gz, tag, results[plain] / results[gz + tag],
                                       users[gz + tag] / max(users[plain], 1e-3))
            for tag, _ in tools)))
    for name, (path, plain) in packed.items():
        print("%-34s %s" % ("%s: x plain" % name, ", ".join(
            "%s %.2f (user %.2f)" % (op, results["%s %s" % (op, plain)] / results["%s %s" % (op, name)],
                                     users["%s %s" % (op, name)] /
                                     max(users["%s %s" % (op, plain)], 1e-3))
            for op in ("stats", "import"))))
    for shape in shapes:
        if shape.startswith("perfetto"):
            perfetto_rows(a, shape, shapes[shape], k, results)
    for name, ok, rsecs in same:
        print("%-34s %s (reference path: %.3f s)" % (
            "  output of " + name, "identical to the reference path" if ok else "DIFFERS",
            rsecs))

    vc = os.environ.get("TM_VIEWERS") or os.path.join("build", "viewers")
    if a.viewers != "no" and os.path.exists(os.path.join(vc, "ready")):
        print("viewers on the same inputs (tracemerge MB/s / viewer MB/s):")
        tp = os.path.join(vc, "tp-query")
        for name, path, size, q, ours in (
                ("perfetto trace_processor ftrace", k, ksz, "select count(*) from sched",
                 "import ftrace"),
                ("perfetto trace_processor json", j, jsz, "select count(*) from slice",
                 "import json")) + tuple(
                ("perfetto trace_processor perfetto", p, os.path.getsize(p),
                 "select count(*) from sched", "import perfetto")
                for s, p in shapes.items() if s == "perfetto"):
            secs, rss = run([tp, path, q])[:2]
            mbs = size / MB / secs
            print("%-34s %8.3f %9.0f  maxRSS %5.0fM   tracemerge %s: %.1fx" % (
                name, secs, mbs, rss / MB, ours, results[ours] / mbs))
        # Catapult in node: a 10 MB slice of each input, imported by tracemerge first
        # (it reads JSON; the kernel text rides in systemTraceEvents)
        small = os.path.join(d, "small")
        os.makedirs(small, exist_ok=True)
        sk, sj = os.path.join(small, "kernel.txt"), os.path.join(small, "app.json")
        subprocess.check_call([a.gen, "ftrace", "10", sk])
        subprocess.check_call([a.gen, "json", "10", sj])
        for name, path, ours in (("catapult importer ftrace (10 MB)", sk, "import ftrace"),
                                 ("catapult importer json (10 MB)", sj, "import json")):
            conv = os.path.join(small, "conv.json")
            run([a.tool, "import", "-q", "-o", conv, path])
            size = os.path.getsize(conv)
            secs, rss = run(["node", "--max-old-space-size=8192",
                             os.path.join("tests", "viewers", "harness", "view.js"), conv])[:2]
            mbs = size / MB / secs
            print("%-34s %8.3f %9.1f  maxRSS %5.0fM   tracemerge %s: %.1fx" % (
                name, secs, mbs, rss / MB, ours, results[ours] / mbs))
    elif a.viewers == "no":
        print("viewers: skipped (BENCH_VIEWERS=no)")
    else:
        print("viewers: skipped (not set up: sh scripts/deps.sh check)")
    for p in (o1, o2, o1gz, o2 + ".gz", o2 + ".a", scratch):
        if os.path.exists(p):
            os.unlink(p)
    if not all(ok for _, ok, _ in same):
        sys.exit("bench: optimised and reference outputs differ")


if __name__ == "__main__":
    main()
