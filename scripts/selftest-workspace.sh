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
exit $rc
