// SPDX-License-Identifier: MIT
/*
 * this_cpu() on x86_64 is a SWAPGS pair (asm/percpu.h). An interrupt taken
 * between its two SWAPGS finds the GS bases exchanged, and the handler's
 * own this_cpu() then reads user GS's base as its struct cpu. The test
 * makes an interrupt arrive at that worst place: a shootdown IPI (whose
 * handler reads this_cpu() before anything else, tlb.c) is sent to this
 * CPU with interrupts off and seen pending in the APIC's IRR (SDM vol. 3A
 * §11.8.4); then STI comes right before this_cpu(). After STI the CPU
 * runs one more instruction before it takes a pending interrupt (SDM
 * vol. 2B, STI: "interrupts are not recognized until after the next
 * instruction"), and with an unmasked pair that instruction is the first
 * SWAPGS. A kernel that gets this wrong panics in the handler (a read at
 * user GS's base); one that gets it right takes the interrupt outside
 * the pair, and the handler finds no request and answers none.
 */
#include <asm/apic.h>
#include <asm/percpu.h>
#include <kernel/arch.h>
#include <kernel/ktest.h>
#include <kernel/percpu.h>

#define IPI_WAIT_LOOPS 1000000

static bool pending_in_irr(unsigned int vector)
{
	return lapic_read(APIC_IRR + (vector / 32) * 0x10) & (1u << (vector % 32));
}

KTEST(x86_this_cpu_interrupted_inside_its_swapgs_pair)
{
	unsigned long flags = arch_irq_save(); /* interrupts off from here */
	struct cpu *expect = this_cpu(), *seen;
	u64 answered = expect->arch.tlb_answered;
	bool pending = false;

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
	arch_irq_restore(flags);
}
