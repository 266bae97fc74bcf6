/* SPDX-License-Identifier: MIT */
/* The per-task state only the arm64 code knows. */
#ifndef ASM_TASK_H
#define ASM_TASK_H

#include <kernel/types.h>

/* What cpu_switch (vectors.S) saves: the AAPCS64 callee-saved registers. */
struct arm64_cpu_context {
	u64 x19, x20, x21, x22, x23, x24, x25, x26, x27, x28;
	u64 fp; /* x29 */
	u64 sp;
	u64 lr;	   /* x30: where the task resumes */
	u64 gcspr; /* GCSPR_EL1 with kernel GCS on (kernel_gcs.c): lr is its top entry */
};

/* V0-V31, FPSR and FPCR (Arm ARM A1.4, C5.2.8/9). */
struct arm64_fpsimd {
	u64 v[64] __attribute__((aligned(16))); /* 32 x 128 bits */
	u64 fpsr, fpcr;
};

struct arch_task {
	struct arm64_cpu_context ctx;
	u64 tpidr_el0; /* user TLS (CLONE_SETTLS, MSR TPIDR_EL0) */
	struct arm64_fpsimd fpsimd;
	/* GCS (arch/arm64/gcs.c); GCSCRE0_EL1 is computed from gcs_mode. */
	u64 gcspr_el0;	/* GCSPR_EL0 while switched out (live in the register when running) */
	u64 gcs_mode;	/* PR_SHADOW_STACK_* enabled */
	u64 gcs_locked; /* PR_SHADOW_STACK_* frozen by PR_LOCK */
	/* The ESR the last fault signal reports in esr_context, 0 for none (traps.c). */
	u64 fault_code;
};

#ifndef __ASSEMBLER__
struct task;
/* FP/SIMD state of a task that is current: to/from its saved copy, or reset. */
void arm64_fpsimd_save_current(struct task *t);
void arm64_fpsimd_load_current(struct task *t);
void arm64_fpsimd_reset(struct task *t);
/* GCS state for signal frames (arch/arm64/gcs.c). */
u64 arm64_gcs_mode(const struct task *t);
int arm64_gcs_sigreturn_mode(struct task *t, u64 mode);
#endif

#endif
