/* SPDX-License-Identifier: MIT */
/* What paging.c shares with the rest of the x86_64 code. */
#ifndef ASM_MMU_H
#define ASM_MMU_H

#include <kernel/types.h>

/* The kernel's own PML4: every address space's kernel half is a copy. */
phys_addr_t x86_kernel_pml4(void);

/* PTE_NX when the CPU has it, else 0 (then the bit is reserved). */
u64 x86_pte_nx(void);
/* The physical address a kernel 4 KiB mapping (not the direct map's large pages) gives virt, or 0. */
phys_addr_t x86_kernel_virt_to_phys(uintptr_t virt);

/*
 * Maps device registers at [phys, phys + len) uncached and writable, at
 * their direct-map address (paging.c). NULL when that cannot be done.
 */
volatile void *x86_map_mmio(phys_addr_t phys, size_t len);

/* The 4 KiB page-table entry mapping virt in the current tables; false if none (or a large page). */
bool x86_kernel_leaf(uintptr_t virt, u64 *entry);
/* Whether [start, end) lies inside one usable RAM range of the boot memory map. */
bool x86_direct_map_is_ram(phys_addr_t start, phys_addr_t end);

#endif
