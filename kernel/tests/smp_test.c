// SPDX-License-Identifier: MIT
/*
 * Self-tests of the secondary CPUs' bring-up (kernel/smp.c): every CPU the
 * firmware lists is online (unless nosmp / maxcpus= kept it off) and read
 * the ID the firmware gave it, and every secondary's shadow-stack check
 * found the boot CPU's feature bits and working control registers.
 */
#include <kernel/ktest.h>
#include <kernel/shstk.h>
#include <kernel/smp.h>

/* Expects: each listed CPU ONLINE with seen_id == hw_id, up to the maxcpus= limit; none FAILED. */
KTEST(smp_all_cpus_online)
{
	unsigned int limit = smp_max_cpus ? smp_max_cpus : 1, want;

	want = smp_nr_cpus < limit ? smp_nr_cpus : limit;
	KTEST_EXPECT(ctx, smp_nr_cpus >= 1);
	KTEST_EXPECT_EQ(ctx, smp_online_count(), want);
	for (unsigned int i = 0; i < smp_nr_cpus; i++) {
		const struct smp_cpu *c = &smp_cpus[i];

		KTEST_EXPECT(ctx, c->state != SMP_CPU_FAILED && c->state != SMP_CPU_STARTING);
		if (c->state == SMP_CPU_ONLINE)
			KTEST_EXPECT_EQ(ctx, c->seen_id, c->hw_id);
	}
}

/* Expects: SMP_SHSTK_OK on every online secondary; skipped without shadow stacks or secondaries. */
KTEST(smp_shadow_stack_same_on_every_cpu)
{
	if (!arch_shstk_supported()) {
		ktest_skip(ctx, "no shadow stacks in use on this machine (none, or switched off)");
		return;
	}
	if (smp_online_count() < 2) {
		ktest_skip(ctx, "only the boot CPU is online");
		return;
	}
	for (unsigned int i = 0; i < smp_nr_cpus; i++) {
		const struct smp_cpu *c = &smp_cpus[i];

		if (c->state == SMP_CPU_ONLINE && !c->boot)
			KTEST_EXPECT_EQ(ctx, c->shstk, SMP_SHSTK_OK);
	}
}
