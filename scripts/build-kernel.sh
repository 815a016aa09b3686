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
# Reconfigure when a fragment changed; olddefconfig follows Kconfig changes.
stamp=$obj/.fg-config-stamp
want=$(cat "${frags[@]}" | sha256sum | cut -d' ' -f1)
if [ ! -f "$obj/.config" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
	kmake tinyconfig >/dev/null
	(cd "$obj" && "$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "${frags[@]}" >"$obj/merge.log" 2>&1) ||
		{ cat "$obj/merge.log" >&2; die "merge_config.sh failed"; }
	kmake olddefconfig >/dev/null
	syms=$(find "$src" -name 'Kconfig*' -not -path '*/tools/*' -print0 |
		xargs -0 grep -hoE '^[[:space:]]*(menu)?config[[:space:]]+[A-Za-z0-9_]+' |
		awk '{ print $2 }' | sort -u)
	bad=0
	while IFS= read -r line; do
		case "$line" in
		CONFIG_*=*) sym=${line%%=*}; val=${line#*=} ;;
		'# CONFIG_'*' is not set') sym=${line#\# }; sym=${sym%% *}; val=n ;;
		*) continue ;;
		esac
		name=${sym#CONFIG_}
		# options not defined by this tree (e.g. added by a later patch) are skipped
		grep -qx "$name" <<<"$syms" || continue
		have=$(grep -E "^($sym=|# $sym is not set)" "$obj/.config" || true)
		case "$val:$have" in
		n:|"n:# $sym is not set") ;;
		*) [ "$have" = "$sym=$val" ] || { echo "build-kernel: $sym wanted $val, got '${have:-unset}'" >&2; bad=1; } ;;
		esac
	done < <(cat "${frags[@]}")
	[ $bad = 0 ] || die "config fragment did not apply (see above)"
	echo "$want" > "$stamp"
fi

kmake olddefconfig >/dev/null
start=$(date +%s)
kmake -j"$jobs" bzImage
echo "build-kernel: $obj/arch/x86/boot/bzImage built in $(( $(date +%s) - start ))s"
