// SPDX-License-Identifier: MIT
/* timerfd_create(), timerfd_settime(), timerfd_gettime() and the file they give (see <kernel/timerfd.h>). */
#include <kernel/clock_timer.h>
#include <kernel/compiler.h>
#include <kernel/file.h>
#include <kernel/kmem.h>
#include <kernel/poll.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/time.h>
#include <kernel/timerfd.h>
#include <kernel/uaccess.h>
#include <kernel/waitq.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/fcntl.h>
#include <uapi/linux/time.h>
#include <uapi/linux/timerfd.h>

struct timerfd {
	struct clock_timer ct;
	u64 ticks;	    /* expiries not yet read */
	bool cancel_on_set; /* armed with TFD_TIMER_CANCEL_ON_SET on CLOCK_REALTIME */
	bool canceled;	    /* ... and the clock was set since: the next read says ECANCELED */
	struct waitq readers;
	struct timerfd *cancel_next; /* on cancel_list while cancel_on_set */
};

/* The timerfds that want to hear of CLOCK_REALTIME being set. */
static struct timerfd *cancel_list;

static const struct file_ops timerfd_ops;

static void cancel_list_remove(struct timerfd *tfd)
{
	for (struct timerfd **pp = &cancel_list; *pp; pp = &(*pp)->cancel_next) {
		if (*pp == tfd) {
			*pp = tfd->cancel_next;
			break;
		}
	}
	tfd->cancel_next = NULL;
	tfd->cancel_on_set = false;
}

static void readable(struct timerfd *tfd)
{
	waitq_wake(&tfd->readers, -1);
	poll_wake();
}

static void timerfd_expired(struct clock_timer *ct, s64 periods)
{
	struct timerfd *tfd = container_of(ct, struct timerfd, ct);

	tfd->ticks = tfd->ticks > UINT64_MAX - (u64)periods ? UINT64_MAX
							    : tfd->ticks + (u64)periods;
	readable(tfd);
}

/* Linux's timerfd_clock_was_set(): a cancel-on-set timerfd turns readable and its read fails. */
void timerfd_clock_was_set(void)
{
	for (struct timerfd *tfd = cancel_list; tfd; tfd = tfd->cancel_next) {
		tfd->canceled = true;
		tfd->ticks++;
		readable(tfd);
	}
}

/* A read takes every expiry so far: under 8 bytes EINVAL, none yet waits (EAGAIN non-blocking). */
static long timerfd_read(struct file *f, char __user *buf, size_t n)
{
	struct timerfd *tfd = f->priv;
	u64 ticks;

	if (n < sizeof(ticks))
		return -EINVAL;
	while (!tfd->ticks) {
		if (f->f_flags & O_NONBLOCK)
			return -EAGAIN;
		if (waitq_sleep(&tfd->readers, 0) && !tfd->ticks)
			return -ERESTARTSYS;
	}
	ticks = tfd->ticks;
	tfd->ticks = 0;
	if (tfd->canceled) {
		tfd->canceled = false;
		return -ECANCELED;
	}
	/* The count is gone even when it cannot be written, as Linux's. */
	return put_user(ticks, (u64 __user *)buf) ? -EFAULT : (long)sizeof(ticks);
}

static unsigned int timerfd_poll(struct file *f)
{
	const struct timerfd *tfd = f->priv;

	return tfd->ticks ? POLLIN | POLLRDNORM : 0;
}

static void timerfd_release(struct file *f)
{
	struct timerfd *tfd = f->priv;

	clock_timer_cancel(&tfd->ct);
	if (tfd->cancel_on_set)
		cancel_list_remove(tfd);
	waitq_assert_empty(&tfd->readers, "a timerfd's reader queue");
	kfree(tfd);
}

static const struct file_ops timerfd_ops = {
	.read = timerfd_read,
	.release = timerfd_release,
	.poll = timerfd_poll,
};

/*
 * timerfd_create(clock, flags): the three clocks and the two flags, else
 * EINVAL (Linux also takes the alarm clocks, which Umbra does not have).
 */
SYSCALL(timerfd_create)
{
	int clock = (int)a[0], flags = (int)a[1], fd;
	struct timerfd *tfd;
	struct file *f;

	if (flags & ~(TFD_CLOEXEC | TFD_NONBLOCK))
		return -EINVAL;
	if (clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC && clock != CLOCK_BOOTTIME)
		return -EINVAL;
	tfd = kzalloc(sizeof(*tfd));
	if (!tfd)
		return -ENOMEM;
	clock_timer_setup(&tfd->ct, clock, false, timerfd_expired);
	f = file_new(&timerfd_ops);
	if (!f) {
		kfree(tfd);
		return -ENOMEM;
	}
	f->priv = tfd;
	f->f_flags |= flags & TFD_NONBLOCK;
	fd = fd_install(current->files, f, flags & TFD_CLOEXEC);
	if (fd < 0)
		file_put(f);
	return fd;
}

/* The timerfd at fd: -EBADF for no file, -EINVAL for another kind. */
static int timerfd_of(int fd, struct timerfd **tfd)
{
	struct file *f = fd_get(current->files, fd);

	if (!f)
		return -EBADF;
	if (f->ops != &timerfd_ops)
		return -EINVAL;
	*tfd = f->priv;
	return 0;
}

/*
 * timerfd_settime(fd, flags, new, old): EFAULT, then EINVAL for unknown
 * flags or a bad time, EBADF, EINVAL for a file that is no timerfd.
 * Unread expiries are dropped. TFD_TIMER_CANCEL_ON_SET takes effect with
 * TFD_TIMER_ABSTIME on CLOCK_REALTIME and is ignored otherwise, as Linux's.
 */
SYSCALL(timerfd_settime)
{
	int flags = (int)a[1];
	const struct itimerspec __user *unew = (const struct itimerspec __user *)a[2];
	struct itimerspec __user *uold = (struct itimerspec __user *)a[3];
	struct itimerspec v;
	struct timerfd *tfd;
	s64 old_left, old_interval;
	int err;

	if (copy_from_user(&v, unew, sizeof(v)))
		return -EFAULT;
	if ((flags & ~(TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET)) || !itimerspec_valid(&v))
		return -EINVAL;
	err = timerfd_of((int)a[0], &tfd);
	if (err)
		return err;
	clock_timer_get(&tfd->ct, &old_left, &old_interval);
	if (tfd->cancel_on_set)
		cancel_list_remove(tfd);
	tfd->ticks = 0;
	tfd->canceled = false;
	if (tfd->ct.base == CT_REALTIME && (flags & TFD_TIMER_ABSTIME) &&
	    (flags & TFD_TIMER_CANCEL_ON_SET)) {
		tfd->cancel_on_set = true;
		tfd->cancel_next = cancel_list;
		cancel_list = tfd;
	}
	clock_timer_set_spec(&tfd->ct, flags & TFD_TIMER_ABSTIME, &v);
	return uold ? put_itimerspec(uold, old_left, old_interval) : 0;
}

SYSCALL(timerfd_gettime)
{
	struct timerfd *tfd;
	s64 left, interval;
	int err = timerfd_of((int)a[0], &tfd);

	if (err)
		return err;
	clock_timer_get(&tfd->ct, &left, &interval);
	return put_itimerspec((struct itimerspec __user *)a[1], left, interval);
}
