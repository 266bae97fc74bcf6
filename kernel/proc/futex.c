// SPDX-License-Identifier: MIT
/*
 * futex(2), the private WAIT and WAKE operations. Waiters carry their key
 * (mm, address) and sleep in the bucket of their address; a wake scans that
 * bucket for matching keys.
 */
#include <kernel/futex.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/time.h>
#include <kernel/uaccess.h>
#include <kernel/waitq.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/types.h>

struct futex_waiter {
	struct task *task;
	struct mm *mm;
	uintptr_t uaddr;
	bool woken;
	struct futex_waiter *next;
	struct futex_waiter **pprev; /* the link that points here: leaving is O(1) */
};

/*
 * Waiters hashed by address, as Linux's futex hash buckets: a wake looks
 * only at the waiters that may match, so a thread's exit (its
 * clear_child_tid wake) costs the same with 16 sleeping threads as with
 * 16,000 -- not a walk over every waiter of the machine.
 */
#define FUTEX_BUCKETS 256
static struct futex_waiter *buckets[FUTEX_BUCKETS];

static struct futex_waiter **bucket_of(uintptr_t uaddr)
{
	return &buckets[(uaddr >> 2) % FUTEX_BUCKETS];
}

int futex_wake(struct mm *mm, uintptr_t uaddr, int n)
{
	int woken = 0;

	for (struct futex_waiter *w = *bucket_of(uaddr); w && woken < n; w = w->next) {
		if (!w->woken && w->mm == mm && w->uaddr == uaddr) {
			w->woken = true;
			task_wake(w->task);
			woken++;
		}
	}
	return woken;
}

static long futex_wait(uintptr_t uaddr, u32 expected, const struct timespec __user *utimeout)
{
	struct futex_waiter me = { .task = current, .mm = current->mm, .uaddr = uaddr };
	u64 ticks = 0;
	u32 val;
	long err = 0;

	if (uaddr & 3)
		return -EINVAL;
	if (utimeout) {
		struct timespec ts;

		if (copy_from_user(&ts, utimeout, sizeof(ts)))
			return -EFAULT;
		if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= 1000000000)
			return -EINVAL;
		ticks = timespec_to_ticks_ceil(&ts);
		if (ticks == 0)
			ticks = 1; /* a zero time-out still checks the value, then times out */
	}
	if (get_user(val, (const u32 __user *)uaddr))
		return -EFAULT;
	if (val != expected)
		return -EAGAIN;

	struct futex_waiter **head = bucket_of(uaddr);

	me.next = *head;
	if (me.next)
		me.next->pprev = &me.next;
	me.pprev = head;
	*head = &me;
	while (!me.woken && !err)
		err = waitq_sleep(NULL, ticks);
	*me.pprev = me.next;
	if (me.next)
		me.next->pprev = me.pprev;
	if (me.woken)
		return 0;
	return err == -ETIMEDOUT ? -ETIMEDOUT : -ERESTARTSYS;
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
