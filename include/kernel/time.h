/* SPDX-License-Identifier: MIT */
/*
 * Clocks. CLOCK_MONOTONIC counts timer ticks (1/HZ s each) since boot;
 * CLOCK_REALTIME adds the wall-clock time the arch read at boot.
 */
#ifndef KERNEL_TIME_H
#define KERNEL_TIME_H

#include <kernel/types.h>
#include <uapi/linux/types.h>

#define NSEC_PER_SEC 1000000000ll

/* Ticks needed to cover ts: rounds up, so sleeps are never short. */
u64 timespec_to_ticks_ceil(const struct timespec *ts);

/* Nanoseconds since boot. */
s64 time_monotonic_ns(void);

/* Reads the boot-time wall clock; called once at boot. */
void time_init(void);

/* Arch hook: seconds since the Unix epoch from the real-time clock, or 0. */
s64 arch_rtc_read_epoch(void);

#endif
