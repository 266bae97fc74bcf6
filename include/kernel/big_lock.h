/* SPDX-License-Identifier: MIT */
/*
 * The big kernel lock. Umbra's kernel code was written for one CPU at a
 * time -- no preemption, nothing shared with interrupt handlers -- and it
 * stays that way on several CPUs: a CPU runs kernel code only while it
 * holds big_lock, and user code runs on every CPU at once. A CPU takes the
 * lock when it enters the kernel (system call, exception or interrupt)
 * unless it holds it already, keeps it across context switches, and drops
 * it on the way back to user mode and while it idles: all of that at the
 * boundary is kernel/entry.c's. The exceptions -- the system calls and
 * page faults that run under an address space's own lock instead -- and
 * why the rest still has one lock: docs/DESIGN.md §7.3.
 */
#ifndef KERNEL_BIG_LOCK_H
#define KERNEL_BIG_LOCK_H

#include <kernel/spinlock.h>

extern struct spinlock big_lock;

/*
 * For a system call that runs without big_lock (<kernel/syscall_unlocked.h>)
 * and finds that its arguments reach what the lock guards -- mmap of a
 * file, say: takes it as the call's entry would have, unless this CPU
 * holds it already. The return to user mode then drops it, after the
 * return-to-user loop, as for any call that entered holding it.
 */
void big_lock_take_late(void);

/*
 * Lets big_lock go in the middle of a system call, around work that takes
 * only locks of its own -- an address space copied or torn down, a shadow
 * stack unmapped -- so other CPUs' kernel work goes on meanwhile; then
 * takes it back as an entry would (x86 catches up with kernel-stack
 * unmaps). The caller holds no other lock, and relies on nothing big_lock
 * guards staying as it was across the pair: what it works on must be its
 * own, or reachable only through what it holds (docs/DESIGN.md §7.3).
 */
void big_lock_drop(void);
void big_lock_retake(void);

/*
 * Waits until every hold of big_lock in progress now has ended, without
 * taking it (a grace period, spin_grace_begin()): what the caller made
 * unreachable before -- a zombie it took off its children list and its
 * PID's link to it -- is then no other CPU's, as a reap under the lock
 * would have found it. The caller does not hold big_lock; one hold at most
 * is waited for (docs/DESIGN.md §7.3).
 */
void big_lock_synchronize(void);

/* Panics unless this CPU holds big_lock (an ownership assertion). */
#define assert_big_lock_held() assert_spin_held(&big_lock)

#endif
