/* SPDX-License-Identifier: MIT */
/*
 * The CPU counter user space reads itself, arm64: the generic timer's
 * virtual count CNTVCT_EL0 at CNTFRQ_EL0 ticks per second. EL0 may read
 * both because the kernel sets CNTKCTL_EL1.EL0VCTEN (Arm ARM D19.11), as
 * Linux does; the physical count CNTPCT_EL0 stays closed (EL0PCTEN = 0),
 * so reading it traps (EC 0x18) and the kernel answers SIGILL. The ISB
 * keeps the read from being taken early (Arm ARM D11.2: reads of the
 * counter are not ordered with other instructions). Under QEMU's
 * "-icount shift=0" one nanosecond is one instruction, so at a 1 GHz
 * CNTFRQ (QEMU 9+, -cpu max) a tick is one instruction.
 */
#ifndef USER_COUNTER_H
#define USER_COUNTER_H

#include <stdint.h>

#define COUNTER_NAME "cntvct_el0"

static inline uint64_t counter_read(void)
{
	uint64_t v;

	__asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(v)::"memory");
	return v;
}

/* Ticks per second, 0 when the architecture does not say. */
#define COUNTER_HAS_RATE 1

static inline uint64_t counter_freq(void)
{
	uint64_t f;

	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(f));
	return f;
}

/* /bin/counter's case for a counter user space must not read. */
#define COUNTER_FORBIDDEN_CASE "cntpct_el0_at_el0_is_sigill"

static inline uint64_t counter_read_forbidden(void)
{
	uint64_t v;

	__asm__ volatile("isb\n\tmrs %0, cntpct_el0" : "=r"(v)::"memory");
	return v;
}

#endif
