#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""count-results.py ktap-json|tap FILE [RETRY...]: print "pass fail skip" for
one suite.

ktap-json: the JSON that 'kunit.py parse --json' writes; every test case
(leaf) counts once.  tap: kselftest TAP; every top-level "ok"/"not ok"
line counts once, "# SKIP" as a skip, "# XFAIL" as a pass.  A TAP file
whose plan promises more results than it holds counts the missing ones as
failures (the suite crashed or hung).  With RETRY files (later TAP runs of
the same suite), a case that failed in FILE counts as passed if it passed
in one of them, and is named on stderr as flaky.

tap --known NAME[,NAME...] FILE [RETRY...]: the same, but a case whose name
(the text after "ok N", e.g. test_memcg_low) is listed and that failed in
FILE and every RETRY is counted apart, as known, and named on stderr; the
output is then "pass fail skip known".  For upstream cases that are known
to fail where the result is not ours to judge (see debug-check.sh).
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


def read_tap(path):
    """Return ({"N name": pass|fail|skip}, number of missing results)."""
    cases = {}
    plan = None
    for line in open(path, errors="replace"):
        m = re.match(r"^1\.\.(\d+)", line)
        if m and plan is None:
            plan = int(m.group(1))
            continue
        m = re.match(r"^(not ok|ok) (\d+)\b(.*)$", line)
        if not m:
            continue
        rest = m.group(3)
        if re.search(r"#\s*SKIP", rest, re.I):
            status = "skip"
        elif m.group(1) == "ok" or re.search(r"#\s*XFAIL", rest, re.I):
            status = "pass"
        else:
            status = "fail"
        cases[f"{m.group(2)} {rest.strip()}"] = status
    missing = 0
    if plan is None or len(cases) < plan:
        missing = max(1, (plan or 0) - len(cases))
    return cases, missing


def main():
    args = sys.argv[1:]
    known = None
    if len(args) >= 3 and args[1] == "--known":
        known = set(n for n in args[2].split(",") if n)
        del args[1:3]
    if len(args) < 2:
        sys.exit(__doc__)
    kind, path = args[0], args[1]
    acc = {"pass": 0, "fail": 0, "skip": 0, "known": 0}
    if kind == "ktap-json":
        walk_json(json.load(open(path)), acc)
    else:
        cases, missing = read_tap(path)
        retries = [read_tap(p)[0] for p in args[2:]]
        for name, status in cases.items():
            if status == "fail":
                passed = [i for i, r in enumerate(retries, 1) if r.get(name) == "pass"]
                if passed:
                    print(f"flaky: {name}: failed, then passed on retry {passed[0]}",
                          file=sys.stderr)
                    status = "pass"
                elif known is not None and name.partition(" ")[2] in known:
                    print(f"known: {name}: failed in every try (listed as known)",
                          file=sys.stderr)
                    status = "known"
            acc[status] += 1
        acc["fail"] += missing
    if known is None:
        print(acc["pass"], acc["fail"], acc["skip"])
    else:
        print(acc["pass"], acc["fail"], acc["skip"], acc["known"])


if __name__ == "__main__":
    main()
