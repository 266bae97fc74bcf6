// SPDX-License-Identifier: MIT
/*
 * The kernel's page tables (TTBR1). arch_mm_init() builds them once,
 * replacing the boot tables: a direct map of RAM in 2 MiB blocks (4 KiB
 * pages at the unaligned ends of a range; Normal,
 * never executable), the device registers the DTB named as 4 KiB Device
 * pages at their direct-map address, the kernel image in 4 KiB pages with
 * per-section rights (text RX, rodata R, data RW, never W and X), and an
 * empty TTBR0, so a NULL dereference faults. Every table is reached through
 * the direct map. Descriptor bits: asm/pte.h (Arm ARM D8.3).
 *
 * The leaves mean the same with and without FEAT_S1PIE: see asm/pte.h's
 * PTE_PIE_INDEX and mmu_pie.c's PIR_EL1 value.
 *
 * Entries are written with WRITE_ONCE and published with DSB ISHST before
 * use: the table walker may read them at any time (Arm ARM D8.2.x).
 */
#include <asm/boot_map.h>
#include <asm/kernel_gcs.h>
#include <asm/mmu.h>
#include <asm/pte.h>
#include <asm/pte_rights.h>
#include <asm/setup.h>
#include <asm/sysreg.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <uapi/linux/errno.h>

#define MAX_MMIO (ARM64_MAX_GICR + 8) /* every redistributor region and a few devices */
/*
 * Tables for what the boot map lacks before arch_mm_init() (early_map()):
 * a few pages of firmware tables (the EFI handoff, the device tree, ACPI)
 * and device registers (a UART, the GIC's, each redistributor region's).
 * Each costs at most a level 2 table for its GiB and a level 3 table for
 * each 2 MiB it touches; QEMU virt's redistributors alone touch 8.
 */
#define EARLY_TABLES 32

extern const char __text_start[], __text_end[], __rodata_start[], __rodata_end[];
extern const char __data_start[], __kernel_end[];

static phys_addr_t kernel_l0, empty_pgd;
static struct mmio_range mmio[MAX_MMIO];
static unsigned int nr_mmio;

phys_addr_t arm64_empty_pgd(void)
{
	return empty_pgd;
}

/*
 * The table at physical phys. The boot tables and the early ones are in
 * the image and reached at its link address: before arm64_early_map_ram()
 * the direct map holds no RAM (head.S maps only the image), and what it
 * adds is RAM the memory map names, which need not include where the
 * loader put the image. Every other table is RAM from the page allocator.
 */
static u64 *table_at(phys_addr_t phys)
{
	if (phys >= arm64_kernel_phys_base && phys < kernel_image_to_phys(__kernel_end))
		return (u64 *)(KERNEL_VMA + (phys - arm64_kernel_phys_base));
	return phys_to_virt(phys);
}

static u64 *table_virt(u64 entry)
{
	return table_at(entry & PTE_ADDR_MASK);
}

static bool is_table(u64 e, int level)
{
	return level < 3 && (e & (PTE_VALID | PTE_TABLE)) == (PTE_VALID | PTE_TABLE);
}

static u64 leaf_flags(unsigned int prot)
{
	u64 f = PTE_VALID | PTE_PAGE | PTE_AF | PTE_UXN;

	/* Device-nGnRE for registers and framebuffers (Arm ARM B2.8.2); else Normal WB. */
	if (prot & KPROT_DEVICE)
		f |= PTE_ATTR(MAIR_IDX_DEVICE);
	else
		f |= PTE_ATTR(MAIR_IDX_NORMAL) | PTE_SH_INNER;

	/* A kernel GCS page (kernel_gcs.c, only with S1PIE on): index 0x6, whatever else prot says. */
	if (prot & KPROT_SHADOW_STACK)
		return (f & ~PTE_UXN) | PTE_KERNEL_GCS;
	if (!(prot & KPROT_WRITE))
		f |= PTE_RDONLY;
	else
		f |= PTE_WRITE;
	if (!(prot & KPROT_EXEC))
		f |= PTE_PXN;
	else
		f |= arm64_kernel_text_gp(); /* kernel BTI: guarded (kernel_bti.c) */
	return f;
}

static u64 early_tables[EARLY_TABLES][PT_ENTRIES] __attribute__((aligned(PAGE_SIZE)));
static unsigned int early_tables_used;

/*
 * The boot tables and early_tables are in the image (.bss.boot, .bss), so
 * they are reached at their link address: the boot map's direct map need
 * not cover where the loader put the image.
 */
static u64 *early_table(const struct boot_map *m, u64 phys)
{
	(void)m;
	return table_at(phys);
}

static u64 *early_alloc(const struct boot_map *m, u64 *phys)
{
	(void)m;
	if (early_tables_used == EARLY_TABLES)
		return NULL;
	u64 *t = early_tables[early_tables_used++];

	*phys = kernel_image_to_phys(t);
	return t; /* zero since head.S cleared the BSS */
}

static void early_invalidate(const struct boot_map *m, u64 va)
{
	(void)m;
	(void)va;
	arm64_flush_all(); /* a block may have gone: every entry it left in the TLB */
}

/*
 * Maps one page into the boot map (head.S) before arch_mm_init(): a
 * firmware table or device register page, with its own memory type; a
 * leaf of 0 unmaps the page. A block in the way is split, break-before-make
 * (boot_map.c), though the boot map now has blocks only over RAM, where
 * phys_map() finds the page mapped already.
 */
static int early_map(uintptr_t va, u64 leaf)
{
	const struct boot_map m = {
		.root = early_table(NULL, read_sysreg(ttbr1_el1) & PTE_ADDR_MASK),
		.table = early_table,
		.alloc = early_alloc,
		.invalidate = early_invalidate,
	};
	int err = arm64_boot_map_page(&m, va, leaf);

	__asm__ __volatile__("dsb ishst\n\tisb" ::: "memory");
	return err;
}

static void map_mmio(const struct mmio_range *r);

void arm64_early_map_device_page(phys_addr_t p)
{
	if (early_map((uintptr_t)phys_to_virt(p),
		      p | leaf_flags(KPROT_READ | KPROT_WRITE | KPROT_DEVICE)))
		panic("mmu: no early table left to map device registers at %#lx", (unsigned long)p);
}

void arm64_early_unmap_page(phys_addr_t p)
{
	early_map((uintptr_t)phys_to_virt(p), 0);
}

/*
 * A device's registers: mapped Device-nGnRE at once (the boot map's
 * blocks may miss them or cover them as Normal memory), and again in the
 * kernel's own tables by arch_mm_init(). After that, mapped at once there.
 */
void arm64_add_mmio(const struct mmio_range *r)
{
	if (!r->size)
		return;
	if (kernel_l0) {
		map_mmio(r);
		return;
	}
	if (nr_mmio == MAX_MMIO)
		panic("mmu: more than %u device register ranges", MAX_MMIO);
	mmio[nr_mmio++] = *r;
	for (phys_addr_t p = ALIGN_DOWN(r->base, PAGE_SIZE); p < r->base + r->size; p += PAGE_SIZE)
		arm64_early_map_device_page(p);
}

void arm64_flush_page(uintptr_t va)
{
	__asm__ __volatile__("dsb ishst\n\ttlbi vaae1is, %0\n\tdsb ish\n\tisb" ::"r"(
				     (va >> PAGE_SHIFT) & ((1ul << 44) - 1))
			     : "memory");
}

void arm64_flush_all(void)
{
	__asm__ __volatile__("dsb ishst\n\ttlbi vmalle1is\n\tdsb ish\n\tisb" ::: "memory");
}

/*
 * Returns the entry for va at stop_level, allocating tables on the way, or
 * NULL when out of memory. Must not meet a block on the way.
 */
static u64 *walk_create(phys_addr_t root, uintptr_t va, int stop_level)
{
	u64 *table = phys_to_virt(root);

	for (int level = 0; level < stop_level; level++) {
		u64 *e = &table[PT_INDEX(va, level)];

		if (!(READ_ONCE(*e) & PTE_VALID)) {
			phys_addr_t t = page_alloc_zeroed(1);

			if (!t)
				return NULL;
			__asm__ __volatile__("dsb ishst" ::: "memory");
			WRITE_ONCE(*e, t | PTE_VALID | PTE_TABLE);
		}
		BUG_ON(!is_table(READ_ONCE(*e), level));
		table = table_virt(READ_ONCE(*e));
	}
	return &table[PT_INDEX(va, stop_level)];
}

static int map_page(uintptr_t va, u64 entry)
{
	u64 *e = walk_create(kernel_l0, va, 3);

	if (!e)
		return -ENOMEM;
	if (READ_ONCE(*e) & PTE_VALID)
		return -EEXIST;
	WRITE_ONCE(*e, entry);
	__asm__ __volatile__("dsb ishst\n\tisb" ::: "memory");
	return 0;
}

int arch_map_kernel_page(uintptr_t virt, phys_addr_t phys, unsigned int prot)
{
	if (!kernel_l0) /* before arch_mm_init(): firmware tables beyond the boot map */
		return early_map(virt, phys | leaf_flags(prot));
	return map_page(virt, phys | leaf_flags(prot));
}

/*
 * A framebuffer at its direct-map address as Normal Non-cacheable pages:
 * what the display reads is in memory without cache maintenance, and
 * unlike Device memory unaligned and merged accesses are allowed, which a
 * console's copies need (Arm ARM B2.7.2). Memory mapped already (RAM in
 * the direct map) is refused: two mappings of one page with different
 * cacheability lose coherence (Arm ARM B2.8, mismatched attributes).
 */
void *arch_map_framebuffer(phys_addr_t base, size_t len)
{
	u64 f = PTE_VALID | PTE_PAGE | PTE_ATTR(MAIR_IDX_NORMAL_NC) | PTE_AF | PTE_PXN | PTE_UXN |
		PTE_WRITE;
	static phys_addr_t mapped_base, mapped_end;
	phys_addr_t start = ALIGN_DOWN(base, PAGE_SIZE), end = base + len, phys;
	unsigned int prot;

	if (!kernel_l0 || len == 0 || end < base)
		return NULL;
	if (base >= mapped_base && end <= mapped_end)
		return phys_to_virt(base);
	for (phys_addr_t p = start; p < end; p += PAGE_SIZE) {
		if (arch_translate((uintptr_t)phys_to_virt(p), &phys, &prot)) {
			pr_warn("mmu: framebuffer at %#lx overlaps mapped memory; not mapped\n",
				(unsigned long)p);
			return NULL;
		}
	}
	for (phys_addr_t p = start; p < end; p += PAGE_SIZE) {
		if (map_page((uintptr_t)phys_to_virt(p), p | f))
			return NULL;
	}
	mapped_base = start;
	mapped_end = end;
	return phys_to_virt(base);
}

#define LEAF_TABLE_SPAN (512ul * PAGE_SIZE) /* what one last-level table maps */

int arch_prepare_kernel_range(uintptr_t start, uintptr_t end)
{
	/* One level-3 table maps 2 MiB with the 4 KiB granule (512 entries). */
	for (uintptr_t v = ALIGN_DOWN(start, LEAF_TABLE_SPAN); v < end; v += LEAF_TABLE_SPAN) {
		if (!walk_create(kernel_l0, v, 3))
			return -ENOMEM;
	}
	return 0;
}

phys_addr_t arch_unmap_kernel_page(uintptr_t virt)
{
	u64 *table = phys_to_virt(kernel_l0);

	for (int level = 0; level < 3; level++) {
		u64 e = READ_ONCE(table[PT_INDEX(virt, level)]);

		if (!is_table(e, level))
			return 0;
		table = table_virt(e);
	}

	u64 *leaf = &table[PT_INDEX(virt, 3)];
	u64 old = READ_ONCE(*leaf);

	if (!(old & PTE_VALID))
		return 0;
	WRITE_ONCE(*leaf, 0);
	arm64_flush_page(virt);
	return old & PTE_ADDR_MASK;
}

/* The rights the leaf e gives EL1 and EL0 under the live PIR_EL1 / PIRE0_EL1. */
struct pte_rights arm64_leaf_rights(u64 e)
{
	u64 pir = 0, pire0 = 0;

	if (arm64_pie_enabled) {
		__asm__ __volatile__("mrs %0, " REG_PIR_EL1 : "=r"(pir));
		__asm__ __volatile__("mrs %0, " REG_PIRE0_EL1 : "=r"(pire0));
	}
	return arm64_pte_rights(e, arm64_pie_enabled, pir, pire0);
}

static unsigned int leaf_prot(u64 e)
{
	return arm64_leaf_rights(e).el1;
}

/* Visits the valid leaves below the table at level, whose first address is va. */
static void walk_table(const u64 *table, int level, uintptr_t va, arm64_leaf_fn fn, void *ctx)
{
	uintptr_t span = 1ul << (39 - 9 * level);

	for (int i = 0; i < PT_ENTRIES; i++, va += span) {
		u64 e = READ_ONCE(table[i]);

		if (!(e & PTE_VALID))
			continue;
		if (is_table(e, level))
			walk_table(table_virt(e), level + 1, va, fn, ctx);
		else if (level > 0 && (level == 3) == !!(e & PTE_PAGE))
			fn(va, span, e, ctx);
	}
}

void arm64_for_each_leaf(phys_addr_t root, bool upper, arm64_leaf_fn fn, void *ctx)
{
	walk_table(table_at(root & PTE_ADDR_MASK), 0, upper ? ~0ul << 48 : 0, fn, ctx);
}

bool arch_translate(uintptr_t virt, phys_addr_t *phys, unsigned int *prot)
{
	/* The top bit selects TTBR1 (kernel) or TTBR0 (user), Arm ARM D8.2.4. */
	u64 ttbr = (virt >> 63) ? read_sysreg(ttbr1_el1) : read_sysreg(ttbr0_el1);
	u64 *table = table_at(ttbr & PTE_ADDR_MASK);

	if ((virt >> 48) != 0 && (virt >> 48) != 0xffff)
		return false;
	for (int level = 0; level <= 3; level++) {
		u64 e = READ_ONCE(table[PT_INDEX(virt, level)]);

		if (!(e & PTE_VALID))
			return false;
		if (level == 3 || !(e & PTE_TABLE)) {
			if (level == 0 || (level == 3 && !(e & PTE_PAGE)))
				return false; /* reserved encodings */

			u64 page_mask = (1ull << (39 - 9 * level)) - 1;

			*phys = (e & PTE_ADDR_MASK & ~page_mask) | (virt & page_mask);
			*prot = leaf_prot(e);
			return true;
		}
		table = table_virt(e);
	}
	return false;
}

static void map_image_range(const char *start, const char *end, unsigned int prot)
{
	for (uintptr_t v = (uintptr_t)start; v < (uintptr_t)end; v += PAGE_SIZE) {
		if (arch_map_kernel_page(v, kernel_image_to_phys((const void *)v), prot))
			panic("mmu: cannot map the kernel image at %#lx", (unsigned long)v);
	}
}

/*
 * Physical [start, end) at the direct map, Normal, never executable: 2 MiB
 * blocks where the range covers them whole, 4 KiB pages at its unaligned
 * ends. Never more: a cacheable mapping of what is not RAM the kernel owns
 * (a framebuffer, firmware or secure memory beside it) invites speculative
 * accesses there and mismatched attributes (Arm ARM B2.8).
 */
static void map_direct(phys_addr_t start, phys_addr_t end)
{
	u64 f = PTE_ATTR(MAIR_IDX_NORMAL) | PTE_SH_INNER | PTE_AF | PTE_PXN | PTE_UXN | PTE_WRITE;

	start = ALIGN_UP(start, PAGE_SIZE);
	end = ALIGN_DOWN(end, PAGE_SIZE);
	for (phys_addr_t p = start; p < end;) {
		bool block = (p & (BLOCK_SIZE_L2 - 1)) == 0 && end - p >= BLOCK_SIZE_L2;
		u64 *e = walk_create(kernel_l0, (uintptr_t)phys_to_virt(p), block ? 2 : 3);

		if (!e)
			panic("mmu: out of memory building the direct map");
		if (!(READ_ONCE(*e) & PTE_VALID))
			WRITE_ONCE(*e, p | f | PTE_VALID | (block ? 0 : PTE_PAGE));
		p += block ? BLOCK_SIZE_L2 : PAGE_SIZE;
	}
}

/* A device's registers as Device-nGnRE pages at their direct-map address. */
static void map_mmio(const struct mmio_range *r)
{
	u64 f = PTE_VALID | PTE_PAGE | PTE_ATTR(MAIR_IDX_DEVICE) | PTE_AF | PTE_PXN | PTE_UXN |
		PTE_WRITE;

	for (phys_addr_t p = ALIGN_DOWN(r->base, PAGE_SIZE); p < r->base + r->size;
	     p += PAGE_SIZE) {
		int err = map_page((uintptr_t)phys_to_virt(p), p | f);

		if (err && err != -EEXIST)
			panic("mmu: cannot map device registers at %#lx", (unsigned long)p);
	}
}

/*
 * Until the switch, new tables are reached through the boot map, which
 * covers EARLY_MAPPED_LIMIT of physical memory. The switch changes only
 * TTBR1's root: the new tables map the running code at the same address.
 */
void arch_mm_init(const struct boot_info *info)
{
	kernel_l0 = page_alloc_zeroed(1);
	empty_pgd = page_alloc_zeroed(1);
	if (!kernel_l0 || !empty_pgd)
		panic("mmu: no page for the root tables");

	for (unsigned int i = 0; i < info->nr_usable; i++)
		map_direct(info->usable[i].start, info->usable[i].end);
	for (unsigned int i = 0; i < nr_mmio; i++)
		map_mmio(&mmio[i]);
	map_image_range(__text_start, __text_end, KPROT_READ | KPROT_EXEC);
	map_image_range(__rodata_start, __rodata_end, KPROT_READ);
	map_image_range(__data_start, __kernel_end, KPROT_READ | KPROT_WRITE);

	__asm__ __volatile__("dsb ishst" ::: "memory");
	write_sysreg(ttbr1_el1, kernel_l0);
	write_sysreg(ttbr0_el1, empty_pgd);
	isb();
	arm64_flush_all();
	/* Only now: the boot tables' leaves predate the PIE indices. */
	arm64_pie_init();
	arm64_gcs_init();
	arm64_kernel_gcs_init();   /* before the first kernel stack: each gets its GCS */
	arm64_kernel_bti_enable(); /* the text is guarded now */
	pr_info("mmu: kernel tables at %#lx, 48-bit VA, 4 KiB pages, PAN %s, S1PIE %s\n",
		(unsigned long)kernel_l0, arm64_pan_enabled ? "on" : "unavailable",
		arm64_pie_enabled ? "on" : "off");
}
