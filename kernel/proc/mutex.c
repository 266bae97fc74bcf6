// SPDX-License-Identifier: MIT
/* Sleeping locks (<kernel/mutex.h>). */
#include <kernel/mutex.h>
#include <kernel/panic.h>
#include <kernel/percpu.h>
#include <kernel/task.h>

enum { MUTEX_FREE, MUTEX_TAKEN, MUTEX_CONTENDED };

/* Asked once the caller is on the waiters' queue: true when it got m. */
static bool take_contended(void *arg)
{
	struct mutex *m = arg;

	return __atomic_exchange_n(&m->state, MUTEX_CONTENDED, __ATOMIC_ACQUIRE) == MUTEX_FREE;
}

void mutex_lock(struct mutex *m)
{
	int free = MUTEX_FREE;

	if (m->owner == current)
		panic("mutex: %s takes a mutex it holds", current->name);
	if (!__atomic_compare_exchange_n(&m->state, &free, MUTEX_TAKEN, false, __ATOMIC_ACQUIRE,
					 __ATOMIC_RELAXED)) {
		/* A wake-up that was not the holder's (a kill) only means another try. */
		while (!take_contended(m) &&
		       waitq_sleep_uninterruptible_unless(&m->waiters, take_contended, m) != 1)
			;
	}
	m->owner = current;
}

void mutex_unlock(struct mutex *m)
{
	if (m->owner != current)
		panic("mutex: %s lets go of a mutex it does not hold", current->name);
	m->owner = NULL;
	if (__atomic_exchange_n(&m->state, MUTEX_FREE, __ATOMIC_RELEASE) == MUTEX_CONTENDED)
		waitq_wake(&m->waiters, 1);
}
