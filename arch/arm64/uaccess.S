/* SPDX-License-Identifier: MIT */
/*
 * arch_copy_user(dst, src, n): copies between kernel and user memory and
 * returns the number of bytes NOT copied. The two instructions that touch
 * memory are in the fix-up table (section .extable): when one faults on
 * memory that cannot be paged in, trap_dispatch resumes at copy_done, where
 * x2 still counts the bytes left.
 *
 * With FEAT_PAN on, EL1 may touch EL0-accessible pages only while
 * PSTATE.PAN = 0 (Arm ARM D8.4.2): the copy clears it and sets it again.
 * A fault in between keeps PAN as it was in SPSR, so the fix-up path finds
 * it still clear and sets it.
 */
#include <asm/sysreg.h>

	.text
	.globl arch_copy_user
arch_copy_user:
	adrp	x3, arm64_pan_enabled
	ldrb	w3, [x3, :lo12:arm64_pan_enabled]
	cbz	w3, 1f
	.inst	INSN_CLEAR_PAN
1:	cbz	x2, copy_done
copy_load:
	ldrb	w4, [x1]
copy_store:
	strb	w4, [x0]
	add	x0, x0, #1
	add	x1, x1, #1
	sub	x2, x2, #1
	b	1b
copy_done:
	cbz	w3, 2f
	.inst	INSN_SET_PAN
2:	mov	x0, x2
	ret

	.section .extable, "a"
	.balign 8
	.quad copy_load, copy_done
	.quad copy_store, copy_done
