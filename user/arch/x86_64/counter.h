/* SPDX-License-Identifier: MIT */
/*
 * The CPU counter user space reads itself, x86_64: the time-stamp counter.
 * RDTSC works at CPL 3 while CR4.TSD is clear (Intel SDM vol. 3A §2.5;
 * vol. 3B §18.17, "Time-Stamp Counter"), Linux's default (PR_TSC_ENABLE)
 * and never changed by Umbra. LFENCE first keeps earlier instructions from finishing after the
 * read (SDM vol. 2B, RDTSC). Its rate is not architectural: counter_freq()
 * is 0. On Bochs with "clock: sync=none" it counts emulated instructions.
 */
#ifndef USER_COUNTER_H
#define USER_COUNTER_H

#include <stdint.h>

#define COUNTER_NAME "tsc"

static inline uint64_t counter_read(void)
{
	uint32_t lo, hi;

	__asm__ volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi)::"memory");
	return ((uint64_t)hi << 32) | lo;
}

/* Ticks per second, 0 when the architecture does not say. */
#define COUNTER_HAS_RATE 0

static inline uint64_t counter_freq(void)
{
	return 0;
}

/*
 * /bin/counter's case for a counter user space must not read (NULL: none).
 * x86_64 has no such counter here.
 */
#define COUNTER_FORBIDDEN_CASE ((const char *)0)

static inline uint64_t counter_read_forbidden(void)
{
	return 0;
}

#endif
