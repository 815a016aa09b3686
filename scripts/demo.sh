#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# demo.sh: from a fresh machine to what the series changes, on one short
# page-cache workload.  Installs what is missing, fetches the base, builds
# two guest kernels (stock 7.3 and 7.3 with the whole series, cached by the
# benchmark harness), boots them under QEMU and runs, in a 64 MiB memcg, a
# seeded zipf reader over 640 MiB of files: alone, and with a one-pass scan
# of all the files interleaved with its reads.  Three runs: stock MGLRU, the
# series, and the classic LRU (the stock kernel with lru_gen/enabled = n).
# Prints, for each, the misses per read (pages read from the disk per read),
# how much of the hot set stayed resident, and exact LRU simulated on the
# same reads.  The harness's raw results go to build/runs/demo/.
#
# Environment: DEMO_WARM, DEMO_READS (the reader's warm-up and measured
# reads, default 50000 and 100000), DEMO_THETA (zipf theta, 0.9),
# DEMO_MEMCG (memcg size in MiB, 64).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/runs/demo
warm=${DEMO_WARM:-50000}
reads=${DEMO_READS:-100000}
theta=${DEMO_THETA:-0.9}
mb=${DEMO_MEMCG:-64}
die() { echo "demo: error: $*" >&2; exit 1; }
say() { echo "demo: $*"; }

for v in warm reads mb; do
	[[ ${!v} =~ ^[1-9][0-9]*$ ]] || die "${v}=${!v}: want a positive integer"
done
[[ $theta =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "DEMO_THETA=$theta: want a zipf theta"

say "[1/4] packages and the base kernel"
"$top/scripts/install-deps.sh"
[ -f "$top/build/base/VERSION" ] || "$top/scripts/fetch-base.sh"

say "[2/4] kernels: stock 7.3 (ORIG) and 7.3 + the series (RD); each build prints a line a minute"
"$top/scripts/bench/arms.sh" build ORIG RD > /dev/null ||
	die "the kernel builds failed (see above)"

say "[3/4] three guests (stock MGLRU, the series, the classic LRU), each reading $warm + $reads pages"
rm -rf "$out.tmp"
mkdir -p "$(dirname "$out")"
log=$out.log
if ! BENCH_TWARM=$warm BENCH_TREADS=$reads BENCH_CMD="make demo" \
	"$top/scripts/bench.sh" -a ORIG,RD,CLRU -w "trace:$theta:$mb,tscan:$theta:$mb" \
	-r 1 -o "$out.tmp" 2>&1 | tee "$log" |
	{ grep --line-buffered -E '^bench(-data|-arms)?: ( {4}|plan|making|\[|all boots|error)' || true; }; then
	die "the benchmark harness failed; its output is in $log"
fi
[ -s "$out.tmp/summary.json" ] || die "no results (see $log)"
rm -rf "$out"
mv "$out.tmp" "$out"

say "[4/4] results"
echo
python3 - "$out/summary.json" <<'EOF'
import json
import sys

s = json.load(open(sys.argv[1]))
med = s["median"]
names = {"ORIG": "stock MGLRU", "RD": "with the series", "CLRU": "classic LRU"}
cells = s["meta"]["cells"].split()
what = {"trace": "zipf reads", "tscan": "zipf reads + a one-pass scan of all files"}
for c in cells:
    wl, theta, mb = c.split(":")
    print("%s, theta %s, %s MiB memcg over 640 MiB of files:" % (what[wl], theta, mb))
    print("  %-22s %12s %10s %18s" % ("", "misses/read", "vs stock", "hot set resident"))
    base = med.get("%s|ORIG|misses_per_read" % c)
    for a in s["arms"]:
        m = med.get("%s|%s|misses_per_read" % (c, a))
        h = med.get("%s|%s|hot_resident_pct" % (c, a))
        if m is None:
            print("  %-22s %12s" % (names.get(a, a), "failed"))
            continue
        rel = "-" if a == "ORIG" or not base else "%+.1f%%" % (100.0 * (m - base) / base)
        print("  %-22s %12.4f %10s %17s%%" % (names.get(a, a), m, rel,
                                            "%.1f" % h if h is not None else "-"))
    b = s["bounds"].get(c)
    if b:
        print("  %-22s %12.4f %10s" % ("exact LRU (simulated)", b["LRU"],
                                       "%+.1f%%" % (100.0 * (b["LRU"] - base) / base) if base else "-"))
    print()
print("The hot set is the most popular quarter of the memcg's pages; misses per read")
print("are the pages read from the disk per read of the measured phase (one boot each).")
EOF
say "full tables: $out/tables.txt; raw results and console logs: $out/boots/"
