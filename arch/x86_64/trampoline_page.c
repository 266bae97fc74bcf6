// SPDX-License-Identifier: MIT
/*
 * Where the application processors' start-up code goes: a 4 KiB page below
 * 1 MiB (a start-up IPI's vector VV starts the CPU in real mode at 0xVV000;
 * Intel SDM vol. 3A §9.4.4.2, §11.6.1), taken from the firmware's memory map
 * instead of a fixed address: the lowest page that lies wholly in usable RAM,
 * under nothing still in use (boot modules, the boot information, the
 * kernel), at or above TRAMPOLINE_LOWEST and below TRAMPOLINE_LIMIT. Linux
 * keeps its real-mode trampoline out of the first 64 KiB too
 * (CONFIG_X86_RESERVE_LOW): firmware has been seen to scribble there.
 *
 * Pure, unit-tested by tests/unit/test_trampoline_page.c.
 */
#include <asm/smp.h>
#include <kernel/boot.h>

#define PAGE 0x1000u

static bool inside_one(const struct mem_range *r, unsigned int n, phys_addr_t s, phys_addr_t e)
{
	for (unsigned int i = 0; i < n; i++)
		if (r[i].start <= s && e <= r[i].end)
			return true;
	return false;
}

static bool overlaps_any(const struct mem_range *r, unsigned int n, phys_addr_t s, phys_addr_t e)
{
	for (unsigned int i = 0; i < n; i++)
		if (r[i].start < e && s < r[i].end)
			return true;
	return false;
}

phys_addr_t x86_trampoline_choose(const struct mem_range *usable, unsigned int nr_usable,
				  const struct mem_range *busy, unsigned int nr_busy)
{
	for (phys_addr_t p = TRAMPOLINE_LOWEST; p + PAGE <= TRAMPOLINE_LIMIT; p += PAGE)
		if (inside_one(usable, nr_usable, p, p + PAGE) &&
		    !overlaps_any(busy, nr_busy, p, p + PAGE))
			return p;
	return 0;
}
