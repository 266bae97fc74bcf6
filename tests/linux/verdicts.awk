# The raw verdict of every KTAP case on a console log (Umbra's or Linux's),
# for tests/linux/run: one line per case,
#   SUITE/CASE<TAB>VERDICT
# where VERDICT is "ok", "not ok" or "skip". Documents are announced by
# "# ktap-suite: NAME" as for tests/boot/ktap.awk; a case name reported
# twice in one suite gets " #2", " #3", ... appended.

/^# ktap-suite: / { suite = substr($0, 15); delete seen; next }

suite != "" && /^(not ok|ok) [0-9]+( |$)/ {
	line = $0
	v = (line ~ /^not ok /) ? "not ok" : "ok"
	sub(/^(not ok|ok) [0-9]+ ?/, "", line)
	if (match(line, / # SKIP ?/)) {
		v = (v == "ok") ? "skip" : v
		line = substr(line, 1, RSTART - 1)
	}
	id = suite "/" line
	if (seen[line]++) id = id " #" seen[line]
	printf "%s\t%s\n", id, v
}
