/* SPDX-License-Identifier: MIT */
/*
 * GDT layout. The user selectors are ordered as SYSRET needs them: from
 * STAR[63:48] = USER_BASE it loads SS = base + 8 and CS = base + 16
 * (Intel SDM vol. 2B, SYSRET).
 */
#ifndef ASM_SEGMENT_H
#define ASM_SEGMENT_H

#define GDT_KERNEL_CODE 1
#define GDT_KERNEL_DATA 2
#define GDT_USER_DATA 3
#define GDT_USER_CODE 4
#define GDT_TSS 5 /* a 16-byte descriptor: slots 5 and 6 */
#define GDT_ENTRIES 7

#define KERNEL_CS (GDT_KERNEL_CODE * 8)
#define KERNEL_DS (GDT_KERNEL_DATA * 8)
#define USER_DS (GDT_USER_DATA * 8 + 3)
#define USER_CS (GDT_USER_CODE * 8 + 3)
#define TSS_SELECTOR (GDT_TSS * 8)

/* Interrupt stack table slots in the TSS (SDM vol. 3A §6.14.5). */
#define IST_DOUBLE_FAULT 1
#define IST_NMI 2
#define IST_MACHINE_CHECK 3
#define IST_DEBUG 4
#define NR_IST_STACKS 4

#endif
