// SPDX-License-Identifier: MIT
/*
 * The boot map's RAM above 4 GiB, exactly as the memory map says
 * (asm/boot_pages.h). A large page has one memory type over its whole span;
 * over a neighbour that is not RAM (a 64-bit PCI window, firmware's
 * reserved memory) a write-back page invites speculative fills of it, and
 * one that spans MTRR ranges of several types is undefined (SDM vol. 3A
 * §12.11.9). So, as arch_mm_init()'s direct map (paging.c), a large page
 * only where all of it is usable RAM: a PDPTE with PS maps 1 GiB, a PDE
 * with PS 2 MiB (§4.5, tables 4-15 and 4-17). Pure: unit-tested by
 * tests/unit/test_x86_boot_pages.c.
 */
#include <asm/boot_pages.h>
#include <asm/pte.h>

#define GIB (1ull << 30)
#define BOOT_MAPPED (4 * GIB) /* start.S's map */
#define MIB2 (2ull << 20)
#define PDPT_ENTRIES 512

static phys_addr_t map_range(struct x86_boot_pages *b, phys_addr_t first, phys_addr_t last)
{
	phys_addr_t p = first;

	while (p < last) {
		u64 g = p / GIB, e = b->pdpt[g], phys, *d;

		if (!(e & PTE_P) && b->gib_pages && p % GIB == 0 && last - p >= GIB) {
			b->pdpt[g] = p | PTE_P | PTE_RW | PTE_PS;
			b->gib++;
			p += GIB;
			continue;
		}
		if ((e & PTE_P) && (e & PTE_PS)) {
			p = (g + 1) * GIB; /* mapped already */
			continue;
		}
		if (!(e & PTE_P)) {
			d = b->alloc(b, &phys);
			if (!d)
				return p;
			b->pdpt[g] = phys | PTE_P | PTE_RW;
		}
		d = b->dir(b, b->pdpt[g] & PTE_ADDR_MASK);
		if (!d)
			return p;
		if (!(d[(p / MIB2) % 512] & PTE_P)) {
			d[(p / MIB2) % 512] = p | PTE_P | PTE_RW | PTE_PS;
			b->mib2++;
		}
		p += MIB2;
	}
	return 0;
}

phys_addr_t x86_boot_map_ram(struct x86_boot_pages *b, const struct mem_range *usable,
			     unsigned int n)
{
	phys_addr_t reach = PDPT_ENTRIES * GIB;

	for (unsigned int i = 0; i < n; i++) {
		phys_addr_t start = MAX(usable[i].start, BOOT_MAPPED);
		phys_addr_t end = MIN(usable[i].end, PDPT_ENTRIES * GIB);
		phys_addr_t first = ALIGN_UP(start, MIB2), last = ALIGN_DOWN(end, MIB2), stuck;

		if (start >= end)
			continue;
		if (first != start || last <= first) {
			reach = MIN(reach, start);
		} else if (last != end) {
			reach = MIN(reach, last);
		}
		stuck = first < last ? map_range(b, first, last) : 0;
		if (stuck)
			reach = MIN(reach, stuck);
	}
	return reach;
}
