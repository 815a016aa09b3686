#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Fetch the pinned base kernel source package with apt-get download through
# an isolated apt configuration.  The mirror URI is taken from the machine's
# own Debian sources at run time; no registry host is written anywhere in
# the repository.  The system's apt state is not touched.
#
# Output: build/base/linux-base.tar.xz (verified) and build/base/VERSION.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=../base.conf
. "$top/base.conf"

out=$top/build/base
apt=$top/build/apt
mkdir -p "$out"

if [ -f "$out/linux-base.tar.xz" ] && [ -f "$out/VERSION" ]; then
	echo "fetch-base: have $(cat "$out/VERSION")"
	exit 0
fi

die() { echo "fetch-base: error: $*" >&2; exit 1; }

. "$top/scripts/apt-isolated.sh"
echo "fetch-base: updating isolated apt lists for $BASE_SUITE"
apt_isolated "$apt" "$BASE_SUITE" || die "cannot set up apt for $BASE_SUITE"

version=$BASE_VERSION
if ! apt-cache show "$BASE_PKG=$BASE_VERSION" >/dev/null 2>&1; then
	version=$(apt-cache madison "$BASE_PKG" | awk '{ print $3 }' | sort -V | tail -1)
	[ -n "$version" ] || die "$BASE_PKG is not served by $BASE_SUITE"
	cat >&2 <<EOW
************************************************************************
fetch-base: WARNING: $BASE_PKG $BASE_VERSION is no longer served.
fetch-base: WARNING: using the newest one, $version, instead.
fetch-base: WARNING: the checksum pin does not apply; results may differ.
************************************************************************
EOW
fi

(cd "$apt/dl" && apt-get -q download "$BASE_PKG=$version") >"$apt/download.log" 2>&1 ||
	{ cat "$apt/download.log" >&2; die "apt-get download $BASE_PKG=$version failed"; }
deb=$(ls "$apt"/dl/*.deb)
echo "fetch-base: extracting $BASE_TARBALL from $(basename "$deb")"
rm -rf "$apt/x"
mkdir -p "$apt/x"
dpkg-deb -x "$deb" "$apt/x"
tarball=$apt/x$BASE_TARBALL
[ -f "$tarball" ] || die "$BASE_TARBALL not in $(basename "$deb")"

sum=$(sha256sum "$tarball" | cut -d' ' -f1)
if [ "$version" = "$BASE_VERSION" ]; then
	[ "$sum" = "$BASE_SHA256" ] ||
		die "checksum mismatch for $BASE_TARBALL: got $sum, want $BASE_SHA256"
	echo "fetch-base: sha256 verified"
else
	echo "fetch-base: WARNING: unpinned tarball sha256 $sum" >&2
fi
mv "$tarball" "$out/linux-base.tar.xz.tmp"
mv "$out/linux-base.tar.xz.tmp" "$out/linux-base.tar.xz"
echo "$BASE_PKG $version sha256:$sum" > "$out/VERSION"
rm -rf "$apt/x" "$apt/dl"
echo "fetch-base: using $(cat "$out/VERSION")"
