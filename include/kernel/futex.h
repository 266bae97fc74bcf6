/* SPDX-License-Identifier: MIT */
/* Private futexes: FUTEX_WAIT and FUTEX_WAKE keyed by (address space, address). */
#ifndef KERNEL_FUTEX_H
#define KERNEL_FUTEX_H

#include <kernel/types.h>

struct mm;
struct task;

/*
 * A task waiting in FUTEX_WAIT, on its address's bucket (kernel/proc/futex.c).
 * It lives in struct task, not on the waiter's kernel stack: wakers on other
 * CPUs read and write it without big_lock, and on x86 a CPU catches up with
 * kernel-stack unmaps only when it takes big_lock or switches tasks
 * (arch/x86_64/tlb.c), so it may still map a reused stack slot to the
 * frame it had before and reach whatever that frame holds now.
 */
struct futex_waiter {
	struct task *task;
	struct mm *mm;
	uintptr_t uaddr;
	bool woken; /* set under the bucket's lock, read by the waiter's stop test */
	struct futex_waiter *next;
	struct futex_waiter **pprev; /* the link that points here: leaving is O(1) */
};

/* Wakes up to n waiters on (mm, uaddr); returns how many. */
int futex_wake(struct mm *mm, uintptr_t uaddr, int n);

#endif
