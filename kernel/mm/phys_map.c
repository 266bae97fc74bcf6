// SPDX-License-Identifier: MIT
/*
 * Physical memory outside the direct map's RAM -- firmware tables, device
 * registers, framebuffers -- mapped at the direct-map address it would
 * have, so phys_to_virt() stays the one translation the kernel uses.
 */
#include <kernel/kmem.h>

void *phys_map(phys_addr_t phys, size_t len, unsigned int prot)
{
	phys_addr_t end = phys + len;

	if (len == 0 || end < phys)
		return NULL;
	for (phys_addr_t page = ALIGN_DOWN(phys, PAGE_SIZE); page < end; page += PAGE_SIZE) {
		uintptr_t virt = (uintptr_t)phys_to_virt(page);
		phys_addr_t mapped;
		unsigned int old;

		if (arch_translate(virt, &mapped, &old))
			continue; /* RAM in the direct map (maybe in a large page) */
		if (arch_map_kernel_page(virt, page, prot))
			return NULL;
	}
	return phys_to_virt(phys);
}
