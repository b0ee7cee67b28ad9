#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Serve testdata/browser/page on loopback, load it in headless Chromium, and
save what the page POSTs to /result (its Performance Timeline as JSON).

    capture.py CHROMIUM PAGE_DIR OUT.json [TIMEOUT_S]

Exit 0 when the page posted its entries, 1 otherwise.  Chromium runs with a
fresh profile directory in a process group of its own, which is terminated
(by that group's id) when done."""
import functools, http.server, os, signal, subprocess, sys, tempfile, threading, time

chromium, page, out = sys.argv[1], sys.argv[2], sys.argv[3]
timeout = float(sys.argv[4]) if len(sys.argv) > 4 else 60
got = threading.Event()

class Handler(http.server.SimpleHTTPRequestHandler):
    def do_POST(self):
        n = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(n)
        if self.path == "/result":
            with open(out, "wb") as f:
                f.write(body)
            got.set()
        self.send_response(204)
        self.end_headers()
    def log_message(self, *a):
        pass

srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                      functools.partial(Handler, directory=page))
threading.Thread(target=srv.serve_forever, daemon=True).start()
url = "http://127.0.0.1:%d/index.html" % srv.server_address[1]
def stop(p):
    for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 15)):
        try:
            os.killpg(p.pid, sig)
        except ProcessLookupError:
            return
        try:
            p.wait(wait)
        except subprocess.TimeoutExpired:
            continue
        time.sleep(0.5)            # helpers of the group going away
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        return

with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as prof:
    p = subprocess.Popen([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                          "--disable-quic", "--no-first-run",
                          "--disable-background-networking",
                          "--disable-component-update", "--disable-sync",
                          "--user-data-dir=" + prof, url],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    ok = got.wait(timeout)
    stop(p)
srv.shutdown()
if not ok:
    sys.stderr.write("capture.py: no Performance Timeline posted within %gs\n" % timeout)
sys.exit(0 if ok else 1)
