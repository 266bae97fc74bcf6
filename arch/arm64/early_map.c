// SPDX-License-Identifier: MIT
/*
 * The boot map's RAM. boot/arm64/head.S maps only the image (at its link
 * address); the direct map starts empty, and what C reaches before this
 * runs -- the EFI stub's handoff, the device tree, ACPI tables, the UART
 * and the GIC -- is mapped page by page as its user asks (phys_map(),
 * arm64_add_mmio(), mmu.c's early_map()), Device-nGnRE for registers. Once
 * the memory map is known, its usable RAM up to 512 GiB is added here,
 * exactly as it says (boot_map.c's arm64_boot_map_usable()): a 1 GiB block
 * where a whole GiB is usable RAM, 2 MiB blocks and 4 KiB pages where the
 * GiB also holds firmware's reserved memory, a device or a hole -- below
 * 4 GiB as above. The page allocator's bitmap and the first page tables
 * arch_mm_init() takes may lie anywhere in it: on a large machine they
 * take 0.1% of RAM, more than the RAM below 4 GiB may hold in one piece,
 * and RAM below 4 GiB may be small or reserved (memmap=). A Normal
 * cacheable block over anything else would let the CPU read it
 * speculatively at any time and allocate its lines into its caches (Arm
 * ARM B2.8), and alias the Device or non-cacheable mapping it gets with
 * another memory type (B2.16). Like the rest of the boot map this lives
 * only until arch_mm_init() builds the exact one.
 */
#include <asm/boot_map.h>
#include <asm/page.h>
#include <asm/pte.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <kernel/boot.h>
#include <kernel/printk.h>

#define GIB (UL(1) << 30)
#define L1_ENTRIES 512
#define RAM_ATTRS (PTE_ATTR(MAIR_IDX_NORMAL) | PTE_SH_INNER | PTE_AF | PTE_PXN | PTE_UXN)
/*
 * Tables for the GiBs that are not all RAM: one level 2 table for each,
 * one level 3 table for each 2 MiB that is not; a memory map with more
 * holes than these cover is reached up to the first it misses.
 */
#define RAM_TABLES 64

static phys_addr_t early_limit; /* no RAM in the direct map until arm64_early_map_ram() */
static u64 ram_tables[RAM_TABLES][PT_ENTRIES] __attribute__((aligned(PAGE_SIZE)));
static unsigned int ram_tables_used;

phys_addr_t arm64_early_mapped_limit(void)
{
	return early_limit;
}

/*
 * Every table before arch_mm_init() is in the image (head.S's, mmu.c's
 * early ones, these), reached at its link address.
 */
static u64 *image_table(const struct boot_map *m, u64 phys)
{
	(void)m;
	return (u64 *)(KERNEL_VMA + (phys - arm64_kernel_phys_base));
}

static u64 *ram_table_alloc(const struct boot_map *m, u64 *phys)
{
	(void)m;
	if (ram_tables_used == RAM_TABLES)
		return NULL;
	u64 *t = ram_tables[ram_tables_used++];

	*phys = kernel_image_to_phys(t);
	return t; /* zero since head.S cleared the BSS */
}

/* Only invalid entries are written: nothing to drop from the TLB. */
static void no_invalidate(const struct boot_map *m, u64 va)
{
	(void)m;
	(void)va;
}

void arm64_early_map_ram(const struct boot_info *info)
{
	const struct boot_map m = {
		.root = image_table(NULL, read_sysreg(ttbr1_el1) & PTE_ADDR_MASK),
		.table = image_table,
		.alloc = ram_table_alloc,
		.invalidate = no_invalidate,
	};
	struct boot_map_count count[BOOT_MAP_HALVES] = { 0 };
	phys_addr_t limit = arm64_boot_map_usable(&m, DIRECT_MAP_BASE, info->usable,
						  info->nr_usable, L1_ENTRIES * GIB, RAM_ATTRS,
						  count);

	/*
	 * Invalid entries made valid: a TLB never holds an entry whose walk
	 * faulted (Arm ARM D8.13), so no invalidation; the stores need only
	 * reach the table walker before the first access, as Linux's new
	 * kernel mappings do: DSB ISHST, then ISB.
	 */
	__asm__ __volatile__("dsb ishst\n\tisb" ::: "memory");
	early_limit = limit;
	pr_info("early map: RAM below 4 GiB in %lu 1 GiB blocks, %lu 2 MiB blocks, "
		"%lu 4 KiB pages (%u tables)\n",
		count[0].gib_blocks, count[0].mib2_blocks, count[0].pages, ram_tables_used);
	if (count[1].gib_blocks || count[1].mib2_blocks || count[1].pages)
		pr_info("early map: RAM above 4 GiB in %lu 1 GiB blocks, %lu 2 MiB blocks, "
			"%lu 4 KiB pages (%u tables); reach %#lx\n",
			count[1].gib_blocks, count[1].mib2_blocks, count[1].pages, ram_tables_used,
			(unsigned long)limit);
}
