#!/bin/bash
# issue 8, session 15: the sparse cases of lru_gen_workingset (build/st15)
set -u
st=/work/main/build/st15
mkdir -p /tmp/data/selftest
cd /tmp/data/selftest
timeout 1200 $st/lru_gen_workingset -t random_pages_read_once_kept -t random_pages_kept 2>&1 |
	grep -E "^ok|^not ok|round|sparse pages|#  FAIL|lru_gen_workingset.c:|^# Totals"
exit 0
