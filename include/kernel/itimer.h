/* SPDX-License-Identifier: MIT */
/*
 * The interval timers of setitimer() and alarm(), one of each kind per
 * process (shared by its threads): ITIMER_REAL counts CLOCK_MONOTONIC and
 * sends SIGALRM; ITIMER_VIRTUAL counts the process's user time and sends
 * SIGVTALRM; ITIMER_PROF counts its user and system time and sends
 * SIGPROF. Each reloads from its interval when it has one. As Linux: a
 * fork's child starts with none, execve keeps them, and they stop when
 * the process dies.
 */
#ifndef KERNEL_ITIMER_H
#define KERNEL_ITIMER_H

#include <kernel/timer.h>
#include <kernel/types.h>

struct process;

struct itimers {
	struct tick_timer real; /* armed while ITIMER_REAL is */
	s64 real_interval_ns;
	/* ITIMER_VIRTUAL [0] and ITIMER_PROF [1]: CPU time left (0: disarmed) and reload */
	s64 cpu_left_ns[2];
	s64 cpu_interval_ns[2];
};

/* A new process (fork, or the first one): every timer disarmed. */
void itimers_init(struct process *p);
/* The process is dying: its timers stop. */
void itimers_exit(struct process *p);
/* The tick charged one tick of p's CPU time (user time when from_user). */
void itimer_cpu_tick(struct process *p, bool from_user);

#endif
