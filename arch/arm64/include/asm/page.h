/* SPDX-License-Identifier: MIT */
/*
 * arm64 memory layout: 4 KiB granule, 48-bit virtual addresses, four
 * levels (Arm ARM D8.2), TTBR0 for the user half and TTBR1 for the kernel:
 *
 *   0x0000000000000000 - 0x0000ffffffffffff  user space (TTBR0)
 *   0xffff000000000000 - ...                 direct map of physical memory
 *   0xffff800000000000 - +1 GiB              guarded kernel stacks
 *   0xffffffff80000000 - ...                 the kernel image
 *
 * The Image may be loaded at any 2 MiB-aligned physical address, so the
 * image's physical base is a variable the boot code sets. The boot tables
 * map only the image; C adds firmware tables and device registers page by
 * page and then the memory map's usable RAM, up to 512 GiB, at the direct
 * map (early_map.c). Usable RAM below EARLY_MAPPED_LIMIT is reachable
 * through phys_to_virt() before arch_mm_init() builds the final tables.
 */
#ifndef ASM_PAGE_H
#define ASM_PAGE_H

#include <asm/const.h>

#define PAGE_SHIFT 12
#define PAGE_SIZE (UL(1) << PAGE_SHIFT)

/* User space: all of TTBR0's 48 bits, as Linux (TASK_SIZE_64 = 1 << VA_BITS). */
#define TASK_SIZE UL(0x0001000000000000)

#define DIRECT_MAP_BASE UL(0xffff000000000000)
#define KSTACK_AREA_BASE UL(0xffff800000000000)
#define KSTACK_AREA_SIZE (UL(1) << 30)
/* KSTACK_AREA_BASE >> 30, for entry.S (gas shifts are signed); checked in traps.c. */
#define KSTACK_AREA_GIB UL(0x3fffe0000)
#define KERNEL_VMA UL(0xffffffff80000000)

#ifndef __ASSEMBLER__
#include <kernel/types.h>

#define EARLY_MAPPED_LIMIT arm64_early_mapped_limit()

/* 0, then 512 GiB once early_map.c has mapped the RAM (less if it ran out of tables). */
phys_addr_t arm64_early_mapped_limit(void);

/* Where the Image was loaded: set once by boot/arm64/head.S. */
extern phys_addr_t arm64_kernel_phys_base;

static inline void *phys_to_virt(phys_addr_t p)
{
	return (void *)(p + DIRECT_MAP_BASE);
}

static inline phys_addr_t virt_to_phys(const void *v)
{
	return (phys_addr_t)((uintptr_t)v - DIRECT_MAP_BASE);
}

static inline phys_addr_t kernel_image_to_phys(const void *v)
{
	return (phys_addr_t)((uintptr_t)v - KERNEL_VMA) + arm64_kernel_phys_base;
}
#endif

#endif
