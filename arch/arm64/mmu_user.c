// SPDX-License-Identifier: MIT
/*
 * The arm64 registers behind user address spaces; the tables themselves are
 * kernel/mm/pgtable.c's, their entries asm/pgtable.h's. One ASID (0) for all
 * of them: switching flushes the TLB's non-global entries -- this CPU's
 * only. TTBR0_EL1.CnP is 0, so the entries its walks cached are private to
 * this PE (Arm ARM D8.13, "Common not Private" translations: with CnP 0 no
 * other PE may use them), and only this PE's TTBR0 changed: the other CPUs
 * keep what they cached for the address spaces they run. A local TLBI is
 * complete once a DSB of the Non-shareable domain is (D8.13, TLB
 * maintenance completion); changes to entries are broadcast instead
 * (asm/pgtable.h).
 */
#include <asm/mmu.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/sysreg.h>
#include <kernel/percpu.h>
#include <kernel/smp.h>
#include <kernel/vm.h>

void arch_pgd_activate(phys_addr_t pgd)
{
	phys_addr_t want = pgd ? pgd : arm64_empty_pgd();

	if (!want || pgd_is_active(want))
		return;
	WRITE_ONCE(this_cpu()->arch.user_pgd, want);
	/* The note visible before any walk of want (arm64_tlb_flush_user() below). */
	__asm__ __volatile__("dsb ish" ::: "memory");
	write_sysreg(ttbr0_el1, want);
	isb();
	/* One ASID for every address space: none of the last one's entries may be used. */
	__asm__ __volatile__("tlbi vmalle1\n\tdsb nsh\n\tisb" ::: "memory");
}

/*
 * Under pgd's address-space lock, which a TTBR0 switch (under big_lock)
 * does not take: another CPU may be switching to pgd meanwhile. A CPU that
 * has pgd in TTBR0 may hold its entries; any other flushed them when it
 * last switched. The entry writes are complete before this looks at the
 * notes (DSB ISH), and a switching CPU's note is complete before its
 * TTBR0 write (arch_pgd_activate()): with a full barrier on both sides,
 * either this sees the note and broadcasts, or that CPU's first walk comes
 * after the new entries (Arm ARM B2.3, the ordering DSB gives; D8.13).
 */
void arm64_tlb_flush_user(phys_addr_t pgd, uintptr_t va, bool all)
{
	unsigned int me = this_cpu()->id;
	bool elsewhere = false;
	u64 page = (va >> PAGE_SHIFT) & ((1ul << 44) - 1);

	__asm__ __volatile__("dsb ish" ::: "memory");
	for (unsigned int i = 0; i < smp_nr_cpus && !elsewhere; i++)
		elsewhere = i != me && READ_ONCE(cpus[i].arch.user_pgd) == pgd;
	if (elsewhere) {
		if (all)
			arm64_flush_all();
		else
			arm64_flush_page(va);
	} else if (pgd_is_active(pgd)) {
		if (all)
			__asm__ __volatile__("dsb ishst\n\ttlbi vmalle1\n\tdsb nsh\n\tisb" ::
						     : "memory");
		else
			__asm__ __volatile__(
				"dsb ishst\n\ttlbi vaae1, %0\n\tdsb nsh\n\tisb" ::"r"(page)
				: "memory");
	}
}
