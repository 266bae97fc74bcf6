# Turns one platform's "bench ..." lines (user/bench.c) into CSV files for
# scripts/bench, converting counter ticks into the platform's unit:
#   kind=icount  instructions: QEMU -icount shift=0 runs one instruction
#                per virtual nanosecond, so ticks * 1e9 / CNTFRQ
#   kind=ticks   Bochs ticks as they are
#   kind=wall    nanoseconds: ticks * (CLOCK_MONOTONIC ns / ticks) of the run
#
# Variables: platform, unit, kind, wall (the run's host seconds), verdict
# (tests/boot/run's boot-result of the test image), lock_debug (the
# kernel's LOCK_DEBUG, 0 or 1), csv, livecsv (outputs).
#
# csv:     platform,unit,key,what,runs,median,p10,p90,min
#          (a skipped row has runs 0 and no numbers; a value row no runs)
# livecsv: platform,phase,live_threads,create_cost,unit

BEGIN { nrows = 0; nlive = 0; factor = 0 }

function field(name,   i, kv) {
	for (i = 1; i <= NF; i++) {
		if (index($i, name "=") == 1)
			return substr($i, length(name) + 2)
	}
	return ""
}

function what_of(line,   i) {
	i = index(line, " | ")
	line = i ? substr(line, i + 3) : ""
	gsub(/"/, "'", line)
	return "\"" line "\""
}

function conv(ticks) {
	if (ticks == "") return ""
	return sprintf("%.0f", ticks * factor)
}

$1 != "bench" { next }

$2 == "begin" {
	freq = field("freq")
	if (kind == "icount" && freq > 0) factor = 1e9 / freq
	if (kind == "ticks") factor = 1
	next
}

$2 == "boot" { boot_ticks = field("ticks"); next }

$2 == "end" {
	end_ticks = field("ticks"); end_ns = field("ns")
	if (kind == "wall" && end_ticks > 0) factor = end_ns / end_ticks
	next
}

$2 == "row" {
	nrows++
	key[nrows] = $3; what[nrows] = what_of($0)
	if ($4 == "skip") { runs[nrows] = 0; next }
	runs[nrows] = field("runs"); med[nrows] = field("median"); p10[nrows] = field("p10")
	p90[nrows] = field("p90"); mn[nrows] = field("min")
	next
}

$2 == "value" {
	nrows++
	key[nrows] = $3; what[nrows] = what_of($0); runs[nrows] = ""; isvalue[nrows] = 1
	if ($4 == "skip") runs[nrows] = 0
	else med[nrows] = $4
	next
}

$2 == "live" {
	nlive++
	lphase[nlive] = $3; ln[nlive] = field("n"); lticks[nlive] = field("ticks")
	next
}

$2 == "note" { sub(/^bench note /, ""); print "   note: " $0; next }

END {
	if (factor == 0) factor = 1
	print "platform,unit,key,what,runs,median,p10,p90,min" > csv
	for (i = 1; i <= nrows; i++) {
		if (runs[i] == "0")
			printf "%s,%s,%s,%s,0,,,,\n", platform, unit, key[i], what[i] > csv
		else if (isvalue[i])
			printf "%s,%s,%s,%s,,%s,,,\n", platform, (key[i] ~ /pages/ ? "pages" : "threads"),
				key[i], what[i], med[i] > csv
		else
			printf "%s,%s,%s,%s,%s,%s,%s,%s,%s\n", platform, unit, key[i], what[i], runs[i],
				conv(med[i]), conv(p10[i]), conv(p90[i]), conv(mn[i]) > csv
	}
	printf "%s,%s,boot_to_bench,\"boot to /bin/bench's first instruction (the counter since reset)\",,%s,,,\n",
		platform, unit, conv(boot_ticks) > csv
	printf "%s,,lock_debug,\"the kernel's lock debugger (LOCK_DEBUG)\",,%s,,,\n", platform, lock_debug > csv
	printf "%s,s,bench_wall,\"/bin/bench's boot, host seconds\",,%s,,,\n", platform, wall > csv
	split(verdict, v, " ")
	vs = ""
	for (i in v) if (v[i] ~ /^seconds=/) vs = substr(v[i], 9)
	failed = (verdict ~ /failed=[1-9]/) ? " FAILED" : ""
	printf "%s,s,verdict_wall,\"the test image: boot to verdict, host seconds (%s)\",,%s,,,\n",
		platform, verdict, vs > csv
	close(csv)
	print "platform,phase,live_threads,create_cost,unit" > livecsv
	for (i = 1; i <= nlive; i++)
		printf "%s,%s,%s,%s,%s\n", platform, lphase[i], ln[i], conv(lticks[i]), unit > livecsv
	close(livecsv)
}
