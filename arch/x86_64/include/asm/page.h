/* SPDX-License-Identifier: MIT */
/*
 * x86_64 memory layout (4-level paging, 48-bit virtual addresses):
 *
 *   0x0000000000000000 - 0x00007ffffffff000  user space (TASK_SIZE)
 *   0xffff800000000000 - ...                 direct map of all physical RAM
 *   0xffffc00000000000 - +1 GiB              guarded kernel stacks
 *   0xffffffff80000000 - ...                 the kernel image (-mcmodel=kernel)
 *
 * The boot trampoline maps only the image (where it was loaded, at the
 * kernel image window, and identity); early_map.c builds the direct map's
 * half from the memory map: the boot information, then the usable RAM up
 * to 512 GiB and nothing else. RAM below EARLY_MAPPED_LIMIT is reachable
 * through phys_to_virt() before arch_mm_init() builds the final tables.
 */
#ifndef ASM_PAGE_H
#define ASM_PAGE_H

#define PAGE_SHIFT 12
#define PAGE_SIZE (1ul << PAGE_SHIFT)

/* User space: the lower canonical half, less its last page (as Linux). */
#define TASK_SIZE 0x00007ffffffff000ul

#define KERNEL_VMA 0xffffffff80000000ul
#define DIRECT_MAP_BASE 0xffff800000000000ul
#define KSTACK_AREA_BASE 0xffffc00000000000ul
#define KSTACK_AREA_SIZE (1ul << 30)
#define EARLY_MAPPED_LIMIT x86_early_mapped_limit()

#ifndef __ASSEMBLER__
#include <kernel/types.h>

/* 0, then up to 512 GiB once early_map.c has mapped the RAM. */
phys_addr_t x86_early_mapped_limit(void);

/*
 * Where the boot loader put the image minus where it is linked: a multiple
 * of 2 MiB, 0 when it is where the linker script says (start.S measures
 * it, start.c keeps it before anything else runs).
 */
extern phys_addr_t x86_kernel_load_offset;

/* The direct-map address of a physical address. */
static inline void *phys_to_virt(phys_addr_t p)
{
	return (void *)(p + DIRECT_MAP_BASE);
}

/* The physical address of a direct-map (not image, not stack) address. */
static inline phys_addr_t virt_to_phys(const void *v)
{
	return (phys_addr_t)((uintptr_t)v - DIRECT_MAP_BASE);
}

/* The physical address of a symbol in the kernel image, where it was loaded. */
static inline phys_addr_t kernel_image_to_phys(const void *v)
{
	return (phys_addr_t)((uintptr_t)v - KERNEL_VMA) + x86_kernel_load_offset;
}
#endif

#endif
