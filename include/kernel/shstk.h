/* SPDX-License-Identifier: MIT */
/*
 * Shadow stacks, the generic half: the policy every architecture shares
 * (kernel/shstk.c). The hardware half is in arch/<arch>/ -- x86_64 CET in
 * arch/x86_64/shstk.c, arm64 GCS in arch/arm64/gcs.c -- behind the
 * arch_shstk_*() hooks below.
 *
 * Where a new thread's shadow stack comes from is decided in one place,
 * shstk_clone(): the caller's (clone3's seed fields), a fresh one of the
 * architecture's default size (threads), a copy (fork) or the parent's own
 * (vfork).
 */
#ifndef KERNEL_SHSTK_H
#define KERNEL_SHSTK_H

#include <kernel/types.h>
#include <kernel/uaccess.h>

struct kernel_clone_args;
struct mm;
struct task;

/* Per-thread bookkeeping of a shadow stack the kernel allocated. */
struct shstk_thread {
	uintptr_t base; /* 0: the thread owns none (caller-provided, vfork, disabled) */
	size_t size;
};

/* ---- the per-architecture rules, pure (kernel/shstk_rules.c) ---- */

#define SHSTK_X86_MAX_DEFAULT (4ull << 30) /* x86: at most 4 GiB by default */
#define SHSTK_GCS_MAX_DEFAULT (2ull << 30) /* arm64: at most 2 GiB by default */
#define SHSTK_X86_MIN_ADDR (4ull << 30)	   /* x86: above 4 GiB, out of 32-bit code's reach */

/* x86 adjust_shstk_size(): PAGE_ALIGN(n), or PAGE_ALIGN(min(rlimit, 4 GiB)) for n = 0. */
u64 shstk_size_x86(u64 stack_size, u64 rlimit_stack);
/* arm64 gcs_size(): PAGE_ALIGN(n), or max(page, PAGE_ALIGN(min(rlimit / 2, 2 GiB))). */
u64 shstk_size_gcs(u64 n, u64 rlimit_stack);

/* A caller-provided clone3 shadow stack: 0 or -EINVAL (docs/ABI.md §4.6, §5.6). */
int shstk_clone_stack_check_x86(u64 base, u64 size);
int shstk_clone_stack_check_gcs(u64 base, u64 size);

/* map_shadow_stack()'s arch-specific argument checks, in Linux's order. 0 or -errno. */
int shstk_map_check_x86(u64 addr, u64 size, unsigned int flags);
int shstk_map_check_gcs(u64 addr, u64 size, unsigned int flags);

/* ---- the policy ---- */

/* clone3's generic shadow-stack checks (seed RFC v1). 0 or -EINVAL. */
int shstk_clone_args_valid(const struct kernel_clone_args *k);

/*
 * Gives child its shadow stack (see above). Called by kernel_clone() once
 * the child has its address space and registers. 0 or -EINVAL / -ENOMEM.
 */
int shstk_clone(struct task *child, struct task *parent, const struct kernel_clone_args *k);

/* Maps a kernel-owned shadow stack of size bytes in mm; 0 or -errno. */
int shstk_alloc(struct mm *mm, u64 size, uintptr_t *base);

/* Unmaps t's kernel-owned shadow stack, if any (thread exit, disable). */
void shstk_release(struct task *t);

/* exec: the new program starts with shadow stacks off and unlocked. */
void shstk_exec(struct task *t);

/* ---- arch hooks ---- */
bool arch_shstk_supported(void);		    /* CPU has it and it is not switched off */
bool arch_shstk_enabled(const struct task *t);	    /* t runs with a shadow stack */
uintptr_t arch_shstk_get_ssp(const struct task *t); /* t's shadow-stack pointer */
void arch_shstk_set_ssp(struct task *t, uintptr_t ssp);
/* The first SSP of a fresh kernel-allocated shadow stack [base, base + size). */
uintptr_t arch_shstk_thread_ssp(uintptr_t base, u64 size);
void arch_shstk_reset(struct task *t); /* off, unlocked, no SSP */
/* Default size of a new thread's shadow stack for a clone3 stack_size. */
u64 arch_shstk_thread_size(u64 stack_size, u64 rlimit_stack);
/* Arch checks of a caller-provided clone3 shadow stack. 0 or -EINVAL. */
int arch_shstk_check_clone_stack(uintptr_t base, u64 size);
/* Where a shadow stack may be placed: the lowest address. */
uintptr_t arch_shstk_min_addr(void);
/*
 * prctl(PR_GET/SET/LOCK_SHADOW_STACK_STATUS): the arch's mode controls
 * (arm64 GCS). An arch that controls its shadow stack elsewhere (x86:
 * arch_prctl) answers -EINVAL.
 */
long arch_shstk_status_get(unsigned long __user *mode);
long arch_shstk_status_set(unsigned long mode);
long arch_shstk_status_lock(unsigned long mode);
/* map_shadow_stack(): the arch's argument checks, then its token. */
int arch_shstk_map_check(uintptr_t addr, u64 size, unsigned int flags);
int arch_shstk_map_token(struct mm *mm, uintptr_t addr, u64 size, unsigned int flags);

#endif
