/* SPDX-License-Identifier: MIT */
/*
 * Host stand-in for the arch's <asm/page.h>, so <kernel/kmem.h> compiles in
 * the unit tests. On the host there is no direct map: physical and virtual
 * addresses are the same. TASK_SIZE is the real x86_64 value, so
 * <kernel/uaccess.h>'s access_ok() draws the user/kernel line where the
 * kernel does (test_clone_args.c relies on it).
 */
#ifndef ASM_PAGE_H
#define ASM_PAGE_H

#define PAGE_SHIFT 12
#define PAGE_SIZE (1ul << PAGE_SHIFT)

/* User space: the lower canonical half, less its last page (as the x86_64 <asm/page.h>). */
#define TASK_SIZE 0x00007ffffffff000ul

#include <kernel/types.h>

static inline void *phys_to_virt(phys_addr_t p)
{
	return (void *)(uintptr_t)p;
}

static inline phys_addr_t virt_to_phys(const void *v)
{
	return (phys_addr_t)(uintptr_t)v;
}

#endif
