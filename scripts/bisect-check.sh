#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bisect-check.sh: build the guest kernel at every prefix of the series
# (base + patch 1, base + patches 1-2, ...) in a worktree of build/linux
# (build/bisect/linux, objects in build/bisect/obj: the same relative layout
# as build/linux and build/obj, so ccache hits), so that every patch is
# known to build on its own.  Prints "bisect-check: pass|fail N SUBJECT"
# per patch and exits 1 if any prefix fails to build.
#
# bisect-check.sh [FIRST [LAST]]: only the prefixes FIRST..LAST (1-based,
# inclusive), e.g. after reordering the first patches of the series.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/build/linux
wt=$top/build/bisect/linux
obj=$top/build/bisect/obj
die() { echo "bisect-check: error: $*" >&2; exit 2; }
[ -d "$src/.git" ] || die "$src missing (make tree)"

commits=$(git -C "$src" rev-list --reverse base..fg)
[ -n "$commits" ] || die "no patches on fg"
total=$(wc -w <<<"$commits")
first=${1:-1}
last=${2:-$total}
{ [[ $first =~ ^[0-9]+$ ]] && [[ $last =~ ^[0-9]+$ ]] &&
  [ "$first" -ge 1 ] && [ "$first" -le "$last" ] && [ "$last" -le "$total" ]; } ||
	die "bad range '$first..$last': the series has patches 1..$total"
if [ ! -d "$wt" ]; then
	git -C "$src" worktree prune
	git -C "$src" worktree add -q --detach "$wt" base || die "cannot add worktree $wt"
fi
rc=0
n=0
for c in $commits; do
	n=$((n + 1))
	[ "$n" -ge "$first" ] && [ "$n" -le "$last" ] || continue
	subject=$(git -C "$src" log -1 --format=%s "$c")
	git -C "$wt" checkout -q --detach "$c" || die "cannot check out $c"
	if "$top/scripts/build-kernel.sh" "$wt" "$obj" > "$obj-$n.log" 2>&1; then
		echo "bisect-check: pass $n $subject"
	else
		echo "bisect-check: fail $n $subject (see $obj-$n.log)"
		tail -5 "$obj-$n.log" | sed 's/^/    /'
		rc=1
	fi
done
exit $rc
