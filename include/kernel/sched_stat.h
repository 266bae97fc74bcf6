/* SPDX-License-Identifier: MIT */
/*
 * What the system as a whole has done, for /proc/stat, /proc/loadavg and
 * /proc/uptime (kernel/proc/sched_stat.c): each CPU's user and system
 * ticks, the context switches and forks since boot, and Linux's load
 * average (kernel/sched/loadavg.c): every LOAD_FREQ ticks, the number of
 * runnable and uninterruptible tasks folded into three exponentially
 * decaying averages of 1, 5 and 15 minutes, in fixed point of FSHIFT bits.
 */
#ifndef KERNEL_SCHED_STAT_H
#define KERNEL_SCHED_STAT_H

#include <kernel/types.h>

#define FSHIFT 11		/* bits of fraction */
#define FIXED_1 (1ul << FSHIFT) /* 1.0 */
#define LOAD_FREQ (5 * 100 + 1) /* 5 s of ticks (HZ 100), and one: Linux's */
#define EXP_1 1884		/* FIXED_1 / exp(5 s / 1 min) */
#define EXP_5 2014		/* FIXED_1 / exp(5 s / 5 min) */
#define EXP_15 2037		/* FIXED_1 / exp(5 s / 15 min) */

struct cpu_stat {
	u64 user, system; /* ticks charged to tasks here, by the mode they interrupted */
};

/* sched_tick()'s share: charge cpu's tick; the boot CPU's also ages the load average. */
void sched_stat_tick(unsigned int cpu, bool from_user, bool idle);
/* schedule() switched tasks on cpu (each CPU counts its own: no shared line). */
void sched_stat_switch(unsigned int cpu);
/* task_alloc() made a task (Linux's total_forks counts every one). */
void sched_stat_fork(void);

void sched_stat_cpu(unsigned int cpu, struct cpu_stat *s);
/* Ticks cpu spent idle: the ticks since boot less what was charged to tasks. */
u64 sched_stat_idle(unsigned int cpu);
u64 sched_stat_switches(void);
u64 sched_stat_forks(void);

/* Tasks running or runnable (the CPUs' own and the queue), and asleep uninterruptibly. */
void sched_stat_count(unsigned int *running, unsigned int *blocked);
/* The three averages, FIXED_1 = 1.0. */
void sched_stat_loadavg(unsigned long avg[3]);

#endif
