/* SPDX-License-Identifier: MIT */
/*
 * long __thread_clone3(struct clone_args *args, size_t size,
 *                      int (*fn)(void *), void *arg)
 *
 * The new thread begins right after the syscall instruction with rax = 0,
 * rsp = args->stack + args->stack_size, and every other register as the
 * parent had it (syscall only clobbers rcx and r11). So fn and arg travel in
 * the callee-saved r12/r13, which the parent restores before returning.
 * The child never returns into C code of the parent's stack: it calls
 * fn(arg) and then exit(2) -- this thread only -- with fn's result.
 */
#include <arch/asm.h>

	.text
ENTRY(__thread_clone3)
	push	%r12
	push	%r13
	mov	%rdx, %r12		/* fn */
	mov	%rcx, %r13		/* arg */
	mov	$NR_clone3, %eax	/* rdi = args, rsi = size already */
	syscall
	test	%rax, %rax
	jz	1f
	pop	%r13			/* parent, or error: back to C */
	pop	%r12
	ret
1:
	xor	%ebp, %ebp		/* child: new stack, no caller frame */
	and	$-16, %rsp
	mov	%r13, %rdi
	call	*%r12
	mov	%eax, %edi
	mov	$NR_exit, %eax
	syscall
	ud2
END(__thread_clone3)

	.section .note.GNU-stack, "", @progbits
	SHSTK_NOTE
