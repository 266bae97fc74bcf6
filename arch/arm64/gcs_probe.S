/* SPDX-License-Identifier: MIT */
/*
 * The way into and out of gcs_probe.c's EL0 probe. u64
 * arm64_gcs_probe_enter(u64 *esr): saves the callee-saved registers and
 * SP, then ERETs to the ELR_EL1/SPSR_EL1 the caller set. The probe ends
 * with an exception (its SVC, or any fault) taken through
 * arm64_gcs_probe_vectors, which VBAR_EL1 names meanwhile: every entry
 * restores what was saved, stores ESR_EL1 in *esr and returns to the
 * caller with the probe's x0.
 */
	.text
	.globl arm64_gcs_probe_enter
arm64_gcs_probe_enter:
	adrp	x9, probe_saved
	add	x9, x9, :lo12:probe_saved
	stp	x19, x20, [x9, #0]
	stp	x21, x22, [x9, #16]
	stp	x23, x24, [x9, #32]
	stp	x25, x26, [x9, #48]
	stp	x27, x28, [x9, #64]
	stp	x29, x30, [x9, #80]
	mov	x10, sp
	stp	x10, x0, [x9, #96]
	eret

probe_return:
	adrp	x9, probe_saved
	add	x9, x9, :lo12:probe_saved
	ldp	x19, x20, [x9, #0]
	ldp	x21, x22, [x9, #16]
	ldp	x23, x24, [x9, #32]
	ldp	x25, x26, [x9, #48]
	ldp	x27, x28, [x9, #64]
	ldp	x29, x30, [x9, #80]
	ldp	x10, x11, [x9, #96]
	mov	sp, x10
	mrs	x12, esr_el1
	str	x12, [x11]
	ret

	/* 16 entries of 128 bytes, the table 2 KiB-aligned (Arm ARM D1.3.1, VBAR_EL1). */
	.balign 2048
	.globl arm64_gcs_probe_vectors
arm64_gcs_probe_vectors:
	.rept 16
	b	probe_return
	.balign 128
	.endr

	.bss
	.balign 16
probe_saved:
	.skip 112
