/* SPDX-License-Identifier: MIT */
/*
 * arm64 secondary-CPU start-up (arch/arm64/smp.c, boot/arm64/head.S's
 * secondary_entry). PSCI CPU_ON starts the CPU at secondary_entry with
 * the MMU off and x0 = the context ID we gave: the physical address of a
 * struct arm64_secondary_boot (the offsets below are its fields').
 */
#ifndef ASM_SMP_H
#define ASM_SMP_H

#define SB_MAIR 0
#define SB_TCR 8
#define SB_TTBR1 16
#define SB_SCTLR 24
#define SB_STACK 32
#define SB_CPU 40
#define SB_SIZE 48

#ifndef __ASSEMBLER__
#include <kernel/types.h>

/* The boot CPU's MMU settings and the new CPU's stack and slot in smp_cpus[]. */
struct arm64_secondary_boot {
	u64 mair, tcr, ttbr1, sctlr;
	u64 stack_top;
	u64 cpu;
};

/* The physical entry point PSCI CPU_ON is given (head.S). */
extern const char arm64_secondary_entry[];

/*
 * The SGIs (software-generated interrupts, INTIDs 0-15) one CPU sends
 * another: reschedule (nothing to do but wake: the idle loop and the way
 * back to user mode look at need_resched), stop (a panic parks the
 * others) and kick (wakes a lock waiter's halt, arch_spin_halt(); taken
 * without an interrupt entry's lock, timer.c).
 */
#define SGI_RESCHEDULE 0
#define SGI_STOP 1
#define SGI_KICK 2
#define SGI_COUNT 16

struct cpu;

/* smp.c: an SGI was taken on this CPU (interrupts masked). */
void arm64_sgi(unsigned int sgi);

/* smp.c: parks every other CPU that has joined the scheduler (SGI_STOP). */
void arm64_smp_stop_others(void);

/* timer.c: a secondary's GIC interface and tick; the tick masked while idle. */
void arm64_timer_init_secondary(struct cpu *c);
void arm64_idle_tick(bool on);
/* timer.c: one step of a spin-wait (arch_cpu_relax()). */
void arm64_relax(void);
/*
 * timer.c: WFI with IRQs masked and the GIC letting only the EL1 physical
 * timer and a kick through, ended by that timer after `relaxes` relax steps
 * (none where this CPU cannot take it); take_kick: the kick that woke it is
 * taken here, so no interrupt entry follows. Both kinds of wait share it.
 */
void arm64_masked_wfi(unsigned int relaxes, bool take_kick);
/* timer.c: a lock waiter's halt until its kick, with a 1 ms backstop. */
void arm64_lock_halt(void);
#endif

#endif
