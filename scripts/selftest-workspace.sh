#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# selftest-workspace.sh: tests of the workspace itself, for make check.
#   broken-patch: a patch that does not apply stops mktree.sh with the
#                 patch named, and leaves fg at base (nothing half-applied);
#   injected-warn: a kernel WARNING line on the guest console (written
#                 through /dev/kmsg, as printk would) fails run-guest.sh;
#   tap-retry:    count-results.py counts a TAP case that failed as passed
#                 only if a retry passed it, and a missing result as failed;
#   tap-known:    with --known, a listed case is counted as known only if it
#                 failed in every try, and never as a pass.
#   throttled-disk: run-guest.sh -T 100 attaches the data disk a second time
#                 (/dev/vdb) limited to 100 requests a second: 400 direct
#                 4 KiB reads take at least 3.5 s there, and half of
#                 that at most through /dev/vda; with -P 20 a third
#                 attachment (/dev/vdc) limited to 20 a second: 100 reads
#                 take at least 4.5 s there; a bad -T, -P without -T or a
#                 bad BENCH_DISK_IOPS is refused before anything runs.
#   bench-precharge: a bad BENCH_PRECHARGE, BENCH_PG_TXNS or BENCH_PG_IOPS
#                 is refused before anything runs.
#   revert-tables: the table at the end of each policy patch's changelog is
#                 what summary-table.py --revert prints for its arm from the
#                 kept runs, and a missing run is refused.
# Prints "selftest-workspace: pass|fail NAME".
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
work=$top/build/check/workspace
rm -rf "$work"
mkdir -p "$work"
rc=0
ok() { echo "selftest-workspace: pass $1"; }
ko() { echo "selftest-workspace: fail $1: $2"; rc=1; }

# broken-patch: the first patch of the series, then a corrupted copy of it
first=$(grep -v '^#' "$top/patches/series" | head -1)
git clone -q --shared "$top/build/linux" "$work/tree"
mkdir -p "$work/patches"
cp "$top/patches/$first" "$work/patches/"
sed '/^@@/,$ s/^-\([^-].*\)$/-\1 broken/' "$top/patches/$first" > "$work/patches/9999-broken.patch"
printf '%s\n9999-broken.patch\n' "$first" > "$work/patches/series"
FG_TREE=$work/tree FG_PATCHES=$work/patches "$top/scripts/mktree.sh" > "$work/mktree.log" 2>&1
mrc=$?
head_is_base=$([ "$(git -C "$work/tree" rev-parse HEAD)" = "$(git -C "$work/tree" rev-parse base)" ] && echo y)
if [ $mrc != 0 ] && grep -q "patch 9999-broken.patch does not apply" "$work/mktree.log" &&
   [ "$head_is_base" = y ] && [ ! -d "$work/tree/.git/rebase-apply" ]; then
	ok broken-patch
else
	ko broken-patch "mktree rc=$mrc, fg at base: ${head_is_base:-n}; see $work/mktree.log"
fi
rm -rf "$work/tree"

# injected-warn
cat > "$work/warn.sh" <<'EOS'
echo "<4>------------[ cut here ]------------" > /dev/kmsg
echo "<4>WARNING: CPU: 0 PID: 1 at mm/vmscan.c:1 injected_by_selftest+0x0/0x10" > /dev/kmsg
EOS
"$top/scripts/run-guest.sh" -t 300 -o "$work/warn-run" "$work/warn.sh" > "$work/warn.log" 2>&1
wrc=$?
if [ $wrc = 1 ] && grep -q "kernel splat" "$work/warn.log" && [ "$(cat "$work/warn-run/rc" 2>/dev/null)" = 0 ]; then
	ok injected-warn
else
	ko injected-warn "run-guest rc=$wrc; see $work/warn.log"
fi

# tap-retry
printf 'TAP version 13\n1..3\nok 1 a\nnot ok 2 b\nnot ok 3 c\n' > "$work/t1.tap"
printf 'TAP version 13\n1..3\nok 1 a\nnot ok 2 b\nok 3 c\n' > "$work/t2.tap"
printf 'TAP version 13\n1..3\nok 1 a\nok 2 b\nnot ok 3 c\n' > "$work/t3.tap"
printf 'TAP version 13\n1..3\nok 1 a\n' > "$work/t4.tap"
cr() { python3 "$top/scripts/count-results.py" tap "$@" 2>/dev/null; }
got="$(cr "$work/t1.tap") / $(cr "$work/t1.tap" "$work/t2.tap") / $(cr "$work/t1.tap" "$work/t2.tap" "$work/t3.tap") / $(cr "$work/t4.tap")"
if [ "$got" = "1 2 0 / 2 1 0 / 3 0 0 / 1 2 0" ]; then
	ok tap-retry
else
	ko tap-retry "counts '$got', want '1 2 0 / 2 1 0 / 3 0 0 / 1 2 0'"
fi

# tap-known
got="$(cr --known b "$work/t1.tap" "$work/t2.tap") / $(cr --known c "$work/t1.tap" "$work/t2.tap") / $(cr --known b "$work/t1.tap" "$work/t3.tap")"
if [ "$got" = "2 0 0 1 / 2 1 0 0 / 2 1 0 0" ]; then
	ok tap-known
else
	ko tap-known "counts '$got', want '2 0 0 1 / 2 1 0 0 / 2 1 0 0'"
fi

# throttled-disk
truncate -s 16M "$work/disk.img" && mkfs.ext4 -q -F "$work/disk.img"
cat > "$work/tdisk.sh" <<'EOS'
ms() { echo $(($(date +%s%N) / 1000000)); }
t0=$(ms)
dd if=/dev/vda of=/dev/null bs=4k count=400 iflag=direct status=none
t1=$(ms)
dd if=/dev/vdb of=/dev/null bs=4k count=400 iflag=direct status=none
t2=$(ms)
dd if=/dev/vdc of=/dev/null bs=4k count=100 iflag=direct status=none
t3=$(ms)
echo "tdisk: vda $((t1 - t0)) ms vdb $((t2 - t1)) ms vdc $((t3 - t2)) ms"
EOS
"$top/scripts/run-guest.sh" -t 300 -o "$work/tdisk-run" -d "$work/disk.img" -T 100 -P 20 \
	"$work/tdisk.sh" > "$work/tdisk.log" 2>&1
trc=$?
read -r fast slow slower < <(sed -n 's/^tdisk: vda \([0-9]*\) ms vdb \([0-9]*\) ms vdc \([0-9]*\) ms$/\1 \2 \3/p' \
	"$work/tdisk-run/guest.log" 2>/dev/null)
"$top/scripts/run-guest.sh" -P 20 -d "$work/disk.img" "$work/tdisk.sh" > "$work/tdisk-noT.log" 2>&1
not_rc=$?
"$top/scripts/run-guest.sh" -T 100 "$work/tdisk.sh" > "$work/tdisk-nod.log" 2>&1
nrc=$?
"$top/scripts/run-guest.sh" -T 1e3 -d "$work/disk.img" "$work/tdisk.sh" > "$work/tdisk-badT.log" 2>&1
xrc=$?
BENCH_DISK_IOPS=fast "$top/scripts/bench.sh" -n -o "$work/tdisk-bad-res" > "$work/tdisk-bad.log" 2>&1
brc=$?
# 400 reads at 100 a second take 3.9 s whatever the host; unthrottled, the
# same reads take a fraction of that even on a loaded host; 100 reads at
# 20 a second take 4.9 s
if [ $trc = 0 ] && [ -n "${slow:-}" ] && [ "$slow" -ge 3500 ] && [ $((fast * 2)) -le "$slow" ] &&
   [ -n "${slower:-}" ] && [ "$slower" -ge 4500 ] &&
   [ $not_rc = 2 ] && grep -q -- "-P needs -T" "$work/tdisk-noT.log" &&
   [ $nrc = 2 ] && grep -q -- "-T needs a data disk" "$work/tdisk-nod.log" &&
   [ $xrc = 2 ] && grep -q -- "-T 1e3: want a number" "$work/tdisk-badT.log" &&
   [ $brc = 2 ] && grep -q "BENCH_DISK_IOPS=fast: want a number" "$work/tdisk-bad.log" &&
   [ ! -e "$work/tdisk-bad-res" ]; then
	ok throttled-disk
else
	ko throttled-disk "guest rc=$trc, vda ${fast:-?} ms, vdb ${slow:-?} ms (want >= 3500 and twice vda), vdc ${slower:-?} ms (want >= 4500); -P without -T rc=$not_rc, -T without -d rc=$nrc, -T 1e3 rc=$xrc, bad BENCH_DISK_IOPS rc=$brc; see $work/tdisk*.log"
fi

# bench-precharge: a bad BENCH_PRECHARGE (or pgbench knob) is refused
# before anything runs
BENCH_PRECHARGE=yes "$top/scripts/bench.sh" -n -o "$work/pre-bad-res" > "$work/pre-bad.log" 2>&1
bad_pre=$?
BENCH_PG_TXNS=-5 "$top/scripts/bench.sh" -n -o "$work/pre-bad-res" > "$work/pgt-bad.log" 2>&1
bad_txns=$?
BENCH_PG_IOPS=slow "$top/scripts/bench.sh" -n -o "$work/pre-bad-res" > "$work/pgi-bad.log" 2>&1
bad_iops=$?
if [ $bad_pre = 2 ] && grep -q "BENCH_PRECHARGE=yes: want 1" "$work/pre-bad.log" &&
   [ $bad_txns = 2 ] && grep -q "BENCH_PG_TXNS=-5: want a number" "$work/pgt-bad.log" &&
   [ $bad_iops = 2 ] && grep -q "BENCH_PG_IOPS=slow: want a number" "$work/pgi-bad.log" &&
   [ ! -e "$work/pre-bad-res" ]; then
	ok bench-precharge
else
	ko bench-precharge "rc=$bad_pre/$bad_txns/$bad_iops; see $work/pre-bad.log $work/pgt-bad.log $work/pgi-bad.log"
fi
# revert-tables: each policy patch's changelog table against the kept runs
rt_runs="$top/results/revert-final-20261207 $top/results/revert-final-r2-20261207"
# shellcheck disable=SC2086
python3 "$top/scripts/bench/summary-table.py" --revert FINAL $rt_runs > "$work/revert.txt" 2>&1
rt_rc=$?
rt_bad=
for pair in "NORANDOM:do not count random reads of large file folios" \
	    "NOSWEEP:keep the protected generation turning over" \
	    "NOSPLIT:split large file folios read at random" \
	    "NORD:protect refaults by their refault distance"; do
	arm=${pair%%:*}
	patch=$(grep -l "^Subject: .*${pair#*:}" "$top"/patches/0*.patch | head -1)
	sed -n "/^$arm:\$/,/^\$/{/^  /p}" "$work/revert.txt" > "$work/revert-$arm.want"
	sed -n '/^  workload  *series  *without/,/^$/{/^  /p}' "$patch" > "$work/revert-$arm.have"
	if [ ! -s "$work/revert-$arm.want" ] ||
	   ! cmp -s "$work/revert-$arm.want" "$work/revert-$arm.have"; then
		rt_bad="$rt_bad $arm"
	fi
done
python3 "$top/scripts/bench/summary-table.py" --revert FINAL "$work/no-such-run" > "$work/revert-bad.log" 2>&1
rt_missing=$?
if [ $rt_rc = 0 ] && [ -z "$rt_bad" ] && [ $rt_missing = 1 ] &&
   grep -q "cannot read .*no-such-run/summary.json" "$work/revert-bad.log"; then
	ok revert-tables
else
	ko revert-tables "summary-table rc=$rt_rc, tables that differ:${rt_bad:- none}, missing run rc=$rt_missing; see $work/revert*"
fi
exit $rc
