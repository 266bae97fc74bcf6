/* SPDX-License-Identifier: MIT */
/*
 * The EFI stub's two pieces of assembly (arch/arm64/efi_stub.c): cache
 * maintenance by address, and the jump from the firmware's world (MMU on,
 * identity map, EL1 or EL2) into the Image's entry the way a Linux loader
 * enters it (MMU and caches off, interrupts masked, x0 = DTB, x1 = the
 * handoff; Documentation/arch/arm64/booting.rst).
 */
#include <asm/sysreg.h>

/* CTR_EL0.DminLine, bits 19:16: log2 of the smallest data cache line in words (Arm ARM D19.2). */
#define CTR_DMINLINE_SHIFT 16
#define SCTLR_MMU_CACHES (SCTLR_M | SCTLR_C | SCTLR_I)

	.text

/*
 * void arm64_efi_clean_inval_poc(uintptr_t start, size_t len): cleans and
 * invalidates [start, start + len) to the Point of Coherency (DC CIVAC),
 * so what was written through the caches is in memory for accesses with
 * the MMU off, and no stale line shadows what is written then (Arm ARM
 * D7.5, cache maintenance by VA).
 */
	.globl arm64_efi_clean_inval_poc
arm64_efi_clean_inval_poc:
	mrs	x3, ctr_el0
	ubfx	x3, x3, #CTR_DMINLINE_SHIFT, #4
	mov	x2, #4
	lsl	x2, x2, x3			/* line size in bytes */
	add	x1, x0, x1			/* end */
	sub	x3, x2, #1
	bic	x0, x0, x3			/* align start down to a line */
1:	cmp	x0, x1
	b.hs	2f
	dc	civac, x0
	add	x0, x0, x2
	b	1b
2:	dsb	sy
	ret

/*
 * __noreturn void arm64_efi_enter(u64 entry, u64 dtb, u64 handoff): runs
 * from the kernel's relocated copy (cleaned to PoC), after
 * ExitBootServices. Turns the MMU and caches off at the current EL (the
 * identity map keeps the next instruction where it is), discards the
 * instruction cache, and branches to entry with x0 = dtb, x1 = handoff,
 * x2 = x3 = 0.
 */
	.globl arm64_efi_enter
arm64_efi_enter:
	msr	daifset, #0xf
	mov	x6, #SCTLR_MMU_CACHES
	mrs	x4, CurrentEL
	cmp	x4, #CURRENTEL_EL2
	b.ne	1f
	mrs	x4, sctlr_el2
	bic	x4, x4, x6
	msr	sctlr_el2, x4
	b	2f
1:	mrs	x4, sctlr_el1
	bic	x4, x4, x6
	msr	sctlr_el1, x4
2:	isb
	ic	iallu
	dsb	nsh
	isb
	mov	x5, x0
	mov	x0, x1
	mov	x1, x2
	mov	x2, xzr
	mov	x3, xzr
	br	x5
