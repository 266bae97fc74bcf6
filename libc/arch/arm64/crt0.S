/* SPDX-License-Identifier: MIT */
/*
 * Process entry. The kernel starts _start with sp pointing at argc, then
 * argv[], NULL, envp[], NULL, auxv pairs, AT_NULL (the System V layout
 * Linux uses on arm64 too, fs/binfmt_elf.c create_elf_tables), sp 16-byte
 * aligned (AAPCS64 §6.4.5.1) and the other registers undefined. We hand
 * that pointer to C; __libc_start never returns.
 */
#include <machine/asm.h>

	.text
ENTRY(_start)
	mov	x29, #0			/* outermost frame record: fp = 0 */
	mov	x30, #0			/* and lr = 0, for backtraces */
	mov	x0, sp			/* __libc_start(initial stack) */
	and	x1, x0, #-16		/* keep the AAPCS64 alignment */
	mov	sp, x1
	bl	__libc_start
	udf	#0
END(_start)

	.section .note.GNU-stack, "", %progbits
	BTI_NOTE
