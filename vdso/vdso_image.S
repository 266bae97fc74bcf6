/* SPDX-License-Identifier: MIT */
/*
 * The vDSO image (vdso/build.mk links it) inside the kernel, page-aligned
 * and padded to whole pages: kernel/time/vdso.c copies it into the pages it
 * maps into every program.
 */
	.section .rodata
	.balign 4096
	.globl vdso_image_start
vdso_image_start:
	.incbin VDSO_SO
	.balign 4096
	.globl vdso_image_end
vdso_image_end:
	.section .note.GNU-stack, "", %progbits
