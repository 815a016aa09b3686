#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# goals.py SUMMARY_JSON: check issue 5's (FG vs ORIG, CLRU) and issue 6's
# (RD vs FG, ORIG) goals against one harness run's summary.json
# (scripts/bench/report.py writes it).  For each goal: the ratio of the
# medians, whether the spreads [min-max] of the two arms overlap ("~": the
# run did not resolve the difference), and whether the median meets it.
import json
import statistics
import sys


def load(path):
    with open(path) as f:
        d = json.load(f)
    vals = {}
    for b in d["boots"]:
        for cell, m in b["cells"].items():
            for k, v in m.items():
                if isinstance(v, (int, float)):
                    vals.setdefault((cell, b["arm"], k), []).append(v)
    return d, vals


def cmp(vals, cell, arm, base, metric):
    a, b = vals.get((cell, arm, metric)), vals.get((cell, base, metric))
    if not a or not b:
        return None
    ratio = statistics.median(a) / statistics.median(b)
    overlap = not (min(a) > max(b) or max(a) < min(b))
    return ratio, overlap, len(a), len(b)


def fmt(r):
    if r is None:
        return "n/a"
    return "%.3fx%s" % (r[0], "~" if r[1] else "")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: goals.py SUMMARY_JSON")
    d, vals = load(sys.argv[1])
    cells = d["meta"]["cells"].split()
    fd = [c for c in cells if c.startswith("fd:") and "uniform" not in c]
    mm = [c for c in cells if c.startswith("mmap:") and "uniform" not in c]
    rows = []

    def goal(name, checks, test):
        got = [(c, r) for c, r in checks if r is not None]
        if not got:
            rows.append((name, "not measured", "-"))
            return
        ok = test([r[0] for _, r in got])
        rows.append((name, "; ".join("%s %s" % (c, fmt(r)) for c, r in got),
                     "met" if ok else "MISSED"))

    def theta(c):
        return float(c.split(":")[1])

    goal("FG FD refaults/read <= 0.85x ORIG, every theta",
         [(c, cmp(vals, c, "FG", "ORIG", "refaults_per_read")) for c in fd],
         lambda rs: all(r <= 0.85 for r in rs))
    goal("FG FD refaults/read <= 0.80x ORIG, theta <= 1.2",
         [(c, cmp(vals, c, "FG", "ORIG", "refaults_per_read")) for c in fd if theta(c) <= 1.2],
         lambda rs: all(r <= 0.80 for r in rs))
    goal("FG FD IOPS >= ORIG everywhere",
         [(c, cmp(vals, c, "FG", "ORIG", "iops")) for c in fd],
         lambda rs: all(r >= 1.0 for r in rs))
    goal("FG FD IOPS +10% on the median cell",
         [(c, cmp(vals, c, "FG", "ORIG", "iops")) for c in fd],
         lambda rs: statistics.median(rs) >= 1.10)
    goal("FG MMAP IOPS +8% on the median cell",
         [(c, cmp(vals, c, "FG", "ORIG", "iops")) for c in mm],
         lambda rs: statistics.median(rs) >= 1.08)
    goal("FG MMAP IOPS no cell below ORIG",
         [(c, cmp(vals, c, "FG", "ORIG", "iops")) for c in mm],
         lambda rs: all(r >= 1.0 for r in rs))
    for c, m in (("fd:uniform:256", "iops"), ("mmap:uniform:256", "iops"),
                 ("readtwice::256", "mbps"), ("mmapread::256", "mbps"),
                 ("pgbench:1.1:128", "tps")):
        goal("FG %s %s no regression over 2%% vs ORIG" % (c, m),
             [(c, cmp(vals, c, "FG", "ORIG", m))], lambda rs: rs[0] >= 0.98)
    goal("FG mmapread MiB/s >= CLRU",
         [("mmapread::256", cmp(vals, "mmapread::256", "FG", "CLRU", "mbps"))],
         lambda rs: rs[0] >= 1.0)
    goal("RD MMAP refaults/read <= 0.85x FG near the memcg size (128M)",
         [(c, cmp(vals, c, "RD", "FG", "refaults_per_read")) for c in mm if c.endswith(":128")],
         lambda rs: all(r <= 0.85 for r in rs))
    goal("RD MMAP IOPS no cell more than 2% below FG",
         [(c, cmp(vals, c, "RD", "FG", "iops")) for c in mm + ["mmap:uniform:256"]],
         lambda rs: all(r >= 0.98 for r in rs))
    goal("RD pgbench tps >= 1.2x ORIG",
         [("pgbench:1.1:128", cmp(vals, "pgbench:1.1:128", "RD", "ORIG", "tps"))],
         lambda rs: rs[0] >= 1.2)
    goal("RD pgbench p99 <= 0.5x ORIG",
         [("pgbench:1.1:128", cmp(vals, "pgbench:1.1:128", "RD", "ORIG", "p99_ms"))],
         lambda rs: rs[0] <= 0.5)
    goal("RD FD IOPS no regression over 2% vs FG",
         [(c, cmp(vals, c, "RD", "FG", "iops")) for c in fd + ["fd:uniform:256"]],
         lambda rs: all(r >= 0.98 for r in rs))

    print("run: %s (%s); boots per arm: %s" % (d["meta"]["command"], d["meta"]["date"],
                                                d["meta"]["reps"]))
    print("ratio = median / median of the reference arm; ~ = the spreads overlap")
    print()
    print("| goal | measured | median verdict |")
    print("| --- | --- | --- |")
    for r in rows:
        print("| %s | %s | %s |" % r)


if __name__ == "__main__":
    main()
