// SPDX-License-Identifier: MIT
/*
 * Self-tests of the arm64 trap path: an exception the kernel expects is
 * delivered through VBAR_EL1 with the right ESR class and returns; and the
 * CPU features the probe reported are the ones the kernel enabled.
 */
#include <asm/gcs.h>
#include <asm/mmu.h>
#include <asm/pte.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <asm/trap.h>
#include <kernel/ktest.h>
#include <kernel/kmem.h>
#include <kernel/cmdline.h>
#include <kernel/shstk.h>
#include <string.h>

/* BRK #imm is reported at the instruction (ESR class 0x3c); the handler steps over it. */
KTEST(arm64_brk_returns)
{
	trap_expect(ESR_EC_BRK64);
	__asm__ __volatile__("brk #0x123");
	KTEST_EXPECT_EQ(ctx, trap_expect_hits(), 1);
}

/* UDF #0 is an undefined instruction: ESR class 0x00. */
KTEST(arm64_undefined_recovers)
{
	trap_expect(ESR_EC_UNKNOWN);
	__asm__ __volatile__("udf #0");
	KTEST_EXPECT_EQ(ctx, trap_expect_hits(), 1);
}

/*
 * SCTLR_EL1 and PSTATE hold what the probe found: MMU on; with FEAT_PAN,
 * SPAN clear (exceptions set PAN) and PAN on; without it SPAN is RES1.
 */
KTEST(arm64_sctlr_pan_match_probe)
{
	u64 sctlr = read_sysreg(sctlr_el1);

	KTEST_EXPECT(ctx, sctlr & SCTLR_M);
	KTEST_EXPECT_EQ(ctx, !!(sctlr & SCTLR_SPAN), !arm64_features.pan);
	KTEST_EXPECT_EQ(ctx, arm64_pan_enabled, arm64_features.pan);
	if (arm64_features.pan) {
		u64 pan;

		__asm__ __volatile__("mrs %0, S3_0_C4_C2_3" : "=r"(pan)); /* PAN, Arm ARM C5.2.13 */
		KTEST_EXPECT(ctx, pan & SPSR_PAN);
	}
}

/*
 * User GCS exactly when the CPU has GCS and S1PIE, gcs=off is absent and
 * the EL0 probe saw BL push (gcs_probe.c); a reason exactly when not.
 */
KTEST(arm64_gcs_matches_probe)
{
	const char *opt = cmdline_get(&kernel_cmdline, "gcs");
	bool off = opt && strcmp(opt, "off") == 0;
	const char *why = arm64_gcs_unusable_reason();

	KTEST_EXPECT_EQ(ctx, arm64_pie_enabled, arm64_features.s1pie);
	KTEST_EXPECT_EQ(ctx, arch_shstk_supported(),
			arm64_features.gcs && arm64_features.s1pie && !off && !why);
	KTEST_EXPECT_EQ(ctx, arch_shstk_supported(), why == NULL);
}

/*
 * With S1PIE on, TCR2_EL1.PIE is set and the kernel's own leaves resolve
 * through the indices asm/pte.h promises: text 0x8, rodata 0xc, data 0xe.
 */
KTEST(arm64_pie_kernel_indices)
{
	extern const char __text_start[], __rodata_start[], __data_start[];
	phys_addr_t phys;
	unsigned int prot;
	u64 tcr2, pir, pire0;

	if (!arm64_pie_enabled) {
		ktest_skip(ctx, "no S1PIE on this CPU");
		return;
	}
	__asm__ __volatile__("mrs %0, " REG_TCR2_EL1 : "=r"(tcr2));
	__asm__ __volatile__("mrs %0, " REG_PIR_EL1 : "=r"(pir));
	__asm__ __volatile__("mrs %0, " REG_PIRE0_EL1 : "=r"(pire0));
	KTEST_EXPECT(ctx, tcr2 & TCR2_PIE);
	KTEST_EXPECT_EQ(ctx, pir, 0xcc888e8ac9800000ul);
	KTEST_EXPECT_EQ(ctx, pire0, 0x5010908070320000ul);
	KTEST_EXPECT(ctx, arch_translate((uintptr_t)__text_start, &phys, &prot));
	KTEST_EXPECT_EQ(ctx, prot, KPROT_READ | KPROT_EXEC);
	KTEST_EXPECT(ctx, arch_translate((uintptr_t)__rodata_start, &phys, &prot));
	KTEST_EXPECT_EQ(ctx, prot, KPROT_READ);
	KTEST_EXPECT(ctx, arch_translate((uintptr_t)__data_start, &phys, &prot));
	KTEST_EXPECT_EQ(ctx, prot, KPROT_READ | KPROT_WRITE);
}
