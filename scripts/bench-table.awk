# Prints make bench's one table from the platforms' CSV files
# (scripts/bench-parse.awk writes them): one line per operation, one
# column per platform in its own unit, then the row's target (the
# memory-management work's, docs/BENCH.md) with a mark in every cell it
# applies to (ok / MISS). Targets apply to the
# deterministic platforms only: "arm64" ones to qemu-arm64*, "Bochs" ones
# to bochs-x86_64, ratios and pages to both. With -v md=1 the table is
# Markdown (for docs/BENCH.md).

function splitcsv(line, f,   n, i, c, inq, cur) {
	n = 0; cur = ""; inq = 0
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (c == "\"") { inq = !inq; continue }
		if (c == "," && !inq) { f[++n] = cur; cur = ""; continue }
		cur = cur c
	}
	f[++n] = cur
	return n
}

FNR == 1 { next }

{
	splitcsv($0, f)
	p = f[1]
	if (!(p in seen)) { seen[p] = 1; plat[++np] = p; punit[p] = f[2] }
	k = f[3]
	have[p, k] = 1
	runs[p, k] = f[5]
	val[p, k] = f[6]
	if (!(k in what)) { what[k] = f[4]; korder[++nk] = k }
	if (f[5] == "0") skipwhy[p, k] = f[4]
}

function kind(p) {
	if (p ~ /arm64/) return "arm64"
	if (p ~ /bochs/) return "bochs"
	return "wall"
}

function fmt(v, k, p) {
	if (v == "") return "-"
	v += 0
	if (k == "lock_debug") return v ? "on" : "off"
	if (k == "boot_to_bench" && kind(p) == "wall") return sprintf("%.1f s", v / 1e9)
	if (k ~ /^ratio_/ || k ~ /pages/) return sprintf("%.2f", v)
	if (k ~ /_wall$/) return sprintf("%.1f s", v)
	if (k ~ /_reached$/) return sprintf("%d", v)
	if (v >= 1e7) return sprintf("%.1fM", v / 1e6)
	if (v >= 1e4) return sprintf("%.1fk", v / 1e3)
	return sprintf("%d", v)
}

# The target for key on platform p: sets lim and op ("le", "eq"); false when none.
function target(k, p,   kd) {
	kd = kind(p)
	if (kd == "wall") return 0
	op = "le"
	if (k == "fork_wait") { lim = 100000; return 1 }
	if ((k == "vdso_clock_gettime" || k == "vdso_clock_gettime_on") && kd == "arm64") { lim = 100; return 1 }
	if ((k == "vdso_clock_gettime" || k == "vdso_clock_gettime_on") && kd == "bochs") { lim = 150; return 1 }
	if (k == "raw_thread_on" && kd == "arm64") { lim = 25000; return 1 }
	if ((k == "raw_thread_on" || k == "raw_thread_off") && kd == "bochs") { lim = 40000; return 1 }
	if (k == "ratio_raw_thread") { lim = 1.10; return 1 }
	if (k == "ratio_fork_wait") { lim = 1.15; return 1 }
	if (k == "ratio_live_on_10000") { lim = 1.2; return 1 }
	if (k == "ratio_mmap_10000") { lim = 1.5; return 1 }
	if (k == "shstk_data_pages") { op = "eq"; lim = 1; return 1 }
	return 0
}

function target_text(k) {
	if (k == "fork_wait") return "<= 100k (arm64 instr., Bochs ticks)"
	if (k == "vdso_clock_gettime" || k == "vdso_clock_gettime_on") return "<= 100 arm64; <= 150 Bochs"
	if (k == "raw_thread_on") return "<= 25k arm64; <= 40k Bochs"
	if (k == "raw_thread_off") return "<= 40k Bochs"
	if (k == "ratio_raw_thread") return "<= 1.10"
	if (k == "ratio_fork_wait") return "<= 1.15"
	if (k == "ratio_live_on_10000") return "<= 1.2"
	if (k == "ratio_mmap_10000") return "<= 1.5"
	if (k == "shstk_data_pages") return "exactly 1 (to 0.1: upper tables)"
	return ""
}

# A derived row: val[p, k] = a / b ("ratio"), a - b ("diff") or a - b + 1 ("data").
function derive(k, a, b, how,   i, p) {
	for (i = 1; i <= np; i++) {
		p = plat[i]
		if (val[p, a] == "" || val[p, b] == "" || runs[p, a] == "0" || runs[p, b] == "0") continue
		if (how == "ratio" && val[p, b] + 0 == 0) continue
		have[p, k] = 1
		if (how == "ratio") val[p, k] = val[p, a] / val[p, b]
		else if (how == "diff") val[p, k] = val[p, a] - val[p, b]
		else val[p, k] = val[p, a] - val[p, b] + 1
	}
}

function line(k, label,   i, p, cell, t) {
	if (md) {
		sub(/^  /, "\\&nbsp;\\&nbsp;", label)
		printf "| %s", label
	} else
		printf "%-46s", substr(label, 1, 46)
	for (i = 1; i <= np; i++) {
		p = plat[i]
		cell = have[p, k] ? fmt(val[p, k], k, p) : "-"
		if (have[p, k] && runs[p, k] == "0") cell = "n/a"
		if (have[p, k] && val[p, k] != "" && runs[p, k] != "0" && target(k, p)) {
			v = val[p, k] + 0
			t = (op == "le") ? (v <= lim + 1e-9) : (v > lim - 0.1 && v < lim + 0.1)
			cell = cell (t ? " ok" : " MISS")
		} else if (target(k, p) && (!have[p, k] || runs[p, k] == "0" || val[p, k] == "")) {
			if (k ~ /^ratio_live/ && have[p, "live_on_reached"]) cell = "- MISS"
		}
		printf " | %-16s", cell
	}
	printf " | %s%s\n", target_text(k), md ? " |" : ""
}

function rule(   i) {
	if (md) return
	printf "%s", "----------------------------------------------"
	for (i = 1; i <= np; i++) printf "-+-----------------"
	print "-+------------------------------------"
}

END {
	derive("ratio_raw_thread", "raw_thread_on", "raw_thread_off", "ratio")
	derive("ratio_fork_wait", "fork_wait_on", "fork_wait", "ratio")
	derive("ratio_libc_thread", "libc_thread_on", "libc_thread_off", "ratio")
	derive("ratio_mmap_1000", "mmap_1page_1000", "mmap_1page_0", "ratio")
	derive("ratio_mmap_10000", "mmap_1page_10000", "mmap_1page_0", "ratio")
	derive("ratio_live_on_1000", "live_on_1000", "live_on_1", "ratio")
	derive("ratio_live_on_10000", "live_on_10000", "live_on_1", "ratio")
	derive("ratio_live_off_10000", "live_off_10000", "live_off_1", "ratio")
	derive("shstk_pages_per_thread", "pages_per_thread_on", "pages_per_thread_off", "diff")
	derive("shstk_data_pages", "pages_per_thread_on", "pages_per_thread_control", "data")

	printf "Umbra make bench -- medians of N runs; units per platform:\n"
	for (i = 1; i <= np; i++) {
		p = plat[i]
		u = punit[p]
		if (kind(p) == "arm64") d = "instructions (QEMU -icount shift=0: one per virtual ns; CNTVCT_EL0 / CNTFRQ_EL0)"
		else if (kind(p) == "bochs") d = "Bochs ticks (RDTSC, clock: sync=none: one per emulated instruction)"
		else d = "nanoseconds, wall clock (RDTSC calibrated on CLOCK_MONOTONIC; noisy, no targets)"
		printf md ? "- %s: %s\n" : "  %-16s %s\n", p, d
	}
	if (md) {
		printf "\n| operation"
		for (i = 1; i <= np; i++) printf " | %s", plat[i]
		printf " | target |\n|---"
		for (i = 1; i <= np; i++) printf "|--:"
		print "|---|"
	} else {
		printf "%-46s", "operation"
		for (i = 1; i <= np; i++) printf " | %-16s", plat[i]
		printf " | %s\n", "target"
	}
	rule()
	line("lock_debug", "kernel's lock debugger (LOCK_DEBUG)")
	line("counter", "counter read overhead (2 reads)")
	line("getppid", "getppid")
	line("clock_gettime_syscall", "clock_gettime(MONOTONIC), system call")
	line("vdso_clock_gettime", "clock_gettime(MONOTONIC), vDSO, shstk off")
	line("vdso_clock_gettime_on", "clock_gettime(MONOTONIC), vDSO, shstk on")
	line("fork_wait", "fork + wait4")
	line("fork_wait_on", "fork + wait4, shadow stack on")
	line("ratio_fork_wait", "  fork + wait4 on / off")
	line("raw_thread_off", "raw clone thread + futex join, shstk off")
	line("raw_thread_on", "raw clone thread + futex join, shstk on")
	line("ratio_raw_thread", "  raw thread on / off")
	line("libc_thread_off", "libc thread create + join, shstk off")
	line("libc_thread_on", "libc thread create + join, shstk on")
	line("ratio_libc_thread", "  libc thread on / off")
	line("mmap_64k", "mmap + munmap 64 KiB")
	line("map_shadow_stack_64k", "map_shadow_stack + munmap 64 KiB")
	line("mmap_8m", "mmap + munmap 8 MiB")
	line("map_shadow_stack_8m", "map_shadow_stack + munmap 8 MiB")
	line("mmap_1page_0", "mmap + munmap 1 page, +0 mappings")
	line("mmap_1page_1000", "mmap + munmap 1 page, +1,000 mappings")
	line("mmap_1page_10000", "mmap + munmap 1 page, +10,000 mappings")
	line("ratio_mmap_1000", "  +1,000 / +0")
	line("ratio_mmap_10000", "  +10,000 / +0")
	line("live_off_1", "create 1st live thread, shstk off")
	line("live_off_100", "create 100th live thread, shstk off")
	line("live_off_1000", "create 1,000th live thread, shstk off")
	line("live_off_10000", "create 10,000th live thread, shstk off")
	line("live_off_reached", "  live threads reached, shstk off")
	line("live_on_1", "create 1st live thread, shstk on")
	line("live_on_100", "create 100th live thread, shstk on")
	line("live_on_1000", "create 1,000th live thread, shstk on")
	line("live_on_10000", "create 10,000th live thread, shstk on")
	line("live_on_reached", "  live threads reached, shstk on")
	line("ratio_live_on_1000", "  1,000th / 1st, shstk on")
	line("ratio_live_on_10000", "  10,000th / 1st, shstk on")
	line("pages_per_thread_off", "pages per idle thread, shstk off")
	line("pages_per_thread_on", "pages per idle thread, shstk on")
	line("shstk_pages_per_thread", "  on - off: its shadow stack, tables incl.")
	line("pages_per_thread_control", "  off + same-size mapping, 1 page written")
	line("shstk_data_pages", "  shadow stack data pages: on - that + 1")
	line("boot_to_bench", "boot to /bin/bench (counter since reset)")
	line("verdict_wall", "test image boot to verdict (host s)")
	line("bench_wall", "bench boot, whole run (host s)")
	rule()
	for (i = 1; i <= np; i++) {
		p = plat[i]
		for (j = 1; j <= nk; j++)
			if ((p, korder[j]) in skipwhy)
				printf "%s n/a on %s, %s: %s\n", md ? "-" : " ", p, korder[j], skipwhy[p, korder[j]]
	}
}
