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
 * fn(arg) and then exit(2) -- this thread only -- with fn's result. That
 * also keeps it correct with a shadow stack: the child starts on a new,
 * empty one, so a `ret` into a frame it did not enter would raise #CP.
 *
 * long __thread_clone(const struct clone_args *args, int (*fn)(void *), void *arg)
 *
 * The same through the legacy clone(2): x86_64 order flags, new stack top,
 * parent_tid, child_tid, tls (Linux kernel/fork.c, no CLONE_BACKWARDS on
 * x86_64). The kernel sees no stack size.
 */
#include <machine/asm.h>

	.text
ENTRY(__thread_clone3)
	push	%r12
	push	%r13
	mov	%rdx, %r12		/* fn */
	mov	%rcx, %r13		/* arg */
	mov	$__NR_clone3, %eax	/* rdi = args, rsi = size already */
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
	mov	$__NR_exit, %eax
	syscall
	ud2
END(__thread_clone3)

/* struct clone_args offsets (sched.h) */
#define CA_FLAGS 0
#define CA_CHILD_TID 16
#define CA_PARENT_TID 24
#define CA_EXIT_SIGNAL 32
#define CA_STACK 40
#define CA_STACK_SIZE 48
#define CA_TLS 56

ENTRY(__thread_clone)
	push	%r12
	push	%r13
	mov	%rsi, %r12		/* fn */
	mov	%rdx, %r13		/* arg */
	mov	%rdi, %r9		/* args */
	mov	CA_FLAGS(%r9), %rdi
	or	CA_EXIT_SIGNAL(%r9), %rdi
	mov	CA_STACK(%r9), %rsi
	add	CA_STACK_SIZE(%r9), %rsi
	mov	CA_PARENT_TID(%r9), %rdx
	mov	CA_CHILD_TID(%r9), %r10
	mov	CA_TLS(%r9), %r8
	mov	$__NR_clone, %eax
	syscall
	test	%rax, %rax
	jz	1f
	pop	%r13
	pop	%r12
	ret
1:
	xor	%ebp, %ebp
	and	$-16, %rsp
	mov	%r13, %rdi
	call	*%r12
	mov	%eax, %edi
	mov	$__NR_exit, %eax
	syscall
	ud2
END(__thread_clone)

	.section .note.GNU-stack, "", @progbits
	SHSTK_NOTE
