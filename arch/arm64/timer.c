// SPDX-License-Identifier: MIT
/*
 * The periodic tick from the generic timer's EL1 virtual timer (Arm ARM
 * D11.2: CNTFRQ_EL0, CNTVCT_EL0, CNTV_CVAL_EL0, CNTV_CTL_EL0), taken through
 * the GIC; user space's view of the counter; and the IRQ entry every
 * interrupt goes through.
 *
 * Every CPU has its own virtual timer and takes its own tick, which
 * preempts the task it runs (sched_tick()); only the boot CPU's (cpus[0])
 * is the clock (timer_tick()). A secondary's timer is masked while it
 * idles (arm64_idle_tick()): it wakes for the reschedule SGI instead.
 */
#include <asm/setup.h>
#include <asm/smp.h>
#include <asm/sysreg.h>
#include <asm/trap.h>
#include <kernel/arch.h>
#include <kernel/entry.h>
#include <kernel/panic.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/timer.h>

#define MAX_INTID 1020

static void (*handlers[MAX_INTID])(void);
static u64 interval;

/* How long one spin-wait step sleeps (arm64_relax()): 20 microseconds. */
#define RELAX_PER_SECOND 50000
static u64 relax_ticks;

void irq_set_handler(unsigned int intid, void (*fn)(void))
{
	if (intid < MAX_INTID)
		handlers[intid] = fn;
}

static void timer_irq(void)
{
	u64 next = read_sysreg(cntv_cval_el0) + interval;
	u64 now = read_sysreg(cntvct_el0);

	if (next <= now) /* we fell behind (an emulator pause): skip, do not storm */
		next = now + interval;
	write_sysreg(cntv_cval_el0, next);
	if (this_cpu()->id == 0)
		timer_tick();
}

/*
 * What EL0 may read of the generic timer, as Linux sets it
 * (arch_counter_set_user_access()): the virtual count CNTVCT_EL0 and
 * CNTFRQ_EL0, so programs time themselves without a system call; never the
 * physical count, the timers or the event stream. Everything else traps
 * and becomes SIGILL (traps.c). Arm ARM D19.11, CNTKCTL_EL1.
 */
static void counter_user_access(void)
{
	write_sysreg(cntkctl_el1, CNTKCTL_EL0VCTEN);
	isb();
}

/* This CPU's half: EL0's counter access, its timer PPI and SGIs, the first deadline. */
static void timer_start_cpu(void)
{
	counter_user_access();
	gic_enable(arm64_platform.timer_intid);
	gic_enable(SGI_RESCHEDULE);
	gic_enable(SGI_STOP);
	gic_enable_wakeup(SGI_KICK, true);
	this_cpu()->arch.kick_ready = true;
	if (arm64_platform.ptimer_intid) {
		gic_enable_wakeup(arm64_platform.ptimer_intid, false);
		this_cpu()->arch.relax_ready = true;
	}
	write_sysreg(cntv_cval_el0, read_sysreg(cntvct_el0) + interval);
	write_sysreg(cntv_ctl_el0, CNT_CTL_ENABLE);
	isb();
}

void arm64_timer_init_secondary(struct cpu *c)
{
	gic_init_cpu(c);
	timer_start_cpu();
}

/*
 * Around a secondary's WFI (arch_idle_wait()): its tick only preempts
 * tasks, and an idle CPU has none, so the timer is masked (CNTV_CTL_EL0.IMASK,
 * Arm ARM D11.2) and the CPU sleeps until an SGI says there is work. Spinning
 * on big_lock for nothing 100 times a second is what it avoids. The boot
 * CPU's tick is the clock and never stops.
 */
void arm64_idle_tick(bool on)
{
	if (this_cpu()->id == 0)
		return;
	write_sysreg(cntv_ctl_el0, on ? CNT_CTL_ENABLE : CNT_CTL_ENABLE | CNT_CTL_IMASK);
	isb();
}

/*
 * One step of a spin-wait (arch_cpu_relax(): a CPU waiting for a lock or a
 * report). Spinning on emulators with fewer host CPUs than virtual ones
 * steals the host time the CPU being waited for needs -- QEMU's TCG
 * treats YIELD and WFE alike, as a return to its loop, never a sleep -- so
 * the step sleeps in WFI instead, woken at the latest by the EL1 physical
 * timer (CNTP, otherwise unused) 20 us later: WFI wakes on a pending
 * interrupt even with PSTATE.I masking it (Arm ARM D1.6.2), and masked it
 * stays, so the timer's interrupt is never taken; disabling the timer
 * withdraws it (Arm ARM D11.2, CNTP_CTL_EL0). The GIC's priority mask lets
 * only that timer and a kick through meanwhile (gic_wait_mask()): a tick
 * or any interrupt already pending -- the one whose entry waits for
 * big_lock, before its acknowledge -- would end every WFI at once and
 * make the step a busy spin. Before this CPU's GIC interface knows the
 * timer's interrupt: a plain YIELD.
 */
void arm64_relax(void)
{
	if (!this_cpu()->arch.relax_ready) {
		__asm__ __volatile__("yield" ::: "memory");
		return;
	}
	arm64_masked_wfi(1, false);
}

/* A lock waiter's backstop (smp.c, arch_spin_halt()): 50 relax steps, 1 ms. */
#define HALT_BOUND_RELAXES 50

void arm64_masked_wfi(unsigned int relaxes, bool take_kick)
{
	bool timed = relaxes && this_cpu()->arch.relax_ready;
	unsigned long flags;

	__asm__ __volatile__("mrs %0, daif\n\tmsr daifset, #2" : "=r"(flags)::"memory");
	gic_wait_mask(true);
	if (timed) {
		write_sysreg(cntp_tval_el0, relax_ticks * relaxes);
		write_sysreg(cntp_ctl_el0, CNT_CTL_ENABLE);
		isb();
	}
	__asm__ __volatile__("wfi" ::: "memory");
	if (timed) {
		write_sysreg(cntp_ctl_el0, 0);
		isb();
	}
	if (take_kick)
		gic_take_kick(SGI_KICK);
	gic_wait_mask(false);
	__asm__ __volatile__("msr daif, %0" ::"r"(flags) : "memory");
}

void arm64_lock_halt(void)
{
	arm64_masked_wfi(HALT_BOUND_RELAXES, true);
}

void arch_timer_init(unsigned int hz)
{
	u64 freq = read_sysreg(cntfrq_el0);

	if (!freq)
		panic("timer: CNTFRQ_EL0 is 0 (firmware did not set it)");
	interval = freq / hz;
	relax_ticks = freq / RELAX_PER_SECOND ?: 1;
	gic_init();
	irq_set_handler(arm64_platform.timer_intid, timer_irq);
	timer_start_cpu();
	pr_info("timer: generic timer at %lu Hz, tick %u Hz, GICv%u INTID %u\n",
		(unsigned long)freq, hz, arm64_platform.gic_version, arm64_platform.timer_intid);
}

/* An IRQ from EL0 or EL1, interrupts masked, big_lock held. */
static void irq_dispatch(struct trap_frame *f, bool user)
{
	u32 eoi;
	unsigned int intid = gic_ack(&eoi);

	if (intid >= MAX_INTID)
		return; /* spurious: nothing to acknowledge */
	if (intid < SGI_COUNT)
		arm64_sgi(intid);
	else if (handlers[intid])
		handlers[intid]();
	gic_eoi(eoi);
	(void)f;
	if (intid == arm64_platform.timer_intid)
		sched_tick(user);
}

/*
 * A kick (SGI_KICK) that came after its lock waiter stopped waiting -- the
 * unlock saw it still registered -- has nothing left to do: it is taken
 * and ended here, without big_lock, so a late kick costs no lock round
 * trip. Having the highest priority, it is the one the GIC shows first.
 */
static bool take_late_kick(struct trap_frame *f)
{
	(void)f;
	return gic_take_kick(SGI_KICK);
}

static const struct entry_rule irq_rules[] = {
	{ TRAP_IRQ, ENTRY_FROM_ANY, ENTRY_NO_LOCK, take_late_kick },
};

/*
 * entry.S: an IRQ from EL0 or EL1, under big_lock as all kernel code
 * (kernel/entry.c), but for a late kick.
 */
void arm64_irq(struct trap_frame *f)
{
	entry_trap(f, TRAP_IRQ, (f->spsr & SPSR_MODE_MASK) == SPSR_MODE_EL0T, irq_rules,
		   ARRAY_SIZE(irq_rules), irq_dispatch);
}
