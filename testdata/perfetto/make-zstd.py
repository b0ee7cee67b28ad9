#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# make-zstd.py: the zstd test traces of SOURCES.txt, from compact_sched_crop.pb
# (needs the zstd command; run in testdata/perfetto).
import subprocess, sys
def varint(n):
    b = b""
    while True:
        c = n & 0x7f; n >>= 7
        if n: b += bytes([c | 0x80])
        else: return b + bytes([c])
def zstd(data):
    return subprocess.run(["zstd", "-q", "-c", "-19", "--no-check"], input=data, capture_output=True, check=True).stdout
def zpacket(z):   # TracePacket { zstd_compressed_packets (133): Z } in Trace.packet
    pkt = b"\xaa\x08" + varint(len(z)) + z
    return b"\x0a" + varint(len(pkt)) + pkt
good = b"\x0a\x02\x50\x01"    # TracePacket { trusted_packet_sequence_id: 1 }
src = open("compact_sched_crop.pb", "rb").read()
z = zstd(src)
open("compact_sched_crop_zstd.pb", "wb").write(zpacket(z))
# two frames: the packets' bytes cut in the middle, each half a frame
cut = len(src) // 2
open("compact_sched_crop_zstd2.pb", "wb").write(zpacket(zstd(src[:cut]) + zstd(src[cut:])))
t = good + zpacket(z[: len(z) // 2])
open("bad_zstd_truncated.pb", "wb").write(t)
bad = bytearray(z); 
for i in range(8, min(len(bad), 40)): bad[i] ^= 0xff
open("bad_zstd_corrupt.pb", "wb").write(good + zpacket(bytes(bad)))
