#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-matrix.sh [-r REV] [-b] [CONFIG...]
#
# Build the whole series (REV, default: branch fg of build/linux) in the
# configurations a maintainer's build bots try, one at a time under
# nice -n 19, and compare the W=1 + sparse warnings of every object the
# series touches with the base (scripts/warn-diff.sh).  CONFIG is any of:
#
#   lru-gen-n    CONFIG_LRU_GEN=n (the classic LRU only)
#   memcg-n      CONFIG_MEMCG=n
#   lru-gen-stats CONFIG_LRU_GEN_STATS=y (Kconfig.fg has it too: this is
#                the test config itself, built and checked on its own)
#   i386         ARCH=i386 (CONFIG_64BIT=n: page-flag space is tightest)
#
# (default: all four).  Each config lives in build/matrix/<cfg>/, laid out
# like the workspace so that scripts/build-kernel.sh and warn-diff.sh run
# there unchanged and ccache hits: build/matrix/<cfg>/build/linux is a git
# worktree of build/linux at REV, .../build/obj its objects, .../Kconfig.fg
# the test fragment with the config's overrides, scripts/ a link to ours.
# Every prefix of the series is built by 'make bisect-check' instead.
# -b builds the kernels only, without the warning comparison (the i386
# kernel that scripts/i386-check.sh boots).
#
# Prints "build-matrix: <cfg> build pass|fail, warnings pass|fail|skip ..."
# per config and a summary in build/matrix/results.txt.  Exit 1 if any
# config fails to build or adds a warning, 2 on bad usage.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/build/linux
mdir=$top/build/matrix
all=(lru-gen-stats i386 lru-gen-n memcg-n)

usage() { sed -n '4,/^set -euo/{/^#/p}' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
die() { echo "build-matrix: error: $*" >&2; exit 2; }

# Our builds must not disturb a benchmark running on the same cores.
if [ "$(nice)" -lt 19 ]; then
	exec nice -n 19 "$0" "$@"
fi

rev="fg"
build_only=0
while getopts "r:bh" opt; do
	case $opt in
	r) rev=$OPTARG ;;
	b) build_only=1 ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
cfgs=("$@")
[ ${#cfgs[@]} -gt 0 ] || cfgs=("${all[@]}")
for c in "${cfgs[@]}"; do
	case " ${all[*]} " in
	*" $c "*) ;;
	*) die "unknown config '$c' (known: ${all[*]})" ;;
	esac
done
[ -d "$src/.git" ] || die "$src missing (make tree)"
commit=$(git -C "$src" rev-parse -q --verify "$rev^{commit}") || die "no commit '$rev' in $src"
git -C "$src" merge-base --is-ancestor base "$commit" || die "$rev does not contain tag 'base'"
n=$(git -C "$src" rev-list --count "base..$commit")
command -v ccache >/dev/null || die "ccache not installed"

# overrides CFG: print the config's fragment lines and, on fd 3, the
# symbols of Kconfig.fg it replaces (they, or options that depend on them,
# would otherwise be "wanted" by build-kernel.sh's check).
overrides() {
	case $1 in
	lru-gen-n)
		echo "CONFIG_LRU_GEN=n"
		echo "LRU_GEN LRU_GEN_ENABLED LRU_GEN_STATS LRU_GEN_KUNIT_TEST" >&3 ;;
	memcg-n)
		echo "CONFIG_MEMCG=n"
		echo "MEMCG" >&3 ;;
	lru-gen-stats)
		echo "CONFIG_LRU_GEN_STATS=y"
		echo "LRU_GEN_STATS" >&3 ;;
	i386)
		echo "CONFIG_64BIT=n"
		echo "64BIT" >&3 ;;
	esac
}

# setup CFG: the config's pseudo-workspace, worktree at $commit, fragment
setup() {
	local c=$1 d=$mdir/$1 wt=$mdir/$1/build/linux drop sym
	mkdir -p "$d/build"
	ln -sfn ../../../scripts "$d/scripts.new" && mv -T "$d/scripts.new" "$d/scripts"
	ln -sfn ../../../tools "$d/build/tools.new" && mv -T "$d/build/tools.new" "$d/build/tools"
	cp "$top/base.conf" "$d/base.conf"
	if [ ! -d "$wt" ]; then
		git -C "$src" worktree prune
		git -C "$src" worktree add -q --detach "$wt" "$commit" ||
			{ echo "build-matrix: cannot add worktree $wt" >&2; return 1; }
	elif [ "$(git -C "$wt" rev-parse HEAD)" != "$commit" ]; then
		git -C "$wt" checkout -q --detach "$commit" ||
			{ echo "build-matrix: cannot check out $commit in $wt" >&2; return 1; }
	fi
	drop=$(overrides "$c" 3>&1 >/dev/null)
	{
		echo "# build-matrix config '$c': Kconfig.fg with these overrides"
		overrides "$c" 3>/dev/null
		echo "# Kconfig.fg without: $drop"
		local re
		re=$(for sym in $drop; do printf '%s\n' "$sym"; done | paste -sd'|')
		grep -vE "^(CONFIG_($re)=|# CONFIG_($re) is not set)" "$top/Kconfig.fg"
	} > "$d/Kconfig.fg.new"
	mv "$d/Kconfig.fg.new" "$d/Kconfig.fg"
}

mkdir -p "$mdir"
# one niced kernel build at a time (debug-check.sh takes the same lock)
exec 9>"$top/build/.nice-build.lock"
flock -n 9 || { echo "build-matrix: waiting for another niced build (build/.nice-build.lock)"; flock 9; }
res=$mdir/results.txt
: > "$res"
say() { echo "build-matrix: $*" | tee -a "$res"; }
say "series $(git -C "$src" rev-parse --short "$commit") (base + $n patches), configs: ${cfgs[*]}"
export CCACHE_BASEDIR=$top
rc=0
for c in "${cfgs[@]}"; do
	d=$mdir/$c
	log=$d/build.log
	if ! setup "$c" > "$mdir/$c.setup.log" 2>&1; then
		cat "$mdir/$c.setup.log" >&2
		say "$c build fail (setup, see $mdir/$c.setup.log)"
		rc=1
		continue
	fi
	t0=$(date +%s)
	if "$d/scripts/build-kernel.sh" "$d/build/linux" "$d/build/obj" > "$log" 2>&1; then
		b="build pass ($(( $(date +%s) - t0 ))s)"
		bits=$(grep -q '^CONFIG_64BIT=y' "$d/build/obj/.config" && echo 64 || echo 32)
		lg=$(grep -q '^CONFIG_LRU_GEN=y' "$d/build/obj/.config" && echo y || echo n)
		mc=$(grep -q '^CONFIG_MEMCG=y' "$d/build/obj/.config" && echo y || echo n)
		st=$(grep -q '^CONFIG_LRU_GEN_STATS=y' "$d/build/obj/.config" && echo y || echo n)
		b="$b [${bits}-bit LRU_GEN=$lg MEMCG=$mc LRU_GEN_STATS=$st]"
	else
		say "$c build fail ($(( $(date +%s) - t0 ))s, see $log):"
		grep -E 'error|wanted' "$log" | sed -n 1,10p | sed 's/^/    /' | tee -a "$res"
		rc=1
		continue
	fi
	# build-time warnings of the whole build (kernel make -s prints only those)
	nw=$(grep -c 'warning:' "$log" || true)
	if [ "$build_only" = 1 ]; then
		say "$c $b, $nw warning(s) in the plain build ($d/build/obj/arch/x86/boot/bzImage)"
		continue
	fi
	wlog=$d/warn-diff.log
	if "$d/scripts/warn-diff.sh" > "$wlog" 2>&1; then
		w="warnings pass"
	elif grep -q '^warn-diff: result ' "$wlog"; then
		w="warnings FAIL"
		rc=1
	else
		w="warnings fail (warn-diff.sh did not run, see $wlog)"
		rc=1
	fi
	np=$(grep -c '^warn-diff: result pass' "$wlog" || true)
	nf=$(grep -c '^warn-diff: result fail' "$wlog" || true)
	ns=$(grep -c '^warn-diff: result skip' "$wlog" || true)
	say "$c $b, $w (W=1+sparse vs base: $np objects clean, $nf with new warnings, $ns not built), $nw warning(s) in the plain build"
	grep '^warn-diff: new ' "$wlog" | sed 's/^/    /' | tee -a "$res" || true
done
echo "build-matrix: $([ $rc = 0 ] && echo PASS || echo FAIL), results in $res"
exit $rc
