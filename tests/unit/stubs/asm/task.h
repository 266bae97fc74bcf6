/* SPDX-License-Identifier: MIT */
/*
 * Host stand-in for the arch's <asm/task.h>. kernel/shstk/shstk.c (linked into
 * test_clone_args and test_shstk_clone) includes <kernel/task.h>, which
 * embeds struct arch_task in struct task. The host tests never run a task,
 * so only the type has to exist; its fields mirror the x86_64 ones.
 */
#ifndef ASM_TASK_H
#define ASM_TASK_H

#include <kernel/types.h>

#define FXSAVE_SIZE 512

struct arch_task {
	uintptr_t ksp;
	u64 fs_base;
	u8 fpu[FXSAVE_SIZE] __attribute__((aligned(16)));
};

#endif
