// SPDX-License-Identifier: MIT
/*
 * The boot map beyond 4 GiB. boot/x86_64/start.S maps physical 0 .. 4 GiB
 * at the direct map in 2 MiB pages: enough for the kernel and what the boot
 * loader hands over. The page allocator's bitmap and reference counts
 * (kernel/mm/page_alloc.c) must be reachable before arch_mm_init() builds the
 * final tables, yet may have to lie anywhere in RAM: on a large machine
 * they take 0.1% of it, more than the RAM below 4 GiB may hold in one
 * piece. So every other GiB of the direct-map half that holds usable RAM
 * gets a 1 GiB page in the boot PDPT, up to its 512 entries (512 GiB),
 * where the CPU has 1 GiB pages (CPUID.80000001H:EDX[26], SDM vol. 3A
 * §4.1.4 and §4.5, table 4-15); else the first GiBs above 4 GiB in 2 MiB
 * pages (below). Like the rest of the boot map this lives only until
 * arch_mm_init() switches to the exact direct map.
 */
#include <asm/cpu.h>
#include <asm/page.h>
#include <asm/pte.h>
#include <asm/setup.h>
#include <kernel/boot.h>
#include <kernel/printk.h>

#define GIB (1ull << 30)
#define CPUID_80000001_EDX_PAGE1GB (1u << 26)
#define BOOT_MAPPED (4 * GIB) /* what start.S maps */
#define EARLY_PDS 8	      /* without 1 GiB pages: the first 8 GiB above 4 GiB, in 2 MiB pages */

static phys_addr_t early_limit = BOOT_MAPPED;

phys_addr_t x86_early_mapped_limit(void)
{
	return early_limit;
}

/*
 * Without 1 GiB pages (older CPUs, some hypervisors' virtual CPUs): 2 MiB
 * pages (a PDE with PS, SDM vol. 3A §4.5, table 4-17) for every 2 MiB that
 * lies wholly in usable RAM above 4 GiB, through page directories of
 * early_pds, one per GiB. The reach ends at the first usable RAM left
 * unmapped: a range's ragged end (its 4 KiB pages would need page tables
 * too) or a GiB past the last directory. Returns the reach.
 */
static phys_addr_t map_2mib_pages(u64 *pdpt, const struct boot_info *info, unsigned int *pages)
{
	static u64 early_pds[EARLY_PDS][PT_ENTRIES] __attribute__((aligned(PAGE_SIZE)));
	static u64 pd_gib[EARLY_PDS];
	static unsigned int used;
	phys_addr_t limit = PT_ENTRIES * GIB;

	for (unsigned int i = 0; i < info->nr_usable; i++) {
		phys_addr_t start = MAX(info->usable[i].start, BOOT_MAPPED);
		phys_addr_t end = MIN(info->usable[i].end, PT_ENTRIES * GIB);
		phys_addr_t first = ALIGN_UP(start, LARGE_PAGE_SIZE);
		phys_addr_t last = ALIGN_DOWN(end, LARGE_PAGE_SIZE);

		if (start >= end)
			continue;
		if (first != start || last < first)
			limit = MIN(limit, start);
		else if (last != end)
			limit = MIN(limit, last);
		for (phys_addr_t p = first; p < last; p += LARGE_PAGE_SIZE) {
			u64 g = p / GIB, *pd = NULL;

			for (unsigned int d = 0; d < used && !pd; d++)
				pd = pd_gib[d] == g ? early_pds[d] : NULL;
			if (!pd && !(pdpt[g] & PTE_P) && used < EARLY_PDS) {
				pd = early_pds[used];
				pd_gib[used++] = g;
				pdpt[g] = kernel_image_to_phys(pd) | PTE_P | PTE_RW;
			}
			if (!pd) {
				limit = MIN(limit, p);
				break;
			}
			if (!(pd[PT_INDEX(p, 2)] & PTE_P)) {
				pd[PT_INDEX(p, 2)] = p | PTE_P | PTE_RW | PTE_PS;
				(*pages)++;
			}
		}
	}
	return limit;
}

void x86_early_map_ram(const struct boot_info *info)
{
	unsigned int pages = 0;
	bool gib_pages = cpuid(0x80000000, 0).eax >= 0x80000001 &&
			 (cpuid(0x80000001, 0).edx & CPUID_80000001_EDX_PAGE1GB);
	const u64 *pml4 = phys_to_virt(read_cr3() & PTE_ADDR_MASK);
	u64 *pdpt = phys_to_virt(pml4[PT_INDEX(DIRECT_MAP_BASE, PT_LEVELS)] & PTE_ADDR_MASK);

	if (!gib_pages) {
		early_limit = map_2mib_pages(pdpt, info, &pages);
		write_cr3(read_cr3());
		pr_info("early map: no 1 GiB pages (CPUID.80000001H:EDX[26] = 0): RAM above 4 GiB "
			"in %u 2 MiB pages; reach %#lx\n",
			pages, (unsigned long)early_limit);
		return;
	}
	for (unsigned int i = 0; i < info->nr_usable; i++) {
		phys_addr_t start = info->usable[i].start, end = info->usable[i].end;

		for (phys_addr_t g = start / GIB; g < PT_ENTRIES && g * GIB < end; g++) {
			if (g * GIB >= BOOT_MAPPED && !(pdpt[g] & PTE_P)) {
				pdpt[g] = g * GIB | PTE_P | PTE_RW | PTE_PS;
				pages++;
			}
		}
	}
	/* New entries only, but paging-structure caches are flushed all the same (§4.10.4.1). */
	write_cr3(read_cr3());
	early_limit = PT_ENTRIES * GIB;
	pr_info("early map: RAM above 4 GiB in %u 1 GiB pages; reach %#lx\n", pages,
		(unsigned long)early_limit);
}
