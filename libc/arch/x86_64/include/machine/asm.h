/* SPDX-License-Identifier: MIT */
/*
 * Helpers for the x86_64 assembly files of libc.
 *
 * SHSTK_NOTE: every object linked into a program must carry a GNU property
 * note with GNU_PROPERTY_X86_FEATURE_1_SHSTK, or the linker drops the
 * shadow-stack marking from the whole executable ("Linux Extensions to
 * gABI", §2.1.1: GNU_PROPERTY_X86_FEATURE_1_AND is the AND over all inputs).
 * The C files get it from -fcf-protection=full; assembly adds it by hand,
 * with GNU_PROPERTY_X86_FEATURE_1_IBT too: ENTRY begins every function
 * with ENDBR64 (a NOP unless IBT is on, SDM vol. 1 §17.3), the landing pad
 * an indirect CALL needs when a thread turns IBT on (docs/ABI.md §4.8).
 */
#ifndef ARCH_ASM_H
#define ARCH_ASM_H

#include <sys/syscall.h> /* __NR_name */

#define NT_GNU_PROPERTY_TYPE_0 5
#define GNU_PROPERTY_X86_FEATURE_1_AND 0xc0000002
#define GNU_PROPERTY_X86_FEATURE_1_IBT 0x1
#define GNU_PROPERTY_X86_FEATURE_1_SHSTK 0x2

/* clang-format off: assembler syntax, not C */
/* The macros below are assembler syntax, not C: keep clang-format out. */
/* clang-format off */
#define SHSTK_NOTE                                                     \
	.pushsection .note.gnu.property, "a";                          \
	.p2align 3;                                                    \
	.long 4;                        /* name size: "GNU\0" */        \
	.long 16;                       /* descriptor size */           \
	.long NT_GNU_PROPERTY_TYPE_0;                                  \
	.asciz "GNU";                                                  \
	.long GNU_PROPERTY_X86_FEATURE_1_AND;                          \
	.long 4;                        /* property data size */        \
	.long GNU_PROPERTY_X86_FEATURE_1_IBT | GNU_PROPERTY_X86_FEATURE_1_SHSTK; \
	.p2align 3;                     /* pad descriptor to 8 */      \
	.popsection

#define ENTRY(name)           \
	.globl name;          \
	.type name, @function; \
	name:                 \
	endbr64

#define END(name) .size name, .- name

/* clang-format on */

#endif
