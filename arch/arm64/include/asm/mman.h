/* SPDX-License-Identifier: MIT */
/* arm64 mmap details generic code asks for. */
#ifndef ASM_MMAN_H
#define ASM_MMAN_H

/* Flags every file mmap accepts besides the generic ones (Linux's LEGACY_MAP_MASK): none. */
#define ARCH_LEGACY_MAP_FLAGS 0

/*
 * PROT_BTI (bti.c): the extra protection bits mmap and mprotect keep in an
 * area's rights (PROT_BTI where the CPU has FEAT_BTI, else none: Linux's
 * arch_calc_vm_prot_bits()), and the bits mprotect accepts besides the
 * generic ones (Linux's arch_validate_prot(): PROT_BTI only with BTI).
 */
unsigned int arch_vm_prot_bits(unsigned long prot);
unsigned long arch_prot_supported(void);

#endif
