/* SPDX-License-Identifier: MIT */
/*
 * arch_copy_user(dst, src, n): copies between kernel and user memory and
 * returns the number of bytes NOT copied. The side below TASK_SIZE is the
 * user's (access_ok() checked it; kernel addresses are all in TTBR1's
 * half) and is touched only with LDTRB / STTRB, the unprivileged loads and
 * stores (Arm ARM C6.2 "LDTRB", "STTRB"; D8.4.5.2: at EL1 with PSTATE.UAO
 * = 0 they are checked as EL0 accesses). Why these and not a PAN toggle:
 *
 *  - the MMU checks them with EL0's rights: a kernel address that got past
 *    access_ok() faults instead of being read or written, on every CPU,
 *    FEAT_PAN or not (cortex-a72 has none), and a page EL0 may not write
 *    (read-only, GCS) is not written;
 *  - PSTATE.PAN does not affect them (D8.4.5.1), so it stays 1 for the
 *    whole kernel: there is no window with PAN off, not even in a fault
 *    or an interrupt taken in the middle of a copy.
 *
 * PSTATE.UAO would make them privileged: every exception to EL1 clears it
 * (D8.4.5.2) and the kernel never sets it.
 *
 * The two instructions that touch user memory are in the fix-up table
 * (section .extable): when one faults on memory that cannot be paged in,
 * trap_dispatch resumes at copy_done, where x2 still counts the bytes left.
 */
#include <asm/page.h>

	.text
	.globl arch_copy_user
arch_copy_user:
	mov	x3, #TASK_SIZE
	cmp	x0, x3
	b.hs	from_user		/* dst is the kernel's: src is the user's */
	cbz	x2, copy_done
1:	ldrb	w4, [x1], #1		/* to user space */
copy_store:
	sttrb	w4, [x0]
	add	x0, x0, #1
	subs	x2, x2, #1
	b.ne	1b
	b	copy_done
from_user:
	cbz	x2, copy_done
2:
copy_load:
	ldtrb	w4, [x1]
	add	x1, x1, #1
	strb	w4, [x0], #1
	subs	x2, x2, #1
	b.ne	2b
copy_done:
	mov	x0, x2
	ret

	.section .extable, "a"
	.balign 8
	.quad copy_load, copy_done
	.quad copy_store, copy_done
