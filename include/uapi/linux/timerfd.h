/* SPDX-License-Identifier: MIT */
/* timerfd_create() and timerfd_settime() flags (include/uapi/linux/timerfd.h). */
#ifndef UAPI_LINUX_TIMERFD_H
#define UAPI_LINUX_TIMERFD_H

#include <uapi/linux/fcntl.h>

#define TFD_TIMER_ABSTIME (1 << 0)
#define TFD_TIMER_CANCEL_ON_SET \
	(1 << 1) /* a CLOCK_REALTIME timer's read says ECANCELED once the clock is set */
#define TFD_CLOEXEC O_CLOEXEC
#define TFD_NONBLOCK O_NONBLOCK

#endif
