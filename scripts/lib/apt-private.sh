# shellcheck shell=bash
# A private apt context: Debian packages fetched as .debs from the machine's own Debian
# mirror into a cache directory, with /etc/apt only read. Sourced by the scripts that fetch
# from Debian's archive (scripts/qemu-gcs, scripts/linux-kernel, ...); see
# scripts/qemu-gcs.md ("Private apt context") for why it is built this way.
#
#   apt_private_mirror                          print the machine's Debian archive URI(s)
#   apt_private_setup DIR MIRROR ARCHS SUITES [PIN...]
#                                               write the context into DIR (DIR/etc, lists, state)
#   apt_private DIR CMD...                      run an apt tool (apt-get, apt-cache) in it
#   apt_private_update DIR                      fetch the indexes (output appended to DIR/log)
#   apt_private_fetch DIR DEST NAME[:ARCH]=VERSION...
#                                               download .debs into DEST (log to DIR/log)
#   apt_private_error DIR                       the first error apt logged in DIR/log, one line
#   apt_private_fetched DIR                     "N MB (indexes N MB, packages N MB)" from DIR/log
#
# ARCHS: space-separated Debian architectures, the first the native one ("amd64", or
# "amd64 arm64" to also fetch arm64 packages as NAME:arm64). SUITES: space-separated suites
# of the archive's "main" ("trixie trixie-backports"). PIN: "GLOB=SUITE" pins the packages
# matching GLOB to SUITE at priority 990 ("qemu-*=trixie-backports").
# Functions return non-zero on failure; callers say what failed.

# The first Debian archive URI of the machine's apt sources: a deb entry whose suite is a
# plain codename (not -security/-updates/-backports). No host name lives in the project.
apt_private_mirror() {
	local f
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -r "$f" ] || continue
		awk '
			function flush() {
				if (types ~ /(^| )deb( |$)/ && tolower(enabled) != "no" &&
				    (" " suites " ") ~ / [a-z]+ / && uris != "") {
					split(uris, u, " "); print u[1]; exit
				}
				types = suites = uris = enabled = ""
			}
			/^[ \t]*#/ { next }
			/^[ \t]*$/ { flush(); next }
			{ key = tolower($1); val = $0; sub(/^[^:]*:[ \t]*/, "", val) }
			key == "types:" { types = val }
			key == "uris:" { uris = val }
			key == "suites:" { suites = val }
			key == "enabled:" { enabled = val }
			END { flush() }' "$f"
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -r "$f" ] || continue
		sed -E -n 's/^[ \t]*deb[ \t]+(\[[^]]*\][ \t]+)?([^ \t]+)[ \t]+[a-z]+[ \t].*/\2/p' "$f"
	done
}

# Writes the private context. APT_CONFIG is read before /etc/apt/apt.conf.d, so pointing
# Dir::Etc::Parts and Dir::Etc::Main away from /etc/apt keeps the host's hooks (e.g.
# APT::Update::Post-Invoke-Success) from running; only the host's proxy setting is kept.
apt_private_setup() { # DIR MIRROR ARCHS SUITES [PIN...]
	local apt=$1 m=$2 archs=$3 suites=$4 keyring=/usr/share/keyrings/debian-archive-keyring.gpg
	local proxy='' sproxy='' s a pin first=''
	shift 4
	if [ ! -r "$keyring" ]; then
		echo "$keyring is missing (package debian-archive-keyring)" >&2
		return 1
	fi
	eval "$(apt-config shell proxy Acquire::http::Proxy sproxy Acquire::https::Proxy 2>/dev/null)" || true
	rm -rf "${apt:?}/etc" "${apt:?}/lists" "${apt:?}/state"
	mkdir -p "$apt/etc/sources.list.d" "$apt/etc/preferences.d" "$apt/etc/apt.conf.d" \
		"$apt/etc/trusted.gpg.d" "$apt/lists/partial" "$apt/state" "$apt/cache/archives/partial" || return 1
	: >"$apt/state/status"
	for s in $suites; do
		echo "deb [signed-by=$keyring] $m $s main"
	done >"$apt/etc/sources.list"
	for pin in "$@"; do
		printf 'Package: %s\nPin: release n=%s\nPin-Priority: 990\n\n' "${pin%%=*}" "${pin#*=}"
	done >"$apt/etc/preferences"
	{
		cat <<-EOF
			Dir::Etc::Main "$apt/etc/apt.conf.main";
			Dir::Etc::Parts "$apt/etc/apt.conf.d";
			Dir::Etc::SourceList "$apt/etc/sources.list";
			Dir::Etc::SourceParts "$apt/etc/sources.list.d";
			Dir::Etc::Preferences "$apt/etc/preferences";
			Dir::Etc::PreferencesParts "$apt/etc/preferences.d";
			Dir::Etc::TrustedParts "$apt/etc/trusted.gpg.d";
			Dir::State "$apt/state";
			Dir::State::Lists "$apt/lists";
			Dir::State::status "$apt/state/status";
			Dir::Cache "$apt/cache";
		EOF
		for a in $archs; do
			[ -n "$first" ] || echo "APT::Architecture \"$a\";"
			first=${first:-$a}
		done
		printf 'APT::Architectures {'
		for a in $archs; do printf ' "%s";' "$a"; done
		echo ' };'
		cat <<-EOF
			APT::Install-Recommends "false";
			APT::Update::Error-Mode "any";
			Acquire::Languages "none";
			Acquire::Retries "2";
			Acquire::http::Timeout "30";
			Acquire::https::Timeout "30";
		EOF
		[ -z "$proxy" ] || echo "Acquire::http::Proxy \"$proxy\";"
		[ -z "$sproxy" ] || echo "Acquire::https::Proxy \"$sproxy\";"
		[ "$(id -u)" -ne 0 ] || echo 'APT::Sandbox::User "root";'
	} >"$apt/etc/apt.conf"
}

apt_private() { # DIR CMD...
	local apt=$1
	shift
	APT_CONFIG=$apt/etc/apt.conf "$@"
}

apt_private_update() { # DIR
	apt_private "$1" apt-get -q update >>"$1/log" 2>&1
}

# Downloads NAME=VERSION... into DEST; returns non-zero when the archive fails.
apt_private_fetch() { # DIR DEST NAME=VERSION...
	local apt=$1 dest=$2
	shift 2
	mkdir -p "$dest" || return 1
	(cd "$dest" && apt_private "$apt" apt-get -q download "$@") >>"$apt/log" 2>&1
}

apt_private_error() { # DIR
	awk '/^(Err|E):/ { if ($1 == "E:") { sub(/^E: /, ""); print; exit } getline; sub(/^ +/, ""); print; exit }' "$1/log"
}

apt_private_fetched() { # DIR: what DIR/log says was downloaded (the first "Fetched" is the indexes)
	awk '
		/^Fetched [0-9.]+ [kMG]?B / {
			m = $3 == "kB" ? 1e3 : $3 == "MB" ? 1e6 : $3 == "GB" ? 1e9 : 1
			if (c++ == 0) idx = $2 * m; else pk += $2 * m
		}
		END { printf "%.1f MB (indexes %.1f MB, packages %.1f MB)", (idx + pk) / 1e6, idx / 1e6, pk / 1e6 }' "$1/log"
}
