/* SPDX-License-Identifier: MIT */
/* The Page Attribute Table (pat.c; Intel SDM vol. 3A §13.12). */
#ifndef ASM_PAT_H
#define ASM_PAT_H

#include <kernel/types.h>

#define MSR_IA32_PAT 0x277u
/* Memory types (SDM vol. 3A table 13-10). */
#define PAT_UC 0x0ull
#define PAT_WC 0x1ull
#define PAT_WT 0x4ull
#define PAT_WP 0x5ull
#define PAT_WB 0x6ull
#define PAT_UC_MINUS 0x7ull
#define PAT_ENTRY(i, type) ((type) << (8 * (i)))
/* WB, WC, UC-, UC, WB, WP, UC-, WT: entry 1 (a page with PWT alone) is write-combining. */
#define PAT_LINUX_LAYOUT                                                            \
	(PAT_ENTRY(0, PAT_WB) | PAT_ENTRY(1, PAT_WC) | PAT_ENTRY(2, PAT_UC_MINUS) | \
	 PAT_ENTRY(3, PAT_UC) | PAT_ENTRY(4, PAT_WB) | PAT_ENTRY(5, PAT_WP) |       \
	 PAT_ENTRY(6, PAT_UC_MINUS) | PAT_ENTRY(7, PAT_WT))

/* Whether IA32_PAT holds PAT_LINUX_LAYOUT: KPROT_WC pages are then write-combining. */
extern bool x86_pat_wc;

/* Programs this CPU's IA32_PAT (when CPUID has PAT). Before any KPROT_WC mapping. */
void x86_pat_init(void);

#endif
