/* SPDX-License-Identifier: MIT */
/*
 * arm64's own mmap()/mprotect() protection bit, Linux's value
 * (arch/arm64/include/uapi/asm/mman.h): PROT_BTI maps the pages guarded
 * (Arm ARM D8.3, the GP bit of a stage 1 leaf), so an indirect branch into
 * them must land on a BTI or PACIxSP (docs/ABI.md §5.11).
 */
#ifndef UAPI_ASM_ARM64_MMAN_H
#define UAPI_ASM_ARM64_MMAN_H

#define PROT_BTI 0x10

#endif
