#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# sync --plot: the picture of the marker fits, checked by its structure and
# numbers against what testdata/sync/gen_drift.py built (11 handshakes over
# 10 s, an application clock 40 ppm fast, each handshake 20 us wide, kernel
# times to the microsecond: error 10 us + 0.5 us), and against sync --json's
# residuals.  One copy has marker d5 moved 1 ms later on the app clock: it
# must be the one rejected, 1 ms above the line.
. "$(dirname "$0")/../lib.sh"
S=$top/testdata/sync
command -v python3 >/dev/null || { skip "plot (python3 missing)"; exit 0; }

# the SVG: used and rejected markers, each point's height above the fitted
# line (in data units: the y ticks give the scale), the band, the title
check_svg() { # SVG USED REJECTED REJECTED_ID OFF_US
	python3 - "$@" <<'PY'
import re, sys, xml.etree.ElementTree as ET
svg, used, rejected, rid, off = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], float(sys.argv[5])
ns = {"s": "http://www.w3.org/2000/svg"}
root = ET.parse(svg).getroot()
groups = root.findall(".//s:g", ns)
u = [g for g in groups if g.get("class") == "used"]
r = [g for g in groups if g.get("class") == "rejected"]
assert len(u) == used and len(r) == rejected, (len(u), len(r))
assert len(root.findall(".//s:polygon[@class='band']", ns)) == 1
fit = root.find(".//s:line[@class='fit']", ns)
x1, y1, x2, y2 = (float(fit.get(k)) for k in ("x1", "y1", "x2", "y2"))
# the y scale from two tick labels (text-anchor end: the y axis)
ticks = [(float(t.get("y")) - 4, float(t.text)) for t in root.findall(".//s:text[@class='tick']", ns)
         if t.get("text-anchor") == "end"]
(pa, va), (pb, vb) = ticks[0], ticks[-1]
us_per_px = (vb - va) / (pa - pb)
def above(cx, cy):   # microseconds above the fitted line at cx
    ly = y1 + (y2 - y1) * (cx - x1) / (x2 - x1)
    return (ly - cy) * us_per_px
for g in u:
    c = g.find("s:circle", ns)
    h = above(float(c.get("cx")), float(c.get("cy")))
    assert abs(h) < 3 * abs(us_per_px) + 0.01, ("used marker off the line", h)
for g in r:
    assert g.find("s:title", ns).text.startswith("'%s'" % rid), g.find("s:title", ns).text
    m = re.match(r"M([-\d.]+) ([-\d.]+)", g.find("s:path", ns).get("d"))
    h = above(float(m.group(1)) + 5, float(m.group(2)) + 5)
    assert abs(h - off) < 3 * abs(us_per_px) + 0.01, ("rejected marker", h, off)
title = " ".join(t.text or "" for t in root.findall(".//s:text[@class='numbers']", ns))
want = "%d markers used, %d rejected; drift 40.000" % (used, rejected)
assert title.startswith(want) and "error bound" in title, title
PY
}

# sync --json: every marker's residual and uncertainty
check_json() { # JSON N_USED REJECTED_ID OFF_NS
	python3 - "$@" <<'PY'
import json, sys
j, nused, rid, off = json.load(open(sys.argv[1])), int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
(link,) = j["links"]
res = link["residuals"]
assert len(res) == 11, len(res)
for m in res:
    # 20 us handshake: 10 us half-width; kernel ts to the us: 0.5 us
    assert m["uncertainty_ns"] == 10500, m
    if m["used"]:
        assert abs(m["residual_ns"]) <= 1, m
    else:
        assert m["marker"].startswith("'%s'" % rid) and abs(m["residual_ns"] - off) <= 1, m
assert sum(m["used"] for m in res) == nused
at = [m["at_ns"] for m in res]
assert max(at) - min(at) == 10 * 10**9, at     # 11 handshakes 1 s apart
PY
}

: > "$T/err"
if $TM sync --json --plot "$T/drift.svg" "$S/kernel_drift.txt" "$S/app_drift.json" > "$T/drift.json" &&
   check_json "$T/drift.json" 11 - 0 > "$T/err" 2>&1 && check_svg "$T/drift.svg" 11 0 - 0 >> "$T/err" 2>&1; then
	ok "sync --plot: 11 markers on the 40 ppm line, the band, the numbers; --json: 11 residuals of 0, uncertainty 10.5 us"
else
	notok "sync --plot of the drift example"; sed 's/^/    /' "$T/err" | tail -5
fi

# d5 a millisecond later on the app clock (ts and issue_ts)
sed '/"sync_id":"d5"/s/\(:17000000050[0-9]*\)\.004/\1.004X/g' "$S/app_drift.json" |
	python3 -c '
import re, sys
t = sys.stdin.read()
def later(m): return "%s%d.004" % (m.group(1), int(m.group(2)) + 1000)
sys.stdout.write(re.sub(r"(\"(?:ts|issue_ts)\":)(\d+)\.004X", later, t))' > "$T/app_out.json"
if $TM sync --json --plot "$T/out.svg" "$S/kernel_drift.txt" "$T/app_out.json" > "$T/out.json" &&
   check_json "$T/out.json" 10 d5 1000000 > "$T/err" 2>&1 && check_svg "$T/out.svg" 10 1 d5 1000 >> "$T/err" 2>&1; then
	ok "sync --plot: the marker moved by 1 ms is the one rejected, drawn 1000 us above the line"
else
	notok "sync --plot with an outlier"; sed 's/^/    /' "$T/err" | tail -5
fi

# markers in two groups: the link is refused, the picture still drawn
if ! $TM sync --plot "$T/groups.svg" "$S/kernel_groups.txt" "$S/app_groups55.json" > /dev/null 2>&1 &&
   grep -q "link refused" "$T/groups.svg" && ! grep -q 'class="fit"' "$T/groups.svg"; then
	ok "sync --plot: a refused link is drawn without a line, its error in the title"
else
	notok "sync --plot of a refused link"
fi

if command -v rsvg-convert >/dev/null; then
	rsvg-convert "$T/drift.svg" -o "$T/drift.png" 2> "$T/err" && [ -s "$T/drift.png" ] &&
		ok "sync --plot: rsvg-convert renders it" || notok "rsvg-convert: $(cat "$T/err")"
else
	skip "sync --plot rendered (rsvg-convert not installed: apt-get install librsvg2-bin)"
fi
