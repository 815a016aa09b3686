#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check: every check the series must pass, counted.
#   checkpatch --strict on every patch, git am of the whole series, the
#   guest kernel build, W=1 and sparse on the objects the series touches
#   (no warning the base does not have), the selftests build, a guest boot
#   with the KUnit suite parsed, our selftest and the base tree's cgroup
#   test_memcontrol, and a clean console.
# Ends with one line "check: N passed, N failed, N skipped".
# Logs: build/check/.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/build/linux
obj=$top/build/obj
logs=$top/build/check
rm -rf "$logs"
mkdir -p "$logs"
pass=0 fail=0 skip=0
t0=$(date +%s)

result() {	# result pass|fail|skip NAME [DETAIL]
	case $1 in
	pass) pass=$((pass + 1)) ;;
	fail) fail=$((fail + 1)) ;;
	skip) skip=$((skip + 1)) ;;
	esac
	printf 'check: %-4s %s%s\n' "$1" "$2" "${3:+ ($3)}" | tee -a "$logs/results.txt"
}
add_counts() {	# add_counts NAME "p f s"
	local p f s
	read -r p f s <<<"$2"
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
	printf 'check: %-4s %s: %d passed, %d failed, %d skipped\n' \
		"$([ "$f" = 0 ] && echo pass || echo fail)" "$1" "$p" "$f" "$s" | tee -a "$logs/results.txt"
}
finish() {
	echo "check: logs in $logs, $(( $(date +%s) - t0 ))s"
	echo "check: $pass passed, $fail failed, $skip skipped"
	[ $fail = 0 ]
	exit
}
step() { echo "check: --- $* ($(( $(date +%s) - t0 ))s)"; }

# 1. git am of the whole series onto the base (make tree)
step "apply the series"
if "$top/scripts/mktree.sh" > "$logs/mktree.log" 2>&1; then
	result pass "git am of patches/series" "$(tail -1 "$logs/mktree.log" | sed 's/^mktree: //')"
else
	cat "$logs/mktree.log"
	result fail "git am of patches/series"
	finish
fi

# 2. checkpatch --strict on every patch.
# Exception: UNKNOWN_COMMIT_ID.  The base is a release tarball with no git
# history, so checkpatch cannot look up the upstream commits a changelog
# cites (e.g. 6cbdd9726fb5); the ids were checked by hand.
step "checkpatch --strict"
while read -r p; do
	case "$p" in ''|'#'*) continue ;; esac
	if (cd "$src" && ./scripts/checkpatch.pl --strict --no-summary --terse \
		--ignore UNKNOWN_COMMIT_ID "$top/patches/$p") > "$logs/checkpatch-$p.log" 2>&1; then
		result pass "checkpatch $p"
	else
		sed 's/^/    /' "$logs/checkpatch-$p.log"
		result fail "checkpatch $p"
	fi
done < "$top/patches/series"

# 3. build the guest kernel
step "build the kernel"
if "$top/scripts/build-kernel.sh" "$src" "$obj" > "$logs/build.log" 2>&1; then
	result pass "kernel build" "$(tail -1 "$logs/build.log" | sed 's/.* built in/built in/')"
else
	tail -30 "$logs/build.log"
	result fail "kernel build"
	finish
fi

# 4. W=1 and sparse on the objects the series touches, against the base
step "W=1 + sparse"
"$top/scripts/warn-diff.sh" > "$logs/warn-diff.log" 2>&1
wrc=$?
while read -r status o detail; do
	result "$status" "W=1 C=1 $o" "$detail"
done < <(grep '^warn-diff: result ' "$logs/warn-diff.log" | sed 's/^warn-diff: result //')
if [ $wrc != 0 ] && ! grep -q '^warn-diff: result ' "$logs/warn-diff.log"; then
	tail -20 "$logs/warn-diff.log"
	result fail "W=1 C=1" "warn-diff.sh failed"
fi
grep -q '^warn-diff: new ' "$logs/warn-diff.log" && grep '^warn-diff: new ' "$logs/warn-diff.log"

# 5. the workspace's own tests: a broken patch stops make tree, an
# injected WARN fails a guest run
step "workspace self-tests"
"$top/scripts/selftest-workspace.sh" > "$logs/selftest-workspace.log" 2>&1
while read -r status name; do
	result "$status" "workspace: $name"
done < <(sed -n 's/^selftest-workspace: \(pass\|fail\) \([^:]*\).*/\1 \2/p' "$logs/selftest-workspace.log")
grep -q '^selftest-workspace: fail' "$logs/selftest-workspace.log" && grep '^selftest-workspace: fail' "$logs/selftest-workspace.log"

# 6. selftests (host build)
step "build the selftests"
if "$top/scripts/build-selftests.sh" "$src" "$top/build/selftests" > "$logs/selftests-build.log" 2>&1; then
	result pass "selftests build"
else
	tail -30 "$logs/selftests-build.log"
	result fail "selftests build"
fi

# 7. boot: KUnit at boot, selftests, peer suite, console
step "boot the guest"
img=$("$top/scripts/data-image.sh")
run=$logs/guest
"$top/scripts/run-guest.sh" -t "${CHECK_TIMEOUT:-2400}" -o "$run" -d "$img" "$top/guest/check.sh" \
	2>&1 | tee "$logs/run-guest.log"
grc=${PIPESTATUS[0]}
if [ "$grc" = 3 ]; then
	result fail "guest run" "timeout"
elif [ -f "$run/rc" ]; then
	result pass "guest boot and run" "$(grep -o 'guest ran [0-9]*s' "$logs/run-guest.log")"
else
	result fail "guest boot and run" "no result from the guest"
fi
if "$top/scripts/check-console.sh" "$run/console.log" 2> "$logs/splat.log"; then
	result pass "console: no WARN/BUG/Oops/lockdep/KASAN"
else
	cat "$logs/splat.log"
	result fail "console: no WARN/BUG/Oops/lockdep/KASAN"
fi

# KUnit (a prefix of the series before the suite's patch has none to run)
python3 "$src/tools/testing/kunit/kunit.py" parse --json="$logs/kunit.json" \
	"$run/console.log" > "$logs/kunit.txt" 2>&1
if ! grep -q '^config LRU_GEN_KUNIT_TEST' "$src/mm/Kconfig"; then
	result skip "KUnit" "this tree has no lru_gen KUnit suite"
elif [ -s "$logs/kunit.json" ] && counts=$(python3 "$top/scripts/count-results.py" ktap-json "$logs/kunit.json") &&
   [ "$counts" != "0 0 0" ]; then
	add_counts "KUnit" "$counts"
	grep -E "\[(FAILED|CRASHED)\]" "$logs/kunit.txt"
else
	result fail "KUnit" "no KUnit results on the console"
fi

for suite in lru_gen_workingset test_memcontrol; do
	if [ -f "$run/$suite.tap" ]; then
		retry=()
		for f in "$run/$suite.retry.tap" "$run/$suite.retry2.tap"; do
			[ -f "$f" ] && retry+=("$f")
		done
		add_counts "$suite" "$(python3 "$top/scripts/count-results.py" tap \
			"$run/$suite.tap" "${retry[@]}" 2> "$logs/$suite.flaky")"
		sed 's/^/check: /' "$logs/$suite.flaky"
		grep -E "^not ok" "$run/$suite.tap" "${retry[@]}"
		# the guest has all that our own suite needs (THP, a large-block
		# file system, kpageflags...): a case of it that skips is a failure
		if [ "$suite" = lru_gen_workingset ] && grep -E "^ok .* # SKIP" "$run/$suite.tap"; then
			result fail "$suite" "a case skipped in a guest that has what it needs"
		fi
	else
		result fail "$suite" "did not run"
	fi
done
# --- benchmark harness smoke run (scripts/bench.sh --smoke) ---
# Three short cells of the trace family (trace, the tloop guard and the
# mapped tmap4k) on the kernel built above, so the harness cannot rot: the
# guest side runs, the host parses it and simulates the bounds.
step "benchmark harness smoke run"
if "$top/scripts/bench.sh" --smoke -k "$obj/arch/x86/boot/bzImage" -o "$logs/bench" \
	> "$logs/bench.log" 2>&1 &&
   mpr=$(awk '$1 == "64M/0.9" && $2 == "|" { print $3; exit }' "$logs/bench/tables.txt") &&
   lpr=$(awk '$1 == "64M/0.9" && $2 == "loop" && $3 == "|" { print $4; exit }' "$logs/bench/tables.txt") &&
   kpr=$(awk '$1 == "64M/0.9" && $2 == "mmap" && $3 == "4k" && $4 == "|" { print $5; exit }' "$logs/bench/tables.txt") &&
   awk -v m="$mpr" -v l="$lpr" -v k="$kpr" 'BEGIN { exit !(m > 0 && m <= 1 && l > 0 && l <= 1 && k > 0 && k <= 1) }'; then
	result pass "bench smoke" "trace:0.9:64 misses/read ${mpr}, tloop:0.9:64 ${lpr}, tmap4k:0.9:64 ${kpr}"
else
	tail -20 "$logs/bench.log"
	result fail "bench smoke" "see $logs/bench.log"
fi
# --- end of the benchmark harness smoke run ---
finish
