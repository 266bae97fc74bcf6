// SPDX-License-Identifier: MIT
/*
 * The boot map's direct-map half, exactly as the memory map says
 * (asm/boot_pages.h). A large page has one memory type over its whole span;
 * over a neighbour that is not RAM (the legacy VGA window and option ROMs
 * below 1 MiB, the PCI hole below 4 GiB, a 64-bit PCI window, firmware's
 * reserved memory) a write-back page invites speculative fills of it, and
 * one that spans MTRR ranges of several types is undefined (SDM vol. 3A
 * §12.11.9). So, as arch_mm_init()'s direct map (paging.c), a large page
 * only where all of it is usable RAM -- a PDPTE with PS maps 1 GiB, a PDE
 * with PS 2 MiB (§4.5, tables 4-15 and 4-17) -- and 4 KiB pages (a PTE,
 * table 4-19) for the RAM of a 2 MiB block that is only partly RAM. Pure:
 * unit-tested by tests/unit/test_x86_boot_pages.c.
 */
#include <asm/boot_pages.h>
#include <asm/pte.h>

#define GIB (1ull << 30)
#define MIB2 (2ull << 20)
#define KIB4 (4ull << 10)
#define PDPT_ENTRIES 512

/*
 * The table entry e points to, making one with alloc() when e is empty;
 * NULL when none is left (or e is one this walk did not make).
 */
static u64 *next_table(struct x86_boot_pages *b, u64 *e)
{
	u64 phys;

	if (!(*e & PTE_P)) {
		if (!b->alloc(b, &phys))
			return NULL;
		b->tables++;
		*e = phys | PTE_P | PTE_RW;
	}
	return b->dir(b, *e & PTE_ADDR_MASK);
}

/*
 * Maps [first, last), page-aligned, with the largest page each address
 * allows: a 1 GiB page where a whole aligned GiB lies inside (and the CPU
 * has them), else a 2 MiB page where a whole aligned 2 MiB does, else a
 * 4 KiB page. Where an entry is there already -- a large page, or a table
 * an earlier range needed -- it is kept and only what is missing below it
 * is filled in. Returns 0, or the first address left unmapped for want of
 * a table.
 */
static phys_addr_t map_range(struct x86_boot_pages *b, phys_addr_t first, phys_addr_t last)
{
	phys_addr_t p = first;

	while (p < last) {
		u64 *pdpte = &b->pdpt[p / GIB], *pd, *pde, *pt, *pte;

		if (!(*pdpte & PTE_P) && b->gib_pages && p % GIB == 0 && last - p >= GIB) {
			*pdpte = p | PTE_P | PTE_RW | PTE_PS;
			b->gib++;
			p += GIB;
			continue;
		}
		if (*pdpte & PTE_PS) {
			p = ALIGN_DOWN(p, GIB) + GIB; /* mapped already */
			continue;
		}
		pd = next_table(b, pdpte);
		if (!pd)
			return p;
		pde = &pd[(p / MIB2) % 512];
		if (!(*pde & PTE_P) && p % MIB2 == 0 && last - p >= MIB2) {
			*pde = p | PTE_P | PTE_RW | PTE_PS;
			b->mib2++;
			p += MIB2;
			continue;
		}
		if (*pde & PTE_PS) {
			p = ALIGN_DOWN(p, MIB2) + MIB2;
			continue;
		}
		pt = next_table(b, pde);
		if (!pt)
			return p;
		pte = &pt[(p / KIB4) % 512];
		if (!(*pte & PTE_P)) {
			*pte = p | PTE_P | PTE_RW;
			b->kib4++;
		}
		p += KIB4;
	}
	return 0;
}

phys_addr_t x86_boot_map_range(struct x86_boot_pages *b, phys_addr_t start, phys_addr_t end)
{
	phys_addr_t first = ALIGN_DOWN(start, KIB4);
	phys_addr_t last = MIN(ALIGN_UP(end, KIB4), PDPT_ENTRIES * GIB);

	return first < last ? map_range(b, first, last) : 0;
}

phys_addr_t x86_boot_map_ram(struct x86_boot_pages *b, const struct mem_range *usable,
			     unsigned int n)
{
	phys_addr_t reach = PDPT_ENTRIES * GIB;

	for (unsigned int i = 0; i < n; i++) {
		/* Whole pages only: a ragged end shares its page with what is not RAM. */
		phys_addr_t first = ALIGN_UP(usable[i].start, KIB4);
		phys_addr_t last = MIN(ALIGN_DOWN(usable[i].end, KIB4), PDPT_ENTRIES * GIB);
		phys_addr_t stuck = first < last ? map_range(b, first, last) : 0;

		if (stuck)
			reach = MIN(reach, stuck);
	}
	return reach;
}
