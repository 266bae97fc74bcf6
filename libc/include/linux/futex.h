/* SPDX-License-Identifier: MIT */
/* futex(2); the operations come from <uapi/linux/futex.h>. */
#ifndef LINUX_FUTEX_H
#define LINUX_FUTEX_H

#include <stdint.h>
#include <uapi/linux/futex.h>

struct timespec;

/*
 * The raw call with the wait/wake argument shapes: val is the expected value
 * (WAIT) or how many to wake (WAKE); timeout is relative, NULL for none.
 * Returns -1 and sets errno on failure.
 */
long futex(volatile uint32_t *uaddr, int op, uint32_t val, const struct timespec *timeout);

#endif
