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


def cells(s):
    """(spec, [(arm, median, lo, hi, change) or None per arm], exact LRU or None)"""
    per_boot = {}
    for b in s["boots"]:
        for spec, m in b["cells"].items():
            for k, v in m.items():
                per_boot.setdefault((spec, b["arm"], k), []).append(v)
    for spec in s["meta"]["cells"].split():
        trace = spec.split(":")[0] in TRACE
        wl = spec.split(":")[0]
        metric = "misses_per_read" if trace else "disk_per_txn" if wl == "pgbench" else "disk_per_read"
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


def main():
    args = [a for a in sys.argv[1:] if a != "--text"]
    text = "--text" in sys.argv[1:]
    if len(args) != 1:
        sys.exit("usage: summary-table.py [--text] RESULTS_DIR")
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
