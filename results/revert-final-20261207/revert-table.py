#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# revert-table.py RUN [RUN2]: the tables at the end of the policy patches'
# changelogs, from the summary.json of this run and of its second run
# (revert-final-r2-20261207): per arm without one patch, the series
# (FINAL) and that arm, pages read from the disk per read (per transaction
# for PostgreSQL), the mean over the boots of both runs, the change, and
# for cells booted more than once the larger of the two kernels' spread
# (max - min) as a share of its mean.
import json
import os
import sys

ROWS = [("trace:0.9:128", "zipf, 128M, theta 0.9"),
        ("trace4k:0.9:128", "  the same, order-0 folios"),
        ("tphase:0.9:128", "  the hot set moved"),
        ("tscan:0.9:128", "  with a one-pass scan"),
        ("trace:1.1:128", "zipf, 128M, theta 1.1"),
        ("trace:0.9:256", "zipf, 256M, theta 0.9"),
        ("tloop:0.9:128", "loop over 3/4 of 128M"),
        ("fd:1.1:256", "fio read(), 256M, theta 1.1"),
        ("fd:0.8:256", "fio read(), 256M, theta 0.8"),
        ("mmap:1.1:256", "fio mmap, 256M, theta 1.1"),
        ("readtwice::256", "files read twice, 256M"),
        ("mmapread::256", "mmap sequential read, 256M"),
        ("pgbench:1.1:128", "PostgreSQL, 128M, theta 1.1")]
ARMS = ["NORANDOM", "NOSWEEP", "NOSPLIT", "NORD"]


def values(runs, spec, arm):
    out = []
    for s in runs:
        for b in s["boots"]:
            m = b["cells"].get(spec)
            if b["arm"] != arm or not m:
                continue
            key = ("misses_per_read" if "misses_per_read" in m else
                   "disk_per_txn" if spec.startswith("pgbench") else "disk_per_read")
            out.append(m[key])
    return out


def main():
    if not 1 <= len(sys.argv) - 1 <= 2:
        sys.exit("usage: revert-table.py RUN [RUN2]")
    runs = [json.load(open(os.path.join(d, "summary.json"))) for d in sys.argv[1:]]
    for arm in ARMS:
        print("%s:\n  %-30s %-8s %-8s %-7s %s" % (arm, "workload", "series", "without",
                                                 "change", "spread"))
        for spec, label in ROWS:
            f, w = values(runs, spec, "FINAL"), values(runs, spec, arm)
            if not f or not w:
                continue
            mf, mw = sum(f) / len(f), sum(w) / len(w)
            spread = ""
            if len(f) > 1 and len(w) > 1:
                spread = "%.1f%%" % (100 * max((max(f) - min(f)) / mf, (max(w) - min(w)) / mw))
            print("  %-30s %.4f   %.4f   %+6.1f%%  %s" % (label, mf, mw,
                                                         100 * (mw - mf) / mf, spread))
        print()


if __name__ == "__main__":
    main()
