#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of 'make stress' (scripts/stress.sh), run by guest/init.sh
# with cwd on the data disk.  Keeps reclaim busy for STRESS_SECS seconds
# and attacks MGLRU's state machines at the same time:
#  - STRESS_MEMCGS memcgs (memory.max STRESS_MAX_MIB each), each with a zipf
#    pread() reader and a zipf mmap reader of its own checksummed file, a
#    reader of the same file that reads windows of it sequentially and then
#    at random through a POSIX_FADV_RANDOM descriptor, writes some blocks
#    back unchanged and maps some windows (large folios split in reclaim,
#    dirty, under writeback, mapped), an anonymous MADV_HUGEPAGE worker whose
#    memory goes to swap on zram, one that makes THPs and mTHPs lazyfree
#    (MADV_FREE) for reclaim to discard, one that reads and rewrites a file
#    on a huge=always tmpfs (large shmem folios to swap and back), and one
#    that truncates a file of its own at random blocks between sequential
#    and random reads (cutting through large folios reclaim may split);
#  - at the same time, each in its own loop (workers niced so that the
#    loops keep their pace under TCG): lru_gen/enabled flipped (y <-> n),
#    aging and eviction commands to /sys/kernel/debug/lru_gen,
#    memory.reclaim writes, and memcgs created, filled by a sequential
#    reader and removed while full (their page cache is reparented, and the
#    next reader refaults it on the removed memcgs' shadow entries), two
#    such loops;
#  - with STRESS_FAULT=1, failslab and fail_page_alloc fail a share
#    (STRESS_FAULT_PCT percent) of the slab and page allocations of every
#    worker (task-filter), GFP_NOFAIL aside: reclaim, the split of large
#    folios and the page cache then meet failed allocations;
#  - a watchdog: the workers report their op counts every second; no
#    progress for STRESS_STALL seconds fails the run (blocked tasks dumped).
# Afterwards every file's sha256 is checked from disk; each memcg, emptied
# (page cache dropped, swap off), must hold no anon, shmem or unevictable
# page and at most a few file pages (metadata), by its memory.stat, and its
# LRU sizes must equal a walk of its generations; and the active and inactive file
# page counts of the whole system must match a walk of the generations.
# Prints the figures
# and "stress: PASS" or "stress: FAIL ..."; exit 1 on any failure.
set -u
secs=${STRESS_SECS:-300}
nmem=${STRESS_MEMCGS:-4}
max_mib=${STRESS_MAX_MIB:-96}
file_mib=${STRESS_FILE_MIB:-256}
anon_mib=${STRESS_ANON_MIB:-64}
lazy_mib=${STRESS_LAZY_MIB:-16}
stall=${STRESS_STALL:-120}
toggle=${STRESS_TOGGLE:-1}
toggle_pause=${STRESS_TOGGLE_PAUSE:-0.1}
shm_mib=${STRESS_SHMEM_MIB:-16}
trunc_mib=${STRESS_TRUNC_MIB:-8}
fault=${STRESS_FAULT:-0}
fault_pct=${STRESS_FAULT_PCT:-1}
meta_max=${STRESS_META_MAX:-64}	# file pages an emptied memcg may keep
bin=$FG_TOP/build/stress/bin/stress-worker
out=${FG_OUT:-/tmp/out}
cg=/sys/fs/cgroup/stress
dbg=/sys/kernel/debug/lru_gen
en=/sys/kernel/mm/lru_gen/enabled
run=/tmp/stress
# what the workers write (logs, op counts) goes to the data disk, so that it
# is not tmpfs charged to their memcgs, which must end up empty
wrun=$PWD/stress-run
shm=/tmp/stress-shm
dfs=/sys/kernel/debug
fail=()

say() { echo "stress: $*"; }
[ -x "$bin" ] || { say "FAIL: $bin missing"; exit 1; }
{ [ -w "$en" ] && [ -w "$dbg" ]; } || { say "FAIL: no $en or $dbg (CONFIG_LRU_GEN, debugfs)"; exit 1; }
mkdir -p "$run" "$shm"
rm -rf "$wrun"
mkdir -p "$wrun"
say "kernel $(uname -r), $(nproc) CPUs, $(awk '/MemTotal/ { print $2 / 1024 " MiB" }' /proc/meminfo), enabled=$(cat "$en")"
say "$secs s, $nmem memcgs of $max_mib MiB, files of $file_mib MiB, anon $anon_mib MiB each"

# swap on zram and THP for everyone
echo 512M > /sys/block/zram0/disksize && mkswap /dev/zram0 >/dev/null && swapon /dev/zram0 ||
	fail+=("no zram swap")
echo always > /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || say "note: THP not available"
# mTHP sizes too, where the kernel has them
mthp=()
for sz in 16kB 64kB; do
	f=/sys/kernel/mm/transparent_hugepage/hugepages-$sz/enabled
	[ -w "$f" ] && echo always > "$f" && mthp+=("$sz")
done
say "mTHP sizes enabled: ${mthp[*]:-none}"
# large shmem folios: PMD-sized ones from the mount option, mTHP sizes
for sz in 16kB 64kB; do
	f=/sys/kernel/mm/transparent_hugepage/hugepages-$sz/shmem_enabled
	[ -w "$f" ] && echo always > "$f"
done
mount -t tmpfs -o huge=always,size=$(( (nmem * shm_mib + 64) ))m tmpfs "$shm" ||
	fail+=("cannot mount a huge=always tmpfs")
orig_en=$(cat "$en")

vmstat_sum() { awk -v re="$1" '$1 ~ re { s += $2 } END { print s + 0 }' /proc/vmstat; }

# the files, checksummed from what was written
t0=$(date +%s)
for i in $(seq 1 "$nmem") t; do
	"$bin" gen "file-$i" "$file_mib" "$(printf '%d' "'$i")" || fail+=("cannot write file-$i")
done
for i in $(seq 1 "$nmem"); do
	"$bin" gen "cut-$i" "$trunc_mib" "$((1000 + i))" || fail+=("cannot write cut-$i")
done
sha256sum file-* cut-* > "$run/sums"
say "wrote $((nmem + 1)) files in $(( $(date +%s) - t0 ))s"
echo 3 > /proc/sys/vm/drop_caches

mkdir -p "$cg"
echo "+memory" > "$cg/cgroup.subtree_control"
pids=()
names=()
# fault injection: armed for the tasks that ask for it (make-it-fail)
injected() {	# failures injected so far, both kinds
	local n=0 f
	for f in failslab fail_page_alloc; do
		n=$((n + 1000000000 - $(cat "$dfs/$f/times")))
	done
	echo "$n"
}
if [ "$fault" = 1 ]; then
	for f in failslab fail_page_alloc; do
		d=$dfs/$f
		if [ ! -d "$d" ]; then
			say "FAIL: no $d (CONFIG_FAULT_INJECTION_DEBUG_FS, CONFIG_FAILSLAB, CONFIG_FAIL_PAGE_ALLOC)"
			exit 1
		fi
		echo Y > "$d/task-filter"
		echo N > "$d/ignore-gfp-wait"
		echo 0 > "$d/verbose"
		echo 0 > "$d/space"
		echo 1 > "$d/interval"
		echo 1000000000 > "$d/times"
		echo "$fault_pct" > "$d/probability"
	done
	say "fault injection: failslab and fail_page_alloc at $fault_pct% for the workers"
fi
# The workers run from a copy on tmpfs: a worker armed for fault injection
# takes page faults on its own binary, and a failed allocation in the 9p
# client (the root file system) breaks it for every task of the guest.
cp "$bin" "$run/stress-worker" || fail+=("cannot copy $bin")
bin=$run/stress-worker
start_in() {	# start_in CGROUP NAME CMD...: start CMD inside CGROUP
	local c=$1 name=$2
	shift 2
	# niced (by the worker itself): the control loop below must keep its
	# pace under TCG; armed for fault injection once it runs
	(echo "$BASHPID" > "$c/cgroup.procs" &&
	 export STRESS_NICE=10 STRESS_FAIL=$fault STRESS_BEAT=$wrun/beat.$name &&
	 exec "$@") > "$wrun/$name.log" 2>&1 &
	pids+=($!)
	names+=("$name")
}
for i in $(seq 1 "$nmem"); do
	mkdir -p "$cg/g$i"
	echo "$((max_mib))M" > "$cg/g$i/memory.max"
	id=$(printf '%d' "'$i")
	start_in "$cg/g$i" "fd-$i" "$bin" fd "file-$i" "$id" "$secs" "$wrun/ops.fd-$i"
	start_in "$cg/g$i" "mmap-$i" "$bin" mmap "file-$i" "$id" "$secs" "$wrun/ops.mmap-$i"
	start_in "$cg/g$i" "anon-$i" "$bin" anon "$anon_mib" "$secs" "$wrun/ops.anon-$i"
	start_in "$cg/g$i" "rand-$i" "$bin" rand "file-$i" "$id" "$secs" "$wrun/ops.rand-$i"
	start_in "$cg/g$i" "lazyfree-$i" "$bin" lazyfree "$lazy_mib" "$secs" "$wrun/ops.lazyfree-$i"
	start_in "$cg/g$i" "shmem-$i" "$bin" shmem "$shm/shm-$i" "$shm_mib" "$((2000 + i))" "$secs" "$wrun/ops.shmem-$i"
	start_in "$cg/g$i" "trunc-$i" "$bin" trunc "cut-$i" "$((1000 + i))" "$secs" "$wrun/ops.trunc-$i"
done

steal0=$(vmstat_sum '^pgsteal_')
swpout0=$(vmstat_sum '^pswpout$')
removals=0
last_ops=0 last_beats=0 last_progress=$(date +%s)
end=$(( $(date +%s) + secs ))
alive() { [ "$(date +%s)" -lt "$end" ] && [ ! -e "$run/stop" ]; }

# memcg_gens PATH: "ID NODE MIN MAX" of a memcg's first node in lru_gen
memcg_gens() {
	awk -v p="$1" '
		$1 == "memcg" { want = ($3 == p); id = $2; next }
		want && $1 == "node" { node = $2; next }
		want && node != "" && $1 ~ /^[0-9]+$/ { if (min == "" || $1 < min) min = $1; if ($1 > max) max = $1 }
		END { if (min != "") print id, node, min, max }' "$dbg"
}

# The attackers run at the same time, each in its own loop.
toggler() {	# lru_gen on and off
	local n=0
	while alive && [ "$toggle" = 1 ]; do
		if [ "$(cat "$en")" = 0x0000 ]; then echo y > "$en"; else echo n > "$en"; fi && n=$((n + 1))
		sleep "$toggle_pause"
	done
	echo "$n" > "$run/count.toggles"
}
commander() {	# aging and eviction commands on random memcgs
	local k=0 i gens id node min max a_ok=0 a_err=0 e_ok=0 e_err=0
	while alive; do
		k=$((k + 1))
		i=$((RANDOM % nmem + 1))
		gens=$(memcg_gens "/stress/g$i")
		if [ -n "$gens" ] && read -r id node min max <<<"$gens"; then
			if [ $((k % 2)) = 0 ] && [ $((max - 2)) -ge "$min" ]; then
				if echo "- $id $node $((max - 2)) $((RANDOM % 201)) 4096" > "$dbg" 2>/dev/null; then
					e_ok=$((e_ok + 1)); else e_err=$((e_err + 1)); fi
			else
				if echo "+ $id $node $max $((RANDOM % 2)) $((RANDOM % 2))" > "$dbg" 2>/dev/null; then
					a_ok=$((a_ok + 1)); else a_err=$((a_err + 1)); fi
			fi
		fi
		sleep 0.3
	done
	echo "$a_ok $a_err $e_ok $e_err" > "$run/count.debugfs"
}
reclaimer() {	# proactive reclaim
	local ok=0 err=0
	while alive; do
		if echo "$((RANDOM % 16 + 1))M" > "$cg/g$((RANDOM % nmem + 1))/memory.reclaim" 2>/dev/null; then
			ok=$((ok + 1)); else err=$((err + 1)); fi
		sleep 0.3
	done
	echo "$ok $err" > "$run/count.reclaim"
}
churner() {	# churner ID: memcgs made, filled by a sequential reader, removed while full
	local k=0 pid cur t n=0 mib=0 bad=0 full=0 charged=0 c p=$cg/churn$1
	# the memcgs of a churner live under a parent of their own, so that
	# reclaim from the parent can evict what its removed children cached
	if ! { mkdir "$p" && echo "+memory" > "$p/cgroup.subtree_control"; }; then
		echo "0 0 1 0 0" > "$run/count.churn-$1"
		return
	fi
	while alive; do
		k=$((k + 1))
		c=$p/t$k
		if ! { mkdir "$c" && echo 32M > "$c/memory.max"; }; then
			bad=$((bad + 1))
			sleep 1
			continue
		fi
		# from where the last reader stopped, so that it refaults pages
		# whose shadow entries name memcgs removed since
		(echo "$BASHPID" > "$c/cgroup.procs" &&
		 exec dd if=file-t of=/dev/null bs=1M skip=$(( (k * 24) % file_mib )) status=none) > /dev/null 2>&1 &
		pid=$!
		# full: 90% of memory.max charged, or 10 s of trying
		t=$(( $(date +%s) + 10 ))
		while [ "$(cat "$c/memory.current")" -lt $((32 * 1048576 * 9 / 10)) ] &&
		      [ "$(date +%s)" -lt "$t" ] && kill -0 "$pid" 2>/dev/null; do
			sleep 0.2
		done
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		cur=$(cat "$c/memory.current")
		if rmdir "$c"; then
			n=$((n + 1)) mib=$((mib + cur / 1048576))
			[ "$cur" -lt 1048576 ] || charged=$((charged + 1))
			[ "$cur" -lt $((32 * 1048576 * 9 / 10)) ] || full=$((full + 1))
		else
			bad=$((bad + 1))
		fi
		# evict what the removed memcg cached (it may take a moment to go
		# offline), leaving shadow entries that name it for the next
		# reader, which starts where this one stopped, to refault
		echo 32M > "$p/memory.reclaim" 2>/dev/null
	done
	rmdir "$p" 2>/dev/null
	echo "$n $mib $bad $full $charged" > "$run/count.churn-$1"
}
toggler &
attackers=($!)
commander &
attackers+=($!)
reclaimer &
attackers+=($!)
churner 1 &
attackers+=($!)
churner 2 &
attackers+=($!)

# watchdog: the workers must make progress: operations done, or blocks
# checked (the heartbeat, which also counts the final passes)
while alive; do
	sleep 5
	now=$(date +%s)
	ops=$(cat "$wrun"/ops.* 2>/dev/null | awk '{ s += $1 } END { print s + 0 }')
	beats=$(cat "$wrun"/beat.* 2>/dev/null | awk '{ s += $1 } END { print s + 0 }')
	if [ "$ops" -gt "$last_ops" ] || [ "$beats" -gt "$last_beats" ]; then
		last_ops=$ops last_beats=$beats last_progress=$now
	elif [ $((now - last_progress)) -ge "$stall" ]; then
		say "watchdog: no progress for $((now - last_progress))s, blocked tasks:"
		echo w > /proc/sysrq-trigger
		# with lockdep (the debug kernel): who holds which lock
		echo d > /proc/sysrq-trigger
		fail+=("watchdog: no progress for ${stall}s")
		touch "$run/stop"
	fi
done
for p in "${attackers[@]}"; do
	if ! timeout 300 tail --pid="$p" -f /dev/null; then
		fail+=("an attacker loop did not finish")
		kill -9 "$p" 2>/dev/null
	fi
done
wait "${attackers[@]}" 2>/dev/null
read -r toggles < "$run/count.toggles" || toggles=0
read -r aging_ok aging_err evict_ok evict_err < "$run/count.debugfs" || aging_ok=0 aging_err=0 evict_ok=0 evict_err=0
read -r reclaim_ok reclaim_err < "$run/count.reclaim" || reclaim_ok=0 reclaim_err=0
removals=0 full_mib=0 churn_bad=0 nfull=0 ncharged=0
for f in "$run"/count.churn-*; do
	read -r a b c d e < "$f" || continue
	removals=$((removals + a)) full_mib=$((full_mib + b)) churn_bad=$((churn_bad + c))
	nfull=$((nfull + d)) ncharged=$((ncharged + e))
done
[ "$churn_bad" = 0 ] || fail+=("$churn_bad memcg creations or removals failed")
echo "$orig_en" > "$en" 2>/dev/null || echo y > "$en"

# the workers end on their own; each checked every block it touched
for n in "${!pids[@]}"; do
	if ! timeout 300 tail --pid="${pids[$n]}" -f /dev/null; then
		fail+=("${names[$n]} did not finish")
		kill -9 "${pids[$n]}" 2>/dev/null
	fi
	wait "${pids[$n]}"
	rc=$?
	cat "$wrun/${names[$n]}.log"
	[ $rc = 0 ] || fail+=("${names[$n]} exited $rc")
done
steal=$(( $(vmstat_sum '^pgsteal_') - steal0 ))
swpout=$(( $(vmstat_sum '^pswpout$') - swpout0 ))
nfault=
if [ "$fault" = 1 ]; then
	nfault=$(injected)
	for f in failslab fail_page_alloc; do echo 0 > "$dfs/$f/probability"; done
fi
swapoff /dev/zram0 || fail+=("swapoff failed")

# Each memcg emptied: its workers are gone, their shmem files removed, swap
# is off, the page cache dropped.  memory.stat is read after the periodic
# flush (every 2 s) has run.
memcg_walk() {	# pages on the generations of memcg PATH, all nodes and types
	awk -v p="$1" '
		$1 == "memcg" { want = ($3 == p); next }
		want && $1 ~ /^[0-9]+$/ && NF >= 4 { s += $3 + $4 }
		END { print s + 0 }' "$dbg"
}
sync
echo 3 > /proc/sys/vm/drop_caches
sleep 3
# memcg_pages PATH: "ANON FILE SHMEM UNEVICTABLE LRU" in pages (memory.stat
# counts bytes; LRU is the four LRU lists together)
memcg_pages() {
	awk '{ v[$1] = $2 }
	     END { lru = v["active_anon"] + v["inactive_anon"] + v["active_file"] + v["inactive_file"];
		   printf "%d %d %d %d %d\n", v["anon"] / 4096, v["file"] / 4096, v["shmem"] / 4096, v["unevictable"] / 4096, lru / 4096 }' "$1/memory.stat"
}
left=()
kept=0
for i in $(seq 1 "$nmem"); do
	read -r p_anon p_file p_shmem p_unevict p_lru <<<"$(memcg_pages "$cg/g$i")"
	kept=$((kept + p_file))
	walk=
	[ "$(cat "$en")" = 0x0000 ] || walk=$(memcg_walk "/stress/g$i")
	st="anon=$p_anon file=$p_file shmem=$p_shmem unevictable=$p_unevict lru=$p_lru pages, "
	# A few file pages may stay: file system metadata that a worker read
	# first (a directory or bitmap block of the data disk), which the
	# journal keeps.  Nothing else may, and the LRU sizes must be what
	# the generations hold.
	if [ "$p_anon" != 0 ] || [ "$p_shmem" != 0 ] || [ "$p_unevict" != 0 ] ||
	   [ "$p_file" -gt "$meta_max" ] || { [ -n "$walk" ] && [ "$p_lru" != "$walk" ]; }; then
		left+=("g$i: ${st}generations ${walk:-not walked}")
		# what is left, for whoever looks into it
		say "g$i not empty: memory.stat:"
		sed 's/^/stress:   /' "$cg/g$i/memory.stat"
		say "g$i: lru_gen_full:"
		awk -v p="/stress/g$i" '$1 == "memcg" { want = ($3 == p) } want' \
			/sys/kernel/debug/lru_gen_full | sed 's/^/stress:   /'
		say "isolated: $(grep isolated /proc/vmstat | tr '\n' ' ')"
		say "page cache of the data files: $(fincore -n -b -o RES,FILE file-* cut-* 2>&1 | awk '$1 > 0' | tr '\n' ' ')"
	fi
done
if [ ${#left[@]} != 0 ]; then
	echo 3 > /proc/sys/vm/drop_caches
	sleep 10
	for i in $(seq 1 "$nmem"); do
		say "g$i after another drop_caches and 10 s: $(awk '$1 ~ /^(file|active_file|inactive_file)$/ { printf "%s=%s ", $1, $2 }' "$cg/g$i/memory.stat")generations $(memcg_walk "/stress/g$i")"
	done
fi
if [ ${#left[@]} = 0 ]; then
	memcg_line="$nmem memcgs emptied: no anon, shmem or unevictable page, $kept file pages left in all (metadata; at most $meta_max each)$( [ "$(cat "$en")" = 0x0000 ] || echo ", LRU sizes equal to the generations' pages")"
else
	memcg_line="not empty: ${left[*]}"
	fail+=("emptied memcgs still hold pages: ${left[*]}")
fi
for i in $(seq 1 "$nmem"); do rmdir "$cg/g$i" && removals=$((removals + 1)); done

# nothing lost, nothing corrupted: the files again, from disk
sync
echo 3 > /proc/sys/vm/drop_caches
if sha256sum -c --quiet "$run/sums"; then
	say "checksums: $((nmem + 1)) files intact"
else
	fail+=("checksum mismatch")
fi

# The active/inactive file counts against a walk of the generations: with
# the workers gone and the page cache dropped, nr_active_file and
# nr_inactive_file (per-CPU deltas folded by stat_refresh) must each be at
# most what the generations hold (lru_gen debugfs), and add up to it, within
# what the shell running this moves meanwhile.  A crossing of the
# active/inactive line that was counted wrong stays in the counts forever.
lru_counts() {
	local act inact walk slack=1024 refreshed=y
	if [ "$(cat "$en")" = 0x0000 ]; then
		say "lru counts: not checked (lru_gen disabled)"
		return
	fi
	sync
	echo 3 > /proc/sys/vm/drop_caches
	echo 1 > /proc/sys/vm/stat_refresh 2>/dev/null || { refreshed=n; slack=$((slack * 4)); }
	act=$(vmstat_sum '^nr_active_file$')
	inact=$(vmstat_sum '^nr_inactive_file$')
	walk=$(awk '$1 ~ /^[0-9]+$/ && NF >= 4 { s += $4 } END { print s + 0 }' "$dbg")
	lru_line="active $act + inactive $inact pages, generations $walk (stat_refresh $refreshed, slack $slack)"
	if [ "$act" -gt $((walk + slack)) ] || [ "$inact" -gt $((walk + slack)) ] ||
	   [ $((act + inact - walk)) -gt "$slack" ] || [ $((walk - act - inact)) -gt "$slack" ]; then
		fail+=("file LRU counts drifted: $lru_line")
	fi
	if dmesg | grep -q 'vmstat_refresh: nr_'; then
		fail+=("negative vmstat counters: $(dmesg | grep -o 'vmstat_refresh: nr_.*' | head -3 | tr '\n' ' ')")
	fi
}
lru_line=
lru_counts

gib=$(awk -v p="$steal" 'BEGIN { printf "%.2f", p * 4096 / 1073741824 }')
{
	echo "stress: lru_gen/enabled toggles: $toggles"
	echo "stress: memcg removals: $removals ($((removals - nmem)) made, filled and removed, $ncharged of them with >= 1 MiB charged at rmdir, $nfull at >= 90% of their 32 MiB memory.max; $full_mib MiB charged at rmdir in all)"
	echo "stress: reclaimed: $gib GiB ($steal pages pgsteal_*), swapped out: $swpout pages"
	echo "stress: lru_gen debugfs: aging $aging_ok ok / $aging_err refused, eviction $evict_ok ok / $evict_err refused"
	echo "stress: memory.reclaim writes: $reclaim_ok ok / $reclaim_err refused (EAGAIN)"
	echo "stress: worker ops: $last_ops; thp_fault_alloc $(vmstat_sum '^thp_fault_alloc$'), thp_split_page $(vmstat_sum '^thp_split_page$'), workingset_refault_file $(vmstat_sum '^workingset_refault_file$'), pglazyfreed $(vmstat_sum '^pglazyfreed$')"
	echo "stress: file LRU counts after the run: ${lru_line:-not checked}"
	echo "stress: emptied memcgs: $memcg_line"
	[ -z "$nfault" ] || echo "stress: fault injection: $nfault allocations failed on purpose ($fault_pct%)"
} | tee "$out/stress-summary.txt"
if [ ${#fail[@]} = 0 ]; then
	say "PASS" | tee -a "$out/stress-summary.txt"
	exit 0
fi
say "FAIL: ${fail[*]}" | tee -a "$out/stress-summary.txt"
exit 1
