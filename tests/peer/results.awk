# Turns the console of a peer boot (tests/peer/runner.c framing Linux's kselftests) into one
# line per case, in the format of tests/peer/expect/PLATFORM:
#   VERDICT | PROGRAM | N | DESCRIPTION
# VERDICT is pass, fail or skip. N is the KTAP test number ("ok N desc", "not ok N desc",
# "ok N desc # SKIP why"; nested, indented results are the program's own business), xK for
# the K-th "[OK]/[FAIL]/[SKIP] text" line of a program that prints those instead of KTAP
# (x86's test_shadow_stack), "bail" for a KTAP "Bail out!", and "exit" for how the program
# ended (DESCRIPTION: status N, signal N, timeout, exec-error ERRNO): pass for status 0,
# skip for 4 (KSFT_SKIP), else fail. PROGRAM "boot" has the machine's own lines: "done"
# (the runner finished) and "poweroff" (Umbra's poweroff line).
# Input: the console with CRs removed.

function emit(verdict, n, desc) {
	sub(/[ \t]+$/, "", desc)
	key = prog SUBSEP n
	if (key in seen) {
		seen[key]++
		n = n "." seen[key]
	} else {
		seen[key] = 1
	}
	printf "%s | %s | %s | %s\n", verdict, prog, n, desc
}

/^# peer-program: / { prog = $3; nx = 0; next }

/^# peer-exit: / {
	prog = $3
	what = $0
	sub(/^# peer-exit: [^ ]+ /, "", what)
	verdict = what == "status 0" ? "pass" : what == "status 4" ? "skip" : "fail"
	emit(verdict, "exit", what)
	prog = ""
	next
}

/^# peer-done$/ { done = 1; next }

/^umbra: poweroff status=/ { poweroff = $3; sub(/^status=/, "", poweroff) }

/^Kernel panic/ { panic = $0 }

prog == "" { next }

/^(not )?ok [0-9]+( |$)/ {
	line = $0
	verdict = "pass"
	if (line ~ /^not ok/) {
		verdict = "fail"
		sub(/^not /, "", line)
	}
	sub(/^ok /, "", line)
	n = line
	sub(/ .*/, "", n)
	desc = substr(line, length(n) + 2)
	why = ""
	if (desc ~ /(^|[ \t])#[ \t]*[Ss][Kk][Ii][Pp]/) {
		verdict = "skip"
		why = desc
		sub(/^.*#[ \t]*[Ss][Kk][Ii][Pp][ \t]*/, "", why)
	}
	sub(/(^|[ \t]*)#[ \t]*([Ss][Kk][Ii][Pp]|[Xx][Ff][Aa][Ii][Ll]|[Tt][Oo][Dd][Oo]).*$/, "", desc)
	if (desc == "")
		desc = why # "ok N # SKIP why": the reason names the case
	emit(verdict, n, desc)
	next
}

/^Bail out!/ {
	desc = $0
	sub(/^Bail out! */, "", desc)
	emit("fail", "bail", desc)
	next
}

/^\[(OK|FAIL|SKIP)\]/ {
	verdict = $0 ~ /^\[OK\]/ ? "pass" : $0 ~ /^\[FAIL\]/ ? "fail" : "skip"
	desc = $0
	sub(/^\[[A-Z]+\][ \t]*/, "", desc)
	emit(verdict, "x" (++nx), desc)
	next
}

END {
	prog = "boot"
	emit(done ? "pass" : "fail", "done", done ? "the runner finished" : panic != "" ? panic : "the runner did not finish")
	# 0: nothing failed, shadow stacks used; 3: nothing failed, none used (include/kernel/verdict.h).
	emit(poweroff == "0" || poweroff == "3" ? "pass" : "fail", "poweroff", poweroff == "" ? "no poweroff line" : "status=" poweroff)
}
