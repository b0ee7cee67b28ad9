# SPDX-License-Identifier: LGPL-2.1-or-later
"""The C API of libtracemerge through ctypes: the structs of
include/tracemerge/{diag,clock,session}.h mirrored field by field, and the
prototypes of the functions the package calls.  Nothing here is public."""

import ctypes
import ctypes.util
import os

from ctypes import (POINTER, Structure, c_bool, c_char, c_char_p, c_double,
                    c_int, c_int64, c_size_t, c_uint, c_uint64, c_void_p)

TM_DIAG_KEEP = 8          # diag.h: locations kept per warning kind

# enum tm_session_mode (session.h)
TM_SESSION_MERGE = 0
TM_SESSION_IMPORT = 1


class WarningKind(Structure):
    """struct tm_warning (diag.h)."""
    _fields_ = [
        ("kind", c_char_p),
        ("count", c_uint64),
        ("nlocs", c_uint),
        ("locs", c_char_p * TM_DIAG_KEEP),
        ("first_message", c_char_p),
    ]


class Diag(Structure):
    """struct tm_diag (diag.h): tm_diag_init() before use, tm_diag_free()
    after the last session using it is freed."""
    _fields_ = [
        ("error", c_char * 512),
        ("warn", POINTER(WarningKind)),
        ("nwarn", c_size_t),
        ("cap", c_size_t),
    ]


class ClockMap(Structure):
    """struct tm_clock_map (clock.h)."""
    _fields_ = [("x0", c_int64), ("y0", c_int64), ("rate_fs", c_int64)]


class Tuning(Structure):
    """struct tm_tuning (session.h)."""
    _fields_ = [("threads", c_uint), ("reference", c_bool), ("keep_cache", c_bool)]


class SessionOpts(Structure):
    """struct tm_session_opts (session.h); the enums are ints."""
    _fields_ = [
        ("mode", c_int),
        ("clock", c_char_p),
        ("same_clock", c_bool),
        ("max_drift_ppm", c_double),
        ("max_error_ns", c_int64),
        ("verbatim", c_bool),
        ("kernel_as", c_int),
        ("tuning", Tuning),
        ("gzip", c_bool),
    ]


class SessionPart(Structure):
    """struct tm_session_part (session.h)."""
    _fields_ = [
        ("input", c_size_t),
        ("kernel", c_bool),
        ("block", c_size_t),
        ("domain", c_char_p),
        ("linked", c_bool),
        ("to_output", ClockMap),
        ("err_ns", c_int64),
        ("how", c_char_p),
        ("is_output_clock", c_bool),
    ]


class SessionCounts(Structure):
    """struct tm_session_counts (session.h)."""
    _fields_ = [(name, c_uint64) for name in (
        "kernel_in", "kernel_out", "kernel_sync", "kernel_rejected", "unconverted",
        "json_in", "json_out", "json_sync", "json_rejected", "names",
        "kernel_events", "kernel_objects")] + [("link", c_bool)]


# (name, result type, argument types) of every function used
_PROTOTYPES = [
    ("tm_version", c_char_p, []),
    ("tm_diag_init", None, [POINTER(Diag)]),
    ("tm_diag_free", None, [POINTER(Diag)]),
    ("tm_parse_duration", c_int, [c_char_p, POINTER(c_int64)]),
    ("tm_kernel_as_parse", c_int, [c_char_p, POINTER(c_int)]),
    ("tm_session_new", c_void_p, [POINTER(SessionOpts), POINTER(Diag)]),
    ("tm_session_free", None, [c_void_p]),
    ("tm_session_add_input", c_int, [c_void_p, c_char_p]),
    ("tm_session_set_offset", c_int, [c_void_p, c_size_t, c_int64]),
    ("tm_session_set_pid_offset", c_int, [c_void_p, c_size_t, c_int64]),
    ("tm_session_sync", c_int, [c_void_p]),
    ("tm_session_failed_on_options", c_bool, [c_void_p]),
    ("tm_session_write", c_int, [c_void_p, c_char_p]),
    ("tm_session_ninputs", c_size_t, [c_void_p]),
    ("tm_session_input_name", c_char_p, [c_void_p, c_size_t]),
    ("tm_session_nparts", c_size_t, [c_void_p, c_size_t]),
    ("tm_session_part", c_int, [c_void_p, c_size_t, c_size_t, POINTER(SessionPart)]),
    ("tm_session_counts", c_int, [c_void_p, POINTER(SessionCounts)]),
    # malloc'ed text: a void pointer, read with string_at, then freed
    ("tm_session_report_json", c_void_p, [c_void_p]),
    ("tm_stats_json", c_void_p, [c_char_p, c_int, c_int, POINTER(Diag)]),
]

SONAME = "libtracemerge.so.0"
# where `make install` puts it (PREFIX /usr/local by default), for when
# ldconfig has not been run since
_PREFIXES = ("/usr/local/lib", "/usr/lib")


def _candidates():
    """The names to load, in order: $TRACEMERGE_LIB alone when set, else
    the soname (the loader's search), what find_library finds, and the
    install directories."""
    env = os.environ.get("TRACEMERGE_LIB")
    if env:
        return [env]
    names = [SONAME]
    found = ctypes.util.find_library("tracemerge")
    if found:
        names.append(found)
    names += [os.path.join(p, SONAME) for p in _PREFIXES]
    return names


def load():
    """The library with its prototypes set, and its free (tm_free, for the
    texts the library hands over).  OSError naming what was tried."""
    tried = []
    for name in _candidates():
        try:
            lib = ctypes.CDLL(name)
            break
        except OSError as e:
            tried.append("%s (%s)" % (name, e))
    else:
        raise OSError("libtracemerge not found: tried %s; install it (make install, "
                      "then ldconfig) or set TRACEMERGE_LIB to its path"
                      % "; ".join(tried))
    for name, res, args in _PROTOTYPES:
        f = getattr(lib, name)
        f.restype = res
        f.argtypes = args
    # the library's own free (tm_free): its texts were malloc'ed there
    lib.tm_free.restype = None
    lib.tm_free.argtypes = [c_void_p]
    return lib, lib.tm_free
