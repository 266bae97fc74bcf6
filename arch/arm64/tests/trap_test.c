// SPDX-License-Identifier: MIT
/*
 * Self-tests of the arm64 trap path: an exception the kernel expects is
 * delivered through VBAR_EL1 with the right ESR class and returns; and the
 * CPU features the probe reported are the ones the kernel enabled.
 */
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <asm/trap.h>
#include <kernel/ktest.h>
#include <kernel/shstk.h>

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

/* SCTLR_EL1 and PSTATE hold what the probe found: MMU on, SPAN set, PAN exactly when the CPU has it. */
KTEST(arm64_sctlr_pan_match_probe)
{
	u64 sctlr = read_sysreg(sctlr_el1);

	KTEST_EXPECT(ctx, sctlr & SCTLR_M);
	KTEST_EXPECT(ctx, sctlr & SCTLR_SPAN);
	KTEST_EXPECT_EQ(ctx, arm64_pan_enabled, arm64_features.pan);
	if (arm64_features.pan) {
		u64 pan;

		__asm__ __volatile__("mrs %0, S3_0_C4_C2_3" : "=r"(pan)); /* PAN, Arm ARM C5.2.13 */
		KTEST_EXPECT(ctx, pan & SPSR_PAN);
	}
	KTEST_EXPECT_EQ(ctx, arch_shstk_supported(), false); /* GCS: not yet */
}
