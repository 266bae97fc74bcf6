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
