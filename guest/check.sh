#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of 'make check': runs from guest/init.sh with cwd on the data
# disk.  KUnit has already run at boot (its KTAP is on the console).  Each
# suite's TAP goes to /tmp/out/<name>.tap; the host counts the results.
set -u
# FG_ST (kernel command line) overrides where the selftests are, and
# FG_SUITE_TIMEOUT how many seconds a suite may take (a debug kernel under
# TCG needs several times the default)
st=${FG_ST:-$FG_TOP/build/selftests}
suite_timeout=${FG_SUITE_TIMEOUT:-900}

echo "check: kernel $(uname -r), lru_gen enabled=$(cat /sys/kernel/mm/lru_gen/enabled)"

run_suite() {
	local name=$1 dir=$2
	shift 2
	echo "check: running $name"
	(cd "$dir" && timeout "$suite_timeout" "$@") > "/tmp/out/$name.tap" 2>&1
	echo "check: $name exited $?"
	cat "/tmp/out/$name.tap"
}

mkdir -p /tmp/data/selftest
# the lbs cases want a file system whose block is larger than the page: a
# 16 KiB-block ext4 on a loop device that does direct I/O (so that the image
# file's page cache is not charged to the test's memcg too)
lbs_img=/tmp/data/lbs.img
mkdir -p /tmp/lbs
lbs_loop=
if truncate -s 384M "$lbs_img" &&
   mkfs.ext4 -F -q -b 16384 -E lazy_itable_init=0,lazy_journal_init=0 "$lbs_img" &&
   lbs_loop=$(losetup -f --show --direct-io=on "$lbs_img") &&
   mount "$lbs_loop" /tmp/lbs; then
	export LRU_GEN_LBS_DIR=/tmp/lbs
else
	echo "check: no 16 KiB-block ext4 for the lbs cases, they will skip"
	[ -z "$lbs_loop" ] || losetup -d "$lbs_loop"
fi
run_suite lru_gen_workingset /tmp/data/selftest "$st/lru_gen_workingset"
if [ -n "${LRU_GEN_LBS_DIR:-}" ]; then
	umount /tmp/lbs && losetup -d "$lbs_loop"
	unset LRU_GEN_LBS_DIR
fi
rm -f "$lbs_img"
run_suite test_memcontrol /tmp/data "$st/test_memcontrol"
# The peer suite's memory.low/min cases compare reclaim outcomes with
# tolerances and fail now and then under TCG, with or without the series
# (base kernel: 6 of 26 such cases on a loaded host); run it up to two
# more times after a failure, the host then counts a case as failed only
# if it failed every time (and reports it as flaky if not).
if grep -q '^not ok' /tmp/out/test_memcontrol.tap; then
	run_suite test_memcontrol.retry /tmp/data "$st/test_memcontrol"
	if grep -q '^not ok' /tmp/out/test_memcontrol.retry.tap; then
		run_suite test_memcontrol.retry2 /tmp/data "$st/test_memcontrol"
	fi
fi
exit 0
