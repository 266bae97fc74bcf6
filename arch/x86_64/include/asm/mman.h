/* SPDX-License-Identifier: MIT */
/* x86_64 mmap details generic code asks for. */
#ifndef ASM_MMAN_H
#define ASM_MMAN_H

#define MAP_32BIT 0x40 /* x86_64 only: map in the low 2 GiB */
/* Flags every file mmap accepts besides the generic ones (Linux's LEGACY_MAP_MASK). */
#define ARCH_LEGACY_MAP_FLAGS MAP_32BIT

/* No protection bits of x86_64's own (arm64 has PROT_BTI): see arm64's asm/mman.h. */
static inline unsigned int arch_vm_prot_bits(unsigned long prot)
{
	(void)prot;
	return 0;
}

static inline unsigned long arch_prot_supported(void)
{
	return 0;
}

#endif
