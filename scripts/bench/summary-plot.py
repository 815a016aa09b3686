#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# summary-plot.py RESULTS_DIR: DIR/summary.png, the headline metric of every
# cell of a run (misses per read for the trace cells, refaults per read for
# fio) as grouped bars, one bar per arm, median with the min-max over boots
# as an error bar; counts only, nothing timed.  Reads DIR/summary.json
# (scripts/bench/report.py); needs gnuplot.
import json
import os
import shutil
import statistics
import subprocess
import sys

NAMES = {"ORIG": "ORIG: stock MGLRU", "RD": "RD: the series", "CLRU": "CLRU: classic LRU"}
LABEL = {"trace": "zipf %s", "trace4k": "zipf %s 4k", "tmap": "zipf %s mmap",
         "tmap4k": "zipf %s mmap 4k", "tphase": "phase %s",
         "tscan": "zipf %s + scan", "tloop": "loop", "fd": "fio %s"}


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: summary-plot.py RESULTS_DIR")
    d = sys.argv[1]
    s = json.load(open(os.path.join(d, "summary.json")))
    gp = shutil.which("gnuplot")
    if not gp:
        sys.exit("summary-plot: gnuplot not installed (make deps)")
    vals = {}
    for b in s["boots"]:
        for spec, m in b["cells"].items():
            key = "refaults_per_read" if spec.startswith("fd:") else "misses_per_read"
            if key in m:
                vals.setdefault((spec, b["arm"]), []).append(m[key])
    cells = [c for c in s["meta"]["cells"].split() if any((c, a) in vals for a in s["arms"])]
    dat = os.path.join(d, "summary.dat")
    with open(dat, "w") as f:
        for c in cells:
            wl, param, mb = c.split(":")
            lab = (LABEL.get(wl, wl + " %s") % param if "%s" in LABEL.get(wl, "%s") else LABEL[wl])
            row = ['"%s\\n%s MiB"' % (lab, mb)]
            for a in s["arms"]:
                v = vals.get((c, a))
                row += ["%g %g %g" % (statistics.median(v), min(v), max(v))] if v else ["NaN NaN NaN"]
            f.write(" ".join(row) + "\n")
    gps = os.path.join(d, "summary.gp")
    n = len(s["arms"])
    with open(gps, "w") as f:
        f.write('set terminal pngcairo size 1200,520\nset output "%s"\n' % os.path.join(d, "summary.png"))
        f.write("set title 'misses per read (fio: refaults per read), median and min-max over boots'\n")
        f.write("set style data histogram\nset style histogram errorbars gap 1 lw 1\n")
        f.write("set style fill solid 0.7 border -1\nset boxwidth 0.9\nset grid ytics\n")
        f.write("set yrange [0:*]\nset key top right\nset xtics font ',9'\n")
        f.write("plot " + ", ".join(
            "'%s' using %d:%d:%d:xtic(1) title '%s'" % (dat, 2 + 3 * i, 3 + 3 * i, 4 + 3 * i, NAMES.get(a, a))
            for i, a in enumerate(s["arms"])) + "\n")
    r = subprocess.run([gp, gps], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode:
        sys.exit("summary-plot: gnuplot failed:\n" + r.stdout)
    print(os.path.join(d, "summary.png"))


if __name__ == "__main__":
    main()
