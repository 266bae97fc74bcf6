/* SPDX-License-Identifier: MIT */
/*
 * Process entry. The kernel starts _start with rsp pointing at argc, then
 * argv[], NULL, envp[], NULL, auxv pairs, AT_NULL (System V AMD64 ABI
 * §3.4.1, figure 3.9), rsp 16-byte aligned and rbp undefined. We hand that
 * pointer to C; __libc_start never returns.
 */
#include <machine/asm.h>

	.text
ENTRY(_start)
	xor	%ebp, %ebp		/* outermost frame for backtraces */
	mov	%rsp, %rdi		/* __libc_start(initial stack) */
	and	$-16, %rsp		/* the ABI wants 16 at the call */
	call	__libc_start
	ud2
END(_start)

	.section .note.GNU-stack, "", @progbits
	SHSTK_NOTE
