#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Turn the raw results of scripts/bench.sh into tables and a plot.

  report.py RESULTS_DIR      tables (stdout), summary.json, plot.png
  report.py --boot BOOT_DIR  one line per cell of one boot (progress)

Every number is computed from the files the guests left behind: fio JSON,
memory.stat / vmstat / diskstat before and after the measured phase, and the
drivers' output.  For the trace cells the same seeded trace is regenerated
on the host (zipf-replay emit) and Belady's OPT, exact LRU, FIFO and a
static ideal LFU are simulated at the page count the memcg held; tmap is
the trace cell read through mappings (the same trace; tmap4k after dropping
the fill's page cache, as trace4k), and the guard cells
(tphase, tscan, tloop) are the trace cell with another measured phase.
"""
import collections
import heapq
import json
import os
import re
import shutil
import statistics
import subprocess
import sys

TOP = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.path.join(TOP, "build", "bench", "bin")
PAGE = 4096


def kv_file(path):
    out = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 2:
                try:
                    out[parts[0]] = int(parts[1])
                except ValueError:
                    pass
    return out


def delta(cdir, name, key):
    a = kv_file(os.path.join(cdir, "after." + name))
    b = kv_file(os.path.join(cdir, "before." + name))
    return a.get(key, 0) - b.get(key, 0)


def disk_pages(cdir):
    def sectors(which):
        with open(os.path.join(cdir, which + ".diskstat")) as f:
            return int(f.read().split()[2])
    return (sectors("after") - sectors("before")) * 512 // PAGE


def disk_requests(cdir):
    """read requests the cell's disk completed in the measured phase"""
    def reqs(which):
        with open(os.path.join(cdir, which + ".diskstat")) as f:
            return int(f.read().split()[0])
    return reqs("after") - reqs("before")


def driver_line(path, word):
    with open(path) as f:
        for line in f:
            t = line.split()
            if t and t[0] == word:
                return {t[i]: float(t[i + 1]) for i in range(1, len(t) - 1, 2)
                        if re.match(r"^-?[0-9.]+$", t[i + 1])}
    raise ValueError("no '%s' line in %s" % (word, path))


# workloads that read no files: no file refault figures
NO_FILE_READS = ("anon", "swapin")


def cell_metrics(cdir):
    """The metrics of one cell of one boot (a dict), or None if incomplete."""
    try:
        spec = open(os.path.join(cdir, "spec")).read().strip()
        wl, param, mb = spec.split(":")
        m = {"spec": spec}
        refaults = delta(cdir, "memory.stat", "workingset_refault_file")
        if wl not in NO_FILE_READS and refaults:
            # refaults of folios that were workingset when evicted: the
            # ones PSI counts as memory stalls when they are read back
            m["restore_per_refault"] = \
                delta(cdir, "memory.stat", "workingset_restore_file") / float(refaults)
        majflt = delta(cdir, "memory.stat", "pgmajfault")
        if wl in ("fd", "mmap", "readtwice", "mmapread"):
            rd = json.load(open(os.path.join(cdir, "fio.json")))["jobs"][0]["read"]
            reads = rd["total_ios"]
            m["iops"] = rd["iops"]
            m["mbps"] = rd["bw"] / 1024.0
            m["reads"] = reads
            m["refaults_per_read"] = refaults / reads if reads else 0.0
            m["disk_per_read"] = disk_pages(cdir) / reads if reads else 0.0
            m["p99_us"] = rd["clat_ns"]["percentile"]["99.000000"] / 1e3
            if rd["runtime"]:
                # at the throttled disk's limit when the cell is I/O-bound
                m["disk_rps"] = disk_requests(cdir) * 1000.0 / rd["runtime"]
            if wl == "mmap":
                m["refaults_per_majfault"] = refaults / majflt if majflt else 0.0
        elif wl in TRACE:
            d = driver_line(os.path.join(cdir, "out.txt"), "read")
            mapped = wl in ("tmap", "tmap4k")
            if d.get("mapped", 0) != mapped:
                print("report: %s: out.txt says mapped %d, the cell needs %d; cell left out"
                      % (cdir, d.get("mapped", 0), mapped), file=sys.stderr)
                return None
            reads = d["reads"]
            m["reads"] = reads
            m["reads_per_s"] = d["reads_per_s"]
            m["p99_us"] = d["p99_us"]
            m["misses_per_read"] = disk_pages(cdir) / reads
            m["refaults_per_read"] = refaults / reads
            m["file_pages"] = kv_file(os.path.join(cdir, "after.memory.stat")).get("file", 0) // PAGE
            m["fill_bytes"] = driver_line(os.path.join(cdir, "fill.txt"), "fill")["bytes"]
            if os.path.isfile(os.path.join(cdir, "hot.txt")):
                h = driver_line(os.path.join(cdir, "hot.txt"), "hot")
                m["hot_resident_pct"] = h["pct"]
        elif wl == "pgbench":
            txt = open(os.path.join(cdir, "out.txt")).read()
            m["tps"] = float(re.search(r"^tps = ([0-9.]+)", txt, re.M).group(1))
            lat = []
            for name in os.listdir(cdir):
                if name.startswith("pgbench_log"):
                    with open(os.path.join(cdir, name)) as f:
                        lat += [int(line.split()[2]) for line in f if line.strip()]
            lat.sort()
            m["txns"] = len(lat)
            m["p99_ms"] = lat[len(lat) * 99 // 100] / 1e3
            m["refaults_per_txn"] = refaults / len(lat)
            m["disk_per_txn"] = disk_pages(cdir) / len(lat)
            if m["tps"]:
                # the measured phase lasted its transactions over its rate
                m["disk_rps"] = disk_requests(cdir) * m["tps"] / len(lat)
        elif wl == "anon":
            m["pages_per_s"] = float(open(os.path.join(cdir, "out.txt")).read().split()[1])
        elif wl == "swapin":
            t = open(os.path.join(cdir, "out.txt")).read().split()
            m["pages_per_s"] = float(t[1])
            m["refaults_per_page"] = delta(cdir, "memory.stat", "workingset_refault_anon") / float(t[4])
        elif wl == "filechurn":
            secs = tot = 0.0
            with open(os.path.join(cdir, "out.txt")) as f:
                for line in f:
                    t = line.split()
                    if t and t[0] == "fill":
                        tot += float(t[2])
                        secs += float(t[4])
            m["mbps"] = tot / secs / 2**20 if secs else 0.0
            m["refaults_per_page"] = refaults / (tot / PAGE) if tot else 0.0
        return m
    except (OSError, ValueError, KeyError, IndexError, ZeroDivisionError):
        return None


def boot_cells(bdir):
    out = {}
    for name in sorted(os.listdir(bdir)):
        cdir = os.path.join(bdir, name)
        if os.path.isfile(os.path.join(cdir, "spec")):
            m = cell_metrics(cdir)
            if m:
                out[m["spec"]] = m
    return out


GUARDS = ("tphase", "tscan", "tloop")	# the trace cell with another measured phase
TRACE = ("trace", "trace4k", "tmap", "tmap4k") + GUARDS
KEY = {"pgbench": "tps", "fd": "iops", "mmap": "iops", "readtwice": "mbps", "mmapread": "mbps",
       "anon": "pages_per_s", "swapin": "pages_per_s", "filechurn": "mbps"}
KEY.update({wl: "misses_per_read" for wl in TRACE})


def print_boot(bdir):
    cells = boot_cells(bdir)
    if not cells:
        print("no complete cell")
    for spec, m in cells.items():
        wl = spec.split(":")[0]
        extra = ""
        if "refaults_per_read" in m:
            extra = "  refaults/read %.4f" % m["refaults_per_read"]
        print("%-16s %s %s%s" % (spec, KEY[wl], fmt_num(m[KEY[wl]], KEY[wl]), extra))


# --- simulation of the bounds on the replayed trace ---

def emit(theta, seed, n, nfiles, ppf, extra=()):
    exe = os.path.join(BIN, "zipf-replay")
    import array
    raw = subprocess.run([exe, "emit", "-t", str(theta), "-s", str(seed), "-n", str(n),
                          "-f", str(nfiles), "-b", str(ppf)] + list(extra),
                         check=True, stdout=subprocess.PIPE).stdout
    a = array.array("I")
    a.frombytes(raw)
    return a.tolist()


def simulate(seq, start, cap):
    """Misses in seq[start:] of OPT, exact LRU and FIFO with cap pages."""
    n = len(seq)
    res = {}
    # exact LRU
    lru = collections.OrderedDict()
    miss = 0
    for i, p in enumerate(seq):
        if p in lru:
            lru.move_to_end(p)
        else:
            if i >= start:
                miss += 1
            lru[p] = True
            if len(lru) > cap:
                lru.popitem(last=False)
    res["LRU"] = miss
    # FIFO
    fifo = collections.deque()
    inset = set()
    miss = 0
    for i, p in enumerate(seq):
        if p not in inset:
            if i >= start:
                miss += 1
            fifo.append(p)
            inset.add(p)
            if len(fifo) > cap:
                inset.discard(fifo.popleft())
    res["FIFO"] = miss
    # Belady OPT: evict the page whose next use is farthest
    nxt = [0] * n
    last = {}
    for i in range(n - 1, -1, -1):
        nxt[i] = last.get(seq[i], n + 1)
        last[seq[i]] = i
    cache = {}
    heap = []
    miss = 0
    for i, p in enumerate(seq):
        if p not in cache:
            if i >= start:
                miss += 1
            if len(cache) >= cap:
                while True:
                    negnext, q = heapq.heappop(heap)
                    if cache.get(q) == -negnext:
                        del cache[q]
                        break
        cache[p] = nxt[i]
        heapq.heappush(heap, (-nxt[i], p))
    res["OPT"] = miss
    return res


def measured_extra(wl, mb):
    """zipf-replay options of a cell's measured phase (as guest/bench/run.sh)"""
    return {"tphase": ["-P", "2"], "tscan": ["-S"],
            "tloop": ["-P", "3", "-L", str(int(mb) * 256 * 3 // 4)]}.get(wl, [])


def bounds(resdir, spec, cap, settings, fill_bytes):
    wl, theta, mb = spec.split(":")
    kind = wl if wl in GUARDS else "trace"
    cache = os.path.join(resdir, "sim-%s%s-%d.json" % ("" if kind == "trace" else kind + "-", theta, cap))
    if os.path.exists(cache):
        return json.load(open(cache))
    nfiles = 4
    ppf = int(fill_bytes) // nfiles // PAGE
    warm = int(settings["BENCH_TWARM"])
    seq = list(range(nfiles * ppf))
    seq += emit(theta, 1, warm, nfiles, ppf)
    start = len(seq)
    seq += emit(theta, 2, int(settings["BENCH_TREADS"]), nfiles, ppf, measured_extra(wl, mb))
    reads = len(seq) - start
    res = simulate(seq, start, cap)
    out = {k: v / reads for k, v in res.items()}
    # keep-the-most-popular (static ideal LFU) for an independent reference
    # stream: misses = 1 - the probability mass of the cap most popular
    # pages; only defined for the plain zipf measured phase
    out["LFU"] = None
    if kind == "trace":
        w = [1.0 / (k + 1) ** float(theta) for k in range(nfiles * ppf)]
        out["LFU"] = 1.0 - sum(w[:cap]) / sum(w)
    out["pages"] = cap
    json.dump(out, open(cache, "w"))
    return out


# --- tables ---

def fmt_num(v, metric):
    if metric in ("iops", "pages_per_s", "reads_per_s", "tps"):
        return "{:,.0f}".format(v)
    if metric in ("mbps", "p99_us", "p99_ms", "pct"):
        return "%.1f" % v
    if metric in ("refaults_per_majfault", "xopt"):
        return "%.2f" % v
    return "%.5f" % v


def stats(vals):
    return statistics.median(vals), min(vals), max(vals)


def table(title, rows, arms, data, metric, label, base, better):
    """data[(spec, arm)] = list of per-boot metric values"""
    have = [r for r in rows if any(data.get((r, a)) for a in arms)]
    if not have:
        return []
    lines = ["%s (%s is better)" % (title, better) if better else title]
    cols = []
    for r in have:
        row = [label(r)]
        b = data.get((r, base))
        bmed = stats(b)[0] if b else None
        for a in arms:
            v = data.get((r, a))
            if not v:
                row.append("-")
                continue
            med, lo, hi = stats(v)
            s = fmt_num(med, metric)
            if a != base and bmed:
                pct = 100.0 * (med - bmed) / bmed
                blo, bhi = stats(b)[1:]
                inside = lo <= bhi and blo <= hi
                s += " (%+6.1f%%)%s" % (pct, "~" if inside else " ")
            if len(v) > 1:
                s += " [%s-%s]" % (fmt_num(lo, metric), fmt_num(hi, metric))
            row.append(s)
        cols.append(row)
    heads = ["memcg/θ"] + [a if a == base else "%s (vs %s)" % (a, base) for a in arms]
    widths = [max(len(heads[i]), max(len(c[i]) for c in cols)) for i in range(len(heads))]
    lines.append(" | ".join(h.rjust(w) if i else h.ljust(w) for i, (h, w) in enumerate(zip(heads, widths))))
    lines.append("-" * (sum(widths) + 3 * (len(widths) - 1)))
    for c in cols:
        lines.append(" | ".join(x.rjust(w) if i else x.ljust(w) for i, (x, w) in enumerate(zip(c, widths))))
    lines.append("")
    return lines


def spec_label(spec):
    wl, param, mb = spec.split(":")
    if wl == "anon":
        return "%sM/%sM anon" % (mb, param)
    if wl == "swapin":
        return "%sM/%sM swapin" % (mb, param)
    if wl == "trace4k":
        return "%sM/%s 4k" % (mb, param)
    if wl == "tmap":
        return "%sM/%s mmap" % (mb, param)
    if wl == "tmap4k":
        return "%sM/%s mmap 4k" % (mb, param)
    if wl in GUARDS:
        return "%sM/%s %s" % (mb, param, wl[1:])
    return "%sM/%s" % (mb, param) if param else "%sM" % mb


def main_report(resdir):
    meta = {}
    settings = {}
    arms = []
    disks = []
    with open(os.path.join(resdir, "meta.txt")) as f:
        for line in f:
            k, _, v = line.rstrip("\n").partition(": ")
            meta.setdefault(k, v)
            if k == "disk":
                disks.append(v)
            if k == "arm":
                arms.append(v.split()[0])
            if k == "settings":
                settings = dict(x.split("=") for x in v.split())
    cells = meta.get("cells", "").split()
    bdir = os.path.join(resdir, "boots")
    data = collections.defaultdict(list)	# (spec, arm, metric) -> values
    nboots = collections.Counter()
    boots = []
    for name in sorted(os.listdir(bdir)) if os.path.isdir(bdir) else []:
        mt = re.match(r"^\d+-(.+)-r(\d+)$", name)
        path = os.path.join(bdir, name)
        if not mt or not os.path.isdir(path) or os.path.exists(os.path.join(path, "FAILED")):
            continue
        arm = mt.group(1)
        nboots[arm] += 1
        bc = boot_cells(path)
        boots.append({"boot": name, "arm": arm, "cells": bc})
        for spec, m in bc.items():
            for k, v in m.items():
                if k != "spec":
                    data[(spec, arm, k)].append(v)
    base = "ORIG" if "ORIG" in arms else arms[0]

    def d(metric):
        return {(s, a): data.get((s, a, metric)) for s in cells for a in arms}

    def rows(wl):
        return [c for c in cells if c.split(":")[0] == wl]

    out = []
    out.append("%s; %s; boots per arm: %s" % (meta.get("command", "?"), meta.get("date", "?"),
               ", ".join("%s %d" % (a, nboots[a]) for a in arms)))
    out.append("base %s; host %s" % (meta.get("base", "?"), meta.get("host", "?")))
    for v in disks:
        out.append("disk: %s" % v)
    lim = re.search(r"iops-total=([0-9]+)", disks[0] if disks else "")
    disk_limit = " (the disk's limit: %s)" % lim.group(1) if lim else ""
    # pgbench's own, slower disk when it has one (a "disk: pgbench ..." line)
    pg_lim = [re.search(r"iops-total=([0-9]+)", v) for v in disks if v.startswith("pgbench")]
    pg_disk_limit = " (the disk's limit: %s)" % pg_lim[0].group(1) if pg_lim and pg_lim[0] \
        else disk_limit
    out.append("value = median over boots, (vs %s) = change of the median, [min-max] = spread, "
               "~ = the spreads overlap (not a measured difference)" % base)
    out.append("")
    for wl, name in (("fd", "fio FD READ"), ("mmap", "fio MMAP")):
        r = rows(wl)
        out += table(name + ": IOPS", r, arms, d("iops"), "iops", spec_label, base, "higher")
        out += table(name + ": refault per read", r, arms, d("refaults_per_read"),
                     "refaults_per_read", spec_label, base, "lower")
        out += table(name + ": pages read from disk per read", r, arms, d("disk_per_read"),
                     "refaults_per_read", spec_label, base, "lower")
        if wl == "mmap":
            out += table(name + ": refault per major fault (read-around)", r, arms,
                         d("refaults_per_majfault"), "refaults_per_majfault", spec_label, base, "lower")
        out += table(name + ": p99 latency, us", r, arms, d("p99_us"), "p99_us", spec_label, base, "lower")
        out += table(name + ": disk read requests per second, measured phase%s" % disk_limit, r, arms,
                     d("disk_rps"), "iops", spec_label, base, None)
    r = rows("readtwice") + rows("mmapread")

    def seq_label(s):
        return {"readtwice": "lru-file-readtwice", "mmapread": "lru-file-mmap-read"}[s.split(":")[0]] + \
            " " + spec_label(s)
    out += table("sequential (vm-scalability shapes): MiB/s", r, arms, d("mbps"), "mbps", seq_label, base, "higher")
    out += table("sequential: refault per read", r, arms, d("refaults_per_read"), "refaults_per_read",
                 seq_label, base, "lower")
    out += table("sequential: pages read from disk per read", r, arms, d("disk_per_read"),
                 "refaults_per_read", seq_label, base, "lower")
    out += table("anon fault/charge churn, no reclaim: pages/s", rows("anon"), arms, d("pages_per_s"),
                 "pages_per_s", spec_label, base, "higher")
    out += table("anon loop over swap on zram (the refault path): pages/s", rows("swapin"), arms,
                 d("pages_per_s"), "pages_per_s", spec_label, base, "higher")
    out += table("anon loop over swap on zram: refaults per page touched", rows("swapin"), arms,
                 d("refaults_per_page"), "refaults_per_read", spec_label, base, "lower")
    out += table("file churn under memory.high: MiB/s", rows("filechurn"), arms, d("mbps"), "mbps",
                 spec_label, base, "higher")
    out += table("file churn under memory.high: refault per page read", rows("filechurn"), arms,
                 d("refaults_per_page"), "refaults_per_read", spec_label, base, "lower")

    pg = rows("pgbench")
    out += table("PostgreSQL + pgbench, random_zipfian reads: transactions/s", pg, arms, d("tps"), "tps",
                 spec_label, base, "higher")
    out += table("PostgreSQL + pgbench: p99 latency, ms", pg, arms, d("p99_ms"), "p99_ms", spec_label,
                 base, "lower")
    out += table("PostgreSQL + pgbench: refaults per transaction", pg, arms, d("refaults_per_txn"),
                 "refaults_per_txn", spec_label, base, "lower")
    out += table("PostgreSQL + pgbench: pages read from disk per transaction", pg, arms,
                 d("disk_per_txn"), "refaults_per_txn", spec_label, base, "lower")
    out += table("PostgreSQL + pgbench: disk read requests per second, measured phase%s" % pg_disk_limit,
                 pg, arms, d("disk_rps"), "iops", spec_label, base, None)
    ws = [c for c in cells if c.split(":")[0] not in NO_FILE_READS]
    out += table("file refaults of workingset folios (PSI memory stalls) per file refault", ws, arms,
                 d("restore_per_refault"), "restore_per_refault",
                 lambda s: s.split(":")[0] + " " + spec_label(s), base, None)
    tr = [c for wl in TRACE for c in rows(wl)]
    sims = {}
    if tr and settings:
        out += table("trace replay: misses per read (pages read from disk / reads)", tr, arms,
                     d("misses_per_read"), "misses_per_read", spec_label, base, "lower")
        for s in tr:
            pages = [v for a in arms for v in (data.get((s, a, "file_pages")) or [])]
            fills = [v for a in arms for v in (data.get((s, a, "fill_bytes")) or [])]
            if not pages or not os.path.exists(os.path.join(BIN, "zipf-replay")):
                continue
            cap = int(statistics.median(pages))
            sims[s] = bounds(resdir, s, cap, settings, fills[0])
        if sims:
            xopt = {}
            for s in sims:
                for a in arms:
                    v = data.get((s, a, "misses_per_read"))
                    if v and sims[s]["OPT"]:
                        xopt[(s, a)] = [x / sims[s]["OPT"] for x in v]
            out += table("trace replay: misses as a multiple of Belady OPT's", list(sims), arms, xopt,
                         "xopt", spec_label, base, "lower")
            out.append("trace replay: simulated bounds, misses per read at the memcg's median page count")
            hdr = "%-16s %8s %8s %8s %8s %8s" % ("memcg/θ", "pages", "OPT", "LFU*", "LRU", "FIFO")
            out.append(hdr)
            out.append("-" * len(hdr))
            for s, b in sims.items():
                lfu = "%8.4f" % b["LFU"] if b["LFU"] is not None else "%8s" % "-"
                out.append("%-16s %8d %8.4f %s %8.4f %8.4f" % (spec_label(s), b["pages"], b["OPT"],
                           lfu, b["LRU"], b["FIFO"]))
            out.append("* static ideal LFU: keep the most popular pages; 1 - their zipf probability mass "
                       "(zipf measured phase only)")
            out.append("")
        out += table("trace replay: the hot set (most popular pages, a quarter of the memcg) "
                     "resident after the measured phase, %", tr, arms, d("hot_resident_pct"), "pct",
                     spec_label, base, "higher")
        out += table("trace replay: reads/s", tr, arms, d("reads_per_s"), "reads_per_s", spec_label, base,
                     "higher")
    print("\n".join(out))
    summary = {"meta": meta, "arms": arms, "base": base, "boots": boots, "bounds": sims,
               "median": {"%s|%s|%s" % k: statistics.median(v) for k, v in data.items()}}
    json.dump(summary, open(os.path.join(resdir, "summary.json"), "w"), indent=1)
    plot(resdir, cells, arms, data)


def plot(resdir, cells, arms, data):
    """refaults per read and throughput vs theta, one line per arm."""
    fd = [c for c in cells if c.split(":")[0] == "fd" and c.split(":")[1] != "uniform"]
    kind, tput, tlabel = "fd", "iops", "IOPS"
    if len({c.split(":")[2] for c in fd}) > 1:
        common = collections.Counter(c.split(":")[2] for c in fd).most_common(1)[0][0]
        fd = [c for c in fd if c.split(":")[2] == common]
    if not fd:
        fd = [c for c in cells if c.split(":")[0] == "trace"]
        kind, tput, tlabel = "trace", "reads_per_s", "reads/s"
    if not fd:
        return
    gp = shutil.which("gnuplot")
    if not gp:
        print("report: gnuplot not installed (make deps): no plot")
        return
    ref = "refaults_per_read" if kind == "fd" else "misses_per_read"
    dat = os.path.join(resdir, "plot.dat")
    with open(dat, "w") as f:
        for a in arms:
            f.write("# %s\n" % a)
            for c in sorted(fd, key=lambda c: float(c.split(":")[1])):
                rv, tv = data.get((c, a, ref)), data.get((c, a, tput))
                if rv and tv:
                    f.write("%s %g %g %g %g %g %g\n" % (c.split(":")[1], *stats(rv), *stats(tv)))
            f.write("\n\n")
    mb = fd[0].split(":")[2]
    script = os.path.join(resdir, "plot.gp")
    with open(script, "w") as f:
        f.write('set terminal pngcairo size 1200,480\nset output "%s"\n' % os.path.join(resdir, "plot.png"))
        f.write("set multiplot layout 1,2 title '%s cells, %s MiB memcg: median and min-max over boots'\n"
                % (kind, mb))
        f.write("set xlabel 'zipf theta'\nset key top right\nset grid\nset offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05\n")
        for col, lab in ((2, "refaults per read" if kind == "fd" else "misses per read"), (5, tlabel)):
            f.write("set ylabel '%s'\n" % lab)
            f.write("plot " + ", ".join(
                "'%s' index %d using 1:%d:%d:%d with yerrorlines title '%s'"
                % (dat, i, col, col + 1, col + 2, a) for i, a in enumerate(arms)) + "\n")
        f.write("unset multiplot\n")
    r = subprocess.run([gp, script], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode:
        print("report: gnuplot failed:\n" + r.stdout)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--boot":
        print_boot(sys.argv[2])
    elif len(sys.argv) == 2 and os.path.isfile(os.path.join(sys.argv[1], "meta.txt")):
        main_report(sys.argv[1])
    else:
        sys.exit("usage: report.py RESULTS_DIR | --boot BOOT_DIR")


if __name__ == "__main__":
    main()
