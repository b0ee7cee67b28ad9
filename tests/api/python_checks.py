# SPDX-License-Identifier: GPL-2.0-or-later
"""The checks of tests/python.sh on the package tracemerge (python/): run
as `python3 tests/python_checks.py TMP` from the top of the tree, with
TRACEMERGE_LIB set, after python.sh wrote the tool's outputs to TMP (see
there).  Prints "ok - ..." or "not ok - ..." per check.

Expected values are the hand-worked ones of testdata/sync/README: app.json
runs 5000 s ahead of kernel.txt; its clock_sync events are each
[issue_ts, ts] = kernel marker + 5000 s -/+ 10 us, the kernel marker is
printed to 1 us (+-0.5 us): offset exactly -5000 s, error bound 10.5 us.
kernel.txt has 7 event lines (3 of them the markers s1..s3, on lines 12,
17, 18), app.json 8 events (3 clock_sync)."""

import json
import multiprocessing
import os
import re
import sys
import traceback

import tracemerge
from tracemerge import _capi

TMP = sys.argv[1]
S = "testdata/sync"
K, A = S + "/kernel.txt", S + "/app.json"
NOMARK = S + "/app_nomarkers.json"
KD, AD = S + "/kernel_drift.txt", S + "/app_drift.json"


def check(name, fn):
    """Run FN; ok when it returns without an exception."""
    try:
        fn()
    except Exception:
        print("not ok - python: " + name)
        for line in traceback.format_exc().splitlines()[-6:]:
            print("    " + line)
    else:
        print("ok - python: " + name)


def read(name):
    with open(os.path.join(TMP, name), "rb") as f:
        return f.read()


def cli_json(name):
    return json.loads(read(name))


def cli_error(name):
    """The message of the tool's last stderr line, after "tracemerge CMD: "."""
    last = read(name).decode().strip().splitlines()[-1]
    return re.sub(r"^tracemerge \w+: ", "", last)


def raises(cls, fn, *args, **kw):
    """The exception of class CLS that FN raises."""
    try:
        fn(*args, **kw)
    except cls as e:
        return e
    raise AssertionError("%s not raised" % cls.__name__)


def eq(got, want):
    assert got == want, "got %r, want %r" % (got, want)


# ---- the library and the structs ----------------------------------------------------

def t_version():
    with open("include/tracemerge/version.h") as f:
        want = re.search(r'TRACEMERGE_VERSION_STRING "([^"]+)"', f.read()).group(1)
    eq(tracemerge.version(), want)
    eq(tracemerge.__version__, want)


def t_layout():
    """Every field's offset and size and every struct's size, as the C
    compiler lays them out (build/tests/tool_pylayout), and no field more
    or less."""
    import ctypes
    seen = {}
    for line in read("layout.txt").decode().splitlines():
        key, *nums = line.split()
        nums = [int(n) for n in nums]
        if "." not in key:
            eq((key, ctypes.sizeof(getattr(ctypes, key, None) or getattr(_capi, key))),
               (key, nums[0]))
            continue
        struct, field = key.split(".")
        f = getattr(getattr(_capi, struct), field)
        eq((key, f.offset, f.size), (key, nums[0], nums[1]))
        seen.setdefault(struct, []).append(field)
    for struct, fields in seen.items():
        eq([f[0] for f in getattr(_capi, struct)._fields_], fields)


def t_no_library():
    """A clear error when the library is not there."""
    import subprocess
    env = dict(os.environ, TRACEMERGE_LIB=TMP + "/nowhere/libtracemerge.so.0")
    p = subprocess.run([sys.executable, "-c", "import tracemerge; tracemerge.version()"],
                       env=env, capture_output=True, text=True)
    assert p.returncode != 0
    last = p.stderr.strip().splitlines()[-1]
    assert last.startswith("OSError: libtracemerge not found: tried " + env["TRACEMERGE_LIB"]), last
    assert "set TRACEMERGE_LIB" in last, last


def t_find_installed():
    """Without TRACEMERGE_LIB: the soname, else the install directories
    (`make install` runs no ldconfig): here a copy in a directory standing
    for /usr/local/lib."""
    import shutil
    import subprocess
    lib = os.path.join(TMP, "prefix", "lib")
    os.makedirs(lib, exist_ok=True)
    shutil.copy(os.environ["TRACEMERGE_LIB"], os.path.join(lib, _capi.SONAME))
    env = {k: v for k, v in os.environ.items()
           if k not in ("TRACEMERGE_LIB", "LD_LIBRARY_PATH")}
    code = """if 1:
        import sys, tracemerge, tracemerge._capi as c
        c._PREFIXES = (sys.argv[1],)
        print(tracemerge.version())
        print([l.split()[-1] for l in open("/proc/self/maps") if "libtracemerge" in l][0])"""
    p = subprocess.run([sys.executable, "-c", code, lib], env=env, capture_output=True,
                       text=True, check=True)
    version, path = p.stdout.split()
    eq(version, tracemerge.version())
    if not path.startswith(TMP):      # a libtracemerge.so.0 installed system-wide
        print("    (%s found by the loader first)" % path)


# ---- sync --------------------------------------------------------------------

def t_sync_values():
    r = tracemerge.sync([K, A])
    eq(r["output_clock"], {"domain": K + " (kernel)", "input": K})
    k, a = r["parts"]
    eq((k["input"], k["name"], k["side"], k["is_output_clock"], k["linked"], k["offset_ns"],
        k["error_ns"]), (0, K, "kernel", True, True, 0, 0))
    eq((a["input"], a["name"], a["side"], a["domain"], a["is_output_clock"], a["how"]),
       (1, A, "json", A + " (json)", False, "markers"))
    eq((a["offset_ns"], a["error_ns"], a["rate_ppm"]), (-5000 * 10**9, 10500, 0.0))
    eq(a["map"]["y0"] - a["map"]["x0"], -5000 * 10**9)
    eq(r["links"][0]["used"], 3)


def t_sync_as_cli():
    """The dict, less "parts", is `sync --json`'s."""
    r = tracemerge.sync([K, A])
    del r["parts"]
    eq(r, cli_json("sync.json"))


def t_sync_drift():
    """The 40 ppm pair (gen_drift.py: the application clock runs 40 ppm
    fast, so its map to the kernel's has rate 1/(1+40e-6) - 1 = -39.9984 ppm);
    the options of the C struct reach the library: max_drift_ppm refuses it."""
    r = tracemerge.sync([KD, AD])
    a = r["parts"][1]
    assert abs(a["rate_ppm"] - (1 / (1 + 40e-6) - 1) * 1e6) < 0.01, a["rate_ppm"]
    eq(a["map"]["rate_fs"], round(a["rate_ppm"] * 1e9))
    e = raises(tracemerge.Error, tracemerge.sync, [KD, AD], max_drift_ppm=10)
    eq(str(e), cli_error("maxdrift.err"))


def t_sync_max_error():
    e = raises(tracemerge.Error, tracemerge.sync, [K, A], max_error="5us")
    eq(str(e), cli_error("maxerror.err"))
    assert "above --max-error 5.0" in str(e), str(e)
    eq(tracemerge.sync([K, A], max_error=10500)["parts"][1]["error_ns"], 10500)


def t_sync_offset_clock():
    """offsets= and clock= as the tool's --offset and --clock."""
    r = tracemerge.sync([K, NOMARK], offsets={NOMARK: "-5000s"})
    eq((r["parts"][1]["offset_ns"], r["parts"][1]["how"]), (-5000 * 10**9, "--offset"))
    r = tracemerge.sync([K, NOMARK], offsets={0: 5000 * 10**9}, clock=NOMARK)
    eq((r["parts"][0]["offset_ns"], r["parts"][1]["is_output_clock"]), (5000 * 10**9, True))
    eq(r["output_clock"]["input"], NOMARK)
    r = tracemerge.sync([K, NOMARK], same_clock=True)
    eq(r["parts"][1]["offset_ns"], 0)


# ---- merge -------------------------------------------------------------------

def t_merge_bytes_counts():
    out = os.path.join(TMP, "py.json")
    r = tracemerge.merge([K, A], out)
    with open(out, "rb") as f:
        assert f.read() == read("cli.json"), "merged bytes differ from merge -o's"
    c = r["counts"]
    # the hand-worked numbers (README's --report lines)
    eq((c["kernel_in"], c["kernel_out"], c["kernel_sync"]), (7, 4, 3))
    eq((c["json_in"], c["json_out"], c["json_sync"], c["json_rejected"]), (8, 5, 3, 0))
    eq((c["names"], c["link"]), (1, True))
    # and `merge --report`'s text, number by number
    m = re.findall(r"\d+", read("report.err").decode())
    eq([str(x) for x in (c["kernel_in"], c["kernel_out"], c["kernel_sync"], c["json_in"],
                         c["json_out"], c["json_sync"], c["json_rejected"], c["names"])], m)
    eq(r["parts"][1]["offset_ns"], -5000 * 10**9)


def t_merge_options():
    """Each option gives the bytes of the tool's, so each field of
    struct tm_session_opts lands where the library reads it."""
    cases = [
        ("opt_both.json", [K, A], {"kernel_as": "both"}),
        ("opt_events.json", [K, A], {"kernel_as": "events"}),
        ("opt_app.json", [K, A], {"clock": "app"}),
        ("opt_offset.json", [K, NOMARK], {"offsets": {NOMARK: "-5000s"}}),
        ("opt_same.json", [K, NOMARK], {"same_clock": True}),
        ("opt_pid.json", [K, A], {"pid_offsets": {A: 100000}}),
        ("opt_verbatim.json", [K, A], {"verbatim": True}),
        ("opt_gzip.json", [K, A], {"gzip": True}),
    ]
    for name, paths, kw in cases:
        out = os.path.join(TMP, "py_" + name)
        tracemerge.merge(paths, out, **kw)
        with open(out, "rb") as f:
            assert f.read() == read(name), "%s: bytes differ from the tool's" % name


def t_merge_events_counts():
    r = tracemerge.merge([K, A], os.path.join(TMP, "py_ev.json"), kernel_as="events")
    # 4 kernel events written as trace events (the 3 markers moved out)
    eq(r["counts"]["kernel_events"], 4)


# ---- stats -------------------------------------------------------------------

def t_stats():
    eq(tracemerge.stats(K), cli_json("stats_k.json")["inputs"][0])
    eq(tracemerge.stats(A), cli_json("stats_a.json")["inputs"][0])
    s = tracemerge.stats(K)
    eq((s["format"], s["lines"]["events"]), ("ftrace", 7))


# ---- errors ------------------------------------------------------------------

def t_missing_file():
    e = raises(tracemerge.Error, tracemerge.sync, [K, TMP + "/missing.json"])
    eq(str(e), cli_error("missing_sync.err"))
    eq(e.message, str(e))
    assert str(e).endswith("missing.json: cannot open: No such file or directory"), str(e)
    e = raises(tracemerge.Error, tracemerge.merge, [TMP + "/missing.json"], TMP + "/x.json")
    eq(str(e), cli_error("missing_sync.err").replace(K + ", ", ""))
    assert not os.path.exists(TMP + "/x.json")
    e = raises(tracemerge.Error, tracemerge.stats, TMP + "/missing.json")
    eq(str(e), cli_error("missing_stats.err"))


def t_unlinked():
    e = raises(tracemerge.Error, tracemerge.sync, [K, NOMARK])
    assert not isinstance(e, ValueError)
    eq(str(e), cli_error("unlinked.err"))
    assert "--offset" in str(e), str(e)
    # the warnings say why: the kernel's 3 markers found no partner
    w = e.warnings
    eq([(x["kind"], x["count"]) for x in w], [("sync-unpaired", 3)])
    eq(w[0]["locations"], [K + ":12", K + ":17", K + ":18"])


def t_option_error():
    """What the options ask and the inputs cannot give: OptionError, both
    an Error and a ValueError (the tool's exit 2)."""
    e = raises(tracemerge.OptionError, tracemerge.sync, [A, S + "/app_mono.json"],
               clock="kernel")
    assert isinstance(e, ValueError) and isinstance(e, tracemerge.Error)
    eq(str(e), cli_error("optclock.err"))


def t_usage():
    """Arguments the tool would refuse as usage errors: TypeError or
    ValueError before anything is read."""
    sy = tracemerge.sync
    raises(TypeError, sy, K)                       # one path, not a list
    raises(ValueError, sy, [])
    raises(ValueError, sy, [K, ""])
    raises(TypeError, sy, [K, 3])
    raises(ValueError, sy, [K, A], clock="nope")
    raises(TypeError, sy, [K, A], clock=1.5)
    raises(ValueError, sy, [K, A], offsets={"other.json": "1s"})
    raises(ValueError, sy, [K, A], offsets={5: "1s"})
    raises(ValueError, sy, [K, A], offsets={A: "1 s"})
    raises(ValueError, sy, [K, A], offsets={A: "1s", 1: "2s"})   # twice
    raises(TypeError, sy, [K, A], offsets={A: 1.5})
    raises(TypeError, sy, [K, A], offsets=[A])
    raises(ValueError, sy, [K, A], max_error=0)
    raises(ValueError, sy, [K, A], max_error="-1ms")
    raises(TypeError, sy, [K, A], max_drift_ppm="10")
    raises(ValueError, sy, [K, A], max_drift_ppm=0)
    # numbers C cannot hold, and NULs C would take for the end: refused
    # (2**64 + 5 became 5 ns, 2**63 became -2**63, "a\0b" became "a")
    raises(ValueError, sy, [K, A], offsets={A: 2**64 + 5})
    raises(ValueError, sy, [K, A], offsets={A: 2**63})
    raises(ValueError, sy, [K, A], offsets={A: -2**63 - 1})
    raises(ValueError, sy, [K, A], max_error=2**64 + 5)
    raises(ValueError, sy, [K, A + "\0x"])
    raises(ValueError, tracemerge.stats, K + "\0x")
    e = raises(ValueError, sy, [K, "./" + K])      # the same file twice
    assert "the same file" in str(e), str(e)
    out = os.path.join(TMP, "never.json")
    mg = tracemerge.merge
    raises(ValueError, mg, [K, A], out, kernel_as="pixels")
    raises(ValueError, mg, [K, A], out, verbatim=True, kernel_as="events")
    raises(ValueError, mg, [K, A], out, verbatim=True, pid_offsets={A: 1})
    raises(ValueError, mg, [K, A], out, pid_offsets={A: -1})
    raises(ValueError, mg, [K, A], out, pid_offsets={A: 2**31})
    raises(ValueError, mg, [K, A], "")
    raises(ValueError, mg, [K, A], out + "\0x")
    assert not os.path.exists(out)
    # the largest offsets that fit are taken
    eq(sy([K, NOMARK], offsets={NOMARK: 2**63 - 1})["parts"][1]["offset_ns"], 2**63 - 1)


def t_no_fd_leak():
    """Sessions free what they open, also on errors."""
    before = len(os.listdir("/proc/self/fd"))
    for _ in range(20):
        tracemerge.sync([K, A])
        raises(tracemerge.Error, tracemerge.sync, [K, NOMARK])
        tracemerge.stats(A)
    eq(len(os.listdir("/proc/self/fd")), before)


def _offset(pair):
    return tracemerge.sync(list(pair))["parts"][1]["offset_ns"]


def t_pool():
    """doc/batch.md's recipe: sync from a process pool."""
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        got = pool.map(_offset, [(K, A), (K, A), (KD, AD)])
    eq(got[:2], [-5000 * 10**9] * 2)
    eq(got[2], tracemerge.sync([KD, AD])["parts"][1]["offset_ns"])


if __name__ == "__main__":
    for name, fn in list(globals().items()):
        if name.startswith("t_") and callable(fn):
            check(name[2:].replace("_", " "), fn)
