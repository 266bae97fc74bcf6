// SPDX-License-Identifier: MIT
/*
 * this_cpu() on x86_64 is one load through GS, whose base is the kernel's
 * for all of kernel mode (asm/percpu.h): IA32_GS_BASE holds this CPU's
 * struct cpu and IA32_KERNEL_GS_BASE the running task's user base, which
 * the SWAPGS of its return to user mode puts back.
 *
 * The test also makes an interrupt arrive in the middle of this_cpu(), as
 * the first design's SWAPGS pair made that place dangerous: a shootdown
 * IPI (whose handler reads this_cpu() before anything else, tlb.c) is sent
 * to this CPU with interrupts off and seen pending in the APIC's IRR (SDM
 * vol. 3A §11.8.4); STI then comes right before this_cpu(), and the CPU
 * takes the interrupt after the next instruction (SDM vol. 2B, STI). An
 * entry from the kernel must leave GS alone: one that swapped it would
 * have the handler read the user's base as its struct cpu (a panic), or
 * leave it swapped for the load that follows.
 */
#include <asm/apic.h>
#include <asm/msr.h>
#include <asm/percpu.h>
#include <kernel/arch.h>
#include <kernel/ktest.h>
#include <kernel/percpu.h>
#include <kernel/task.h>

#define IPI_WAIT_LOOPS 1000000

static bool pending_in_irr(unsigned int vector)
{
	return lapic_read(APIC_IRR + (vector / 32) * 0x10) & (1u << (vector % 32));
}

KTEST(x86_gs_held_in_kernel_mode)
{
	unsigned long flags = arch_irq_save(); /* interrupts off from here */
	struct cpu *expect = this_cpu(), *seen;
	u64 answered;
	bool pending = false;

	KTEST_EXPECT(ctx, expect == &cpus[expect->id]);
	KTEST_EXPECT_EQ(ctx, rdmsr(MSR_GS_BASE), (u64)expect);
	KTEST_EXPECT_EQ(ctx, rdmsr(MSR_KERNEL_GS_BASE), current->arch.gs_base);
	KTEST_EXPECT(ctx, expect->self == expect);
	answered = expect->arch.tlb_answered;
	lapic_send_ipi(lapic_id(), APIC_ICR_FIXED | APIC_ICR_ASSERT | VEC_IPI_TLB);
	for (int i = 0; i < IPI_WAIT_LOOPS && !pending; i++)
		pending = pending_in_irr(VEC_IPI_TLB);
	KTEST_EXPECT(ctx, pending);
	__asm__ __volatile__("sti");
	seen = arch_this_cpu();
	arch_irq_disable();
	KTEST_EXPECT(ctx, seen == expect);
	KTEST_EXPECT(ctx, !pending_in_irr(VEC_IPI_TLB)); /* taken, not left waiting */
	KTEST_EXPECT_EQ(ctx, expect->arch.tlb_answered, answered);
	KTEST_EXPECT_EQ(ctx, rdmsr(MSR_GS_BASE), (u64)expect);
	arch_irq_restore(flags);
}
