#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-selftests.sh [SRC] [OUT]
#
# Build, on the host, the selftests the MGLRU-FG guests run:
#   OUT/lru_gen_workingset   tools/testing/selftests/mm (our test), with
#   OUT/run_vmtests.sh and OUT/ksft_lru_gen.sh copied alongside
#   OUT/test_memcontrol      tools/testing/selftests/cgroup (peer suite)
# through the kernel's own selftest Makefiles, against the UAPI headers of
# SRC installed into OUT/.headers (SRC itself is left untouched apart from
# the mm selftests' git-ignored local_config.{h,mk}).  If a Makefile build
# fails, the same sources are compiled with gcc directly, with the same
# flags.  Make does the dependency checks, so a second run is quick.
#
#   SRC  kernel source tree  (default build/linux)
#   OUT  output directory    (default build/selftests)
#
# Environment: CC (default gcc; i686-linux-gnu-gcc builds them for a
# 32-bit guest), V=1 to show the make/gcc commands.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
src=${1:-$top/build/linux}
out=${2:-$top/build/selftests}
cc=${CC:-gcc}

die() { echo "build-selftests: error: $*" >&2; exit 1; }
log() { echo "build-selftests: $*"; }

[ $# -le 2 ] || die "usage: $0 [SRC] [OUT]"
[ -f "$src/Makefile" ] && [ -d "$src/tools/testing/selftests/mm" ] ||
	die "$src is not a kernel source tree"
[ -f "$src/tools/testing/selftests/mm/lru_gen_workingset.c" ] ||
	die "$src has no tools/testing/selftests/mm/lru_gen_workingset.c"
command -v make >/dev/null || die "make not installed"
command -v "$cc" >/dev/null || die "compiler $cc not installed"

src=$(cd "$src" && pwd)
mkdir -p "$out" || die "cannot create $out"
out=$(cd "$out" && pwd)
sel=$src/tools/testing/selftests
hdr=$out/.headers
logf=$out/build.log
: >"$logf"

quiet() {
	if [ "${V:-0}" = 1 ]; then
		"$@" 2>&1 | tee -a "$logf"
	else
		"$@" >>"$logf" 2>&1
	fi
}

# 1. UAPI headers, out of tree ("make headers" needs no .config).
log "installing UAPI headers into $hdr"
quiet make -s -C "$src" O="$hdr" ARCH=x86_64 headers ||
	die "make headers failed, see $logf"
khdr="-isystem $hdr/usr/include"

# 2. build_selftest DIR PROG GCC-ARGS...: PROG through the selftest Makefile
# of DIR (it only builds full-path targets), or, if that fails, with gcc
# directly and the flags that Makefile would use.
build_selftest() {
	local dir=$1 prog=$2 o=$out/.$1

	shift 2
	log "building $prog"
	mkdir -p "$o"
	if quiet make -C "$sel/$dir" CC="$cc" OUTPUT="$o" KHDR_INCLUDES="$khdr" "$o/$prog"; then
		install -m 0755 "$o/$prog" "$out/$prog"
		return
	fi
	log "$dir Makefile build failed (see $logf), compiling directly"
	quiet "$cc" -Wall -D_GNU_SOURCE= $khdr -isystem "$src/tools/include/uapi" \
		-I "$sel" -o "$out/$prog" "$@" ||
		die "cannot build $prog, see $logf"
}

build_selftest mm lru_gen_workingset -O2 -I "$src" -Wunreachable-code -U_FORTIFY_SOURCE \
	"$sel/mm/lru_gen_workingset.c" -lrt -lpthread -lm
# 3. the peer suite
build_selftest cgroup test_memcontrol -pthread -I "$sel/cgroup/lib/include" \
	"$sel/cgroup/test_memcontrol.c" "$sel/cgroup/lib/cgroup_util.c"

install -m 0755 "$sel/mm/run_vmtests.sh" "$sel/mm/ksft_lru_gen.sh" "$out/"
log "done: $(cd "$out" && echo lru_gen_workingset test_memcontrol run_vmtests.sh ksft_lru_gen.sh) in $out"
