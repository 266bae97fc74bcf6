// SPDX-License-Identifier: MIT
/*
 * poll() and ppoll() (see <kernel/poll.h>), with Linux's fs/select.c rules:
 * nfds above RLIMIT_NOFILE → EINVAL; the array copied in (EFAULT); each
 * entry's revents is what the file says ready, masked by its events plus
 * POLLERR and POLLHUP; a negative fd is skipped (revents 0), a closed one is
 * POLLNVAL. With nothing ready, a handled signal ends the wait with EINTR
 * (never restarted, as Linux's ERESTARTNOHAND / restart block with a
 * handler), and the time-out with 0. Each revents is written back (EFAULT).
 */
#include <kernel/file.h>
#include <kernel/kmem.h>
#include <kernel/poll.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/time.h>
#include <kernel/timer.h>
#include <kernel/waitq.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/resource.h>

#define NSEC_PER_MSEC 1000000ll
#define POLL_STACK_FDS 32 /* entries kept on the kernel stack; more come from the heap */

static struct waitq poll_waitq;

/*
 * Counts poll_wake()s. A pipe changes and wakes without big_lock, so a
 * poller's scan can miss a change whose wake-up came before the poller
 * was on the queue: it sleeps only if the count is still what it was
 * before its scan (waitq_sleep_unless()).
 */
static u64 poll_gen;

void poll_wake(void)
{
	__atomic_fetch_add(&poll_gen, 1, __ATOMIC_SEQ_CST);
	waitq_wake(&poll_waitq, -1);
}

/* Asked once the poller is on poll_waitq: a wake-up since its scan began. */
static bool poll_woken_since(void *seen)
{
	return __atomic_load_n(&poll_gen, __ATOMIC_SEQ_CST) != *(u64 *)seen;
}

/* One scan: fills every revents; the number of entries with one set. */
static int poll_scan(struct pollfd *fds, unsigned int nfds)
{
	int count = 0;

	for (unsigned int i = 0; i < nfds; i++) {
		struct pollfd *p = &fds[i];
		struct file *f;
		unsigned int mask;

		p->revents = 0;
		if (p->fd < 0)
			continue;
		f = fd_get(current->files, p->fd);
		if (!f) {
			mask = POLLNVAL;
		} else {
			mask = f->ops->poll ? f->ops->poll(f) : DEFAULT_POLLMASK;
			mask &= (unsigned short)p->events | POLLERR | POLLHUP;
		}
		p->revents = (short)mask;
		if (mask)
			count++;
	}
	return count;
}

/*
 * Scans until something is ready, the tick until passes (TICKS_FOREVER:
 * never; 0: scan once) or a signal comes: the count, 0 or -EINTR.
 */
static long poll_wait_ready(struct pollfd *fds, unsigned int nfds, u64 until)
{
	bool timed_out = until == 0;

	for (;;) {
		u64 gen = __atomic_load_n(&poll_gen, __ATOMIC_SEQ_CST);
		int count = poll_scan(fds, nfds);

		if (!count && signal_pending(current))
			return -EINTR;
		if (count || timed_out)
			return count;

		u64 now = timer_ticks();

		if (until != TICKS_FOREVER && now >= until) {
			timed_out = true;
			continue; /* one last look, as Linux */
		}
		int err = waitq_sleep_unless(&poll_waitq, until == TICKS_FOREVER ? 0 : until - now,
					     poll_woken_since, &gen);

		if (err == -ETIMEDOUT)
			timed_out = true;
	}
}

/* The common part: copy in, wait, copy out. until as poll_wait_ready(). */
static long do_sys_poll(struct pollfd __user *ufds, unsigned int nfds, u64 until)
{
	struct pollfd stack_fds[POLL_STACK_FDS];
	struct pollfd *fds = stack_fds;
	long ret;

	if (nfds > current->proc->rlim[RLIMIT_NOFILE].rlim_cur)
		return -EINVAL;
	if (nfds > POLL_STACK_FDS) {
		fds = kmalloc((size_t)nfds * sizeof(*fds));
		if (!fds)
			return -ENOMEM;
	}
	ret = copy_from_user(fds, ufds, (size_t)nfds * sizeof(*fds));
	if (!ret)
		ret = poll_wait_ready(fds, nfds, until);
	if (ret >= 0) {
		for (unsigned int i = 0; i < nfds; i++) {
			if (put_user(fds[i].revents, &ufds[i].revents)) {
				ret = -EFAULT;
				break;
			}
		}
	}
	if (fds != stack_fds)
		kfree(fds);
	return ret;
}

/* The tick a time-out of ts ends at: one more than it covers, as nanosleep (never short). */
static u64 deadline_of(const struct timespec *ts)
{
	if (!ts->tv_sec && !ts->tv_nsec)
		return 0;
	return ticks_add_sat(timer_ticks(), ticks_add_sat(timespec_to_ticks_ceil(ts), 1));
}

/* poll(fds, nfds, timeout_ms): a negative time-out waits for ever. */
SYSCALL(poll)
{
	int ms = (int)a[2];
	u64 until = TICKS_FOREVER;

	if (ms >= 0) {
		struct timespec ts = { ms / 1000, (ms % 1000) * NSEC_PER_MSEC };

		until = deadline_of(&ts);
	}
	return do_sys_poll((struct pollfd __user *)a[0], (unsigned int)a[1], until);
}

/*
 * ppoll(fds, nfds, tsp, sigmask, sigsetsize), in Linux's order: the
 * timespec (EFAULT, then EINVAL unless 0 <= tv_nsec < 1e9 and tv_sec >= 0),
 * the mask (sigsetsize must be 8: EINVAL; EFAULT), then the wait. The mask
 * holds while it waits; interrupted, it stays until the handler's frame
 * has saved the old one (so the handler runs, and sigreturn restores the
 * caller's). The time left is written back to *tsp (a fault there is
 * ignored), as Linux's poll_select_finish().
 */
SYSCALL(ppoll)
{
	struct timespec __user *utsp = (struct timespec __user *)a[2];
	const u64 __user *umask = (const u64 __user *)a[3];
	struct timespec ts;
	u64 until = TICKS_FOREVER;
	long ret;

	if (utsp) {
		if (copy_from_user(&ts, utsp, sizeof(ts)))
			return -EFAULT;
		if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= NSEC_PER_SEC)
			return -EINVAL;
		until = deadline_of(&ts);
	}
	if (umask) {
		u64 mask;

		if (a[4] != sizeof(u64))
			return -EINVAL;
		if (get_user(mask, umask))
			return -EFAULT;
		current->saved_sigmask = current->sigmask;
		current->restore_sigmask = true;
		signal_set_mask(current, mask);
	}
	ret = do_sys_poll((struct pollfd __user *)a[0], (unsigned int)a[1], until);
	if (ret != -EINTR && current->restore_sigmask) {
		current->restore_sigmask = false;
		signal_set_mask(current, current->saved_sigmask);
	}
	if (utsp && (ts.tv_sec || ts.tv_nsec)) {
		u64 now = timer_ticks(), left = until > now + 1 ? until - now - 1 : 0;
		struct timespec rts = { (long)(left / HZ),
					(long)(left % HZ) * (NSEC_PER_SEC / HZ) };

		(void)copy_to_user(utsp, &rts, sizeof(rts));
	}
	return ret;
}
