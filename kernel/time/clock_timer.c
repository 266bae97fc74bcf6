// SPDX-License-Identifier: MIT
/* Timers on the wall, monotonic and CPU clocks (see <kernel/clock_timer.h>). */
#include <kernel/big_lock.h>
#include <kernel/clock_timer.h>
#include <kernel/compiler.h>
#include <kernel/cputime.h>
#include <kernel/pid.h>
#include <kernel/task.h>
#include <kernel/time.h>
#include <kernel/timens.h>
#include <kernel/timerfd.h>
#include <kernel/uaccess.h>
#include <uapi/linux/errno.h>
#include <uapi/linux/time.h>

/* Linux keeps times as signed 64-bit nanoseconds (ktime_t) and saturates there. */
#define KTIME_MAX_NS INT64_MAX

/* The armed timers on CPU clocks, and the armed CLOCK_REALTIME ones; unordered, a handful. */
static struct clock_timer *cpu_timers, *realtime_timers;

static s64 add_sat(s64 a, s64 b)
{
	return a > KTIME_MAX_NS - b ? KTIME_MAX_NS : a + b;
}

/* CLOCK_REALTIME - CLOCK_MONOTONIC: where a realtime expiry lies on the tick's clock. */
static s64 realtime_offset(void)
{
	return time_realtime_ns() - time_monotonic_ns();
}

static bool on_cpu_clock(const struct clock_timer *ct)
{
	return ct->base == CT_CPU_PROCESS || ct->base == CT_CPU_THREAD;
}

/* The CPU clock's time; false when its process or thread is gone. */
static bool cpu_clock_now(const struct clock_timer *ct, s64 *now)
{
	struct pid *pid = pid_find(&init_pid_ns, ct->cpu_owner);
	struct cpu_usage u;

	if (!pid)
		return false;
	if (ct->base == CT_CPU_THREAD) {
		struct task *t = pid_task(pid);

		if (!t)
			return false;
		cputime_thread(t, &u);
	} else {
		if (!pid->proc)
			return false;
		cputime_process(pid->proc, &u);
	}
	*now = cpu_usage_clock_ns(ct->cpu_which, &u);
	return true;
}

/* The clock's time now (no namespace offset); false when a CPU clock's owner is gone. */
static bool clock_now(const struct clock_timer *ct, s64 *now)
{
	switch (ct->base) {
	case CT_MONOTONIC:
		*now = time_monotonic_ns();
		return true;
	case CT_REALTIME:
		*now = time_realtime_ns();
		return true;
	default:
		return cpu_clock_now(ct, now);
	}
}

static void list_remove(struct clock_timer **head, struct clock_timer *ct)
{
	for (struct clock_timer **pp = head; *pp; pp = &(*pp)->list_next) {
		if (*pp == ct) {
			*pp = ct->list_next;
			break;
		}
	}
	ct->list_next = NULL;
}

void clock_timer_cancel(struct clock_timer *ct)
{
	assert_big_lock_held();
	if (!ct->armed)
		return;
	ct->armed = false;
	if (on_cpu_clock(ct)) {
		list_remove(&cpu_timers, ct);
		return;
	}
	tick_timer_cancel(&ct->tick);
	if (ct->base == CT_REALTIME)
		list_remove(&realtime_timers, ct);
}

/* Puts ct's expiry, ct->expires_ns, where its clock's expiries are looked for. */
static void arm(struct clock_timer *ct)
{
	switch (ct->base) {
	case CT_MONOTONIC:
		tick_timer_arm(&ct->tick, ct->expires_ns);
		break;
	case CT_REALTIME:
		tick_timer_arm(&ct->tick, ct->expires_ns - realtime_offset());
		if (!ct->armed) {
			ct->list_next = realtime_timers;
			realtime_timers = ct;
		}
		break;
	default:
		if (!ct->armed) {
			ct->list_next = cpu_timers;
			cpu_timers = ct;
		}
		break;
	}
	ct->armed = true;
}

/*
 * ct is due at now: the periods that ended since its expiry are counted,
 * and it is armed for the first one after now (missed ones are skipped, as
 * Linux's hrtimer_forward()) or disarmed; then its owner is told.
 */
static void expire(struct clock_timer *ct, s64 now)
{
	s64 periods = 1, interval = ct->interval_ns;

	if (interval) {
		s64 late = now - ct->expires_ns;

		periods = late / interval + 1;
		ct->expires_ns = periods > (KTIME_MAX_NS - ct->expires_ns) / interval
					 ? KTIME_MAX_NS
					 : ct->expires_ns + periods * interval;
		arm(ct);
	} else {
		clock_timer_cancel(ct);
	}
	ct->expired(ct, periods);
}

static void tick_expired(struct tick_timer *t)
{
	struct clock_timer *ct = container_of(t, struct clock_timer, tick);
	s64 now;

	/* The tick timer was already taken off its list: the clock_timer is still armed. */
	clock_now(ct, &now);
	if (now < ct->expires_ns) {
		arm(ct); /* CLOCK_REALTIME moved back since it was armed: not due yet */
		return;
	}
	expire(ct, now);
}

int clock_timer_setup(struct clock_timer *ct, int clock, bool cpu_ok,
		      void (*expired)(struct clock_timer *ct, s64 periods))
{
	*ct = (struct clock_timer){ .expired = expired, .tick = { .fire = tick_expired } };
	switch (clock) {
	case CLOCK_REALTIME:
	case CLOCK_TAI: /* TAI reads as UTC (kernel/time/time.c) */
		ct->base = CT_REALTIME;
		return 0;
	case CLOCK_MONOTONIC:
		ct->base = CT_MONOTONIC;
		return 0;
	case CLOCK_BOOTTIME:
		ct->base = CT_MONOTONIC;
		ct->boottime = true;
		return 0;
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_REALTIME_COARSE:
	case CLOCK_MONOTONIC_COARSE:
		return cpu_ok ? -EOPNOTSUPP : -EINVAL; /* Linux's clocks without timer_create */
	case CLOCK_PROCESS_CPUTIME_ID:
		clock = MAKE_PROCESS_CPUCLOCK(0, CPUCLOCK_SCHED);
		break;
	case CLOCK_THREAD_CPUTIME_ID:
		clock = MAKE_THREAD_CPUCLOCK(0, CPUCLOCK_SCHED);
		break;
	default:
		if (clock >= 0 || !cpu_ok)
			return -EINVAL;
		if ((clock & CLOCKFD_MASK) == CLOCKFD)
			return -EOPNOTSUPP; /* a clock device's: no timers on those */
		break;
	}
	if (!cpu_ok)
		return -EINVAL;

	/* A CPU clock: Linux's pid_for_clock() for a timer. */
	int nr = CPUCLOCK_PID(clock);
	struct pid *pid = current->pid;

	if (CPUCLOCK_WHICH(clock) >= CPUCLOCK_MAX)
		return -EINVAL;
	ct->cpu_which = CPUCLOCK_WHICH(clock);
	if (CPUCLOCK_PERTHREAD(clock)) {
		ct->base = CT_CPU_THREAD;
		if (nr != 0) {
			pid = nr > 0 ? pid_find(task_active_pid_ns(current), nr) : NULL;
			struct task *t = pid_task(pid);

			if (!t || t->proc != current->proc)
				return -EINVAL;
		}
	} else {
		ct->base = CT_CPU_PROCESS;
		pid = current->proc->pid;
		if (nr != 0) {
			pid = nr > 0 ? pid_find(task_active_pid_ns(current), nr) : NULL;
			if (!pid || !pid->proc || pid->proc->pid != pid)
				return -EINVAL; /* no thread-group leader of that number */
		}
	}
	ct->cpu_owner = pid->nr[0];
	return 0;
}

int clock_timer_set(struct clock_timer *ct, bool abstime, s64 value_ns, s64 interval_ns)
{
	s64 now;

	clock_timer_cancel(ct);
	ct->interval_ns = 0;
	if (!value_ns)
		return 0;
	if (!clock_now(ct, &now))
		return -ESRCH;
	ct->interval_ns = interval_ns;
	if (abstime) {
		const struct time_ns *tns = current->proc->time_ns;

		/* The caller's namespace sees its monotonic clocks moved by its offsets. */
		if (ct->base == CT_MONOTONIC)
			value_ns -= ct->boottime ? tns->boottime_offset_ns
						 : tns->monotonic_offset_ns;
		ct->expires_ns = value_ns;
	} else {
		ct->expires_ns = add_sat(now, value_ns);
	}
	arm(ct);
	if (ct->expires_ns <= now)
		expire(ct, now); /* already past: at once, as Linux */
	return 0;
}

void clock_timer_get(struct clock_timer *ct, s64 *left_ns, s64 *interval_ns)
{
	s64 now;

	*interval_ns = ct->interval_ns;
	*left_ns = 0;
	if (!ct->armed || !clock_now(ct, &now))
		return;
	*left_ns = ct->expires_ns - now;
	if (*left_ns <= 0)
		*left_ns = 1; /* due, not yet seen by the tick: Linux says 1 ns */
}

static bool timespec_valid(const struct timespec *ts)
{
	return ts->tv_sec >= 0 && ts->tv_nsec >= 0 && ts->tv_nsec < NSEC_PER_SEC;
}

bool itimerspec_valid(const struct itimerspec *v)
{
	return timespec_valid(&v->it_value) && timespec_valid(&v->it_interval);
}

/* Saturates at Linux's KTIME_MAX, as its timespec64_to_ktime(). */
static s64 timespec_to_ns(const struct timespec *ts)
{
	if (ts->tv_sec >= KTIME_MAX_NS / NSEC_PER_SEC)
		return KTIME_MAX_NS;
	return ts->tv_sec * NSEC_PER_SEC + ts->tv_nsec;
}

int clock_timer_set_spec(struct clock_timer *ct, bool abstime, const struct itimerspec *v)
{
	return clock_timer_set(ct, abstime, timespec_to_ns(&v->it_value),
			       timespec_to_ns(&v->it_interval));
}

/* ns >= 0 here: a time left or an interval. */
static struct timespec ns_to_timespec(s64 ns)
{
	return (struct timespec){ (long)(ns / NSEC_PER_SEC), (long)(ns % NSEC_PER_SEC) };
}

int put_itimerspec(struct itimerspec __user *u, s64 left_ns, s64 interval_ns)
{
	struct itimerspec v = { ns_to_timespec(interval_ns), ns_to_timespec(left_ns) };

	return copy_to_user(u, &v, sizeof(v)) ? -EFAULT : 0;
}

/* The first armed CPU timer on one of t's clocks that is due, or NULL. */
static struct clock_timer *first_due_cpu_timer(struct task *t, s64 *now)
{
	int tid = t->pid->nr[0], tgid = t->proc->pid->nr[0];

	for (struct clock_timer *ct = cpu_timers; ct; ct = ct->list_next) {
		if (ct->cpu_owner != (ct->base == CT_CPU_THREAD ? tid : tgid))
			continue;
		if (cpu_clock_now(ct, now) && *now >= ct->expires_ns)
			return ct;
	}
	return NULL;
}

void cpu_timers_charged(struct task *t)
{
	struct clock_timer *ct;
	s64 now;

	assert_big_lock_held();
	if (!t->proc)
		return;
	/* One at a time: an expiry may arm, cancel or free any timer. */
	while ((ct = first_due_cpu_timer(t, &now)))
		expire(ct, now);
}

void clock_timers_clock_was_set(void)
{
	assert_big_lock_held();
	for (struct clock_timer *ct = realtime_timers; ct; ct = ct->list_next)
		tick_timer_arm(&ct->tick, ct->expires_ns - realtime_offset());
	timerfd_clock_was_set();
}
