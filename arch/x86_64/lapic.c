// SPDX-License-Identifier: MIT
/*
 * The local APICs (Intel SDM vol. 3A chapter 11), one per CPU, all at the
 * same address or MSRs, each CPU reaching its own. x2APIC mode
 * when the CPU offers it (CPUID.1:ECX[21], §11.12): registers are MSRs,
 * IDs 32 bits wide. Else xAPIC mode: registers are 32-bit MMIO at the base
 * IA32_APIC_BASE names, mapped uncached. No interrupt line of a device is
 * used (COM1 is polled, the console needs none), so the I/O APICs stay as
 * firmware left them, every redirection entry masked; only the APIC timer
 * (timer.c) and the CPUs' IPIs to one another (smp.c, tlb.c) interrupt.
 */
#include <asm/apic.h>
#include <asm/cpu.h>
#include <asm/mmu.h>
#include <asm/msr.h>
#include <asm/page.h>
#include <asm/tlb.h>
#include <kernel/arch.h>
#include <kernel/compiler.h>
#include <kernel/panic.h>
#include <kernel/printk.h>

static volatile u32 *xapic; /* xAPIC registers, or NULL in x2APIC mode */
static bool x2apic;

bool lapic_x2apic(void)
{
	return x2apic;
}

u32 lapic_read(unsigned int reg)
{
	if (x2apic)
		return (u32)rdmsr(X2APIC_MSR_BASE + reg / 16);
	return xapic[reg / 4];
}

void lapic_write(unsigned int reg, u32 v)
{
	if (x2apic)
		wrmsr(X2APIC_MSR_BASE + reg / 16, v);
	else
		xapic[reg / 4] = v;
}

u32 lapic_id(void)
{
	u32 id = lapic_read(APIC_ID);

	/* xAPIC: the ID is bits 31:24 (§11.4.6); x2APIC: all 32 bits (§11.12.5.1). */
	return x2apic ? id : id >> 24;
}

void lapic_eoi(void)
{
	/* Any write; in x2APIC mode a non-zero value is a #GP (§11.12.1.2). */
	lapic_write(APIC_EOI, 0);
}

void lapic_init(void)
{
	struct cpuid_regs r1 = cpuid(1, 0);
	u64 base = rdmsr(MSR_APIC_BASE);

	if (!(r1.edx & CPUID1_EDX_APIC))
		panic("apic: this CPU has no local APIC");
	/*
	 * Reset -> xAPIC -> x2APIC is the allowed order; x2APIC straight from
	 * disabled is not (§11.12.5, figure 11-27). Firmware may have left
	 * x2APIC on already, and leaving it is only possible by disabling.
	 */
	if (!(base & APIC_BASE_EN)) {
		base |= APIC_BASE_EN;
		wrmsr(MSR_APIC_BASE, base);
	}
	if ((r1.ecx & CPUID1_ECX_X2APIC) || (base & APIC_BASE_EXTD)) {
		if (!(base & APIC_BASE_EXTD))
			wrmsr(MSR_APIC_BASE, base | APIC_BASE_EXTD);
		x2apic = true;
	} else {
		xapic = x86_map_mmio(base & APIC_BASE_ADDR_MASK, PAGE_SIZE);
		if (!xapic)
			panic("apic: cannot map the local APIC at %#lx",
			      (unsigned long)(base & APIC_BASE_ADDR_MASK));
	}
	lapic_write(APIC_TPR, 0); /* accept every priority class (§11.8.3.1) */
	/* The 8259's ExtINT through LINT0 is not used: its lines are all masked. */
	lapic_write(APIC_LVT_LINT0, APIC_LVT_MASKED);
	lapic_write(APIC_LVT_TIMER, APIC_LVT_MASKED | VEC_APIC_TIMER);
	lapic_write(APIC_LVT_ERROR, VEC_APIC_ERROR);
	/* The ESR latches on a write; write before reading (§11.5.3). */
	lapic_write(APIC_ESR, 0);
	(void)lapic_read(APIC_ESR);
	lapic_write(APIC_SVR, APIC_SVR_ENABLE | VEC_APIC_SPURIOUS);
	lapic_eoi();	     /* nothing the firmware left in service blocks us */
	x86_tlb_cpu_ready(); /* the secondaries' shootdowns reach the boot CPU too */
	pr_info("apic: boot CPU local APIC id %u, %s mode, version %#x\n", lapic_id(),
		x2apic ? "x2APIC" : "xAPIC", lapic_read(APIC_VERSION) & 0xff);
}

/* An APIC error interrupt (§11.5.3): logged, never fatal. */
void lapic_error_irq(void)
{
	u32 esr;

	lapic_write(APIC_ESR, 0);
	esr = lapic_read(APIC_ESR);
	pr_warn("apic: error interrupt, ESR %#x\n", esr);
	lapic_eoi();
}

/* See asm/apic.h. Runs on the secondary, interrupts off. */
void lapic_init_secondary(void)
{
	u64 base = rdmsr(MSR_APIC_BASE);

	/* As lapic_init(): enabled first, then x2APIC; every CPU in the same mode (§11.12.5). */
	if (!(base & APIC_BASE_EN)) {
		base |= APIC_BASE_EN;
		wrmsr(MSR_APIC_BASE, base);
	}
	if (x2apic && !(base & APIC_BASE_EXTD))
		wrmsr(MSR_APIC_BASE, base | APIC_BASE_EXTD);
	lapic_write(APIC_TPR, 0);
	lapic_write(APIC_LVT_LINT0, APIC_LVT_MASKED);
	lapic_write(APIC_LVT_LINT1, APIC_LVT_MASKED);
	lapic_write(APIC_LVT_TIMER, APIC_LVT_MASKED | VEC_APIC_TIMER);
	lapic_write(APIC_LVT_ERROR, APIC_LVT_MASKED | VEC_APIC_ERROR);
	lapic_write(APIC_ESR, 0);
	(void)lapic_read(APIC_ESR);
	lapic_write(APIC_SVR, APIC_SVR_ENABLE | VEC_APIC_SPURIOUS);
}

void lapic_send_ipi(u32 dest, u32 icr_low)
{
	unsigned long flags;

	if (x2apic) {
		/*
		 * One WRMSR sends it; no delivery status to wait for (§11.12.9).
		 * A WRMSR to an x2APIC register is not serializing (§11.12.3):
		 * MFENCE first, so the stores the target will look at (a
		 * shootdown request) are visible before the IPI is.
		 */
		__asm__ __volatile__("mfence" ::: "memory");
		wrmsr(X2APIC_MSR_ICR, ((u64)dest << 32) | icr_low);
		return;
	}
	/* The write of the low half sends the IPI (§11.6.1): destination first. */
	flags = arch_irq_save();
	lapic_write(APIC_ICR_HIGH, dest << 24);
	lapic_write(APIC_ICR_LOW, icr_low);
	while (lapic_read(APIC_ICR_LOW) & APIC_ICR_BUSY)
		__asm__ __volatile__("pause" ::: "memory");
	arch_irq_restore(flags);
}
