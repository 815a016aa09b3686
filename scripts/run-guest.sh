#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-guest.sh [options] CMDFILE
#
# Boot a kernel under QEMU (KVM where scripts/accel.sh finds it, TCG otherwise) with
# the host's root file system shared read-only over virtio-9p, run the bash
# command file CMDFILE inside (as root, cwd = the data disk if any), save
# the whole console log and fail when the guest timed out, the commands
# failed, or the console shows a kernel splat.
#
#   -k BZIMAGE   kernel image           (default build/obj/arch/x86/boot/bzImage)
#   -o DIR       results directory      (default build/runs/<time>); the guest
#                sees it writable at /tmp/out; console.log is saved there
#   -d IMAGE     raw disk image attached as /dev/vda with snapshot=on and
#                mounted at /tmp/data (guest writes are discarded)
#   -T IOPS      attach the -d image a second time, as /dev/vdb, mounted at
#                /tmp/tdata, with its requests limited to IOPS per second
#                (QEMU's throttling.iops-total, no burst configured, so at
#                most a tenth of a second's requests go through at once): a
#                disk whose misses cost the same on every boot, whatever the
#                host's load; a request counts once whatever its size
#   -P IOPS      with -T, attach the -d image a third time, as /dev/vdc,
#                mounted at /tmp/pdata, limited to IOPS requests per second:
#                a slower disk for a cell whose misses are few per unit of
#                CPU work (a database), so that the disk sets its pace too
#   -t SECONDS   timeout (default 900)
#   -m SIZE      guest memory (default 2G)
#   -c N         vCPUs (default 2)
#   -a ARGS      extra kernel command line
#   -R DIR       the guest's root file system (default /, the host's): a
#                tree of another architecture for a 32-bit guest, which must
#                hold guest/init.sh at this workspace's path
#   -Q QEMU      the QEMU system emulator (default qemu-system-x86_64)
#   -i           count instructions (TCG -icount shift=0,sleep=off): guest
#                time advances 1 ns per instruction, so rates the guest
#                times measure instructions, not the host's load; runs
#                single-threaded TCG even where KVM works, slower
#
# Exit: 0 all good; 1 command failure or splat; 2 usage; 3 timeout.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
kernel=$top/build/obj/arch/x86/boot/bzImage
out=
disk=
timeout=900
mem=2G
cpus=2
extra=
icount=0
tiops=0
piops=0
root=/
qemu=qemu-system-x86_64

usage() { sed -n '4,/^set -euo/{/^#/p}' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while getopts "k:o:d:t:m:c:a:R:Q:T:P:ih" opt; do
	case $opt in
	k) kernel=$OPTARG ;;
	o) out=$OPTARG ;;
	d) disk=$OPTARG ;;
	t) timeout=$OPTARG ;;
	m) mem=$OPTARG ;;
	c) cpus=$OPTARG ;;
	a) extra=$OPTARG ;;
	R) root=$OPTARG ;;
	Q) qemu=$OPTARG ;;
	T) tiops=$OPTARG ;;
	P) piops=$OPTARG ;;
	i) icount=1 ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# = 1 ] || usage
cmds=$(realpath "$1")

die() { echo "run-guest: error: $*" >&2; exit 2; }
[ -r "$cmds" ] || die "command file $1 not readable"
[[ $tiops =~ ^(0|[1-9][0-9]*)$ ]] || die "-T $tiops: want a number of requests per second"
[[ $piops =~ ^(0|[1-9][0-9]*)$ ]] || die "-P $piops: want a number of requests per second"
[ "$tiops" = 0 ] || [ -n "$disk" ] || die "-T needs a data disk (-d)"
[ "$piops" = 0 ] || [ "$tiops" != 0 ] || die "-P needs -T (the slower disk is the third, /dev/vdc)"
# QEMU's throttle runs on the host's clock, -icount's guest time does not
[ "$tiops" = 0 ] || [ $icount = 0 ] || die "-T and -i do not go together (the throttle follows the host's clock)"
[ -r "$kernel" ] || die "kernel $kernel not found (make kernel)"
[ -z "$disk" ] || [ -r "$disk" ] || die "disk image $disk not readable"
command -v "$qemu" >/dev/null || die "$qemu not installed"
[ -x "$root/$top/guest/init.sh" ] || die "$root has no $top/guest/init.sh"
[ -n "$out" ] || out=$top/build/runs/$(date +%Y%m%d-%H%M%S)-$$
mkdir -p "$out"
out=$(realpath "$out")
rm -f "$out/rc" "$out/console.log" "$out/guest.log"
# The guest's /tmp is its own: hand it the commands through the results share.
cp "$cmds" "$out/cmds.sh"

accel=tcg,thread=multi
if [ $icount = 1 ]; then
	accel=tcg,thread=single
else
	kind=$("$top/scripts/accel.sh") || die "cannot choose an accelerator"
	[ "$kind" = tcg ] || accel=$kind
fi

args=(
	-nodefaults -no-reboot -display none -monitor none
	-machine pc -accel "$accel" -smp "$cpus" -m "$mem"
	-serial "file:$out/console.log"
	-kernel "$kernel"
	-append "console=ttyS0 ignore_loglevel panic=-1 root=/dev/root rootfstype=9p rootflags=trans=virtio,version=9p2000.L,msize=262144,cache=loose ro init=$top/guest/init.sh FG_TOP=$top FG_CMDS=/tmp/out/cmds.sh $extra"
	-fsdev "local,id=hostroot,path=$(realpath "$root"),security_model=none,readonly=on,multidevs=remap"
	-device "virtio-9p-pci,fsdev=hostroot,mount_tag=/dev/root"
	-fsdev "local,id=top,path=$top,security_model=none,readonly=on,multidevs=remap"
	-device "virtio-9p-pci,fsdev=top,mount_tag=top"
	-fsdev "local,id=out,path=$out,security_model=none"
	-device "virtio-9p-pci,fsdev=out,mount_tag=out"
)
[ $icount = 0 ] || args+=(-icount shift=0,sleep=off)
[ -z "$disk" ] || args+=(-drive "file=$(realpath "$disk"),if=virtio,format=raw,snapshot=on")
# The same image a second (and third) time: every attachment is
# snapshot=on, so QEMU opens the file read-only each time (shared locks)
# and each disk writes to an overlay of its own.  iops-total-max unset: QEMU then lets a tenth of a
# second's worth through at once, no more.
[ "$tiops" = 0 ] ||
	args+=(-drive "file=$(realpath "$disk"),if=virtio,format=raw,snapshot=on,throttling.iops-total=$tiops")
[ "$piops" = 0 ] ||
	args+=(-drive "file=$(realpath "$disk"),if=virtio,format=raw,snapshot=on,throttling.iops-total=$piops")

echo "run-guest: booting $(basename "$kernel") ($accel, $cpus vCPU, $mem$([ "$tiops" = 0 ] || echo ", throttled disk $tiops IOPS")$([ "$piops" = 0 ] || echo ", slower disk $piops IOPS")) for $(basename "$cmds"), log $out/console.log"
start=$(date +%s)
set +e
timeout --signal=KILL "$timeout" "$qemu" "${args[@]}" </dev/null >"$out/qemu.log" 2>&1
qrc=$?
set -e
secs=$(( $(date +%s) - start ))

status=0
if [ $qrc = 137 ]; then
	echo "run-guest: FAIL: timeout after ${timeout}s" >&2
	status=3
elif [ $qrc != 0 ]; then
	echo "run-guest: FAIL: qemu exited with $qrc:" >&2
	cat "$out/qemu.log" >&2
	status=1
fi
if "$top/scripts/check-console.sh" "$out/console.log"; then :; else
	[ "$status" != 0 ] || status=1
fi
rc=$(cat "$out/rc" 2>/dev/null || echo none)
if [ "$rc" != 0 ]; then
	echo "run-guest: FAIL: guest commands exited with status $rc" >&2
	[ "$status" != 0 ] || status=1
fi
echo "run-guest: guest ran ${secs}s, commands rc=$rc, result $([ $status = 0 ] && echo ok || echo FAIL)"
exit $status
