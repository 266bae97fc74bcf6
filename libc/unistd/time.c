// SPDX-License-Identifier: MIT
/* The clock, timer and CPU-time system calls, as glibc wraps them. */
#include "../internal.h"
#include <errno.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>

#define RET(x) __syscall_ret(x)

int clock_settime(clockid_t clk, const struct timespec *ts)
{
	return (int)RET(syscall2(__NR_clock_settime, clk, (long)ts));
}

int clock_getres(clockid_t clk, struct timespec *res)
{
	return (int)RET(syscall2(__NR_clock_getres, clk, (long)res));
}

/* glibc's check: the clock must exist (clock_getres) before its id is given out. */
int clock_getcpuclockid(pid_t pid, clockid_t *clk)
{
	clockid_t id = MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED);
	long r = syscall2(__NR_clock_getres, id, 0);

	if (r < 0)
		return r == -EINVAL ? ESRCH : (int)-r;
	*clk = id;
	return 0;
}

/* arm64 has no time system call: the clock gives it, as glibc does there. */
time_t time(time_t *t)
{
#ifdef __NR_time
	return (time_t)RET(syscall1(__NR_time, (long)t));
#else
	struct timespec ts;

	if (clock_gettime(CLOCK_REALTIME, &ts) < 0)
		return -1;
	if (t)
		*t = ts.tv_sec;
	return ts.tv_sec;
#endif
}

int gettimeofday(struct timeval *tv, struct timezone *tz)
{
	if (__vdso_gettimeofday)
		return (int)RET(__vdso_gettimeofday(tv, tz));
	return (int)RET(syscall2(__NR_gettimeofday, (long)tv, (long)tz));
}

int settimeofday(const struct timeval *tv, const struct timezone *tz)
{
	return (int)RET(syscall2(__NR_settimeofday, (long)tv, (long)tz));
}

int getitimer(int which, struct itimerval *cur)
{
	return (int)RET(syscall2(__NR_getitimer, which, (long)cur));
}

int setitimer(int which, const struct itimerval *val, struct itimerval *old)
{
	return (int)RET(syscall3(__NR_setitimer, which, (long)val, (long)old));
}

/* arm64 has no alarm system call: ITIMER_REAL with glibc's rounding of what was left. */
unsigned int alarm(unsigned int seconds)
{
#ifdef __NR_alarm
	return (unsigned int)syscall1(__NR_alarm, seconds);
#else
	struct itimerval new = { { 0, 0 }, { (long)seconds, 0 } }, old;

	if (setitimer(ITIMER_REAL, &new, &old) < 0)
		return 0;
	return (unsigned int)(old.it_value.tv_sec +
			      (old.it_value.tv_usec >= 500000 ||
			       (!old.it_value.tv_sec && old.it_value.tv_usec)));
#endif
}

/* The ticks since boot; -1 with EFAULT for a bad buf. */
clock_t times(struct tms *buf)
{
	return (clock_t)RET(syscall1(__NR_times, (long)buf));
}

int getrusage(int who, struct rusage *ru)
{
	return (int)RET(syscall2(__NR_getrusage, who, (long)ru));
}

int timer_create(clockid_t clk, struct sigevent *ev, timer_t *id)
{
	return (int)RET(syscall3(__NR_timer_create, clk, (long)ev, (long)id));
}

int timer_settime(timer_t id, int flags, const struct itimerspec *val, struct itimerspec *old)
{
	return (int)RET(syscall4(__NR_timer_settime, id, flags, (long)val, (long)old));
}

int timer_gettime(timer_t id, struct itimerspec *cur)
{
	return (int)RET(syscall2(__NR_timer_gettime, id, (long)cur));
}

int timer_getoverrun(timer_t id)
{
	return (int)RET(syscall1(__NR_timer_getoverrun, id));
}

int timer_delete(timer_t id)
{
	return (int)RET(syscall1(__NR_timer_delete, id));
}

int timerfd_create(clockid_t clk, int flags)
{
	return (int)RET(syscall2(__NR_timerfd_create, clk, flags));
}

int timerfd_settime(int fd, int flags, const struct itimerspec *val, struct itimerspec *old)
{
	return (int)RET(syscall4(__NR_timerfd_settime, fd, flags, (long)val, (long)old));
}

int timerfd_gettime(int fd, struct itimerspec *cur)
{
	return (int)RET(syscall2(__NR_timerfd_gettime, fd, (long)cur));
}
