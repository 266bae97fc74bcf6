/* SPDX-License-Identifier: MIT */
/*
 * VMSAv8-64 translation table descriptors, 4 KiB granule (Arm ARM D8.3):
 * the same layout at every level, bit 1 telling a table (levels 0-2) or a
 * page (level 3) from a block (levels 1-2).
 */
#ifndef ASM_PTE_H
#define ASM_PTE_H

#include <asm/const.h>

#define PTE_VALID (UL(1) << 0)
#define PTE_TABLE (UL(1) << 1) /* table at L0-L2, page at L3; 0 = block */
#define PTE_PAGE PTE_TABLE
#define PTE_ATTR(idx) ((UL(0) + (idx)) << 2) /* MAIR_EL1 index */
#define PTE_USER (UL(1) << 6)		     /* AP[1]: EL0 access */
#define PTE_RDONLY (UL(1) << 7)		     /* AP[2]: read-only */
#define PTE_SH_INNER (UL(3) << 8)
#define PTE_AF (UL(1) << 10)  /* access flag: 0 faults (no FEAT_HAFDBS use) */
#define PTE_NG (UL(1) << 11)  /* not global: tagged by ASID */
#define PTE_DBM (UL(1) << 51) /* under S1PIE: PIIndex bit 1 (Linux's PTE_WRITE) */
/*
 * Every writable leaf carries PTE_WRITE: under S1PIE it selects a writable
 * permission index; without S1PIE it is DBM, which does nothing while
 * TCR_EL1.HD = 0 (Arm ARM D8.4.6), so the same leaves serve both.
 */
#define PTE_WRITE PTE_DBM
/* GP (FEAT_BTI): a guarded page, indirect branches must land on BTI (Arm ARM D8.3, D8.4.6). */
#define PTE_GP (UL(1) << 50)
#define PTE_PXN (UL(1) << 53) /* no execution at EL1 */
#define PTE_UXN (UL(1) << 54) /* no execution at EL0 */
/* Bits 58:55 are ignored by the MMU (D8.3.2): ours. */
#define PTE_SW_PROTNONE (UL(1) << 55) /* a PROT_NONE page: invalid, still owns its frame */

/*
 * The S1PIE index of a leaf, UXN:PXN:WRITE:USER (Arm ARM D8.4), and the
 * index of every kind of leaf this port makes (gcs.c gives each its rights
 * in PIRE0_EL1 / PIR_EL1):
 *   0x8 kernel text (RX)          0xa kernel RWX (nothing uses it)
 *   0xc kernel read-only          0xe kernel data, direct map, devices (RW)
 *   0x5 user RX    0x7 user RWX   0xd user R     0xf user RW
 *   0xb user GCS (UXN | WRITE | USER, no PXN)    0x9 user GCS read-only
 *   0x6 kernel GCS (PXN | WRITE: kernel_gcs.c; made only with S1PIE on)
 */
#define PTE_PIE_INDEX(e)                                                            \
	((((e) >> 54) & 1) << 3 | (((e) >> 53) & 1) << 2 | (((e) >> 51) & 1) << 1 | \
	 (((e) >> 6) & 1))
#define PTE_USER_GCS (PTE_UXN | PTE_WRITE | PTE_USER) /* index 0xb */
#define PTE_KERNEL_GCS (PTE_PXN | PTE_WRITE)	      /* index 0x6 */

#define PTE_ADDR_MASK UL(0x0000fffffffff000)

#define PT_ENTRIES 512
#define PT_LEVELS 4
#define BLOCK_SIZE_L2 (UL(2) << 20)
#define BLOCK_SIZE_L1 (UL(1) << 30)

/* Index of va in the table at level (0 = top ... 3 = last), Arm ARM D8.2.6. */
#define PT_INDEX(va, level) (((va) >> (39 - 9 * (level))) & 0x1ff)

#endif
