/* SPDX-License-Identifier: MIT */
/* The per-task state only the x86_64 code knows. */
#ifndef ASM_TASK_H
#define ASM_TASK_H

#include <kernel/types.h>

#define FXSAVE_SIZE 512

struct arch_task {
	uintptr_t ksp; /* kernel stack pointer saved by switch_stacks() */
	u64 fs_base;   /* user TLS base (IA32_FS_BASE), set by arch_prctl / CLONE_SETTLS */
	u8 fpu[FXSAVE_SIZE] __attribute__((aligned(16))); /* FXSAVE image (SDM vol. 1 §10.5) */
};

#endif
