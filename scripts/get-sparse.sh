#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# get-sparse.sh: print the path of a sparse that can check this kernel.
#
# The kernel's scripts/checker-valid.sh rejects a sparse that cannot parse
# __typeof_unqual__, and then C=1 silently checks nothing.  Debian 12 and 13
# ship sparse 0.6.4, which cannot.  If the installed sparse passes the
# kernel's own test it is used; otherwise the newest Debian source package
# of sparse (unstable) is fetched with apt-get source through an isolated
# apt configuration and built under build/tools/sparse.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
src=${1:-$top/build/linux}
dir=$top/build/tools/sparse
die() { echo "get-sparse: error: $*" >&2; exit 1; }

valid() { [ -x "$1" ] && [ "$(sh "$src/scripts/checker-valid.sh" "$1" 2>/dev/null)" = 1 ]; }

if command -v sparse >/dev/null && valid "$(command -v sparse)"; then
	command -v sparse
	exit 0
fi
if valid "$dir/bin/sparse"; then
	echo "$dir/bin/sparse"
	exit 0
fi

echo "get-sparse: the installed sparse cannot check this kernel; building Debian's newest" >&2
. "$top/scripts/apt-isolated.sh"
apt_isolated "$top/build/apt-sparse" "unstable" deb-src >&2 || die "cannot set up apt"
rm -rf "$dir.tmp"
mkdir -p "$dir.tmp"
(cd "$dir.tmp" && apt-get -q source --download-only sparse) > "$dir.tmp.log" 2>&1 ||
	{ cat "$dir.tmp.log" >&2; die "apt-get source sparse failed"; }
(cd "$dir.tmp" && dpkg-source --no-check -x --skip-patches ./*.dsc src) >> "$dir.tmp.log" 2>&1 ||
	{ cat "$dir.tmp.log" >&2; die "cannot unpack the sparse source package"; }
# Debian's patches, if any, apply in series order
if [ -f "$dir.tmp/src/debian/patches/series" ]; then
	while read -r p; do
		case "$p" in ''|'#'*) continue ;; esac
		patch -d "$dir.tmp/src" -p1 -s < "$dir.tmp/src/debian/patches/$p" ||
			die "Debian patch $p does not apply"
	done < "$dir.tmp/src/debian/patches/series"
fi
make -C "$dir.tmp/src" -j"$(nproc)" CC=gcc HAVE_LIBXML=no HAVE_SQLITE=no HAVE_GTK=no HAVE_LLVM=no \
	PREFIX="$dir" sparse install >> "$dir.tmp.log" 2>&1 ||
	{ tail -20 "$dir.tmp.log" >&2; die "building sparse failed"; }
rm -rf "$dir.tmp" "$dir.tmp.log"
valid "$dir/bin/sparse" || die "the sparse built from Debian's source cannot check this kernel either"
echo "get-sparse: built $("$dir/bin/sparse" --version)" >&2
echo "$dir/bin/sparse"
