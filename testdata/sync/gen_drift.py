#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write kernel_drift.txt and app_drift.json: an application clock that runs
40 ppm fast and sits at a CLOCK_REALTIME-like epoch, linked to the kernel
clock by 11 clock-sync handshakes over 10 s.  The truth is exact (fractions):
    app_ns = A0 + (k_ns - K0) * (1 + 40e-6)
drift_expected.json lists each application slice with the kernel time it was
stamped at, which is where `merge` must put it (within its error bound)."""
import json
from fractions import Fraction as F

K0, A0, RATE = 1000 * 10**9, 1_700_000_000 * 10**9, F(1) + F(40, 10**6)

def app(k):                      # exact, rounded to the ns
    return round(A0 + (k - K0) * RATE)

def us(ns):                      # ns -> JSON microseconds text, exact
    s = '%d.%03d' % (ns // 1000, ns % 1000)
    return s.rstrip('0').rstrip('.')

def secs(ns):                    # ns -> ftrace seconds with 6 decimals (ns % 1000 == 0)
    assert ns % 1000 == 0
    return '%d.%06d' % (ns // 10**9, ns // 1000 % 10**6)

lines, events, expected = [], [], []
def kline(k, text):
    lines.append((k, '             app-4242  ( 4242) [000] ...1 %12s: tracing_mark_write: %s' % (secs(k), text)))

for i in range(11):
    k = K0 + i * 10**9 + 100_000
    kline(k, 'trace_event_clock_sync: name=d%d' % i)
    a = app(k)
    events.append('{"name":"clock_sync","ph":"c","ts":%s,"pid":4242,"tid":4242,"args":{"sync_id":"d%d","issue_ts":%s}}'
                  % (us(a + 10_000), i, us(a - 10_000)))
for i in range(10):
    kb, ke = K0 + i * 10**9 + 250_000_000, K0 + i * 10**9 + 350_000_000
    name = 'slice%d' % i
    kline(kb, 'B|4242|%s' % name)
    kline(ke, 'E|4242')
    events.append('{"name":"%s","ph":"B","ts":%s,"pid":4242,"tid":4244}' % (name, us(app(kb))))
    events.append('{"name":"%s","ph":"E","ts":%s,"pid":4242,"tid":4244}' % (name, us(app(ke))))
    expected.append({'name': name, 'ts_ns': kb, 'end_ns': ke})
# one complete event: 100 ms of application time
kx = K0 + 5 * 10**9 + 500_000_000
events.append('{"name":"xslice","ph":"X","ts":%s,"dur":100000,"pid":4242,"tid":4244}' % us(app(kx)))
expected.append({'name': 'xslice', 'ts_ns': kx,
                 'dur_ns': float(F(100_000_000) / RATE)})

lines.sort()
with open('kernel_drift.txt', 'w') as f:
    f.write('# tracer: nop\n#\n')
    f.write('#           TASK-PID     TGID   CPU#  ||||   TIMESTAMP  FUNCTION\n')
    f.write('#              | |         |      |   ||||      |         |\n')
    for _, l in lines:
        f.write(l + '\n')
with open('app_drift.json', 'w') as f:
    f.write('{"traceEvents":[\n' + ',\n'.join(events) + '\n]}\n')
with open('drift_expected.json', 'w') as f:
    json.dump({'rate_ppm': 40, 'slices': expected}, f, indent=1)
