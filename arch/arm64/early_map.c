// SPDX-License-Identifier: MIT
/*
 * The boot map beyond 4 GiB. boot/arm64/head.S maps physical 0 .. 4 GiB at
 * the direct map in 1 GiB blocks: enough for the kernel and what the boot
 * loader hands over. The page allocator's bitmap and reference counts
 * (kernel/mm/page_alloc.c) and the first page tables arch_mm_init() takes
 * from it must be reachable before arch_mm_init() switches to the final
 * tables, yet may have to lie above 4 GiB: on a large machine they take
 * 0.1% of RAM, more than the RAM below 4 GiB may hold in one piece, and
 * RAM below 4 GiB may be small or reserved (memmap=). So every other GiB
 * of the direct map's first 512 that holds usable RAM gets a level 1 block
 * in head.S's table (with the 4 KiB granule a level 1 descriptor may be
 * a 1 GiB block on every CPU, Arm ARM D8.2). Like the rest of the
 * boot map this lives only until arch_mm_init() builds the exact one.
 */
#include <asm/page.h>
#include <asm/pte.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <kernel/boot.h>

#define GIB (UL(1) << 30)
#define L1_ENTRIES 512
#define BLOCK_NORMAL_XN \
	(PTE_VALID | PTE_ATTR(MAIR_IDX_NORMAL) | PTE_SH_INNER | PTE_AF | PTE_PXN | PTE_UXN)

extern u64 boot_direct_l1[L1_ENTRIES]; /* head.S: TTBR1's level 1 table of the direct map */

static phys_addr_t early_limit = BOOT_MAPPED_LIMIT;

phys_addr_t arm64_early_mapped_limit(void)
{
	return early_limit;
}

/*
 * A GiB whose slot holds a table already (a device's registers or a
 * firmware table mapped page by page, mmu.c's early_map()) is left as it
 * is, its RAM not all mapped: the reach then ends at that GiB, so that all
 * usable RAM below EARLY_MAPPED_LIMIT stays reachable.
 */
void arm64_early_map_ram(const struct boot_info *info)
{
	phys_addr_t limit = L1_ENTRIES * GIB;

	for (unsigned int i = 0; i < info->nr_usable; i++) {
		phys_addr_t start = info->usable[i].start, end = info->usable[i].end;

		for (u64 g = start / GIB; g < L1_ENTRIES && g * GIB < end; g++) {
			if (g * GIB < BOOT_MAPPED_LIMIT)
				continue;
			if (!(boot_direct_l1[g] & PTE_VALID))
				boot_direct_l1[g] = g * GIB | BLOCK_NORMAL_XN;
			else if (boot_direct_l1[g] & PTE_TABLE)
				limit = MIN(limit, g * GIB);
		}
	}
	/*
	 * Invalid entries made valid: a TLB never holds an entry whose walk
	 * faulted (Arm ARM D8.13), so no invalidation; the stores need only
	 * reach the table walker before the first access, as Linux's new
	 * kernel mappings do: DSB ISHST, then ISB.
	 */
	__asm__ __volatile__("dsb ishst\n\tisb" ::: "memory");
	early_limit = limit;
}
