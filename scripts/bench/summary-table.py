#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# summary-table.py [--text] RESULTS_DIR: the table the README and the cover
# letter quote, from a run's summary.json (scripts/bench/report.py): one row
# per cell, the headline metric of each arm (pages read from the data disk per
# read, the misses, for the trace, fio and sequential cells; per transaction
# for PostgreSQL) as the median over boots with its [min-max] and the change
# of the median against the base arm, and for the trace cells exact LRU
# simulated on the same trace.  Markdown by default; with --text, narrow
# enough for a mail: short cell names, medians and changes, and the widest
# spread of the run in one line below.
#
# summary-table.py --revert ARM RESULTS_DIR...: the tables at the end of the
# policy patches' changelogs, from one run or a run and its second boots: for
# each other arm (the series without one patch), ARM ("series") and that arm
# ("without") per cell, the mean over every boot of the runs, the change, and
# for cells booted more than once the larger of the two kernels' max - min as
# a share of its mean.
import json
import os
import sys

NAMES = {"ORIG": "stock MGLRU", "RD": "the series", "FINAL": "the series",
         "CLRU": "classic LRU"}
TRACE = ("trace", "trace4k", "tmap", "tmap4k", "tphase", "tscan", "tloop")
LONG = {"trace": "zipf, theta %(p)s, %(m)s MiB", "trace4k": "zipf, order-0 folios, theta %(p)s, %(m)s MiB",
        "tmap": "zipf through a mapping, theta %(p)s, %(m)s MiB",
        "tmap4k": "zipf through a mapping, order-0 folios, theta %(p)s, %(m)s MiB",
        "tphase": "zipf, popular set moved, theta %(p)s, %(m)s MiB",
        "tscan": "zipf + one-pass scan, theta %(p)s, %(m)s MiB",
        "tloop": "loop over 3/4 of the memcg, %(m)s MiB",
        "fd": "fio 4 KiB random reads, theta %(p)s, %(m)s MiB",
        "mmap": "fio 4 KiB random reads through a mapping, theta %(p)s, %(m)s MiB",
        "readtwice": "files read twice, %(m)s MiB",
        "mmapread": "one sequential read through a mapping, %(m)s MiB",
        "pgbench": "PostgreSQL, pgbench random_zipfian %(p)s, %(m)s MiB (per transaction)"}
SHORT = {"trace": "zipf %(p)s %(m)sM", "trace4k": "zipf 4k %(p)s %(m)sM", "tmap": "zipf mmap %(p)s %(m)sM",
         "tmap4k": "zipf mmap 4k %(p)s %(m)sM",
         "tphase": "phase %(p)s %(m)sM",
         "tscan": "zipf+scan %(p)s %(m)sM", "tloop": "loop %(m)sM", "fd": "fio %(p)s %(m)sM",
         "mmap": "fio mmap %(p)s %(m)sM", "readtwice": "read twice %(m)sM",
         "mmapread": "mmap seq read %(m)sM", "pgbench": "PostgreSQL %(p)s %(m)sM"}


def headline(spec):
    """the metric a cell is judged by: misses, or pages read from the disk"""
    wl = spec.split(":")[0]
    return ("misses_per_read" if wl in TRACE else
            "disk_per_txn" if wl == "pgbench" else "disk_per_read")


def boot_values(runs):
    """{(spec, arm, metric): [the value of every boot of the runs]}"""
    per_boot = {}
    for s in runs:
        for b in s["boots"]:
            for spec, m in b["cells"].items():
                for k, v in m.items():
                    per_boot.setdefault((spec, b["arm"], k), []).append(v)
    return per_boot


def cells(s):
    """(spec, [(arm, median, lo, hi, change) or None per arm], exact LRU or None)"""
    per_boot = boot_values([s])
    for spec in s["meta"]["cells"].split():
        metric = headline(spec)
        base = s["median"].get("%s|%s|%s" % (spec, s["base"], metric))
        vals = []
        for a in s["arms"]:
            v = per_boot.get((spec, a, metric))
            if not v:
                vals.append(None)
                continue
            m = s["median"]["%s|%s|%s" % (spec, a, metric)]
            change = 100.0 * (m - base) / base if a != s["base"] and base else None
            vals.append((a, m, min(v), max(v), change))
        b = s["bounds"].get(spec)
        yield spec, vals, (b["LRU"] if b else None)


def name(spec, table):
    wl, param, mb = spec.split(":")
    return table.get(wl, wl + " %(p)s %(m)s MiB") % {"p": param, "m": mb}


# the changelogs' revert tables: their rows, in this order
REVERT_ROWS = [("trace:0.9:128", "zipf, 128M, theta 0.9"),
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


def revert(base, dirs):
    runs = []
    for d in dirs:
        try:
            runs.append(json.load(open(os.path.join(d, "summary.json"))))
        except (OSError, ValueError) as e:
            sys.exit("summary-table: cannot read %s/summary.json: %s" % (d, e))
    if base not in runs[0]["arms"]:
        sys.exit("summary-table: arm %s is not in %s" % (base, dirs[0]))
    per_boot = boot_values(runs)
    for arm in runs[0]["arms"]:
        if arm == base:
            continue
        print("%s:\n  %-30s %-8s %-8s %-7s %s" % (arm, "workload", "series", "without",
                                                 "change", "spread"))
        for spec, label in REVERT_ROWS:
            f = per_boot.get((spec, base, headline(spec)))
            w = per_boot.get((spec, arm, headline(spec)))
            if not f or not w:
                continue
            mf, mw = sum(f) / len(f), sum(w) / len(w)
            spread = ""
            if len(f) > 1 and len(w) > 1:
                spread = "%.1f%%" % (100 * max((max(f) - min(f)) / mf, (max(w) - min(w)) / mw))
            print(("  %-30s %.4f   %.4f   %+6.1f%%  %s" % (label, mf, mw,
                                                          100 * (mw - mf) / mf, spread)).rstrip())
        print()


def main():
    if sys.argv[1:2] == ["--revert"]:
        if len(sys.argv) < 4:
            sys.exit("usage: summary-table.py --revert ARM RESULTS_DIR...")
        revert(sys.argv[2], sys.argv[3:])
        return
    args = [a for a in sys.argv[1:] if a != "--text"]
    text = "--text" in sys.argv[1:]
    if len(args) != 1:
        sys.exit("usage: summary-table.py [--text] RESULTS_DIR | --revert ARM RESULTS_DIR...")
    s = json.load(open(os.path.join(args[0], "summary.json")))
    heads = ["cell"] + [NAMES.get(a, a) for a in s["arms"]] + ["exact LRU"]
    rows, worst = [], 0.0
    nboots = {}
    for b in s["boots"]:
        nboots[b["arm"]] = nboots.get(b["arm"], 0) + 1
    for spec, vals, lru in cells(s):
        row = [name(spec, SHORT if text else LONG)]
        for v in vals:
            if not v:
                row.append("-")
                continue
            _, m, lo, hi, change = v
            if m:
                worst = max(worst, (hi - lo) / m)
            cell = "%.4f" % m if text else "%.4f [%.4f-%.4f]" % (m, lo, hi)
            if change is not None:
                cell += (" %+.1f%%" if text else " (%+.1f%%)") % change
            row.append(cell)
        row.append("%.4f" % lru if lru is not None else "")
        rows.append(row)
    if text:
        w = [max(len(heads[i]), max(len(r[i]) for r in rows)) for i in range(len(heads))]
        for r in [heads] + rows:
            print("  ".join(x.ljust(w[i]) for i, x in enumerate(r)).rstrip())
        if max(nboots.values()) < 2:
            print("(one boot per arm: no spread over boots)")
        else:
            print("(max-min over boots at most %.1f%% of the median in any cell)" % (100 * worst))
    else:
        for r in [heads, ["---"] * len(heads)] + rows:
            print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
