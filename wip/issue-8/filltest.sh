set -e
cg=/sys/fs/cgroup
echo 128 > /sys/block/vda/queue/read_ahead_kb
bin=/work/main/build/bench/bin
F="/tmp/data/bench/f0 /tmp/data/bench/f1 /tmp/data/bench/f2 /tmp/data/bench/f3"
incg() { local c=$1; shift; sh -c 'echo $$ > "$0/cgroup.procs" && exec "$@"' "$c" "$@"; }
for lru in y n; do
for mode in asis dropped; do
	echo $lru > /sys/kernel/mm/lru_gen/enabled
	m=$cg/t-$mode; mkdir $m; echo 128M > $m/memory.max
	echo 3 > /proc/sys/vm/drop_caches
	incg $m $bin/zipf-replay fill $F > /dev/null
	[ $mode = dropped ] && echo 1 > /proc/sys/vm/drop_caches
	incg $m $bin/zipf-replay read -t 0.9 -s 1 -n 100000 $F > /dev/null
	r0=$(awk '{print $3}' /sys/block/vda/stat)
	incg $m $bin/zipf-replay read -t 0.9 -s 2 -n 150000 $F > /dev/null
	r1=$(awk '{print $3}' /sys/block/vda/stat)
	echo "RESULT lru_gen=$lru $mode misses/read $(echo "scale=4; ($r1 - $r0) / 8 / 150000" | bc) file $(awk '$1=="file"{print $2/4096}' $m/memory.stat)"
	echo 3 > /proc/sys/vm/drop_caches
	rmdir $m
done
done
