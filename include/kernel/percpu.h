/* SPDX-License-Identifier: MIT */
/*
 * Per-CPU state. Each CPU finds its own struct cpu through a register only
 * the kernel can read (x86_64: IA32_KERNEL_GS_BASE, arm64: TPIDR_EL1;
 * asm/percpu.h), so `current` -- the task this CPU runs -- costs one
 * register read, and two CPUs never share a `current`.
 */
#ifndef KERNEL_PERCPU_H
#define KERNEL_PERCPU_H

#include <asm/percpu.h>
#include <kernel/smp.h>
#include <kernel/types.h>

struct task;
struct spinlock;

#define LOCKDEP_MAX_HELD 8

struct cpu {
	struct cpu *self;	    /* first: arch code may find the struct through it */
	unsigned int id;	    /* index in cpus[] and smp_cpus[]; what getcpu() returns */
	struct task *running;	    /* the task running here: `current` */
	struct task *idle;	    /* runs when nothing else may: never on the run queue */
	struct task *switched_from; /* the task just left: freed here once switched away if dead */
	bool need_resched;	    /* the time slice is over or a task waits for this CPU */
	bool scheduling;	    /* takes tasks from the run queue (smp_go() reached it) */
	u64 ticks;		    /* this CPU's timer interrupts */
	/* The lock debugger's stack of locks this CPU holds (kernel/locking/lockdep.c). */
	const struct spinlock *held[LOCKDEP_MAX_HELD];
	unsigned int nr_held;
	struct arch_cpu arch;
	/* The lock and ticket this CPU sleeps waiting for (spinlock.c), or NULL. */
	struct spinlock *spin_wait_lock;
	u32 spin_wait_ticket;
	/*
	 * This CPU's latest lock wait, not yet in /proc/lock_stat: spinlock.c
	 * adds it there at the next wait, before waiting, not while holding
	 * the lock the wait was for.
	 */
	const char *lock_wait_name;
	u64 lock_wait_ticks;
};

extern struct cpu cpus[SMP_MAX_CPUS];

static inline struct cpu *this_cpu(void)
{
	return arch_this_cpu();
}

static inline struct task *get_current(void)
{
	return this_cpu()->running;
}

/* The task running on this CPU. */
#define current get_current()

/* ---- arch hooks (asm/percpu.h or arch/<arch>/) ---- */
/*
 * Points this CPU's per-CPU register at c. The boot CPU calls it first
 * thing in kernel_main(); a secondary before it calls any generic code.
 */
void arch_set_this_cpu(struct cpu *c);

#endif
