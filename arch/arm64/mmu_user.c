// SPDX-License-Identifier: MIT
/*
 * The arm64 registers behind user address spaces; the tables themselves are
 * kernel/pgtable.c's, their entries asm/pgtable.h's. One ASID (0) for all
 * of them: switching flushes the TLB's non-global entries.
 */
#include <asm/mmu.h>
#include <asm/pgtable.h>
#include <asm/sysreg.h>
#include <kernel/vm.h>

void arch_pgd_activate(phys_addr_t pgd)
{
	phys_addr_t want = pgd ? pgd : arm64_empty_pgd();

	if (!want || pgd_is_active(want))
		return;
	write_sysreg(ttbr0_el1, want);
	isb();
	arm64_flush_all(); /* one ASID for every address space */
}
