#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# i386-check.sh [-r REV] [-t SECONDS] [-S DIR]
#
# Boot the series (REV, default: branch fg of build/linux) built for 32-bit
# x86, where the page-flag space is tightest, in qemu-system-i386 and run
# what 'make check' runs in its guest: the KUnit suite at boot and
# guest/check.sh's selftests.  The kernel is build-matrix.sh's i386 config
# (Kconfig.fg with CONFIG_64BIT=n, build/matrix/i386), built with -b; the
# selftests are built from the same tree with i686-linux-gnu-gcc into
# build/i386/selftests; the guest's userspace is a minimal Debian i386 tree
# (build/i386/rootfs, made once with mmdebstrap from the Debian mirror this
# machine's apt uses) shared over virtio-9p, with the workspace mounted as
# the 64-bit guest has it.  Fails on a build error, a failed KUnit case or
# lru_gen_workingset case, a timeout (-t, default 3600) or a splat on the
# console; the peer suite test_memcontrol is reported, not judged.  Logs
# in build/i386/logs; prints "i386-check: pass|fail WHAT" lines and a final
# result.  -S DIR runs the 32-bit selftests already built in DIR instead of
# building them from REV's tree: for a kernel whose tree has none of ours,
# e.g. -r base -S build/i386/selftests to compare the peer suite with the
# base kernel (the KUnit suite and lru_gen_workingset then fail there).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/build/linux
dir=$top/build/i386
rootfs=$dir/rootfs
mwt=$top/build/matrix/i386/build/linux
kernel=$top/build/matrix/i386/build/obj/arch/x86/boot/bzImage
timeout=3600

usage() { sed -n '4,/^set -euo/{/^#/p}' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
die() { echo "i386-check: error: $*" >&2; exit 2; }

rev="fg"
prebuilt=
while getopts "r:t:S:h" opt; do
	case $opt in
	r) rev=$OPTARG ;;
	t) timeout=$OPTARG ;;
	S) prebuilt=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# = 0 ] || usage
case "$timeout" in ''|*[!0-9]*) die "timeout '$timeout' is not a number of seconds" ;; esac
[ -d "$src/.git" ] || die "$src missing (make tree)"
if [ -n "$prebuilt" ]; then
	[ -x "$prebuilt/test_memcontrol" ] || die "no 32-bit selftests in '$prebuilt'"
	prebuilt=$(cd "$prebuilt" && pwd)
fi
git -C "$src" rev-parse -q --verify "$rev^{commit}" >/dev/null || die "no commit '$rev' in $src"
for c in qemu-system-i386 i686-linux-gnu-gcc mmdebstrap; do
	command -v "$c" >/dev/null || die "$c not installed (scripts/install-deps.sh)"
done

logs=$dir/logs
rm -rf "$logs"
mkdir -p "$logs"
fail=0
result() { echo "i386-check: $1 $2" | tee -a "$logs/results.txt"; [ "$1" = pass ] || fail=1; }

# 1. the kernel
echo "i386-check: building the i386 kernel (build-matrix.sh -b i386)"
if "$top/scripts/build-matrix.sh" -b -r "$rev" i386 > "$logs/build.log" 2>&1; then
	result pass "build ($(grep -o '32-bit[^]]*' "$logs/build.log" | head -1))"
else
	tail -20 "$logs/build.log" >&2
	result fail "build (see $logs/build.log)"
	exit 1
fi

# 2. the userspace: a Debian i386 tree, made once
# (a root without mkfs.ext4, which the lbs cases need, is made again)
if [ ! -f "$rootfs/.fg-rootfs" ] || [ ! -x "$rootfs/usr/sbin/mkfs.ext4" ]; then
	# shellcheck source=scripts/apt-isolated.sh
	. "$top/scripts/apt-isolated.sh"
	mirror=$(apt_mirror)
	[ -n "$mirror" ] || die "no Debian mirror configured for apt"
	# mmdebstrap runs the root's maintainer scripts, so this host must run
	# i386 binaries: natively (IA32 emulation) or through qemu-user, which
	# Debian does not register for i386 on an amd64 host
	if ! arch-test i386 >/dev/null 2>&1; then
		qi=/usr/bin/qemu-i386-static
		bm=/proc/sys/fs/binfmt_misc
		[ -x "$qi" ] || die "this host cannot run i386 binaries and $qi is missing (scripts/install-deps.sh)"
		[ -e "$bm/register" ] || mount -t binfmt_misc binfmt_misc "$bm" ||
			die "this host cannot run i386 binaries and binfmt_misc cannot be mounted"
		[ -e "$bm/qemu-i386" ] || printf '%s' ":qemu-i386:M::$(
			)\x7fELF\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x03\x00:$(
			)\xff\xff\xff\xff\xff\xfe\xfe\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff:$(
			)$qi:F" > "$bm/register" ||
			die "cannot register $qi for i386 binaries in binfmt_misc (needs root)"
		arch-test i386 >/dev/null 2>&1 || die "i386 binaries do not run through $qi either"
		echo "i386-check: this host runs i386 binaries through $qi (binfmt_misc)"
	fi
	echo "i386-check: making the i386 root file system (mmdebstrap, about a minute)"
	rm -rf "$rootfs.tmp"
	mmdebstrap --arch=i386 --variant=minbase --include=iproute2,procps,kmod,e2fsprogs \
		trixie "$rootfs.tmp" "deb $mirror trixie main" > "$logs/mmdebstrap.log" 2>&1 ||
		{ tail -5 "$logs/mmdebstrap.log" >&2; rm -rf "$rootfs.tmp"; die "mmdebstrap failed (see $logs/mmdebstrap.log)"; }
	touch "$rootfs.tmp/.fg-rootfs"
	rm -rf "$rootfs"
	mv "$rootfs.tmp" "$rootfs"
fi
# the kernel runs init from the root file system: this workspace's
# guest/init.sh, at its path (the workspace is mounted over it later)
mkdir -p "$rootfs$top/guest"
install -m 0755 "$top/guest/init.sh" "$rootfs$top/guest/init.sh"

# 3. the selftests, 32-bit, from the kernel's tree (or -S)
st_dir=$dir/selftests
if [ -n "$prebuilt" ]; then
	st_dir=$prebuilt
	result pass "selftests prebuilt ($st_dir)"
elif CC=i686-linux-gnu-gcc "$top/scripts/build-selftests.sh" "$mwt" "$dir/selftests" \
	> "$logs/selftests.log" 2>&1; then
	result pass "selftests build, i686 ($dir/selftests)"
else
	tail -20 "$logs/selftests.log" >&2
	result fail "selftests build (see $logs/selftests.log)"
	exit 1
fi

# 4. the guest: lowmem only (no HIGHMEM in the config), so 768 MiB
img=$("$top/scripts/data-image.sh")
run=$logs/guest
set +e
"$top/scripts/run-guest.sh" -Q qemu-system-i386 -R "$rootfs" -m 768M -t "$timeout" \
	-a "FG_ST=$st_dir" -o "$run" -d "$img" -k "$kernel" "$top/guest/check.sh" 2>&1 |
	tee "$logs/run-guest.log"
grc=${PIPESTATUS[0]}
set -e
case $grc in
0) result pass "boot and guest/check.sh ($(grep -o 'guest ran [0-9]*s' "$logs/run-guest.log"))" ;;
3) result fail "boot: timeout after ${timeout}s" ;;
*) result fail "boot and guest/check.sh (run-guest.sh exit $grc)" ;;
esac
# The peer suite is reported, not judged: on this 32-bit guest (768 MiB of
# lowmem, a Debian i386 userspace) test_memcontrol fails test_memcg_min,
# _low, _high, _max and _reclaim (which cannot allocate its 50 MiB), then
# aborts in glibc ("The futex facility returned an unexpected error code")
# after its tenth case; the base kernel does the same there
# (results/i386-20261204).
GUEST_RESULTS_INFO=test_memcontrol "$top/scripts/guest-results.sh" i386-check "$run" "$logs" "$mwt" ||
	fail=1
echo "i386-check: $([ $fail = 0 ] && echo PASS || echo FAIL), logs in $logs"
exit $fail
