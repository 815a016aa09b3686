#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""fio's own offsets through the folio model (issue 8, session 16).

    [FRESH=1] T=1.1 PREFS=0 VARIANTS=cur,split,split2 python3 wip/issue-8/s16/fioreal.py

Session 15's fiosim.py read the same zipf sequence of our own generator in
each file.  This one asks fio (ioengine=null, the fd cell's job options, one
section per file so each writes its own iolog; the file names the guest uses,
which seed fio's zipf) for the offsets each of the four jobs reads, in the
warm-up (--randseed=1) and the measured phase (--randseed=2), interleaves
them round robin after the sequential fill and runs them through
wip/issue-8/s12/foliosim.py at 256 MiB less 1,500 pages.  fio seeds a file's
zipf generator from the file's name while randrepeat is on (its default), so
the measured phase replays the warm-up exactly.  FRESH=1 asks for what the
harness does since session 16: randrepeat=0 with seeds 1 and 5 and the zipf
center 0.5, the same popular offsets in a sequence of their own.
"""
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "s10"))
sys.path.insert(0, os.path.join(here, "..", "s12"))
import sim  # noqa: E402
import foliosim  # noqa: E402

FPAGES = 40960


def offsets(theta, seed, n, tmp, fresh=False):
    dist = "zipf:%s" % theta
    job = ["[global]", "bs=4k", "size=160M", "ioengine=null", "rw=randread",
           "randseed=%d" % seed, "io_size=%dk" % (n * 4)]
    if fresh:
        job += ["randrepeat=0", "random_distribution=%s:0.5" % dist]
    else:
        job += ["random_distribution=%s" % dist]
    for j in range(4):
        job += ["[fg%d]" % j, "filename=/tmp/data/bench/f%d" % j,
                "write_iolog=%s/s%d-j%d.log" % (tmp, seed, j), "stonewall"]
    path = os.path.join(tmp, "s%d.fio" % seed)
    with open(path, "w") as f:
        f.write("\n".join(job) + "\n")
    subprocess.run(["fio", "--output-format=terse", path], check=True,
                   stdout=subprocess.DEVNULL)
    per = []
    for j in range(4):
        with open("%s/s%d-j%d.log" % (tmp, seed, j)) as f:
            per.append([j * FPAGES + int(w[3]) // 4096
                        for w in (line.split() for line in f)
                        if len(w) == 5 and w[2] == "read"])
    return [p for group in zip(*per) for p in group]


def main():
    theta = os.environ.get("T", "1.1")
    n = int(os.environ.get("N", "150000"))
    fresh = os.environ.get("FRESH", "0") == "1"
    with tempfile.TemporaryDirectory() as tmp:
        if fresh:
            warm, run = offsets(theta, 1, n, tmp, True), offsets(theta, 5, n, tmp, True)
        else:
            warm, run = offsets(theta, 1, n, tmp), offsets(theta, 2, n, tmp)
    print("measured phase = warm-up:", warm == run)
    seq = list(range(4 * FPAGES)) + warm
    start = len(seq)
    seq += run
    cap = 256 * 256 - 1500
    nn = len(seq) - start
    res = [("LRU", sim.lru(seq, start, cap))]
    for v in os.environ.get("VARIANTS", "cur,split,split2").split(","):
        res.append((v, foliosim.model(seq, start, cap, v)))
    print("fio", "fresh" if fresh else "replay", theta, " ".join("%s=%.4f" % (k, m / nn) for k, m in res))


if __name__ == "__main__":
    main()
