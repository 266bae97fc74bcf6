/* SPDX-License-Identifier: MIT */
/*
 * pid_t vfork(void)
 *
 * The child runs on the parent's stack while the parent is suspended, so
 * nothing the child does may leave a frame of ours that the parent would
 * later return through. We take the return address off the stack into rdx
 * (kept by syscall) and make the call.
 *
 * The child, and the parent when the call failed (no child ran), put the
 * return address back and tail-jump to the C errno helper, whose `ret`
 * matches the shadow-stack entry our caller's `call` pushed.
 *
 * The parent of a child that ran must not `ret`: with shadow stacks on, the
 * child shares the parent's shadow stack (docs/ABI.md §3.1, CLONE_VFORK) and its
 * own calls after returning from vfork overwrote that very entry. So when
 * RDSSP says shadow stacks are on (it leaves its operand unchanged when they
 * are off, Intel SDM vol. 1 §17.3), the parent drops the entry with INCSSP
 * and jumps to the return address; the normal stack was never touched.
 * That jump is NOTRACK: the return site holds no ENDBR64, and with IBT on
 * (docs/ABI.md §4.8) IA32_U_CET.NO_TRACK_EN lets NOTRACK jumps skip the
 * check (SDM vol. 1 §17.3.1).
 */
#include <machine/asm.h>

	.text
ENTRY(vfork)
	pop	%rdx
	mov	$__NR_vfork, %eax
	syscall
	test	%rax, %rax
	jle	1f			/* child (0) or error (< 0) */
	xor	%ecx, %ecx
	rdsspq	%rcx
	test	%rcx, %rcx
	jz	1f			/* no shadow stack: ret is fine */
	mov	$1, %ecx
	incsspq	%rcx			/* drop the entry the child may have reused */
	notrack jmp *%rdx		/* to our caller's return site, no ENDBR64 there (IBT) */
1:
	push	%rdx
	mov	%rax, %rdi
	jmp	__syscall_ret
END(vfork)

	.section .note.GNU-stack, "", @progbits
	SHSTK_NOTE
