/* SPDX-License-Identifier: MIT */
/*
 * Clocks, sleeping and timers; the structures and clock ids are
 * <uapi/linux/time.h>'s.
 */
#ifndef TIME_H
#define TIME_H

#include <sys/types.h>
#include <uapi/linux/time.h>

int clock_gettime(clockid_t clk, struct timespec *ts);
int clock_settime(clockid_t clk, const struct timespec *ts);
int clock_getres(clockid_t clk, struct timespec *res);
int nanosleep(const struct timespec *req, struct timespec *rem);
time_t time(time_t *t);

/* The CPU clock of process pid (0: the caller's), as glibc's clock_getcpuclockid. */
int clock_getcpuclockid(pid_t pid, clockid_t *clk);

/* POSIX timers, the kernel's calls as they are (struct sigevent is <uapi/linux/signal.h>'s). */
struct sigevent;
int timer_create(clockid_t clk, struct sigevent *ev, timer_t *id);
int timer_settime(timer_t id, int flags, const struct itimerspec *val, struct itimerspec *old);
int timer_gettime(timer_t id, struct itimerspec *cur);
int timer_getoverrun(timer_t id);
int timer_delete(timer_t id);

/* Nanoseconds of CLOCK_MONOTONIC, or -1 if the clock fails. */
long long monotonic_ns(void);

#endif
