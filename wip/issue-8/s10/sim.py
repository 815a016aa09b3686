#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Simulate patch 20's policy on the trace cells' streams (issue 8).

    python3 wip/issue-8/s10/sim.py trace:0.9:128,tloop:0.9:128 [...]

A model, not the kernel: min_seq is a FIFO (P), min_seq+1 the protected
room (Q).  A miss adds the page to P with refs 1 (the read counts), a hit
adds one up to 5.  Eviction takes P's tail: refs >= 2 moves it to Q's head
with refs 2, anything else goes.  For every page taken from P, the sweep
goes through c * |Q| / |P| pages of Q's tail: refs >= 3 (used since it got
there) stays with refs 2, anything else goes back to P's head with refs 1.
If P runs empty, Q becomes P.  "noh" is the same without the sweep.  The
streams are the ones the harness replays (build/bench/bin/zipf-replay,
which scripts/bench.sh builds), 150k warm-up and 300k measured reads, and
the page counts are the cells' (memory.max / 4 KiB, a little above what
the kernels hold).  Prints misses per measured read.
"""
import array
import collections
import os
import subprocess
import sys

TOP = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
EXE = os.path.join(TOP, "build", "bench", "bin", "zipf-replay")


def emit(theta, seed, n, extra=()):
    raw = subprocess.run([EXE, "emit", "-t", theta, "-s", str(seed), "-n", str(n),
                          "-f", "4", "-b", str(160 * 256)] + list(extra),
                         check=True, stdout=subprocess.PIPE).stdout
    a = array.array("I")
    a.frombytes(raw)
    return a.tolist()


def stream(wl, theta, mb):
    seq = list(range(4 * 160 * 256)) + emit(theta, 1, 150000)
    start = len(seq)
    extra = {"tphase": ["-P", "2"], "tscan": ["-S"],
             "tloop": ["-P", "3", "-L", str(int(mb) * 256 * 3 // 4)]}.get(wl, [])
    return seq + emit(theta, 2, 300000, extra), start


def lru(seq, start, cap):
    d = collections.OrderedDict()
    miss = 0
    for i, p in enumerate(seq):
        if p in d:
            d.move_to_end(p)
            continue
        miss += i >= start
        d[p] = 1
        if len(d) > cap:
            d.popitem(last=False)
    return miss


def sweep(seq, start, cap, c):
    P, Q, refs = collections.OrderedDict(), collections.OrderedDict(), {}
    miss, credit = 0, 0.0
    for i, p in enumerate(seq):
        if p in refs:
            refs[p] = min(refs[p] + 1, 5)
            continue
        miss += i >= start
        P[p] = 1
        refs[p] = 1
        while len(P) + len(Q) > cap:
            if not P:
                P, Q = Q, collections.OrderedDict()
                continue
            q, _ = P.popitem(last=False)
            if refs[q] >= 2:
                Q[q] = 1
                refs[q] = 2
            else:
                del refs[q]
            if c and Q:
                credit += c * len(Q) / max(1, len(P))
                while credit >= 1 and Q:
                    credit -= 1
                    r, _ = Q.popitem(last=False)
                    if refs[r] >= 3:
                        Q[r] = 1
                        refs[r] = 2
                    else:
                        P[r] = 1
                        refs[r] = 1
    return miss


def main():
    for cell in sys.argv[1].split(","):
        wl, theta, mb = cell.split(":")
        cap = int(mb) * 256
        seq, start = stream(wl, theta, mb)
        n = len(seq) - start
        res = [("LRU", lru(seq, start, cap)), ("noh", sweep(seq, start, cap, 0))]
        res += [("c%.2f" % c, sweep(seq, start, cap, c)) for c in (1.0, 0.5, 0.25)]
        print(cell, " ".join("%s=%.4f" % (k, v / n) for k, v in res), flush=True)


if __name__ == "__main__":
    main()
