#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# arms.sh list
# arms.sh build ARM...
#
# The benchmark arms are prefixes of patches/series, named by marker lines
# "# arm: NAME" placed after the arm's last patch (before the first patch:
# the base alone), or one patch on the base alone, named by "# arm: NAME
# alone" right after that patch (the seed's FIXED: stock plus that change,
# wherever the series puts it).  "list" prints one line per arm:
#   NAME NPATCHES HASH [ALONE]
# where HASH covers base.conf, Kconfig.fg and the contents of the arm's
# patches, and ALONE, for an arm of one patch alone, is that patch's
# position in the series.  "build" makes sure build/bench/kernels/NAME-HASH.bzImage exists
# and prints its path: it lays out its own tree build/bench/linux (mktree.sh
# with FG_TREE), checks out each arm's commit in turn and builds it
# incrementally in build/bench/obj (same layout as build/linux + build/obj,
# so ccache hits across them), at nice 10.  Cached images are not rebuilt.
# The pseudo-arm CLRU (classic LRU) is the ORIG kernel; it is not listed.
set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
pdir=${FG_PATCHES:-$top/patches}
series=$pdir/series
bench=$top/build/bench
tree=$bench/linux
obj=$bench/obj
kdir=$bench/kernels

die() { echo "bench-arms: error: $*" >&2; exit 1; }
[ -f "$series" ] || die "$series missing"

# NAME NPATCHES HASH [ALONE], in series order
list_arms() {
	local line n=0 name h
	local -a prefix=()
	while IFS= read -r line; do
		if [[ $line =~ ^#[[:space:]]*arm:[[:space:]]*([A-Za-z0-9_-]+)[[:space:]]*(alone)?[[:space:]]*$ ]]; then
			name=${BASH_REMATCH[1]}
			if [ -n "${BASH_REMATCH[2]}" ]; then
				[ $n -gt 0 ] || die "arm $name: 'alone' needs a patch before it"
				h=$( { cat "$top/base.conf" "$top/Kconfig.fg"
					echo "== alone ${prefix[$((n - 1))]}"
					cat "$pdir/${prefix[$((n - 1))]}"; } | sha256sum | cut -c1-12)
				echo "$name 1 $h $n"
				continue
			fi
			h=$( { cat "$top/base.conf" "$top/Kconfig.fg"
				for p in "${prefix[@]+"${prefix[@]}"}"; do
					echo "== $p"; cat "$pdir/$p"
				done; } | sha256sum | cut -c1-12)
			echo "$name $n $h"
			continue
		elif [[ $line =~ ^#[[:space:]]*arm: ]]; then
			die "bad marker '$line' (# arm: NAME, or # arm: NAME alone)"
		fi
		case "$line" in ''|'#'*) continue ;; esac
		[ -f "$pdir/$line" ] || die "patch $line listed in series but missing"
		prefix+=("$line")
		n=$((n + 1))
	done < "$series"
}

cmd=${1:-}
[ -n "$cmd" ] || die "usage: arms.sh list | build ARM..."
shift
case $cmd in
list)
	list_arms
	exit 0
	;;
build) ;;
*) die "unknown command '$cmd' (list or build)" ;;
esac

arms=$(list_arms)
[ -n "$arms" ] || die "no '# arm: NAME' markers in $series"
[ $# -gt 0 ] || die "build: name at least one arm"
declare -a want=()
for a in "$@"; do
	grep -q "^$a " <<<"$arms" || die "unknown arm '$a' (series has: $(cut -d' ' -f1 <<<"$arms" | tr '\n' ' '))"
	want+=("$a")
done

mkdir -p "$kdir"
need=()
for a in "${want[@]}"; do
	read -r _ _ h _ < <(grep "^$a " <<<"$arms")
	[ -s "$kdir/$a-$h.bzImage" ] || need+=("$a")
done

if [ ${#need[@]} -gt 0 ]; then
	# Our own tree, re-applied from patches/ so it matches what we hash.
	echo "bench-arms: building ${need[*]} in $tree (objects in $obj)" >&2
	FG_TREE=$tree FG_PATCHES=$pdir "$top/scripts/mktree.sh" >&2 ||
		die "could not lay out $tree"
	total=$(git -C "$tree" rev-list --count base..fg)
	for a in "${need[@]}"; do
		read -r _ n h alone < <(grep "^$a " <<<"$arms")
		if [ -n "$alone" ]; then
			# base + that one patch, applied to the work tree
			commit=$(git -C "$tree" rev-parse "fg~$((total - alone))")
			git -C "$tree" checkout -q -f --detach base
			git -C "$tree" diff "$commit~1" "$commit" | git -C "$tree" apply --index || {
				git -C "$tree" checkout -q -f fg
				die "arm $a: patch $alone does not apply to the base alone"
			}
			echo "bench-arms: $a = base + patch $alone alone ($(git -C "$tree" log -1 --format='%s' "$commit"))" >&2
		else
			commit=$(git -C "$tree" rev-parse "fg~$((total - n))")
			git -C "$tree" checkout -q -f --detach "$commit"
			echo "bench-arms: $a = base + $n patches ($(git -C "$tree" log -1 --format='%h %s'))" >&2
		fi
		nice -n 10 "$top/scripts/build-kernel.sh" "$tree" "$obj" >&2 ||
			die "build of arm $a failed"
		cp "$obj/arch/x86/boot/bzImage" "$kdir/$a-$h.bzImage.tmp"
		mv "$kdir/$a-$h.bzImage.tmp" "$kdir/$a-$h.bzImage"
	done
	git -C "$tree" checkout -q -f fg
fi

for a in "${want[@]}"; do
	read -r _ _ h _ < <(grep "^$a " <<<"$arms")
	echo "$kdir/$a-$h.bzImage"
done
