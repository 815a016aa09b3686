#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# data.sh: make build/bench/data-v3.img if it is missing, and print its
# path.  An ext4 image (3 GiB, sparse) holding
#   bench/f0..f3   160 MiB of random bytes each (640 MiB: the seed's 40 GiB
#                  at 1/64), read by the fio, trace and churn cells;
#   pg/            a PostgreSQL cluster (the host's postgres, owned by the
#                  postgres user) with a pgbench database of scale
#                  PG_SCALE (24: about 360 MiB), for the pgbench cells.
# Guests attach it with snapshot=on, so it never changes.  The layout
# version is in the file name; older images are removed.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
dir=$top/build/bench
img=$dir/data-v3.img
PG_SCALE=24
pgbin=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin 2>/dev/null | sort -V | tail -1)
die() { echo "bench-data: error: $*" >&2; exit 1; }
if [ ! -s "$img" ]; then
	command -v mkfs.ext4 >/dev/null || die "mkfs.ext4 missing (make deps)"
	for t in initdb pg_ctl pgbench; do
		[ -x "$pgbin/$t" ] || die "PostgreSQL's $t missing (make deps)"
	done
	id postgres >/dev/null 2>&1 || die "no 'postgres' user (make deps installs postgresql)"
	echo "bench-data: making $img (4 x 160 MiB files, pgbench scale $PG_SCALE)" >&2
	stage=$dir/data.stage
	rm -rf "$stage" "$img.tmp"
	mkdir -p "$stage/bench" "$stage/pg" "$stage/sock"
	for i in 0 1 2 3; do
		head -c $((160 << 20)) /dev/urandom > "$stage/bench/f$i"
	done
	chown postgres: "$stage/pg" "$stage/sock"
	chmod 700 "$stage/pg"
	pg() { runuser -u postgres -- "$@"; }
	pg "$pgbin/initdb" -A trust -U postgres -D "$stage/pg" > "$dir/data.log" 2>&1 ||
		die "initdb failed (see $dir/data.log)"
	pg "$pgbin/pg_ctl" -s -w -D "$stage/pg" -l "$stage/sock/server.log" \
		-o "-k $stage/sock -c listen_addresses=''" start || die "postgres did not start on the host"
	if ! pg "$pgbin/pgbench" -h "$stage/sock" -U postgres -i -q -s "$PG_SCALE" postgres >> "$dir/data.log" 2>&1; then
		pg "$pgbin/pg_ctl" -s -D "$stage/pg" stop -m fast
		die "pgbench -i failed (see $dir/data.log)"
	fi
	pg "$pgbin/pg_ctl" -s -w -D "$stage/pg" stop -m fast
	echo "$PG_SCALE" > "$stage/pgbench-scale"
	cp "$stage/sock/server.log" "$dir/data-pg.log"
	rm -rf "$stage/sock"
	truncate -s 3G "$img.tmp"
	mkfs.ext4 -q -F -d "$stage" "$img.tmp" || die "mkfs.ext4 -d failed"
	rm -rf "$stage"
	mv "$img.tmp" "$img"
	rm -f "$dir/data-v1.img" "$dir/data-v2.img"
fi
echo "$img"
