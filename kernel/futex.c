// SPDX-License-Identifier: MIT
/*
 * futex(2), the private WAIT and WAKE operations. All waiters sleep on one
 * queue and carry their key in the task; a wake scans for matching keys.
 * Few tasks ever wait at once, so one queue is simpler than a hash.
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
};

static struct futex_waiter *waiters;

int futex_wake(struct mm *mm, uintptr_t uaddr, int n)
{
	int woken = 0;

	for (struct futex_waiter *w = waiters; w && woken < n; w = w->next) {
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

	me.next = waiters;
	waiters = &me;
	while (!me.woken && !err)
		err = waitq_sleep(NULL, ticks);
	for (struct futex_waiter **pp = &waiters; *pp; pp = &(*pp)->next) {
		if (*pp == &me) {
			*pp = me.next;
			break;
		}
	}
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
