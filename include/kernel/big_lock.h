/* SPDX-License-Identifier: MIT */
/*
 * The big kernel lock. Umbra's kernel code was written for one CPU at a
 * time -- no preemption, nothing shared with interrupt handlers -- and it
 * stays that way on several CPUs: a CPU runs kernel code only while it
 * holds big_lock, and user code runs on every CPU at once. A CPU takes the
 * lock when it enters the kernel (system call, exception or interrupt)
 * unless it holds it already, keeps it across context switches, and drops
 * it on the way back to user mode and while it idles: all of that at the
 * boundary is kernel/entry.c's. docs/DESIGN.md §7 says why one lock, and
 * what finer locking would take.
 */
#ifndef KERNEL_BIG_LOCK_H
#define KERNEL_BIG_LOCK_H

#include <kernel/spinlock.h>

extern struct spinlock big_lock;

/* Panics unless this CPU holds big_lock (an ownership assertion). */
#define assert_big_lock_held() assert_spin_held(&big_lock)

#endif
