#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Shadow-node budget under MGLRU, run in the test guest (cwd = data disk
# holding "big" (384 MiB) and "hot" (96 MiB)).
#
# 1. pressure: stream "big" twice through a 64 MiB memcg and sample
#    workingset_nodes (/proc/vmstat) and memory.stat workingset_nodereclaim.
#    With a sane budget (memcg LRU pages >> 3 nodes, ~2048 here) every shadow
#    node survives; with a collapsed budget the shadow shrinker trims them to
#    a few dozen and nodereclaim grows.
# 2. refaults: cycle mmap faults over "hot" (96 MiB > 64 MiB) and report
#    workingset_refault/activate/restore_file of the re-read set.
# 3. toggle /sys/kernel/mm/lru_gen/enabled off/on with pages on the LRU and
#    keep reclaiming; an lru_size underflow would WARN on the console.
set -u
PY=/usr/bin/python3
CG=/sys/fs/cgroup/budget
ST=$CG/memory.stat

stat_of() { awk -v k="$1" '$1 == k { print $2 }' "$ST"; }
# memory.stat has no per-memcg shadow node count: read the global one (this
# memcg is the only one making shadows here) and the memcg's count of shadow
# nodes freed by the shadow shrinker (workingset_nodereclaim)
nodes() { awk '$1 == "workingset_nodes" { print $2 }' /proc/vmstat; }
show() {
	printf '%-10s vmstat.workingset_nodes=%s' "$1" "$(nodes)"
	for k in workingset_nodereclaim workingset_refault_file workingset_activate_file \
		 workingset_restore_file file; do
		printf ' %s=%s' "$k" "$(stat_of $k)"
	done
	echo
}

echo "kernel $(uname -r) lru_gen=$(cat /sys/kernel/mm/lru_gen/enabled)"
# no readahead: order-0 page cache folios, one shadow entry per page (with
# readahead the cache fills with large folios, one shadow each, and a few
# dozen nodes hold the shadows of the whole file)
echo 0 > /sys/block/vda/queue/read_ahead_kb
echo "read_ahead_kb $(cat /sys/block/vda/queue/read_ahead_kb)"
ls -la /tmp/data
mkdir $CG
echo 64M > $CG/memory.max
echo 0 > $CG/memory.swap.max 2>/dev/null
echo $$ > $CG/cgroup.procs
echo 3 > /proc/sys/vm/drop_caches

# --- 0. fault/charge fast path (no reclaim: 16 MiB in a 64 MiB memcg) ----
for rep in 1 2 3; do
	echo "RESULT churn $rep: $(/work/budget/tests/anon-churn 16 8)"
done

# --- 1. pressure ----------------------------------------------------------
(
	max=0
	while [ ! -e /tmp/stop-sampler ]; do
		n=$(nodes)
		[ "$n" -gt "$max" ] && max=$n
		echo "$max" > /tmp/max-nodes
		sleep 0.5
	done
) &
sampler=$!
show start
for pass in 1 2; do
	dd if=big of=/dev/null bs=1M status=none
	show "pass$pass"
done
touch /tmp/stop-sampler
wait $sampler
echo "RESULT pressure: workingset_nodes final=$(nodes) max=$(cat /tmp/max-nodes) nodereclaim=$(stat_of workingset_nodereclaim) refault_file=$(stat_of workingset_refault_file) memory.current=$(cat $CG/memory.current)"

# --- 2. refaults of a re-read set -----------------------------------------
r0=$(stat_of workingset_refault_file)
a0=$(stat_of workingset_activate_file)
s0=$(stat_of workingset_restore_file)
$PY - <<'PYEOF'
import mmap, os
fd = os.open("hot", os.O_RDONLY)
size = os.fstat(fd).st_size
m = mmap.mmap(fd, size, prot=mmap.PROT_READ)
os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_RANDOM)
m.madvise(mmap.MADV_RANDOM)
s = 0
for rnd in range(4):
    for off in range(0, size, 4096):
        s += m[off]
    # a streamed chunk between rounds, so the set is evicted by others too
    with open("big", "rb", buffering=0) as f:
        f.seek(rnd * 32 << 20)
        left = 32 << 20
        while left > 0:
            b = f.read(1 << 20)
            if not b:
                break
            left -= len(b)
print("touched", s & 0xff)
PYEOF
show refault
echo "RESULT refault: refault_file=+$(( $(stat_of workingset_refault_file) - r0 )) activate_file=+$(( $(stat_of workingset_activate_file) - a0 )) restore_file=+$(( $(stat_of workingset_restore_file) - s0 )) workingset_nodes=$(nodes) nodereclaim=$(stat_of workingset_nodereclaim)"

# --- 3. enabled off/on with pages on the LRU -------------------------------
$PY - <<'PYEOF' &
import mmap, os, time
fd = os.open("hot", os.O_RDONLY)
size = os.fstat(fd).st_size
m = mmap.mmap(fd, size, prot=mmap.PROT_READ)
anon = mmap.mmap(-1, 16 << 20)
end = time.time() + 40
s = 0
while time.time() < end:
    for off in range(0, size, 4096 * 7):
        s += m[off]
    for off in range(0, 16 << 20, 4096):
        anon[off] = 1
PYEOF
load=$!
for i in 1 2 3 4 5 6; do
	sleep 3
	echo n > /sys/kernel/mm/lru_gen/enabled
	echo "toggle $i: $(cat /sys/kernel/mm/lru_gen/enabled) file=$(stat_of file) anon=$(stat_of anon)"
	dd if=big of=/dev/null bs=1M count=64 skip=$((i * 32)) status=none
	sleep 2
	echo y > /sys/kernel/mm/lru_gen/enabled
	echo "toggle $i: $(cat /sys/kernel/mm/lru_gen/enabled) file=$(stat_of file) anon=$(stat_of anon)"
	dd if=big of=/dev/null bs=1M count=64 skip=$((i * 32 + 64)) status=none
done
wait $load
show end
# tear down: reparent whatever is left, exercising the lru_size move
echo $$ > /sys/fs/cgroup/cgroup.procs
rmdir $CG && echo "rmdir ok"
echo 3 > /proc/sys/vm/drop_caches
echo "RESULT toggle: done (console is checked for WARN/BUG by the runner)"
