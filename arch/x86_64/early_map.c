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
 * §4.1.4 and §4.5, table 4-15). Like the rest of the boot map this lives
 * only until arch_mm_init() switches to the exact direct map.
 */
#include <asm/cpu.h>
#include <asm/page.h>
#include <asm/pte.h>
#include <asm/setup.h>
#include <kernel/boot.h>

#define GIB (1ull << 30)
#define CPUID_80000001_EDX_PAGE1GB (1u << 26)
#define BOOT_MAPPED (4 * GIB) /* what start.S maps */

static phys_addr_t early_limit = BOOT_MAPPED;

phys_addr_t x86_early_mapped_limit(void)
{
	return early_limit;
}

void x86_early_map_ram(const struct boot_info *info)
{
	if (cpuid(0x80000000, 0).eax < 0x80000001 ||
	    !(cpuid(0x80000001, 0).edx & CPUID_80000001_EDX_PAGE1GB))
		return; /* 4 GiB it stays: page_alloc_init() looks below it */

	const u64 *pml4 = phys_to_virt(read_cr3() & PTE_ADDR_MASK);
	u64 *pdpt = phys_to_virt(pml4[PT_INDEX(DIRECT_MAP_BASE, PT_LEVELS)] & PTE_ADDR_MASK);

	for (unsigned int i = 0; i < info->nr_usable; i++) {
		phys_addr_t start = info->usable[i].start, end = info->usable[i].end;

		for (phys_addr_t g = start / GIB; g < PT_ENTRIES && g * GIB < end; g++) {
			if (g * GIB >= BOOT_MAPPED && !(pdpt[g] & PTE_P))
				pdpt[g] = g * GIB | PTE_P | PTE_RW | PTE_PS;
		}
	}
	/* New entries only, but paging-structure caches are flushed all the same (§4.10.4.1). */
	write_cr3(read_cr3());
	early_limit = PT_ENTRIES * GIB;
}
