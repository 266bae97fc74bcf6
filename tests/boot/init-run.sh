# shellcheck shell=bash
# Shared by the runners that boot one program as init for a while
# (tests/boot/fuzz, tests/boot/stress): the boot under a time limit, and
# the three checks every such run must pass. Sourced, not run.
#
#   init_run_boot KIND PLATFORM IMAGE LIMIT
#       boots IMAGE on PLATFORM with the console in KIND-PLATFORM.log beside
#       IMAGE, killed after LIMIT seconds; sets log, status (the emulator's,
#       124/137 on the time-out), init_run_seconds (host) and clean (the console
#       without CRs and escape sequences).
#   init_run_checks
#       prints a FAIL line for a kernel panic (with its report), a hang (with
#       the last console lines) and a poweroff status other than 0 or 3 (nothing
#       failed; 3: shadow stacks not validated, include/kernel/verdict.h);
#       returns 1 when any of them failed.
#   init_run_verdict KIND PLATFORM FAILED
#       the last line, "KIND: PASS|FAIL on PLATFORM in N s", and exits FAILED.

init_run_boot() { # kind platform image limit
	local kind=$1 platform=$2 image=$3 start
	init_run_limit=$4
	log=$(cd "$(dirname "$image")" && pwd)/$kind-$platform.log
	echo "== $kind on $platform ($(tr -d '\n' 2>/dev/null <"$image.cmdline" || echo "$image")), limit ${init_run_limit}s, console in $log"
	rm -f "$log"
	start=$(date +%s)
	timeout --kill-after=5 "$init_run_limit" "$(dirname "${BASH_SOURCE[0]}")/emulate" \
		"$platform" "$image" "$log" >/dev/null 2>&1
	status=$?
	init_run_seconds=$(($(date +%s) - start))
	[ -f "$log" ] || : >"$log"
	clean=$(tr -d '\r' <"$log" | sed 's/\x1b\[[0-9;]*[A-Za-z]//g')
}

init_run_checks() {
	local bad=0

	if grep -a -q '^Kernel panic' <<<"$clean"; then
		echo "  FAIL  kernel panic:"
		printf '%s\n' "$clean" | sed -n '/^Kernel panic/,$p' | head -n 60 | sed 's/^/        /'
		bad=1
	fi
	if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
		echo "  FAIL  hang: no poweroff within ${init_run_limit}s (last console lines below)"
		printf '%s\n' "$clean" | tail -n 15 | sed 's/^/        /'
		bad=1
	fi
	# A here-string, not printf into grep -q: grep stops at the match, and
	# under pipefail printf's SIGPIPE on a long console (past the pipe's
	# 64 KiB) would fail the test (it did, now and then, for make fuzz).
	if ! grep -a -q -E '^umbra: poweroff status=[03]$' <<<"$clean"; then
		echo "  FAIL  poweroff line: $(printf '%s\n' "$clean" | grep -a -E '^umbra: (poweroff|init exited)' | tr '\n' ' ')"
		bad=1
	fi
	return "$bad"
}

init_run_verdict() { # kind platform failed
	if [ "$3" -eq 0 ]; then
		echo "$1: PASS on $2 in $init_run_seconds s"
	else
		echo "$1: FAIL on $2 in $init_run_seconds s (console: $log)"
	fi
	exit "$3"
}
