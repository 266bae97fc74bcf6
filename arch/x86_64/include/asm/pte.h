/* SPDX-License-Identifier: MIT */
/*
 * 4-level paging entries (Intel SDM vol. 3A §4.5, tables 4-15 to 4-20). The
 * same bit positions serve PML4E, PDPTE, PDE and PTE; PS only in PDPTE/PDE.
 */
#ifndef ASM_PTE_H
#define ASM_PTE_H

#define PTE_P (1ull << 0)  /* present */
#define PTE_RW (1ull << 1) /* writable */
#define PTE_US (1ull << 2) /* user accessible */
#define PTE_PWT (1ull << 3)
#define PTE_PCD (1ull << 4)
#define PTE_A (1ull << 5)  /* accessed */
#define PTE_D (1ull << 6)  /* dirty (leaf only) */
#define PTE_PS (1ull << 7) /* large page (PDPTE: 1 GiB, PDE: 2 MiB) */
#define PTE_G (1ull << 8)  /* global: survives CR3 loads when CR4.PGE = 1 */
/*
 * Bits 9-11 are ignored by the MMU (SDM vol. 3A table 4-19), ours to use.
 * PTE_SW_PROTNONE marks a not-present entry that still owns its frame: a
 * PROT_NONE page whose contents must survive a later mprotect.
 */
#define PTE_SW_PROTNONE (1ull << 9)
/* Bits 58:52 are ignored too; 58 is where Linux keeps "SavedDirty". */
#define PTE_SW_SAVED_DIRTY (1ull << 58)
#define PTE_NX (1ull << 63) /* execute-disable, needs EFER.NXE */
#define PTE_ADDR_MASK 0x000ffffffffff000ull

#define PT_ENTRIES 512
#define PT_LEVELS 4
#define LARGE_PAGE_SIZE (2ul << 20)

/* Index of virt in the table at level (4 = PML4 ... 1 = page table). */
#define PT_INDEX(virt, level) (((virt) >> (12 + 9 * ((level)-1))) & 0x1ff)

#endif
