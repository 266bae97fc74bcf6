// SPDX-License-Identifier: MIT
/*
 * The Page Attribute Table (Intel SDM vol. 3A §13.12, chapter numbers of the
 * 2023 and later editions): a page's PAT, PCD and PWT bits pick one of eight
 * memory types held in IA32_PAT (MSR 0x277). At power-up the eight are WB,
 * WT, UC-, UC, WB, WT, UC-, UC (§13.12.4), so no page can be write-combining
 * without an MTRR saying so -- and firmware does not always set one for the
 * framebuffer a GOP mode uses. Umbra programs Linux's layout (arch/x86/mm/
 * pat/memtype.c): entry 1 (PWT alone) becomes WC, 5 WP, 7 WT; 0, 2, 3, 4
 * and 6 keep their power-up types, so every mapping made with PCD, or
 * PCD|PWT, keeps meaning UC- and UC. The framebuffer is then mapped with PWT
 * alone (paging.c, KPROT_WC): a full-screen redraw is a stream of combined
 * writes instead of one uncached bus write per pixel.
 *
 * §13.12.4 asks for the same PAT on every processor: the boot CPU programs
 * it in arch_cpu_probe(), each secondary in x86_ap_entry() before it loads
 * the kernel's tables. No page uses entry 1 before that, so no cached
 * translation or line holds the old type; the caches are written back and
 * the TLB flushed all the same (§13.12.4, "changes to the PAT ... flush").
 */
#include <asm/cpu.h>
#include <asm/msr.h>
#include <asm/pat.h>
#include <asm/x86.h>

bool x86_pat_wc;

void x86_pat_init(void)
{
	if (!x86_features.pat)
		return;
	__asm__ __volatile__("wbinvd" ::: "memory");
	wrmsr(MSR_IA32_PAT, PAT_LINUX_LAYOUT);
	write_cr3(read_cr3());
	x86_pat_wc = rdmsr(MSR_IA32_PAT) == PAT_LINUX_LAYOUT;
}
