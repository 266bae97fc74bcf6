/* SPDX-License-Identifier: MIT */
/*
 * One entry stub per vector, each padded to TRAP_STUB_SIZE bytes so idt.c
 * finds stub N at trap_stubs + N * TRAP_STUB_SIZE. A stub pushes a zero
 * where the CPU pushes no error code (SDM vol. 3A §6.13: vectors 8, 10-14,
 * 17, 21, 29, 30 have one), then its vector, and joins trap_common, which
 * builds a struct trap_frame and calls trap_dispatch().
 */
#include <asm/trap.h>

	.text
	.balign TRAP_STUB_SIZE
	.globl trap_stubs
trap_stubs:
	.set vec, 0
	.rept NR_VECTORS
	.balign TRAP_STUB_SIZE
	.if !(vec == 8 || (vec >= 10 && vec <= 14) || vec == 17 || vec == 21 || vec == 29 || vec == 30)
	pushq $0
	.endif
	pushq $vec
	jmp trap_common
	.set vec, vec + 1
	.endr

trap_common:
	pushq %rax
	pushq %rbx
	pushq %rcx
	pushq %rdx
	pushq %rsi
	pushq %rdi
	pushq %rbp
	pushq %r8
	pushq %r9
	pushq %r10
	pushq %r11
	pushq %r12
	pushq %r13
	pushq %r14
	pushq %r15
	cld
	/* The CPU aligned RSP to 16 before its pushes; 22 qwords keep it so. */
	movq %rsp, %rdi
	call trap_dispatch
	popq %r15
	popq %r14
	popq %r13
	popq %r12
	popq %r11
	popq %r10
	popq %r9
	popq %r8
	popq %rbp
	popq %rdi
	popq %rsi
	popq %rdx
	popq %rcx
	popq %rbx
	popq %rax
	addq $16, %rsp			/* vector and error code */
	iretq

/* arch_call_on_stack(stack_top, fn, arg): never returns. */
	.globl arch_call_on_stack
arch_call_on_stack:
	movq %rdi, %rsp
	xorl %ebp, %ebp			/* the new stack's backtrace ends here */
	movq %rdx, %rdi
	call *%rsi
	ud2
