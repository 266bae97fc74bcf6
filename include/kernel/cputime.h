/* SPDX-License-Identifier: MIT */
/*
 * CPU-time accounting. Each tick charges one tick (1/HZ s) to the task it
 * interrupts, as user time when it came from user mode and as system time
 * otherwise (Linux's tick-based accounting, account_process_tick()); the
 * scheduler counts each task's voluntary and involuntary switches and the
 * fault handler its page faults. A process keeps the sums of its exited
 * threads and of the children it reaped, for getrusage(), times() and the
 * CPU clocks.
 */
#ifndef KERNEL_CPUTIME_H
#define KERNEL_CPUTIME_H

#include <kernel/types.h>

struct task;
struct process;

struct cpu_usage {
	u64 utime_ticks;
	u64 stime_ticks;
	u64 nvcsw;  /* gave the CPU up to sleep */
	u64 nivcsw; /* had it taken away (preempted or yielded) */
	u64 minflt; /* page faults resolved without I/O (all of them: no swap, no files) */
	/*
	 * The most pages an address space of it held at once (Linux's
	 * signal->maxrss and cmaxrss); a maximum, not a sum. A thread's own
	 * stays 0: its process keeps it, from each address space that exec
	 * or an exit left.
	 */
	unsigned long maxrss;
};

/* Called by sched_tick() on each CPU for the task it interrupted. */
void cputime_tick(struct task *t, bool from_user);

/* The usage of one thread; of a whole process (its live and exited threads, under its siglock). */
void cputime_thread(const struct task *t, struct cpu_usage *u);
void cputime_process(const struct process *p, struct cpu_usage *u);

/* A thread exits: its usage moves into its process's. With its process's siglock held. */
void cputime_thread_exit(struct task *t);
/*
 * t is about to leave its address space as exec replaces it: the space's
 * high-water mark becomes its process's maxrss, if higher (an exit does
 * the same as its thread leaves the list, kernel/proc/exit.c).
 */
void cputime_mm_leave(const struct task *t);
/* parent reaps child through wait: the child's own and reaped usage move into parent's. */
void cputime_reap(struct process *parent, const struct process *child);

struct rusage;
/* u as getrusage() and wait4() give it: times, faults, switches; what is not kept is 0. */
void cpu_usage_to_rusage(const struct cpu_usage *u, struct rusage *ru);

/* The nanoseconds CPU clock which (CPUCLOCK_PROF, _VIRT, _SCHED) reads for usage u. */
s64 cpu_usage_clock_ns(int which, const struct cpu_usage *u);

/* dst += src (maxrss: the larger) */
void cpu_usage_add(struct cpu_usage *dst, const struct cpu_usage *src);

/*
 * The nanoseconds of CPU clock id clock (a negative id: CPUCLOCK_* of a
 * process or thread); -EINVAL when it names no clock the caller may read
 * (Linux's rules: PID 0 is the caller; a thread must be in the caller's
 * process; a process ID must name a process, or the caller's own thread
 * when for_read).
 */
int cputime_clock_read(int clock, bool for_read, s64 *ns);

#endif
