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

/*
 * A one-shot timer the boot CPU's tick runs: at the first tick at or past
 * expires_ns (CLOCK_MONOTONIC, no namespace offset) fire() is called, with
 * big_lock held and interrupts off; it may arm the timer again. Timers are
 * as fine as the tick: one fires up to 1/HZ s late, never early.
 */
struct tick_timer {
	s64 expires_ns;
	void (*fire)(struct tick_timer *t);
	struct tick_timer *next;
	bool armed;
};

/* Arms t (again, if it was) to fire at expires_ns; big_lock held. */
void tick_timer_arm(struct tick_timer *t, s64 expires_ns);
/* Disarms t if armed; big_lock held. */
void tick_timer_cancel(struct tick_timer *t);
/* Fires every armed timer that is due; the boot CPU's sched_tick() calls it. */
void tick_timers_run(void);

/* Starts the arch's periodic timer at hz interrupts per second. */
void arch_timer_init(unsigned int hz);

#endif
