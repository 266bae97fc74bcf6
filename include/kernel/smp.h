/* SPDX-License-Identifier: MIT */
/*
 * Several CPUs: every CPU the firmware lists is started, checks its
 * shadow-stack hardware against the boot CPU's, reports in its slot of
 * smp_cpus[], and joins the scheduler (kernel/smp.c; docs/DESIGN.md §7).
 */
#ifndef KERNEL_SMP_H
#define KERNEL_SMP_H

#include <kernel/types.h>

struct boot_info;
struct cpu;
struct task;

#define SMP_MAX_CPUS 64

/*
 * A secondary that has not reported after this long is given up: Linux's
 * x86 do_boot_cpu() waits 10 s for its sign of life too. An emulator's
 * CPU threads on a loaded host may not run at all for a second of the
 * guest's clock; a CPU that is only late must not be lost.
 */
#define SMP_START_TIMEOUT_TICKS (10 * HZ) /* HZ: <kernel/timer.h> */

/* A CPU's state; SMP_CPU_STARTING..FAILED are written by the CPU itself. */
enum smp_state {
	SMP_CPU_OFF,	  /* not started: nosmp / maxcpus=, or not yet */
	SMP_CPU_STARTING, /* the boot CPU has kicked it and waits */
	SMP_CPU_ONLINE,	  /* it ran its checks and joined the scheduler */
	SMP_CPU_FAILED,	  /* the firmware or the CPU refused, or it never answered */
};

/* The per-CPU shadow-stack check's verdict (arch_smp_* fills it on the CPU). */
enum smp_shstk {
	SMP_SHSTK_UNCHECKED,
	SMP_SHSTK_OK,	    /* same feature bits as the boot CPU; registers hold what was written */
	SMP_SHSTK_ABSENT,   /* neither this CPU nor the boot CPU has shadow stacks in use */
	SMP_SHSTK_MISMATCH, /* its feature bits differ from the boot CPU's */
	SMP_SHSTK_BAD_REG,  /* a control register did not read back what was written */
};

struct smp_cpu {
	u64 hw_id;	    /* the firmware's ID: x86 APIC ID, arm64 MPIDR affinity */
	u64 seen_id;	    /* the ID the CPU read from its own hardware */
	volatile u32 state; /* enum smp_state */
	volatile u32 shstk; /* enum smp_shstk */
	u64 detail;	    /* with BAD_REG: the register (MSR number or arch code) */
	bool boot;	    /* the CPU that runs the kernel */
	struct task *idle;  /* its idle task, whose stack it starts on */
};

extern struct smp_cpu smp_cpus[SMP_MAX_CPUS];
extern unsigned int smp_nr_cpus;  /* the firmware's list, the boot CPU included */
extern unsigned int smp_max_cpus; /* nosmp / maxcpus= (Linux's): how many may be online */

/* CPUs whose state is SMP_CPU_ONLINE (the boot CPU included). */
unsigned int smp_online_count(void);

/*
 * Starts the secondaries, one at a time, and prints "smp: N CPUs online
 * (...)". The boot CPU, interrupts on (the waits count timer ticks),
 * before the self-tests.
 */
void smp_init(const struct boot_info *info);

/*
 * Called on a secondary once its checks ran: records them and marks it
 * online (a release store the boot CPU's wait pairs with). A CPU reporting
 * after the boot CPU gave up on it (smp_init() waits a bounded time) never
 * returns: it idles for good, not online.
 */
void smp_report(struct smp_cpu *c, u64 seen_id, enum smp_shstk shstk, u64 detail);

/*
 * A secondary's last step of start-up, called by the arch once it reported
 * (interrupts off, on its idle task's stack, this_cpu() set): never returns.
 */
__attribute__((noreturn)) void smp_secondary_main(struct smp_cpu *c);

/* Lets every online secondary take tasks (after the self-tests; big_lock held). */
void smp_start_scheduling(void);

/* How many CPUs take tasks, and which (bit n: CPU n; sched_getaffinity's mask). */
unsigned int smp_scheduling_count(void);
u64 smp_scheduling_mask(void);

/* ---- arch hooks (arch/<arch>/smp.c) ---- */

/* What the boot log calls a CPU's hw_id: "APIC ID", "MPIDR". */
extern const char arch_smp_id_name[];

/*
 * Fills cpus[] from the firmware's tables (MADT, device tree) and returns
 * how many; the boot CPU's entry has boot set. Returns 0 when the firmware
 * lists none (the boot CPU alone then).
 */
unsigned int arch_smp_list_cpus(const struct boot_info *info, struct smp_cpu *cpus,
				unsigned int max);

/* This CPU's hardware ID, as the firmware's list spells it. */
u64 arch_smp_this_cpu_id(void);

/*
 * Kicks secondary c to start on stack_top; c->state is SMP_CPU_STARTING.
 * Returns 0 once it was kicked (the caller waits for its report) or a
 * negative errno when it cannot be (e.g. PSCI refused).
 */
int arch_smp_start_cpu(const struct boot_info *info, struct smp_cpu *c, uintptr_t stack_top);

/* After the last start: frees what the starts needed (the x86 trampoline's tables). */
void arch_smp_started_all(void);

/*
 * On a secondary, before it schedules: its own timer (whose tick must not
 * call timer_tick(): only the boot CPU's counts time), interrupt
 * controller, and whatever per-CPU state its kernel entry needs.
 */
void arch_smp_secondary_init(struct cpu *c);

/* Makes CPU cpu reschedule soon: an IPI (x86 fixed vector, arm64 SGI). */
void arch_smp_send_reschedule(unsigned int cpu);

/*
 * Called while spinning on a lock with interrupts off: does what other
 * CPUs wait for this one to do (x86: a TLB shootdown request), so a lock
 * holder that waits for it never deadlocks against a CPU waiting for its
 * lock.
 */
void arch_smp_poll(void);

#endif
