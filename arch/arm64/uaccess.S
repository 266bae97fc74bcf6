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
 * Eight bytes at a time (LDTR/STTR, 64-bit) while eight remain, then one.
 * The fix-up table (section .extable) says where a fault on memory that
 * cannot be paged in resumes (trap_dispatch): a word access falls back to
 * the byte loop, which copies up to the exact faulting byte; a byte access
 * ends the copy at copy_done, where x2 still counts the bytes left. So the
 * count returned is exact, word loop or not. Unaligned LDTR/STTR are fine
 * on Normal memory with SCTLR_EL1.A = 0 (Arm ARM B2.5.2).
 */
#include <asm/page.h>

	.text
	.globl arch_copy_user
arch_copy_user:
	mov	x3, #TASK_SIZE
	cmp	x0, x3
	b.hs	from_user		/* dst is the kernel's: src is the user's */
to_user:
	cmp	x2, #8
	b.lo	to_user_bytes
	ldr	x4, [x1]
copy_store_word:
	sttr	x4, [x0]
	add	x0, x0, #8
	add	x1, x1, #8
	sub	x2, x2, #8
	b	to_user
to_user_bytes:
	cbz	x2, copy_done
	ldrb	w4, [x1]
copy_store:
	sttrb	w4, [x0]
	add	x0, x0, #1
	add	x1, x1, #1
	sub	x2, x2, #1
	b	to_user_bytes
from_user:
	cmp	x2, #8
	b.lo	from_user_bytes
copy_load_word:
	ldtr	x4, [x1]
	str	x4, [x0]
	add	x0, x0, #8
	add	x1, x1, #8
	sub	x2, x2, #8
	b	from_user
from_user_bytes:
	cbz	x2, copy_done
copy_load:
	ldtrb	w4, [x1]
	strb	w4, [x0]
	add	x0, x0, #1
	add	x1, x1, #1
	sub	x2, x2, #1
	b	from_user_bytes
copy_done:
	mov	x0, x2
	ret

	.section .extable, "a"
	.balign 8
	.quad copy_store_word, to_user_bytes
	.quad copy_store, copy_done
	.quad copy_load_word, from_user_bytes
	.quad copy_load, copy_done
