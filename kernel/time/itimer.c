// SPDX-License-Identifier: MIT
/* alarm(), setitimer(), getitimer() (see <kernel/itimer.h>). */
#include <kernel/big_lock.h>
#include <kernel/itimer.h>
#include <kernel/signal.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/time.h>
#include <kernel/uaccess.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/time.h>

#define NSEC_PER_USEC 1000
#define USEC_PER_SEC 1000000
#define NSEC_PER_TICK (NSEC_PER_SEC / HZ)
/* Linux keeps times as signed 64-bit nanoseconds (ktime_t) and clamps there. */
#define KTIME_MAX_NS INT64_MAX

static const int cpu_timer_signal[2] = { SIGVTALRM, SIGPROF };

/* Sent as Linux's SEND_SIG_PRIV: from the kernel, si_code SI_KERNEL. */
static void send_timer_signal(struct process *p, int sig)
{
	struct ksiginfo k = { .signo = sig, .code = SI_KERNEL };

	signal_send_process(p, sig, &k);
}

/* a + b for b >= 0, KTIME_MAX_NS at most: a huge interval must not wrap to the past. */
static s64 add_sat(s64 a, s64 b)
{
	return a > KTIME_MAX_NS - b ? KTIME_MAX_NS : a + b;
}

static void real_timer_fire(struct tick_timer *t)
{
	struct itimers *it = container_of(t, struct itimers, real);
	struct process *p = container_of(it, struct process, itimers);
	s64 now = time_monotonic_ns(), interval = it->real_interval_ns, next;

	send_timer_signal(p, SIGALRM);
	if (!interval)
		return;
	/* The first period end after now: missed periods are skipped, as Linux's hrtimer_forward(). */
	next = add_sat(t->expires_ns, interval);
	if (next <= now) {
		s64 periods = (now - next) / interval + 1;

		next = periods > (KTIME_MAX_NS - next) / interval ? KTIME_MAX_NS
								  : next + periods * interval;
	}
	tick_timer_arm(t, next);
}

void itimers_init(struct process *p)
{
	p->itimers = (struct itimers){ .real = { .fire = real_timer_fire } };
}

void itimers_exit(struct process *p)
{
	tick_timer_cancel(&p->itimers.real);
	p->itimers.cpu_left_ns[0] = p->itimers.cpu_left_ns[1] = 0;
}

static void cpu_timer_charge(struct process *p, int i)
{
	struct itimers *it = &p->itimers;

	if (!it->cpu_left_ns[i])
		return;
	it->cpu_left_ns[i] -= NSEC_PER_TICK;
	if (it->cpu_left_ns[i] > 0)
		return;
	send_timer_signal(p, cpu_timer_signal[i]);
	/* The overshoot comes off the next period; at least 1 ns stays armed. */
	it->cpu_left_ns[i] = it->cpu_interval_ns[i] ? it->cpu_left_ns[i] + it->cpu_interval_ns[i]
						    : 0;
	if (it->cpu_interval_ns[i] && it->cpu_left_ns[i] <= 0)
		it->cpu_left_ns[i] = 1;
}

void itimer_cpu_tick(struct process *p, bool from_user)
{
	if (from_user)
		cpu_timer_charge(p, 0);
	cpu_timer_charge(p, 1);
}

static s64 timeval_to_ns(const struct timeval *tv)
{
	/* tv_sec * 1e9 overflows past ~292 years: clamp as Linux's ktime_set(). */
	if (tv->tv_sec >= KTIME_MAX_NS / NSEC_PER_SEC)
		return KTIME_MAX_NS;
	return tv->tv_sec * NSEC_PER_SEC + tv->tv_usec * NSEC_PER_USEC;
}

/* Truncated to microseconds, as Linux's put_itimerval(). */
static struct timeval ns_to_timeval(s64 ns)
{
	return (struct timeval){ ns / NSEC_PER_SEC, ns % NSEC_PER_SEC / NSEC_PER_USEC };
}

static bool timeval_valid(const struct timeval *tv)
{
	return tv->tv_sec >= 0 && tv->tv_usec >= 0 && tv->tv_usec < USEC_PER_SEC;
}

/* The time left and interval of timer which, in ns; -EINVAL for an unknown one. */
static int itimer_get(int which, s64 *value, s64 *interval)
{
	struct itimers *it = &current->proc->itimers;

	switch (which) {
	case ITIMER_REAL:
		*value = 0;
		if (it->real.armed) {
			*value = it->real.expires_ns - time_monotonic_ns();
			if (*value <= 0)
				*value = NSEC_PER_USEC; /* due, not yet fired: Linux says 1 us */
		}
		*interval = it->real_interval_ns;
		return 0;
	case ITIMER_VIRTUAL:
	case ITIMER_PROF:
		*value = it->cpu_left_ns[which - 1];
		*interval = it->cpu_interval_ns[which - 1];
		return 0;
	default:
		return -EINVAL;
	}
}

static int itimer_set(int which, s64 value, s64 interval)
{
	struct itimers *it = &current->proc->itimers;

	switch (which) {
	case ITIMER_REAL:
		tick_timer_cancel(&it->real);
		it->real_interval_ns = interval;
		if (value) {
			s64 now = time_monotonic_ns();

			tick_timer_arm(&it->real, add_sat(now, value));
		}
		return 0;
	case ITIMER_VIRTUAL:
	case ITIMER_PROF:
		it->cpu_left_ns[which - 1] = value;
		it->cpu_interval_ns[which - 1] = interval;
		return 0;
	default:
		return -EINVAL;
	}
}

static int put_itimerval(struct itimerval __user *u, s64 value, s64 interval)
{
	struct itimerval v = { ns_to_timeval(interval), ns_to_timeval(value) };

	return copy_to_user(u, &v, sizeof(v));
}

SYSCALL(getitimer)
{
	s64 value, interval;
	int err = itimer_get((int)a[0], &value, &interval);

	if (err)
		return err;
	return put_itimerval((struct itimerval __user *)a[1], value, interval);
}

/* A NULL new value disarms the timer (a misfeature Linux keeps). */
SYSCALL(setitimer)
{
	int which = (int)a[0];
	const struct itimerval __user *unew = (const struct itimerval __user *)a[1];
	struct itimerval __user *uold = (struct itimerval __user *)a[2];
	struct itimerval v = { 0 };
	s64 old_value, old_interval;
	int err;

	if (unew) {
		if (copy_from_user(&v, unew, sizeof(v)))
			return -EFAULT;
		if (!timeval_valid(&v.it_value) || !timeval_valid(&v.it_interval))
			return -EINVAL;
	}
	err = itimer_get(which, &old_value, &old_interval);
	if (err)
		return err;
	itimer_set(which, timeval_to_ns(&v.it_value), timeval_to_ns(&v.it_interval));
	if (uold)
		return put_itimerval(uold, old_value, old_interval);
	return 0;
}

/*
 * ITIMER_REAL for seconds, one shot; the seconds that were left, rounded
 * to the nearest and never 0 while one was pending (Linux's
 * alarm_setitimer()).
 */
SYSCALL(alarm)
{
	unsigned int seconds = (unsigned int)a[0];
	s64 old_value, old_interval;
	long left;

	itimer_get(ITIMER_REAL, &old_value, &old_interval);
	itimer_set(ITIMER_REAL, (s64)seconds * NSEC_PER_SEC, 0);
	left = (long)(old_value / NSEC_PER_SEC);
	if ((!left && old_value) || old_value % NSEC_PER_SEC >= NSEC_PER_SEC / 2)
		left++;
	return left;
}
