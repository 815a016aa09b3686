#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A fio-like trace through the folio model (issue 8, session 15).

    T=1.1 PREFS=0 VARIANTS=cur,split,split2 python3 wip/issue-8/s15/fiosim.py

Four files of 40,960 pages filled in order, then the same zipf offset
sequence (fio's zipf offsets do not follow --randseed) read in each file,
round robin, N reads per file for the warm-up and again for the measured
phase, through wip/issue-8/s12/foliosim.py's model at 256 MiB less 1,500
pages.  It does not reproduce the fio cell's loss with refs 1 pieces or with
the requeue (both gain here), so the model is no guide for fio.
"""
import array
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "s10"))
sys.path.insert(0, os.path.join(here, "..", "s12"))
import sim  # noqa: E402
import foliosim  # noqa: E402

theta = os.environ.get("T", "1.1")
n = int(os.environ.get("N", "150000"))
raw = subprocess.run([sim.EXE, "emit", "-t", theta, "-s", "1", "-n", str(n), "-f", "1", "-b", "40960"],
                     check=True, stdout=subprocess.PIPE).stdout
a = array.array("I")
a.frombytes(raw)
per = [k * 40960 + x for x in a.tolist() for k in range(4)]
seq = list(range(4 * 40960)) + per
start = len(seq)
seq += per
cap = 256 * 256 - 1500
nn = len(seq) - start
res = [("LRU", sim.lru(seq, start, cap))]
for v in os.environ.get("VARIANTS", "cur,split,split2").split(","):
    res.append((v, foliosim.model(seq, start, cap, v)))
print("fio-like", theta, " ".join("%s=%.4f" % (k, m / nn) for k, m in res))
