/* SPDX-License-Identifier: MIT */
/* Private futexes: FUTEX_WAIT and FUTEX_WAKE keyed by (address space, address). */
#ifndef KERNEL_FUTEX_H
#define KERNEL_FUTEX_H

#include <kernel/types.h>

struct mm;

/* Wakes up to n waiters on (mm, uaddr); returns how many. */
int futex_wake(struct mm *mm, uintptr_t uaddr, int n);

#endif
