/* SPDX-License-Identifier: MIT */
/*
 * Helpers for the arm64 assembly files of libc.
 *
 * BTI_NOTE: GCS needs no ELF marking (Linux enables it per thread through
 * prctl), but BTI does: the linker keeps GNU_PROPERTY_AARCH64_FEATURE_1_BTI
 * in a program only when every object has it (the "feature 1 AND" rule of
 * the AArch64 ELF ABI), and the kernel then maps the program's code
 * guarded (docs/ABI.md §5.11). The C files get it from
 * -mbranch-protection=standard (BTI and PAC); assembly adds it by hand, and
 * ENTRY begins every function with BTI c (HINT #34, a NOP without
 * FEAT_BTI or outside a guarded page), the landing pad a BLR needs.
 */
#ifndef ARCH_ASM_H
#define ARCH_ASM_H

#include <sys/syscall.h>    /* __NR_name */
#include <uapi/linux/elf.h> /* NT_GNU_PROPERTY_TYPE_0, GNU_PROPERTY_AARCH64_* */

/* The macros below are assembler syntax, not C: keep clang-format out. */
/* clang-format off */
#define ENTRY(name)             \
	.globl name;            \
	.type name, %function;  \
	.p2align 2;             \
	name:                   \
	hint #34 /* BTI c */

#define BTI_NOTE                                                       \
	.pushsection .note.gnu.property, "a";                          \
	.p2align 3;                                                    \
	.long 4;                        /* name size: "GNU\0" */        \
	.long 16;                       /* descriptor size */           \
	.long NT_GNU_PROPERTY_TYPE_0;                                  \
	.asciz "GNU";                                                  \
	.long GNU_PROPERTY_AARCH64_FEATURE_1_AND;                      \
	.long 4;                        /* property data size */        \
	.long GNU_PROPERTY_AARCH64_FEATURE_1_BTI | GNU_PROPERTY_AARCH64_FEATURE_1_PAC; \
	.p2align 3;                     /* pad descriptor to 8 */      \
	.popsection

#define END(name) .size name, .- name

/*
 * CHKFEAT X16 (a HINT, so a NOP on cores without FEAT_CHK): clears bit 0 of
 * x16 when GCS is enabled for the current EL (Arm ARM, C6.2 CHKFEAT).
 */
#define CHKFEAT_X16 hint #40

/*
 * GCSPOPM Xt: pops the newest GCS entry into Xt without comparing it to a
 * return address. binutils 2.40 has no mnemonic; this is the SYSL form
 * (#3, C7, C7, #1) the Arm ARM gives as its alias (docs/ABI.md §5.8).
 */
#define GCSPOPM(xt) sysl xt, #3, c7, c7, #1

/* clang-format on */

#endif
