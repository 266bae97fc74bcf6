// SPDX-License-Identifier: MIT
/*
 * The CPU feature probe: what the boot log prints and later code trusts.
 * The boot runner checks the "cpu:" line against the platform, so a
 * mislabelled emulator fails the run. ID register fields: Arm ARM D19.2
 * (ID_AA64PFR1_EL1.GCS 47:44, ID_AA64MMFR1_EL1.PAN 23:20,
 * ID_AA64MMFR3_EL1.S1PIE 11:8).
 */
#include <asm/setup.h>
#include <asm/smp.h>
#include <asm/sysreg.h>
#include <kernel/arch.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>

const char arch_name[] = "aarch64";

struct arm64_features arm64_features;
u8 arm64_pan_enabled;
extern u32 arm64_boot_el;

static const char *yes_no(bool b)
{
	return b ? "yes" : "no";
}

void arch_cpu_probe(void)
{
	struct arm64_features *f = &arm64_features;
	u64 pfr0 = read_sysreg(id_aa64pfr0_el1), pfr1 = read_sysreg(id_aa64pfr1_el1);
	u64 mmfr0 = read_sysreg(id_aa64mmfr0_el1), mmfr1 = read_sysreg(id_aa64mmfr1_el1);
	u64 mmfr3;

	__asm__ __volatile__("mrs %0, " REG_ID_AA64MMFR3_EL1 : "=r"(mmfr3));
	f->midr = read_sysreg(midr_el1);
	f->gcs = id_field(pfr1, ID_AA64PFR1_GCS_SHIFT) != 0;
	f->s1pie = id_field(mmfr3, ID_AA64MMFR3_S1PIE_SHIFT) != 0;
	f->pan = id_field(mmfr1, ID_AA64MMFR1_PAN_SHIFT) != 0;
	f->fp = id_field(pfr0, ID_AA64PFR0_FP_SHIFT) != 0xf;
	f->parange = id_field(mmfr0, ID_AA64MMFR0_PARANGE_SHIFT);
	f->el = arm64_boot_el;

	/* MIDR_EL1: implementer 31:24, part number 15:4 (Arm ARM D19.2.100). */
	printk("cpu: midr=%08lx implementer=%#lx part=%#lx el=%u gcs=%s s1pie=%s pan=%s fp=%s\n",
	       (unsigned long)f->midr, (unsigned long)(f->midr >> 24) & 0xff,
	       (unsigned long)(f->midr >> 4) & 0xfff, f->el, yes_no(f->gcs), yes_no(f->s1pie),
	       yes_no(f->pan), yes_no(f->fp));

	arm64_pan_init();
	arm64_kernel_bti_init();
	arm64_bti_init();
}

/*
 * FEAT_PAN (Arm ARM D8.4.5.1 "PSTATE.PAN"): with PSTATE.PAN = 1 a
 * privileged data access to a page EL0 may access is a Permission fault.
 * The kernel never clears it: arch_copy_user() uses LDTR/STTR, which are
 * checked with EL0's rights and which PAN does not affect (uaccess.S).
 * SCTLR_EL1.SPAN = 0 makes every exception taken to EL1 set PSTATE.PAN
 * (D8.4.5.1, rule RTHGD), so the kernel runs with PAN on whatever the
 * interrupted context or a user SPSR held. Without FEAT_PAN, SPAN is RES1
 * (SCTLR_EL1, D19.2.118) and stays as head.S set it.
 */
void arm64_pan_init(void)
{
	if (!arm64_features.pan)
		return;
	write_sysreg(sctlr_el1, read_sysreg(sctlr_el1) & ~SCTLR_SPAN);
	isb();
	__asm__ __volatile__(".inst %0" ::"i"(INSN_SET_PAN) : "memory");
	arm64_pan_enabled = 1;
}

void arch_irq_enable(void)
{
	__asm__ __volatile__("msr daifclr, #2" ::: "memory");
}

void arch_irq_disable(void)
{
	__asm__ __volatile__("msr daifset, #2" ::: "memory");
}

unsigned long arch_irq_save(void)
{
	unsigned long flags;

	__asm__ __volatile__("mrs %0, daif\n\tmsr daifset, #2" : "=r"(flags)::"memory");
	return flags;
}

void arch_set_this_cpu(struct cpu *c)
{
	__asm__ __volatile__("msr tpidr_el1, %0" ::"r"(c) : "memory");
}

bool arch_irqs_disabled(void)
{
	unsigned long flags;

	__asm__ __volatile__("mrs %0, daif" : "=r"(flags));
	return flags & DAIF_I;
}

void arch_irq_restore(unsigned long flags)
{
	if (!(flags & DAIF_I))
		arch_irq_enable();
}

/*
 * WFI wakes on a pending interrupt even while PSTATE.I masks it (Arm ARM
 * D1.6.2), so with IRQs masked nothing can slip in between; unmasking
 * afterwards takes the interrupt. A secondary sleeps without its tick
 * (timer.c, arm64_idle_tick()). An interrupt that only acknowledges -- a
 * late lock kick, taken without big_lock (timer.c) -- keeps the CPU
 * halted, so it does not take big_lock for nothing; one that took the
 * lock, or a reschedule, ends the wait.
 */
void arch_idle_wait(void)
{
	struct cpu *c = this_cpu();
	u64 seen = READ_ONCE(c->arch.locked_irqs);

	arm64_idle_tick(false);
	do {
		__asm__ __volatile__("dsb sy\n\twfi" ::: "memory");
		__asm__ __volatile__("msr daifclr, #2\n\tisb\n\tmsr daifset, #2" ::: "memory");
	} while (READ_ONCE(c->arch.locked_irqs) == seen && !READ_ONCE(c->need_resched));
	arm64_idle_tick(true);
}

/* A sleep of a few microseconds where the GIC is ready (timer.c), else YIELD. */
void arch_cpu_relax(void)
{
	arm64_relax();
}

/*
 * None: a lock waiter halts for its kick at once. A relax step is a 20 us
 * sleep, not a PAUSE, and a waiter that polls is not kicked: its handoff
 * waits for its timer. 128 steps before the halt (x86's count) took
 * QEMU -icount with 4 CPUs from 0.07-0.61 of one CPU's throughput to
 * 0.72-0.98 when they went (docs/BENCH.md, make bench-smp).
 */
const unsigned int arch_spin_relax_steps = 0;
