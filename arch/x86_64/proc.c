// SPDX-License-Identifier: MIT
/*
 * The x86_64 parts of /proc: /proc/cpuinfo in Linux's layout
 * (arch/x86/kernel/cpu/proc.c) from CPUID, and status's
 * x86_Thread_features lines (arch/x86/kernel/cpu/proc.c,
 * arch_proc_pid_thread_features()).
 *
 * cpuinfo has the lines Umbra can fill truthfully: not "microcode" (not
 * read; Linux too leaves it out when it is 0), "cpu MHz" and "bogomips"
 * (the TSC is not calibrated), "cache size", "TLB size" and "bugs" (not
 * probed), nor the SMP topology lines (one CPU, as a Linux built without
 * SMP). Its flags are the CPUID bits under Linux's names (the names of
 * arch/x86/include/asm/cpufeatures.h; Linux shows no "shstk"), less those a
 * Linux shows only when its kernel turns the feature on and Umbra does not
 * (sgx, sgx_lc, umip, pku, la57, ibt), plus "user_shstk" when user shadow
 * stacks are on (docs/ABI.md §7.4). CPUID leaves: Intel SDM vol. 2A,
 * CPUID.
 */
#include <asm/cpu.h>
#include <kernel/procfs.h>
#include <kernel/shstk.h>
#include <kernel/task.h>
#include <string.h>
#include <uapi/asm-x86_64/prctl.h>

/* One CPUID register as a word of Linux's feature array: leaf, subleaf, register. */
enum cpuid_reg { EAX, EBX, ECX, EDX };

struct flag_word {
	u32 leaf, subleaf;
	enum cpuid_reg reg;
	const char *name[32];
};

/* In Linux's word order (cpufeatures.h words 0, 1, 4, 6, 9, 10, 12, 13, 14, 16, 18). */
static const struct flag_word flag_words[] = {
	{ 1,
	  0,
	  EDX,
	  { [0] = "fpu",   [1] = "vme",	   [2] = "de",	  [3] = "pse",	    [4] = "tsc",
	    [5] = "msr",   [6] = "pae",	   [7] = "mce",	  [8] = "cx8",	    [9] = "apic",
	    [11] = "sep",  [12] = "mtrr",  [13] = "pge",  [14] = "mca",	    [15] = "cmov",
	    [16] = "pat",  [17] = "pse36", [18] = "pn",	  [19] = "clflush", [21] = "dts",
	    [22] = "acpi", [23] = "mmx",   [24] = "fxsr", [25] = "sse",	    [26] = "sse2",
	    [27] = "ss",   [28] = "ht",	   [29] = "tm",	  [30] = "ia64",    [31] = "pbe" } },
	{ 0x80000001,
	  0,
	  EDX,
	  { [11] = "syscall",
	    [19] = "mp",
	    [20] = "nx",
	    [22] = "mmxext",
	    [25] = "fxsr_opt",
	    [26] = "pdpe1gb",
	    [27] = "rdtscp",
	    [29] = "lm",
	    [30] = "3dnowext",
	    [31] = "3dnow" } },
	{ 1,
	  0,
	  ECX,
	  { [0] = "pni",     [1] = "pclmulqdq",	 [2] = "dtes64",  [3] = "monitor",
	    [4] = "ds_cpl",  [5] = "vmx",	 [6] = "smx",	  [7] = "est",
	    [8] = "tm2",     [9] = "ssse3",	 [10] = "cid",	  [11] = "sdbg",
	    [12] = "fma",    [13] = "cx16",	 [14] = "xtpr",	  [15] = "pdcm",
	    [17] = "pcid",   [18] = "dca",	 [19] = "sse4_1", [20] = "sse4_2",
	    [21] = "x2apic", [22] = "movbe",	 [23] = "popcnt", [24] = "tsc_deadline_timer",
	    [25] = "aes",    [26] = "xsave",	 [28] = "avx",	  [29] = "f16c",
	    [30] = "rdrand", [31] = "hypervisor" } },
	{ 0x80000001,
	  0,
	  ECX,
	  { [0] = "lahf_lm",	   [1] = "cmp_legacy",	[2] = "svm",	[3] = "extapic",
	    [4] = "cr8_legacy",	   [5] = "abm",		[6] = "sse4a",	[7] = "misalignsse",
	    [8] = "3dnowprefetch", [9] = "osvw",	[10] = "ibs",	[11] = "xop",
	    [12] = "skinit",	   [13] = "wdt",	[15] = "lwp",	[16] = "fma4",
	    [17] = "tce",	   [19] = "nodeid_msr", [21] = "tbm",	[22] = "topoext",
	    [23] = "perfctr_core", [24] = "perfctr_nb", [26] = "bpext", [27] = "ptsc",
	    [28] = "perfctr_llc",  [29] = "mwaitx" } },
	{ 7,
	  0,
	  EBX,
	  { [0] = "fsgsbase",  [1] = "tsc_adjust", [3] = "bmi1",	[4] = "hle",
	    [5] = "avx2",      [7] = "smep",	   [8] = "bmi2",	[9] = "erms",
	    [10] = "invpcid",  [11] = "rtm",	   [12] = "cqm",	[14] = "mpx",
	    [15] = "rdt_a",    [16] = "avx512f",   [17] = "avx512dq",	[18] = "rdseed",
	    [19] = "adx",      [20] = "smap",	   [21] = "avx512ifma", [23] = "clflushopt",
	    [24] = "clwb",     [25] = "intel_pt",  [26] = "avx512pf",	[27] = "avx512er",
	    [28] = "avx512cd", [29] = "sha_ni",	   [30] = "avx512bw",	[31] = "avx512vl" } },
	{ 0xd, 1, EAX, { [0] = "xsaveopt", [1] = "xsavec", [2] = "xgetbv1", [3] = "xsaves" } },
	{ 7, 1, EAX, { [4] = "avx_vnni", [5] = "avx512_bf16" } },
	{ 0x80000008,
	  0,
	  EBX,
	  { [0] = "clzero",
	    [1] = "irperf",
	    [2] = "xsaveerptr",
	    [4] = "rdpru",
	    [9] = "wbnoinvd",
	    [23] = "amd_ppin",
	    [25] = "virt_ssbd",
	    [27] = "cppc",
	    [31] = "brs" } },
	{ 6,
	  0,
	  EAX,
	  { [0] = "dtherm",
	    [1] = "ida",
	    [2] = "arat",
	    [4] = "pln",
	    [6] = "pts",
	    [7] = "hwp",
	    [8] = "hwp_notify",
	    [9] = "hwp_act_window",
	    [10] = "hwp_epp",
	    [11] = "hwp_pkg_req",
	    [19] = "hfi" } },
	{ 7,
	  0,
	  ECX,
	  { [1] = "avx512vbmi",
	    [4] = "ospke",
	    [5] = "waitpkg",
	    [6] = "avx512_vbmi2",
	    [8] = "gfni",
	    [9] = "vaes",
	    [10] = "vpclmulqdq",
	    [11] = "avx512_vnni",
	    [12] = "avx512_bitalg",
	    [13] = "tme",
	    [14] = "avx512_vpopcntdq",
	    [22] = "rdpid",
	    [24] = "bus_lock_detect",
	    [25] = "cldemote",
	    [27] = "movdiri",
	    [28] = "movdir64b",
	    [29] = "enqcmd" } },
	{ 7,
	  0,
	  EDX,
	  { [2] = "avx512_4vnniw",
	    [3] = "avx512_4fmaps",
	    [4] = "fsrm",
	    [8] = "avx512_vp2intersect",
	    [10] = "md_clear",
	    [14] = "serialize",
	    [16] = "tsxldtrk",
	    [18] = "pconfig",
	    [19] = "arch_lbr",
	    [22] = "amx_bf16",
	    [23] = "avx512_fp16",
	    [24] = "amx_tile",
	    [25] = "amx_int8",
	    [28] = "flush_l1d",
	    [29] = "arch_capabilities" } },
};

/* CPUID.80000007H:EDX, Linux's x86_power_flags ("" prints nothing). */
static const char *const power_flags[] = { "ts",	  "fid",	   "vid",      "ttp", "tm",
					   "stc",	  "100mhzsteps",   "hwpstate", "",    "cpb",
					   "eff_freq_ro", "proc_feedback", "acc_power" };

static u32 max_leaf(u32 base)
{
	return cpuid(base, 0).eax;
}

/* The leaf's register, or 0 where the CPU does not have the leaf. */
static u32 cpuid_reg(u32 leaf, u32 subleaf, enum cpuid_reg reg)
{
	struct cpuid_regs r;

	if (leaf > max_leaf(leaf & 0x80000000u))
		return 0;
	r = cpuid(leaf, subleaf);
	return reg == EAX ? r.eax : reg == EBX ? r.ebx : reg == ECX ? r.ecx : r.edx;
}

/* The brand string (arch/x86_64/cpu_model.c), or "unknown". */
static void show_model_name(struct proc_buf *b)
{
	char name[X86_BRAND_LEN];

	proc_printf(b, "model name\t: %s\n", x86_brand_string(name) ? name : "unknown");
}

static void show_flags(struct proc_buf *b)
{
	proc_puts(b, "flags\t\t:");
	for (size_t w = 0; w < ARRAY_SIZE(flag_words); w++) {
		const struct flag_word *f = &flag_words[w];
		u32 bits = cpuid_reg(f->leaf, f->subleaf, f->reg);

		for (int i = 0; i < 32; i++) {
			if ((bits & (1u << i)) && f->name[i])
				proc_printf(b, " %s", f->name[i]);
		}
		/* Linux's synthetic word 11 comes between words 10 and 12. */
		if (f->leaf == 0xd && arch_shstk_supported())
			proc_puts(b, " user_shstk");
	}
	proc_puts(b, "\n");
}

void arch_proc_cpuinfo(struct proc_buf *b, unsigned int cpu)
{
	u32 sig = cpuid_reg(1, 0, EAX), misc = cpuid_reg(1, 0, EBX);
	u32 family = (sig >> 8) & 0xf, model = (sig >> 4) & 0xf;
	u32 clflush = (cpuid_reg(1, 0, EDX) & (1u << 19)) ? ((misc >> 8) & 0xff) * 8 : 64;
	u32 power = cpuid_reg(0x80000007u, 0, EDX);

	/* Family and model with their extended fields (SDM vol. 2A, CPUID, figure 3-6). */
	if (family == 0xf)
		family += (sig >> 20) & 0xff;
	if (family >= 6)
		model += ((sig >> 16) & 0xf) << 4;
	proc_printf(b, "processor\t: %u\nvendor_id\t: %s\ncpu family\t: %u\nmodel\t\t: %u\n", cpu,
		    x86_features.vendor, family, model);
	show_model_name(b);
	proc_printf(b, "stepping\t: %u\n", sig & 0xf);
	proc_printf(b, "fpu\t\t: yes\nfpu_exception\t: yes\ncpuid level\t: %u\nwp\t\t: yes\n",
		    max_leaf(0));
	show_flags(b);
	proc_printf(b, "clflush size\t: %u\ncache_alignment\t: %u\n", clflush, clflush);
	if (max_leaf(0x80000000u) >= 0x80000008u) {
		u32 sizes = cpuid_reg(0x80000008u, 0, EAX);

		proc_printf(b, "address sizes\t: %u bits physical, %u bits virtual\n", sizes & 0xff,
			    (sizes >> 8) & 0xff);
	}
	proc_puts(b, "power management:");
	for (int i = 0; i < 32; i++) {
		if (!(power & (1u << i)))
			continue;
		if (i < (int)ARRAY_SIZE(power_flags))
			proc_printf(b, "%s%s", power_flags[i][0] ? " " : "", power_flags[i]);
		else
			proc_printf(b, " [%d]", i);
	}
	proc_puts(b, "\n\n");
}

static void show_features(struct proc_buf *b, const char *label, unsigned long features)
{
	proc_printf(b, "%s:\t", label);
	if (features & ARCH_SHSTK_SHSTK)
		proc_puts(b, "shstk ");
	if (features & ARCH_SHSTK_WRSS)
		proc_puts(b, "wrss ");
	proc_puts(b, "\n");
}

void arch_proc_status(struct proc_buf *b, const struct task *t)
{
	show_features(b, "x86_Thread_features", t->arch.shstk_features);
	show_features(b, "x86_Thread_features_locked", t->arch.shstk_locked);
}
