/* SPDX-License-Identifier: MIT */
/*
 * Helpers for the arm64 assembly files of libc.
 *
 * No GNU property note here: Linux enables GCS per thread through prctl,
 * not from an ELF marking, so unlike x86_64 (SHSTK_NOTE) nothing has to be
 * ANDed across the objects of a program.
 */
#ifndef ARCH_ASM_H
#define ARCH_ASM_H

#include <sys/syscall.h> /* __NR_name */

/* The macros below are assembler syntax, not C: keep clang-format out. */
/* clang-format off */
#define ENTRY(name)             \
	.globl name;            \
	.type name, %function;  \
	.p2align 2;             \
	name:

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
