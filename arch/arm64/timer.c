// SPDX-License-Identifier: MIT
/*
 * The periodic tick from the generic timer's EL1 virtual timer (Arm ARM
 * D11.2: CNTFRQ_EL0, CNTVCT_EL0, CNTV_CVAL_EL0, CNTV_CTL_EL0), taken through
 * the GIC; user space's view of the counter; and the IRQ entry every
 * interrupt goes through.
 */
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <asm/trap.h>
#include <kernel/arch.h>
#include <kernel/big_lock.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <kernel/sched.h>
#include <kernel/timer.h>

#define MAX_INTID 1020

static void (*handlers[MAX_INTID])(void);
static u64 interval;

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

void arch_timer_init(unsigned int hz)
{
	u64 freq = read_sysreg(cntfrq_el0);

	if (!freq)
		panic("timer: CNTFRQ_EL0 is 0 (firmware did not set it)");
	interval = freq / hz;
	counter_user_access();
	gic_init();
	irq_set_handler(arm64_platform.timer_intid, timer_irq);
	gic_enable(arm64_platform.timer_intid);
	write_sysreg(cntv_cval_el0, read_sysreg(cntvct_el0) + interval);
	write_sysreg(cntv_ctl_el0, CNT_CTL_ENABLE);
	isb();
	pr_info("timer: generic timer at %lu Hz, tick %u Hz, GICv%u INTID %u\n",
		(unsigned long)freq, hz, arm64_platform.gic_version, arm64_platform.timer_intid);
}

/* entry.S: an IRQ from EL0 or EL1, interrupts masked. */
static void irq_dispatch(bool user)
{
	unsigned int intid = gic_ack();

	if (intid >= MAX_INTID)
		return; /* spurious: nothing to acknowledge */
	if (handlers[intid])
		handlers[intid]();
	gic_eoi(intid);
	if (intid == arm64_platform.timer_intid)
		sched_tick(user);
	if (user)
		exit_to_user_mode();
}

/*
 * entry.S: an IRQ from EL0 or EL1, interrupts masked. It runs holding
 * big_lock as all kernel code: from EL0 ret_to_user drops it again; from
 * EL1 (the idle loop, which does not hold it) it is dropped here.
 */
void arm64_irq(struct trap_frame *f)
{
	bool user = (f->spsr & SPSR_MODE_MASK) == SPSR_MODE_EL0T;
	bool took = big_lock_enter();

	irq_dispatch(user);
	if (!user)
		big_lock_leave(took);
}
