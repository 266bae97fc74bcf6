/* SPDX-License-Identifier: MIT */
/*
 * Clocks. CLOCK_MONOTONIC counts timer ticks (1/HZ s each) since boot;
 * CLOCK_REALTIME adds the wall-clock time the arch read at boot, moved by
 * settimeofday() and clock_settime().
 */
#ifndef KERNEL_TIME_H
#define KERNEL_TIME_H

#include <kernel/types.h>
#include <uapi/linux/types.h>

#define NSEC_PER_SEC 1000000000ll

/*
 * A time-out this long never expires: about 1.5e9 years at HZ=100. Tick
 * arithmetic saturates here instead of wrapping, so a huge time-out from
 * user space (tv_sec near LONG_MAX) sleeps for good, as on Linux, rather
 * than overflowing into a short one.
 */
#define TICKS_FOREVER ((u64)1 << 62)

/*
 * Ticks needed to cover a valid ts (tv_sec >= 0, 0 <= tv_nsec < 1e9): rounds
 * up, so sleeps are never short; TICKS_FOREVER when it is that long or more.
 */
u64 timespec_to_ticks_ceil(const struct timespec *ts);

/* a + b, or TICKS_FOREVER when the sum reaches it. */
u64 ticks_add_sat(u64 a, u64 b);

/* Nanoseconds since boot. */
s64 time_monotonic_ns(void);

/* CLOCK_REALTIME in nanoseconds since the Unix epoch. */
s64 time_realtime_ns(void);

/* Reads the boot-time wall clock and makes the vDSO; called once at boot. */
void time_init(void);

/* Writes the clocks into the vDSO's clock page: at each tick and when they are set. */
void time_publish(void);

/* Seconds since the Unix epoch of a UTC date and time (month 1-12, day 1-31). */
s64 time_from_civil(s64 year, unsigned int month, unsigned int day, unsigned int hour,
		    unsigned int min, unsigned int sec);

/* Arch hook: seconds since the Unix epoch from the real-time clock, or 0. */
s64 arch_rtc_read_epoch(void);

#endif
