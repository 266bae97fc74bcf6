/* SPDX-License-Identifier: MIT */
/*
 * Shadow stacks, the generic half: the policy every architecture shares
 * (kernel/shstk/shstk.c). The hardware half is in arch/<arch>/ -- x86_64 CET in
 * arch/x86_64/shstk.c, arm64 GCS in arch/arm64/gcs.c -- behind the
 * arch_shstk_*() hooks below.
 *
 * Where a new thread's shadow stack comes from is decided in one place,
 * shstk_clone(): what clone3's shadow-stack fields ask for in the shape the
 * kernel booted with (rfc1: the caller's range; size: a fresh one of that
 * size; token: the caller's stack above a token the kernel consumes), a
 * fresh one of the architecture's default size (threads), a copy (fork) or
 * the parent's own (vfork).
 */
#ifndef KERNEL_SHSTK_H
#define KERNEL_SHSTK_H

#include <kernel/types.h>
#include <kernel/uaccess.h>
#include <uapi/linux/mman.h>

struct kernel_clone_args;
struct mm;
struct task;

/* Per-thread bookkeeping of a shadow stack the kernel allocated. */
struct shstk_thread {
	uintptr_t base; /* 0: the thread owns none (caller-provided, vfork, disabled) */
	size_t size;
};

/* ---- the per-architecture rules, pure (kernel/shstk/shstk_rules.c) ---- */

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

/* arm64's size for a new thread: gcs_size(stack_size / 2). */
u64 shstk_thread_size_gcs(u64 stack_size, u64 rlimit_stack);

/*
 * One architecture's rules, all of the above in one place. The generic
 * policy reads them through arch_shstk_rules, which each arch points at
 * its own (x86_64 CET: shstk_rules_x86; arm64 GCS: shstk_rules_gcs).
 */
struct shstk_rules {
	/* The hardware feature's name, for people ("CET shadow stack", "GCS"). */
	const char *name;
	/* A new thread's size for clone3's stack_size; the first one's is thread_size(0, ...). */
	u64 (*thread_size)(u64 stack_size, u64 rlimit_stack);
	/* A caller-provided clone3 shadow stack: 0 or -EINVAL. */
	int (*clone_stack_check)(u64 base, u64 size);
	/* map_shadow_stack()'s argument checks: 0 or -errno. */
	int (*map_check)(u64 addr, u64 size, unsigned int flags);
	/* The lowest address the kernel places a shadow stack at. */
	uintptr_t min_addr;
	/* clone3_shstk=token: a token is taken from a thread without shadow stacks (arm64). */
	bool token_without_shstk;
};

extern const struct shstk_rules shstk_rules_x86, shstk_rules_gcs;

/* ---- the policy ---- */

/* clone3's generic shadow-stack checks, in the shape in use (docs/ABI.md §2.5). 0 or -EINVAL. */
int shstk_clone_args_valid(const struct kernel_clone_args *k);

/*
 * Gives child its shadow stack (see above). Called by kernel_clone() once
 * the child has its address space and registers. 0 or -EINVAL / -ENOMEM,
 * or with a token -EFAULT (not shadow-stack memory) / -EINVAL (no token).
 */
int shstk_clone(struct task *child, struct task *parent, const struct kernel_clone_args *k);

/*
 * A new shadow-stack area's rights, as Linux's alloc_shstk()/alloc_gcs()
 * (VM_SHADOW_STACK | VM_WRITE): writable, but only by shadow-stack
 * operations; mprotect(PROT_READ) takes even that away (docs/ABI.md §3.5).
 */
#define SHSTK_PROT (PROT_READ | PROT_WRITE)

/* Maps a kernel-owned shadow stack of size bytes in mm, whose lock the caller holds; 0 or -errno. */
int shstk_alloc(struct mm *mm, u64 size, uintptr_t *base);

/*
 * Gives t (current, enabling its shadow stack) its first one: the arch's
 * default size for its RLIMIT_STACK, owned by t, its SSP at the start.
 * The arch then turns the hardware on. 0 or -errno (nothing changed).
 */
int shstk_enable(struct task *t);

/*
 * Unmaps t's kernel-owned shadow stack, if any, from mm: t's address space
 * or the one it is leaving (thread exit, exec, disable). Takes mm's lock;
 * needs no other, so an exit runs it without big_lock.
 */
void shstk_release(struct task *t, struct mm *mm);

/* exec: the new program starts with shadow stacks off and unlocked. */
void shstk_exec(struct task *t);

/* ---- arch hooks ---- */
extern const struct shstk_rules *const arch_shstk_rules; /* the rules above this arch follows */
bool arch_shstk_supported(void);			 /* CPU has it and it is not switched off */
bool arch_shstk_enabled(const struct task *t);		 /* t runs with a shadow stack */
uintptr_t arch_shstk_get_ssp(const struct task *t);	 /* t's shadow-stack pointer */
void arch_shstk_set_ssp(struct task *t, uintptr_t ssp);
/* The first SSP of a fresh kernel-allocated shadow stack [base, base + size). */
uintptr_t arch_shstk_thread_ssp(uintptr_t base, u64 size);
void arch_shstk_reset(struct task *t); /* off, unlocked, no SSP */
/*
 * prctl(PR_GET/SET/LOCK_SHADOW_STACK_STATUS): the arch's mode controls
 * (arm64 GCS). An arch that controls its shadow stack elsewhere (x86:
 * arch_prctl) answers -EINVAL.
 */
long arch_shstk_status_get(unsigned long __user *mode);
long arch_shstk_status_set(unsigned long mode);
long arch_shstk_status_lock(unsigned long mode);
/* map_shadow_stack(): the arch's token, once the rules' checks passed and the stack is mapped. */
int arch_shstk_map_token(struct mm *mm, uintptr_t addr, u64 size, unsigned int flags);
/*
 * clone3_shstk=token: checks that the 8 bytes at addr in mm (shadow-stack
 * memory, addr 8-aligned) hold the arch's token for a stack starting at
 * addr + 8, and replaces it by 0 in the same atomic step, so a token is
 * used once. 0, -EINVAL (not that token) or -EFAULT / -ENOMEM (no page).
 */
int arch_shstk_consume_token(struct mm *mm, uintptr_t addr);

/*
 * How much the run used the hardware (kernel/shstk/shstk_count.c): counted
 * by shstk_enable() and by the delivery of a shadow-stack fault; read by the
 * verdict.
 */
void shstk_count_enable(void);
void shstk_count_fault(void);
unsigned long shstk_enables(void);
unsigned long shstk_faults(void);

#endif
