/* SPDX-License-Identifier: MIT */
/* futex(2) operations (Linux include/uapi/linux/futex.h values). */
#ifndef LINUX_FUTEX_H
#define LINUX_FUTEX_H

#include <stdint.h>

#define FUTEX_WAIT 0
#define FUTEX_WAKE 1
#define FUTEX_PRIVATE_FLAG 128
#define FUTEX_CLOCK_REALTIME 256
#define FUTEX_WAIT_PRIVATE (FUTEX_WAIT | FUTEX_PRIVATE_FLAG)
#define FUTEX_WAKE_PRIVATE (FUTEX_WAKE | FUTEX_PRIVATE_FLAG)

struct timespec;

/*
 * The raw call with the wait/wake argument shapes: val is the expected value
 * (WAIT) or how many to wake (WAKE); timeout is relative, NULL for none.
 * Returns -1 and sets errno on failure.
 */
long futex(volatile uint32_t *uaddr, int op, uint32_t val, const struct timespec *timeout);

#endif
