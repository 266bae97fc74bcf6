/* SPDX-License-Identifier: MIT */
/*
 * The application processors' first instructions, copied to
 * TRAMPOLINE_PHYS (asm/smp.h) before each start-up IPI. The AP starts
 * in real mode with CS = TRAMPOLINE_PHYS >> 4, IP = 0 (Intel SDM vol. 3A
 * §9.4.4.2, "Typical AP Initialization Sequence") and goes real -> 32-bit
 * protected -> 64-bit (vol. 3A §10.8.5: PAE, CR3, EFER.LME, then CR0.PG),
 * then jumps to x86_ap_entry at its link address, on the stack the boot CPU
 * put in ap_stack.
 *
 * The tables in ap_cr3 (smp.c) identity-map the low 2 MiB, so this page
 * keeps running when paging comes on, and share the kernel half of the
 * kernel's own tables; x86_ap_start() then loads the kernel's CR3. Data
 * is addressed as TRAMPOLINE_PHYS + (label - x86_trampoline_start): this
 * text is only ever executed at that copy. It lives in .rodata, never run
 * where it is linked.
 */
#include <asm/smp.h>
#include <asm/x86.h>

#define TRAMP(label) (TRAMPOLINE_PHYS + ((label) - x86_trampoline_start))

	.section .rodata, "a"
	.balign 16
	.globl x86_trampoline_start
x86_trampoline_start:
	.code16
	cli
	cld
	xorw %ax, %ax
	movw %ax, %ds
	lgdtl TRAMP(tramp_gdt_ptr)
	movl %cr0, %eax
	orl $CR0_PE, %eax
	movl %eax, %cr0
	ljmpl $TRAMP_CS32, $TRAMP(tramp_pm32)

	.code32
tramp_pm32:
	movw $TRAMP_DS32, %ax
	movw %ax, %ds
	movw %ax, %es
	movw %ax, %ss
	movl %cr4, %eax
	orl $CR4_PAE, %eax
	movl %eax, %cr4
	movl TRAMP(ap_cr3), %eax
	movl %eax, %cr3
	movl $MSR_EFER, %ecx
	rdmsr
	orl TRAMP(ap_efer), %eax	/* LME, and NXE when the kernel's PTEs use NX */
	wrmsr
	movl %cr0, %eax
	orl $(CR0_PG | CR0_WP), %eax
	movl %eax, %cr0
	ljmpl $TRAMP_CS64, $TRAMP(tramp_lm64)

	.code64
tramp_lm64:
	xorl %eax, %eax
	movw %ax, %ds
	movw %ax, %es
	movw %ax, %ss
	movq TRAMP(ap_stack), %rsp
	movq TRAMP(ap_cpu), %rdi	/* x86_ap_entry(cpu slot) */
	movq TRAMP(ap_entry), %rax
	xorl %ebp, %ebp			/* ends the backtrace */
	pushq $0			/* a return address of 0; keeps RSP 16-byte aligned at entry */
	jmp *%rax

	.balign 8
tramp_gdt:
	.quad 0
	.quad 0x00cf9a000000ffff	/* 32-bit ring-0 code, base 0, 4 GiB */
	.quad 0x00cf92000000ffff	/* 32-bit ring-0 data, base 0, 4 GiB */
	.quad 0x00209a0000000000	/* 64-bit ring-0 code: P, S, code, L */
tramp_gdt_end:
tramp_gdt_ptr:
	.short tramp_gdt_end - tramp_gdt - 1
	.long TRAMP(tramp_gdt)

	/* Written by smp.c for each AP before its start-up IPI. */
	.balign 8
	.globl x86_trampoline_ap_cr3, x86_trampoline_ap_efer, x86_trampoline_ap_stack
	.globl x86_trampoline_ap_cpu, x86_trampoline_ap_entry
x86_trampoline_ap_cr3:
ap_cr3:		.long 0
x86_trampoline_ap_efer:
ap_efer:	.long 0
x86_trampoline_ap_stack:
ap_stack:	.quad 0
x86_trampoline_ap_cpu:
ap_cpu:		.quad 0
x86_trampoline_ap_entry:
ap_entry:	.quad 0
	.globl x86_trampoline_end
x86_trampoline_end:
