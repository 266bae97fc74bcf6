// SPDX-License-Identifier: MIT
/*
 * TLB shootdowns (arch/x86_64/tlb.c) between real CPUs. During the
 * self-tests the secondaries halt with interrupts on, their CR3 the
 * kernel's: the test names another CPU a holder of an address space no CPU
 * uses (its recorded CR3 changed for the test, under big_lock, which keeps
 * every CR3 still), and a flush of that space must come back answered by
 * that CPU's IPI handler, a page request and a whole-space one alike. A
 * request left for this CPU is answered by arch_smp_poll(), the spin
 * loop's hook.
 */
#include <asm/percpu.h>
#include <asm/tlb.h>
#include <kernel/arch.h>
#include <kernel/ktest.h>
#include <kernel/percpu.h>
#include <kernel/smp.h>

/* A CR3 value no CPU ever loads: not page-aligned. */
#define FAKE_PGD ((phys_addr_t)0x1001)

static int other_ready_cpu(void)
{
	for (unsigned int i = 0; i < smp_nr_cpus; i++)
		if (&cpus[i] != this_cpu() && cpus[i].arch.tlb_ready &&
		    smp_cpus[i].state == SMP_CPU_ONLINE)
			return (int)i;
	return -1;
}

KTEST(x86_tlb_shootdown_reaches_other_cpu)
{
	int i = other_ready_cpu();
	struct cpu *c;
	u64 saved, answered;
	static int probe;

	if (i < 0) {
		ktest_skip(ctx, "one CPU: no shootdown to send");
		return;
	}
	c = &cpus[i];
	saved = c->arch.pgd;
	answered = READ_ONCE(c->arch.tlb_answered);
	KTEST_EXPECT_EQ(ctx, x86_tlb_targets(FAKE_PGD), 0u);
	WRITE_ONCE(c->arch.pgd, FAKE_PGD);
	KTEST_EXPECT_EQ(ctx, x86_tlb_targets(FAKE_PGD), 1u);
	x86_tlb_flush(FAKE_PGD, TLB_REQ_PAGE, (uintptr_t)&probe);
	KTEST_EXPECT_EQ(ctx, READ_ONCE(c->arch.tlb_answered), answered + 1);
	x86_tlb_flush(FAKE_PGD, TLB_REQ_ALL, 0);
	KTEST_EXPECT_EQ(ctx, READ_ONCE(c->arch.tlb_answered), answered + 2);
	KTEST_EXPECT_EQ(ctx, READ_ONCE(c->arch.tlb_flush_request), (u32)TLB_REQ_NONE);
	WRITE_ONCE(c->arch.pgd, saved);
	KTEST_EXPECT_EQ(ctx, x86_tlb_targets(FAKE_PGD), 0u);
}

KTEST(x86_tlb_request_answered_by_poll)
{
	struct cpu *me = this_cpu();
	static int probe;
	unsigned long flags = arch_irq_save();
	u64 answered = me->arch.tlb_answered;

	me->arch.tlb_flush_va = (uintptr_t)&probe;
	__atomic_store_n(&me->arch.tlb_flush_request, TLB_REQ_PAGE, __ATOMIC_RELEASE);
	arch_smp_poll();
	KTEST_EXPECT_EQ(ctx, me->arch.tlb_flush_request, (u32)TLB_REQ_NONE);
	KTEST_EXPECT_EQ(ctx, me->arch.tlb_answered, answered + 1);
	arch_irq_restore(flags);
}
