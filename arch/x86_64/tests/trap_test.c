// SPDX-License-Identifier: MIT
/*
 * Self-tests of the x86_64 trap path: an exception the kernel expects is
 * delivered through the IDT with the right vector and returns; and the
 * CPU features the probe reported are the ones the kernel enabled.
 */
#include <asm/cpu.h>
#include <asm/trap.h>
#include <asm/x86.h>
#include <kernel/cmdline.h>
#include <kernel/ktest.h>
#include <kernel/shstk.h>
#include <string.h>

KTEST(x86_breakpoint_returns)
{
	trap_expect(VEC_BREAKPOINT, 0);
	__asm__ __volatile__("int3");
	KTEST_EXPECT_EQ(ctx, trap_expect_hits(), 1);
}

/* #UD is a fault: the handler skips the 2-byte ud2 so execution goes on. */
KTEST(x86_invalid_opcode_recovers)
{
	trap_expect(VEC_INVALID_OPCODE, 2);
	__asm__ __volatile__("ud2");
	KTEST_EXPECT_EQ(ctx, trap_expect_hits(), 1);
}

/* CR4 holds what the probe found: SMEP, SMAP, and CET exactly when shadow stacks are usable. */
KTEST(x86_cr4_matches_probe)
{
	u64 cr4 = read_cr4();
	const char *opt = cmdline_get(&kernel_cmdline, "shstk");
	bool shstk_wanted = x86_features.shstk && !(opt && strcmp(opt, "off") == 0);

	KTEST_EXPECT_EQ(ctx, !!(cr4 & CR4_SMEP), x86_features.smep);
	KTEST_EXPECT_EQ(ctx, !!(cr4 & CR4_SMAP), x86_features.smap);
	KTEST_EXPECT_EQ(ctx, !!(cr4 & CR4_CET), shstk_wanted);
	KTEST_EXPECT_EQ(ctx, arch_shstk_supported(), shstk_wanted);
}
