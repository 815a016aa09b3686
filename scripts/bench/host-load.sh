#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# host-load.sh [-c VCPUS] [-k BZIMAGE] MINUTES
#
# Load the host the way another tester's guest would: boot a second guest
# (run-guest.sh, no data disk) whose VCPUS vCPUs (default 2) spin for
# MINUTES minutes, then power it off.  Run it beside scripts/bench.sh to see
# whether a cell's figures follow the host's load: the throttled disk's
# timed cells should not (BENCH_DISK_IOPS).  Prints where its console went;
# exits non-zero if the guest did not run its time out.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
die() { echo "host-load: error: $*" >&2; exit 2; }
cpus=2 kernel=$top/build/obj/arch/x86/boot/bzImage
while getopts "c:k:h" opt; do
	case $opt in
	c) cpus=$OPTARG ;;
	k) kernel=$OPTARG ;;
	*) sed -n '4,12{s/^# \{0,1\}//;p}' "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# = 1 ] || die "usage: host-load.sh [-c VCPUS] [-k BZIMAGE] MINUTES"
[[ $1 =~ ^[1-9][0-9]*$ ]] || die "MINUTES '$1': want a positive whole number"
[[ $cpus =~ ^[1-9][0-9]?$ ]] || die "-c $cpus: want a number of vCPUs"
[ -r "$kernel" ] || die "kernel $kernel not found (make kernel, or -k)"
secs=$(($1 * 60))

out=$top/build/runs/host-load-$(date +%Y%m%d-%H%M%S)-$$
mkdir -p "$out"
cat > "$out/load.sh" <<EOF
for i in \$(seq 1 \$(nproc)); do
	timeout $secs sh -c 'while :; do :; done' &
done
wait
echo "host-load: spun \$(nproc) vCPUs for $secs s"
EOF
echo "host-load: $cpus vCPUs spinning for $1 min, console in $out"
exec "$top/scripts/run-guest.sh" -k "$kernel" -c "$cpus" -m 512M -o "$out" \
	-t $((secs + 300)) "$out/load.sh"
