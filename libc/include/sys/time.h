/* SPDX-License-Identifier: MIT */
/* The wall clock in microseconds and the interval timers (<uapi/linux/time.h>'s structures). */
#ifndef SYS_TIME_H
#define SYS_TIME_H

#include <sys/types.h>
#include <uapi/linux/time.h>

int gettimeofday(struct timeval *tv, struct timezone *tz);
int settimeofday(const struct timeval *tv, const struct timezone *tz);
int getitimer(int which, struct itimerval *cur);
int setitimer(int which, const struct itimerval *val, struct itimerval *old);

#endif
