// SPDX-License-Identifier: MIT
/* timer_create(), timer_settime(), timer_gettime(), timer_getoverrun(), timer_delete() (see <kernel/posix_timer.h>). */
#include <kernel/big_lock.h>
#include <kernel/clock_timer.h>
#include <kernel/compiler.h>
#include <kernel/kmem.h>
#include <kernel/pid.h>
#include <kernel/posix_timer.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/time.h>
#include <kernel/uaccess.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/resource.h>
#include <uapi/linux/signal.h>
#include <uapi/linux/time.h>

#define TIMER_ID_MAX 0x7fffffff /* IDs are non-negative ints (Linux's timer_t) */

struct posix_timer {
	struct clock_timer ct;
	struct process *owner;
	struct posix_timer *next; /* in owner->posix_timers */
	int id;
	int notify; /* SIGEV_SIGNAL, SIGEV_NONE or SIGEV_THREAD_ID */
	int signo;
	int thread;	  /* SIGEV_THREAD_ID: the thread's number in init_pid_ns */
	u64 value;	  /* sigev_value */
	int overrun;	  /* expiries since the signal was sent, while it waits */
	int overrun_last; /* what the last delivered signal said: timer_getoverrun() */
};

/*
 * POSIX timers in the system. Linux charges each timer's preallocated
 * signal to its user's RLIMIT_SIGPENDING count: everyone is root here, so
 * all timers count for one user.
 */
static unsigned long timers_in_use;

static int add_sat_int(int a, s64 b)
{
	return b >= DELAYTIMER_MAX - a ? DELAYTIMER_MAX : a + (int)b;
}

/* Where the timer's signal goes: the thread (SIGEV_THREAD_ID) or NULL for the process. */
static struct task *signal_thread(const struct posix_timer *pt, bool *gone)
{
	struct pid *pid;
	struct task *t;

	*gone = false;
	if (pt->notify != SIGEV_THREAD_ID)
		return NULL;
	pid = pid_find(&init_pid_ns, pt->thread);
	t = pid_task(pid);
	if (!t || t->proc != pt->owner) {
		*gone = true; /* the thread has exited: the expiry goes nowhere, as Linux's */
		return NULL;
	}
	return t;
}

/* The timer's last signal waits, undelivered, in the pending set and info slots given. */
static bool signal_waits(const struct posix_timer *pt, u64 pending, const struct ksiginfo *info)
{
	const struct ksiginfo *k = &info[pt->signo - 1];

	return (pending & SIGBIT(pt->signo)) && k->code == SI_TIMER && k->timer_id == pt->id;
}

static void posix_timer_expired(struct clock_timer *ct, s64 periods)
{
	struct posix_timer *pt = container_of(ct, struct posix_timer, ct);
	struct process *p = pt->owner;
	struct ksiginfo k = {
		.signo = pt->signo, .code = SI_TIMER, .timer_id = pt->id, .value = pt->value
	};
	bool gone;
	struct task *t = signal_thread(pt, &gone);

	if (pt->notify == SIGEV_NONE || gone)
		return;
	if (t ? signal_waits(pt, t->sigpending, t->siginfo)
	      : signal_waits(pt, p->sigpending, p->siginfo)) {
		pt->overrun = add_sat_int(pt->overrun, periods);
		return;
	}
	/* Periods the tick passed over before this expiry was seen are overruns too. */
	pt->overrun = add_sat_int(0, periods - 1);
	if (t)
		signal_send_thread(t, pt->signo, &k);
	else
		signal_send_process(p, pt->signo, &k);
}

static struct posix_timer *timer_find(const struct process *p, int id)
{
	for (struct posix_timer *pt = p->posix_timers.head; pt; pt = pt->next)
		if (pt->id == id)
			return pt;
	return NULL;
}

void posix_timer_dequeued(struct process *p, struct ksiginfo *info)
{
	struct posix_timer *pt = timer_find(p, info->timer_id);

	if (!pt)
		return; /* deleted since it was sent: its count went with it */
	info->overrun = pt->overrun;
	pt->overrun_last = pt->overrun;
	pt->overrun = 0;
}

static void timer_free(struct posix_timer *pt)
{
	clock_timer_cancel(&pt->ct);
	timers_in_use--;
	kfree(pt);
}

void posix_timers_delete_all(struct process *p)
{
	struct posix_timer *pt;

	while ((pt = p->posix_timers.head)) {
		p->posix_timers.head = pt->next;
		timer_free(pt);
	}
}

/* The next free ID of p, counting up from next_id and wrapping within the non-negative ints. */
static int timer_id_alloc(struct process *p)
{
	for (long tries = 0; tries <= TIMER_ID_MAX; tries++) {
		int id = p->posix_timers.next_id;

		p->posix_timers.next_id = (id + 1) & TIMER_ID_MAX;
		if (!timer_find(p, id))
			return id;
	}
	return -EAGAIN;
}

/*
 * Linux's good_sigevent(): how the timer notifies, checked. SIGEV_THREAD is
 * libc's to implement and comes here as a signal; SIGEV_THREAD_ID's thread
 * must be in the caller's process.
 */
static int sigevent_check(struct posix_timer *pt, const struct sigevent *ev)
{
	struct pid *pid;

	switch (ev->sigev_notify) {
	case SIGEV_THREAD_ID:
		pid = pid_find(task_active_pid_ns(current), ev->sigev_notify_thread_id);
		struct task *t = pid_task(pid);

		if (!t || t->proc != current->proc)
			return -EINVAL;
		pt->thread = pid->nr[0];
		/* fall through */
	case SIGEV_SIGNAL:
	case SIGEV_THREAD:
		if (ev->sigev_signo <= 0 || ev->sigev_signo > _NSIG)
			return -EINVAL;
		break;
	case SIGEV_NONE:
		break;
	default:
		return -EINVAL;
	}
	pt->notify = ev->sigev_notify == SIGEV_THREAD ? SIGEV_SIGNAL : ev->sigev_notify;
	pt->signo = ev->sigev_signo;
	pt->value = ev->sigev_value;
	return 0;
}

/*
 * Linux's first check of timer_create()'s clock: -EINVAL for no such
 * clock (the alarm clocks are none here, as for clock_gettime()), -EOPNOTSUPP for one without timers (the raw and coarse clocks, a
 * clock device's). Whose CPU clock it is comes last (clock_timer_setup()).
 */
static int clock_has_timers(int clock)
{
	switch (clock) {
	case CLOCK_REALTIME:
	case CLOCK_MONOTONIC:
	case CLOCK_PROCESS_CPUTIME_ID:
	case CLOCK_THREAD_CPUTIME_ID:
	case CLOCK_BOOTTIME:
	case CLOCK_TAI:
		return 0;
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_REALTIME_COARSE:
	case CLOCK_MONOTONIC_COARSE:
		return -EOPNOTSUPP;
	default:
		if (clock < 0)
			return (clock & CLOCKFD_MASK) == CLOCKFD ? -EOPNOTSUPP : 0;
		return -EINVAL;
	}
}

/* timer_create(clock, sigevent or NULL, timer_t *), in Linux's order of checks. */
SYSCALL(timer_create)
{
	int clock = (int)a[0];
	const struct sigevent __user *uev = (const struct sigevent __user *)a[1];
	int __user *uid = (int __user *)a[2];
	struct process *p = current->proc;
	struct sigevent ev;
	struct posix_timer *pt;
	int err, id;

	if (uev && copy_from_user(&ev, uev, sizeof(ev)))
		return -EFAULT;
	err = clock_has_timers(clock);
	if (err)
		return err;
	if (timers_in_use + 1 > p->rlim[RLIMIT_SIGPENDING].rlim_cur)
		return -EAGAIN; /* its signal cannot be allocated */
	id = timer_id_alloc(p);
	if (id < 0)
		return id;
	pt = kzalloc(sizeof(*pt));
	if (!pt)
		return -EAGAIN;
	pt->id = id;
	pt->owner = p;
	if (!uev)
		ev = (struct sigevent){ .sigev_value = (unsigned int)id, .sigev_signo = SIGALRM };
	err = sigevent_check(pt, &ev);
	if (!err && put_user(id, uid))
		err = -EFAULT;
	if (!err)
		err = clock_timer_setup(&pt->ct, clock, true, posix_timer_expired);
	if (err) {
		kfree(pt);
		return err;
	}
	timers_in_use++;
	pt->next = p->posix_timers.head;
	p->posix_timers.head = pt;
	return 0;
}

/*
 * timer_settime(id, flags, new, old): a NULL new is EINVAL, then EFAULT,
 * then a bad time EINVAL, then an unknown timer EINVAL; TIMER_ABSTIME is
 * the only flag looked at. The old value is written after the new one is
 * set (an EFAULT there leaves the timer set), as Linux does.
 */
SYSCALL(timer_settime)
{
	int id = (int)a[0], flags = (int)a[1];
	const struct itimerspec __user *unew = (const struct itimerspec __user *)a[2];
	struct itimerspec __user *uold = (struct itimerspec __user *)a[3];
	struct itimerspec v;
	struct posix_timer *pt;
	s64 old_left, old_interval;
	int err;

	if (!unew)
		return -EINVAL;
	if (copy_from_user(&v, unew, sizeof(v)))
		return -EFAULT;
	if (!itimerspec_valid(&v))
		return -EINVAL;
	pt = timer_find(current->proc, id);
	if (!pt)
		return -EINVAL;
	clock_timer_get(&pt->ct, &old_left, &old_interval);
	pt->overrun = pt->overrun_last = 0;
	err = clock_timer_set_spec(&pt->ct, flags & TIMER_ABSTIME, &v);
	if (err)
		return err;
	return uold ? put_itimerspec(uold, old_left, old_interval) : 0;
}

SYSCALL(timer_gettime)
{
	struct posix_timer *pt = timer_find(current->proc, (int)a[0]);
	s64 left, interval;

	if (!pt)
		return -EINVAL;
	clock_timer_get(&pt->ct, &left, &interval);
	return put_itimerspec((struct itimerspec __user *)a[1], left, interval);
}

SYSCALL(timer_getoverrun)
{
	struct posix_timer *pt = timer_find(current->proc, (int)a[0]);

	return pt ? pt->overrun_last : -EINVAL;
}

SYSCALL(timer_delete)
{
	struct process *p = current->proc;

	for (struct posix_timer **pp = &p->posix_timers.head; *pp; pp = &(*pp)->next) {
		struct posix_timer *pt = *pp;

		if (pt->id == (int)a[0]) {
			*pp = pt->next;
			timer_free(pt);
			return 0;
		}
	}
	return -EINVAL;
}
