/* SPDX-License-Identifier: MIT */
/*
 * arch_copy_user(dst, src, n): copies between kernel and user memory and
 * returns the number of bytes NOT copied. The one instruction that touches
 * user memory is listed in the fix-up table (section .extable): when it
 * faults on memory that cannot be paged in, trap_dispatch resumes at the
 * fix-up, where RCX still counts the bytes left (REP MOVSB leaves it so).
 *
 * With SMAP on, the kernel may touch user pages only while RFLAGS.AC is set:
 * STAC/CLAC bracket the copy (SDM vol. 3A §4.6.1). STAC is #UD on CPUs
 * without SMAP, hence the test.
 */
	.text
	.globl arch_copy_user
arch_copy_user:
	movq %rdx, %rcx
	testb $1, x86_smap_enabled(%rip)
	jz 1f
	stac
1:
copy_insn:
	rep movsb
copy_done:
	testb $1, x86_smap_enabled(%rip)
	jz 2f
	clac
2:	movq %rcx, %rax
	ret

	.section .extable, "a"
	.balign 8
	.quad copy_insn, copy_done
