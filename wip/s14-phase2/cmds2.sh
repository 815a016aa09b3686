#!/bin/bash
set -u
st=/work/main/build/st2
mkdir -p /tmp/data/selftest
cd /tmp/data/selftest
echo "=== whole binary"
timeout 1200 $st/lru_gen_workingset 2>&1 | grep -E "^ok|^not ok|phase 2|#  FAIL|lru_gen_workingset.c:|^# Totals"
for r in 1 2 3; do
	echo "=== round $r"
	timeout 900 $st/lru_gen_workingset -t hot_file_protected 2>&1 | grep -E "^ok|^not ok|phase 2|#  FAIL|lru_gen_workingset.c:"
done
exit 0
