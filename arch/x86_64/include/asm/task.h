/* SPDX-License-Identifier: MIT */
/* The per-task state only the x86_64 code knows. */
#ifndef ASM_TASK_H
#define ASM_TASK_H

#include <asm/page.h>
#include <kernel/types.h>

#define FXSAVE_SIZE 512

struct io_bitmap;

struct arch_task {
	uintptr_t ksp;	/* kernel stack pointer saved by switch_stacks() */
	uintptr_t kssp; /* its kernel shadow stack's restore token (kernel_shstk.c), or 0 */
	u64 fs_base;	/* user TLS base (IA32_FS_BASE), set by arch_prctl / CLONE_SETTLS */
	u64 gs_base; /* user GS base (IA32_KERNEL_GS_BASE in kernel mode: asm/percpu.h), arch_prctl */
	u64 u_cet;   /* IA32_U_CET while switched out */
	u64 pl3_ssp; /* IA32_PL3_SSP while switched out: the user shadow-stack pointer */
	unsigned long shstk_features; /* ARCH_SHSTK_SHSTK | ARCH_SHSTK_WRSS enabled */
	unsigned long shstk_locked;   /* features ARCH_SHSTK_LOCK froze */
	struct io_bitmap *io_bitmap;  /* ioperm()'s bits, or NULL: arch/x86_64/ioport.c */
	u8 iopl_emul;		      /* iopl()'s level; 3 allows every port */
	bool iopl_warned;	      /* a CLI/STI skipped under iopl(3) was logged */
	bool ssp_refused; /* x86_cet_switch() could not load pl3_ssp: killed on the way out */
	u8 fpu[FXSAVE_SIZE] __attribute__((aligned(16))); /* FXSAVE image (SDM vol. 1 §10.5) */
};

/*
 * Whether user space may have base as its FS or GS base: Linux's rule
 * (arch_prctl and CLONE_SETTLS answer EPERM above TASK_SIZE_MAX, our
 * TASK_SIZE), which keeps every such base canonical.
 */
static inline bool user_base_ok(u64 base)
{
	return base < TASK_SIZE;
}

#endif
