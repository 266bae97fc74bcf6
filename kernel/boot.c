// SPDX-License-Identifier: MIT
/* Helpers for the arch code that turns a boot protocol into struct boot_info. */
#include <kernel/boot.h>
#include <kernel/printk.h>

void boot_add_range(struct mem_range *list, unsigned int *nr, phys_addr_t start, phys_addr_t end)
{
	if (start >= end)
		return;
	if (*nr == BOOT_MAX_RANGES) {
		pr_warn("boot: memory range %#lx-%#lx dropped: table full\n", (unsigned long)start,
			(unsigned long)end);
		return;
	}
	list[*nr].start = start;
	list[*nr].end = end;
	(*nr)++;
}
