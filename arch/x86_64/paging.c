// SPDX-License-Identifier: MIT
/*
 * The kernel's page tables. arch_mm_init() builds them once, replacing the
 * boot trampoline's: a direct map of RAM in 2 MiB pages, the kernel image
 * in 4 KiB pages with per-section rights (text RX, rodata R, data RW, never
 * both W and X), and nothing at all at low addresses, so a NULL dereference
 * faults. Every table is reached through the direct map.
 *
 * Entries are written with WRITE_ONCE: the CPU's page walker may read them
 * at any time, and a torn or reordered write is a fault that is hard to see.
 */
#include <asm/cpu.h>
#include <asm/mmu.h>
#include <asm/pat.h>
#include <asm/pte.h>
#include <asm/tlb.h>
#include <asm/x86.h>
#include <kernel/kmem.h>
#include <kernel/panic.h>
#include <kernel/printk.h>
#include <uapi/linux/errno.h>

extern const char __text_start[], __text_end[], __rodata_start[], __rodata_end[];
extern const char __data_start[], __kernel_end[];

static phys_addr_t kernel_pml4;
static u64 pte_nx; /* PTE_NX when the CPU has it, else 0 (the bit is reserved) */

phys_addr_t x86_kernel_pml4(void)
{
	return kernel_pml4;
}

u64 x86_pte_nx(void)
{
	return pte_nx;
}

static u64 *table_virt(u64 entry)
{
	return phys_to_virt(entry & PTE_ADDR_MASK);
}

static u64 leaf_flags(unsigned int prot)
{
	u64 f = PTE_P | PTE_G;

	/*
	 * A supervisor shadow-stack page is read-only and dirty at the leaf
	 * (SDM vol. 3A §4.6.3, "shadow-stack pages": R/W = 0, Dirty = 1 in
	 * the last entry, R/W = 1 above it, as walk_create() sets): CALL,
	 * RET and the token instructions use it, an ordinary write faults.
	 */
	if (prot & KPROT_SHADOW_STACK)
		return f | PTE_D | pte_nx;
	if (prot & KPROT_WRITE)
		f |= PTE_RW;
	if (!(prot & KPROT_EXEC))
		f |= pte_nx;
	/*
	 * PWT alone selects PAT entry 1, write-combining once pat.c has
	 * programmed IA32_PAT. PCD alone selects entry 2, UC-: uncached, except
	 * that an MTRR saying write-combining (firmware sets it for
	 * framebuffers) wins (SDM vol.3 §12.5.2.2, Table 12-7).
	 */
	if ((prot & KPROT_WC) && x86_pat_wc)
		f |= PTE_PWT;
	else if (prot & KPROT_DEVICE)
		f |= PTE_PCD;
	return f;
}

/*
 * Returns the entry for virt at stop_level, allocating intermediate tables
 * on the way (kernel-only, writable: rights are decided at the leaf), or
 * NULL when out of memory. Must not meet a large page on the way.
 */
static u64 *walk_create(phys_addr_t pml4, uintptr_t virt, int stop_level)
{
	u64 *table = phys_to_virt(pml4);

	for (int level = PT_LEVELS; level > stop_level; level--) {
		u64 *e = &table[PT_INDEX(virt, level)];

		if (!(READ_ONCE(*e) & PTE_P)) {
			phys_addr_t t = page_alloc_zeroed(1);

			if (!t)
				return NULL;
			WRITE_ONCE(*e, t | PTE_P | PTE_RW);
		}
		BUG_ON(READ_ONCE(*e) & PTE_PS);
		table = table_virt(READ_ONCE(*e));
	}
	return &table[PT_INDEX(virt, stop_level)];
}

static void invlpg(uintptr_t virt)
{
	__asm__ __volatile__("invlpg (%0)" ::"r"(virt) : "memory");
}

static int map_page(phys_addr_t pml4, uintptr_t virt, phys_addr_t phys, unsigned int prot)
{
	u64 *e = walk_create(pml4, virt, 1);

	if (!e)
		return -ENOMEM;
	if (READ_ONCE(*e) & PTE_P)
		return -EEXIST;
	WRITE_ONCE(*e, phys | leaf_flags(prot));
	return 0;
}

int arch_map_kernel_page(uintptr_t virt, phys_addr_t phys, unsigned int prot)
{
	int err = map_page(kernel_pml4, virt, phys, prot);

	/*
	 * The page was unmapped before, maybe by another CPU (a kernel stack's
	 * slot handed out again), and this CPU drops such stale translations
	 * only when it next takes big_lock or switches stacks (tlb.c). Its
	 * caller may use the page before either -- a clone fills the new
	 * task's stack without big_lock -- so this CPU drops its own now; a
	 * write through the old translation would land in the freed page.
	 */
	if (!err)
		__asm__ __volatile__("invlpg (%0)" ::"r"(virt) : "memory");
	return err;
}

#define LEAF_TABLE_SPAN (512ul * PAGE_SIZE) /* what one last-level table maps */

int arch_prepare_kernel_range(uintptr_t start, uintptr_t end)
{
	/* One last-level table maps 2 MiB (PT_INDEX level 1 spans 512 pages). */
	for (uintptr_t v = ALIGN_DOWN(start, LEAF_TABLE_SPAN); v < end; v += LEAF_TABLE_SPAN) {
		if (!walk_create(kernel_pml4, v, 1))
			return -ENOMEM;
	}
	return 0;
}

phys_addr_t x86_kernel_virt_to_phys(uintptr_t virt)
{
	u64 *table = phys_to_virt(kernel_pml4);

	for (int level = PT_LEVELS; level > 1; level--) {
		u64 e = READ_ONCE(table[PT_INDEX(virt, level)]);

		if (!(e & PTE_P) || (e & PTE_PS))
			return 0;
		table = table_virt(e);
	}

	u64 leaf = READ_ONCE(table[PT_INDEX(virt, 1)]);

	return (leaf & PTE_P) ? (leaf & PTE_ADDR_MASK) + (virt & (PAGE_SIZE - 1)) : 0;
}

phys_addr_t arch_unmap_kernel_page(uintptr_t virt)
{
	u64 *table = phys_to_virt(kernel_pml4);

	for (int level = PT_LEVELS; level > 1; level--) {
		u64 e = READ_ONCE(table[PT_INDEX(virt, level)]);

		if (!(e & PTE_P) || (e & PTE_PS))
			return 0;
		table = table_virt(e);
	}

	u64 *leaf = &table[PT_INDEX(virt, 1)];
	u64 old = READ_ONCE(*leaf);

	if (!(old & PTE_P))
		return 0;
	WRITE_ONCE(*leaf, 0);
	/*
	 * Every CPU may have used it (a kernel stack runs wherever its task
	 * did), and the address is handed out again: the others drop it
	 * before they next may touch it (tlb.c).
	 */
	x86_tlb_kernel_unmapped(virt);
	return old & PTE_ADDR_MASK;
}

bool x86_kernel_leaf(uintptr_t virt, u64 *entry)
{
	u64 *table = phys_to_virt(read_cr3() & PTE_ADDR_MASK);

	for (int level = PT_LEVELS; level >= 1; level--) {
		u64 e = READ_ONCE(table[PT_INDEX(virt, level)]);

		if (!(e & PTE_P))
			return false;
		if (level == 1 || (e & PTE_PS)) {
			*entry = e;
			return level == 1;
		}
		table = table_virt(e);
	}
	return false;
}

bool arch_translate(uintptr_t virt, phys_addr_t *phys, unsigned int *prot)
{
	u64 *table = phys_to_virt(read_cr3() & PTE_ADDR_MASK);
	bool writable = true, executable = true;

	for (int level = PT_LEVELS; level >= 1; level--) {
		u64 e = READ_ONCE(table[PT_INDEX(virt, level)]);

		if (!(e & PTE_P))
			return false;
		/* Rights are the intersection over all levels (SDM vol. 3A §4.6.1). */
		writable &= !!(e & PTE_RW);
		executable &= !(e & pte_nx);
		if (level == 1 || (e & PTE_PS)) {
			u64 page_mask = (1ull << (12 + 9 * (level - 1))) - 1;

			*phys = (e & PTE_ADDR_MASK & ~page_mask) | (virt & page_mask);
			*prot = KPROT_READ | (writable ? KPROT_WRITE : 0) |
				(executable ? KPROT_EXEC : 0);
			return true;
		}
		table = table_virt(e);
	}
	return false;
}

/*
 * Device registers (LAPIC, I/O APIC, HPET, ACPI registers in memory space)
 * must not be cached: with PCD = PWT = 1 and PAT = 0 a 4 KiB entry selects
 * PAT entry 3, which is UC from power-up (SDM vol. 3A §4.9.2, §11.12.4,
 * table 11-12), and reads and writes reach the device in program order
 * (UC, §11.3). Maps [phys, phys + len) at its direct-map address, writable
 * and never executable; a page an earlier read-only acpi_map() covered is
 * remapped. Returns the address of phys, or NULL when out of memory or
 * when the range lies in RAM the direct map covers with large pages (RAM
 * is not a device). Only this CPU's TLB is flushed, never by a shootdown:
 * the calls after start-up (ACPI registers at power-off, perhaps in a
 * panic with the other CPUs stopped) rewrite an entry with the value it
 * has, and a CPU that could never answer must not be waited for.
 */
volatile void *x86_map_mmio(phys_addr_t phys, size_t len)
{
	phys_addr_t end = phys + len;

	if (len == 0 || end < phys)
		return NULL;
	for (phys_addr_t p = ALIGN_DOWN(phys, PAGE_SIZE); p < end; p += PAGE_SIZE) {
		uintptr_t virt = (uintptr_t)phys_to_virt(p);
		u64 *e = walk_create(kernel_pml4, virt, 2);

		if (!e || (READ_ONCE(*e) & PTE_PS))
			return NULL;
		e = walk_create(kernel_pml4, virt, 1);
		if (!e)
			return NULL;
		WRITE_ONCE(*e, p | PTE_P | PTE_G | PTE_RW | PTE_PCD | PTE_PWT | pte_nx);
		invlpg(virt);
	}
	return phys_to_virt(phys);
}

/* Maps [start, end) of the kernel image at its link address with prot. */
static void map_image_range(const char *start, const char *end, unsigned int prot)
{
	for (uintptr_t v = (uintptr_t)start; v < (uintptr_t)end; v += PAGE_SIZE) {
		if (map_page(kernel_pml4, v, kernel_image_to_phys((const void *)v), prot))
			panic("paging: cannot map the kernel image at %#lx", (unsigned long)v);
	}
}

/* The usable RAM the direct map covers: what x86_direct_map_is_ram() judges by. */
static struct mem_range direct_ram[BOOT_MAX_RANGES];
static unsigned int nr_direct_ram;

bool x86_direct_map_is_ram(phys_addr_t start, phys_addr_t end)
{
	for (unsigned int i = 0; i < nr_direct_ram; i++) {
		if (direct_ram[i].start <= start && end <= direct_ram[i].end)
			return true;
	}
	return false;
}

/*
 * Maps the usable RAM [start, end) at the direct map, write-back cacheable:
 * 2 MiB pages where a whole aligned 2 MiB lies inside it, 4 KiB pages at
 * its ragged ends -- never a large page over a neighbour that is not RAM.
 * A cacheable mapping of device memory or firmware's reserved ranges lets
 * the CPU fetch and write back lines there speculatively; a large page
 * over ranges the MTRRs give different memory types is undefined (SDM
 * vol. 3A §12.11.9), and so is one page mapped with two types (§12.12.4). Linux maps the direct map the same way
 * (arch/x86/mm/init.c: split_mem_range() keeps large pages to aligned RAM).
 */
static void map_direct(phys_addr_t start, phys_addr_t end)
{
	phys_addr_t p = ALIGN_UP(start, PAGE_SIZE);

	end = ALIGN_DOWN(end, PAGE_SIZE);
	while (p < end) {
		uintptr_t v = (uintptr_t)phys_to_virt(p);

		if (IS_ALIGNED(p, LARGE_PAGE_SIZE) && end - p >= LARGE_PAGE_SIZE) {
			u64 *e = walk_create(kernel_pml4, v, 2);

			if (!e)
				panic("paging: out of memory building the direct map");
			WRITE_ONCE(*e, p | PTE_PS | leaf_flags(KPROT_READ | KPROT_WRITE));
			p += LARGE_PAGE_SIZE;
		} else {
			if (map_page(kernel_pml4, v, p, KPROT_READ | KPROT_WRITE))
				panic("paging: cannot map RAM at %#lx in the direct map",
				      (unsigned long)p);
			p += PAGE_SIZE;
		}
	}
}

/*
 * Until the switch, new tables are reached through the boot map, which
 * covers EARLY_MAPPED_LIMIT; the allocator hands out low frames first, and
 * these few tables come from the bottom of RAM.
 */
void arch_mm_init(const struct boot_info *info)
{
	pte_nx = x86_features.nx ? PTE_NX : 0;
	kernel_pml4 = page_alloc_zeroed(1);
	if (!kernel_pml4)
		panic("paging: no page for the PML4");

	for (unsigned int i = 0; i < info->nr_usable; i++) {
		map_direct(info->usable[i].start, info->usable[i].end);
		direct_ram[nr_direct_ram++] = info->usable[i];
	}
	map_image_range(__text_start, __text_end, KPROT_READ | KPROT_EXEC);
	map_image_range(__rodata_start, __rodata_end, KPROT_READ);
	map_image_range(__data_start, __kernel_end, KPROT_READ | KPROT_WRITE);

	/*
	 * Every kernel-half PML4 slot in use must exist now: user address
	 * spaces copy the kernel half once, when they are created.
	 */
	if (!walk_create(kernel_pml4, KSTACK_AREA_BASE, 3))
		panic("paging: no memory for the kernel stack area");

	write_cr4(read_cr4() | CR4_PGE);
	write_cr3(kernel_pml4);
	x86_tlb_note_cr3(kernel_pml4);
	pr_info("paging: kernel tables at %#lx, NX %s\n", (unsigned long)kernel_pml4,
		pte_nx ? "on" : "unavailable");
}

/*
 * The framebuffer as write-combining pages (KPROT_WC: PAT entry 1, pat.c),
 * or without a PAT as uncached-minus pages (KPROT_DEVICE), where the
 * firmware's write-combining MTRR for the display's memory, if it set one,
 * still applies (SDM vol.3 §12.5.2.2). The direct map covers RAM only, so
 * the legacy text buffer at 0xb8000 gets such pages too; firmware makes
 * that VGA window uncached through the fixed-range MTRRs, which win over
 * the page's type (SDM vol.3 §12.11.4.1).
 */
void *arch_map_framebuffer(phys_addr_t base, size_t len)
{
	return phys_map(base, len, KPROT_READ | KPROT_WRITE | KPROT_DEVICE | KPROT_WC);
}
