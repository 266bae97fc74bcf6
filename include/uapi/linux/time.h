/* SPDX-License-Identifier: MIT */
/*
 * Clocks, times and timers (include/uapi/linux/time.h, time_types.h,
 * linux/posix-timers.h's CPU clock encoding, asm-generic/resource.h's
 * struct rusage, linux/times.h; LP64 layout).
 */
#ifndef UAPI_LINUX_TIME_H
#define UAPI_LINUX_TIME_H

struct timespec {
	long tv_sec;
	long tv_nsec;
};

struct timeval {
	long tv_sec;
	long tv_usec;
};

struct timezone {
	int tz_minuteswest;
	int tz_dsttime;
};

struct itimerval {
	struct timeval it_interval;
	struct timeval it_value;
};

struct itimerspec {
	struct timespec it_interval;
	struct timespec it_value;
};

/* times(): clock ticks of USER_HZ each. */
struct tms {
	long tms_utime;
	long tms_stime;
	long tms_cutime;
	long tms_cstime;
};

#define USER_HZ 100

struct rusage {
	struct timeval ru_utime;
	struct timeval ru_stime;
	long ru_maxrss; /* KiB */
	long ru_ixrss;
	long ru_idrss;
	long ru_isrss;
	long ru_minflt;
	long ru_majflt;
	long ru_nswap;
	long ru_inblock;
	long ru_oublock;
	long ru_msgsnd;
	long ru_msgrcv;
	long ru_nsignals;
	long ru_nvcsw;
	long ru_nivcsw;
};

#define RUSAGE_SELF 0
#define RUSAGE_CHILDREN (-1)
#define RUSAGE_THREAD 1

#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define CLOCK_MONOTONIC_RAW 4
#define CLOCK_REALTIME_COARSE 5
#define CLOCK_MONOTONIC_COARSE 6
#define CLOCK_BOOTTIME 7
#define CLOCK_REALTIME_ALARM 8
#define CLOCK_BOOTTIME_ALARM 9
#define CLOCK_TAI 11

/*
 * A negative clock id names the CPU clock of a process or thread: the
 * complement of its PID shifted left by 3, bit 2 set for a thread, and in
 * bits 0-1 which time it counts (PROF: user + system, VIRT: user, SCHED:
 * time run). Low bits 3 (CLOCKFD) name a clock device by file descriptor.
 */
#define CPUCLOCK_PROF 0
#define CPUCLOCK_VIRT 1
#define CPUCLOCK_SCHED 2
#define CPUCLOCK_MAX 3
#define CPUCLOCK_CLOCK_MASK 3
#define CPUCLOCK_PERTHREAD_MASK 4
#define CLOCKFD 3
#define CLOCKFD_MASK (CPUCLOCK_PERTHREAD_MASK | CPUCLOCK_CLOCK_MASK)
#define CPUCLOCK_PID(clock) ((int)~(clock) >> 3)
#define CPUCLOCK_PERTHREAD(clock) (((clock)&CPUCLOCK_PERTHREAD_MASK) != 0)
#define CPUCLOCK_WHICH(clock) ((clock)&CPUCLOCK_CLOCK_MASK)
#define MAKE_PROCESS_CPUCLOCK(pid, clock) ((int)((unsigned int)~(pid) << 3) | (clock))
#define MAKE_THREAD_CPUCLOCK(tid, clock) \
	MAKE_PROCESS_CPUCLOCK(tid, (clock) | CPUCLOCK_PERTHREAD_MASK)

#define TIMER_ABSTIME 1
/* timer_getoverrun() and si_overrun stop counting here (glibc's DELAYTIMER_MAX: INT_MAX). */
#define DELAYTIMER_MAX 2147483647

#define ITIMER_REAL 0
#define ITIMER_VIRTUAL 1
#define ITIMER_PROF 2

#endif
