/* SPDX-License-Identifier: MIT */
/*
 * The way into and out of gcs_probe.c's EL0 probe, on entry.S's
 * cpu_switch: the probe's caller switches to a context whose LR is
 * arm64_gcs_probe_eret, which ERETs to the ELR_EL1/SPSR_EL1 it set. The
 * probe ends with an exception (its SVC, or any fault) taken through
 * arm64_gcs_probe_vectors, which VBAR_EL1 names meanwhile: every entry
 * keeps the probe's x0 in arm64_gcs_probe_x0 and switches back to
 * arm64_gcs_probe_kernel, the caller's saved context.
 */
	.text
	.globl arm64_gcs_probe_eret
arm64_gcs_probe_eret:
	eret

probe_exit:
	adrp	x9, arm64_gcs_probe_x0
	str	x0, [x9, :lo12:arm64_gcs_probe_x0]
	adrp	x0, arm64_gcs_probe_scratch
	add	x0, x0, :lo12:arm64_gcs_probe_scratch
	adrp	x1, arm64_gcs_probe_kernel
	add	x1, x1, :lo12:arm64_gcs_probe_kernel
	b	cpu_switch

	/* 16 entries of 128 bytes, the table 2 KiB-aligned (Arm ARM D1.3.1, VBAR_EL1). */
	.balign 2048
	.globl arm64_gcs_probe_vectors
arm64_gcs_probe_vectors:
	.rept 16
	b	probe_exit
	.balign 128
	.endr
