#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# data-image.sh: make build/data.img (an empty 3 GiB ext4 image, sparse on
# disk) if it is missing, and print its path.  Guests attach it with
# snapshot=on, so it stays empty.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
img=$top/build/data.img
if [ ! -f "$img" ]; then
	mkdir -p "$top/build"
	truncate -s 3G "$img.tmp"
	mkfs.ext4 -q -F "$img.tmp"
	mv "$img.tmp" "$img"
fi
echo "$img"
