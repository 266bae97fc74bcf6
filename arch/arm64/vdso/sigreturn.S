/* SPDX-License-Identifier: MIT */
/*
 * The signal-return trampoline: a handler without SA_RESTORER returns here
 * (arch/arm64/signal.c puts its address in x30 and, with GCS on, on the
 * GCS), and this asks for rt_sigreturn. Reached by the handler's RET, never
 * by a branch, so it needs no BTI landing pad; the NOP before it keeps an
 * unwinder that looks at return address - 4 inside the symbol before, as
 * Linux's does.
 */
#include <uapi/asm-arm64/unistd.h>

	.text
	nop
	.globl __kernel_rt_sigreturn
	.type __kernel_rt_sigreturn, %function
__kernel_rt_sigreturn:
	mov	x8, #__NR_rt_sigreturn
	svc	#0
	.size __kernel_rt_sigreturn, . - __kernel_rt_sigreturn

/*
 * The GNU property note that says this object is BTI- and PAC-compatible
 * (GNU_PROPERTY_AARCH64_FEATURE_1_AND = 0xc0000000, BTI bit 0, PAC bit 1:
 * the AArch64 ELF ABI's "Program Property"), so the linked vDSO keeps the
 * marking the compiled C objects carry.
 */
	.section .note.gnu.property, "a"
	.p2align 3
	.word 4			/* name size: "GNU\0" */
	.word 16		/* descriptor size */
	.word 5			/* NT_GNU_PROPERTY_TYPE_0 */
	.asciz "GNU"
	.word 0xc0000000	/* GNU_PROPERTY_AARCH64_FEATURE_1_AND */
	.word 4
	.word 3			/* BTI | PAC */
	.word 0
	.section .note.GNU-stack, "", %progbits
