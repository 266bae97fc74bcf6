/* SPDX-License-Identifier: MIT */
/*
 * Wait queues. A task sleeps on one until woken; the condition is always
 * re-checked after waking, so spurious wake-ups are harmless.
 *
 *	while (!condition) {
 *		int err = waitq_sleep(&q, 0);
 *		if (err)
 *			return err; // -EINTR: a fatal signal is pending
 *	}
 */
#ifndef KERNEL_WAITQ_H
#define KERNEL_WAITQ_H

#include <kernel/types.h>

struct task;

struct waitq {
	struct task *head;
};

/*
 * Sleeps on q until woken or until timeout_ticks pass (0: no time-out).
 * Returns 0 when woken, -ETIMEDOUT on time-out, -EINTR when a signal is to
 * be handled or the task is being killed (then it must return to user
 * space, where the signal is delivered or the task exits).
 */
int waitq_sleep(struct waitq *q, u64 timeout_ticks);

/* As waitq_sleep(), but only a fatal signal ends it early (vfork's wait). */
int waitq_sleep_killable(struct waitq *q, u64 timeout_ticks);

/* Wakes up to n sleepers (n < 0: all); returns how many were woken. */
int waitq_wake(struct waitq *q, int n);

/* Removes t from the queue it sleeps on, if any. */
void waitq_remove(struct task *t);

#endif
