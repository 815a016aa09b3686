#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh [options]: the benchmark harness (make bench / make bench-full).
#
# Builds the arms named in patches/series ("# arm: NAME" markers; cached by
# hash in build/bench/kernels), boots each one under QEMU in turn, repeats
# the round (arms interleaved: ORIG FIXED ... CLRU ORIG FIXED ...), runs
# the cells in every boot and prints the tables in the seed's layout
# (median, "(vs ORIG %)", spread over boots) and a plot.  CLRU is the ORIG
# kernel with lru_gen/enabled = n.  Raw results: build/bench/results/<time>/.
#
#   --full       the full matrix (every cell, 5 boots per arm)
#   --smoke      three short cells (trace, tloop, tmap4k) on the kernel 'make check'
#                built
#   -a ARMS      arms, comma-separated (default: every arm in patches/series
#                and CLRU); FG and RD are skipped with a note until they exist
#   -w CELLS     cells, comma-separated WORKLOAD:PARAM:MEMCG_MIB, e.g.
#                fd:1.1:256,mmap:uniform:256,trace:0.9:128,anon:64:256
#   -r N         boots per arm (default 3, --full 5)
#   -k BZIMAGE   benchmark this kernel image alone, as arm CUR (no builds)
#   -k NAME=BZIMAGE[,NAME=BZIMAGE...]
#                benchmark these images as arms NAME, interleaved (no builds;
#                e.g. ORIG=build/bench/kernels/ORIG-*.bzImage,NEW=...); an
#                arm named CLRU boots with lru_gen/enabled = n
#   -o DIR       results directory (default build/bench/results/<time>)
#   -n           check the arguments and print the plan, run nothing
#   --icount     boot every guest with one vCPU under instruction-counting
#                TCG (run-guest.sh -i): guest time is executed instructions,
#                so rates (anon pages/s, MiB/s) compare the instructions each
#                kernel spends, unaffected by the host's load; the way to
#                resolve a fast-path cost of a fraction of a percent;
#                refused for the timed I/O cells (fd, mmap, readtwice,
#                mmapread, pgbench), whose guest time it distorts
#
# Environment: BENCH_WARM BENCH_RUN (fio warm-up and measured seconds,
# and pgbench's with BENCH_PG_TXNS=0), BENCH_TWARM BENCH_TREADS (trace
# warm-up and measured reads), BENCH_ANON_SECS, BENCH_RA_KB (read_ahead_kb
# of the data disk, 128),
# BENCH_FIO_READS (reads per fio job in the fd and mmap cells' warm-up and
# again in their measured phase, instead of BENCH_WARM/BENCH_RUN seconds:
# every boot then does the same work, so refaults per read no longer
# depend on how fast the boot ran; 0, the default, keeps them timed),
# BENCH_PG_TXNS (transactions per pgbench client in the pgbench cells'
# warm-up and again in their measured phase, default 2500, so that every
# boot does the same work and the counts per transaction are counts; 0
# runs BENCH_WARM/BENCH_RUN seconds instead), BENCH_PG_IOPS (the pgbench
# cells' disk: N > 0 a third attachment of the data disk limited to N
# requests per second, default 25, see "The throttled disk"; 0 the timed
# cells' disk; with BENCH_DISK_IOPS=0 pgbench's disk is unthrottled too),
# BENCH_FIO_REPLAY (1: the fd and mmap cells' measured phase replays the
# warm-up's offsets, fio's behaviour while randrepeat is on; 0, the
# default, reads the same zipf popularity in a sequence of its own),
# BENCH_DISK_IOPS (the timed cells' disk: N > 0 a second attachment of the
# data disk limited to N requests per second, see "The throttled disk"
# below; 0 reads the data disk as it is; default 500), BENCH_PRECHARGE (1,
# the default: before each cell the guest reads the programs the cell runs
# and their shared objects from the root cgroup, so that their page cache
# is charged outside the cell's memcg and the memcg's refaults are of the
# workload's data; 0 lets them be charged to the memcg, whose refaults
# then include theirs).
#
# The throttled disk: with BENCH_DISK_IOPS=N the cells fd, mmap, readtwice,
# mmapread and pgbench read the data disk through a second attachment that
# serves N requests a second, so that their IOPS, tps and latencies follow
# the policy's misses and not the host's load; the others keep the
# unthrottled disk.  A pgbench transaction makes about a tenth of a
# request, so pgbench reads a third attachment limited to BENCH_PG_IOPS
# requests a second (25: a miss costs 40 ms, the CPU of dozens of
# transactions in the guest), slow enough for its misses to set its pace
# too.  docs/harness.md ("The throttled disk") says how N was chosen and
# what it was measured to do.
#
# Workloads (4 files x 160 MiB on the data disk; MEMCG is memory.max in MiB):
#   fd:THETA|uniform:MEMCG    fio randread 4k, sync buffered, 4 jobs
#   mmap:THETA|uniform:MEMCG  fio randread 4k, ioengine=mmap fadvise_hint=0
#       both: sequential fill, a warm-up (its own seed), then the measured run
#       with the same popularity and a sequence of its own (BENCH_FIO_REPLAY)
#   trace:THETA:MEMCG         zipf-replay: fill, warm-up reads (seed 1), measured
#                             reads (seed 2); OPT/LRU/FIFO/LFU simulated on the host
#   trace4k:THETA:MEMCG       the same, but the page cache is dropped after the fill,
#                             so every page comes back as an order-0 folio (the
#                             fill's readahead makes folios of up to 32 pages)
#   tmap:THETA:MEMCG          the trace cell read through shared mappings, a byte
#                             loaded per page, no readahead or fault-around in its
#                             reads: a miss is a fault that reads its page alone
#   tmap4k:THETA:MEMCG        tmap with the page cache dropped after the fill, as trace4k
#   the guard cells: the trace cell with another measured phase
#   tphase:THETA:MEMCG        the popular set moves (another rank -> page permutation)
#   tscan:THETA:MEMCG         a one-pass scan of all 640 MiB, 4 KiB reads spread
#                             evenly between the measured zipf reads
#   tloop:THETA:MEMCG         a loop over 3/4 of the memcg's pages, in one order,
#                             instead of zipf reads (LRU misses only the first pass)
#   readtwice::MEMCG          lru-file-readtwice shape (each file read twice)
#   mmapread::MEMCG           lru-file-mmap-read shape (mmap sequential read)
#   anon:MIB:MEMCG            anon fault/charge churn of MIB, no reclaim
#   swapin:MIB:MEMCG          a loop over MIB (>= 4 x MEMCG) of anon memory on swap
#                             on zram: every touch a swap-in refault with a far
#                             distance, CPU-bound (the refault path's cost)
#   filechurn::MEMCG          all files streamed twice under memory.high=MEMCG
#   pgbench:THETA:MEMCG       PostgreSQL (shared_buffers 16 MiB, DB ~360 MiB) in the
#                             memcg, pgbench reading rows by random_zipfian(THETA)
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
bench=$top/build/bench
die() { echo "bench: error: $*" >&2; exit 2; }
note() { echo "bench: $*"; }

# The defaults.  Durations are per cell; reads are per trace cell.
quick_cells="trace:0.9:128 fd:1.1:256 mmap:1.1:256 anon:64:256"
full_cells="fd:1.4:256 fd:1.2:256 fd:1.1:256 fd:0.9:256 fd:0.8:256 fd:uniform:256
mmap:1.4:256 mmap:1.2:256 mmap:1.1:256 mmap:0.9:256 mmap:0.8:256 mmap:uniform:256
mmap:1.4:128 mmap:1.4:64 mmap:1.2:192 mmap:1.2:128 mmap:1.2:64
mmap:1.1:192 mmap:1.1:128 mmap:1.1:96
trace:0.9:128 trace:1.1:128 trace:0.8:128 trace:0.9:64 trace:0.9:256
tphase:0.9:128 tscan:0.9:128 tloop:0.9:128
readtwice::256 mmapread::256 anon:64:256 filechurn::256 pgbench:1.1:128"
issue_arms="ORIG FIXED FG RD"	# the arms of the published design; absent ones are skipped

argv="$0 $*"
mode=quick arms_arg='' cells_arg='' reps='' kernel='' res='' dry=0 icount=0
while [ $# -gt 0 ]; do
	case $1 in
	--full) mode=full ;;
	--smoke) mode=smoke ;;
	-a) [ $# -ge 2 ] || die "-a needs a value"; arms_arg=$2; shift ;;
	-w) [ $# -ge 2 ] || die "-w needs a value"; cells_arg=$2; shift ;;
	-r) [ $# -ge 2 ] || die "-r needs a value"; reps=$2; shift ;;
	-k) [ $# -ge 2 ] || die "-k needs a value"; kernel=$2; shift ;;
	-o) [ $# -ge 2 ] || die "-o needs a value"; res=$2; shift ;;
	-n) dry=1 ;;
	--icount) icount=1 ;;
	-h|--help) awk 'NR >= 4 && /^#/ { sub(/^# ?/, ""); print; next } NR >= 4 { exit }' "$0"; exit 0 ;;
	*) die "unknown option '$1' (see scripts/bench.sh -h)" ;;
	esac
	shift
done

# Durations (seconds) and trace lengths (reads): the environment may
# override any of them, e.g. BENCH_TWARM=150000 BENCH_TREADS=300000.
case $mode in
quick)	cells=$quick_cells; def_reps=3; defaults=(5 15 100000 150000 5) ;;
full)	cells=$full_cells; def_reps=5; defaults=(10 30 150000 300000 10) ;;
smoke)	cells="trace:0.9:64 tloop:0.9:64 tmap4k:0.9:64"; def_reps=1; defaults=(2 3 5000 10000 2)
	[ -n "$kernel" ] || kernel=$top/build/obj/arch/x86/boot/bzImage ;;
esac
BENCH_WARM=${BENCH_WARM:-${defaults[0]}} BENCH_RUN=${BENCH_RUN:-${defaults[1]}}
BENCH_TWARM=${BENCH_TWARM:-${defaults[2]}} BENCH_TREADS=${BENCH_TREADS:-${defaults[3]}}
BENCH_ANON_SECS=${BENCH_ANON_SECS:-${defaults[4]}}
for v in BENCH_WARM BENCH_RUN BENCH_TWARM BENCH_TREADS BENCH_ANON_SECS; do
	[[ ${!v} =~ ^[1-9][0-9]*$ ]] || die "$v=${!v}: want a positive integer"
done
BENCH_RA_KB=${BENCH_RA_KB:-128}
BENCH_FIO_READS=${BENCH_FIO_READS:-0}
[[ $BENCH_FIO_READS =~ ^[0-9]+$ ]] || die "BENCH_FIO_READS=$BENCH_FIO_READS: want a number of reads per fio job (0: timed)"
BENCH_PG_TXNS=${BENCH_PG_TXNS:-2500}
BENCH_PG_IOPS_SET=${BENCH_PG_IOPS:-}
BENCH_PG_IOPS=${BENCH_PG_IOPS:-25}
[[ $BENCH_PG_IOPS =~ ^(0|[1-9][0-9]*)$ ]] || die "BENCH_PG_IOPS=$BENCH_PG_IOPS: want a number of requests per second (0: the timed cells' disk)"
[[ $BENCH_PG_TXNS =~ ^(0|[1-9][0-9]*)$ ]] || die "BENCH_PG_TXNS=$BENCH_PG_TXNS: want a number of transactions per pgbench client (0: timed)"
[[ $BENCH_RA_KB =~ ^[0-9]+$ ]] || die "BENCH_RA_KB=$BENCH_RA_KB: want a number of KiB"
BENCH_FIO_REPLAY=${BENCH_FIO_REPLAY:-0}
BENCH_DISK_IOPS=${BENCH_DISK_IOPS:-500}
BENCH_PRECHARGE=${BENCH_PRECHARGE:-1}
[[ $BENCH_PRECHARGE =~ ^[01]$ ]] || die "BENCH_PRECHARGE=$BENCH_PRECHARGE: want 1 (programs charged outside the memcg) or 0"
[[ $BENCH_DISK_IOPS =~ ^(0|[1-9][0-9]*)$ ]] || die "BENCH_DISK_IOPS=$BENCH_DISK_IOPS: want a number of requests per second (0: unthrottled)"
# no timed cell runs under --icount (refused below), nor does the throttle
[ $icount = 0 ] || BENCH_DISK_IOPS=0
# the pgbench disk is the third attachment, which comes with the second
if [ "$BENCH_DISK_IOPS" = 0 ] && [ "$BENCH_PG_IOPS" -gt 0 ]; then
	[ -z "${BENCH_PG_IOPS_SET:-}" ] ||
		note "note: BENCH_PG_IOPS=$BENCH_PG_IOPS ignored: no throttled disk (BENCH_DISK_IOPS=0 or --icount)"
	BENCH_PG_IOPS=0
fi
[[ $BENCH_FIO_REPLAY =~ ^[01]$ ]] || die "BENCH_FIO_REPLAY=$BENCH_FIO_REPLAY: want 0 (fresh measured sequence) or 1 (replay the warm-up)"
[ -z "$cells_arg" ] || cells=$cells_arg
cells=$(tr ',\n' '  ' <<<"$cells" | tr -s ' ' | sed 's/^ //; s/ $//')
reps=${reps:-$def_reps}
[[ $reps =~ ^[1-9][0-9]*$ ]] || die "-r wants a positive number of boots, not '$reps'"
[ "$reps" -le 50 ] || die "-r $reps: at most 50 boots per arm"

# --- the arms ---
declare -a arms=() kernels=()
if [ -n "$kernel" ]; then
	[ -z "$arms_arg" ] || die "-k and -a do not go together (-k names the kernels itself)"
	if [[ $kernel == *=* ]]; then
		for kv in $(tr ',' ' ' <<<"$kernel"); do
			n=${kv%%=*} p=${kv#*=}
			[[ $n =~ ^[A-Za-z0-9_-]+$ ]] ||
				die "-k '$kv': want NAME=BZIMAGE, NAME of letters, digits, '-' and '_'"
			[ -r "$p" ] || die "-k '$kv': kernel image $p not found"
			[[ " ${arms[*]-} " != *" $n "* ]] || die "-k: arm $n named twice"
			arms+=("$n")
			kernels+=("$(realpath "$p")")
		done
	else
		[ -r "$kernel" ] || die "kernel image $kernel not found${mode:+ (make kernel)}"
		arms=(CUR)
		kernels=("$(realpath "$kernel")")
	fi
else
	known=$("$top/scripts/bench/arms.sh" list) || die "cannot read the arms from patches/series"
	names=$(cut -d' ' -f1 <<<"$known" | tr '\n' ' ')
	want=${arms_arg:-"$names CLRU"}
	for a in $(tr ',' ' ' <<<"$want"); do
		if [ "$a" = CLRU ] || grep -qw -- "$a" <<<"$names"; then
			[[ " ${arms[*]-} " == *" $a "* ]] || arms+=("$a")
		elif grep -qw -- "$a" <<<"$issue_arms"; then
			note "note: arm $a has no '# arm: $a' marker in patches/series yet; skipped"
		else
			die "unknown arm '$a' (patches/series has: ${names}and CLRU)"
		fi
	done
	[ -z "$arms_arg" ] && for a in $issue_arms; do
		grep -qw -- "$a" <<<"$names" || note "note: arm $a is not in patches/series yet; skipped"
	done
	[ ${#arms[@]} -gt 0 ] || die "no arm left to run"
fi

# --- the cells: refuse bad ones before anything is built or booted ---
floor_of() {	# the workload's own memory in MiB, which its memcg must exceed
	case $1 in
	fd|mmap|readtwice|mmapread) echo 48 ;;	# four fio jobs
	trace|trace4k|tmap|tmap4k|tphase|tscan|tloop|filechurn) echo 16 ;;
	pgbench) echo 96 ;;	# shared_buffers 16 MiB + backends
	anon) echo $(($2 + 16)) ;;
	swapin) echo 16 ;;
	esac
}
isnum='^([0-9]+(\.[0-9]*)?|\.[0-9]+)$'
for c in $cells; do
	IFS=: read -r wl param mb extra <<<"$c"
	if [ -n "${extra:-}" ] || [ "$(tr -cd ':' <<<"$c")" != "::" ]; then
		die "cell '$c': want WORKLOAD:PARAM:MEMCG_MIB (PARAM may be empty)"
	fi
	[[ $mb =~ ^[1-9][0-9]*$ ]] || die "cell '$c': MEMCG must be a size in MiB"
	case $wl in
	fd|mmap)
		[ "$param" = uniform ] || { [[ $param =~ $isnum ]] &&
			awk -v t="$param" 'BEGIN { exit !(t > 0 && t <= 5 && t != 1) }'; } ||
			die "cell '$c': PARAM is a zipf theta in (0, 5] other than 1 (fio), or 'uniform'" ;;
	trace|trace4k|tmap|tmap4k|tphase|tscan|tloop)
		{ [[ $param =~ $isnum ]] && awk -v t="$param" 'BEGIN { exit !(t > 0 && t <= 5) }'; } ||
			die "cell '$c': PARAM is a zipf theta in (0, 5]" ;;
	anon)
		[[ $param =~ ^[1-9][0-9]*$ ]] || die "cell '$c': PARAM is the churn size in MiB" ;;
	swapin)
		{ [[ $param =~ ^[1-9][0-9]*$ ]] && [ "$param" -ge $((4 * mb)) ] && [ "$param" -le 512 ]; } ||
			die "cell '$c': PARAM is the loop's size in MiB, 4 x MEMCG to 512" ;;
	readtwice|mmapread|filechurn)
		[ -z "$param" ] || die "cell '$c': $wl takes no PARAM ($wl::MEMCG)" ;;
	pgbench)
		{ [[ $param =~ $isnum ]] && awk -v t="$param" 'BEGIN { exit !(t > 1 && t <= 5) }'; } ||
			die "cell '$c': PARAM is pgbench's random_zipfian parameter, in (1, 5]" ;;
	*)
		die "cell '$c': unknown workload '$wl' (fd mmap trace trace4k tmap tmap4k tphase tscan tloop readtwice mmapread anon swapin filechurn pgbench)" ;;
	esac
	fl=$(floor_of "$wl" "$param")
	[ "$mb" -gt "$fl" ] ||
		die "cell '$c': a ${mb} MiB memcg cannot hold the workload's own memory (${fl} MiB)"
	[ "$mb" -le 1536 ] || die "cell '$c': memcg ${mb} MiB does not fit the 2 GiB guest with room to spare"
	# fio and pgbench are timed and wait for the disk: under
	# -icount guest time stops meaning anything for them (an fd cell ran
	# for ~2000 guest seconds instead of ~30)
	if [ $icount = 1 ]; then
		case $wl in
		fd|mmap|readtwice|mmapread|pgbench)
			die "cell '$c': --icount is for CPU-bound cells (anon, swapin, filechurn and the trace family); $wl is timed I/O" ;;
		esac
	fi
done
dups=$(tr ' ' '\n' <<<"$cells" | sed '/^$/d' | sort | uniq -d)
[ -z "$dups" ] || die "cell listed twice: $dups"

# Estimated seconds per boot, for the timeout and the progress line.  On the
# throttled disk the timed cells' time is their requests over its rate: a
# fill of the files in read-ahead-sized requests, and per read at most 0.15
# requests at zipf theta >= 1, 0.35 below, for uniform reads the share of
# the files the memcg cannot hold.
est_boot() {
	local s=15 c wl param mb pm fill=0
	[ "$BENCH_DISK_IOPS" = 0 ] ||
		fill=$((640 * 1024 / (BENCH_RA_KB > 4 ? BENCH_RA_KB : 4) / BENCH_DISK_IOPS))
	for c in $cells; do
		IFS=: read -r wl param mb <<<"$c"
		case $wl in
		fd|mmap)	# fixed reads, unthrottled: 4 jobs x 2,500 reads/s
			case $param in
			uniform) pm=$((mb >= 640 ? 50 : 1000 - mb * 1000 / 640)) ;;
			0.*) pm=350 ;;
			*) pm=150 ;;
			esac
			if [ "$BENCH_FIO_READS" -gt 0 ] && [ "$BENCH_DISK_IOPS" -gt 0 ]; then
				s=$((s + 8 + fill + 2 * 4 * BENCH_FIO_READS * pm / 1000 / BENCH_DISK_IOPS))
			elif [ "$BENCH_FIO_READS" -gt 0 ]; then
				s=$((s + 8 + 2 * BENCH_FIO_READS / 2500))
			else
				s=$((s + 8 + fill + BENCH_WARM + BENCH_RUN))
			fi ;;
		readtwice|mmapread) s=$((s + 25 + 2 * fill)) ;;
		trace|trace4k|tmap|tmap4k|tphase|tloop) s=$((s + 5 + (BENCH_TWARM + BENCH_TREADS) / 4000)) ;;
		tscan) s=$((s + 5 + (BENCH_TWARM + BENCH_TREADS + 163840) / 4000)) ;;
		anon|swapin) s=$((s + 2 + BENCH_ANON_SECS)) ;;
		pgbench)	# 4 clients; per transaction ~1 ms of CPU, ~0.11 requests
			pio=$((piops > 0 ? piops : BENCH_DISK_IOPS)) pfill=0
			[ "$pio" = 0 ] || pfill=$((360 * 1024 / (BENCH_RA_KB > 4 ? BENCH_RA_KB : 4) / pio))
			if [ "$BENCH_PG_TXNS" -gt 0 ]; then
				pcpu=$((2 * 4 * BENCH_PG_TXNS / 1000)) pio_s=0
				[ "$pio" = 0 ] || pio_s=$((2 * 4 * BENCH_PG_TXNS * 11 / 100 / pio))
				s=$((s + 20 + pfill + (pio_s > pcpu ? pio_s : pcpu)))
			else
				s=$((s + 20 + pfill + BENCH_WARM + BENCH_RUN))
			fi ;;
		*) s=$((s + 25)) ;;
		esac
	done
	echo "$s"
}
# the slower disk is attached only to boots that run pgbench
pdisk=0 piops=0
if [ "$BENCH_PG_IOPS" -gt 0 ] && [[ " $cells " == *" pgbench:"* ]]; then
	pdisk=1 piops=$BENCH_PG_IOPS
fi
per_boot=$(est_boot)
nboots=$(( ${#arms[@]} * reps ))
ncells=$(wc -w <<<"$cells")

note "plan: $mode; arms ${arms[*]}; $reps boot(s) each, interleaved; $ncells cell(s) per boot: $cells"
note "plan: $nboots boots, about $((per_boot * nboots / 60 + 1)) min once the kernels are built (estimate)"
[ $dry = 0 ] || exit 0

for t in qemu-system-x86_64 fio gcc python3; do
	command -v "$t" >/dev/null || die "$t is needed (make deps)"
done

# --- kernels, tools, data ---
if [ -z "$kernel" ]; then
	build_arms=()
	for a in "${arms[@]}"; do
		[ "$a" = CLRU ] && a=ORIG
		[[ " ${build_arms[*]-} " == *" $a "* ]] || build_arms+=("$a")
	done
	note "kernels: ${build_arms[*]} (cached in build/bench/kernels)"
	mapfile -t imgs < <("$top/scripts/bench/arms.sh" build "${build_arms[@]}")
	[ ${#imgs[@]} = ${#build_arms[@]} ] || die "arm builds failed"
	for a in "${arms[@]}"; do
		b=$a
		[ "$b" = CLRU ] && b=ORIG
		for i in "${!build_arms[@]}"; do
			[ "${build_arms[$i]}" = "$b" ] && kernels+=("${imgs[$i]}")
		done
	done
fi
mkdir -p "$bench/bin"
for t in zipf-replay anon-churn; do
	gcc -O2 -Wall -Wextra -o "$bench/bin/$t.$$.tmp" "$top/guest/bench/$t.c" -lm ||
		die "cannot build guest/bench/$t.c"
	mv "$bench/bin/$t.$$.tmp" "$bench/bin/$t"
done
img=$("$top/scripts/bench/data.sh")

# --- the results directory and what produced it ---
[ -n "$res" ] || res=$bench/results/$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$res"
res=$(realpath "$res")
# The guests run a copy taken now, handed to each boot through its
# results share (/tmp/out in the guest): bash reads a script as it goes,
# so an edit of guest/bench/run.sh while a boot ran it would break that
# boot, and the boots of one run should run the same script anyway.
cp "$top/guest/bench/run.sh" "$res/run.sh"
rm -rf "$res/boots"
{
	echo "command: ${BENCH_CMD:-$argv}"
	echo "mode: $mode"
	echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "host: $(uname -r), $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg), accel $("$top/scripts/accel.sh")"
	echo "workspace: $(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo none)$(git -C "$top" diff --quiet HEAD 2>/dev/null || echo ' (uncommitted changes)')"
	echo "base: $(cat "$top/build/base/VERSION" 2>/dev/null || grep '^BASE_VERSION=' "$top/base.conf")"
	echo "cells: $cells"
	echo "reps: $reps"
	echo "icount: $icount$([ $icount = 1 ] && echo ' (1 vCPU, guest time = instructions)')"
	echo "settings: BENCH_WARM=$BENCH_WARM BENCH_RUN=$BENCH_RUN BENCH_TWARM=$BENCH_TWARM BENCH_TREADS=$BENCH_TREADS BENCH_ANON_SECS=$BENCH_ANON_SECS BENCH_RA_KB=$BENCH_RA_KB BENCH_FIO_READS=$BENCH_FIO_READS BENCH_FIO_REPLAY=$BENCH_FIO_REPLAY BENCH_PG_TXNS=$BENCH_PG_TXNS BENCH_PG_IOPS=$BENCH_PG_IOPS BENCH_DISK_IOPS=$BENCH_DISK_IOPS BENCH_PRECHARGE=$BENCH_PRECHARGE"
	if [ "$BENCH_DISK_IOPS" -gt 0 ]; then
		echo "disk: timed cells (fd mmap readtwice mmapread$([ "$pdisk" = 1 ] || echo " pgbench")) on the data disk attached again with QEMU throttling.iops-total=$BENCH_DISK_IOPS (no iops-total-max: bursts of a tenth of a second at most), a request counted once whatever its size; other cells unthrottled"
		[ "$pdisk" = 0 ] || echo "disk: pgbench on a third attachment with throttling.iops-total=$BENCH_PG_IOPS"
	else
		echo "disk: unthrottled (timed figures follow the host's load)"
	fi
	for i in "${!arms[@]}"; do
		echo "arm: ${arms[$i]} $(basename "${kernels[$i]}") sha256:$(sha256sum "${kernels[$i]}" | cut -c1-16)"
	done
	[ -n "$kernel" ] || "$top/scripts/bench/arms.sh" list | sed 's/^/arm-hash: /'
	[ -n "$kernel" ] || while read -r p; do
		case "$p" in ''|'#'*) continue ;; esac
		echo "patch: $(sha256sum "$top/patches/$p" | cut -c1-16) $p"
	done < "$top/patches/series"
} > "$res/meta.txt"

# --- the boots, interleaved ---
t0=$(date +%s)
k=0 failed=0
timeout=$((per_boot * 3 + 120))
guest_opts=()
if [ $icount = 1 ]; then
	guest_opts=(-i -c 1)
	timeout=$((timeout * 3))
fi
for r in $(seq 1 "$reps"); do
	for i in "${!arms[@]}"; do
		a=${arms[$i]}
		k=$((k + 1))
		dir=$res/boots/$(printf '%02d' "$k")-$a-r$r
		mkdir -p "$dir"
		cp "$res/run.sh" "$dir/run.sh"
		lru=y
		[ "$a" = CLRU ] && lru=n
		cmds=$res/boots/cmds-$a.sh
		cat > "$cmds" <<-EOF
		export BENCH_BIN=$bench/bin BENCH_LRU=$lru BENCH_RA_KB=$BENCH_RA_KB BENCH_FIO_READS=$BENCH_FIO_READS
		export BENCH_PRECHARGE=$BENCH_PRECHARGE BENCH_FIO_REPLAY=$BENCH_FIO_REPLAY BENCH_PG_TXNS=$BENCH_PG_TXNS BENCH_PDISK=$pdisk BENCH_TDISK=$([ "$BENCH_DISK_IOPS" -gt 0 ] && echo 1 || echo 0)
		export BENCH_WARM=$BENCH_WARM BENCH_RUN=$BENCH_RUN BENCH_ANON_SECS=$BENCH_ANON_SECS
		export BENCH_TWARM=$BENCH_TWARM BENCH_TREADS=$BENCH_TREADS
		export BENCH_CELLS="$cells"
		exec bash /tmp/out/run.sh
		EOF
		el=$(( $(date +%s) - t0 ))
		if [ $k -gt 1 ]; then
			eta=$(( el * (nboots - k + 1) / (k - 1) ))
		else
			eta=$((per_boot * nboots))
		fi
		note "[$k/$nboots] $a boot $r/$reps (elapsed $((el / 60))m$((el % 60))s, about $((eta / 60 + 1)) min left)"
		if "$top/scripts/run-guest.sh" "${guest_opts[@]}" -k "${kernels[$i]}" -o "$dir" \
			-d "$img" -T "$BENCH_DISK_IOPS" -P "$piops" -t "$timeout" "$cmds" > "$dir/run-guest.log" 2>&1; then
			python3 "$top/scripts/bench/report.py" --boot "$dir" 2>&1 | sed 's/^/bench:     /' || true
		else
			failed=$((failed + 1))
			sed 's/^/bench:     /' "$dir/run-guest.log"
			note "[$k/$nboots] $a boot $r FAILED (console: $dir/console.log); left out of the tables"
			touch "$dir/FAILED"
		fi
	done
done

note "all boots done in $(( ($(date +%s) - t0) / 60 )) min; tables:"
echo
python3 "$top/scripts/bench/report.py" "$res" | tee "$res/tables.txt"
echo
note "raw results, meta.txt and tables.txt in $res"
[ ! -f "$res/plot.png" ] || note "plot: $res/plot.png"
[ "$(dirname "$res")" != "$bench/results" ] || ln -sfn "$res" "$bench/results/latest"
[ $failed = 0 ] || { note "error: $failed boot(s) failed"; exit 1; }
