#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Lay the base kernel out under build/linux as a git repository (pristine
# base committed and tagged "base") and apply patches/series on branch "fg".
#
# An existing build/linux is reused: its "fg" branch is reset to "base" and
# the series re-applied.  Uncommitted changes stop the run; commits on fg
# that differ from the re-applied series are kept as branch fg-prev.
# FG_TREE and FG_PATCHES override the tree and the patch directory (used by
# the workspace's own tests).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/base.conf"
tree=${FG_TREE:-$top/build/linux}
pdir=${FG_PATCHES:-$top/patches}
series=$pdir/series

die() { echo "mktree: error: $*" >&2; exit 1; }

# Fixed identities and dates make the base commit id reproducible.
export GIT_AUTHOR_NAME="MGLRU-FG base" GIT_AUTHOR_EMAIL="base@invalid"
export GIT_COMMITTER_NAME="MGLRU-FG tree" GIT_COMMITTER_EMAIL="tree@invalid"

if [ ! -d "$tree/.git" ]; then
	"$top/scripts/fetch-base.sh"
	echo "mktree: unpacking $(cat "$top/build/base/VERSION")"
	tmp=$top/build/linux.tmp
	rm -rf "$tmp"
	mkdir -p "$tmp"
	tar -C "$tmp" --strip-components=1 -xf "$top/build/base/linux-base.tar.xz"
	git -C "$tmp" init -q -b base-import
	git -C "$tmp" config user.name "MGLRU-FG developer"
	git -C "$tmp" config user.email "dev@invalid"
	git -C "$tmp" config core.abbrev 12
	git -C "$tmp" config gc.auto 0
	git -C "$tmp" add -A -f .
	GIT_AUTHOR_DATE="2026-01-01T00:00:00Z" GIT_COMMITTER_DATE="2026-01-01T00:00:00Z" \
		git -C "$tmp" commit -q -m "Linux $(cat "$top/build/base/VERSION")"
	git -C "$tmp" tag base
	git -C "$tmp" checkout -q -b fg
	git -C "$tmp" branch -q -D base-import
	mv "$tmp" "$tree"
fi

cd "$tree"
git rev-parse -q --verify refs/tags/base >/dev/null || die "$tree has no tag 'base'"
if [ -d .git/rebase-apply ]; then
	die "$tree has a git am in progress; finish it or run 'git -C $tree am --abort'"
fi
if ! git diff --quiet HEAD -- || ! git diff --cached --quiet; then
	die "$tree has uncommitted changes; commit or stash them first"
fi

old=$(git rev-parse -q --verify refs/heads/fg || true)
git checkout -q -B fg base

[ -f "$series" ] || die "$series missing"
n=0
while read -r p; do
	case "$p" in ''|'#'*) continue ;; esac
	[ -f "$pdir/$p" ] || die "patch $p listed in series but missing"
	if ! out=$(git am -q --committer-date-is-author-date "$pdir/$p" 2>&1); then
		git am --abort >/dev/null 2>&1 || true
		git checkout -q -B fg base
		echo "$out" >&2
		die "patch $p does not apply (branch fg reset to base, nothing applied)"
	fi
	n=$((n + 1))
done < "$series"

new=$(git rev-parse HEAD)
if [ -n "$old" ] && [ "$old" != "$new" ] && [ "$old" != "$(git rev-parse base)" ]; then
	if [ -n "$(git diff "$old" "$new")" ] || [ "$(git rev-list --count "base..$old")" != "$n" ]; then
		git branch -q -f fg-prev "$old"
		echo "mktree: note: previous fg differed from patches/; kept as branch fg-prev"
	fi
fi
echo "mktree: $tree: base $(git rev-parse --short base), fg = base + $n patches"
