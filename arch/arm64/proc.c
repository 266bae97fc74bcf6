// SPDX-License-Identifier: MIT
/*
 * The arm64 parts of /proc: /proc/cpuinfo in Linux's layout
 * (arch/arm64/kernel/cpuinfo.c). BogoMIPS is what Linux derives from the
 * generic timer's frequency (its delay loop counts CNTVCT_EL0: CNTFRQ_EL0 /
 * 500000); Features names the bits of the AT_HWCAP and AT_HWCAP2 values
 * exec gives programs (arch_elf_hwcap(), arch_elf_hwcap2(): one source),
 * AT_HWCAP's from bit 0 up, then AT_HWCAP2's, as Linux's KERNEL_HWCAP_*
 * order; the CPU lines are MIDR_EL1's fields (Arm ARM D19.2, MIDR_EL1).
 * Linux prints no arm64 lines in /proc/PID/status.
 */
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <kernel/exec.h>
#include <kernel/procfs.h>

/* Linux's names for the AT_HWCAP bits (arch/arm64/include/uapi/asm/hwcap.h). */
static const char *const hwcap_names[64] = {
	[0] = "fp",	     [1] = "asimd",	 [2] = "evtstrm",     [3] = "aes",
	[4] = "pmull",	     [5] = "sha1",	 [6] = "sha2",	      [7] = "crc32",
	[8] = "atomics",     [9] = "fphp",	 [10] = "asimdhp",    [11] = "cpuid",
	[12] = "asimdrdm",   [13] = "jscvt",	 [14] = "fcma",	      [15] = "lrcpc",
	[16] = "dcpop",	     [17] = "sha3",	 [18] = "sm3",	      [19] = "sm4",
	[20] = "asimddp",    [21] = "sha512",	 [22] = "sve",	      [23] = "asimdfhm",
	[24] = "dit",	     [25] = "uscat",	 [26] = "ilrcpc",     [27] = "flagm",
	[28] = "ssbs",	     [29] = "sb",	 [30] = "paca",	      [31] = "pacg",
	[32] = "gcs",	     [33] = "cmpbr",	 [34] = "fprcvt",     [35] = "f8mm8",
	[36] = "f8mm4",	     [37] = "svef16mm",	 [38] = "sveeltperm", [39] = "sveaes2",
	[40] = "svebfscale", [41] = "sve2p2",	 [42] = "sme2p2",     [43] = "smesbitperm",
	[44] = "smeaes",     [45] = "smesfexpa", [46] = "smestmop",   [47] = "smesmop4",
};

/* ... and for the AT_HWCAP2 bits. */
static const char *const hwcap2_names[64] = {
	[0] = "dcpodp",	     [1] = "sve2",	 [2] = "sveaes",     [3] = "svepmull",
	[4] = "svebitperm",  [5] = "svesha3",	 [6] = "svesm4",     [7] = "flagm2",
	[8] = "frint",	     [9] = "svei8mm",	 [10] = "svef32mm",  [11] = "svef64mm",
	[12] = "svebf16",    [13] = "i8mm",	 [14] = "bf16",	     [15] = "dgh",
	[16] = "rng",	     [17] = "bti",	 [18] = "mte",	     [19] = "ecv",
	[20] = "afp",	     [21] = "rpres",	 [22] = "mte3",	     [23] = "sme",
	[24] = "smei16i64",  [25] = "smef64f64", [26] = "smei8i32",  [27] = "smef16f32",
	[28] = "smeb16f32",  [29] = "smef32f32", [30] = "smefa64",   [31] = "wfxt",
	[32] = "ebf16",	     [33] = "sveebf16",	 [34] = "cssc",	     [35] = "rprfm",
	[36] = "sve2p1",     [37] = "sme2",	 [38] = "sme2p1",    [39] = "smei16i32",
	[40] = "smebi32i32", [41] = "smeb16b16", [42] = "smef16f16", [43] = "mops",
	[44] = "hbc",	     [45] = "sveb16b16", [46] = "lrcpc3",    [47] = "lse128",
	[48] = "fpmr",	     [49] = "lut",	 [50] = "faminmax",  [51] = "f8cvt",
	[52] = "f8fma",	     [53] = "f8dp4",	 [54] = "f8dp2",     [55] = "f8e4m3",
	[56] = "f8e5m2",     [57] = "smelutv2",	 [58] = "smef8f16",  [59] = "smef8f32",
	[60] = "smesf8fma",  [61] = "smesf8dp4", [62] = "smesf8dp2", [63] = "poe",
};

static void show_bits(struct proc_buf *b, unsigned long bits, const char *const names[64])
{
	for (int i = 0; i < 64; i++) {
		if ((bits & (1ul << i)) && names[i])
			proc_printf(b, " %s", names[i]);
	}
}

void arch_proc_cpuinfo(struct proc_buf *b, unsigned int cpu)
{
	u64 freq = read_sysreg(cntfrq_el0);
	u64 midr = arm64_features.midr;

	proc_printf(b, "processor\t: %u\nBogoMIPS\t: %lu.%02lu\n", cpu,
		    (unsigned long)(freq / 500000), (unsigned long)(freq / 5000 % 100));
	proc_puts(b, "Features\t:");
	show_bits(b, arch_elf_hwcap(), hwcap_names);
	show_bits(b, arch_elf_hwcap2(), hwcap2_names);
	/* MIDR_EL1: implementer 31:24, variant 23:20, part 15:4, revision 3:0. */
	proc_printf(b, "\nCPU implementer\t: 0x%02x\nCPU architecture: 8\n",
		    (unsigned int)(midr >> 24) & 0xff);
	proc_printf(b, "CPU variant\t: 0x%x\nCPU part\t: 0x%03x\nCPU revision\t: %u\n\n",
		    (unsigned int)(midr >> 20) & 0xf, (unsigned int)(midr >> 4) & 0xfff,
		    (unsigned int)midr & 0xf);
}

void arch_proc_status(struct proc_buf *b, const struct task *t)
{
	(void)b;
	(void)t;
}
