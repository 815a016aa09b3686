#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""What no online policy can avoid at trace:1.1:256 (issue 8, session 15).

    python3 wip/issue-8/s15/floor.py      (from the top of the repository)

Splits the first reads after the fill of each page, in the measured phase,
into pages that were not among the last 64,026 pages the fill read (gone
from any LRU- or FIFO-like cache by then) and pages that were.
"""
import sys

sys.path.insert(0, "wip/issue-8/s10")
import sim  # noqa: E402

seq, start = sim.stream("trace", "1.1", "256")
cap = 64026
FILL = 4 * 160 * 256
resident = set(range(FILL - cap, FILL))
seen = set()
first_cold = first_hot = 0
for i in range(FILL, len(seq)):
    p = seq[i]
    if p not in seen:
        seen.add(p)
        if i >= start:
            if p in resident:
                first_hot += 1
            else:
                first_cold += 1
n = len(seq) - start
print("first post-fill touch in measured phase, not resident after fill: %.4f, resident after fill: %.4f"
      % (first_cold / n, first_hot / n))
print("distinct post-fill pages", len(seen))
