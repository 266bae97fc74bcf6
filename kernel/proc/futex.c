// SPDX-License-Identifier: MIT
/*
 * futex(2), the private WAIT and WAKE operations, without big_lock.
 * Waiters carry their key (mm, address) and sleep in the bucket of their
 * address; a wake scans that bucket for matching keys.
 *
 * Each bucket has its own lock, as Linux's futex hash buckets. A waiter
 * goes on its bucket first and reads the futex word after (the read may
 * fault, so it cannot happen under a spinlock); a waker changed the word
 * before it takes the bucket's lock. So either the waiter's read comes
 * after that change (the lock's release and acquire order them) and it
 * does not sleep, or it was on the bucket before the waker looked and
 * is woken. A waiter that a wake counted returns 0 even if the word
 * changed under it: the wake was its own, and another waiter waits on.
 */
#include <kernel/futex.h>
#include <kernel/spinlock.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/time.h>
#include <kernel/timer.h>
#include <kernel/uaccess.h>
#include <kernel/waitq.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/types.h>

/*
 * Waiters hashed by address: a wake looks only at the waiters that may
 * match, so a thread's exit (its clear_child_tid wake) costs the same with
 * 16 sleeping threads as with 16,000 -- not a walk over every waiter of
 * the machine -- and threads of different programs rarely share a lock.
 */
#define FUTEX_BUCKETS 256

struct futex_bucket {
	struct spinlock lock;
	struct futex_waiter *head;
};

static struct futex_bucket buckets[FUTEX_BUCKETS] = {
	[0 ... FUTEX_BUCKETS - 1] = { .lock = SPINLOCK_INIT(LOCK_LEVEL_FUTEX, "futex bucket") },
};

static struct futex_bucket *bucket_of(uintptr_t uaddr)
{
	return &buckets[(uaddr >> 2) % FUTEX_BUCKETS];
}

int futex_wake(struct mm *mm, uintptr_t uaddr, int n)
{
	struct futex_bucket *b = bucket_of(uaddr);
	unsigned long flags = spin_lock_irqsave(&b->lock);
	int woken = 0;

	for (struct futex_waiter *w = b->head; w && woken < n; w = w->next) {
		if (!w->woken && w->mm == mm && w->uaddr == uaddr) {
			__atomic_store_n(&w->woken, true, __ATOMIC_SEQ_CST);
			task_wake(w->task);
			woken++;
		}
	}
	spin_unlock_irqrestore(&b->lock, flags);
	return woken;
}

/* The sleep's stop test, once the waiter is asleep: its wake already came. */
static bool futex_woken(void *arg)
{
	const struct futex_waiter *me = arg;

	return __atomic_load_n(&me->woken, __ATOMIC_SEQ_CST);
}

static void bucket_add(struct futex_bucket *b, struct futex_waiter *w)
{
	unsigned long flags = spin_lock_irqsave(&b->lock);

	w->next = b->head;
	if (w->next)
		w->next->pprev = &w->next;
	w->pprev = &b->head;
	b->head = w;
	spin_unlock_irqrestore(&b->lock, flags);
}

/* Takes w off its bucket; whether a wake counted it (read under the lock: final). */
static bool bucket_del(struct futex_bucket *b, struct futex_waiter *w)
{
	unsigned long flags = spin_lock_irqsave(&b->lock);
	bool woken = w->woken;

	*w->pprev = w->next;
	if (w->next)
		w->next->pprev = w->pprev;
	spin_unlock_irqrestore(&b->lock, flags);
	return woken;
}

static long futex_wait(uintptr_t uaddr, u32 expected, const struct timespec __user *utimeout)
{
	struct futex_waiter *me = &current->futex_wait;
	struct futex_bucket *b = bucket_of(uaddr);
	u64 until = TICKS_FOREVER;
	u32 val;
	long err = 0;

	if (uaddr & 3)
		return -EINVAL;
	if (utimeout) {
		struct timespec ts;
		u64 ticks;

		if (copy_from_user(&ts, utimeout, sizeof(ts)))
			return -EFAULT;
		if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= 1000000000)
			return -EINVAL;
		ticks = timespec_to_ticks_ceil(&ts);
		if (ticks == 0)
			ticks = 1; /* a zero time-out still checks the value, then times out */
		until = ticks_add_sat(timer_ticks(), ticks);
	}
	*me = (struct futex_waiter){ .task = current, .mm = current->mm, .uaddr = uaddr };
	bucket_add(b, me);
	if (get_user(val, (const u32 __user *)uaddr))
		err = -EFAULT;
	else if (val != expected)
		err = -EAGAIN;
	/* Until the wake, a signal or the deadline: spurious wake-ups sleep again. */
	while (!err) {
		u64 now = timer_ticks();

		if (until != TICKS_FOREVER && now >= until) {
			err = -ETIMEDOUT;
			break;
		}
		int r = waitq_sleep_unless(NULL, until == TICKS_FOREVER ? 0 : until - now,
					   futex_woken, me);

		if (r == 1 || futex_woken(me))
			break;
		if (r < 0)
			err = r;
	}
	if (bucket_del(b, me))
		return 0;
	if (err == -EINTR)
		return -ERESTARTSYS;
	return err;
}

SYSCALL(futex)
{
	uintptr_t uaddr = a[0];
	int op = (int)a[1];
	u32 val = (u32)a[2];

	switch (op & FUTEX_CMD_MASK) {
	case FUTEX_WAIT:
		return futex_wait(uaddr, val, (const struct timespec __user *)a[3]);
	case FUTEX_WAKE:
		if (uaddr & 3)
			return -EINVAL;
		return futex_wake(current->mm, uaddr, (int)val < 0 ? 0x7fffffff : (int)val);
	default:
		return -ENOSYS;
	}
}
