// SPDX-License-Identifier: MIT
/*
 * The framebuffer is write-combining (pat.c, paging.c): IA32_PAT holds
 * Linux's layout on this CPU -- entry 1 WC, entries 0, 2, 3 still WB, UC-,
 * UC as the rest of the kernel's mappings expect -- and every page of the
 * screen console's framebuffer selects entry 1 (PWT set, PCD and PAT clear;
 * SDM vol. 3A §13.12.3, table 13-11). Skipped without a pixel framebuffer
 * (BIOS text mode lies in the direct map's first block).
 */
#include <asm/cpu.h>
#include <asm/mmu.h>
#include <asm/page.h>
#include <asm/msr.h>
#include <asm/pat.h>
#include <asm/pte.h>
#include <kernel/boot.h>
#include <kernel/fbcon.h>
#include <kernel/kmem.h>
#include <kernel/ktest.h>

#define PTE_PAT_4K (1ull << 7)

KTEST(x86_framebuffer_mapped_write_combining)
{
	const struct fbcon *con = fbcon_screen();
	size_t len;
	unsigned long bad = 0;
	u64 e = 0;

	if (!x86_features.pat) {
		ktest_skip(ctx, "CPUID says no PAT");
		return;
	}
	KTEST_EXPECT_EQ(ctx, rdmsr(MSR_IA32_PAT), PAT_LINUX_LAYOUT);
	KTEST_EXPECT(ctx, x86_pat_wc);
	if (!con || !con->base || con->fb.type == BOOT_FB_EGA_TEXT) {
		ktest_skip(ctx, "no pixel framebuffer on this machine");
		return;
	}
	len = (size_t)con->fb.pitch * con->fb.height;
	for (size_t off = 0; off < len; off += PAGE_SIZE) {
		if (!x86_kernel_leaf((uintptr_t)con->base + off, &e) ||
		    (e & (PTE_PWT | PTE_PCD | PTE_PAT_4K)) != PTE_PWT)
			bad++;
	}
	KTEST_EXPECT_EQ(ctx, bad, 0);
}

/*
 * A framebuffer above 4 GiB, as firmware puts a GPU's 64-bit BAR on many
 * machines (no emulator here offers one: QEMU's display devices have
 * 32-bit BARs under SeaBIOS and OVMF alike). The Multiboot2 tag carries a
 * 64-bit address (multiboot2.c); this maps a range of that kind the way
 * fbcon_init() maps the screen and checks each leaf: the high physical
 * address itself (no bit lost above 32), write-combining, writable, never
 * executable -- then takes the mapping down again. Nothing reads or writes
 * it. The range is the first of 64 GiB, 128 GiB, ... that is neither RAM
 * nor mapped yet.
 */
#define HIGH_FB_FIRST (64ull << 30)
#define HIGH_FB_PAGES 4

static bool high_range_free(phys_addr_t phys, size_t len)
{
	phys_addr_t mapped;
	unsigned int prot;

	if (x86_direct_map_is_ram(phys, phys + len))
		return false;
	for (size_t off = 0; off < len; off += PAGE_SIZE) {
		if (arch_translate((uintptr_t)phys_to_virt(phys + off), &mapped, &prot))
			return false;
	}
	return true;
}

KTEST(x86_framebuffer_above_4gib_mapped_write_combining)
{
	const size_t len = HIGH_FB_PAGES * PAGE_SIZE;
	phys_addr_t phys = 0;
	unsigned long bad = 0;
	u64 e = 0;
	u8 *v;

	if (!x86_features.pat) {
		ktest_skip(ctx, "CPUID says no PAT");
		return;
	}
	for (phys_addr_t p = HIGH_FB_FIRST; p < KSTACK_AREA_BASE - DIRECT_MAP_BASE; p <<= 1) {
		if (high_range_free(p, len)) {
			phys = p;
			break;
		}
	}
	if (!KTEST_EXPECT(ctx, phys != 0))
		return;
	v = arch_map_framebuffer(phys, len);
	if (!KTEST_EXPECT(ctx, v == phys_to_virt(phys)))
		return;
	for (size_t off = 0; off < len; off += PAGE_SIZE) {
		if (!x86_kernel_leaf((uintptr_t)v + off, &e) || (e & PTE_ADDR_MASK) != phys + off ||
		    (e & (PTE_PWT | PTE_PCD | PTE_PAT_4K)) != PTE_PWT || !(e & PTE_RW) ||
		    (x86_features.nx && !(e & PTE_NX)))
			bad++;
	}
	for (size_t off = 0; off < len; off += PAGE_SIZE) {
		if (arch_unmap_kernel_page((uintptr_t)v + off) != phys + off)
			bad++;
	}
	KTEST_EXPECT_EQ(ctx, bad, 0);
	KTEST_EXPECT(ctx, high_range_free(phys, len));
}
