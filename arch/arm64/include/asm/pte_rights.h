/* SPDX-License-Identifier: MIT */
/* What a translation-table leaf lets EL1 and EL0 do (arch/arm64/pte_rights.c). */
#ifndef ASM_PTE_RIGHTS_H
#define ASM_PTE_RIGHTS_H

#include <kernel/types.h>

struct pte_rights {
	unsigned int el1; /* KPROT_READ | KPROT_WRITE | KPROT_EXEC */
	unsigned int el0;
};

/*
 * The rights of the valid leaf e: Direct permissions (AP, PXN, UXN), or
 * with pie the codes PIR_EL1 / PIRE0_EL1 give its S1PIE index.
 */
struct pte_rights arm64_pte_rights(u64 e, bool pie, u64 pir, u64 pire0);

#endif
