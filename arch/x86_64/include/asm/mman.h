/* SPDX-License-Identifier: MIT */
/* x86_64 mmap details generic code asks for. */
#ifndef ASM_MMAN_H
#define ASM_MMAN_H

#define MAP_32BIT 0x40 /* x86_64 only: map in the low 2 GiB */
/* Flags every file mmap accepts besides the generic ones (Linux's LEGACY_MAP_MASK). */
#define ARCH_LEGACY_MAP_FLAGS MAP_32BIT

#endif
