#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""count-results.py ktap-json|tap FILE: print "pass fail skip" for one suite.

ktap-json: the JSON that 'kunit.py parse --json' writes; every test case
(leaf) counts once.  tap: kselftest TAP; every top-level "ok"/"not ok"
line counts once, "# SKIP" as a skip, "# XFAIL" as a pass.  A TAP file
whose plan promises more results than it holds counts the missing ones as
failures (the suite crashed or hung).
"""
import json
import re
import sys


def walk_json(node, acc):
    for case in node.get("test_cases", []):
        status = case.get("status", "FAIL")
        acc["pass" if status == "PASS" else "skip" if status == "SKIP" else "fail"] += 1
    for sub in node.get("sub_groups", []):
        walk_json(sub, acc)


def main():
    kind, path = sys.argv[1], sys.argv[2]
    acc = {"pass": 0, "fail": 0, "skip": 0}
    if kind == "ktap-json":
        walk_json(json.load(open(path)), acc)
    else:
        plan = None
        seen = 0
        for line in open(path, errors="replace"):
            m = re.match(r"^1\.\.(\d+)", line)
            if m and plan is None:
                plan = int(m.group(1))
                continue
            m = re.match(r"^(not ok|ok) \d+\b(.*)$", line)
            if not m:
                continue
            seen += 1
            directive = m.group(2)
            if re.search(r"#\s*SKIP", directive, re.I):
                acc["skip"] += 1
            elif m.group(1) == "ok" or re.search(r"#\s*XFAIL", directive, re.I):
                acc["pass"] += 1
            else:
                acc["fail"] += 1
        if plan is None or seen < plan:
            acc["fail"] += max(1, (plan or 0) - seen)
    print(acc["pass"], acc["fail"], acc["skip"])


if __name__ == "__main__":
    main()
