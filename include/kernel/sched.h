/* SPDX-License-Identifier: MIT */
/*
 * The scheduler: a run queue per CPU, round robin, a time slice of one
 * tick, each task run only on the CPUs its affinity allows. User mode
 * is preempted by the timer; kernel code runs until it sleeps or returns to
 * user mode (see <kernel/task.h> on concurrency).
 */
#ifndef KERNEL_SCHED_H
#define KERNEL_SCHED_H

#include <kernel/task.h>

/* Makes the boot thread the boot CPU's idle task and takes big_lock (until its idle loop). */
void sched_init(void);

/* A secondary CPU's first step: idle becomes its idle task (big_lock not held). */
void sched_init_secondary(struct task *idle);

/*
 * t's affinity changed: if it runs on a CPU it may no longer use, that CPU
 * is made to reschedule (an IPI when it is another CPU).
 */
void sched_move_task(struct task *t);

/* Gives the CPU to the next runnable task (current may stay runnable). */
void schedule(void);

/*
 * Sets current's state (TASK_TRACED, TASK_DEAD) and gives up the CPU, with
 * its run queue's lock held from the one to the other.
 */
void schedule_as(enum task_state state);

/* In a long system call: gives the CPU away if the time slice is over. */
void cond_resched(void);

/*
 * A new task's first C code, after the switch that started it:
 * schedule_tail() for a task that starts in the kernel (it then holds
 * big_lock, as an entry would); schedule_tail_user() for a clone's child,
 * without big_lock (kernel/entry.c's enter_new_user_task() decides whether
 * its return to user mode takes it).
 */
void schedule_tail(void);
void schedule_tail_user(void);

/* Called from the timer interrupt. */
void sched_tick(bool from_user);

/* A CPU's idle loop (lets go of big_lock if held): never returns. */
__attribute__((noreturn)) void sched_idle_loop(void);

#endif
