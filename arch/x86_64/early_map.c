// SPDX-License-Identifier: MIT
/*
 * The boot map's direct-map half. boot/x86_64/start.S maps only the image
 * (identity and kernel window); the direct map, which phys_to_virt() uses
 * until arch_mm_init() builds the final tables, is made here in two steps:
 *
 * 1. x86_early_map_boot_info(): the pages of the boot loader's Multiboot2
 *    information, before anything reads it -- memory the loader wrote,
 *    so RAM whatever the memory map in it says. multiboot2_parse() copies
 *    all it needs into struct boot_info; nothing reads the information
 *    after it.
 * 2. x86_early_map_ram(): once the memory map is read, the boot
 *    information's pages are forgotten and the map starts afresh: all
 *    usable RAM up to the PDPT's 512 entries (512 GiB), exactly as the
 *    memory map says (boot_pages.c): a 1 GiB page
 *    over a GiB that is all RAM, where the CPU has 1 GiB pages
 *    (CPUID.80000001H:EDX[26], SDM vol. 3A §4.1.4 and §4.5, table 4-15),
 *    2 MiB pages over 2 MiB blocks that are all RAM, 4 KiB pages over the
 *    RAM of the blocks that are not (the first MiB, the top of RAM below
 *    the PCI hole, firmware's reserved ranges). Nothing else: no device,
 *    no reserved range is mapped write-back, below 4 GiB or above. The
 *    page allocator's bitmap (kernel/mm/page_alloc.c) may lie anywhere in
 *    that RAM; the framebuffer, ACPI tables and the SMP trampoline are
 *    reached only after arch_mm_init(), through its tables.
 *
 * The tables come from a pool in the image's BSS, reached at their
 * kernel-window addresses; like the rest of the boot map they live only
 * until arch_mm_init() switches to the kernel's own tables.
 */
#include <asm/boot_pages.h>
#include <asm/cpu.h>
#include <asm/page.h>
#include <asm/pte.h>
#include <asm/setup.h>
#include <kernel/boot.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <string.h>

#define GIB (1ull << 30)
#define CPUID_80000001_EDX_PAGE1GB (1u << 26)
/*
 * Page directories and page tables: one per GiB that is not all RAM (every
 * GiB without 1 GiB pages) and one per 2 MiB block that is partly RAM. The
 * emulators need 4 to 8; a firmware map with many small reserved ranges
 * more. Out of tables, the reach ends at the first RAM left unmapped.
 */
#define EARLY_TABLES 48

static phys_addr_t early_limit; /* nothing is mapped at the direct map before step 1 */

phys_addr_t x86_early_mapped_limit(void)
{
	return early_limit;
}

static u64 early_pdpt[PT_ENTRIES] __attribute__((aligned(PAGE_SIZE)));
static u64 early_tables[EARLY_TABLES][PT_ENTRIES] __attribute__((aligned(PAGE_SIZE)));
static unsigned int early_tables_used;

static u64 *table_alloc(struct x86_boot_pages *b, u64 *phys)
{
	(void)b;
	if (early_tables_used == EARLY_TABLES)
		return NULL;
	*phys = kernel_image_to_phys(early_tables[early_tables_used]);
	return early_tables[early_tables_used++]; /* zero: the BSS */
}

static u64 *table_at(struct x86_boot_pages *b, u64 phys)
{
	(void)b;
	for (unsigned int i = 0; i < early_tables_used; i++) {
		if (kernel_image_to_phys(early_tables[i]) == phys)
			return early_tables[i];
	}
	return NULL;
}

static struct x86_boot_pages early = {
	.pdpt = early_pdpt,
	.alloc = table_alloc,
	.dir = table_at,
};

/* The boot PML4 (start.S's boot_pml4, in the image): at its kernel-window address. */
static u64 *boot_pml4(void)
{
	phys_addr_t phys = read_cr3() & PTE_ADDR_MASK;

	return (u64 *)(phys - x86_kernel_load_offset + KERNEL_VMA);
}

/*
 * New entries only, over slots that were not present, which no TLB holds
 * (SDM vol. 3A §4.10.2.3); the paging-structure caches are flushed all
 * the same (§4.10.4.1).
 */
static void flush(void)
{
	write_cr3(read_cr3());
}

void x86_early_map_boot_info(phys_addr_t mbi)
{
	u32 total;

	boot_pml4()[PT_INDEX(DIRECT_MAP_BASE, PT_LEVELS)] = kernel_image_to_phys(early_pdpt) |
							    PTE_P | PTE_RW;
	/* The first 8 bytes say how long it is (Multiboot2 specification §3.6.1). */
	if (x86_boot_map_range(&early, mbi, mbi + 8))
		panic("early map: no table for the boot information");
	flush();
	total = *(const u32 *)phys_to_virt(mbi);
	if (x86_boot_map_range(&early, mbi, mbi + total))
		panic("early map: no table for the boot information");
	flush();
}

/* The usable RAM of info clipped to [lo, hi), into out; returns how many ranges. */
static unsigned int clip(const struct boot_info *info, phys_addr_t lo, phys_addr_t hi,
			 struct mem_range *out)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < info->nr_usable; i++) {
		phys_addr_t start = MAX(info->usable[i].start, lo),
			    end = MIN(info->usable[i].end, hi);

		if (start < end)
			out[n++] = (struct mem_range){ start, end };
	}
	return n;
}

void x86_early_map_ram(const struct boot_info *info)
{
	struct mem_range part[BOOT_MAX_RANGES];
	unsigned long gib, mib2, kib4;
	phys_addr_t low_reach, high_reach;

	/*
	 * Start afresh: removed entries must leave the TLB, which a CR3 write
	 * does for all but global pages (SDM vol. 3A §4.10.4.1); these are not.
	 */
	memset(early_pdpt, 0, sizeof(early_pdpt));
	memset(early_tables, 0, early_tables_used * sizeof(early_tables[0]));
	early_tables_used = 0;
	early.gib = early.mib2 = early.kib4 = early.tables = 0;
	flush();
	early.gib_pages = cpuid(0x80000000, 0).eax >= 0x80000001 &&
			  (cpuid(0x80000001, 0).edx & CPUID_80000001_EDX_PAGE1GB);
	/* Below 4 GiB first, to report it apart: that is where the holes are on a PC. */
	low_reach = x86_boot_map_ram(&early, part, clip(info, 0, 4 * GIB, part));
	gib = early.gib;
	mib2 = early.mib2;
	kib4 = early.kib4;
	high_reach = x86_boot_map_ram(&early, part, clip(info, 4 * GIB, ~0ull, part));
	early_limit = MIN(low_reach, high_reach);
	flush();
	pr_info("early map: %sRAM below 4 GiB in %lu 1 GiB, %lu 2 MiB, %lu 4 KiB pages; "
		"above in %lu 1 GiB, %lu 2 MiB, %lu 4 KiB pages (%lu tables); reach %#lx\n",
		early.gib_pages ? "" : "no 1 GiB pages (CPUID.80000001H:EDX[26] = 0): ", gib, mib2,
		kib4, early.gib - gib, early.mib2 - mib2, early.kib4 - kib4, early.tables,
		(unsigned long)early_limit);
}
