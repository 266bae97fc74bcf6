// SPDX-License-Identifier: MIT
/*
 * The CPU feature probe: what the boot log prints and later code trusts.
 * The boot runner checks the "cpu:" line against the platform, so a
 * mislabelled emulator fails the run.
 */
#include <asm/apic.h>
#include <asm/cet.h>
#include <asm/cpu.h>
#include <asm/msr.h>
#include <asm/pat.h>
#include <asm/x86.h>
#include <kernel/arch.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <string.h>

const char arch_name[] = "x86_64";

struct x86_features x86_features;

/* Read by uaccess.S: whether STAC/CLAC must bracket user accesses. */
u8 x86_smap_enabled;

static const char *yes_no(bool b)
{
	return b ? "yes" : "no";
}

void arch_cpu_probe(void)
{
	struct x86_features *f = &x86_features;
	struct cpuid_regs r0 = cpuid(0, 0);
	u32 max_leaf = r0.eax;

	memcpy(f->vendor + 0, &r0.ebx, 4);
	memcpy(f->vendor + 4, &r0.edx, 4);
	memcpy(f->vendor + 8, &r0.ecx, 4);
	f->vendor[12] = '\0';

	struct cpuid_regs r1 = cpuid(1, 0);

	f->pat = r1.edx & CPUID1_EDX_PAT;
	f->xsave = r1.ecx & CPUID1_ECX_XSAVE;
	f->hypervisor = r1.ecx & CPUID1_ECX_HYPERVISOR;

	if (max_leaf >= 7) {
		struct cpuid_regs r7 = cpuid(7, 0);

		f->smep = r7.ebx & CPUID7_EBX_SMEP;
		f->smap = r7.ebx & CPUID7_EBX_SMAP;
		f->shstk = r7.ecx & CPUID7_ECX_CET_SS;
		f->ibt = r7.edx & CPUID7_EDX_CET_IBT;
	}
	if (max_leaf >= 0xd && f->xsave) {
		struct cpuid_regs rd = cpuid(0xd, 1);

		f->xsaves = rd.eax & CPUIDD1_EAX_XSAVES;
		/* ECX holds bits 31:0 of the IA32_XSS bits XSAVES supports. */
		f->xss_cet_u = f->xsaves && (rd.ecx & XSS_CET_U);
		f->xss_cet_s = f->xsaves && (rd.ecx & XSS_CET_S);
	}
	if (cpuid(0x80000000, 0).eax >= 0x80000001)
		f->nx = cpuid(0x80000001, 0).edx & CPUID80000001_EDX_NX;

	printk("cpu: %s shstk=%s ibt=%s xsave=%s xsaves=%s xss_cet_u=%s xss_cet_s=%s smep=%s "
	       "smap=%s nx=%s hypervisor=%s\n",
	       f->vendor, yes_no(f->shstk), yes_no(f->ibt), yes_no(f->xsave), yes_no(f->xsaves),
	       yes_no(f->xss_cet_u), yes_no(f->xss_cet_s), yes_no(f->smep), yes_no(f->smap),
	       yes_no(f->nx), yes_no(f->hypervisor));

	/*
	 * SMEP: ring 0 may not execute user pages; SMAP: nor touch them unless
	 * RFLAGS.AC is set (SDM vol. 3A §4.6). No user pages exist yet, so both
	 * can be on from the start.
	 */
	u64 cr4 = read_cr4();

	if (f->smep)
		cr4 |= CR4_SMEP;
	if (f->smap)
		cr4 |= CR4_SMAP;
	write_cr4(cr4);
	x86_smap_enabled = f->smap;
	x86_kernel_shstk_init(); /* decided before x86_cet_init() sets CR4.CET for it */
	x86_cet_init();
	x86_pat_init(); /* before arch_mm_init() maps the framebuffer */
	pr_info("pat: %s\n", x86_pat_wc ? "IA32_PAT as Linux's, entry 1 write-combining"
					: "no PAT: the framebuffer stays uncached-minus");
}

void arch_irq_enable(void)
{
	__asm__ __volatile__("sti" ::: "memory");
}

void arch_irq_disable(void)
{
	__asm__ __volatile__("cli" ::: "memory");
}

unsigned long arch_irq_save(void)
{
	unsigned long flags;

	__asm__ __volatile__("pushfq; popq %0; cli" : "=r"(flags)::"memory");
	return flags;
}

_Static_assert(offsetof(struct cpu, arch.entry_rsp) == CPU_ARCH_ENTRY_RSP,
	       "CPU_ARCH_ENTRY_RSP (asm/percpu.h) matches struct cpu");
_Static_assert(offsetof(struct cpu, arch.user_rsp) == CPU_ARCH_USER_RSP,
	       "CPU_ARCH_USER_RSP (asm/percpu.h) matches struct cpu");

/* In kernel mode, where the CPU is now: the kernel's base in GS, no user's yet (asm/percpu.h). */
void arch_set_this_cpu(struct cpu *c)
{
	wrmsr(MSR_GS_BASE, (u64)c);
	wrmsr(MSR_KERNEL_GS_BASE, 0);
}

bool arch_irqs_disabled(void)
{
	unsigned long flags;

	__asm__ __volatile__("pushfq; popq %0" : "=r"(flags));
	return !(flags & RFLAGS_IF);
}

void arch_irq_restore(unsigned long flags)
{
	if (flags & RFLAGS_IF)
		arch_irq_enable();
}

/*
 * Halts until an interrupt ran kernel code under big_lock here (a tick
 * that woke a sleeper, say) or this CPU was asked to reschedule: only then
 * may the caller's state have changed. Interrupts that only acknowledge
 * -- a shootdown, a reschedule IPI whose need_resched this loop reads
 * itself, an idle secondary's skipped tick (traps.c) -- keep it halted, so
 * an idle CPU does not take big_lock for nothing.
 */
void arch_idle_wait(void)
{
	struct cpu *c = this_cpu();
	u64 seen = READ_ONCE(c->arch.locked_irqs);

	do {
		/* STI delays interrupts by one instruction, so nothing slips in before HLT. */
		__asm__ __volatile__("sti; hlt; cli" ::: "memory");
	} while (READ_ONCE(c->arch.locked_irqs) == seen && !READ_ONCE(c->need_resched));
}

void arch_cpu_relax(void)
{
	__asm__ __volatile__("pause" ::: "memory");
}

/* 128 PAUSEs: a short hold ends sooner than a halt and a kick. */
const unsigned int arch_spin_relax_steps = 128;

/*
 * A lock waiter's halt. With the task priority at APIC_TPR_LOCK_WAIT only
 * priority class 15 is delivered (a vector's class is its bits 7:4; an
 * interrupt whose class is not above the TPR's waits in the IRR, SDM Vol.
 * 3A §11.8.3.1; in 64-bit mode CR8 is TPR[7:4], §11.8.6): the kick, a TLB
 * shootdown and the spurious vector, all handled without a lock (traps.c,
 * x86_entry_rules[]). A tick, a reschedule IPI or a device, whose handler
 * may wait for big_lock behind this CPU's own ticket, stays pending until
 * the priority is back. STI's one-instruction delay makes the kick that
 * came before the HLT wake it; a spurious vector may come because the
 * priority rose while an interrupt was being delivered (§11.9).
 */
void arch_spin_halt(void)
{
	unsigned long flags, tpr;

	__asm__ __volatile__("pushfq; popq %0; movq %%cr8, %1" : "=r"(flags), "=r"(tpr));
	__asm__ __volatile__("movq %0, %%cr8" ::"r"((unsigned long)APIC_TPR_LOCK_WAIT) : "memory");
	__asm__ __volatile__("sti; hlt; cli" ::: "memory");
	__asm__ __volatile__("movq %0, %%cr8" ::"r"(tpr) : "memory");
	if (flags & RFLAGS_IF)
		arch_irq_enable();
}

void arch_spin_kick_cpu(unsigned int cpu)
{
	lapic_send_ipi((u32)smp_cpus[cpu].hw_id, APIC_ICR_FIXED | APIC_ICR_ASSERT | VEC_IPI_KICK);
}
