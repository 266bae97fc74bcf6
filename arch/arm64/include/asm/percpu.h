/* SPDX-License-Identifier: MIT */
/*
 * arm64's per-CPU register: TPIDR_EL1, which EL0 can neither read nor
 * write (Arm ARM D19.2, TPIDR_EL1), holds this CPU's struct cpu.
 */
#ifndef ASM_PERCPU_H
#define ASM_PERCPU_H

#include <kernel/types.h>

struct cpu;

struct arch_cpu {
	u64 gic_redist;	  /* GICv3: this CPU's redistributor frame (arch/arm64/gic.c), or 0 */
	u8 gic_cpu_mask;  /* GICv2: this CPU's interface bit, an SGI's target (gic.c) */
	bool relax_ready; /* its GIC takes the physical timer's PPI: arm64_relax() may sleep */
	bool kick_ready;  /* its GIC takes SGI_KICK: arch_spin_halt() may sleep */
	u64 locked_irqs;  /* interrupts in kernel mode that took big_lock (arch_idle_wait()) */
	u64 user_pgd;	  /* what TTBR0_EL1 holds (mmu_user.c): whose TLB entries it may have */
};

static inline struct cpu *arch_this_cpu(void)
{
	struct cpu *c;

	__asm__ __volatile__("mrs %0, tpidr_el1" : "=r"(c));
	return c;
}

#endif
