#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# debug-check.sh [-r REV] [-t SECONDS] [-S]
#
# Build the series (REV, default: branch fg of build/linux) with the debug
# fragment Kconfig.debug on top of the test config (lockdep, DEBUG_VM,
# DEBUG_ATOMIC_SLEEP, DEBUG_LIST, KASAN), under nice -n 19, in a worktree
# of build/linux (build/debug/linux, objects in build/debug/obj), boot it
# with scripts/run-guest.sh and run what 'make check' runs in the guest:
# the KUnit suite at boot (parsed with kunit.py) and guest/check.sh's
# selftests, built from the same worktree into build/debug/selftests (so
# they are REV's tests, not whatever 'make selftests' built last).  Then a
# short reclaim stress on the same kernel with fault injection
# (scripts/stress.sh -s 120 -n 2 -F 1: large folios split, truncated,
# lazyfree, shmem, memcgs removed, lru_gen toggled, 1% of the workers' slab
# and page allocations failed; -S leaves it out).  Fails on a build error,
# a failed KUnit case or selftest, a failed stress, a timeout (-t, default
# 5400; each suite may take 3000 s, FG_SUITE_TIMEOUT) or any splat on the
# console.  Logs in build/debug/.
# Prints "debug-check: pass|fail WHAT" lines and a final result.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/build/linux
dir=$top/build/debug
wt=$dir/linux
obj=$dir/obj
timeout=5400

usage() { sed -n '4,/^set -euo/{/^#/p}' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
die() { echo "debug-check: error: $*" >&2; exit 2; }

if [ "$(nice)" -lt 19 ]; then
	exec nice -n 19 "$0" "$@"
fi

rev="fg"
stress=1
while getopts "r:t:Sh" opt; do
	case $opt in
	r) rev=$OPTARG ;;
	t) timeout=$OPTARG ;;
	S) stress=0 ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# = 0 ] || usage
case "$timeout" in ''|*[!0-9]*) die "timeout '$timeout' is not a number of seconds" ;; esac
[ -d "$src/.git" ] || die "$src missing (make tree)"
commit=$(git -C "$src" rev-parse -q --verify "$rev^{commit}") || die "no commit '$rev' in $src"
[ -f "$top/Kconfig.debug" ] || die "Kconfig.debug missing"

# one niced kernel build at a time (build-matrix.sh takes the same lock)
mkdir -p "$dir"
exec 9>"$top/build/.nice-build.lock"
flock -n 9 || { echo "debug-check: waiting for another niced build (build/.nice-build.lock)"; flock 9; }

if [ ! -d "$wt" ]; then
	git -C "$src" worktree prune
	git -C "$src" worktree add -q --detach "$wt" "$commit" || die "cannot add worktree $wt"
elif [ "$(git -C "$wt" rev-parse HEAD)" != "$commit" ]; then
	git -C "$wt" checkout -q --detach "$commit" || die "cannot check out $commit in $wt"
fi
logs=$dir/logs
rm -rf "$logs"
mkdir -p "$logs"
fail=0
result() { echo "debug-check: $1 $2" | tee -a "$logs/results.txt"; [ "$1" = pass ] || fail=1; }

echo "debug-check: building $(git -C "$src" rev-parse --short "$commit") with Kconfig.fg + Kconfig.debug in $obj"
if "$top/scripts/build-kernel.sh" "$wt" "$obj" "$top/Kconfig.debug" > "$logs/build.log" 2>&1; then
	result pass "build ($(sed -n 's/.* built in //p' "$logs/build.log"))"
else
	tail -20 "$logs/build.log" >&2
	result fail "build (see $logs/build.log)"
	exit 1
fi
if "$top/scripts/build-selftests.sh" "$wt" "$dir/selftests" > "$logs/selftests.log" 2>&1; then
	result pass "selftests build ($dir/selftests)"
else
	tail -20 "$logs/selftests.log" >&2
	result fail "selftests build (see $logs/selftests.log)"
	exit 1
fi
flock -u 9

img=$("$top/scripts/data-image.sh")
run=$logs/guest
set +e
# pci=noacpi: under KASAN + lockdep the ACPI interpreter times out on the
# PCI interrupt routing method and the virtio devices get no interrupt
# (the boot then hangs waiting for the data disk); with pci=noacpi they
# take their interrupts from the PIRQ table and the boot goes through
# FG_ST: guest/check.sh runs the selftests from there
"$top/scripts/run-guest.sh" -t "$timeout" -a "pci=noacpi FG_ST=$dir/selftests FG_SUITE_TIMEOUT=3000" -o "$run" -d "$img" \
	-k "$obj/arch/x86/boot/bzImage" "$top/guest/check.sh" 2>&1 | tee "$logs/run-guest.log"
grc=${PIPESTATUS[0]}
set -e
case $grc in
0) result pass "boot and guest/check.sh ($(grep -o 'guest ran [0-9]*s' "$logs/run-guest.log"))" ;;
3) result fail "boot: timeout after ${timeout}s" ;;
*) result fail "boot and guest/check.sh (run-guest.sh exit $grc)" ;;
esac
# Upstream cases of the peer suite that a debug kernel under TCG is too slow
# for, whatever the LRU does: test_memcg_low waits at most six seconds for
# three children to write 50 MiB of page cache each, and the debug kernel
# took 5.7-7.6 s to write 3 x 50 MiB here, with a benchmark guest on the
# other core (timed in a debug guest: the writes alone overrun the wait,
# and the test then applies its pressure and checks before the children are
# done); it failed on the base kernel's debug build too, and passes in
# 'make check'.
"$top/scripts/guest-results.sh" debug-check "$run" "$logs" "$wt" test_memcg_low || fail=1

# the short debug stress, with fault injection; its own splat check
# (run-guest.sh) fails it on a splat
if [ "$stress" = 1 ]; then
	if "$top/scripts/stress.sh" -k "$obj/arch/x86/boot/bzImage" -s 120 -n 2 -F 1 -a pci=noacpi \
		> "$logs/stress.log" 2>&1; then
		result pass "stress with fault injection ($(sed -n 's/^stress: fault injection: \([0-9]*\) allocations.*/\1 failures injected/p' "$logs/stress.log" | tail -1); $(sed -n 's/.*results in //p' "$logs/stress.log" | tail -1))"
	else
		tail -20 "$logs/stress.log" >&2
		result fail "stress with fault injection (see $logs/stress.log)"
	fi
fi
echo "debug-check: $([ $fail = 0 ] && echo PASS || echo FAIL), logs in $logs"
exit $fail
