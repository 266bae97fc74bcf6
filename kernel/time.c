// SPDX-License-Identifier: MIT
/* clock_gettime(), nanosleep(), clock_nanosleep() over the tick counter. */
#include <kernel/printk.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/time.h>
#include <kernel/timens.h>
#include <kernel/timer.h>
#include <kernel/uaccess.h>
#include <kernel/waitq.h>
#include <uapi/linux/errno.h>

#define NSEC_PER_TICK (NSEC_PER_SEC / HZ)
#define TIMER_ABSTIME 1

static s64 boot_epoch_ns;

void time_init(void)
{
	s64 epoch = arch_rtc_read_epoch();

	boot_epoch_ns = epoch * NSEC_PER_SEC;
	pr_info("time: real-time clock says %ld s since the epoch\n", (long)epoch);
}

u64 ticks_add_sat(u64 a, u64 b)
{
	return (a >= TICKS_FOREVER || b >= TICKS_FOREVER - a) ? TICKS_FOREVER : a + b;
}

u64 timespec_to_ticks_ceil(const struct timespec *ts)
{
	/* Seconds and nanoseconds apart: tv_sec * NSEC_PER_SEC overflows past ~292 years. */
	u64 sec = (u64)ts->tv_sec;

	if (sec >= TICKS_FOREVER / HZ)
		return TICKS_FOREVER;
	return ticks_add_sat(sec * HZ, ((u64)ts->tv_nsec + NSEC_PER_TICK - 1) / NSEC_PER_TICK);
}

s64 time_monotonic_ns(void)
{
	return (s64)timer_ticks() * NSEC_PER_TICK;
}

static struct timespec ns_to_timespec(s64 ns)
{
	struct timespec ts = { (long)(ns / NSEC_PER_SEC), (long)(ns % NSEC_PER_SEC) };

	if (ts.tv_nsec < 0) {
		ts.tv_nsec += NSEC_PER_SEC;
		ts.tv_sec--;
	}
	return ts;
}

/* The clock's value in the caller's time namespace, or -EINVAL. */
static int clock_read(int clock, s64 *ns)
{
	const struct time_ns *tns = current->proc->time_ns;

	switch (clock) {
	case CLOCK_REALTIME:
	case CLOCK_REALTIME_COARSE:
		*ns = boot_epoch_ns + time_monotonic_ns();
		return 0;
	case CLOCK_MONOTONIC:
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_MONOTONIC_COARSE:
		*ns = time_monotonic_ns() + tns->monotonic_offset_ns;
		return 0;
	case CLOCK_BOOTTIME:
		*ns = time_monotonic_ns() + tns->boottime_offset_ns;
		return 0;
	case CLOCK_PROCESS_CPUTIME_ID:
	case CLOCK_THREAD_CPUTIME_ID:
		*ns = time_monotonic_ns(); /* no CPU-time accounting: wall time bounds it */
		return 0;
	default:
		return -EINVAL;
	}
}

SYSCALL(clock_gettime)
{
	s64 ns;
	int err = clock_read((int)a[0], &ns);
	struct timespec ts;

	if (err)
		return err;
	ts = ns_to_timespec(ns);
	return copy_to_user((struct timespec __user *)a[1], &ts, sizeof(ts));
}

/* Sleeps ticks ticks; a kill cuts it short with -EINTR. */
static long sleep_ticks(u64 ticks)
{
	u64 until = ticks_add_sat(timer_ticks(), ticks);

	while (timer_ticks() < until) {
		/* A time-out of 0 means none: a TICKS_FOREVER sleep ends only by a signal. */
		int err = waitq_sleep(NULL, until == TICKS_FOREVER ? 0 : until - timer_ticks());

		if (err == -EINTR)
			return -EINTR;
	}
	return 0;
}

static int read_timespec(const struct timespec __user *u, struct timespec *ts)
{
	if (copy_from_user(ts, u, sizeof(*ts)))
		return -EFAULT;
	if (ts->tv_sec < 0 || ts->tv_nsec < 0 || ts->tv_nsec >= NSEC_PER_SEC)
		return -EINVAL;
	return 0;
}

SYSCALL(nanosleep)
{
	struct timespec ts;
	int err = read_timespec((const struct timespec __user *)a[0], &ts);

	if (err)
		return err;
	/* One tick more: the current tick is already partly over. */
	return sleep_ticks(ticks_add_sat(timespec_to_ticks_ceil(&ts), 1));
}

SYSCALL(clock_nanosleep)
{
	int clock = (int)a[0], flags = (int)a[1];
	struct timespec ts;
	s64 now;
	int err = clock_read(clock, &now);

	if (err)
		return err;
	err = read_timespec((const struct timespec __user *)a[2], &ts);
	if (err)
		return err;
	if (flags & TIMER_ABSTIME) {
		/* The time left, in seconds and nanoseconds: want - now can overflow in ns. */
		struct timespec at = ns_to_timespec(now);

		if (ts.tv_sec < at.tv_sec || (ts.tv_sec == at.tv_sec && ts.tv_nsec <= at.tv_nsec))
			return 0;
		ts.tv_sec -= at.tv_sec;
		ts.tv_nsec -= at.tv_nsec;
		if (ts.tv_nsec < 0) {
			ts.tv_nsec += NSEC_PER_SEC;
			ts.tv_sec--;
		}
	}
	return sleep_ticks(ticks_add_sat(timespec_to_ticks_ceil(&ts), 1));
}
