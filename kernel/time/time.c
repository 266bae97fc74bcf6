// SPDX-License-Identifier: MIT
/*
 * The clocks over the tick counter: clock_gettime(), clock_settime(),
 * clock_getres(), time(), gettimeofday(), settimeofday(), nanosleep(),
 * clock_nanosleep(). CLOCK_REALTIME is CLOCK_MONOTONIC plus an offset that
 * the wall clock read at boot sets and settimeofday() moves.
 */
#include <kernel/clock_timer.h>
#include <kernel/cputime.h>
#include <kernel/printk.h>
#include <kernel/syscalls.h>
#include <kernel/task.h>
#include <kernel/time.h>
#include <kernel/timens.h>
#include <kernel/timer.h>
#include <kernel/uaccess.h>
#include <kernel/vdso.h>
#include <kernel/waitq.h>
#include <uapi/linux/errno.h>

#define NSEC_PER_TICK (NSEC_PER_SEC / HZ)
#define NSEC_PER_USEC 1000
#define USEC_PER_SEC 1000000

/*
 * The latest wall-clock second settimeofday() takes: Linux's
 * TIME_SETTOD_SEC_MAX, KTIME_SEC_MAX less 30 years of uptime, so that the
 * clock cannot reach 64-bit nanosecond overflow while the machine runs.
 */
#define SETTOD_SEC_MAX (INT64_MAX / NSEC_PER_SEC - 30ll * 365 * 86400)

/* CLOCK_REALTIME - CLOCK_MONOTONIC (without namespace offsets). */
static s64 realtime_offset_ns;
/* settimeofday()'s time zone, kept and given back as Linux's sys_tz. */
static struct timezone sys_tz;

void time_init(void)
{
	s64 epoch = arch_rtc_read_epoch();

	realtime_offset_ns = epoch * NSEC_PER_SEC - time_monotonic_ns();
	if (epoch)
		pr_info("time: real-time clock says %ld s since the epoch\n", (long)epoch);
	else
		pr_info("time: no real-time clock: the wall clock starts at the epoch\n");
	vdso_init();
	time_publish();
}

void time_publish(void)
{
	vdso_clock_update(time_monotonic_ns(), realtime_offset_ns, sys_tz.tz_minuteswest,
			  sys_tz.tz_dsttime);
}

/* Days from 1970-01-01 to y-m-d of the proleptic Gregorian calendar (eras of 400 years). */
static s64 days_from_civil(s64 y, unsigned int m, unsigned int d)
{
	y -= m <= 2;

	s64 era = (y >= 0 ? y : y - 399) / 400;
	unsigned int yoe = (unsigned int)(y - era * 400);
	unsigned int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	unsigned int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

	return era * 146097 + (s64)doe - 719468;
}

s64 time_from_civil(s64 year, unsigned int month, unsigned int day, unsigned int hour,
		    unsigned int min, unsigned int sec)
{
	return days_from_civil(year, month, day) * 86400 + hour * 3600 + min * 60 + sec;
}

s64 time_realtime_ns(void)
{
	return realtime_offset_ns + time_monotonic_ns();
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
	case CLOCK_TAI: /* no leap-second offset set (adjtimex's ADJ_TAI): TAI reads as UTC */
		*ns = time_realtime_ns();
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
		return cputime_clock_read(MAKE_PROCESS_CPUCLOCK(0, CPUCLOCK_SCHED), true, ns);
	case CLOCK_THREAD_CPUTIME_ID:
		return cputime_clock_read(MAKE_THREAD_CPUCLOCK(0, CPUCLOCK_SCHED), true, ns);
	default:
		/* Negative: a CPU clock, unless its low bits name a clock device (none here). */
		if (clock < 0 && (clock & CLOCKFD_MASK) != CLOCKFD)
			return cputime_clock_read(clock, true, ns);
		return -EINVAL;
	}
}

/*
 * The resolution of clock, or -EINVAL. Every clock here moves in ticks, so
 * each says 1/HZ s: Linux's coarse clocks and tick-sampled CPU clocks say
 * the same, its high-resolution ones 1 ns (docs/TEST-LINUX.md).
 */
static int clock_resolution(int clock, s64 *ns)
{
	s64 ignored;
	int err = clock_read(clock, &ignored);

	if (clock < 0 && !err)
		err = cputime_clock_read(clock, false,
					 &ignored); /* getres: a PID must be a process */
	*ns = NSEC_PER_TICK;
	return err;
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

SYSCALL(clock_getres)
{
	s64 ns;
	int err = clock_resolution((int)a[0], &ns);
	struct timespec ts;
	struct timespec __user *u = (struct timespec __user *)a[1];

	if (err)
		return err;
	ts = ns_to_timespec(ns);
	return u ? copy_to_user(u, &ts, sizeof(ts)) : 0;
}

/*
 * Sets CLOCK_REALTIME (Linux's do_sys_settimeofday64()): -EINVAL for a
 * time outside [0, SETTOD_SEC_MAX] or before the clock's own boot (the
 * wall clock may not go below CLOCK_MONOTONIC: Linux's wall_to_monotonic
 * check); a time zone beyond +-15 h is -EINVAL. Setting the clock needs
 * CAP_SYS_TIME, which every process holds: everything runs as root.
 */
static int settimeofday_ns(const struct timespec *tv, const struct timezone *tz)
{
	if (tv && (tv->tv_sec < 0 || tv->tv_nsec < 0 || tv->tv_nsec >= NSEC_PER_SEC ||
		   tv->tv_sec > SETTOD_SEC_MAX))
		return -EINVAL;
	if (tz) {
		if (tz->tz_minuteswest > 15 * 60 || tz->tz_minuteswest < -15 * 60)
			return -EINVAL;
		sys_tz = *tz;
		time_publish();
	}
	if (tv) {
		s64 ns = tv->tv_sec * NSEC_PER_SEC + tv->tv_nsec, mono = time_monotonic_ns();

		if (ns < mono)
			return -EINVAL;
		realtime_offset_ns = ns - mono;
		time_publish();
		clock_timers_clock_was_set();
	}
	return 0;
}

/* Only CLOCK_REALTIME is set; CPU clocks say -EPERM once valid, all others -EINVAL. */
SYSCALL(clock_settime)
{
	int clock = (int)a[0];
	struct timespec ts;
	s64 ignored;

	if (clock < 0 && (clock & CLOCKFD_MASK) != CLOCKFD) {
		int err = cputime_clock_read(clock, false, &ignored);

		return err ? err : -EPERM;
	}
	if (clock != CLOCK_REALTIME)
		return -EINVAL;
	if (copy_from_user(&ts, (const struct timespec __user *)a[1], sizeof(ts)))
		return -EFAULT;
	return settimeofday_ns(&ts, NULL);
}

SYSCALL(settimeofday)
{
	const struct timeval __user *utv = (const struct timeval __user *)a[0];
	const struct timezone __user *utz = (const struct timezone __user *)a[1];
	struct timeval tv;
	struct timespec ts;
	struct timezone tz;

	if (utv) {
		if (copy_from_user(&tv, utv, sizeof(tv)))
			return -EFAULT;
		/* Microseconds past 1e6 are refused here, 1e6 itself as nanoseconds below. */
		if (tv.tv_usec > USEC_PER_SEC || tv.tv_usec < 0)
			return -EINVAL;
		ts = (struct timespec){ tv.tv_sec, tv.tv_usec * NSEC_PER_USEC };
	}
	if (utz && copy_from_user(&tz, utz, sizeof(tz)))
		return -EFAULT;
	return settimeofday_ns(utv ? &ts : NULL, utz ? &tz : NULL);
}

SYSCALL(gettimeofday)
{
	struct timeval __user *utv = (struct timeval __user *)a[0];
	struct timezone __user *utz = (struct timezone __user *)a[1];

	if (utv) {
		struct timespec ts = ns_to_timespec(time_realtime_ns());
		struct timeval tv = { ts.tv_sec, ts.tv_nsec / NSEC_PER_USEC };

		if (copy_to_user(utv, &tv, sizeof(tv)))
			return -EFAULT;
	}
	if (utz && copy_to_user(utz, &sys_tz, sizeof(sys_tz)))
		return -EFAULT;
	return 0;
}

SYSCALL(time)
{
	long sec = ns_to_timespec(time_realtime_ns()).tv_sec;
	long __user *u = (long __user *)a[0];

	if (u && put_user(sec, u))
		return -EFAULT;
	return sec;
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

/*
 * The clocks clock_nanosleep() sleeps on: 0, -EINVAL for no clock, and
 * -EOPNOTSUPP for one without a sleep -- Linux's for MONOTONIC_RAW, the
 * coarse clocks and CLOCK_THREAD_CPUTIME_ID; Umbra's for the CPU clocks of
 * processes and other threads too, on which Linux sleeps.
 */
static int nanosleep_clock_valid(int clock)
{
	s64 ignored;
	int err = clock_read(clock, &ignored);

	if (err)
		return err;
	switch (clock) {
	case CLOCK_REALTIME:
	case CLOCK_MONOTONIC:
	case CLOCK_BOOTTIME:
	case CLOCK_TAI:
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

SYSCALL(clock_nanosleep)
{
	int clock = (int)a[0], flags = (int)a[1];
	struct timespec ts;
	s64 now;
	int err = nanosleep_clock_valid(clock);

	if (err)
		return err;
	clock_read(clock, &now);
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
