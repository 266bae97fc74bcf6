/* SPDX-License-Identifier: MIT */
/* Clocks and times (include/uapi/linux/time.h, time_types.h values; LP64 layout). */
#ifndef UAPI_LINUX_TIME_H
#define UAPI_LINUX_TIME_H

struct timespec {
	long tv_sec;
	long tv_nsec;
};

#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define CLOCK_MONOTONIC_RAW 4
#define CLOCK_REALTIME_COARSE 5
#define CLOCK_MONOTONIC_COARSE 6
#define CLOCK_BOOTTIME 7

#endif
