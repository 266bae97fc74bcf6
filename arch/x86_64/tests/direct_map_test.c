// SPDX-License-Identifier: MIT
/*
 * The direct map is exact: every large (2 MiB or 1 GiB) page of it lies
 * wholly inside usable RAM of the boot memory map, so no cacheable block
 * reaches over a reserved range, ACPI tables or device memory beside the
 * RAM (arch/x86_64/paging.c, map_direct()). Checked on the live tables.
 */
#include <asm/mmu.h>
#include <asm/page.h>
#include <asm/pte.h>
#include <kernel/ktest.h>
#include <kernel/printk.h>

struct direct_walk {
	unsigned long large; /* large pages seen */
	unsigned long over;  /* ... reaching beyond usable RAM */
};

static void walk(struct direct_walk *w, const u64 *table, int level, phys_addr_t base)
{
	for (int i = 0; i < PT_ENTRIES; i++) {
		u64 e = READ_ONCE(table[i]);
		phys_addr_t p = base + ((phys_addr_t)i << (12 + 9 * (level - 1)));
		phys_addr_t size = (phys_addr_t)1 << (12 + 9 * (level - 1));

		if (!(e & PTE_P) || level == 1)
			continue;
		if (!(e & PTE_PS)) {
			walk(w, phys_to_virt(e & PTE_ADDR_MASK), level - 1, p);
			continue;
		}
		w->large++;
		if (!x86_direct_map_is_ram(p, p + size) && w->over++ < 4)
			printk("# a %lu KiB page of the direct map at %#lx reaches past RAM\n",
			       (unsigned long)(size >> 10), (unsigned long)p);
	}
}

KTEST(x86_direct_map_large_pages_only_over_ram)
{
	const u64 *pml4 = phys_to_virt(x86_kernel_pml4());
	struct direct_walk w = { 0 };
	int first = PT_INDEX(DIRECT_MAP_BASE, PT_LEVELS),
	    last = PT_INDEX(KSTACK_AREA_BASE, PT_LEVELS);

	for (int s = first; s < last; s++) {
		u64 e = READ_ONCE(pml4[s]);

		if (e & PTE_P)
			walk(&w, phys_to_virt(e & PTE_ADDR_MASK), PT_LEVELS - 1,
			     (phys_addr_t)(s - first) << 39);
	}
	KTEST_EXPECT(ctx, w.large > 0);
	KTEST_EXPECT_EQ(ctx, w.over, 0);
}
