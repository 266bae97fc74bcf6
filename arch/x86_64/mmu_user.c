// SPDX-License-Identifier: MIT
/*
 * The x86_64 registers behind user address spaces; the tables themselves
 * are kernel/mm/pgtable.c's, their entries asm/pgtable.h's. Each address space
 * gets its own PML4 whose kernel half (slots 256-511) is a copy of the
 * kernel's: those slots all exist from boot, so kernel mappings made later
 * appear in every address space.
 */
#include <asm/cpu.h>
#include <asm/mmu.h>
#include <asm/pgtable.h>
#include <asm/tlb.h>
#include <kernel/kmem.h>
#include <kernel/vm.h>
#include <string.h>

void pgt_root_init(u64 *root)
{
	const u64 *src = phys_to_virt(x86_kernel_pml4());

	memcpy(root + PGT_USER_ROOT_SLOTS, src + PGT_USER_ROOT_SLOTS,
	       (PT_ENTRIES - PGT_USER_ROOT_SLOTS) * sizeof(u64));
}

/*
 * Under big_lock. The note comes before the load: a shootdown sender that
 * misses it wrote its entries before this CPU's first walk of them (tlb.c).
 */
void arch_pgd_activate(phys_addr_t pgd)
{
	phys_addr_t want = pgd ? pgd : x86_kernel_pml4();

	if (read_cr3() != want) {
		x86_tlb_note_cr3(want);
		write_cr3(want);
	}
}
