/* SPDX-License-Identifier: MIT */
/* The kernel's own Guarded Control Stacks, GCS at EL1 (arch/arm64/kernel_gcs.c). */
#ifndef ASM_KERNEL_GCS_H
#define ASM_KERNEL_GCS_H

#include <kernel/types.h>

struct kstack;
struct trap_frame;

/*
 * Read by entry.S (cpu_switch, the stack-overflow path): 1 while every
 * kernel stack has a GCS and GCSCR_EL1 makes BL push and RET check.
 */
extern u8 arm64_kgcs_on;
/*
 * True when kernel GCS was switched on and then found not acting on the boot
 * CPU (a higher EL keeps GCS disabled): the boot CPU's first kernel stack
 * keeps the GCS page made for it; no later stack gets one.
 */
extern bool arm64_kgcs_found_inert;

/* From arch_mm_init(), after arm64_pie_init(): decides from FEAT_GCS, S1PIE and kshstk=off. */
void arm64_kernel_gcs_init(void);

/*
 * What a new task's cpu_switch finds (task.c): its GCS topped by resume,
 * the address the switch's RET goes to, under it a valid cap for GCSSS1.
 * Returns the GCSPR_EL1 to save (the cap's address), 0 without kernel GCS.
 */
u64 arm64_kgcs_new_task(const struct kstack *ks, u64 resume);

/*
 * A secondary CPU, from arm64_secondary_main(): fn(arg) on the top of its
 * idle task's stack ks, with GCS at EL1 switched on there as on the boot
 * CPU (or GCSCR_EL1 cleared when the kernel keeps no GCS).
 */
__noreturn void arm64_kgcs_run_secondary(const struct kstack *ks, void (*fn)(void *), void *arg);

/* traps.c: a kernel GCS exception's panic report, the RET's target and what the GCS held. */
void arm64_kernel_gcs_describe(const struct trap_frame *f);

#endif
