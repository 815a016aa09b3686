#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Folio-aware model of the trace cells (issue 8, session 12).

    python3 wip/issue-8/s12/foliosim.py trace:1.1:256,trace:0.9:256 [...]

The session-10 model (wip/issue-8/s10/sim.py) at folio granularity: the
sequential fill makes 32-page folios, random reads make order-0 ones.
min_seq is a FIFO (P), min_seq+1 the protected room (Q), swept at c=0.5.
A random hit on a fill folio does not count (patch 23).  Variants:
  cur    what the series does now: the fill folio leaves whole
  split  a fill folio that took a random hit is split when it reaches
         P's tail; its pages go back to P's head with refs 1 (one more
         pass), a hit in that pass makes them refs 2 and protects them
  whole  the same, without splitting: the whole folio gets the pass
  splitQ, splitQ1  (session 14) the pieces go to Q with refs 2 or 1
  split2 (session 15) split, and a piece read once in its pass gets one more
         pass with refs 1 (the kernel experiment in wip/issue-8/s15/)
  rfQ, rfP  (session 15) no split; a page of an evicted fill folio that took
         a random hit refaults with refs 2, into Q or P (ONLYHIT=1: only
         the pages that were hit)
  ideal  the pages that were hit go to Q with refs 2, the rest are dropped
The environment picks VARIANTS (comma-separated), PREFS (the pieces' refs)
and THR (random hits needed for a split).
Prints misses per measured read, with page-level LRU for reference.
"""
import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "s10"))
import sim  # noqa: E402

NR = 32
THR = int(os.environ.get("THR", "1"))
PREFS = int(os.environ.get("PREFS", "1"))
ONLYHIT = int(os.environ.get("ONLYHIT", "0"))
FILL = 4 * 160 * 256


def model(seq, start, cap, variant, c=0.5):
    P, Q = collections.OrderedDict(), collections.OrderedDict()
    refs, size, mark, unit_of = {}, {}, {}, {}
    piece, shadow = set(), set()
    miss, credit, used = 0, 0.0, 0

    def drop(u):
        nonlocal used
        used -= size[u]
        if u[0] == "F":
            for p in range(u[1] * NR, u[1] * NR + NR):
                unit_of.pop(p, None)
        else:
            unit_of.pop(u[1], None)
        del refs[u], size[u]
        mark.pop(u, None)
        piece.discard(u)

    for i, p in enumerate(seq):
        u = unit_of.get(p)
        if u is not None:
            if u[0] == "F":
                if i >= FILL:
                    mark.setdefault(u, []).append(p)
            else:
                refs[u] = min(refs[u] + 1, 5)
            continue
        miss += i >= start
        if i < FILL:
            u = ("F", p // NR)
            if u in refs:
                continue
            for q in range(p // NR * NR, p // NR * NR + NR):
                unit_of[q] = u
            size[u] = NR
            refs[u] = 1
        else:
            u = ("p", p)
            unit_of[p] = u
            size[u] = 1
            refs[u] = 1
            if p in shadow:
                shadow.discard(p)
                refs[u] = 2
                if variant == "rfQ":
                    Q[u] = 1
                    used += 1
                    u = None
        if u is not None:
            P[u] = 1
            used += size[u]
        while used > cap:
            if not P:
                P, Q = Q, collections.OrderedDict()
                continue
            q, _ = P.popitem(last=False)
            hits = mark.get(q, ())
            if q[0] == "F" and variant == "ideal" and hits:
                drop(q)
                for r in set(hits):
                    v = ("p", r)
                    unit_of[r] = v
                    size[v] = 1
                    refs[v] = 2
                    Q[v] = 1
                    used += 1
                continue
            if q[0] == "F" and variant.startswith("rf") and hits:
                shadow.update(hits if ONLYHIT else range(q[1] * NR, q[1] * NR + NR))
                drop(q)
                continue
            if q in piece and refs[q] == 1 and variant == "split2":
                piece.discard(q)
                P[q] = 1
                continue
            if q[0] == "F" and variant.startswith("split") and len(hits) >= THR:
                del mark[q]
                if variant == "whole":
                    P[q] = 1
                    continue
                drop(q)
                for r in range(q[1] * NR, q[1] * NR + NR):
                    v = ("p", r)
                    unit_of[r] = v
                    size[v] = 1
                    if variant == "splitQ":
                        refs[v] = 2
                        Q[v] = 1
                    elif variant == "splitQ1":
                        refs[v] = 1
                        Q[v] = 1
                    else:
                        refs[v] = PREFS
                        P[v] = 1
                        if variant == "split2":
                            piece.add(v)
                    used += 1
                continue
            if refs[q] >= 2:
                Q[q] = 1
                refs[q] = 2
            else:
                drop(q)
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
        seq, start = sim.stream(wl, theta, mb)
        n = len(seq) - start
        res = [("LRU", sim.lru(seq, start, cap))]
        res += [(v, model(seq, start, cap, v)) for v in os.environ.get("VARIANTS", "cur,split,ideal").split(",")]
        print(cell, " ".join("%s=%.4f" % (k, v / n) for k, v in res), flush=True)


if __name__ == "__main__":
    main()
