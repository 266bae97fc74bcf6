/* SPDX-License-Identifier: MIT */
/*
 * pid_t vfork(void)
 *
 * The child runs on the parent's stack while the parent is suspended, so
 * nothing the child does may leave a frame of ours that the parent would
 * later return through. We take the return address off the stack into rdx
 * (kept by syscall), make the call, put it back and tail-jump to the C
 * errno helper -- the same sequence serves child and parent. With a shadow
 * stack, the shadow copy of the return address was never popped, so the
 * final ret matches it.
 */
#include <arch/asm.h>

	.text
ENTRY(vfork)
	pop	%rdx
	mov	$NR_vfork, %eax
	syscall
	push	%rdx
	mov	%rax, %rdi
	jmp	__syscall_ret
END(vfork)

	.section .note.GNU-stack, "", @progbits
	SHSTK_NOTE
