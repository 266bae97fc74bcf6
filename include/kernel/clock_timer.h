/* SPDX-License-Identifier: MIT */
/*
 * A timer on one clock, what POSIX timers and timerfds are built on: it
 * expires at a time of its clock and, with an interval, every interval
 * after. CLOCK_MONOTONIC and CLOCK_BOOTTIME (the same here: nothing
 * suspends) and CLOCK_REALTIME run on the tick's timers (<kernel/timer.h>);
 * a CLOCK_REALTIME one follows the wall clock when it is set, as Linux's
 * do. A CPU clock's timer (a process's or a thread's, <kernel/cputime.h>)
 * is looked at each time the tick charges its owner. Like the clocks,
 * they are as fine as the tick: an expiry is seen up to 1/HZ s late,
 * never early. Everything here runs under big_lock.
 *
 * On expiry, expired() is told how many periods ended since the last call
 * (more than 1 when the tick came late past several); the timer is already
 * re-armed for the next one, or disarmed when it has no interval.
 */
#ifndef KERNEL_CLOCK_TIMER_H
#define KERNEL_CLOCK_TIMER_H

#include <kernel/timer.h>
#include <kernel/types.h>
#include <kernel/uaccess.h> /* __user */

struct itimerspec;
struct task;

enum clock_timer_base { CT_MONOTONIC, CT_REALTIME, CT_CPU_PROCESS, CT_CPU_THREAD };

struct clock_timer {
	enum clock_timer_base base;
	int cpu_which; /* CPU clocks: CPUCLOCK_PROF, _VIRT or _SCHED */
	int cpu_owner; /* CPU clocks: the process's or thread's number in init_pid_ns */
	bool armed;
	s64 expires_ns; /* while armed: the clock's time of the next expiry (no namespace offset) */
	s64 interval_ns;
	struct tick_timer tick;	       /* CT_MONOTONIC and CT_REALTIME */
	struct clock_timer *list_next; /* on the CPU timers' list, or the realtime ones' */
	bool boottime; /* CT_MONOTONIC: an absolute time is CLOCK_BOOTTIME's, else CLOCK_MONOTONIC's */
	void (*expired)(struct clock_timer *ct, s64 periods);
};

/*
 * Sets ct up (disarmed) for clock id clock as the caller names it: 0,
 * -EINVAL for no such clock (or a CPU clock of no process or thread it may
 * time: Linux's rules), -EOPNOTSUPP for a clock that has no timers (the
 * raw and coarse clocks, clock devices). cpu_ok false: a CPU clock is EINVAL.
 */
int clock_timer_setup(struct clock_timer *ct, int clock, bool cpu_ok,
		      void (*expired)(struct clock_timer *ct, s64 periods));
/*
 * Arms ct to expire value_ns from now, or at value_ns of its clock as the
 * caller's time namespace sees it when abstime, then every interval_ns (0:
 * once); value_ns 0 disarms it. A time already past expires at once.
 * 0, or -ESRCH when a CPU clock's process or thread is gone (disarmed).
 */
int clock_timer_set(struct clock_timer *ct, bool abstime, s64 value_ns, s64 interval_ns);
/* The time left (0: disarmed; at least 1 ns while armed) and the interval (0 when disarmed). */
void clock_timer_get(struct clock_timer *ct, s64 *left_ns, s64 *interval_ns);

/*
 * The itimerspec both timer_settime() and timerfd_settime() take: whether
 * its two times are valid (tv_sec >= 0, 0 <= tv_nsec < 1 s: Linux's
 * timespec64_valid()), clock_timer_set() with them (each saturating at
 * Linux's KTIME_MAX), and the time left and interval written back to the
 * caller's old value (0 or -EFAULT).
 */
bool itimerspec_valid(const struct itimerspec *v);
int clock_timer_set_spec(struct clock_timer *ct, bool abstime, const struct itimerspec *v);
int put_itimerspec(struct itimerspec __user *u, s64 left_ns, s64 interval_ns);

/* Disarms ct; before it is freed. */
void clock_timer_cancel(struct clock_timer *ct);

/* The tick charged task t (cputime_tick()): its CPU-clock timers that are due expire. */
void cpu_timers_charged(struct task *t);
/* CLOCK_REALTIME was set: the realtime timers follow it (and timerfds hear of it). */
void clock_timers_clock_was_set(void);

#endif
