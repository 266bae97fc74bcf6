/* SPDX-License-Identifier: MIT */
/*
 * memcpy and memset for the kernel and libc alike (the kernel builds this
 * file too, with -mgeneral-regs-only: no SIMD registers). memcpy moves
 * four LDP/STP pairs an iteration while 64 bytes remain, then sixteen bytes
 * per pair, then the last 0-15 in at most four moves (8, 4, 2, 1 bytes);
 * memset sixteen bytes per STP, and its tail the same way. Memory
 * of Normal type allows unaligned LDP/STP (Arm ARM B2.5.2, "Alignment of
 * data accesses"), so no alignment prologue is needed for correctness.
 *
 * memset of zero over whole cache-line blocks uses DC ZVA, which zeroes one
 * block of 4 << DCZID_EL0.BS bytes (Arm ARM D7.5.5 / DCZID_EL0), when
 * DCZID_EL0.DZP says it is permitted here (EL0 needs SCTLR_EL1.DZE).
 */
#include <machine/asm.h>

	.text
/* void *memcpy(void *dst, const void *src, size_t n) */
ENTRY(memcpy)
	mov	x3, x0
	/* Sixty-four bytes an iteration while they last (a page is 64 of them). */
4:	cmp	x2, #64
	b.lo	1f
	ldp	x4, x5, [x1]
	ldp	x6, x7, [x1, #16]
	ldp	x8, x9, [x1, #32]
	ldp	x10, x11, [x1, #48]
	add	x1, x1, #64
	stp	x4, x5, [x3]
	stp	x6, x7, [x3, #16]
	stp	x8, x9, [x3, #32]
	stp	x10, x11, [x3, #48]
	add	x3, x3, #64
	sub	x2, x2, #64
	b	4b
1:	cmp	x2, #16
	b.lo	2f
	ldp	x4, x5, [x1], #16
	stp	x4, x5, [x3], #16
	sub	x2, x2, #16
	b	1b
	/* Under sixteen left: eight, four, two and one, as the bits of n say. */
2:	tbz	x2, #3, 5f
	ldr	x4, [x1], #8
	str	x4, [x3], #8
5:	tbz	x2, #2, 6f
	ldr	w4, [x1], #4
	str	w4, [x3], #4
6:	tbz	x2, #1, 7f
	ldrh	w4, [x1], #2
	strh	w4, [x3], #2
7:	tbz	x2, #0, 3f
	ldrb	w4, [x1]
	strb	w4, [x3]
3:	ret
END(memcpy)

/* void *memset(void *dst, int c, size_t n) */
ENTRY(memset)
	mov	x3, x0
	and	x4, x1, #0xff
	mov	x5, #0x0101010101010101
	mul	x4, x4, x5		/* the byte in every byte of x4 */
	cbnz	x4, 1f
	/* Zero: DC ZVA whole blocks between the aligned ends, if allowed. */
	mrs	x6, dczid_el0
	tbnz	x6, #4, 1f		/* DZP: DC ZVA prohibited */
	and	x6, x6, #0xf
	mov	x7, #4
	lsl	x7, x7, x6		/* block size in bytes */
	add	x8, x7, x7
	cmp	x2, x8
	b.lo	1f			/* under two blocks: not worth it */
	cmp	x2, #64
	b.lo	1f			/* nor under 64 bytes, which the head's STPs may need */
	sub	x8, x7, #1
	lsl	x9, x7, #2		/* four blocks */
	/*
	 * Up to the first block boundary: sixteen bytes per STP, the last
	 * one reaching at most 15 bytes past it into the first block, zeroed
	 * again there (n is at least 64 bytes and two blocks: all dst's).
	 */
	add	x10, x3, x8
	bic	x10, x10, x8		/* the boundary */
	sub	x2, x2, x10
	add	x2, x2, x3		/* n less the bytes below it */
4:	cmp	x3, x10
	b.hs	8f
	stp	xzr, xzr, [x3], #16
	b	4b
8:	mov	x3, x10
	/* Four blocks an iteration while four remain, then one at a time. */
6:	cmp	x2, x9
	b.lo	5f
	dc	zva, x3
	add	x3, x3, x7
	dc	zva, x3
	add	x3, x3, x7
	dc	zva, x3
	add	x3, x3, x7
	dc	zva, x3
	add	x3, x3, x7
	sub	x2, x2, x9
	b	6b
5:	cmp	x2, x7
	b.lo	1f
	dc	zva, x3
	add	x3, x3, x7
	sub	x2, x2, x7
	b	5b
1:	cmp	x2, #16
	b.lo	2f
	stp	x4, x4, [x3], #16
	sub	x2, x2, #16
	b	1b
	/* Under sixteen left: eight, four, two and one, as the bits of n say. */
2:	tbz	x2, #3, 10f
	str	x4, [x3], #8
10:	tbz	x2, #2, 11f
	str	w4, [x3], #4
11:	tbz	x2, #1, 12f
	strh	w4, [x3], #2
12:	tbz	x2, #0, 3f
	strb	w4, [x3]
3:	ret
END(memset)

	.section .note.GNU-stack, "", @progbits
	BTI_NOTE
