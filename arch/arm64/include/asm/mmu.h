/* SPDX-License-Identifier: MIT */
/* What mmu.c shares with the rest of the arm64 code. */
#ifndef ASM_MMU_H
#define ASM_MMU_H

#include <asm/pte_rights.h>
#include <kernel/types.h>

/* TTBR0's table when no user address space is active: all entries invalid. */
phys_addr_t arm64_empty_pgd(void);

/* TLB maintenance (Arm ARM D8.13): one page of every ASID, or everything. */
void arm64_flush_page(uintptr_t va);
void arm64_flush_all(void);

/*
 * Calls fn for every valid leaf (page or block) of the tables at root --
 * TTBR1's half when upper, TTBR0's otherwise -- with its first virtual
 * address and size. For self-tests: the tables must not change meanwhile.
 */
typedef void (*arm64_leaf_fn)(uintptr_t va, size_t size, u64 leaf, void *ctx);
void arm64_for_each_leaf(phys_addr_t root, bool upper, arm64_leaf_fn fn, void *ctx);

/* What a live leaf lets EL1 and EL0 do (pte_rights.c with the live PIR registers). */
struct pte_rights arm64_leaf_rights(u64 leaf);

/*
 * S1PIE (mmu_pie.c): arm64_pie_init() is called by arch_mm_init() once the
 * final kernel tables are live, and sets arm64_pie_enabled when the PIE
 * indices rule; a secondary CPU loads the same tables with
 * arm64_pie_init_secondary(), which returns 0, or -1/-2 when PIRE0_EL1/PIR_EL1
 * did not take the value.
 */
void arm64_pie_init(void);
int arm64_pie_init_secondary(void);
extern bool arm64_pie_enabled;
extern const u64 arm64_pire0_value, arm64_pir_value;

/*
 * GCS (gcs.c): called right after arm64_pie_init(). Sets arm64_gcs_enabled
 * when user GCS is usable (hardware, S1PIE, no gcs=off).
 */
void arm64_gcs_init(void);
extern bool arm64_gcs_enabled;

#endif
