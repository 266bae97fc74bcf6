/* SPDX-License-Identifier: MIT */
/* Clocks and sleeping (Linux include/uapi/linux/time.h clock ids). */
#ifndef TIME_H
#define TIME_H

#include <sys/types.h>

#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define CLOCK_MONOTONIC_RAW 4
#define CLOCK_BOOTTIME 7

struct timespec {
	time_t tv_sec;
	long tv_nsec;
};

int clock_gettime(clockid_t clk, struct timespec *ts);
int nanosleep(const struct timespec *req, struct timespec *rem);

/* Nanoseconds of CLOCK_MONOTONIC, or -1 if the clock fails. */
long long monotonic_ns(void);

#endif
