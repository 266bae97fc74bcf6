/* SPDX-License-Identifier: MIT */
/*
 * memcpy and memset for the kernel and libc alike (the kernel builds this
 * file too: no SSE, general registers only). REP MOVSQ / REP STOSQ move
 * eight bytes per iteration and the byte forms finish the tail (Intel SDM
 * vol. 2B, MOVS/STOS with REP); with DF clear, as the System V ABI
 * guarantees at every call, they run upwards. On CPUs with ERMS ("enhanced
 * REP MOVSB/STOSB", CPUID.(EAX=7,ECX=0):EBX[9], SDM vol. 1 §7.3.9.3) the
 * byte forms alone would be as fast; the quadword form is fast everywhere,
 * and emulators count its iterations an eighth as often.
 */
#include <machine/asm.h>

	.text
/* void *memcpy(void *dst, const void *src, size_t n) */
ENTRY(memcpy)
	mov	%rdi, %rax
	mov	%rdx, %rcx
	shr	$3, %rcx
	rep movsq
	mov	%edx, %ecx
	and	$7, %ecx
	rep movsb
	ret
END(memcpy)

/* void *memset(void *dst, int c, size_t n) */
ENTRY(memset)
	mov	%rdi, %r9
	mov	%rdx, %rcx
	movzbl	%sil, %eax
	movabs	$0x0101010101010101, %r8
	imul	%r8, %rax		/* the byte in every byte of rax */
	shr	$3, %rcx
	rep stosq
	mov	%edx, %ecx
	and	$7, %ecx
	rep stosb
	mov	%r9, %rax
	ret
END(memset)

	.section .note.GNU-stack, "", @progbits
	SHSTK_NOTE
