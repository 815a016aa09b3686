#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The main job, from a fresh machine: install what is missing, fetch the
# base, apply the series, build the guest kernel, boot it under QEMU and run
# a short page-cache workload in a memcg with MGLRU and with the classic
# LRU; print what each did (guest/demo.sh).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
"$top/scripts/install-deps.sh"
[ -d "$top/build/linux/.git" ] || "$top/scripts/mktree.sh"
"$top/scripts/build-kernel.sh" "$top/build/linux" "$top/build/obj"
img=$("$top/scripts/data-image.sh")
out=$top/build/runs/demo
"$top/scripts/run-guest.sh" -t 1200 -o "$out" -d "$img" "$top/guest/demo.sh"
echo
cat "$out/demo.txt"
echo
echo "demo: full console log in $out/console.log"
