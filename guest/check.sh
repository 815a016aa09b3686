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
run_suite lru_gen_workingset /tmp/data/selftest "$st/lru_gen_workingset"
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
