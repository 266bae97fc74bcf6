// SPDX-License-Identifier: MIT
/*
 * The boot map beyond 4 GiB. boot/x86_64/start.S maps physical 0 .. 4 GiB
 * at the direct map in 2 MiB pages: enough for the kernel and what the boot
 * loader hands over. The page allocator's bitmap and reference counts
 * (kernel/mm/page_alloc.c) must be reachable before arch_mm_init() builds the
 * final tables, yet may have to lie anywhere in RAM: on a large machine
 * they take 0.1% of it, more than the RAM below 4 GiB may hold in one
 * piece. So the usable RAM of the direct-map half's other GiBs, up to the
 * boot PDPT's 512 entries (512 GiB), is added to the boot map exactly
 * (boot_pages.c): a 1 GiB page over a GiB that is all RAM, where the CPU
 * has 1 GiB pages (CPUID.80000001H:EDX[26], SDM vol. 3A §4.1.4 and §4.5,
 * table 4-15), else 2 MiB pages through the page directories below -- the
 * first GiBs only, when the CPU has no 1 GiB pages. Like the rest of the
 * boot map this lives only until arch_mm_init() switches to the exact
 * direct map.
 */
#include <asm/boot_pages.h>
#include <asm/cpu.h>
#include <asm/page.h>
#include <asm/pte.h>
#include <asm/setup.h>
#include <kernel/boot.h>
#include <kernel/printk.h>

#define GIB (1ull << 30)
#define CPUID_80000001_EDX_PAGE1GB (1u << 26)
#define BOOT_MAPPED (4 * GIB) /* what start.S maps */
#define EARLY_PDS 8 /* page directories: GiBs not all RAM, or every GiB without 1 GiB pages */

static phys_addr_t early_limit = BOOT_MAPPED;

phys_addr_t x86_early_mapped_limit(void)
{
	return early_limit;
}

static u64 early_pds[EARLY_PDS][PT_ENTRIES] __attribute__((aligned(PAGE_SIZE)));
static unsigned int early_pds_used;

static u64 *pd_alloc(struct x86_boot_pages *b, u64 *phys)
{
	(void)b;
	if (early_pds_used == EARLY_PDS)
		return NULL;
	*phys = kernel_image_to_phys(early_pds[early_pds_used]);
	return early_pds[early_pds_used++]; /* zero: the BSS */
}

static u64 *pd_at(struct x86_boot_pages *b, u64 phys)
{
	(void)b;
	for (unsigned int i = 0; i < early_pds_used; i++) {
		if (kernel_image_to_phys(early_pds[i]) == phys)
			return early_pds[i];
	}
	return NULL;
}

void x86_early_map_ram(const struct boot_info *info)
{
	const u64 *pml4 = phys_to_virt(read_cr3() & PTE_ADDR_MASK);
	struct x86_boot_pages b = {
		.pdpt = phys_to_virt(pml4[PT_INDEX(DIRECT_MAP_BASE, PT_LEVELS)] & PTE_ADDR_MASK),
		.gib_pages = cpuid(0x80000000, 0).eax >= 0x80000001 &&
			     (cpuid(0x80000001, 0).edx & CPUID_80000001_EDX_PAGE1GB),
		.alloc = pd_alloc,
		.dir = pd_at,
	};

	early_limit = x86_boot_map_ram(&b, info->usable, info->nr_usable);
	/* New entries only, but paging-structure caches are flushed all the same (§4.10.4.1). */
	write_cr3(read_cr3());
	pr_info("early map: %sRAM above 4 GiB in %lu 1 GiB pages, %lu 2 MiB pages; reach %#lx\n",
		b.gib_pages ? "" : "no 1 GiB pages (CPUID.80000001H:EDX[26] = 0): ", b.gib, b.mib2,
		(unsigned long)early_limit);
}
