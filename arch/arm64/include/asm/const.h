/* SPDX-License-Identifier: MIT */
/* Constants shared by C and assembly: UL(x) is x in asm, x##ul in C. */
#ifndef ASM_CONST_H
#define ASM_CONST_H

#ifdef __ASSEMBLER__
#define UL(x) x
#else
#define UL(x) x##ul
#endif

#endif
