#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of 'make demo': a short page-cache workload in a memcg, run
# once with MGLRU and once with the classic LRU (lru_gen/enabled = n).
# A 24 MiB hot file is read three times, then a 256 MiB cold file streams
# through a 64 MiB memcg twice while the hot file is re-read between
# 64 MiB chunks.  Prints what each LRU did: the memcg's generations from
# /sys/kernel/debug/lru_gen, the workingset counters and the residency of
# both files (memory.stat of the memcg; workingset_nodes is global, from
# /proc/vmstat).  Results also go to /tmp/out/demo.txt.
set -euo pipefail

MAX_MB=${MAX_MB:-64}
HOT_MB=${HOT_MB:-24}
COLD_MB=${COLD_MB:-256}
cg=/sys/fs/cgroup
lru=/sys/kernel/mm/lru_gen/enabled
dir=/tmp/data/demo
out=/tmp/out/demo.txt
: > "$out"
say() { echo "$*" | tee -a "$out"; }

mkdir -p "$dir"
say "demo: creating hot (${HOT_MB} MiB) and cold (${COLD_MB} MiB) files"
dd if=/dev/urandom of="$dir/hot" bs=1M count="$HOT_MB" status=none
dd if=/dev/urandom of="$dir/cold" bs=1M count="$COLD_MB" status=none
sync

resident_pct() {	# percentage of a file's pages in the page cache
	fincore --bytes --noheadings --raw --output RES,SIZE "$1" |
		awk '{ printf "%.1f", $2 ? 100 * $1 / $2 : 0 }'
}
stat_of() { awk -v k="$2" '$1 == k { print $2 }' "$1/memory.stat"; }

declare -A R
run_mode() {
	local mode=$1 name m i
	name=fg-demo-$([ "$mode" = n ] && echo classic || echo mglru)
	echo "$mode" > "$lru"
	echo 3 > /proc/sys/vm/drop_caches
	m=$cg/$name
	mkdir "$m"
	echo $((MAX_MB << 20)) > "$m/memory.max"
	echo $$ > "$m/cgroup.procs"
	for i in 1 2 3; do cat "$dir/hot" > /dev/null; done
	for i in 1 2; do
		for chunk in $(seq 0 $((COLD_MB / 64 - 1))); do
			dd if="$dir/cold" of=/dev/null bs=1M skip=$((chunk * 64)) count=64 status=none
			cat "$dir/hot" > /dev/null
		done
	done
	R[$mode,hot]=$(resident_pct "$dir/hot")
	R[$mode,cold]=$(resident_pct "$dir/cold")
	for k in workingset_refault_file workingset_activate_file workingset_restore_file \
		 workingset_nodereclaim active_file inactive_file file; do
		R[$mode,$k]=$(stat_of "$m" "$k")
	done
	R[$mode,vmstat_workingset_nodes]=$(awk '$1 == "workingset_nodes" { print $2 }' /proc/vmstat)
	R[$mode,current]=$(cat "$m/memory.current")
	say ""
	say "== lru_gen/enabled = $(cat "$lru") ($([ "$mode" = n ] && echo classic LRU || echo MGLRU)) =="
	if [ "$mode" != n ]; then
		say "generations of memcg /$name (debugfs lru_gen: seq, age ms, anon and file pages):"
		awk -v want="/$name" '$1 == "memcg" { show = ($3 == want) } show' \
			/sys/kernel/debug/lru_gen | tee -a "$out"
	fi
	echo $$ > "$cg/cgroup.procs"
	rmdir "$m"
}

orig=$(cat "$lru")
run_mode "$orig"
run_mode n
echo "$orig" > "$lru"

say ""
say "== summary (memcg ${MAX_MB} MiB; hot ${HOT_MB} MiB read 11 times; cold ${COLD_MB} MiB streamed twice) =="
printf '%-28s %14s %14s\n' metric MGLRU classic | tee -a "$out"
for k in hot cold; do
	printf '%-28s %13s%% %13s%%\n' "$k file resident" "${R[$orig,$k]}" "${R[n,$k]}" | tee -a "$out"
done
for k in workingset_refault_file workingset_activate_file workingset_restore_file \
	 workingset_nodereclaim vmstat_workingset_nodes active_file inactive_file file current; do
	printf '%-28s %14s %14s\n' "$k" "${R[$orig,$k]}" "${R[n,$k]}" | tee -a "$out"
done
