#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# summary-table.py RESULTS_DIR: the Markdown table the README and the
# cover letter quote, from a run's summary.json (scripts/bench/report.py):
# one row per cell, the headline metric of each arm as median [min-max]
# over boots, the change of the median against the base arm, and for the
# trace cells exact LRU simulated on the same trace.  With --text, the
# same as plain text for a mail.
import json
import os
import sys

NAMES = {"ORIG": "stock MGLRU", "RD": "the series", "CLRU": "classic LRU",
         "FG": "FG", "FIXED": "FIXED", "BUDGET": "BUDGET", "CUR": "kernel"}
CELL = {"trace": "zipf, theta %s, %s MiB", "trace4k": "zipf, order-0 folios, theta %s, %s MiB",
        "tphase": "zipf, popular set moved, theta %s, %s MiB",
        "tscan": "zipf + one-pass scan, theta %s, %s MiB",
        "tloop": "loop over 3/4 of the memcg, %s MiB",
        "fd": "fio 4 KiB random reads, theta %s, %s MiB"}
METRIC = {"fd": "refaults_per_read"}


def label(spec):
    wl, param, mb = spec.split(":")
    fmt = CELL.get(wl, wl + " %s %s MiB")
    return fmt % (mb,) if wl == "tloop" else fmt % (param, mb)


def main():
    args = [a for a in sys.argv[1:] if a != "--text"]
    text = "--text" in sys.argv[1:]
    if len(args) != 1:
        sys.exit("usage: summary-table.py [--text] RESULTS_DIR")
    s = json.load(open(os.path.join(args[0], "summary.json")))
    arms, base, med = s["arms"], s["base"], s["median"]
    per_boot = {}
    for b in s["boots"]:
        for spec, m in b["cells"].items():
            for k, v in m.items():
                per_boot.setdefault((spec, b["arm"], k), []).append(v)
    rows = []
    for spec in s["meta"]["cells"].split():
        wl = spec.split(":")[0]
        metric = METRIC.get(wl, "misses_per_read")
        row = [label(spec)]
        bmed = med.get("%s|%s|%s" % (spec, base, metric))
        for a in arms:
            v = per_boot.get((spec, a, metric))
            if not v:
                row.append("-")
                continue
            m = med["%s|%s|%s" % (spec, a, metric)]
            cellv = "%.4f [%.4f-%.4f]" % (m, min(v), max(v))
            if a != base and bmed:
                cellv += " (%+.1f%%)" % (100.0 * (m - bmed) / bmed)
            row.append(cellv)
        b = s["bounds"].get(spec)
        row.append("%.4f" % b["LRU"] if b else "")
        rows.append(row)
    heads = ["cell"] + [NAMES.get(a, a) for a in arms] + ["exact LRU"]
    if text:
        # narrow enough for a mail: short cell names, medians and the change,
        # and the widest spread of the run in one line below
        trows, worst = [], 0.0
        for spec in s["meta"]["cells"].split():
            wl, param, mb = spec.split(":")
            metric = METRIC.get(wl, "misses_per_read")
            name = {"trace": "zipf", "trace4k": "zipf 4k", "tscan": "zipf+scan", "tloop": "loop",
                    "tphase": "phase", "fd": "fio"}.get(wl, wl)
            r = ["%s %s%s" % (name, "" if wl == "tloop" else param + " ", mb + "M")]
            bmed = med.get("%s|%s|%s" % (spec, base, metric))
            for a in arms:
                v = per_boot.get((spec, a, metric))
                if not v:
                    r.append("-")
                    continue
                m = med["%s|%s|%s" % (spec, a, metric)]
                if len(v) > 1 and m:
                    worst = max(worst, (max(v) - min(v)) / m)
                r.append("%.4f" % m + (" %+.1f%%" % (100.0 * (m - bmed) / bmed) if a != base and bmed else ""))
            b = s["bounds"].get(spec)
            r.append("%.4f" % b["LRU"] if b else "")
            trows.append(r)
        th = ["cell"] + [NAMES.get(a, a) for a in arms] + ["exact LRU"]
        w = [max(len(th[i]), max(len(r[i]) for r in trows)) for i in range(len(th))]
        print("  ".join(h.ljust(w[i]) for i, h in enumerate(th)).rstrip())
        for r in trows:
            print("  ".join(x.ljust(w[i]) for i, x in enumerate(r)).rstrip())
        print("(max-min over boots at most %.1f%% of the median in any cell)" % (100 * worst))
    else:
        print("| " + " | ".join(heads) + " |")
        print("| " + " | ".join("---" for _ in heads) + " |")
        for r in rows:
            print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
