// SPDX-License-Identifier: MIT
/*
 * Starting the application processors (APs) the MADT lists as enabled,
 * with the INIT-SIPI-SIPI sequence of Intel SDM vol. 3A §9.4.4.1 ("Typical
 * BSP Initialization Sequence"; chapter numbers of the 2023 and later
 * editions, where chapter 9 is multiple-processor management and 11 the
 * APIC): an INIT IPI, 10 ms, then two start-up IPIs naming the trampoline
 * page (asm/smp.h, smp_trampoline.S), each followed by a wait of at least
 * 200 us. The IPIs are sent through the ICR, §11.6.1.
 *
 * Each AP then runs x86_ap_entry(): its own GDT and TSS, the shared IDT,
 * the kernel's page tables, the boot CPU's CR4 features, its local APIC
 * with every LVT entry masked, and the shadow-stack self-check
 * (x86_cet_check_secondary()); it reports in smp_cpus[] and halts with
 * interrupts off. It never touches `current`, the run queue or a lock.
 */
#include <asm/apic.h>
#include <asm/cet.h>
#include <asm/cpu.h>
#include <asm/mmu.h>
#include <asm/page.h>
#include <asm/pte.h>
#include <asm/setup.h>
#include <asm/smp.h>
#include <asm/x86.h>
#include <kernel/arch.h>
#include <kernel/boot.h>
#include <kernel/kstack.h>
#include <kernel/mm.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <kernel/timer.h>
#include <string.h>
#include <uapi/linux/errno.h>

extern const char x86_trampoline_start[], x86_trampoline_end[];
extern const char x86_trampoline_ap_cr3[], x86_trampoline_ap_efer[], x86_trampoline_ap_stack[];
extern const char x86_trampoline_ap_cpu[], x86_trampoline_ap_entry[];

const char arch_smp_id_name[] = "APIC ID";

/* The trampoline's page tables (below 4 GiB: CR3 is loaded in 32-bit mode). */
static phys_addr_t ap_pml4, ap_pdpt, ap_pd;
static bool trampoline_ready, trampoline_broken;
static u64 boot_cr4;
static uintptr_t ap_ist[SMP_MAX_CPUS][NR_IST_STACKS];

__noreturn void x86_ap_entry(u64 cpu);

unsigned int arch_smp_list_cpus(const struct boot_info *info, struct smp_cpu *cpus,
				unsigned int max)
{
	u32 me = lapic_id();
	unsigned int n = 0;
	bool found_me = false;

	(void)info;
	for (unsigned int i = 0; i < x86_madt.nr_cpus && n < max; i++) {
		const struct x86_cpu_entry *e = &x86_madt.cpus[i];

		/* Online-capable but not enabled: firmware would hot-add it; not started. */
		if (e->online_capable)
			continue;
		cpus[n] = (struct smp_cpu){ .hw_id = e->apic_id, .boot = e->apic_id == me };
		found_me |= cpus[n].boot;
		n++;
	}
	if (!found_me && n) {
		pr_warn("smp: the MADT does not list the boot CPU (APIC ID %u): secondaries left "
			"off\n",
			me);
		return 0;
	}
	return n;
}

u64 arch_smp_this_cpu_id(void)
{
	return lapic_id();
}

static void *trampoline_field(const char *sym)
{
	/* Linker symbols of one section: their distance, as addresses. */
	return (char *)phys_to_virt(TRAMPOLINE_PHYS) +
	       ((uintptr_t)sym - (uintptr_t)x86_trampoline_start);
}

/* Whether [start, end) lies in usable RAM and under no boot module. */
static bool page_is_free(const struct boot_info *info, phys_addr_t start, phys_addr_t end)
{
	bool usable = false;

	for (unsigned int i = 0; i < info->nr_usable; i++)
		usable |= info->usable[i].start <= start && end <= info->usable[i].end;
	for (unsigned int i = 0; i < info->nr_modules; i++)
		if (info->modules[i].range.start < end && start < info->modules[i].range.end)
			return false;
	return usable;
}

/*
 * The trampoline's tables: the kernel half of the kernel's PML4 (the image,
 * the direct map and the kernel stacks, shared tables below), and the
 * first 2 MiB identity-mapped, executable, for the trampoline page.
 */
static int prepare_trampoline(const struct boot_info *info)
{
	size_t size = (uintptr_t)x86_trampoline_end - (uintptr_t)x86_trampoline_start;
	const u64 *kernel = phys_to_virt(x86_kernel_pml4());
	u64 *pml4;

	if (!page_is_free(info, TRAMPOLINE_PHYS, TRAMPOLINE_PHYS + PAGE_SIZE) || size > PAGE_SIZE) {
		pr_warn("smp: the trampoline page %#x is not free RAM\n", TRAMPOLINE_PHYS);
		return -EBUSY;
	}
	ap_pml4 = page_alloc_zeroed(1);
	ap_pdpt = page_alloc_zeroed(1);
	ap_pd = page_alloc_zeroed(1);
	if (!ap_pml4 || !ap_pdpt || !ap_pd)
		return -ENOMEM;
	if (ap_pml4 >= (1ull << 32))
		return -ENOMEM; /* a 32-bit CR3 cannot reach it */
	pml4 = phys_to_virt(ap_pml4);
	for (unsigned int i = PT_ENTRIES / 2; i < PT_ENTRIES; i++)
		pml4[i] = kernel[i];
	pml4[0] = ap_pdpt | PTE_P | PTE_RW;
	((u64 *)phys_to_virt(ap_pdpt))[0] = ap_pd | PTE_P | PTE_RW;
	((u64 *)phys_to_virt(ap_pd))[0] = 0 | PTE_P | PTE_RW | PTE_PS;

	memcpy(phys_to_virt(TRAMPOLINE_PHYS), x86_trampoline_start, size);
	boot_cr4 = read_cr4();
	return 0;
}

/* Busy-waits until at least n - 1 whole ticks have passed (the tick is HZ). */
static void wait_ticks(u64 n)
{
	u64 start = timer_ticks();

	while (timer_ticks() - start < n)
		arch_cpu_relax();
}

int arch_smp_start_cpu(const struct boot_info *info, struct smp_cpu *c, uintptr_t stack_top)
{
	unsigned int cpu = (unsigned int)(c - smp_cpus);
	u32 efer = EFER_LME | (x86_pte_nx() ? EFER_NXE : 0);
	u64 entry = (u64)x86_ap_entry, slot = cpu;
	u32 cr3;

	if (trampoline_broken)
		return -EBUSY;
	if (!trampoline_ready) {
		int err = prepare_trampoline(info);

		if (err) {
			trampoline_broken = true;
			return err;
		}
		trampoline_ready = true;
	}
	for (unsigned int i = 0; i < NR_IST_STACKS; i++) {
		struct kstack ks;

		if (kstack_alloc(&ks))
			return -ENOMEM;
		ap_ist[cpu][i] = ks.top;
	}
	cr3 = (u32)ap_pml4;
	memcpy(trampoline_field(x86_trampoline_ap_cr3), &cr3, sizeof(cr3));
	memcpy(trampoline_field(x86_trampoline_ap_efer), &efer, sizeof(efer));
	memcpy(trampoline_field(x86_trampoline_ap_stack), &stack_top, sizeof(stack_top));
	memcpy(trampoline_field(x86_trampoline_ap_cpu), &slot, sizeof(slot));
	memcpy(trampoline_field(x86_trampoline_ap_entry), &entry, sizeof(entry));
	barrier(); /* x86 stores are seen in order (SDM vol. 3A §9.2.2): the IPI comes after */

	/* §9.4.4.1: INIT, 10 ms, SIPI, 200 us, SIPI, 200 us. Two ticks are >= 10 ms. */
	lapic_send_ipi((u32)c->hw_id, APIC_ICR_INIT | APIC_ICR_ASSERT);
	wait_ticks(2);
	for (int i = 0; i < 2; i++) {
		lapic_send_ipi((u32)c->hw_id,
			       APIC_ICR_STARTUP | APIC_ICR_ASSERT | TRAMPOLINE_SIPI_VECTOR);
		wait_ticks(2);
		if (__atomic_load_n(&c->state, __ATOMIC_ACQUIRE) != SMP_CPU_STARTING)
			break; /* it ran already; a second SIPI would be ignored anyway */
	}
	return 0;
}

void arch_smp_started_all(void)
{
	/* An AP that never answered may yet run the trampoline: keep its tables then. */
	for (unsigned int i = 0; i < smp_nr_cpus; i++)
		if (smp_cpus[i].state == SMP_CPU_FAILED)
			return;
	if (ap_pml4)
		page_free(ap_pml4, 1);
	if (ap_pdpt)
		page_free(ap_pdpt, 1);
	if (ap_pd)
		page_free(ap_pd, 1);
	ap_pml4 = ap_pdpt = ap_pd = 0;
}

/*
 * The AP's first C code, on its own kernel stack, interrupts off, still on
 * the trampoline's GDT and tables. The GDT moves first: the trampoline's
 * lies in the low page the kernel's tables do not map.
 */
void x86_ap_entry(u64 cpu)
{
	struct smp_cpu *c = &smp_cpus[cpu];
	enum smp_shstk verdict;
	u64 detail = 0;

	gdt_init_secondary((unsigned int)cpu, ap_ist[cpu]);
	write_cr3(x86_kernel_pml4());
	idt_load();
	/* The boot CPU's features (PGE, SSE state, SMEP, SMAP); CET after the check's CPUID. */
	write_cr4(boot_cr4 & ~CR4_CET);
	lapic_init_secondary();
	verdict = x86_cet_check_secondary(&detail);
	smp_report(c, lapic_id(), verdict, detail);
	for (;;)
		__asm__ __volatile__("cli; hlt" ::: "memory");
}

/* ---- scheduling on this CPU: filled in by the per-CPU interrupt work ---- */
void arch_smp_secondary_init(struct cpu *c)
{
	(void)c;
}

void arch_smp_send_reschedule(unsigned int cpu)
{
	(void)cpu;
}

void arch_smp_poll(void)
{
}
