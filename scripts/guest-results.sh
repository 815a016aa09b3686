#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# guest-results.sh NAME RUN LOGS KSRC [KNOWN]
#
# Judge a guest run of guest/check.sh (scripts/run-guest.sh -o RUN): the
# console must show no splat (scripts/check-console.sh), the KUnit suite's
# KTAP on the console (parsed with KSRC's kunit.py) must have results and no
# failure, and the lru_gen_workingset and test_memcontrol TAP files must
# have no failure; a test_memcontrol case named in KNOWN (comma-separated)
# that fails every try is reported as known, not as a failure (see
# scripts/count-results.py).  A suite named in GUEST_RESULTS_INFO (an
# environment variable, space-separated) is counted and reported as "info",
# without passing or failing the run.  Prints "NAME: pass|fail|info WHAT"
# lines, appends them to LOGS/results.txt, keeps the parsed output in LOGS.
# Exit 1 on any failure, 2 on bad usage.
set -u

[ $# = 4 ] || [ $# = 5 ] || { sed -n '4,/^set -u/{/^#/p}' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
name=$1 run=$2 logs=$3 ksrc=$4 known_cases=${5:-}
top=$(cd "$(dirname "$0")/.." && pwd)
fail=0
result() {
	echo "$name: $1 $2" | tee -a "$logs/results.txt"
	case $1 in pass|info) ;; *) fail=1 ;; esac
}

if "$top/scripts/check-console.sh" "$run/console.log" 2> "$logs/splat.log"; then
	result pass "console: no WARN/BUG/lockdep/KASAN/hung task"
else
	cat "$logs/splat.log"
	result fail "console: splat (see $logs/splat.log)"
fi

python3 "$ksrc/tools/testing/kunit/kunit.py" parse --json="$logs/kunit.json" \
	"$run/console.log" > "$logs/kunit.txt" 2>&1 || true
if [ -s "$logs/kunit.json" ] &&
   counts=$(python3 "$top/scripts/count-results.py" ktap-json "$logs/kunit.json") &&
   [ "$counts" != "0 0 0" ]; then
	read -r p f s <<<"$counts"
	result "$([ "$f" = 0 ] && echo pass || echo fail)" "KUnit: $p passed, $f failed, $s skipped"
else
	result fail "KUnit: no results on the console"
fi

for suite in lru_gen_workingset test_memcontrol; do
	if [ -f "$run/$suite.tap" ]; then
		retry=()
		for f in "$run/$suite.retry.tap" "$run/$suite.retry2.tap"; do
			[ -f "$f" ] && retry+=("$f")
		done
		known=()
		[ "$suite" = test_memcontrol ] && [ -n "$known_cases" ] && known=(--known "$known_cases")
		counts=$(python3 "$top/scripts/count-results.py" tap "${known[@]}" \
			 "$run/$suite.tap" "${retry[@]}" 2> "$logs/$suite.notes")
		sed "s/^/$name: /" "$logs/$suite.notes"
		read -r p f s k <<<"$counts"
		verdict=$([ "$f" = 0 ] && echo pass || echo fail)
		case " ${GUEST_RESULTS_INFO:-} " in *" $suite "*) verdict=info ;; esac
		result "$verdict" "$suite: $p passed, $f failed, $s skipped${k:+, $k known}"
	else
		case " ${GUEST_RESULTS_INFO:-} " in
		*" $suite "*) result info "$suite: did not run" ;;
		*) result fail "$suite: did not run" ;;
		esac
	fi
done
exit $fail
