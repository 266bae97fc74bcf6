/* SPDX-License-Identifier: MIT */
/* arm64 mmap details generic code asks for. */
#ifndef ASM_MMAN_H
#define ASM_MMAN_H

/* Flags every file mmap accepts besides the generic ones (Linux's LEGACY_MAP_MASK): none. */
#define ARCH_LEGACY_MAP_FLAGS 0

#endif
