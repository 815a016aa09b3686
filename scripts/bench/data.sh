#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# data.sh: make build/bench/data.img if it is missing, and print its path:
# an ext4 image (3 GiB, sparse) holding bench/f0..f3, 160 MiB of random
# bytes each (640 MiB: the seed's 40 GiB at 1/64), plus free space for the
# workloads that write.  Guests attach it with snapshot=on, so it never
# changes; its layout version is in the file name.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
dir=$top/build/bench
img=$dir/data-v1.img
die() { echo "bench-data: error: $*" >&2; exit 1; }
if [ ! -s "$img" ]; then
	command -v mkfs.ext4 >/dev/null || die "mkfs.ext4 missing (make deps)"
	echo "bench-data: making $img (4 x 160 MiB files)" >&2
	stage=$dir/data.stage
	rm -rf "$stage" "$img.tmp"
	mkdir -p "$stage/bench"
	for i in 0 1 2 3; do
		head -c $((160 << 20)) /dev/urandom > "$stage/bench/f$i"
	done
	truncate -s 3G "$img.tmp"
	mkfs.ext4 -q -F -d "$stage" "$img.tmp" || die "mkfs.ext4 -d failed"
	rm -rf "$stage"
	mv "$img.tmp" "$img"
fi
echo "$img"
