/* SPDX-License-Identifier: MIT */
/*
 * The boot map's RAM above 4 GiB (early_map.c), as pure table logic
 * (boot_pages.c) so the host unit tests run it on synthetic memory maps:
 * the caller says where the PDPT is and where page directories come from.
 */
#ifndef ASM_BOOT_PAGES_H
#define ASM_BOOT_PAGES_H

#include <kernel/boot.h>
#include <kernel/types.h>

struct x86_boot_pages {
	u64 *pdpt;	/* the direct map's PDPT: entry g maps physical GiB g */
	bool gib_pages; /* the CPU has 1 GiB pages (CPUID.80000001H:EDX[26]) */
	/* A zeroed page directory and its physical address, or NULL when none is left. */
	u64 *(*alloc)(struct x86_boot_pages *b, u64 *phys);
	/* The page directory at phys, or NULL when it is none of alloc()'s. */
	u64 *(*dir)(struct x86_boot_pages *b, u64 phys);
	unsigned long gib, mib2; /* pages written, by size */
};

/*
 * Maps the usable RAM above 4 GiB and below 512 GiB at the PDPT's
 * addresses, writable, write-back: a 1 GiB page (where the CPU has them)
 * only over a GiB that lies wholly in one usable range, else a 2 MiB page
 * over each 2 MiB that does; never a page over a neighbour that is not
 * usable RAM. Only entries not present are written. Returns the reach:
 * every usable byte below it is mapped (a range's ragged 4 KiB ends, and
 * what needs a directory alloc() no longer has, are not).
 */
phys_addr_t x86_boot_map_ram(struct x86_boot_pages *b, const struct mem_range *usable,
			     unsigned int n);

#endif
