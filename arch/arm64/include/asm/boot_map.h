/* SPDX-License-Identifier: MIT */
/*
 * Editing a live set of translation tables one 4 KiB page at a time
 * (boot_map.c): what the kernel needs before arch_mm_init() that the boot
 * map of boot/arm64/head.S does not give -- firmware tables above 4 GiB,
 * a UART anywhere -- or gives with the wrong memory type (a device inside
 * one of its cacheable 1 GiB blocks). Pure table logic; the caller says
 * how tables are reached and allocated and how the TLB is told.
 */
#ifndef ASM_BOOT_MAP_H
#define ASM_BOOT_MAP_H

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

#endif
