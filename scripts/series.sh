#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# series.sh [-p PART] [-o DIR]: turn patches/ into a directory of mails
# ready to send with b4, without touching the network.
#
# The series is mailed whole, or in the parts that patches/series names
# ("# part: NAME" after the last patch of each part): -p NAME mails that
# part alone, with its own cover letter, patches/cover-NAME.txt (a
# "Subject:" line, a blank line, the text), as a series that applies on
# top of the parts before it (its cover letter names them; base-commit is
# then the commit of the base with those parts applied).  -p list prints
# the parts.  Steps:
#
#  1. build/mail/linux, a clone of build/linux's base (tag "base"), gets
#     branch "mglru-fg" = base + patches/series (git am), or base + the
#     parts up to PART;
#  2. b4 enrols the branch (b4 prep -e base, or -e the end of the part
#     before PART; cover strategy "commit": the
#     cover letter is the empty commit at the start of the branch); the
#     cover's subject and text come from patches/0000-cover-letter.patch,
#     followed by the tables of the newest benchmark run kept under
#     results/ (its tables.txt), or a note that there is none; the mails
#     are From: and Signed-off-by: the sender (git config user.name and
#     user.email), which replaces the workspace's identity in the patches;
#  3. b4 prep --auto-to-cc fills To/Cc from the kernel's get_maintainer.pl;
#  4. b4 send -o writes the mails (default build/mail/out, or
#     build/mail/out-PART);
#  5. the mails are applied with git am to the base (and the parts before
#     PART) in a scratch worktree (build/mail/am-check) and must give
#     exactly the tree of the branch.
# To send for real afterwards: cd build/mail/linux && b4 send --reflect
# (to yourself), then b4 send.  A failure leaves the previous DIR as it was.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/build/linux
mail=$top/build/mail
tree=$mail/linux
pdir=${FG_PATCHES:-$top/patches}	# FG_PATCHES: another patch directory (tests)
results=$top/results	# the kept runs, the ones the README quotes
branch=mglru-fg
out=$mail/out

die() { echo "series: error: $*" >&2; exit 1; }
usage() { sed -n '4,/^set -euo/{/^#/p}' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
part=""
while getopts "o:p:h" opt; do
	case $opt in
	o) out=$OPTARG ;;
	p) part=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# = 0 ] || usage
[ -z "$part" ] || [ "$part" = list ] || [[ $part =~ ^[a-z0-9_-]+$ ]] || die "bad part name '$part'"
[ -z "$part" ] || [ "$part" = list ] || [ "$out" != "$mail/out" ] || out=$mail/out-$part
out=$(realpath -m "$out")
case "$out" in
"$tree"|"$tree"/*|"$top"|"$top/patches"*|"$top/build/linux"*|"$top/build") die "refusing to write the mails into $out" ;;
esac

command -v b4 >/dev/null || die "b4 not installed (scripts/install-deps.sh)"
command -v git >/dev/null || die "git not installed"
[ -f "$pdir/series" ] || die "$pdir/series missing"
cover=$pdir/0000-cover-letter.patch
[ -f "$cover" ] || die "$cover missing"
# The patches, and the parts: parts[] are the names in order, nparts[i]
# the number of patches up to the end of part i.
patches=()
parts=()
nparts=()
while read -r p; do
	if [[ $p =~ ^#[[:space:]]*part:[[:space:]]*([a-z0-9_-]+)[[:space:]]*$ ]]; then
		parts+=("${BASH_REMATCH[1]}")
		nparts+=(${#patches[@]})
		continue
	fi
	case "$p" in ''|'#'*) continue ;; esac
	[ -f "$pdir/$p" ] || die "patch $p listed in patches/series but missing"
	patches+=("$pdir/$p")
done < "$pdir/series"
[ ${#patches[@]} -gt 0 ] || die "patches/series lists no patch"
if [ "$part" = list ]; then
	[ ${#parts[@]} -gt 0 ] || die "patches/series names no parts"
	prev=0
	for i in "${!parts[@]}"; do
		f=$pdir/cover-${parts[$i]}.txt
		echo "${parts[$i]}: patches $((prev + 1))-${nparts[$i]}: $(sed -n 's/^Subject: //p;/^$/q' "$f" 2>/dev/null | sed -n 1p)"
		prev=${nparts[$i]}
	done
	exit 0
fi
# -p PART: the patches before it are applied but not mailed (npre of them)
npre=0
if [ -n "$part" ]; then
	found=""
	prev=0
	for i in "${!parts[@]}"; do
		if [ "${parts[$i]}" = "$part" ]; then
			found=$i
			break
		fi
		prev=${nparts[$i]}
	done
	[ -n "$found" ] || die "no part '$part' in patches/series (parts: ${parts[*]:-none})"
	[ ${nparts[$found]} -gt $prev ] || die "part '$part' has no patches"
	npre=$prev
	patches=("${patches[@]:0:${nparts[$found]}}")
	cover=$pdir/cover-$part.txt
	[ -f "$cover" ] || die "$cover missing (the part's cover letter)"
	prereq=""
	for ((i = 0; i < found; i++)); do
		prereq+="  $(sed -n 's/^Subject: //p;/^$/q' "$pdir/cover-${parts[$i]}.txt" 2>/dev/null | sed -n 1p)"$'\n'
	done
elif [ ${#parts[@]} -gt 0 ] && [ "${nparts[-1]}" != ${#patches[@]} ]; then
	die "patches/series: the patches after the last '# part:' line belong to no part"
fi
[ -d "$src/.git" ] || die "$src missing (make tree)"
base=$(git -C "$src" rev-parse -q --verify 'refs/tags/base^{commit}') || die "$src has no tag 'base'"

# The cover letter's parts: From, subject without the [PATCH n/m] prefix,
# and the text up to git's shortlog (b4 writes its own shortlog and stat).
from=$(sed -n 's/^From: //p;/^$/q' "$pdir/0000-cover-letter.patch" | sed -n 1p)
subject=$(sed -n 's/^Subject: //p;/^$/q' "$cover" | sed -n 1p | sed -E 's/^\[[^]]*\] *//')
{ [ -n "$from" ] && [ -n "$subject" ]; } || die "$cover has no Subject: header, or the cover letter no From:"
body=$(awk 'hdr && /^[^ ].* \([0-9]+\):$/ { exit } hdr { print } /^$/ { hdr = 1 }' "$cover")
[ -n "$body" ] || die "$cover has no text"
if [ -n "$part" ] && [ -n "$prereq" ]; then
	body+=$'\n\n'"This applies on top of:"$'\n'"$prereq"
fi
# The sender: the mails go out From: and Signed-off-by: whoever runs this,
# as their git configuration says.  The patch files carry the workspace's
# own identity (the cover letter's From:); it is replaced in every From:
# and Signed-off-by: line, and must not be left in any mail.
name=$(git -C "$top" config user.name || true)
email=$(git -C "$top" config user.email || true)
{ [ -n "$name" ] && [ -n "$email" ]; } ||
	die "no sender identity: set git config user.name and user.email (the mails go out From: and Signed-off-by: you)"
sender="$name <$email>"
case "$email" in
*@invalid|*.invalid|*@localhost|*.localdomain) die "git config user.email '$email' is not an address mail can be sent from" ;;
esac
[ "$sender" != "$from" ] || die "git config names the workspace's own identity ($from), not yours"
pmail=$mail/patches
rm -rf "$pmail"
mkdir -p "$pmail"
for i in "${!patches[@]}"; do
	p=${patches[$i]}
	q=$pmail/$(basename "$p")
	FROM=$from SENDER=$sender awk '
		BEGIN { from = ENVIRON["FROM"]; sender = ENVIRON["SENDER"] }
		$0 == "From: " from { print "From: " sender; next }
		$0 == "Signed-off-by: " from { print "Signed-off-by: " sender; next }
		{ print }' "$p" > "$q"
	grep -qxF "Signed-off-by: $sender" "$q" || die "$(basename "$p") has no Signed-off-by: of the sender after the rewrite"
	! grep -qF "$from" "$q" || die "$(basename "$p") still names $from"
	patches[$i]=$q
done

# The newest benchmark run with tables; say so when there is none.
bench_section() {
	local runs newest dir d t other series_arms
	echo "Benchmarks"
	echo "----------"
	# the run the cover letter's text quotes, when results/cover-run names one
	if [ -f "$results/cover-run" ]; then
		dir=$results/$(sed -n 1p "$results/cover-run")
		{ [ -s "$dir/tables.txt" ] && [ -f "$dir/meta.txt" ]; } ||
			die "results/cover-run names $(sed -n 1p "$results/cover-run"), which has no tables.txt or meta.txt"
		newest=$dir
		bench_tables "$dir"
		return
	fi
	series_arms=$("$top/scripts/bench/arms.sh" list | cut -d' ' -f1)
	# one line per run, "START COMPLETE DIR", oldest first: by start time,
	# not by name (-o names runs freely); meta.txt's date is ISO 8601, and a
	# run without meta.txt yet counts by its directory's mtime
	runs=$(for d in "$results"/*/; do
		[ -d "$d" ] || continue
		d=${d%/}
		t=$(sed -n 's/^date: //p' "$d/meta.txt" 2>/dev/null)
		# kept records other than benchmark runs have no meta.txt, and
		# the demo's one-boot runs are not benchmarks
		[ -f "$d/meta.txt" ] || continue
		[ "$(sed -n 's/^command: //p' "$d/meta.txt" 2>/dev/null)" != "make demo" ] || continue
		# and a run of images under names of its own (-k NAME=IMAGE,
		# e.g. variants of a patch) compares kernels that are not the
		# series' arms
		other=$(sed -n 's/^arm: \([^ ]*\) .*/\1/p' "$d/meta.txt" |
			grep -vxF -f <(printf '%s\n' $series_arms CLRU) || true)
		[ -z "$other" ] || continue
		[ -s "$d/tables.txt" ] && [ -n "$t" ] && c=y || c=n
		echo "${t:-$(date -u -r "$d" +%Y-%m-%dT%H:%M:%SZ)} $c $d"
	       done | sort)
	newest=$(tail -1 <<<"$runs" | cut -d' ' -f3-)
	dir=$(grep '^[^ ]* y ' <<<"$runs" | tail -1 | cut -d' ' -f3-)
	if [ -z "$dir" ]; then
		echo "No benchmark results exist yet in this workspace: no tables in this"
		echo "version of the cover letter.  'make bench' produces them."
		return
	fi
	if [ "$newest" != "$dir" ]; then
		echo "(A newer run, $(basename "$newest"), has no tables yet: it was still"
		echo "running or failed.  These are from the newest complete run.)"
		echo
	fi
	bench_tables "$dir"
}

# The tables of run DIR, with what it measured and how to redo it.
bench_tables() {
	local dir=$1 cmd arms
	cmd=$(sed -n 's/^command: //p' "$dir/meta.txt" | sed 's/ *$//')
	arms=$(sed -n 's/^arm: \([^ ]*\) .*/\1/p' "$dir/meta.txt" | paste -sd' ')
	echo "Measured with '$cmd' on $(sed -n 's/^date: //p' "$dir/meta.txt"),"
	echo "host $(sed -n 's/^host: //p' "$dir/meta.txt"),"
	echo "workspace $(sed -n 's/^workspace: //p' "$dir/meta.txt"), base $(sed -n 's/^base: //p' "$dir/meta.txt" | cut -d' ' -f1-2)."
	echo "Arms: $arms.  Cells: $(sed -n 's/^cells: //p' "$dir/meta.txt"); $(sed -n 's/^reps: //p' "$dir/meta.txt") repeats."
	case " $arms " in
	*" CLRU "*) echo "CLRU is the ORIG kernel with lru_gen/enabled = n (the classic LRU)." ;;
	esac
	local a other=""
	for a in $arms; do
		"$top/scripts/bench/arms.sh" list | cut -d' ' -f1 | grep -qxF "$a" || [ "$a" = CLRU ] || other+=" $a"
	done
	[ -z "$other" ] || echo "Not arms of the series:$other (variants; the run's cmd.txt says what each is)."
	local cmd2
	cmd2=$(sed -n 's/^command2: //p' "$dir/meta.txt" | sed 's/ *$//')
	[ -z "$cmd2" ] || echo "A second round ran as '$cmd2' (see the run's cmd.txt)."
	case "$(sed -n 's/^host: //p' "$dir/meta.txt")" in
	*"accel tcg"*)
		echo "Under TCG the timed figures (IOPS, p99, reads/s) follow the host's"
		echo "load: only the counts (misses, refaults per read) are results." ;;
	esac
	echo "To reproduce: '$cmd' in the workspace ('make bench' for the"
	echo "quick matrix); this run is kept as results/$(basename "$dir")/."
	echo
	# indented: b4 drops cover lines that start with '#'
	sed -e 's/^/  /' -e 's/ *$//' "$dir/tables.txt"
}

export GIT_AUTHOR_NAME="$name" GIT_AUTHOR_EMAIL="$email"
export GIT_COMMITTER_NAME="$name" GIT_COMMITTER_EMAIL="$email"

# 1. the materialized tree: a clone that b4 may change freely
if [ -d "$tree/.git" ] && [ "$(git -C "$tree" rev-parse -q --verify 'refs/tags/base^{commit}' || true)" != "$base" ]; then
	echo "series: $tree has another base; cloning afresh"
	rm -rf "$tree"
fi
if [ ! -d "$tree/.git" ]; then
	mkdir -p "$mail"
	rm -rf "$tree.tmp"
	git clone -q --no-checkout "$src" "$tree.tmp"
	git -C "$tree.tmp" checkout -q --detach base
	mv "$tree.tmp" "$tree"
fi
git -C "$tree" config user.name >/dev/null || git -C "$tree" config user.name "$name"
git -C "$tree" config user.email >/dev/null || git -C "$tree" config user.email "$email"
git -C "$tree" config core.abbrev 12
git -C "$tree" am --abort >/dev/null 2>&1 || true
git -C "$tree" cherry-pick --abort >/dev/null 2>&1 || true
git -C "$tree" checkout -q -f --detach base
git -C "$tree" config --remove-section "branch.$branch" 2>/dev/null || true
git -C "$tree" checkout -q -B "$branch" base
n=0
for p in "${patches[@]}"; do
	if ! msg=$(git -C "$tree" am -q --committer-date-is-author-date "$p" 2>&1); then
		git -C "$tree" am --abort >/dev/null 2>&1 || true
		echo "$msg" >&2
		die "$(basename "$p") does not apply to the base (nothing written)"
	fi
	n=$((n + 1))
done
enroll=$(git -C "$tree" rev-parse "HEAD~$((n - npre))")
n=$((n - npre))
echo "series: $tree: branch $branch = base + $npre + $n patches${part:+ (part $part: the last $n)}"

# 2. enrol with b4, then put our cover letter into b4's cover commit
(cd "$tree" && b4 prep -e "$enroll") > "$mail/prep.log" 2>&1 || { cat "$mail/prep.log" >&2; die "b4 prep -e failed"; }
first=$(git -C "$tree" rev-list --reverse "$enroll..$branch" | sed -n 1p)
tip=$(git -C "$tree" rev-parse "$branch")
[ "$(git -C "$tree" rev-list --count "$enroll..$branch")" = $((n + 1)) ] ||
	die "b4 prep did not add exactly one cover commit"
track=$(git -C "$tree" log -1 --format=%B "$first" | sed -n '/^--- b4-submit-tracking ---$/,$p')
[ -n "$track" ] || die "b4's cover commit carries no tracking section (b4 $(b4 --version))"
if [ -n "$part" ]; then
	# a part's cover letter quotes its own figures
	text=$(printf '%s\n\n%s\n\n%s\n' "$subject" "$body" "$track")
else
	bench=$(bench_section) || die "no benchmark section"
	text=$(printf '%s\n\n%s\n\n%s\n\n%s\n' "$subject" "$body" "$bench" "$track")
fi
newcover=$(git -C "$tree" commit-tree -p "$enroll" -m "$text" "$enroll^{tree}")
git -C "$tree" reset -q --hard "$newcover"
git -C "$tree" cherry-pick "$first..$tip" > "$mail/cherry-pick.log" 2>&1 ||
	{ cat "$mail/cherry-pick.log" >&2; die "re-applying the series over the cover failed"; }

# 3. recipients from get_maintainer.pl
(cd "$tree" && b4 prep --auto-to-cc) > "$mail/auto-to-cc.log" 2>&1 ||
	{ cat "$mail/auto-to-cc.log" >&2; die "b4 prep --auto-to-cc failed"; }

# 4. the mails, no network
rm -rf "$out.tmp"
# b4 picks its web endpoint when git has no SMTP server configured, and
# that one wants signed mails: name a server for this dry run only (-o
# never connects); a real 'b4 send' uses the user's own configuration.
(cd "$tree" && GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=sendemail.smtpserver \
	GIT_CONFIG_VALUE_0=localhost b4 send --no-sign -o "$out.tmp") > "$mail/send.log" 2>&1 ||
	{ cat "$mail/send.log" >&2; rm -rf "$out.tmp"; die "b4 send -o failed"; }
mapfile -t mails < <(find "$out.tmp" -maxdepth 1 -type f | sort)
[ ${#mails[@]} = $((n + 1)) ] || { rm -rf "$out.tmp"; die "b4 wrote ${#mails[@]} mails, expected $((n + 1))"; }

# 5. the mails apply to the base and give the branch's tree
# (the scratch worktree is kept between runs: resetting it to the base
# rewrites only the files the series touched)
chk=$mail/am-check
if [ -f "$chk/.git" ] && git -C "$chk" rev-parse -q --verify HEAD >/dev/null 2>&1; then
	git -C "$chk" am --abort >/dev/null 2>&1 || true
	git -C "$chk" checkout -q -f --detach "$enroll"
	git -C "$chk" clean -q -f -d
else
	rm -rf "$chk"
	git -C "$tree" worktree prune
	git -C "$tree" worktree add -q --detach "$chk" "$enroll"
fi
coverfile=""
applied=0
for m in "${mails[@]}"; do
	if ! grep -q '^diff --git ' "$m"; then
		[ -z "$coverfile" ] || { rm -rf "$out.tmp"; die "two mails without a diff: $coverfile, $m"; }
		coverfile=$m
		continue
	fi
	if ! msg=$(git -C "$chk" am -q "$m" 2>&1); then
		echo "$msg" >&2
		git -C "$chk" am --abort >/dev/null 2>&1 || true
		rm -rf "$out.tmp"
		die "mail $(basename "$m") does not apply with git am onto the base"
	fi
	applied=$((applied + 1))
done
if [ "$applied" != "$n" ] || ! git -C "$chk" diff --quiet HEAD "$branch"; then
	rm -rf "$out.tmp"
	die "the mails applied to the base do not give the tree of branch $branch"
fi
[ -n "$coverfile" ] || { rm -rf "$out.tmp"; die "no cover letter among the mails"; }
grep -q '^To: ' "$coverfile" || { rm -rf "$out.tmp"; die "the cover letter has no To: (get_maintainer.pl found nobody)"; }
[ -n "$part" ] || grep -q '^Benchmarks$' "$coverfile" || { rm -rf "$out.tmp"; die "the cover letter lost its benchmark section"; }
if grep -lF "$from" "${mails[@]}" >/dev/null; then
	rm -rf "$out.tmp"
	die "a mail still names the workspace's identity $from"
fi

rm -rf "$out"
mv "$out.tmp" "$out"
coverfile=$out/$(basename "$coverfile")
echo "series: $((n + 1)) mails in $out (git am onto base${part:+ + the parts before $part}: clean, same tree as $branch)"
echo "series: to: $(sed -n 's/^To: //p' "$coverfile" | sed -n 1p)"
echo "series: cover: $(basename "$coverfile")${part:+ (part $part)}; benchmarks: $(grep -A2 '^Benchmarks$' "$coverfile" | sed -n 3p)"
echo "series: send for real: cd $tree && b4 send --reflect   # then: b4 send"
