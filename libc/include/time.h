/* SPDX-License-Identifier: MIT */
/* Clocks and sleeping; struct timespec and the clock ids are <uapi/linux/time.h>'s. */
#ifndef TIME_H
#define TIME_H

#include <sys/types.h>
#include <uapi/linux/time.h>

int clock_gettime(clockid_t clk, struct timespec *ts);
int nanosleep(const struct timespec *req, struct timespec *rem);

/* Nanoseconds of CLOCK_MONOTONIC, or -1 if the clock fails. */
long long monotonic_ns(void);

#endif
