/* SPDX-License-Identifier: MIT */
/*
 * Sleeping locks: a task that finds one taken sleeps until its holder
 * lets it go, with big_lock (if it held it) given up meanwhile. For state
 * that code without big_lock shares with code under it, where the holder
 * may fault on user memory or sleep itself (a pipe's buffer, which it
 * copies from and to user space) -- which no spinlock holder may do.
 *
 * The state word is 0 (free), 1 (taken) or 2 (taken, and someone may
 * sleep on it): taking a free one and freeing one nobody waits for are a
 * single atomic operation each; only the rest goes through the scheduler
 * (kernel/proc/sched.c). Never taken with a spinlock held but big_lock:
 * the scheduler panics if its holder would sleep so (LOCK_DEBUG).
 */
#ifndef KERNEL_MUTEX_H
#define KERNEL_MUTEX_H

#include <kernel/waitq.h>

struct mutex {
	int state;
	struct task *owner; /* for asserts and panic reports */
	struct waitq waiters;
};

void mutex_lock(struct mutex *m);
void mutex_unlock(struct mutex *m);

#endif
