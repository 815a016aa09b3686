#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-kernel.sh [SRC [OBJ [FRAGMENT...]]]
#
# Configure (tinyconfig + Kconfig.fg [+ extra fragments]) and build a guest
# bzImage out of tree with ccache.  Defaults: SRC=build/linux OBJ=build/obj.
# Every option of the fragments that exists in SRC's Kconfig must end up with
# the requested value, or the build stops.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
src=$(realpath -m "${1:-$top/build/linux}")
obj=$(realpath -m "${2:-$top/build/obj}")
shift $(( $# > 2 ? 2 : $# ))
frags=("$top/Kconfig.fg" "$@")
jobs=${JOBS:-$(nproc)}

die() { echo "build-kernel: error: $*" >&2; exit 1; }
[ -f "$src/Makefile" ] || die "no kernel tree at $src (run 'make tree')"
command -v ccache >/dev/null || die "ccache not installed"

export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$top} CCACHE_NOHASHDIR=1
export KBUILD_BUILD_TIMESTAMP="2026-01-01" KBUILD_BUILD_USER=fg KBUILD_BUILD_HOST=qemu
kmake() { make -s -C "$src" O="$obj" CC="ccache gcc" HOSTCC="ccache gcc" "$@"; }

mkdir -p "$obj"
# Every option of the fragments that this tree defines must have the
# fragment's value; options not defined by this tree (e.g. added by a
# later patch) are skipped.
frags_applied() {
	local syms line sym val name have bad=0
	syms=$(find "$src" -name 'Kconfig*' -not -path '*/tools/*' -print0 |
		xargs -0 grep -hoE '^[[:space:]]*(menu)?config[[:space:]]+[A-Za-z0-9_]+' |
		awk '{ print $2 }' | sort -u)
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*) sym=${line%%=*}; val=${line#*=} ;;
		'# CONFIG_'*' is not set') sym=${line#\# }; sym=${sym%% *}; val=n ;;
		*) continue ;;
		esac
		name=${sym#CONFIG_}
		grep -qx "$name" <<<"$syms" || continue
		have=$(grep -E "^($sym=|# $sym is not set)" "$obj/.config" || true)
		case "$val:$have" in
		n:|"n:# $sym is not set") ;;
		*) [ "$have" = "$sym=$val" ] || { echo "build-kernel: $sym wanted $val, got '${have:-unset}'"; bad=1; } ;;
		esac
	done < <(cat "${frags[@]}")
	return $bad
}

# Reconfigure when a fragment changed, or when the tree now defines an
# option of the fragments that the last configuration could not set (an
# object directory reused for an older tree: olddefconfig would give the
# new option its default, not the fragment's value).
stamp=$obj/.fg-config-stamp
want=$(cat "${frags[@]}" | sha256sum | cut -d' ' -f1)
merge=1
if [ -f "$obj/.config" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
	kmake olddefconfig >/dev/null
	frags_applied >/dev/null && merge=0
fi
if [ $merge = 1 ]; then
	kmake tinyconfig >/dev/null
	(cd "$obj" && "$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "${frags[@]}" >"$obj/merge.log" 2>&1) ||
		{ cat "$obj/merge.log" >&2; die "merge_config.sh failed"; }
	kmake olddefconfig >/dev/null
	frags_applied >&2 || die "config fragment did not apply (see above)"
	echo "$want" > "$stamp"
fi

kmake olddefconfig >/dev/null
start=$(date +%s)
# A line a minute while it builds: the objects compiled so far and, once a
# build here (or of the workspace's build/obj) has finished, how many
# objects a whole build has.
count=$obj/.fg-objects
total=$(cat "$count" "$top/build/obj/.fg-objects" 2>/dev/null | head -1 || true)
marker=$obj/.fg-build-start
touch "$marker"
kmake -j"$jobs" bzImage &
pid=$!
trap 'kill "$pid" 2>/dev/null' EXIT INT TERM
next=$((start + 60))
while kill -0 "$pid" 2>/dev/null; do
	sleep 2
	now=$(date +%s)
	[ "$now" -ge "$next" ] || continue
	next=$((now + 60))
	done_objs=$(find "$obj" -name '*.o' -newer "$marker" | wc -l)
	el=$((now - start))
	echo "build-kernel: $((el / 60))m$(printf '%02d' $((el % 60)))s: $done_objs objects compiled${total:+ (a whole build has $total)}"
done
rc=0
wait "$pid" || rc=$?
trap - EXIT INT TERM
[ $rc = 0 ] || die "make bzImage failed (exit $rc)"
find "$obj" -name '*.o' | wc -l > "$count"
echo "build-kernel: $obj/arch/x86/boot/bzImage built in $(( $(date +%s) - start ))s"
