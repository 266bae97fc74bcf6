# Judges the KTAP documents on an Umbra console log against a platform's
# expectations. Each document is announced by "# ktap-suite: NAME" and is
# a complete kselftest-style report: "TAP version 13", "1..N", N results
# numbered in order, "# Totals: ...". A case is called SUITE/NAME.
#
# Input: the expectations file first (lines "suite S", "case S/N",
# "skip S/N", "fail S/N": a case failed on purpose, which must say "not ok";
# others ignored; the last line about a case wins), then the log. Output, one line per verdict:
#   PASS<TAB>what   FAIL<TAB>what   SKIP<TAB>what
# plus the diagnostics ("# ..." lines) of every failed case, indented.

BEGIN { FS = "\n" }

FILENAME == ARGV[1] {
	line = $0
	sub(/^[ \t]+/, "", line)
	if (line ~ /^(suite|case|skip|fail) /) {
		kind = substr(line, 1, 4)
		what = substr(line, index(line, " ") + 1)
		sub(/[ \t]+$/, "", what)
		if (kind == "suit") want_suite[what] = 1
		else if (kind == "case") { want_case[what] = 1; delete allowed_skip[what]; delete want_fail[what] }
		else if (kind == "fail") { want_fail[what] = 1; want_case[what] = 1; delete allowed_skip[what] }
		else { allowed_skip[what] = 1; want_case[what] = 1; delete want_fail[what] }
	}
	next
}

function verdict(kind, what) { printf "%s\t%s\n", kind, what }

function close_suite() {
	if (suite == "") return
	if (!tap_seen) verdict("FAIL", suite ": no 'TAP version 13' line")
	else if (plan < 0) verdict("FAIL", suite ": no plan line")
	else if (n != plan) verdict("FAIL", suite ": the plan says " plan " cases, " n " were reported (a crash or hang mid-run?)")
	if (tap_seen && !totals) verdict("FAIL", suite ": no '# Totals:' line")
	suite = ""
}

{ sub(/\r$/, "") }

/^# ktap-suite: / {
	close_suite()
	suite = substr($0, 15)
	seen_suite[suite] = 1
	tap_seen = 0; plan = -1; n = 0; totals = 0; diag = ""
	next
}

suite == "" { next }

/^TAP version 13$/ { tap_seen = 1; next }
/^1\.\.[0-9]+$/ && plan < 0 { plan = substr($0, 4) + 0; next }
/^# Totals: / { totals = 1; next }
/^# / { diag = diag "        " $0 "\n"; next }

/^(not ok|ok) [0-9]+( |$)/ {
	line = $0
	failed = (line ~ /^not ok /)
	sub(/^(not ok|ok) /, "", line)
	num = line; sub(/ .*$/, "", num); num += 0
	name = line; sub(/^[0-9]+ ?/, "", name)
	skipped = 0; why = ""
	if (match(name, / # SKIP ?/)) {
		skipped = 1
		why = substr(name, RSTART + RLENGTH)
		name = substr(name, 1, RSTART - 1)
	}
	n++
	id = suite "/" name
	seen_case[id] = 1
	if (num != n) verdict("FAIL", id ": numbered " num ", expected " n)
	else if (failed && (id in want_fail)) verdict("PASS", id " failed, as it must here")
	else if (id in want_fail) verdict("FAIL", id ": passed, but this platform fails it on purpose")
	else if (failed) { verdict("FAIL", id); printf "%s", diag }
	else if (skipped && (id in allowed_skip)) verdict("SKIP", id " (" why ")")
	else if (skipped) verdict("FAIL", id ": skipped, but it must run here (" why ")")
	else if (id in allowed_skip) verdict("FAIL", id ": passed, but this platform expects it to skip")
	else verdict("PASS", id)
	diag = ""
	next
}

END {
	close_suite()
	for (s in want_suite) if (!(s in seen_suite)) verdict("FAIL", "suite " s " never ran")
	for (c in want_case) if (!(c in seen_case)) verdict("FAIL", "expected case " c " is missing")
}
