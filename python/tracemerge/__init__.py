# SPDX-License-Identifier: LGPL-2.1-or-later
"""tracemerge: put a kernel trace and an application trace on one clock.

The Python face of libtracemerge (the C library of the `tracemerge` tool),
through ctypes; nothing else is needed.  The library is found through
$TRACEMERGE_LIB (a path), else as libtracemerge.so.0 (`make install`).

    import tracemerge
    r = tracemerge.merge(["kernel.txt", "app.json"], "merged.json")
    print(r["parts"][1]["offset_ns"], r["counts"]["json_out"])

stats(), sync() and merge() do what `tracemerge stats --json`, `tracemerge
sync --json` and `tracemerge merge -o` do, with the same option names, and
return plain dicts.  A trace that cannot be read or aligned raises Error
with the tool's one-line message; arguments of the wrong type or value raise
TypeError or ValueError before anything is read.
"""

import ctypes
import json
import numbers
import os
import threading

from . import _capi

__version__ = "0.1.0"      # the release of the library it comes with
__all__ = ["Error", "OptionError", "stats", "sync", "merge", "version"]


class Error(Exception):
    """An input could not be read, or the inputs could not be put on one
    clock.  str(e) and e.message: the one-line message `tracemerge` prints
    after "tracemerge COMMAND: ".  e.warnings: the warnings counted until
    then (they often say why), as dicts: kind, count, message, locations."""

    def __init__(self, message, warnings=()):
        super().__init__(message)
        self.message = message
        self.warnings = list(warnings)


class OptionError(Error, ValueError):
    """The options ask what the inputs cannot give (an output clock or an
    offset for a clock they do not have): where the tool exits with 2."""


_lock = threading.Lock()
_loaded = None             # (library, free) once loaded


def _api():
    """The library, loaded on first use (OSError when it cannot be)."""
    global _loaded
    with _lock:
        if _loaded is None:
            _loaded = _capi.load()
        return _loaded[0]


def version():
    """The version of the library in use, "MAJOR.MINOR.PATCH"."""
    return _api().tm_version().decode()


def _text(b):
    """A C string (bytes, or None) as str; bytes that are not UTF-8 kept
    readable as \\xNN."""
    return None if b is None else b.decode("utf-8", "backslashreplace")


def _take_json(ptr):
    """The malloc'ed JSON text at PTR parsed; the text freed."""
    if not ptr:
        raise MemoryError("libtracemerge: out of memory")
    try:
        text = ctypes.string_at(ptr)
    finally:
        _loaded[1](ptr)
    return json.loads(text)


def _warnings(diag):
    """The warnings of DIAG (struct tm_diag) as dicts."""
    out = []
    for i in range(diag.nwarn):
        w = diag.warn[i]
        out.append({"kind": _text(w.kind), "count": w.count,
                    "message": _text(w.first_message),
                    "locations": [_text(w.locs[k]) for k in range(w.nlocs)]})
    return out


class _Diag:
    """A struct tm_diag, initialised; free() once nothing uses it."""

    def __init__(self, lib):
        self.lib = lib
        self.d = _capi.Diag()
        lib.tm_diag_init(ctypes.byref(self.d))

    def free(self):
        if self.lib:
            self.lib.tm_diag_free(ctypes.byref(self.d))
            self.lib = None

    def error(self, cls=Error):
        return cls(_text(self.d.error) or "libtracemerge: failed",
                   _warnings(self.d))


# ---- arguments ---------------------------------------------------------------

def _is_int(v):
    return isinstance(v, numbers.Integral) and not isinstance(v, bool)


def _input_paths(paths):
    """PATHS (an iterable of str, bytes or path objects) -> their names as
    str and as bytes for the library."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        raise TypeError("paths: a list of input paths, not one path")
    raw = [os.fsencode(p) for p in paths]
    if not raw:
        raise ValueError("no input given")
    if b"" in raw:
        raise ValueError("an input path is empty")
    for p in raw:
        _no_nul(p, "an input path")
    return [os.fsdecode(p) for p in raw], raw


def _no_nul(b, what):
    """B (bytes for the library) unless it holds a NUL, which C would take
    for its end: ValueError then."""
    if b"\0" in b:
        raise ValueError("%s holds a NUL byte: %r" % (what, b))
    return b


def _same_file_check(names):
    """The tool's rule: a file given twice would merge each of its events
    twice; '-' (standard input) can be read once."""
    seen = {}
    for i, name in enumerate(names):
        if name == "-":
            if "-" in seen:
                raise ValueError("'-' (standard input) given twice: it can be read only once")
            seen["-"] = name
            continue
        try:
            st = os.stat(name)
        except OSError:
            continue                  # said when it is opened
        key = (st.st_dev, st.st_ino)
        if key in seen:
            raise ValueError("%s and %s are the same file: each of its events would be "
                             "there twice" % (seen[key], name))
        seen[key] = name


def _input_index(key, names, what):
    """The index of the input KEY names: an index, or a path as given."""
    if _is_int(key):
        if 0 <= key < len(names):
            return int(key)
        raise ValueError("%s: no input %d (%d given)" % (what, key, len(names)))
    if not isinstance(key, (str, bytes, os.PathLike)):
        raise TypeError("%s: an input's path or index, not %r" % (what, key))
    name = os.fsdecode(os.fspath(key))
    if name not in names:
        raise ValueError("%s %s: not one of the inputs" % (what, name))
    return names.index(name)


def _duration(lib, v, what):
    """V as nanoseconds: an int (ns) or a duration text ("+1.5ms", "-20us")."""
    if _is_int(v):
        if not -2**63 <= int(v) < 2**63:
            raise ValueError("%s: %d ns does not fit in 64-bit nanoseconds" % (what, v))
        return int(v)
    if not isinstance(v, str):
        raise TypeError("%s wants nanoseconds (int) or a duration text such as '+1.5ms', "
                        "not %r" % (what, v))
    ns = ctypes.c_int64()
    if lib.tm_parse_duration(v.encode(), ctypes.byref(ns)):
        raise ValueError("%s wants a DURATION (e.g. +1.5ms; units ns, us, ms, s), not '%s'"
                         % (what, v))
    return ns.value


def _per_input(mapping, names, what, value):
    """{input index: VALUE(v)} of MAPPING {input: v}; None -> {}."""
    if mapping is None:
        return {}
    if not hasattr(mapping, "items"):
        raise TypeError("%s: a dict {input: value}, not %r" % (what, mapping))
    out = {}
    for key, v in mapping.items():
        i = _input_index(key, names, what)
        if i in out:
            raise ValueError("%s %s: given twice" % (what, names[i]))
        out[i] = value(v)
    return out


def _session_opts(lib, names, mode, clock, same_clock, max_drift_ppm, max_error,
                  verbatim=False, kernel_as="text", gzip=False):
    """struct tm_session_opts of the keyword arguments (checked as the tool
    checks its options)."""
    o = _capi.SessionOpts()
    o.mode = mode
    if clock is not None:
        if _is_int(clock):
            clock = names[_input_index(clock, names, "clock")]
        elif isinstance(clock, (str, bytes, os.PathLike)):
            clock = os.fsdecode(os.fspath(clock))
        else:
            raise TypeError("clock: 'kernel', 'app' or an input, not %r" % (clock,))
        if clock not in ("kernel", "app") and clock not in names:
            raise ValueError("clock wants kernel, app or one of the inputs as given, "
                             "not '%s'" % clock)
        o.clock = os.fsencode(clock)
    o.same_clock = bool(same_clock)
    if max_drift_ppm is not None:
        if not isinstance(max_drift_ppm, numbers.Real) or isinstance(max_drift_ppm, bool):
            raise TypeError("max_drift_ppm: a number of ppm, not %r" % (max_drift_ppm,))
        if not 0 < max_drift_ppm <= 1e6:
            raise ValueError("max_drift_ppm wants a positive number of ppm up to 1e6, "
                             "not %r" % (max_drift_ppm,))
        o.max_drift_ppm = float(max_drift_ppm)
    if max_error is not None:
        o.max_error_ns = _duration(lib, max_error, "max_error")
        if o.max_error_ns <= 0:
            raise ValueError("max_error wants a positive duration, not %r" % (max_error,))
    o.verbatim = bool(verbatim)
    if not isinstance(kernel_as, str):
        raise TypeError("kernel_as: 'text', 'events' or 'both', not %r" % (kernel_as,))
    k = ctypes.c_int()
    if lib.tm_kernel_as_parse(kernel_as.encode(), ctypes.byref(k)):
        raise ValueError("kernel_as wants text, events or both, not '%s'" % kernel_as)
    o.kernel_as = k.value
    o.gzip = bool(gzip)
    return o


# ---- the session ---------------------------------------------------------------

class _Session:
    """A struct tm_session with its diag (which outlives it); close() frees
    both."""

    def __init__(self, lib, opts, paths, offsets, pid_offsets):
        self.lib = lib
        self.opts = opts                      # its strings stay alive
        self.diag = _Diag(lib)
        self.s = lib.tm_session_new(ctypes.byref(opts), ctypes.byref(self.diag.d))
        if not self.s:
            self.diag.free()
            raise MemoryError("libtracemerge: out of memory")
        try:
            for p in paths:
                self.check(lib.tm_session_add_input(self.s, p) < 0)
            for i, ns in offsets.items():
                self.check(lib.tm_session_set_offset(self.s, i, ns))
            for i, n in pid_offsets.items():
                self.check(lib.tm_session_set_pid_offset(self.s, i, n))
        except BaseException:
            self.close()
            raise

    def close(self):
        if self.s:
            self.lib.tm_session_free(self.s)
            self.s = None
            self.diag.free()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def check(self, failed):
        """Raise the session's error when FAILED (a C result, non-zero)."""
        if failed:
            on_options = self.lib.tm_session_failed_on_options(self.s)
            raise self.diag.error(OptionError if on_options else Error)

    def part(self, i, k):
        """Part K of input I (struct tm_session_part) as a dict."""
        p = _capi.SessionPart()
        if self.lib.tm_session_part(self.s, i, k, ctypes.byref(p)):
            raise Error("no part %d of input %d" % (k, i))
        m = p.to_output
        d = {"input": p.input, "name": _text(self.lib.tm_session_input_name(self.s, i)),
             "side": "kernel" if p.kernel else "json", "block": p.block,
             "domain": _text(p.domain), "linked": p.linked,
             "is_output_clock": p.is_output_clock, "how": _text(p.how)}
        if p.linked:
            # map(x) = y0 + (x - x0) + round((x - x0) * rate_fs / 10^15)
            d.update({"offset_ns": m.y0 - m.x0,      # at map's x0
                      "rate_ppm": m.rate_fs / 1e9, "error_ns": p.err_ns,
                      "map": {"x0": m.x0, "y0": m.y0, "rate_fs": m.rate_fs}})
        return d

    def report(self):
        """The clock solution as `tracemerge sync --json` prints it, with
        "parts": every part of every input and its map to the output clock."""
        r = _take_json(self.lib.tm_session_report_json(self.s))
        r["parts"] = [self.part(i, k)
                      for i in range(self.lib.tm_session_ninputs(self.s))
                      for k in range(self.lib.tm_session_nparts(self.s, i))]
        return r

    def counts(self):
        """struct tm_session_counts of the write, as a dict."""
        c = _capi.SessionCounts()
        self.check(self.lib.tm_session_counts(self.s, ctypes.byref(c)))
        return {name: getattr(c, name) for name, _ in c._fields_}


def _open(paths, mode, clock, offsets, same_clock, max_drift_ppm, max_error,
          verbatim=False, kernel_as="text", pid_offsets=None, gzip=False):
    """A session over PATHS with the options, all checked first."""
    lib = _api()
    names, raw = _input_paths(paths)
    opts = _session_opts(lib, names, mode, clock, same_clock, max_drift_ppm, max_error,
                         verbatim, kernel_as, gzip)
    offs = _per_input(offsets, names, "offsets",
                      lambda v: _duration(lib, v, "offsets"))

    def pid_offset(n):
        if not _is_int(n):
            raise TypeError("pid_offsets: an int, not %r" % (n,))
        if not 0 <= n <= 2**31 - 1:
            raise ValueError("pid_offsets wants N from 0 to 2147483647, not %d" % n)
        return int(n)
    pids = _per_input(pid_offsets, names, "pid_offsets", pid_offset)
    if verbatim and pids:
        raise ValueError("pid_offsets cannot keep lines verbatim")
    if verbatim and kernel_as == "events":
        raise ValueError("verbatim keeps kernel text: not with kernel_as='events'")
    _same_file_check(names)
    return _Session(lib, opts, raw, offs, pids)


# ---- the three commands ---------------------------------------------------------

def stats(path):
    """What is inside the trace at PATH: the object `tracemerge stats
    --json PATH` prints in "inputs" (every task and event name)."""
    lib = _api()
    diag = _Diag(lib)
    try:
        ptr = lib.tm_stats_json(_no_nul(os.fsencode(path), "path"), -1, -1,
                                ctypes.byref(diag.d))
        if not ptr:
            raise diag.error()
        return _take_json(ptr)
    finally:
        diag.free()


def sync(paths, *, clock=None, offsets=None, same_clock=False, max_drift_ppm=None,
         max_error=None):
    """How the clocks of the traces at PATHS relate: what `tracemerge sync
    --json` prints (output_clock, inputs and their streams, links, markers,
    warnings), plus "parts": one dict per part of each input (its kernel
    text, its JSON blocks) with its map to the output clock: offset_ns (at
    at_ns), rate_ppm, error_ns, how, and the exact map (x0, y0, rate_fs).

    clock: the output clock, 'kernel', 'app' or an input (path or index);
    offsets: {input: ns or '+1.5ms'} for inputs without markers;
    same_clock: inputs no marker links share one clock; max_drift_ppm,
    max_error (ns or '500us'): refuse a fit beyond them."""
    with _open(paths, _capi.TM_SESSION_MERGE, clock, offsets, same_clock,
               max_drift_ppm, max_error) as s:
        s.check(s.lib.tm_session_sync(s.s))
        return s.report()


def merge(paths, out, *, clock=None, offsets=None, same_clock=False, max_drift_ppm=None,
          max_error=None, kernel_as="text", verbatim=False, pid_offsets=None, gzip=False):
    """Write the traces at PATHS on one clock to the file OUT (a path;
    '-': standard output), replaced only once complete: the bytes `tracemerge merge -o OUT PATHS...`
    writes.  Returns sync()'s dict with "counts": what was read and written
    (the numbers of `merge --report`: kernel_in, kernel_out, kernel_sync,
    json_in, json_out, json_sync, json_rejected, names, link, ...).

    The options of sync(), and kernel_as ('text', 'events', 'both'),
    verbatim (kernel lines exactly as read), pid_offsets ({input: n} added
    to its process and thread ids), gzip (write OUT gzip-compressed, as
    `merge --gzip`; an OUT ending in ".gz" is written so without it)."""
    out = _no_nul(os.fsencode(out), "out")
    if not out:
        raise ValueError("out wants a file name ('-': standard output), not ''")
    with _open(paths, _capi.TM_SESSION_MERGE, clock, offsets, same_clock, max_drift_ppm,
               max_error, verbatim, kernel_as, pid_offsets, gzip) as s:
        s.check(s.lib.tm_session_write(s.s, out))
        r = s.report()
        r["counts"] = s.counts()
        return r
