/* SPDX-License-Identifier: MIT */
/*
 * The scheduler: one run queue, round robin, a time slice of one tick.
 * User mode is preempted by the timer; kernel code runs until it sleeps or
 * returns to user mode (see <kernel/task.h> on concurrency).
 */
#ifndef KERNEL_SCHED_H
#define KERNEL_SCHED_H

#include <kernel/task.h>

/* Makes the boot thread the idle task and starts scheduling. */
void sched_init(void);

/* Gives the CPU to the next runnable task (current may stay runnable). */
void schedule(void);

/* In a long system call: gives the CPU away if the time slice is over. */
void cond_resched(void);

/* Called by every new task before its first return to user space. */
void schedule_tail(void);

/* Called from the timer interrupt. */
void sched_tick(bool from_user);

/*
 * The last step before any return to user space: reschedules when the
 * time slice is over, exits when the process is being killed, then hands
 * the task its first pending signal's default action.
 */
void exit_to_user_mode(void);

/* The idle loop of the boot thread: never returns. */
__attribute__((noreturn)) void sched_idle_loop(void);

#endif
