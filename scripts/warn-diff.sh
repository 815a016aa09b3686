#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# warn-diff.sh: compile every kernel object the series touches with W=1 and
# sparse (C=2), in the patched tree (build/linux, build/obj) and in the base
# (a worktree at tag "base" in build/linux-base, objects in build/obj-base,
# same .config), and report warnings the base does not have.  sparse comes
# from scripts/get-sparse.sh (one that really checks this kernel).
# Prints "warn-diff: result pass|fail|skip OBJ DETAIL" per object and
# "warn-diff: new OBJ: WARNING" per new warning.  Exit 1 if any is new.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/build/linux
obj=$top/build/obj
bsrc=$top/build/linux-base
bobj=$top/build/obj-base
die() { echo "warn-diff: error: $*" >&2; exit 2; }
[ -f "$obj/.config" ] || die "no configured build in $obj (make kernel)"
sparse=$("$top/scripts/get-sparse.sh" "$src") || die "no usable sparse"

export CCACHE_BASEDIR=$top CCACHE_NOHASHDIR=1
kmake() { local s=$1 o=$2; shift 2; make -s -C "$s" O="$o" CC="ccache gcc" HOSTCC="ccache gcc" -j"$(nproc)" "$@"; }

if [ ! -d "$bsrc" ] || [ "$(git -C "$bsrc" rev-parse HEAD 2>/dev/null)" != "$(git -C "$src" rev-parse base)" ]; then
	git -C "$src" worktree remove --force "$bsrc" 2>/dev/null || rm -rf "$bsrc"
	git -C "$src" worktree prune
	git -C "$src" worktree add -q --detach "$bsrc" base
fi
mkdir -p "$bobj"
if ! cmp -s "$obj/.config" "$bobj/.config.fg"; then
	cp "$obj/.config" "$bobj/.config"
	cp "$obj/.config" "$bobj/.config.fg"
	kmake "$bsrc" "$bobj" olddefconfig >/dev/null
fi
kmake "$bsrc" "$bobj" prepare >/dev/null 2>&1 || die "make prepare failed in $bobj"

norm() {	# warning lines only, without paths' tree prefix and line numbers
	grep -aE '(warning|error):' "$1" |
		sed -E 's#^[^ :]*/(linux|linux-base)/##; s#^\.\./(linux|linux-base)/##; s#:[0-9]+:([0-9]+:)?#:#' |
		sort || true
}

bad=0
files=$(git -C "$src" diff --name-only base..fg -- '*.c' ':!tools' ':!Documentation' ':!scripts' ':!samples')
for f in $files; do
	o=${f%.c}.o
	if [ ! -f "$obj/$o" ]; then
		echo "warn-diff: result skip $o not built in this config"
		continue
	fi
	kmake "$src" "$obj" W=1 C=2 CHECK="$sparse" "$o" > "$obj/$o.w1.log" 2>&1 || true
	# the base tree may have run no more than 'make prepare': its object
	# directories do not exist until something is built there
	mkdir -p "$(dirname "$bobj/$o")"
	if [ -f "$bsrc/$f" ]; then
		rm -f "$bobj/$o"
		kmake "$bsrc" "$bobj" W=1 C=2 CHECK="$sparse" "$o" > "$bobj/$o.w1.log" 2>&1 || true
		if [ ! -f "$bobj/$o" ]; then
			bad=1
			echo "warn-diff: result fail $o did not build in the base tree, nothing to compare with (see $bobj/$o.w1.log)"
			continue
		fi
	else
		: > "$bobj/$o.w1.log"
	fi
	new=$(comm -23 <(norm "$obj/$o.w1.log") <(norm "$bobj/$o.w1.log"))
	nb=$(norm "$bobj/$o.w1.log" | wc -l)
	if [ -n "$new" ]; then
		bad=1
		echo "warn-diff: result fail $o $(echo "$new" | wc -l) new warning(s)"
		echo "$new" | sed "s#^#warn-diff: new $o: #"
	else
		echo "warn-diff: result pass $o no new warning ($nb in base)"
	fi
done
exit $bad
