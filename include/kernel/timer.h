/* SPDX-License-Identifier: MIT */
/* The periodic tick. The arch programs the hardware and calls timer_tick(). */
#ifndef KERNEL_TIMER_H
#define KERNEL_TIMER_H

#include <kernel/types.h>

#define HZ 100 /* ticks per second */

/* Called from the timer interrupt, with interrupts off. */
void timer_tick(void);

/* Ticks since the timer started. */
u64 timer_ticks(void);

/* Starts the arch's periodic timer at hz interrupts per second. */
void arch_timer_init(unsigned int hz);

#endif
