/* SPDX-License-Identifier: MIT */
/*
 * The boot map's direct-map half (early_map.c), as pure table logic
 * (boot_pages.c) so the host unit tests run it on synthetic memory maps:
 * the caller says where the PDPT is and where page tables come from.
 */
#ifndef ASM_BOOT_PAGES_H
#define ASM_BOOT_PAGES_H

#include <kernel/boot.h>
#include <kernel/types.h>

struct x86_boot_pages {
	u64 *pdpt;	/* the direct map's PDPT: entry g maps physical GiB g */
	bool gib_pages; /* the CPU has 1 GiB pages (CPUID.80000001H:EDX[26]) */
	/* A zeroed page table (directory or last level) and its physical address, or NULL. */
	u64 *(*alloc)(struct x86_boot_pages *b, u64 *phys);
	/* The table at phys, or NULL when it is none of alloc()'s. */
	u64 *(*dir)(struct x86_boot_pages *b, u64 phys);
	unsigned long gib, mib2, kib4; /* pages written, by size */
	unsigned long tables;	       /* tables taken from alloc() */
};

/*
 * Maps the usable RAM below 512 GiB at the PDPT's addresses, writable,
 * write-back: a 1 GiB page (where the CPU has them) only over a GiB that
 * lies wholly in one usable range, a 2 MiB page only over a 2 MiB that
 * does, 4 KiB pages over the rest of the range's whole pages; never a page
 * over a neighbour that is not usable RAM. Only entries not present are
 * written. Returns the reach: every whole usable page below it is mapped
 * (what needs a table alloc() no longer has is not).
 */
phys_addr_t x86_boot_map_ram(struct x86_boot_pages *b, const struct mem_range *usable,
			     unsigned int n);

/*
 * Maps the pages [start, end) touches, as x86_boot_map_ram() maps one
 * range: for memory the boot loader wrote (its boot information) before
 * the memory map is read. Returns 0, or the first address left unmapped.
 */
phys_addr_t x86_boot_map_range(struct x86_boot_pages *b, phys_addr_t start, phys_addr_t end);

#endif
