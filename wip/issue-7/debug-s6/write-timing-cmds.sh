#!/bin/bash
cd /tmp/data
mkdir -p /sys/fs/cgroup/wt && echo +memory > /sys/fs/cgroup/cgroup.subtree_control
for r in 1 2; do
	s=$(date +%s.%N)
	for i in 1 2 3; do (echo $BASHPID > /sys/fs/cgroup/wt/cgroup.procs; dd if=/dev/zero of=/tmp/data/w$i bs=1M count=50 status=none) & done
	wait
	e=$(date +%s.%N)
	echo "round $r: 3 x 50 MiB page cache written in $(echo "$e - $s" | bc) s, memcg current $(cat /sys/fs/cgroup/wt/memory.current)"
	rm -f /tmp/data/w1 /tmp/data/w2 /tmp/data/w3
done
