#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-console.sh LOG: fail (exit 1) when a kernel console log shows a
# WARNING, BUG, Oops, panic, lockdep, KASAN/UBSAN/KFENCE report, hung task
# or RCU stall; print the offending lines.  Needs CONFIG_PRINTK_TIME.
set -u
log=$1
[ -r "$log" ] || { echo "check-console: $log missing" >&2; exit 1; }
pat='WARNING: (CPU|at )|------------\[ cut here \]|BUG: |kernel BUG at|Oops|general protection fault|Kernel panic|KASAN: |UBSAN: |KFENCE: |possible (circular|recursive) locking|inconsistent lock state|suspicious RCU usage|INFO: (task .* blocked|rcu_.* detected stall)|rcu: INFO: .* stall|watchdog: BUG|list_(add|del) corruption|bad page state|page dumped because|DEBUG_LOCKS_WARN_ON'
# Only kernel messages count (they carry a printk timestamp, possibly in the
# middle of a line of user output); what the tests print does not.
if hits=$(grep -aEn "\[ *[0-9]+\.[0-9]{6}\].*($pat)" "$log"); then
	echo "check-console: FAIL: kernel splat in $log:" >&2
	echo "$hits" | head -20 >&2
	exit 1
fi
exit 0
