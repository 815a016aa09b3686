#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of the benchmark harness (scripts/bench.sh): run the cells in
# BENCH_CELLS, each in a fresh memcg after drop_caches, and leave the raw
# results in /tmp/out/<cell>/ for the host to turn into tables:
#   fio.json / warm.json   fio's JSON (measured phase / warm-up)
#   before.* / after.*     memory.stat of the cell's memcg, /proc/vmstat and
#                          the cell's disk's /sys/block/vdX/stat around the
#                          measured phase
#   out.txt                the driver's own output (trace family, anon,
#                          swapin, filechurn)
#   faults.txt             tmap, tmap4k: read_ahead_kb and fault_around_bytes
#                          while the cell read
#   hot.txt                trace family: how much of the hot set (the most
#                          popular pages, a quarter of the memcg) is resident
#                          after the measured phase (zipf-replay hot)
# The data disk (/tmp/data) holds bench/f0..f3, made by scripts/bench/data.sh.
# With BENCH_TDISK=1 the timed cells (fd, mmap, readtwice, mmapread, pgbench)
# read the same image through its throttled second attachment (/tmp/tdata,
# /dev/vdb: run-guest.sh -T), so that their misses, not the host's load, set
# their pace; the others keep the unthrottled /dev/vda.  With BENCH_PDISK=1
# pgbench reads a third, slower attachment instead (/tmp/pdata, /dev/vdc:
# run-guest.sh -P): a transaction misses too seldom for /dev/vdb to set
# its pace.
#
# Environment (set by the host's command file):
#   BENCH_BIN    directory of the harness's binaries (zipf-replay, anon-churn)
#   BENCH_LRU    y: MGLRU (lru_gen/enabled as booted), n: classic LRU
#   BENCH_CELLS  space-separated cells WORKLOAD:PARAM:MEMCG_MIB
#   BENCH_WARM BENCH_RUN     fio (and timed pgbench) warm-up and measured seconds
#   BENCH_FIO_READS          if > 0: reads per fio job in each phase instead
#   BENCH_FIO_REPLAY         1: the fio measured phase replays the warm-up
#   BENCH_PG_TXNS            if > 0: transactions per pgbench client in each
#                            phase instead of BENCH_WARM/BENCH_RUN seconds
#   BENCH_TWARM BENCH_TREADS trace warm-up and measured reads
#   BENCH_ANON_SECS          anon churn seconds
#   BENCH_RA_KB              read_ahead_kb of the data disk
#   BENCH_TDISK              1: the timed cells use the throttled disk
#   BENCH_PDISK              1: pgbench uses the slower throttled disk
#   BENCH_PRECHARGE          1 (default): the cell's programs are charged
#                            outside its memcg (see precharge())
set -euo pipefail

bin=${BENCH_BIN:?}
cg=/sys/fs/cgroup
out=/tmp/out
tdisk=${BENCH_TDISK:-0}
pdisk=${BENCH_PDISK:-0}
warm=${BENCH_WARM:-10}
run=${BENCH_RUN:-20}
fio_reads=${BENCH_FIO_READS:-0}
fio_replay=${BENCH_FIO_REPLAY:-0}
pg_txns=${BENCH_PG_TXNS:-0}

say() { echo "bench-guest: $*"; }
fail() { echo "bench-guest: error: $*" >&2; exit 1; }

disks=(/tmp/data)
if [ "$tdisk" = 1 ]; then
	mountpoint -q /tmp/tdata || fail "BENCH_TDISK=1 but no throttled disk at /tmp/tdata (run-guest.sh -T)"
	disks+=(/tmp/tdata)
fi
if [ "$pdisk" = 1 ]; then
	mountpoint -q /tmp/pdata || fail "BENCH_PDISK=1 but no slower disk at /tmp/pdata (run-guest.sh -P)"
	disks+=(/tmp/pdata)
fi
for d in "${disks[@]}"; do
	for i in 0 1 2 3; do
		[ -r "$d/bench/f$i" ] ||
			fail "$d/bench/f$i missing: the data disk is not the harness's (scripts/bench/data.sh)"
	done
done
lru=/sys/kernel/mm/lru_gen/enabled
if [ "${BENCH_LRU:-y}" = n ]; then
	[ -w "$lru" ] || fail "no $lru: cannot switch to the classic LRU"
	echo n > "$lru"
fi
echo never > /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || true
for blk in vda vdb vdc; do
	[ ! -e /sys/block/$blk ] || echo "${BENCH_RA_KB:-128}" > /sys/block/$blk/queue/read_ahead_kb
done
{
	echo "kernel $(uname -r)"
	echo "cmdline $(cat /proc/cmdline)"
	echo "lru_gen_enabled $(cat "$lru" 2>/dev/null || echo none)"
	echo "read_ahead_kb $(cat /sys/block/vda/queue/read_ahead_kb)"
	echo "throttled_disk $([ "$tdisk" = 1 ] && echo /dev/vdb || echo none)"
	echo "pgbench_disk $([ "$pdisk" = 1 ] && echo /dev/vdc || echo none)"
	echo "thp $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo none)"
	echo "nproc $(nproc)"
	echo "memtotal_kb $(awk '$1 == "MemTotal:" { print $2 }' /proc/meminfo)"
} > "$out/guest-info.txt"

# incg CGROUP CMD...: run CMD inside CGROUP
incg() {
	local c=$1
	shift
	sh -c 'echo $$ > "$0/cgroup.procs" && exec "$@"' "$c" "$@"
}

# precharge PROGRAM...: read the programs a cell runs, and the shared objects
# they link, into the page cache from this (the root) cgroup, so that their
# pages are charged outside the cell's memcg and its reclaim does not evict
# them: the memcg then holds the workload's data (and what a program loads
# later, e.g. PostgreSQL's modules).  A file that cannot be read is skipped.
# Does nothing unless BENCH_PRECHARGE is 1 (the default).
precharge() {
	local p f
	[ "${BENCH_PRECHARGE:-1}" = 1 ] || return 0
	for p in "$@"; do
		p=$(command -v "$p") && [ -f "$p" ] || continue
		for f in "$p" $(ldd "$p" 2>/dev/null |
			awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'); do
			[ ! -f "$f" ] || cat "$f" > /dev/null 2>&1 || true
		done
	done
}

# one_page_faults 1|0: while 1, a fault through a file mapping brings in
# and maps its own page only, as a pread of the trace cell reads one page:
# read_ahead_kb 0 on the data disks (a file opened then has no readahead,
# so its faults do not read around) and fault_around_bytes one page (fault-
# around maps the resident neighbours of a faulting page, and on x86 their
# PTEs are made young: accesses the trace never made).  0 restores both.
fab=/sys/kernel/debug/fault_around_bytes
fab_saved=
one_page_faults() {
	local blk ra=${BENCH_RA_KB:-128} fa
	[ -n "$fab_saved" ] || fab_saved=$(cat "$fab")
	fa=$fab_saved
	if [ "$1" = 1 ]; then
		ra=0
		fa=4096
	fi
	for blk in vda vdb vdc; do
		[ ! -e /sys/block/$blk ] || echo "$ra" > /sys/block/$blk/queue/read_ahead_kb
	done
	echo "$fa" > "$fab"
}
# checked before any cell runs
case " ${BENCH_CELLS:-} " in
*" tmap"*) [ -w "$fab" ] || fail "no $fab: cannot turn fault-around off for the tmap cells" ;;
esac

snap() {	# snap CELLDIR before|after MEMCG
	cp "$3/memory.stat" "$1/$2.memory.stat"
	cp /proc/vmstat "$1/$2.vmstat"
	cp "/sys/block/$dev/stat" "$1/$2.diskstat"
	cat "$3/memory.current" > "$1/$2.memory.current"
}

# use_disk WORKLOAD: the disk the cell reads, as $root (mount point), $dev
# (block device), $data, files[] and fio_common[]
use_disk() {
	root=/tmp/data dev=vda
	case $1 in
	fd|mmap|readtwice|mmapread|pgbench)
		[ "$tdisk" != 1 ] || { root=/tmp/tdata; dev=vdb; } ;;
	esac
	[ "$1" != pgbench ] || [ "$pdisk" != 1 ] || { root=/tmp/pdata; dev=vdc; }
	data=$root/bench
	files=("$data/f0" "$data/f1" "$data/f2" "$data/f3")
	# shellcheck disable=SC2016 # $jobnum is fio's, not ours
	fio_common=(--name=fg --numjobs=4 --nrfiles=1 --directory="$data"
		--filename_format='f$jobnum' --size=160M --bs=4k --invalidate=0
		--group_reporting --output-format=json)
}

# PostgreSQL on the data disk's prebuilt cluster ($root/pg), the server
# inside the memcg with a small shared_buffers so the database (larger than
# the memcg) is served from the page cache; pgbench, as the client outside
# the memcg, reads single rows by a zipfian key, warm-up then measured, and
# logs every transaction's latency for the p99.
# the newest PostgreSQL's bin directory, or nothing
pg_bindir() {
	{ find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin 2>/dev/null || true; } |
		sort -V | tail -1
}

run_pgbench() {
	local dir=$1 m=$2 theta=$3 pgb sock=/tmp/pgsock naccts rc=0 len_warm len_run
	pgb=$(pg_bindir)
	[ -x "$pgb/pg_ctl" ] || fail "no PostgreSQL server binaries"
	[ -d "$root/pg" ] || fail "no $root/pg: the data disk is not the harness's"
	naccts=$(( $(cat "$root/pgbench-scale") * 100000 ))
	mkdir -p "$sock"
	chown postgres: "$sock"
	incg "$m" runuser -u postgres -- "$pgb/pg_ctl" -s -w -t 120 -D "$root/pg" \
		-l "$sock/server.log" -o "-k $sock -c listen_addresses='' -c shared_buffers=16MB -c max_connections=20 -c fsync=off" start ||
		{ cat "$sock/server.log" >&2; fail "postgres did not start"; }
	# fill: stream the whole database through the memcg first
	# shellcheck disable=SC2016 # $0 is the inner shell's
	incg "$m" sh -c 'cat "$0"/pg/base/*/* > /dev/null' "$root"
	printf '\\set aid random_zipfian(1, %d, %s)\nSELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n' \
		"$naccts" "$theta" > "$dir/zipf.sql"
	# a number of transactions per client makes every boot do the same
	# work, so counts per transaction do not depend on the boot's speed
	if [ "$pg_txns" -gt 0 ]; then
		len_warm=(-t "$pg_txns") len_run=(-t "$pg_txns")
	else
		len_warm=(-T "$warm") len_run=(-T "$run")
	fi
	"$pgb/pgbench" -h "$sock" -U postgres -n -c 4 -j 2 "${len_warm[@]}" -f "$dir/zipf.sql" postgres \
		> "$dir/warm.txt" 2>&1 || rc=1
	snap "$dir" before "$m"
	[ $rc != 0 ] || (cd "$dir" && "$pgb/pgbench" -h "$sock" -U postgres -n -c 4 -j 2 "${len_run[@]}" \
		-l --log-prefix=pgbench_log -f "$dir/zipf.sql" postgres > "$dir/out.txt" 2>&1) || rc=1
	snap "$dir" after "$m"
	runuser -u postgres -- "$pgb/pg_ctl" -s -w -D "$root/pg" stop -m fast || true
	cp "$sock/server.log" "$dir/server.log"
	[ $rc = 0 ] || { cat "$dir/warm.txt" "$dir/out.txt" >&2 2>/dev/null; fail "pgbench failed"; }
}

run_cell() {
	local spec=$1 wl param mb id dir m dist engine extra how warm_seed run_seed pgb
	IFS=: read -r wl param mb <<<"$spec"
	id=$(tr ':' '-' <<<"$spec")
	dir=$out/$id
	mkdir -p "$dir"
	echo "$spec" > "$dir/spec"
	use_disk "$wl"
	echo "$dev" > "$dir/disk"
	sync
	echo 3 > /proc/sys/vm/drop_caches
	m=$cg/bench-$id
	rmdir "$m" 2>/dev/null || true
	mkdir "$m"
	echo 0 > "$m/memory.swap.max" 2>/dev/null || true
	if [ "$wl" = filechurn ]; then
		echo $((mb << 20)) > "$m/memory.high"
	else
		echo $((mb << 20)) > "$m/memory.max"
	fi
	precharge fio "$bin/zipf-replay" "$bin/anon-churn"
	if [ "$wl" = pgbench ]; then
		pgb=$(pg_bindir)
		[ -z "$pgb" ] || precharge "$pgb"/*
	fi
	say "cell $spec: start $(date +%s)"
	case $wl in
	fd|mmap)
		if [ "$param" = uniform ]; then dist=random; else dist=zipf:$param; fi
		# With randrepeat=1 (fio's default) fio seeds a file's zipf
		# generator from the file's name, not from randseed, so the
		# measured phase replayed the warm-up's offsets exactly, which
		# hands recency hits no zipf workload gives.  randrepeat=0 makes
		# randseed count; the zipf center 0.5 then keeps the popular
		# offsets where they were (the same popularity, a new sequence).
		# fio seeds job N from randseed times N: 1 and 5 share no job.
		warm_seed=(--randrepeat=0 --randseed=1)
		run_seed=(--randrepeat=0 --randseed=5)
		if [ "$fio_replay" = 1 ]; then
			warm_seed=(--randseed=1)
			run_seed=(--randseed=2)
		elif [ "$param" != uniform ]; then
			dist=$dist:0.5
		fi
		if [ "$wl" = fd ]; then
			engine=(--ioengine=sync --buffered=1)
		else
			engine=(--ioengine=mmap --fadvise_hint=0)
		fi
		if [ "$fio_reads" -gt 0 ]; then
			warm_len=(--io_size=$((fio_reads * 4))k)
			run_len=("${warm_len[@]}")
		else
			warm_len=(--time_based --runtime="$warm")
			run_len=(--time_based --runtime="$run")
		fi
		incg "$m" "$bin/zipf-replay" fill "${files[@]}" > "$dir/fill.txt"
		incg "$m" fio "${fio_common[@]}" "${engine[@]}" --rw=randread \
			--random_distribution="$dist" "${warm_seed[@]}" "${warm_len[@]}" \
			--output="$dir/warm.json"
		snap "$dir" before "$m"
		incg "$m" fio "${fio_common[@]}" "${engine[@]}" --rw=randread \
			--random_distribution="$dist" "${run_seed[@]}" "${run_len[@]}" \
			--output="$dir/fio.json"
		snap "$dir" after "$m"
		;;
	readtwice|mmapread)
		# vm-scalability shapes: each job streams its own file, cold;
		# lru-file-readtwice reads it twice, lru-file-mmap-read once
		# through a mapping
		if [ "$wl" = readtwice ]; then
			engine=(--ioengine=sync --loops=2)
		else
			engine=(--ioengine=mmap --fadvise_hint=0 --loops=1)
		fi
		snap "$dir" before "$m"
		incg "$m" fio "${fio_common[@]}" "${engine[@]}" --rw=read \
			--output="$dir/fio.json"
		snap "$dir" after "$m"
		;;
	trace|trace4k|tmap|tmap4k|tphase|tscan|tloop)
		incg "$m" "$bin/zipf-replay" fill "${files[@]}" > "$dir/fill.txt"
		# tmap, tmap4k: the same reads as loads through shared
		# mappings, one page per fault
		how=()
		if [ "$wl" = tmap ] || [ "$wl" = tmap4k ]; then
			how=(-m)
			one_page_faults 1
			echo "read_ahead_kb $(cat /sys/block/$dev/queue/read_ahead_kb) fault_around_bytes $(cat "$fab")" > "$dir/faults.txt"
		fi
		# trace4k, tmap4k: drop the fill's large folios, re-read as
		# order-0 ones
		if [ "$wl" = trace4k ] || [ "$wl" = tmap4k ]; then
			sync
			echo 1 > /proc/sys/vm/drop_caches
			precharge "$bin/zipf-replay"
		fi
		# the guard cells change the measured phase only: tphase moves
		# the popular set (another permutation), tscan adds a one-pass
		# scan of every file, tloop loops over 3/4 of the memcg's pages
		pseed=1
		case $wl in
		tphase)	extra=(-P 2); pseed=2 ;;
		tscan)	extra=(-S) ;;
		tloop)	extra=(-P 3 -L $((mb * 256 * 3 / 4))); pseed=3 ;;
		*)	extra=() ;;
		esac
		if [ "${#how[@]}" = 0 ]; then
			incg "$m" "$bin/zipf-replay" read -t "$param" -s 1 \
				-n "${BENCH_TWARM:-150000}" "${files[@]}" > "$dir/warm.txt"
			snap "$dir" before "$m"
			incg "$m" "$bin/zipf-replay" read -t "$param" -s 2 "${extra[@]}" \
				-n "${BENCH_TREADS:-300000}" "${files[@]}" > "$dir/out.txt"
			snap "$dir" after "$m"
		else
			# one process maps the files for both phases and takes the
			# snapshots while they are mapped (zipf-replay -x): its exit
			# tears the mappings down, and the unmap marks every page
			# with a young PTE accessed
			{ declare -f snap; echo "dev=$dev"; echo "snap $dir \"\$1\" $m"; } > /tmp/snap.sh
			incg "$m" "$bin/zipf-replay" read -t "$param" "${how[@]}" \
				-W "${BENCH_TWARM:-150000}" -w 1 -x "bash /tmp/snap.sh" \
				-s 2 -n "${BENCH_TREADS:-300000}" "${files[@]}" > "$dir/both.txt"
			[ "$(wc -l < "$dir/both.txt")" = 2 ] ||
				fail "cell $spec: zipf-replay did not print its two phases"
			head -n 1 "$dir/both.txt" > "$dir/warm.txt"
			tail -n 1 "$dir/both.txt" > "$dir/out.txt"
			rm "$dir/both.txt" /tmp/snap.sh
		fi
		# the hot set: the most popular pages, a quarter of the memcg
		"$bin/zipf-replay" hot -t "$param" -P "$pseed" -k $((mb * 64)) \
			"${files[@]}" > "$dir/hot.txt"
		[ "${#how[@]}" = 0 ] || one_page_faults 0
		;;
	anon)
		snap "$dir" before "$m"
		incg "$m" "$bin/anon-churn" "$param" "${BENCH_ANON_SECS:-10}" > "$dir/out.txt"
		snap "$dir" after "$m"
		;;
	swapin)
		# a loop over PARAM MiB of anon memory, at least four times the
		# memcg, on swap on zram: every touch a swap-in refault whose
		# distance is beyond all resident pages, and an eviction; zram is
		# synchronous, so the cell is CPU-bound (the refault path's cost)
		[ -e /sys/block/zram0 ] || fail "cell $spec: no zram device"
		echo 1 > /sys/block/zram0/reset
		echo "$((param * 2))M" > /sys/block/zram0/disksize
		mkswap /dev/zram0 > /dev/null && swapon /dev/zram0 ||
			fail "cell $spec: cannot swap on zram"
		echo max > "$m/memory.swap.max"
		snap "$dir" before "$m"
		incg "$m" "$bin/anon-churn" "$param" "${BENCH_ANON_SECS:-10}" loop > "$dir/out.txt"
		snap "$dir" after "$m"
		swapoff /dev/zram0
		;;
	filechurn)
		# stream all files twice under memory.high: reclaim in the
		# reader's own context, shadow entries made and refaulted
		snap "$dir" before "$m"
		for _ in 1 2; do
			incg "$m" "$bin/zipf-replay" fill "${files[@]}"
		done > "$dir/out.txt"
		snap "$dir" after "$m"
		;;
	pgbench)
		run_pgbench "$dir" "$m" "$param"
		;;
	*)
		fail "unknown workload '$wl'"
		;;
	esac
	# the generations, and with per-tier evicted/refaulted/protected counts
	if [ "$BENCH_LRU" != n ]; then
		for f in lru_gen lru_gen_full; do
			awk -v want="/bench-$id" '$1 == "memcg" { show = ($3 == want) } show' \
				/sys/kernel/debug/$f > "$dir/$f.txt" 2>/dev/null || true
		done
	fi
	rmdir "$m"
	say "cell $spec: done $(date +%s)"
}

for spec in $BENCH_CELLS; do
	run_cell "$spec"
done
say "all cells done"
