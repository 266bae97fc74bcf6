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
 * Each AP then runs x86_ap_entry(): its struct cpu in IA32_KERNEL_GS_BASE,
 * its own GDT and TSS, the shared IDT, the kernel's page tables, the boot
 * CPU's CR4 features, its FPU and SYSCALL set-up, its local APIC with
 * every LVT entry masked, and the shadow-stack self-check
 * (x86_cet_check_secondary(), which also sets CR4.CET and IA32_S_CET as
 * the boot CPU has them); it reports in smp_cpus[] and joins the scheduler
 * (smp_secondary_main()), its APIC timer ticking.
 *
 * The CPUs talk through IPIs (§11.6.1, x2APIC §11.12.9): a reschedule
 * vector (its handler only acknowledges; the way back to user mode or the
 * idle loop looks at the run queue), the TLB shootdown vector (tlb.c), and
 * an NMI that stops them all at power-off or on a kernel fault.
 */
#include <asm/apic.h>
#include <asm/cet.h>
#include <asm/cpu.h>
#include <asm/kernel_shstk.h>
#include <asm/mmu.h>
#include <asm/page.h>
#include <asm/pat.h>
#include <asm/pte.h>
#include <asm/setup.h>
#include <asm/smp.h>
#include <asm/tlb.h>
#include <asm/x86.h>
#include <kernel/arch.h>
#include <kernel/boot.h>
#include <kernel/kstack.h>
#include <kernel/kmem.h>
#include <kernel/percpu.h>
#include <kernel/printk.h>
#include <kernel/smp.h>
#include <kernel/task.h>
#include <kernel/timer.h>
#include <string.h>
#include <uapi/linux/errno.h>

extern const char x86_trampoline_start[], x86_trampoline_end[];
extern const char x86_trampoline_ap_cr3[], x86_trampoline_ap_efer[], x86_trampoline_ap_stack[];
extern const char x86_trampoline_ap_cpu[], x86_trampoline_ap_entry[];
extern const char x86_trampoline_gdt_base[], x86_trampoline_pm32_jump[], x86_trampoline_lm64_jump[];
extern const char x86_trampoline_gdt[], x86_trampoline_pm32[], x86_trampoline_lm64[];

const char arch_smp_id_name[] = "APIC ID";

/* The trampoline's page tables (below 4 GiB: CR3 is loaded in 32-bit mode). */
static phys_addr_t ap_pml4, ap_pdpt, ap_pd, ap_pt;
static bool trampoline_ready, trampoline_broken;
static phys_addr_t trampoline_page; /* chosen from the memory map (trampoline_page.c) */
static u64 boot_cr4;
static uintptr_t ap_ist[SMP_MAX_CPUS][NR_IST_STACKS];
/* Their shadow stacks' tokens, and each AP's IA32_INTERRUPT_SSP_TABLE_ADDR table (kernel_shstk.c). */
static uintptr_t ap_ist_token[SMP_MAX_CPUS][NR_IST_STACKS];
static u64 ap_ist_ssp_table[SMP_MAX_CPUS][8] __aligned(64);
static void *ap_tss[SMP_MAX_CPUS];

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

/* Linker symbols of one section: their distance from its start, as addresses. */
static u32 trampoline_offset(const char *sym)
{
	return (u32)((uintptr_t)sym - (uintptr_t)x86_trampoline_start);
}

static void *trampoline_field(const char *sym)
{
	return (char *)phys_to_virt(trampoline_page) + trampoline_offset(sym);
}

static void set_field32(const char *sym, u32 v)
{
	memcpy(trampoline_field(sym), &v, sizeof(v));
}

/*
 * The trampoline page from the memory map: what is still in use there is
 * the boot modules and every reserved range but the blanket reservation of
 * the low MiB (which only keeps the allocator out).
 */
static phys_addr_t choose_page(const struct boot_info *info)
{
	struct mem_range busy[BOOT_MAX_MODULES + BOOT_MAX_RANGES];
	unsigned int n = 0;

	for (unsigned int i = 0; i < info->nr_modules; i++)
		busy[n++] = info->modules[i].range;
	for (unsigned int i = 0; i < info->nr_reserved; i++)
		if (info->reserved[i].start != 0 || info->reserved[i].end < TRAMPOLINE_LIMIT)
			busy[n++] = info->reserved[i];
	return x86_trampoline_choose(info->usable, info->nr_usable, busy, n);
}

/*
 * The trampoline's tables: the kernel half of the kernel's PML4 (the image,
 * the direct map and the kernel stacks, shared tables below), and the
 * trampoline page identity-mapped, executable -- one 4 KiB page, not the
 * first 2 MiB: a write-back large page there would cover the VGA window
 * and the ROMs as well (SDM vol. 3A §12.11.9; early_map.c).
 */
static int prepare_trampoline(const struct boot_info *info)
{
	size_t size = (uintptr_t)x86_trampoline_end - (uintptr_t)x86_trampoline_start;
	const u64 *kernel = phys_to_virt(x86_kernel_pml4());
	u64 *pml4;

	trampoline_page = choose_page(info);
	if (!trampoline_page || size > PAGE_SIZE) {
		pr_warn("smp: no free page below 1 MiB for the start-up code: secondaries left "
			"off\n");
		return -EBUSY;
	}
	ap_pml4 = page_alloc_zeroed(1);
	ap_pdpt = page_alloc_zeroed(1);
	ap_pd = page_alloc_zeroed(1);
	ap_pt = page_alloc_zeroed(1);
	if (!ap_pml4 || !ap_pdpt || !ap_pd || !ap_pt)
		return -ENOMEM;
	if (ap_pml4 >= (1ull << 32))
		return -ENOMEM; /* a 32-bit CR3 cannot reach it */
	pml4 = phys_to_virt(ap_pml4);
	for (unsigned int i = PT_ENTRIES / 2; i < PT_ENTRIES; i++)
		pml4[i] = kernel[i];
	pml4[0] = ap_pdpt | PTE_P | PTE_RW;
	((u64 *)phys_to_virt(ap_pdpt))[0] = ap_pd | PTE_P | PTE_RW;
	((u64 *)phys_to_virt(ap_pd))[0] = ap_pt | PTE_P | PTE_RW;
	((u64 *)phys_to_virt(ap_pt))[PT_INDEX(trampoline_page, 1)] =
		trampoline_page | PTE_P | PTE_RW; /* below 1 MiB: in the first table */

	memcpy(phys_to_virt(trampoline_page), x86_trampoline_start, size);
	set_field32(x86_trampoline_gdt_base,
		    (u32)trampoline_page + trampoline_offset(x86_trampoline_gdt));
	/* The far jumps' targets: physical addresses, as the segments' bases are 0. */
	set_field32(x86_trampoline_pm32_jump,
		    (u32)trampoline_page + trampoline_offset(x86_trampoline_pm32));
	set_field32(x86_trampoline_lm64_jump,
		    (u32)trampoline_page + trampoline_offset(x86_trampoline_lm64));
	pr_info("smp: start-up code at %#lx (vector %#lx), from the memory map\n",
		(unsigned long)trampoline_page, (unsigned long)(trampoline_page >> 12));
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
		ap_ist_token[cpu][i] = x86_kshstk_token(&ks);
	}
	ap_tss[cpu] = gdt_alloc_secondary_tss();
	if (!ap_tss[cpu])
		return -ENOMEM;
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
			       APIC_ICR_STARTUP | APIC_ICR_ASSERT | (u32)(trampoline_page >> 12));
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
	if (ap_pt)
		page_free(ap_pt, 1);
	ap_pml4 = ap_pdpt = ap_pd = ap_pt = 0;
}

/*
 * The AP's first C code, on its idle task's kernel stack, interrupts off,
 * still on the trampoline's GDT and tables. Its struct cpu comes first:
 * every lock and `current` reach it. The GDT moves next: the trampoline's
 * lies in the low page the kernel's tables do not map.
 */
static void ap_main(void *c)
{
	smp_secondary_main(c);
}

void x86_ap_entry(u64 cpu)
{
	struct smp_cpu *c = &smp_cpus[cpu];
	enum smp_shstk verdict;
	u64 detail = 0;

	arch_set_this_cpu(&cpus[cpu]);
	gdt_init_secondary((unsigned int)cpu, ap_tss[cpu], ap_ist[cpu]);
	x86_pat_init(); /* the boot CPU's memory types before its tables (SDM vol. 3A §13.12.4) */
	write_cr3(x86_kernel_pml4());
	x86_tlb_note_cr3(x86_kernel_pml4());
	idt_load();
	/* The boot CPU's features (PGE, SSE state, SMEP, SMAP); CET after the check's CPUID. */
	write_cr4(boot_cr4 & ~CR4_CET);
	x86_task_setup_cpu();
	lapic_init_secondary();
	/* Its IDT and APIC take IPIs now: kernel-page shootdowns must reach it. */
	x86_tlb_cpu_ready();
	verdict = x86_cet_check_secondary(&detail);
	smp_report(c, lapic_id(), verdict, detail);
	if (!c->idle->kstack.shadow_top)
		smp_secondary_main(c);
	/* Kernel shadow stacks: from the top of the idle task's stacks, as the boot CPU's. */
	x86_kshstk_set_ist_table(ap_ist_ssp_table[cpu], ap_ist_token[cpu]);
	x86_kshstk_start(c->idle->kstack.top, x86_kshstk_token(&c->idle->kstack), ap_main, c);
}

/*
 * On the secondary, interrupts off, before it takes big_lock. It halts
 * here until smp_start_scheduling() lets it take tasks (its reschedule IPI
 * wakes it): the boot CPU holds big_lock through the self-tests, and three
 * CPUs spinning for it meanwhile would only steal an emulator's host time
 * from the one doing the work (and skew the timer self-tests). Halted with
 * interrupts on, it still answers shootdowns (traps.c); its tick starts
 * once it schedules.
 */
void arch_smp_secondary_init(struct cpu *c)
{
	while (!READ_ONCE(c->scheduling))
		__asm__ __volatile__("sti; hlt; cli" ::: "memory"); /* as arch_idle_wait() */
	x86_timer_start_this_cpu();
}

/* A fixed-vector IPI (§11.6.1): delivered when the target's interrupts are on. */
void arch_smp_send_reschedule(unsigned int cpu)
{
	lapic_send_ipi((u32)smp_cpus[cpu].hw_id,
		       APIC_ICR_FIXED | APIC_ICR_ASSERT | VEC_IPI_RESCHEDULE);
}

void arch_smp_poll(void)
{
	x86_tlb_service();
}

/* Set once, by the CPU that stops the others (its APIC ID + 1); read by every NMI. */
static u32 stopper;

static __noreturn void halt_for_good(void)
{
	for (;;)
		__asm__ __volatile__("cli; hlt" ::: "memory");
}

void x86_smp_stop_if_asked(void)
{
	u32 by = __atomic_load_n(&stopper, __ATOMIC_ACQUIRE);

	if (by && by != lapic_id() + 1)
		halt_for_good();
}

/*
 * NMI delivery (§11.6.1, delivery mode 100b) reaches a CPU whatever its
 * interrupt flag: one spinning on a lock with interrupts off stops too.
 * Only the CPUs that are online are sent one: a CPU never started waits
 * for a SIPI and must stay that way. The stopper may call it again (a
 * panic's power-off after a kernel fault's report): nothing more to do.
 */
void x86_smp_stop_others(void)
{
	u32 me = lapic_id() + 1, expect = 0;

	if (!__atomic_compare_exchange_n(&stopper, &expect, me, false, __ATOMIC_ACQ_REL,
					 __ATOMIC_ACQUIRE)) {
		if (expect != me)
			halt_for_good(); /* another CPU stops everyone, this one included */
		return;
	}
	for (unsigned int i = 0; i < smp_nr_cpus; i++) {
		if (smp_cpus[i].hw_id + 1 == me ||
		    __atomic_load_n(&smp_cpus[i].state, __ATOMIC_ACQUIRE) != SMP_CPU_ONLINE)
			continue;
		lapic_send_ipi((u32)smp_cpus[i].hw_id, APIC_ICR_NMI | APIC_ICR_ASSERT);
	}
}
