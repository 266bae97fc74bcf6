/* SPDX-License-Identifier: MIT */
/* timerfds: a timer read as a file; the flags are <uapi/linux/timerfd.h>'s. */
#ifndef SYS_TIMERFD_H
#define SYS_TIMERFD_H

#include <time.h>
#include <uapi/linux/timerfd.h>

int timerfd_create(clockid_t clk, int flags);
int timerfd_settime(int fd, int flags, const struct itimerspec *val, struct itimerspec *old);
int timerfd_gettime(int fd, struct itimerspec *cur);

#endif
