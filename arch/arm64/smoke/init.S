/* SPDX-License-Identifier: MIT */
/*
 * A stand-in /init for arm64 until libc and user/ build for it: proves the
 * path exec -> EL0 -> SVC -> exit works. It prints a one-case KTAP suite,
 * then execs /gcs (the GCS suite, arch/arm64/smoke/gcs.c), whose exit
 * status becomes the poweroff status; it exits 1 itself when it failed. Syscall numbers are
 * asm-generic's (write 64, getpid 172, exit_group 94); x8 = number, x0-x5
 * = arguments, SVC #0 (Linux's arm64 convention).
 */
	.text
	.globl _start
_start:
	mov	x8, #172		/* getpid: init is 1 */
	svc	#0
	cmp	x0, #1
	adr	x1, ok_msg
	mov	x2, #(ok_end - ok_msg)
	b.eq	1f
	adr	x1, bad_msg
	mov	x2, #(bad_end - bad_msg)
1:	mov	x19, x0
	mov	x0, #1
	mov	x8, #64			/* write(1, msg, len) */
	svc	#0
	cmp	x19, #1
	b.ne	2f
	/* Passed: become /gcs (arch/arm64/smoke/gcs.c), whose verdict is init's. */
	adr	x0, gcs_path
	adr	x1, gcs_argv
	add	x2, x1, #8		/* envp: the argv's NULL */
	mov	x8, #221		/* execve */
	svc	#0
2:	mov	x0, #1			/* getpid said not 1, or execve failed */
	mov	x8, #94			/* exit_group */
	svc	#0
	brk	#0

	.balign 8
gcs_argv:
	.quad	gcs_path, 0
gcs_path:
	.asciz	"/gcs"

ok_msg:
	.ascii	"# ktap-suite: arm64_smoke\nTAP version 13\n1..1\nok 1 getpid_is_1\n"
	.ascii	"# Totals: pass:1 fail:0 xfail:0 xpass:0 skip:0 error:0\n"
ok_end:
bad_msg:
	.ascii	"# ktap-suite: arm64_smoke\nTAP version 13\n1..1\nnot ok 1 getpid_is_1\n"
	.ascii	"# Totals: pass:0 fail:1 xfail:0 xpass:0 skip:0 error:0\n"
bad_end:
