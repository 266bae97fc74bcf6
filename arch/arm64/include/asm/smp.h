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
#endif

#endif
