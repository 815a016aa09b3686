#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# export.sh [--check]
#
# Write base..fg of build/linux back into patches/ and rewrite
# patches/series.  The cover letter patches/0000-cover-letter.patch keeps
# its subject and text; its shortlog, diffstat and base-commit are
# regenerated.  Output is stable: an unchanged tree exports to no diff.
# With --check nothing is written; exit 1 if an export would change
# patches/.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
tree=$top/build/linux
check=0
[ "${1:-}" = --check ] && check=1
die() { echo "export: error: $*" >&2; exit 2; }

[ -d "$tree/.git" ] || die "$tree missing; run 'make tree' first"
cd "$tree"
[ "$(git rev-parse --abbrev-ref HEAD)" = fg ] || die "$tree is not on branch fg"
if ! git diff --quiet HEAD -- || ! git diff --cached --quiet; then
	echo "export: warning: $tree has uncommitted changes; they are not exported" >&2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -c core.abbrev=12 -c diff.noprefix=false -c format.signOff=false \
	format-patch -q --zero-commit --no-signature --no-numbered \
	--subject-prefix=PATCH -o "$tmp" base..fg
(cd "$tmp" && ls -1 -- [0-9]*.patch 2>/dev/null || true) > "$tmp/list"
n=$(wc -l < "$tmp/list")

# patches/series may name benchmark arms: a line "# arm: NAME" after the
# last patch of that arm (an arm is a prefix of the series; "# arm: NAME"
# before the first patch is an arm of the base alone; "# arm: NAME alone"
# is the base plus the patch before it), and the parts the series is mailed
# in: a line "# part: NAME" after the last patch of each part.  The markers are
# carried over, each after the patch with the same subject as before; a
# marker whose patch is gone is reported and dropped.
python3 - "$top/patches/series" "$tmp/list" "$tmp/series" <<'PY'
import os, re, sys
old, lst, out = sys.argv[1:]
slug = lambda p: re.sub(r"^[0-9]+-", "", p)
new = [l.strip() for l in open(lst) if l.strip()]
after = {}   # slug of the preceding patch ("" = before the first) -> markers
if os.path.exists(old):
    prev = ""
    for line in open(old):
        line = line.strip()
        if re.match(r"^#\s*(arm|part):", line):
            after.setdefault(prev, []).append(line)
        elif line and not line.startswith("#"):
            prev = slug(line)
with open(out, "w") as f:
    for m in after.pop("", []):
        f.write(m + "\n")
    for p in new:
        f.write(p + "\n")
        for m in after.pop(slug(p), []):
            f.write(m + "\n")
for s, ms in after.items():
    for m in ms:
        print(f"export: dropped '{m}': its patch ...{s} is gone; "
              "place it again in patches/series", file=sys.stderr)
PY

# The cover letter: subject and text from the current one, the rest made here.
cover=$top/patches/0000-cover-letter.patch
{
	git shortlog base..fg | sed 's/[[:space:]]*$//' | sed '/^$/d'
	echo
	git diff --stat=72 --summary base..fg | sed 's/[[:space:]]*$//'
} > "$tmp/generated"
python3 - "$cover" "$tmp/0000-cover-letter.patch" "$n" "$tmp/generated" \
	"$(git rev-parse base)" "$(git log -1 --format='%an <%ae>' fg)" <<'PY'
import os, re, sys
old, new, n, gen, base, author = sys.argv[1:]
subject = "mm/mglru: MGLRU-FG"
body = "(cover letter text)\n"
date = "Thu, 1 Jan 2026 00:00:00 +0000"
if os.path.exists(old):
    text = open(old).read()
    head, _, rest = text.partition("\n\n")
    m = re.search(r"^Subject: \[PATCH[^\]]*\] (.*)$", head, re.M)
    if m:
        subject = m.group(1)
    m = re.search(r"^Date: (.*)$", head, re.M)
    if m:
        date = m.group(1)
    lines = rest.split("\n")
    end = len(lines)
    for i, line in enumerate(lines):
        if re.match(r"^\S.* \(\d+\):$", line):
            end = i
            break
    body = "\n".join(lines[:end]).rstrip("\n") + "\n"
out = ("From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
       f"From: {author}\nDate: {date}\nSubject: [PATCH 0/{n}] {subject}\n\n"
       f"{body}\n{open(gen).read().rstrip()}\n\nbase-commit: {base}\n")
open(new, "w").write(out)
PY

if [ $check = 1 ]; then
	rc=0
	diff -q "$tmp/series" "$top/patches/series" >/dev/null 2>&1 || rc=1
	for f in "$tmp"/*.patch; do
		cmp -s "$f" "$top/patches/$(basename "$f")" || rc=1
	done
	[ $rc = 0 ] && echo "export: patches/ is up to date" ||
		echo "export: patches/ differs from base..fg in $tree (run 'make export')"
	exit $rc
fi
find "$top/patches" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' -delete
cp "$tmp"/*.patch "$top/patches/"
cp "$tmp/series" "$top/patches/series"
echo "export: $n patches and the cover letter written to patches/"
