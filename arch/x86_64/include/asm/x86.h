/* SPDX-License-Identifier: MIT */
/*
 * Control-register and flag bits. Source: Intel SDM vol. 3A §2.5 (control
 * registers), §2.2.1 (EFER), vol. 1 §3.4.3 (RFLAGS).
 */
#ifndef ASM_X86_H
#define ASM_X86_H

#define CR0_PE (1ul << 0)  /* protected mode */
#define CR0_WP (1ul << 16) /* write protect honoured in ring 0 */
#define CR0_PG (1ul << 31) /* paging */

#define CR4_PAE (1ul << 5)
#define CR4_PGE (1ul << 7)
#define CR4_OSFXSR (1ul << 9)
#define CR4_OSXSAVE (1ul << 18)
#define CR4_SMEP (1ul << 20)
#define CR4_SMAP (1ul << 21)
#define CR4_CET (1ul << 23) /* SDM vol. 3A §2.5: control-flow enforcement */

#define MSR_EFER 0xc0000080u
#define EFER_SCE (1ul << 0)  /* syscall/sysret */
#define EFER_LME (1ul << 8)  /* long mode enable */
#define EFER_NXE (1ul << 11) /* execute-disable bit in PTEs */

#define RFLAGS_IF (1ul << 9)

#endif
