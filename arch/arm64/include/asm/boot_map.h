/* SPDX-License-Identifier: MIT */
/*
 * Editing a live set of translation tables one 4 KiB page at a time
 * (boot_map.c): what the kernel needs before arch_mm_init() that the boot
 * map of boot/arm64/head.S (the image alone) does not give: the RAM the
 * memory map names, firmware tables, device registers. Pure table logic;
 * the caller says how tables are reached and allocated and how the TLB is
 * told.
 */
#ifndef ASM_BOOT_MAP_H
#define ASM_BOOT_MAP_H

#include <kernel/boot.h>
#include <kernel/types.h>

struct boot_map {
	u64 *root; /* the level-0 table */
	/* The table whose physical address is phys. */
	u64 *(*table)(const struct boot_map *m, u64 phys);
	/* A zeroed table and its physical address, or NULL when none is left. */
	u64 *(*alloc)(const struct boot_map *m, u64 *phys);
	/* After an entry covering va was made invalid: drop what the TLB holds of it. */
	void (*invalidate)(const struct boot_map *m, u64 va);
};

/* The memory type of a descriptor: its MAIR index, AttrIndx (bits 4:2). */
#define BOOT_MAP_ATTR_MASK (UL(7) << 2)

/*
 * Makes the page at va a leaf (a level-3 page descriptor, PTE_VALID and
 * PTE_PAGE included). A block or page that already maps va to the same
 * frame with the same memory type is left as it is; one with another
 * type or frame is split down to pages (each keeping what the block
 * said), and the one page replaced, break-before-make (Arm ARM D8.16.1).
 * Returns 0, or -ENOMEM when alloc() has no table left.
 */
int arm64_boot_map_page(const struct boot_map *m, u64 va, u64 leaf);

/* What arm64_boot_map_ram() wrote, by size: the granularity the log reports. */
struct boot_map_count {
	unsigned long gib_blocks, mib2_blocks, pages;
};

/*
 * Maps the RAM [start, end) -- to whole 4 KiB pages inside it -- at
 * va_base + its physical address with the descriptor bits attrs (a
 * memory type, PTE_AF, ...; neither PTE_VALID nor bit 1): a 1 GiB block
 * only where the whole aligned GiB lies in the range, a 2 MiB block only
 * where the whole aligned 2 MiB does, 4 KiB pages at the ragged ends. What
 * lies around the range is never covered, so a device or firmware's
 * reserved memory beside the RAM gets no cacheable alias through it.
 * Only invalid entries are written (tables are made for them): an address
 * something already maps (a block or page) is left as it is. Returns 0, or
 * -ENOMEM when alloc() has no table left, *unmapped then the first address
 * of the range it could not map (all below it is mapped).
 */
int arm64_boot_map_ram(const struct boot_map *m, u64 va_base, u64 start, u64 end, u64 attrs,
		       struct boot_map_count *count, u64 *unmapped);

/* The log counts the RAM below 4 GiB and above it apart: count[0] and count[1]. */
#define BOOT_MAP_LOW_END (UL(4) << 30)
#define BOOT_MAP_HALVES 2

/*
 * The whole boot map's RAM: each of the usable ranges, clipped to
 * [0, reach), through arm64_boot_map_ram() with attrs, counted in count[0]
 * below BOOT_MAP_LOW_END and count[1] above. Returns how far RAM is
 * reached: reach, or the first address a range could not be mapped at for
 * want of a table.
 */
u64 arm64_boot_map_usable(const struct boot_map *m, u64 va_base, const struct mem_range *usable,
			  unsigned int nr, u64 reach, u64 attrs,
			  struct boot_map_count count[BOOT_MAP_HALVES]);

#endif
