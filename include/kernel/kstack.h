/* SPDX-License-Identifier: MIT */
/*
 * Kernel stacks with an unmapped guard page below each, so an overflow
 * faults (and is reported) instead of silently corrupting a neighbour.
 * Stacks live in their own virtual area (KSTACK_AREA_* in <asm/page.h>).
 *
 * The rule for what a stack may hold: nothing that another CPU reaches
 * without big_lock. An arch may catch up with stack unmaps lazily, when a
 * CPU takes big_lock or switches tasks (x86: arch/x86_64/tlb.c), so a CPU
 * outside the lock may still map a reused slot to the frame it had before.
 * A futex waiter, which wakers reach without the lock, lives in struct
 * task for that reason (<kernel/futex.h>).
 */
#ifndef KERNEL_KSTACK_H
#define KERNEL_KSTACK_H

#include <kernel/types.h>

#define KSTACK_PAGES 8	     /* 32 KiB: the size every kernel stack gets */
#define KSTACK_SLOT_PAGES 16 /* virtual stride: stack + at least one guard page */
/*
 * Where the kernel keeps shadow stacks (arch_kstack_shadow_alloc()), each
 * stack's own lies in its slot's guard area: one guard page under the
 * stack, then KSTACK_SHADOW_PAGES of shadow stack, then guard again.
 */
#define KSTACK_SHADOW_PAGES 1

struct kstack {
	uintptr_t base;	      /* lowest mapped byte */
	uintptr_t top;	      /* one past the highest byte: the initial stack pointer */
	uintptr_t shadow_top; /* one past its shadow stack's highest byte; 0: none */
};

/* How many stacks the area holds at most: the kernel's ceiling on tasks. */
size_t kstack_slots_total(void);
/* How many more stacks can be made now (a slot each; the RAM is another matter). */
size_t kstack_slots_free(void);
/* Pages of the kernel stacks in use (/proc/meminfo's KernelStack). */
size_t kstack_pages_held(void);

/* Allocates and maps a stack. Returns 0 or -ENOMEM. */
int kstack_alloc(struct kstack *ks);

/* Unmaps a stack and frees its pages. */
void kstack_free(struct kstack *ks);

/* True when addr lies in the guard area below some kernel stack. */
bool kstack_is_guard(uintptr_t addr);

#endif
