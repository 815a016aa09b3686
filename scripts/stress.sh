#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# stress.sh [-k BZIMAGE] [-s SECONDS] [-n MEMCGS] [-m GUEST_MEM] [-T] [-F PCT] [-a ARGS]
#
# Boot a kernel (default build/obj/arch/x86/boot/bzImage, 'make kernel')
# under QEMU with scripts/run-guest.sh and run guest/stress.sh in it for
# SECONDS (default 300): zipf pread and mmap readers and anonymous THP
# workers, lazyfree THPs, large shmem folios and a truncating reader in
# MEMCGS memcgs (default 4), swap on zram, memcgs removed while full,
# lru_gen/enabled toggled, lru_gen debugfs aging and eviction,
# memory.reclaim writes (-T: lru_gen/enabled left as it is; -F PCT: the
# workers' slab and page allocations fail at PCT percent, which needs a
# kernel with Kconfig.debug's fault injection); checksummed files verified
# afterwards, each memcg checked empty once emptied, and the active/inactive
# file counts against a walk of the generations.  -a adds ARGS to the
# kernel command line (the debug kernel needs pci=noacpi, see debug-check.sh).  A guest
# watchdog fails the run when the workers stop making progress, and the
# host kills a guest that outlives SECONDS + 900 s.  The run goes under
# nice -n 19.  Results in build/stress/<time>/ (stress-summary.txt,
# console.log, guest.log).  Exit 0 pass, 1 fail, 2 usage, 3 timeout.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
kernel=$top/build/obj/arch/x86/boot/bzImage
secs=300
nmem=4
mem=1G
toggle=1
fault=0
cmdline=

usage() { sed -n '4,/^set -euo/{/^#/p}' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
die() { echo "stress: error: $*" >&2; exit 2; }

if [ "$(nice)" -lt 19 ]; then
	exec nice -n 19 "$0" "$@"
fi
while getopts "k:s:n:m:TF:a:h" opt; do
	case $opt in
	k) kernel=$OPTARG ;;
	s) secs=$OPTARG ;;
	n) nmem=$OPTARG ;;
	m) mem=$OPTARG ;;
	T) toggle=0 ;;
	F) fault=$OPTARG ;;
	a) cmdline=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# = 0 ] || usage
case "$secs" in ''|*[!0-9]*) die "seconds '$secs' is not a number" ;; esac
case "$nmem" in ''|*[!0-9]*|0) die "memcgs '$nmem' is not a positive number" ;; esac
case "$mem" in [0-9]*[GM]) ;; *) die "guest memory '$mem' is not like 1G or 1536M" ;; esac
[ "$secs" -ge 30 ] || die "run at least 30 seconds"
case "$fault" in ''|*[!0-9]*) die "fault percentage '$fault' is not a whole number" ;; esac
[ "$fault" -le 100 ] || die "fault percentage $fault is above 100"
[ "$nmem" -le 16 ] || die "at most 16 memcgs (the data disk holds one 256 MiB file each)"
[ -r "$kernel" ] || die "kernel $kernel not found (make kernel)"
command -v gcc >/dev/null || die "gcc not installed"

bin=$top/build/stress/bin
mkdir -p "$bin"
if [ ! -x "$bin/stress-worker" ] || [ "$top/guest/stress-worker.c" -nt "$bin/stress-worker" ]; then
	gcc -O2 -Wall -Wextra -static -o "$bin/stress-worker.tmp" "$top/guest/stress-worker.c" -lm ||
		die "cannot build guest/stress-worker.c"
	mv "$bin/stress-worker.tmp" "$bin/stress-worker"
fi
img=$("$top/scripts/data-image.sh")
out=$top/build/stress/$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
cmds=$out/stress-cmds.sh
{
	echo "export STRESS_SECS=$secs STRESS_MEMCGS=$nmem STRESS_TOGGLE=$toggle"
	[ "$fault" = 0 ] || echo "export STRESS_FAULT=1 STRESS_FAULT_PCT=$fault"
	echo "exec bash \"\$FG_TOP/guest/stress.sh\""
} > "$cmds"
{
	echo "command: scripts/stress.sh -k $kernel -s $secs -n $nmem -m $mem$([ "$toggle" = 1 ] || echo " -T")$([ "$fault" = 0 ] || echo " -F $fault")${cmdline:+ -a '$cmdline'}"
	echo "kernel: $kernel sha256:$(sha256sum "$kernel" | cut -c1-16)"
	echo "date: $(date -u +%FT%TZ), host load $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$out/meta.txt"
echo "stress: $secs s in a $mem guest, $nmem memcgs, kernel $kernel, results $out"
set +e
"$top/scripts/run-guest.sh" -k "$kernel" -m "$mem" ${cmdline:+-a "$cmdline"} -t $((secs + 900)) -d "$img" -o "$out" "$cmds"
rc=$?
set -e
[ -f "$out/stress-summary.txt" ] && cat "$out/stress-summary.txt"
echo "stress: $([ $rc = 0 ] && echo PASS || echo FAIL) (run-guest exit $rc), results in $out"
exit $rc
