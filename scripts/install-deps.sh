#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Install the Debian packages this workspace needs (idempotent; needs root).
# gcc-i686-linux-gnu, libc6-dev-i386-cross, mmdebstrap, arch-test and
# qemu-user-static (for a host that cannot run i386 binaries itself) are
# for the 32-bit guest of 'make i386-check' (its selftests and its Debian
# i386 root file system).
set -euo pipefail

pkgs=(
	build-essential bc bison flex libelf-dev libssl-dev cpio kmod pahole
	ccache sparse git python3 python3-ply python3-git perl xz-utils rsync
	dpkg-dev patch
	qemu-system-x86 e2fsprogs busybox-static fio
	gnuplot-nox postgresql
	b4
	gcc-i686-linux-gnu libc6-dev-i386-cross mmdebstrap arch-test qemu-user-static
)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} = 0 ]; then
	echo "install-deps: all packages present"
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "install-deps: error: need root to install: ${missing[*]}" >&2
	exit 1
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"
