# SPDX-License-Identifier: LGPL-2.1-or-later
"""A PEP 517/660 build backend for the pure-Python package tracemerge, with
the standard library alone: a wheel (py3-none-any) of tracemerge/*.py, an
editable wheel (a .pth naming this directory) and an sdist."""

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = "tracemerge"
SUMMARY = "Put a kernel trace and an application trace on one clock (libtracemerge via ctypes)"
TAG = "py3-none-any"


def _version():
    """__version__ of tracemerge/__init__.py."""
    with open(os.path.join(HERE, NAME, "__init__.py"), encoding="utf-8") as f:
        return re.search(r'^__version__ = "([^"]+)"', f.read(), re.M).group(1)


def _metadata():
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\n"
            "License: LGPL-2.1-or-later\nRequires-Python: >=3.7\n"
            % (NAME, _version(), SUMMARY))


def _sources():
    """The package's files: (path in the wheel, path on disk), sorted."""
    pkg = os.path.join(HERE, NAME)
    return [(NAME + "/" + f, os.path.join(pkg, f))
            for f in sorted(os.listdir(pkg)) if f.endswith(".py")]


def _write_wheel(directory, files):
    """A wheel in DIRECTORY holding FILES [(name, bytes)] and the metadata;
    its file name."""
    dist = "%s-%s" % (NAME, _version())
    info = dist + ".dist-info"
    files = files + [
        (info + "/METADATA", _metadata().encode()),
        (info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: tracemerge_build\n"
                           "Root-Is-Purelib: true\nTag: %s\n" % TAG).encode()),
    ]
    record = []
    for name, data in files:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
        record.append("%s,sha256=%s,%d" % (name, digest.decode(), len(data)))
    record.append(info + "/RECORD,,")
    files.append((info + "/RECORD", ("\n".join(record) + "\n").encode()))
    wheel = "%s-%s.whl" % (dist, TAG)
    with zipfile.ZipFile(os.path.join(directory, wheel), "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files:
            z.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data)
    return wheel


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _write_wheel(wheel_directory, [(n, _read(p)) for n, p in _sources()])


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """A wheel whose .pth puts this directory on sys.path."""
    return _write_wheel(wheel_directory, [(NAME + "_editable.pth", (HERE + "\n").encode())])


def build_sdist(sdist_directory, config_settings=None):
    dist = "%s-%s" % (NAME, _version())
    files = [("pyproject.toml", os.path.join(HERE, "pyproject.toml")),
             ("backend/tracemerge_build.py", os.path.abspath(__file__))] + _sources()
    name = dist + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for arc, path in files:
            t.add(path, arcname=dist + "/" + arc)
        info = tarfile.TarInfo(dist + "/PKG-INFO")
        data = _metadata().encode()
        info.size = len(data)
        t.addfile(info, io.BytesIO(data))
    return name
