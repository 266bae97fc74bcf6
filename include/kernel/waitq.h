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
 *
 * Each queue is guarded by one of the scheduler's waitq locks, hashed by
 * its address (kernel/proc/sched.c). A
 * waker changes the condition, then wakes, holding the lock that guards
 * the condition -- big_lock, or a mutex given up by waitq_sleep_unlock() --
 * so a sleeper never misses it. A condition no common lock guards is
 * asked by waitq_sleep_unless() once the sleeper is on the queue; its
 * waker changes it with a sequentially consistent atomic before it wakes.
 */
#ifndef KERNEL_WAITQ_H
#define KERNEL_WAITQ_H

#include <kernel/types.h>

struct mutex;
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

/*
 * As waitq_sleep(), but returns 1 without sleeping when stop(arg), asked
 * once the task is on q, is true.
 */
int waitq_sleep_unless(struct waitq *q, u64 timeout_ticks, bool (*stop)(void *arg), void *arg);

/*
 * The same without a time-out, where nothing but the wake-up ends the
 * sleep, not even a kill (a mutex's waiters: <kernel/mutex.h>).
 */
int waitq_sleep_uninterruptible_unless(struct waitq *q, bool (*stop)(void *arg), void *arg);

/*
 * As waitq_sleep(q, 0), for a caller holding m, the mutex guarding its
 * condition: m is given up once the task is on q, and not taken back.
 */
int waitq_sleep_unlock(struct waitq *q, struct mutex *m);

/*
 * Panics unless q has no sleeper: called where the object holding q is
 * freed, so a sleeper left on it is caught there, by name, rather than as
 * a stray pointer in some later walk of the queue.
 */
void waitq_assert_empty(const struct waitq *q, const char *what);

/*
 * Wakes up to n sleepers (n < 0: all); returns how many were woken. A
 * sleeper a signal or its time-out already woke, still on q until it runs
 * again, is taken off but not counted (Linux's exclusive wake-up count).
 */
int waitq_wake(struct waitq *q, int n);

#endif
