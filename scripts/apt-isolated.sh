# SPDX-License-Identifier: GPL-2.0
#
# Sourced by scripts that fetch Debian packages outside the system's apt
# state.  apt_isolated DIR "SUITE..." [deb-src]: set up an apt configuration
# under DIR whose sources are the given suites on the Debian mirror that is
# already configured on this machine (no host name is written anywhere in
# the repository), run apt-get update and export APT_CONFIG.

apt_mirror() {
	local f m=
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		m=$(awk '/^URIs:/ { for (i = 2; i <= NF; i++)
				if ($i !~ /security/ && $i ~ /debian\/?$/) { print $i; exit } }' "$f")
		[ -n "$m" ] && break
	done
	if [ -z "$m" ] && [ -f /etc/apt/sources.list ]; then
		m=$(awk '$1 == "deb" && $0 !~ /security/ {
				for (i = 2; i <= NF; i++) if ($i ~ /^(https?|file):/) { print $i; exit } }' \
			/etc/apt/sources.list)
	fi
	echo "$m"
}

apt_isolated() {
	local dir=$1 suites=$2 src=${3:-} mirror keyring=/usr/share/keyrings/debian-archive-keyring.gpg s
	mirror=$(apt_mirror)
	if [ -z "$mirror" ]; then
		echo "apt-isolated: error: no Debian mirror in /etc/apt/sources.list{,.d}" >&2
		return 1
	fi
	if [ ! -f "$keyring" ]; then
		echo "apt-isolated: error: $keyring missing (apt-get install debian-archive-keyring)" >&2
		return 1
	fi
	rm -rf "$dir"
	mkdir -p "$dir/state/lists/partial" "$dir/cache/archives/partial" \
		"$dir/etc/preferences.d" "$dir/etc/apt.conf.d" "$dir/dl"
	: > "$dir/etc/sources.list"
	for s in $suites; do
		echo "deb [signed-by=$keyring] $mirror $s main" >> "$dir/etc/sources.list"
		[ -z "$src" ] || echo "deb-src [signed-by=$keyring] $mirror $s main" >> "$dir/etc/sources.list"
	done
	: > "$dir/state/status"
	cat > "$dir/etc/apt.conf" <<EOC
Dir::State "$dir/state";
Dir::State::status "$dir/state/status";
Dir::Cache "$dir/cache";
Dir::Etc::SourceList "$dir/etc/sources.list";
Dir::Etc::SourceParts "/nonexistent";
Dir::Etc::Preferences "$dir/etc/preferences";
Dir::Etc::PreferencesParts "$dir/etc/preferences.d";
Dir::Etc::Parts "$dir/etc/apt.conf.d";
APT::Get::List-Cleanup "false";
APT::Sandbox::User "root";
Acquire::Languages "none";
Acquire::Check-Valid-Until "false";
EOC
	export APT_CONFIG=$dir/etc/apt.conf
	if ! apt-get -q update > "$dir/update.log" 2>&1; then
		cat "$dir/update.log" >&2
		echo "apt-isolated: error: apt-get update failed" >&2
		return 1
	fi
}
