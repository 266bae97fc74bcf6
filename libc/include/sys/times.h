/* SPDX-License-Identifier: MIT */
/* times(): this process's CPU time and its reaped children's, in USER_HZ ticks. */
#ifndef SYS_TIMES_H
#define SYS_TIMES_H

#include <uapi/linux/time.h>

typedef long clock_t;

clock_t times(struct tms *buf);

#endif
